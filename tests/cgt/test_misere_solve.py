"""grundy solve --misere: misère canonical form and genus in results; cgt literals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from grundy import solve
from grundy.errors import UnsupportedError


def test_kayles_5_has_canonical_form_and_genus() -> None:
    r = solve("kayles 5", misere=True)
    assert r.misere_canonical == "*[2[2]321]"
    assert r.genus == "4^146"
    assert any("Misère canonical form" in line for line in r.explanation)


def test_cgt_nimber_under_misere() -> None:
    r = solve('cgt "*2"', misere=True)
    assert (r.outcome, r.misere_canonical, r.genus) == ("N", "*[2]", "2")
    assert solve('cgt "*" + cgt "*"', misere=True).outcome == "N"  # * + * = {*} = 0
    assert solve('cgt "*[2#]"', misere=True).outcome == "P"
    assert solve('cgt "*[2#]"').outcome == "P"  # normal play: the nimber *0


def test_partisan_literal_is_refused_under_misere() -> None:
    with pytest.raises(UnsupportedError, match="partisan"):
        solve('cgt "{1|0}"', misere=True)


def test_every_listed_winning_move_leads_to_a_misere_p_position() -> None:
    r = solve('cgt "*[2[2]321]" + nim 2', misere=True)
    assert r.winning_moves
    for after in r.winning_moves:
        assert solve(after, misere=True).outcome == "P"


def test_cli_json_fields() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", "kayles", "5", "--misere", "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out)
    assert data["misere_canonical"] == "*[2[2]321]" and data["genus"] == "4^146"
    text = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", 'cgt "*2"', "--misere"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Misère canonical form: *[2]; genus 2" in text


@pytest.mark.parametrize("game", ["kayles", "dawson", "nim", "subtraction:1,2"])
def test_canonical_form_agrees_with_the_solver(game: str) -> None:
    for n in range(1, 10):
        r = solve(f"{game} {n}", misere=True)
        assert r.genus is not None
        assert not any("WARNING" in line for line in r.explanation)
        assert (r.genus.split("^")[-1][0] == "0") == (r.outcome == "P") or "^" not in r.genus


def test_big_positions_leave_the_form_out_with_a_reason() -> None:
    r = solve("nim 1000000", misere=True)
    assert r.misere_canonical is None and r.genus is None
    assert any("out of reach" in line for line in r.explanation)
