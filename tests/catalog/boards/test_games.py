"""The four built-in search games: the position language, rules, and known values (data files)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import grundy
from grundy.catalog.boards.chomp import Chomp
from grundy.catalog.boards.connect4 import ConnectFour
from grundy.catalog.boards.domineering import DomineeringSearch
from grundy.catalog.boards.tictactoe import TicTacToe
from grundy.errors import InvalidSpecError, UnsupportedError
from grundy.search import retrograde
from grundy.search.partisan import PartisanSearch
from tests.checks import single, states_of

DATA = Path(__file__).parent / "data"


def _data(name: str) -> list[list[str]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("#") and any(line.startswith("# Source:") for line in lines)
    return [line.split() for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("tictactoe xx.......", "x = o or o + 1"),
        ("tictactoe xxxoo.o..", "ended earlier"),
        ("tictactoe x.o", "expected 3x3"),
        ("tictactoe x.z......", "character 'z'"),
        ("connect4:4x4 ..../..../x.../....", "floating"),
        ("connect4:4x4 11111", "column 1 is full"),
        ("connect4:4x4 9", "column 9"),
        ("connect4:4x4 12121212", "over before move 8"),
        ("connect4:0x4", "from 1 to 16"),
        ("connect4:four", "size like 4x4"),
        ("chomp:3x4 2 3", "must not increase"),
        ("chomp:3x4 0", "poisoned row"),
        ("domineering-search:2x2 ... L", "expected 2x2"),
    ],
)
def test_bad_positions_name_the_problem(spec: str, words: str) -> None:
    with pytest.raises(InvalidSpecError, match=re.escape(words)):
        grundy.parse(spec)


def test_tictactoe_known_values() -> None:
    facts = dict(_data("tictactoe.txt"))
    table = retrograde(TicTacToe(), 0, max_positions=10_000)
    assert table.value(0) == facts["value"]
    assert len(table) == int(facts["positions"])


def test_tictactoe_result_fields() -> None:
    r = grundy.solve("tictactoe xx.oo....")
    assert (r.value, r.remoteness, r.outcome) == ("win", 1, "N")
    assert [str(m) for m in r.winning_moves] == ["tictactoe xxxoo...."]
    over = grundy.solve("tictactoe xxxoo....")
    assert (over.value, over.remoteness, over.winning_moves) == ("loss", 0, ())
    end = single(over.position)
    assert end.game.terminal_value(end.state) == "loss"
    # A draw lists the drawing moves (the best moves), never a losing one, and no winning
    # move (issue 35 item 8: they were listed under winning_moves).
    d = grundy.solve("tictactoe x........")
    assert d.value == "draw" and d.best_moves and d.winning_moves == ()
    assert d.winning_moves_total == 0 and d.best_moves_total == len(d.best_moves)
    for m in d.best_moves:
        assert grundy.solve(m).value == "draw"


def test_misere_is_refused_for_search_games() -> None:
    with pytest.raises(UnsupportedError):
        grundy.solve("tictactoe .........", misere=True)


def test_connect4_small_boards() -> None:
    r = grundy.solve("connect4:4x4")
    assert (r.value, r.outcome) == ("draw", "D")
    assert "retrograde" in r.method
    lost = grundy.solve("connect4:4x4 x.../x.../x..o/x.oo")
    assert (lost.outcome, lost.value, lost.remoteness) == ("P", "loss", 0)


def test_connect4_threat_is_found() -> None:
    # x has three in column 1 and o must block (o to move): the only non-losing move is column 1.
    r = grundy.solve("connect4:4x4 ..../x.../x..o/x..o")
    assert r.value in ("draw", "loss")
    position = single(r.position)
    assert isinstance(position.game, ConnectFour)
    columns = [position.game.column_of(position.state, s) for s in states_of(r.best_moves)]
    assert columns == [1]


def test_connect4_7x6_uses_negamax() -> None:
    r = grundy.solve("connect4:7x6 5321447645646344663531637325")
    assert "negamax" in r.method
    assert (r.value, r.remoteness) == ("loss", 12)
    assert len(r.best_moves) == 1 and r.winning_moves == ()


def test_chomp_known_values() -> None:
    facts = dict(_data("chomp.txt"))
    rows, cols = map(int, facts["first-player-wins"].split("x"))
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            res = grundy.solve(f"chomp:{r}x{c}")
            assert res.first_player_wins == ((r, c) != (1, 1)), (r, c)
            if (r, c) != (1, 1):
                assert res.winning_moves  # the move itself, found by search
    n = int(facts["square-move"])
    for k in range(2, n + 1):
        g = Chomp(k, k)
        res = grundy.solve(grundy.Position(g, g.full()), max_moves=1000)
        assert g.pack([k] + [1] * (k - 1)) in states_of(res.winning_moves)
    width = int(facts["two-row-losing"])
    g = Chomp(2, width)
    table = retrograde(g, g.full(), max_positions=10_000)
    for s in table:
        a, b = g.lengths(s)
        assert (table.value(s) == "loss") == (a == b + 1), (a, b)


def test_domineering_known_values() -> None:
    for size, expected in _data("domineering.txt"):
        assert grundy.solve(f"domineering-search:{size}").outcome == expected, size
        assert grundy.solve(f"domineering-search:{size} R").outcome == expected, size


def test_domineering_transpose_swaps_left_and_right() -> None:
    swap = {"L": "R", "R": "L", "N": "N", "P": "P"}
    for r in range(1, 4):
        for c in range(1, 5):
            a = grundy.solve(f"domineering-search:{r}x{c}").outcome
            b = grundy.solve(f"domineering-search:{c}x{r}").outcome
            assert swap[a] == b, (r, c)


def test_domineering_moves_are_the_rulesets() -> None:
    """The bitboard placements of ``DomineeringSearch.moves`` (the fast path) are the
    options of the Domineering ruleset taken through ``join`` (the reference), in the same
    order, for both movers on every board of up to 12 cells (1x1 to 4x3 and 3x4)."""
    for rows in range(1, 5):
        for cols in range(1, 5):
            if rows * cols > 12:
                continue
            g = DomineeringSearch.of(rows, cols)
            for board in range(1 << (rows * cols)):
                for state in (board << 1, board << 1 | 1):
                    assert g.moves(state) == PartisanSearch.moves(g, state), (rows, cols, state)


def test_domineering_moves_alternate_players() -> None:
    g = DomineeringSearch.of(2, 3)
    assert list(g.moves(0))
    for after in g.moves(0):
        assert after & 1 == 1
        assert all(o & 1 == 0 for o in g.moves(after))
