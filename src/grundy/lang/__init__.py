"""The position language and the registry of games, and the file layer the front ends
use for every file they are named (``@FILE``, ``--out``, ``--svg``:
:mod:`grundy.core.files`: regular files only, bounded reads, atomic writes), and
:func:`~grundy.core.result.shorten`, a spec cut to fit a line as results print it.

>>> from grundy.lang import tokenize
>>> tokenize("nim 3 + kayles 4")
['nim', '3', '+', 'kayles', '4']
"""

from grundy.core.files import atomic_write, check_target, read_bytes
from grundy.core.result import shorten
from grundy.lang.entry import GameEntry
from grundy.lang.registry import REGISTRY, Registry
from grundy.lang.spec import SPEC_SYNTAX, parse, parse_ruleset, parse_tokens, tokenize

__all__ = [
    "REGISTRY",
    "SPEC_SYNTAX",
    "GameEntry",
    "Registry",
    "atomic_write",
    "check_target",
    "parse",
    "parse_ruleset",
    "parse_tokens",
    "read_bytes",
    "shorten",
    "tokenize",
]
