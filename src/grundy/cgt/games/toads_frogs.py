"""Toads and Frogs on a strip: Left's toads ``t`` move right, Right's frogs ``f`` left.

A toad moves one square right into an empty square, or jumps right over one
frog into the empty square just beyond; frogs move left symmetrically
(Winning Ways, ch. 1). Pieces that can never move again (a block ``ttff``, frogs
at the left end, toads at the right end, and whatever they block for good) are
dropped and the strip splits there.
Reversing the strip and swapping toads with frogs negates the value.

>>> from grundy.cgt import value_of
>>> g = ToadsAndFrogs()
>>> [str(value_of(g, s)) for s in ("t.f", "tt.ff", "t..f", "tt..f")]
['*', '*', '0', '1']
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.cgt.games._compiled import CompiledRegions, compiled_walk
from grundy.cgt.games._shapes import WHO
from grundy.cgt.games._strips import FacingStrip, mirror_key
from grundy.cgt.value import CLEAR_HOOKS
from grundy.core.game import LEFT, Player
from grundy.errors import InvalidSpecError
from grundy.kernels.grid import tf_options, tf_split

__all__ = ["ToadsAndFrogs"]

_SYNTAX = "toads-frogs STRIP  (STRIP: t toad, f frog, . empty; e.g. t..f.)"
Part = tuple[Hashable, Any, Any]
_split: dict[str, tuple[Part, ...]] = {}
CLEAR_HOOKS.append(_split.clear)
_SPLIT_CACHE_LIMIT = 400_000


def _live_blocks(strip: str) -> list[str]:
    """The strip cut at its dead pieces (pieces that can never move), which are dropped.

    A set D of pieces is dead when each of its toads is blocked for good by D or the
    end of the strip (the square ahead is the end or holds a piece of D that is a toad,
    or a frog with the end or a piece of D beyond it), and each of its frogs likewise
    leftwards: then no piece of D can ever move first, so none ever moves. Nor can any
    other piece cross one: a piece of D is never jumped, since the square a jumper
    would start from holds a piece of D. So the blocks between dead pieces are
    independent strips, each behaving as if its ends were the ends of the strip.

    The largest dead set is cut out: frogs at the left end and toads at the right end,
    and in each run of pieces (between empty squares) the stretch from the first
    ``t..tf..f`` junction with two toads or at the left end to the last one with two
    frogs or at the right end (each junction there is blocked by its neighbours), e.g.
    all of ``ttftff``. ``tests/cgt/test_rulesets.py`` checks this against the fixpoint
    definition and the values against a search with no splitting.

    >>> _live_blocks("ft.f.ttfftf.tt")
    ['t.f.', 'tf.']
    """
    s = strip.lstrip("f").rstrip("t")
    # a dead junction needs ``ttf`` and ``tff`` (or an end of the strip) around it
    if not (s[:2] == "tf" or s[-2:] == "tf" or ("ttf" in s and "tff" in s)):
        return [s]
    runs = s.split(".")
    last = len(runs) - 1
    for r, w in enumerate(runs):
        if r in (0, last) or ("ttf" in w and "tff" in w):
            runs[r] = _cut_run(w, r == 0, r == last)
    return ".".join(runs).split("|")


_LSELF = re.compile(r"t*ttf")


def _cut_run(w: str, at_left: bool, at_right: bool) -> str:
    """The run ``w`` of pieces with its dead stretch replaced by ``|``."""
    # the first junction held on its left: two toads, or the left end of the strip
    if at_left and w[:1] == "t" and "f" in w:
        lstart, lfrog = 0, w.find("f")
    else:
        m = _LSELF.search(w)
        if m is None:
            return w
        lstart, lfrog = m.start(), m.end() - 1
    # the last junction held on its right: two frogs, or the right end of the strip
    if at_right and w[-1:] == "f" and "t" in w:
        rend, rfrog = len(w), len(w.rstrip("f"))
    else:
        j = w.rfind("tff")
        if j < 0:
            return w
        rfrog = j + 1
        rend = len(w) - len(w[rfrog:].lstrip("f"))
    if lfrog > rfrog:
        return w
    return w[:lstart] + "|" + w[rend:]


@dataclass(frozen=True)
class ToadsAndFrogs(FacingStrip):
    """Toads and Frogs; a state is the strip as text."""

    name = "toads-frogs"
    aliases = ("toads-and-frogs", "toadsfrogs")
    syntax = _SYNTAX
    rule = (
        "Left's toads t move one square right into an empty square or jump over one frog "
        "into the empty square beyond; Right's frogs f do the same leftwards"
    )
    example = "toads-frogs tt..ff"
    memo_family = "toads-frogs"

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        if len(args) != 1:
            raise InvalidSpecError("toads-frogs takes one strip", _SYNTAX)
        if not args[0]:
            raise InvalidSpecError("the strip is empty", _SYNTAX)
        return super().parse_args(args)

    def format_state(self, state: Any) -> str:
        return str(state)

    def placements(self, state: str, player: Player) -> Iterator[tuple[str, tuple[int, ...]]]:
        """Each piece that moves: the strip after it, where the piece was and lands."""
        me, step = ("t", 1) if player == LEFT else ("f", -1)
        moves = self.left_moves(state) if player == LEFT else self.right_moves(state)
        starts = (i for i, ch in enumerate(state) if ch == me)
        for after in moves:  # in the order of the pieces, each with one move at most
            i = next(i for i in starts if after[i] != me)
            yield after, (i, i + step if after[i + step] == me else i + 2 * step)

    def move_words(self, state: str, after: str, cells: tuple[int, ...], player: Player) -> str:
        """Which piece moves where, squares numbered from 1 on the left.

        >>> g = ToadsAndFrogs()
        >>> g.describe_move("tf.", ".ft", "L"), g.describe_move("t.f", "tf.", "R")
        ('Left: the toad on 1 jumps the frog on 2 to 3', 'Right: the frog on 3 steps to 2')
        """
        i, j = cells
        piece, other = ("toad", "frog") if player == LEFT else ("frog", "toad")
        words = f"{WHO[player]}: the {piece} on {i + 1} "
        if abs(j - i) == 2:
            return words + f"jumps the {other} on {(i + j) // 2 + 1} to {j + 1}"
        return words + f"steps to {j + 1}"

    def left_moves(self, state: str) -> Iterator[str]:
        n = len(state)
        for i, ch in enumerate(state):
            if ch != "t":
                continue
            if i + 1 < n and state[i + 1] == ".":
                yield state[:i] + ".t" + state[i + 2 :]
            elif i + 2 < n and state[i + 1] == "f" and state[i + 2] == ".":
                yield state[:i] + ".ft" + state[i + 3 :]

    def right_moves(self, state: str) -> Iterator[str]:
        for i, ch in enumerate(state):
            if ch != "f":
                continue
            if i >= 1 and state[i - 1] == ".":
                yield state[: i - 1] + "f." + state[i + 1 :]
            elif i >= 2 and state[i - 1] == "t" and state[i - 2] == ".":
                yield state[: i - 2] + "ft." + state[i + 1 :]

    def regions(self, state: str) -> Iterator[str]:
        """The parts of the strip between dead pieces (see :func:`_live_blocks`)."""
        for part in _live_blocks(state):
            if "t" in part or "f" in part:
                yield part

    def keyed_regions(self, state: str) -> tuple[Part, ...]:
        """``(key, negated, region)`` for each region, or ``(None, n, None)`` for an integer ``n``.

        The fast path of :func:`grundy.cgt.value_of` (the same answers as
        :meth:`regions`, :meth:`number_value` and :meth:`signed_region_key`), remembered.
        """
        fast = tf_split.compiled  # the compiled core (grid.c), the same answers
        if fast is not None and len(state) <= 62:
            parts: tuple[Part, ...] = fast(state)
            return parts
        found = _split.get(state)
        if found is None:
            out: list[Part] = []
            for part in _live_blocks(state):
                first_t = part.find("t")
                if first_t < 0 or part.rfind("f") < first_t:  # no frog ahead of a toad
                    if first_t >= 0 or "f" in part:
                        out.append((None, _walks(part), None))
                    continue
                out.append((*mirror_key(part), part))
            found = tuple(out)
            if len(_split) > _SPLIT_CACHE_LIMIT:
                _split.clear()
            _split[state] = found
        return found

    def option_parts(self, region: str) -> tuple[list[tuple[Part, ...]], list[tuple[Part, ...]]]:
        """The parts (as :meth:`keyed_regions` gives them) of each Left and each Right option."""
        fast = tf_options.compiled  # the compiled core (grid.c), the same answers
        if fast is not None and len(region) <= 62:
            found_l, found_r = fast(region)
            return found_l, found_r
        get = _split.get
        split = self.keyed_regions
        lefts = []
        i = region.find("t")
        while i >= 0:
            ahead = region[i + 1 : i + 3]
            if ahead[:1] == ".":
                option = region[:i] + ".t" + region[i + 2 :]
            elif ahead == "f.":
                option = region[:i] + ".ft" + region[i + 3 :]
            else:
                i = region.find("t", i + 1)
                continue
            found = get(option)
            lefts.append(split(option) if found is None else found)
            i = region.find("t", i + 1)
        rights = []
        i = region.find("f")
        while i >= 0:
            if i >= 1 and region[i - 1] == ".":
                option = region[: i - 1] + "f." + region[i + 1 :]
            elif i >= 2 and region[i - 2 : i] == ".t":
                option = region[: i - 2] + "ft." + region[i + 1 :]
            else:
                i = region.find("f", i + 1)
                continue
            found = get(option)
            rights.append(split(option) if found is None else found)
            i = region.find("f", i + 1)
        return lefts, rights

    @property
    def compiled_regions(self) -> CompiledRegions | None:
        """The walk in C, when the compiled core and its table of canonical games run (then
        :func:`grundy.cgt.value_of` hands it each missing region), else None."""
        return compiled_walk("tf", 1, _fits_tf, _stores_tf)

    def number_value(self, region: str) -> int | None:
        """The value when no toad has a frog ahead of it (they can never meet), else None.

        Then each toad walks over every empty square to its right and each frog
        over every empty square to its left: the value is the difference of
        the counts of those (piece, empty square) pairs.
        """
        last_f = region.rfind("f")
        if last_f > region.find("t") >= 0:
            return None
        return _walks(region)


def _walks(region: str) -> int:
    """The value of a strip where no toad has a frog ahead: each toad walks over every
    empty square to its right, each frog over every empty square to its left."""
    total = empties = 0
    for ch in reversed(region):  # toads: empty squares to their right
        if ch == ".":
            empties += 1
        elif ch == "t":
            total += empties
    empties = 0
    for ch in region:  # frogs: empty squares to their left
        if ch == ".":
            empties += 1
        elif ch == "f":
            total -= empties
    return total


def _fits_tf(key: Any) -> bool:
    """A strip short enough for the C bitboards."""
    return len(key) <= 62


def _stores_tf(key: Any) -> bool:
    """A key the C memo can hold (read back from a checkpoint)."""
    return isinstance(key, str) and len(key) <= 62
