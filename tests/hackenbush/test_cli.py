"""The command line, run as a user would."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.cli.helpers import run


def test_solve_names_cuts_and_explains() -> None:
    r = run("solve", "hackenbush", "0-1 1-2 1-3 2-3 0-4")
    assert r.status == 0, r.err
    assert "Grundy value: 3" in r.out
    assert "cut 2-3" in r.out
    assert "Fusion principle" in r.out and "Colon principle" in r.out


def test_solve_json_weighted() -> None:
    r = run("solve", 'hackenbush:weighted "0-1:2 1-2"', "--json")
    assert r.status == 0, r.err
    out = json.loads(r.out)
    assert out["grundy"] == 1
    assert out["winning_moves"]


def test_draw_writes_svg(tmp_path: Path) -> None:
    f = tmp_path / "p.svg"
    r = run("draw", 'hackenbush "0-1 1-2 2-0"', "--svg", str(f))
    assert r.status == 0, r.err
    assert "winning cut" in r.out
    assert ET.parse(f).getroot().tag.endswith("svg")


def test_errors_are_one_line_exit_2(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    for args in (
        ("solve", "hackenbush", "0-1 1-"),
        ("solve", "hackenbush", f"@{empty}"),
        ("solve", "hackenbush", f"@{tmp_path / 'missing'}"),
        ("draw", "hackenbush", "1-2", "--svg", str(tmp_path / "x.svg")),
    ):
        r = run(*args)
        assert r.status == 2, (args, r.err)
        assert r.err.count("\n") == 1 and "Traceback" not in r.err


def test_draw_rejects_games_without_a_board(tmp_path: Path) -> None:
    r = run("draw", "matrix:1x2", "3", "5", "--svg", str(tmp_path / "x.svg"))
    assert r.status == 2
    assert "declares no board" in r.err


def test_draw_says_what_the_picture_shows(tmp_path: Path) -> None:
    f = str(tmp_path / "p.svg")
    r = run("draw", 'hackenbush "0-1 0-2"', "--svg", f)
    assert (r.status, r.out) == (0, f"wrote {f}: value 0, a P-position: no winning move\n")
    r = run("draw", 'hackenbush "0-1" + hackenbush "0-1 1-2"', "--svg", f)
    assert r.out == f"wrote {f}: value 3, 1 winning cut in red\n"
    r = run("draw", 'hackenbush "0-1" + nim 2', "--svg", f)
    assert r.out == (
        f"wrote {f}: value 3, no winning cut in the pictures "
        "(the winning moves are in other components)\n"
    )
    assert ET.parse(f).getroot().tag.endswith("svg")


def test_draw_to_an_unwritable_place_exits_2(tmp_path: Path) -> None:
    r = run("draw", 'hackenbush "0-1"', "--svg", str(tmp_path))  # a directory
    assert r.status == 2 and r.out == ""
    assert r.err.startswith("grundy: error: cannot write ") and r.err.count("\n") == 1
