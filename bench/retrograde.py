"""Retrograde analysis of Connect Four on small boards: positions solved per second.

The bar is GamesmanPy's published figure for a Python retrograde solver:
645,120 positions in 19.2 s, about 33,600 positions per second. In the same
run we also time a plain baseline (memoised depth-first minimax over the same
bitboard moves, explicit stack), so the ratio is meaningful on a noisy machine.
Optionally (``--negamax N``) time the 7x6 negamax solver from random positions
with N stones.

Usage: python bench/retrograde.py [--boards 4x4,5x4] [--negamax 24] [--seed 1]
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any

from grundy.catalog.boards.connect4 import ConnectFour
from grundy.search import negamax, retrograde
from grundy.search.protocol import DRAW, LOSS, MATE, WIN, backup

GAMESMANPY_RATE = 645_120 / 19.2
_TERMINAL = {WIN: MATE, LOSS: -MATE, DRAW: 0}


def plain_minimax(game: Any, root: int) -> dict[int, int]:
    """Baseline: memoised minimax, post-order with an explicit stack."""
    scores: dict[int, int] = {}
    stack: list[tuple[int, bool]] = [(root, False)]
    while stack:
        s, expanded = stack.pop()
        if s in scores:
            continue
        tv = game.terminal_value(s)
        if tv is not None:
            scores[s] = _TERMINAL[tv]
            continue
        options = game.moves(s)
        if expanded:
            scores[s] = max((backup(scores[o]) for o in options), default=-MATE)
            continue
        stack.append((s, True))
        stack.extend((o, False) for o in options if o not in scores)
    return scores


def bench_board(cols: int, rows: int, baseline: bool) -> None:
    game = ConnectFour(cols, rows)
    gc.collect()
    table = retrograde(game, 0, max_positions=50_000_000)
    rate = table.positions_per_second
    print(
        f"connect4:{cols}x{rows}: {len(table):,} positions, {table.edges:,} moves, "
        f"{table.seconds:.2f} s ({table.algorithm}) = {rate:,.0f} positions/s; "
        f"value {table.value(0)}; x{rate / GAMESMANPY_RATE:.1f} the GamesmanPy bar "
        f"({GAMESMANPY_RATE:,.0f}/s)"
    )
    if baseline:
        gc.collect()
        start = time.perf_counter()
        ref = plain_minimax(game, 0)
        seconds = time.perf_counter() - start
        assert ref == table.scores, "baseline disagrees"
        print(
            f"  plain memoised minimax, same run: {seconds:.2f} s = "
            f"{len(ref) / seconds:,.0f} positions/s; retrograde is x{seconds / table.seconds:.2f}"
        )
    del table


def bench_negamax(stones: int, seed: int, count: int) -> None:
    game = ConnectFour(7, 6)
    rng = random.Random(seed)
    done = 0
    while done < count:
        state, seq = 0, []
        for _ in range(stones):
            options = game.moves(state)
            if not options:
                break
            after = rng.choice(options)
            seq.append(str(game.column_of(state, after)))
            state = after
        if len(seq) < stones or game.terminal_value(state) is not None:
            continue
        start = time.perf_counter()
        answer = negamax(game, state, max_positions=50_000_000)
        seconds = time.perf_counter() - start
        print(
            f"connect4:7x6 {''.join(seq)}: {answer.value} (remoteness {answer.remoteness}), "
            f"best column {game.column_of(state, answer.best)}, {answer.nodes:,} nodes, "
            f"{seconds:.2f} s"
        )
        done += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", default="4x4,5x4", help="CxR list (default 4x4,5x4)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the plain minimax run")
    parser.add_argument("--negamax", type=int, default=0, metavar="N", help="7x6 from N stones")
    parser.add_argument("--count", type=int, default=3, help="negamax positions (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for board in args.boards.split(","):
        cols, rows = (int(x) for x in board.lower().split("x"))
        bench_board(cols, rows, baseline=not args.no_baseline)
    if args.negamax:
        bench_negamax(args.negamax, args.seed, args.count)


if __name__ == "__main__":
    main()
