"""The command line, run as a user would."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.cli.helpers import run_cli


def test_solve_names_cuts_and_explains() -> None:
    r = run_cli("solve", "hackenbush", "0-1 1-2 1-3 2-3 0-4")
    assert r.returncode == 0, r.stderr
    assert "Grundy value: 3" in r.stdout
    assert "cut 2-3" in r.stdout
    assert "Fusion principle" in r.stdout and "Colon principle" in r.stdout


def test_solve_json_weighted() -> None:
    r = run_cli("solve", 'hackenbush:weighted "0-1:2 1-2"', "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["grundy"] == 1
    assert out["winning_moves"]


def test_draw_writes_svg(tmp_path: Path) -> None:
    f = tmp_path / "p.svg"
    r = run_cli("draw", 'hackenbush "0-1 1-2 2-0"', "--svg", str(f))
    assert r.returncode == 0, r.stderr
    assert "winning cut" in r.stdout
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
        r = run_cli(*args)
        assert r.returncode == 2, (args, r.stderr)
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_draw_rejects_other_games(tmp_path: Path) -> None:
    r = run_cli("draw", "nim", "3", "--svg", str(tmp_path / "x.svg"))
    assert r.returncode == 2
    assert "only hackenbush" in r.stderr
