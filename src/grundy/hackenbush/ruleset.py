"""Green Hackenbush (and its weighted variant) as a ruleset of the position language.

A position is a picture: a multigraph whose vertex 0 is the ground. A move
deletes one edge, and every edge no longer connected to the ground disappears;
in ``hackenbush:weighted`` a move lowers one edge's weight by one, and an edge
whose weight reaches 0 is deleted with everything it disconnects.

>>> from grundy import solve
>>> r = solve('hackenbush "0-1 1-2 1-3 2-3"')
>>> r.grundy, r.move_descriptions
(2, ('cut 0-1 (and the 3 edges above it)',))
>>> solve('hackenbush:weighted "0-1:2 1-2"').grundy
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from grundy.core.board import Graph, layered_graph
from grundy.core.cache import register
from grundy.core.game import ImpartialGame, Move, Play, Player
from grundy.errors import InvalidSpecError
from grundy.hackenbush.after import (
    PictureAfterCut,
    apply_cut,
    far_side,
    known_head,
    known_text,
    origin_of,
    plain,
)
from grundy.hackenbush.graph import (
    SYNTAX,
    Edge,
    Picture,
    connected_to_ground,
    format_edges,
    make_picture,
    parse_edges,
    picture_moves,
)
from grundy.hackenbush.stalks import stalk
from grundy.hackenbush.svg import picture_svg
from grundy.hackenbush.values import Analysis, Cut, analyse, winning_cuts

__all__ = [
    "Hackenbush",
    "PictureAfterCut",
    "apply_cut",
    "describe_cut",
    "picture_of",
    "stalk_text",
]

#: Parts and branches named one by one in an explanation before the rest are summed up.
_SHOWN = 6


@lru_cache(maxsize=2)
def _analysis(picture: Picture, weighted: bool) -> Analysis:
    return analyse(picture, weighted)


def describe_cut(analysis: Analysis, move: Cut) -> str:
    """Words for a winning move: ``cut 1-2`` or ``lower 0-1:3 to weight 2``."""
    u, v, w = analysis.picture[move.index]
    if move.lower:
        return f"lower {u}-{v}:{w} to weight {w - 1}"
    f = analysis.forest
    extra = ""
    if f.bridge[move.index]:
        lo, hi = far_side(analysis, move.index)
        extra = _above(analysis.edges_in_range(lo, hi) - 1)  # less the bridge itself
    label = f"{u}-{v}:{w}" if analysis.weighted and w != 1 else f"{u}-{v}"
    return f"cut {label}{extra}"


def _above(n: int) -> str:
    if n == 0:
        return ""
    return " (and the edge above it)" if n == 1 else f" (and the {n:,} edges above it)"


@dataclass(frozen=True)
class Hackenbush(ImpartialGame[Picture]):
    """Green Hackenbush on a picture with ground vertex 0; ``weighted`` edges lower by one.

    States are canonical pictures (see :mod:`grundy.hackenbush.graph`), so the
    generic search over :meth:`moves` is an exact reference; the value comes
    from the fusion and colon principles in linear time.

    >>> game = Hackenbush()
    >>> game.grundy_formula(((0, 1, 1), (1, 1, 1)))
    2
    """

    weighted: bool = False
    name = "hackenbush"
    rule = (
        "delete one edge; edges no longer connected to the ground (vertex 0) disappear "
        "(hackenbush:weighted: lower one edge's weight by one)"
    )
    example = 'hackenbush "0-1 1-2 1-3 2-3 0-4"'
    aliases = ("green-hackenbush",)

    @classmethod
    def from_params(cls, params: str | None) -> Hackenbush:
        return _factory(params)

    syntax = SYNTAX

    def params_text(self) -> str | None:
        return "weighted" if self.weighted else None

    def parse_args(self, args: Sequence[str]) -> list[Any]:
        return [parse_edges(args, self.weighted)]

    def format_state(self, state: Any) -> str:
        if isinstance(state, PictureAfterCut):
            return state.text()  # spliced from the original picture's text
        known = known_text(state) if len(state) > 1000 else None
        return known if known is not None else format_edges(state, self.weighted)

    def format_state_head(self, state: Any, most: int) -> tuple[str, int] | None:
        """About the first ``most`` characters of :meth:`format_state` and its length,
        when they can be had without writing the whole text (a big picture whose moves
        are being listed, or one of those moves); None otherwise."""
        if isinstance(state, PictureAfterCut):
            return state.text_head(most)
        return known_head(state, self.weighted, most) if len(state) > 1000 else None

    def moves(self, state: Picture) -> list[Picture]:
        return picture_moves(plain(state))

    def plays(self, state: Any, player: Player | None = None) -> Iterator[Play]:
        """Each move as a :class:`~grundy.core.game.Play` naming the edge cut (or lowered):
        its index in the picture, the edges of :meth:`board` in the same order.

        >>> g = Hackenbush()
        >>> (s,) = g.parse_args(["0-1 1-2 0-1"])
        >>> [p.cells for p in g.plays(s)]
        [(0,), (2,)]
        """
        picture = plain(state)
        first: dict[Any, int] = {}
        for i, e in enumerate(picture):
            first.setdefault(e, i)
        for e, after in zip(first, picture_moves(picture), strict=True):
            yield Play((after,), player, (first[e],), self.describe_move(state, (after,)))

    def grundy_formula(self, state: Picture) -> int:
        return _analysis(plain(state), self.weighted).value

    def formula_name(self) -> str:
        if self.weighted:
            return (
                "weighted Hackenbush: fusion principle (a part's edges become loops, weight w "
                "worth w mod 2) and colon principle (a branch worth g on an edge of weight w "
                "is worth g+1 if w=1, g if w even, g XOR 1 if w odd >= 3)"
            )
        return (
            "Green Hackenbush: fusion principle (2-edge-connected parts fuse into loops) and "
            "colon principle (a branch worth g on an edge is worth g+1), Winning Ways ch. 7"
        )

    def _options(self, state: Picture, value: int) -> Iterator[tuple[Picture, ...]]:
        """Each winning cut as a :class:`Move` whose picture is built only when asked
        (listing a move of a million-edge picture costs its words, not a new picture)."""
        analysis = _analysis(plain(state), self.weighted)
        origin = origin_of(analysis)
        for move in winning_cuts(analysis, value):
            after: Any = PictureAfterCut(origin, move)
            yield Move((after,), describe_cut(analysis, move))

    def options_with_value(self, state: Picture, value: int) -> Iterator[tuple[Picture, ...]]:
        return self._options(state, value)

    def count_options_with_value(self, state: Picture, value: int) -> int | None:
        state = plain(state)
        analysis = _analysis(state, self.weighted)
        if len(state) > 100_000 and analysis.bridges() < len(state):
            return None  # counting costs seconds on pictures with big cycles
        return sum(1 for _ in winning_cuts(analysis, value))

    def describe_move(self, state: Picture, option: tuple[Picture, ...]) -> str:
        if isinstance(option, Move):
            return option.words
        after = plain(option[0]) if option else ()
        return _describe_by_difference(plain(state), after, self.weighted)

    def explain(self, states: Sequence[Picture], values: Sequence[int]) -> list[str]:
        lines: list[str] = []
        for state, value in zip(states, values, strict=True):
            analysis = _analysis(plain(state), self.weighted)
            lines.extend(_explain_one(analysis, value, len(states) > 1))
        return lines

    def board(self, state: Picture) -> Graph:
        """The picture, every edge green (weights as labels)."""
        return layered_graph(
            [
                (u, v, "green", str(w) if self.weighted and w != 1 else "")
                for u, v, w in plain(state)
            ]
        )

    def svg(self, state: Picture, highlight: Sequence[int] = ()) -> str:
        """The picture as SVG text (``highlight``: edge indices drawn as winning cuts)."""
        return picture_svg(plain(state), weighted=self.weighted, highlight=highlight)


def _describe_by_difference(state: Picture, after: Picture, weighted: bool) -> str:
    removed = Counter(state) - Counter(after)
    added = Counter(after) - Counter(state)
    if added:
        (u, v, w), *_ = added
        return f"lower {u}-{v}:{w + 1} to weight {w}"
    left = {0} | {x for e in after for x in e[:2]}
    for u, v, w in removed:
        if u in left or v in left:
            label = f"{u}-{v}:{w}" if weighted and w != 1 else f"{u}-{v}"
            n = sum(removed.values()) - 1
            extra = _above(n)
            return f"cut {label}{extra}"
    return "cut the last edge"


def _explain_one(analysis: Analysis, value: int, several: bool) -> list[str]:
    lines: list[str] = []
    picture = analysis.picture
    if not picture:
        return ["The empty picture has no move: value 0."]
    head = ""
    if several:
        text = format_edges(picture[:9], analysis.weighted)
        head = f"Picture {text}: " if len(picture) <= 8 else f"Picture of {len(picture):,} edges: "
    parts = analysis.fused_parts()
    nb = analysis.bridges()
    if parts:
        what = (
            "one 2-edge-connected part fuses into a single vertex whose edges become"
            if len(parts) == 1
            else f"{len(parts):,} 2-edge-connected parts fuse into single vertices whose "
            "edges become"
        )
        weights = "; an edge of weight w counts as w loops" if analysis.weighted else ""
        lines.append(f"{head}Fusion principle: {what} loops (a loop is worth 1){weights}.")
        for p in parts[:_SHOWN]:
            shown = ", ".join(str(x) for x in p.vertices[:8])
            more = ", ..." if len(p.vertices) > 8 else ""
            s = "s" if p.edges != 1 else ""
            lines.append(
                f"  vertices {{{shown}{more}}}: {p.edges} edge{s} -> {p.edges} loop{s}, "
                f"worth {p.edges % 2}"
            )
        if len(parts) > _SHOWN:
            lines.append(f"  ... and {len(parts) - _SHOWN:,} more parts")
    else:
        lines.append(f"{head}the picture is a tree of {nb:,} edges (no cycle to fuse).")
    rule = (
        "a branch worth g on an edge of weight w is worth g+1 (w=1), g (w even) or g XOR 1 "
        "(w odd >= 3)"
        if analysis.weighted
        else "a branch worth g standing on an edge is worth g+1"
    )
    lines.append(f"Colon principle: {rule}; branches at one vertex add by XOR.")
    branches = analysis.ground_branches(_SHOWN)
    total = analysis.ground_branch_count()
    f = analysis.forest
    terms = [f"{stalk_text(analysis, i, w, g)}" for i, w, g in branches]
    if total > _SHOWN:
        terms.append(f"... ({total - _SHOWN:,} more branches)")
    if f.parity[0]:
        loops = analysis.part_weight(0)
        terms.insert(0, f"1 ({loops} loops at the ground)")
    if terms:
        lines.append("At the ground: " + " XOR ".join(terms) + f" = {value}.")
    return lines


def stalk_text(analysis: Analysis, i: int, w: int, g: int) -> str:
    """``stalk(w, g)`` with its edge, for explanations."""
    u, v, _ = analysis.picture[i]
    weight = f":{w}" if analysis.weighted and w != 1 else ""
    return f"{stalk(w, g)} (edge {u}-{v}{weight} under a branch worth {g})"


def _factory(params: str | None) -> Hackenbush:
    if params is None:
        return Hackenbush()
    if params.lower() == "weighted":
        return Hackenbush(weighted=True)
    raise InvalidSpecError(f"unknown hackenbush variant {params!r}", SYNTAX)


def picture_of(edges: Sequence[Edge]) -> Picture:
    """A canonical picture from edges, keeping only what is connected to the ground."""
    return connected_to_ground(make_picture(edges))


register(_analysis)
