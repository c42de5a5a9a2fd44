"""The position language and the registry of games.

>>> from grundy.lang import tokenize
>>> tokenize("nim 3 + kayles 4")
['nim', '3', '+', 'kayles', '4']
"""

from grundy.lang.entry import GameEntry
from grundy.lang.registry import REGISTRY, Registry
from grundy.lang.spec import SPEC_SYNTAX, parse, parse_ruleset, parse_tokens, tokenize

__all__ = [
    "REGISTRY",
    "SPEC_SYNTAX",
    "GameEntry",
    "Registry",
    "parse",
    "parse_ruleset",
    "parse_tokens",
    "tokenize",
]
