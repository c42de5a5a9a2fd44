"""The position language: edges, weights, files, round trips and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grundy import InvalidSpecError, parse, solve
from grundy.core.position import Position


def test_round_trip_and_canonical_order() -> None:
    p = parse('hackenbush "2-1 0-1 1-1 1-2"')
    assert str(p) == 'hackenbush "0-1 1-1 1-2 1-2"'
    assert parse(str(p)) == p
    w = parse('hackenbush:weighted "0-1:3 1-2 1-2:1"')
    assert str(w) == 'hackenbush:weighted "0-1:3 1-2 1-2"'
    assert parse(str(w)) == w


def test_unquoted_words_form_one_picture() -> None:
    assert parse("hackenbush 0-1 1-2") == parse('hackenbush "0-1 1-2"')
    assert solve("hackenbush 0-1 1-2").grundy == 2


def test_sums_and_empty_picture() -> None:
    p = parse('hackenbush "0-1" + nim 3 + hackenbush ""')
    assert len(p.components) == 3
    assert parse(str(p)) == p
    assert solve(p).grundy == 1 ^ 3


def test_every_option_prints_back() -> None:
    p = parse('hackenbush "0-1 1-2 2-0 2-2"')
    assert isinstance(p, Position)
    for option in p.game.moves(p.state):
        q = Position(p.game, option)
        assert parse(str(q)) == q


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ('hackenbush "0-1 1-x"', "malformed edge '1-x'"),
        ('hackenbush "0-1 -1-2"', "malformed edge"),
        ('hackenbush "1-2 2-3"', "no edge touches the ground"),
        ('hackenbush "0-1 2-3"', "edge 2-3 is not connected to the ground"),
        ('hackenbush "0-1:2"', "weighted edges need hackenbush:weighted"),
        ('hackenbush:weighted "0-1:0"', "weight 0"),
        ("hackenbush", "needs a picture"),
        ('hackenbush:red "0-1"', "unknown hackenbush variant"),
    ],
)
def test_errors_are_one_clear_line(spec: str, words: str) -> None:
    with pytest.raises(InvalidSpecError) as e:
        parse(spec)
    assert words in str(e.value)
    assert "\n" not in str(e.value)
    assert "hackenbush" in str(e.value)


def test_edge_list_file(tmp_path: Path) -> None:
    f = tmp_path / "tree.txt"
    f.write_text("# a tree\n0-1 1-2\n1-3, 3-3\n")
    p = parse(f"hackenbush @{f}")
    assert p == parse('hackenbush "0-1 1-2 1-3 3-3"')
    q = parse(f'hackenbush @{f} "0-4"')
    assert q == parse('hackenbush "0-1 1-2 1-3 3-3 0-4"')


def test_json_file_renames_the_ground(tmp_path: Path) -> None:
    f = tmp_path / "pic.json"
    f.write_text(json.dumps({"ground": "g", "edges": [["g", "a"], "a-b", ["b", "a"]]}))
    assert parse(f"hackenbush @{f}") == parse('hackenbush "0-1 1-2 1-2"')
    f.write_text(json.dumps({"ground": 5, "edges": [[5, 7, 2], [7, 7, 1]]}))
    assert parse(f"hackenbush:weighted @{f}") == parse('hackenbush:weighted "0-1:2 1-1"')


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("", "is empty"),
        ("  \n", "is empty"),
        ("# nothing\n", "has no edges"),
        ('{"edges": [[0, 1]]}', "has no 'ground'"),
        ('{"ground": 0}', "an object with 'edges'"),
        ('{"ground": 0, "edges": [[0]]}', "malformed edge"),
        ('{"ground": 0, "edges": [[0, 1, 2]]}', "need hackenbush:weighted"),
        ('{"ground": 0, "edges": [[0, 1, 0]]}', "needs a weight >= 1"),
        ('{"ground": 0, "edges": ', "not valid JSON"),
    ],
)
def test_bad_files(tmp_path: Path, content: str, words: str) -> None:
    f = tmp_path / "bad.txt"
    f.write_text(content)
    with pytest.raises(InvalidSpecError, match=words):
        parse(f"hackenbush @{f}")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidSpecError, match="cannot read"):
        parse(f"hackenbush @{tmp_path / 'nope.txt'}")
