"""Named heap games and ``octal:CODE``: closed forms (tables and periods) against the generic
search, known sequences from OEIS, and huge heaps."""

from __future__ import annotations

import pytest

from grundy import parse, solve
from grundy.core.search import SearchMemo, grundy_by_search
from grundy.errors import InvalidSpecError, UnsupportedError
from grundy.heap.games import DAWSON, DAWSONS_CHESS, GRUNDYS_GAME, KAYLES, TakeAndBreak
from grundy.heap.table import TableBuilder, build_table
from grundy.heap.tools import heap_periodicity

from .data_files import lines, sequence

NAMED = [KAYLES, DAWSON, DAWSONS_CHESS, GRUNDYS_GAME]
CODES = ["0.77", "0.07", "0.137", "4.7", "0.6", "0.16", "0.8", "4.[3]", "0.[3]", "0.[7]"]


@pytest.mark.parametrize("game", NAMED + [TakeAndBreak.from_code(c) for c in CODES], ids=str)
def test_formula_equals_search_for_heaps_up_to_40(game: TakeAndBreak) -> None:
    memo = SearchMemo()
    for n in range(41):
        assert game.grundy_formula(n) == grundy_by_search(game, n, memo, max_positions=10**6)[0]


@pytest.mark.parametrize("spec", ["kayles 4 7", "dawson 3", "octal:0.07 15", "grundys-game 9 10"])
def test_spec_round_trip(spec: str) -> None:
    assert parse(str(parse(spec))) == parse(spec)


def test_aliases_share_equality_with_their_code() -> None:
    assert parse("kayles 5") == parse("octal:0.77 5")
    assert str(parse("octal:0.770 5")) == "octal:0.77 5"


def test_bad_code_in_a_spec() -> None:
    with pytest.raises(InvalidSpecError, match="hex digit"):
        parse("octal:0.7z 5")
    with pytest.raises(InvalidSpecError):
        parse("kayles:3 5")


def test_kayles_matches_oeis_a002186() -> None:
    known = sequence("a002186_kayles.txt")
    assert build_table(KAYLES, len(known) - 1).tolist() == known


def test_dawsons_chess_and_kayles_match_oeis_a002187() -> None:
    # A002187 is Dawson's chess (0.137), offset 0; Dawson's Kayles (0.07) has values a(n-1).
    known = sequence("a002187_dawsons_chess.txt")
    assert build_table(DAWSONS_CHESS, len(known) - 1).tolist() == known
    assert build_table(DAWSON, len(known)).tolist()[1:] == known


def test_dawson_is_dawsons_chess_shifted_far_out() -> None:
    chess = build_table(DAWSONS_CHESS, 3000, period_fill=False)
    kayles = build_table(DAWSON, 3001, period_fill=False)
    assert kayles[1:].tolist() == chess.tolist()


def test_grundys_game_matches_oeis_a002188() -> None:
    known = sequence("a002188_grundys_game.txt")
    assert build_table(GRUNDYS_GAME, len(known) - 1).tolist() == known


def test_grundys_game_rare_values_match_flammenkamp() -> None:
    known = {int(a): int(b) for a, b in (ln.split() for ln in lines("grundys_game_sparse.txt"))}
    last = max(known)
    values = build_table(GRUNDYS_GAME, last).tolist()
    sparse = {n: v for n, v in enumerate(values) if bin(v >> 1).count("1") % 2 == 0}
    assert sparse == known
    # The mask chosen from the Walsh-Hadamard transform is at least as good as ...11110.
    builder = TableBuilder(GRUNDYS_GAME, method="rare", compiled=False)
    table = builder.extend(4000).tolist()
    flammenkamp = sum(1 for v in table[1:] if bin(v >> 1).count("1") % 2 == 0)
    assert 0 < builder.nrare <= flammenkamp


def test_lasker_nim_as_octal_4_3_repeated() -> None:
    # Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (n >= 1).
    lasker = TakeAndBreak.from_code("4.[3]")

    def formula(n: int) -> int:
        return n + {0: -1, 1: 0, 2: 0, 3: 1}[n % 4] if n else 0

    assert build_table(lasker, 400).tolist() == [formula(n) for n in range(401)]
    per = heap_periodicity(lasker, 400)
    assert (per.preperiod, per.period, per.saltus, per.proved) == (1, 4, 4, False)


def test_nim_as_octal_0_3_repeated() -> None:
    assert build_table(TakeAndBreak.from_code("0.[3]"), 200).tolist() == list(range(201))


def test_huge_kayles_heap_uses_the_proved_period() -> None:
    r = solve("kayles 1000000", max_moves=5)
    direct = build_table(KAYLES, 1_000_000, period_fill=False)
    assert r.grundy == int(direct[1_000_000])
    assert "proved period 12 from heap 71" in r.method
    for after in r.winning_moves:
        x = 0
        for c in after.components:
            x ^= int(direct[c.state])
        assert x == 0


def test_heap_with_a_thousand_digits() -> None:
    n = 10**1000 + 7
    r = solve(f"dawson {n}", max_moves=3)
    per = heap_periodicity(DAWSON)
    assert r.grundy == per.value(build_table(DAWSON, 200), n)
    assert len(r.winning_moves) == (3 if r.grundy else 0)


def test_no_period_and_beyond_the_table_is_an_error() -> None:
    with pytest.raises(UnsupportedError, match="no periodicity theorem applies") as info:
        solve(f"grundys-game {10**30}")
    assert "beyond the table limit of 4,194,304 heaps" in str(info.value)


def test_describe_moves() -> None:
    assert KAYLES.describe_move(7, (2, 3)) == (
        "take 2 from the heap of 7 and split the rest into heaps of 2 and 3"
    )
    assert GRUNDYS_GAME.describe_move(7, (2, 5)) == "split the heap of 7 into heaps of 2 and 5"
    assert KAYLES.describe_move(2, ()) == "take the whole heap of 2"
    assert KAYLES.describe_move(5, (4,)) == "take 1 from the heap of 5"


def test_misere_kayles_by_search() -> None:
    r = solve("kayles 4 1", misere=True)
    assert r.outcome in {"N", "P"}
    assert r.play == "misere"


@pytest.mark.parametrize("spec", ["kayles 100", "dawson 500", "grundys-game 300", "octal:4.7 60"])
def test_counted_winning_moves_equal_enumeration(spec: str) -> None:
    r = solve(spec, max_moves=10**6)
    game = r.position.components[0].game
    state = r.position.components[0].state
    assert isinstance(game, TakeAndBreak)
    for value in range(6):
        listed = sum(1 for _ in game.options_with_value(state, value))
        assert game.count_options_with_value(state, value) == listed
    assert r.winning_moves_total == len(r.winning_moves)


def test_huge_heap_reports_the_total() -> None:
    r = solve("kayles 1000000", max_moves=3)
    assert r.winning_moves_truncated and r.winning_moves_total == 83338


@pytest.mark.parametrize("spec", ["kayles 100", "grundys-game 300", "octal:4.7 60", "octal:0.8 30"])
def test_options_with_value_equal_brute_force(spec: str) -> None:
    pos = parse(spec)
    game, state = pos.components[0].game, pos.components[0].state
    assert isinstance(game, TakeAndBreak)
    memo = SearchMemo()

    def value(option: tuple[int, ...]) -> int:
        x = 0
        for h in option:
            x ^= grundy_by_search(game, h, memo, max_positions=10**6)[0]
        return x

    for target in range(5):
        listed = list(game.options_with_value(state, target))
        assert len(listed) == len(set(listed))
        assert set(listed) == {o for o in game.split_moves(state) if value(o) == target}
