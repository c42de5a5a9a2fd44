"""Fuzzing: no input gives a traceback. Every run answers (0) or fails with one line (1 or 2).

Bounded (a few hundred examples, small positions, a time limit per run); a longer
run is under the ``slow`` marker.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy
from grundy.cli.main import main

NAMES = sorted({e.name for e in grundy.REGISTRY} | {"nim:3", "octal:0.", "sub:", "x"})
PIECES = [
    *NAMES,
    "0",
    "1",
    "2",
    "3",
    "7",
    "-1",
    "1.5",
    "1e9",
    "9" * 30,
    "9" * 5000,
    "+",
    "++",
    ":",
    "..",
    "1,3,4",
    "2..5",
    "0.07",
    "0.[3]",
    "4.7",
    "0-1",
    "1-2",
    "0-0",
    "x",
    "o",
    ".",
    "#",
    "/",
    "xo.",
    "....",
    "L",
    "R",
    "@",
    "@/dev/null",
    "'",
    '"',
    "\x00",
    "é",
    "{1|0}",
    "--",
    "-n",
    "  ",
    "\t",
]
COMMANDS = ["solve", "table", "period", "games", "draw", "play"]
FLAGS = [
    "--json",
    "--misere",
    "--loopy",
    "--max-moves",
    "--max-positions",
    "--time-limit",
    "-n",
    "--csv",
    "--svg",
    "--out",
    "--kernel",
    "--no-progress",
    "--bogus",
]


def _check(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(argv)
    except SystemExit as e:  # --help / --version print and exit 0
        assert e.code == 0, argv
        return
    _out, err = capsys.readouterr()
    assert status in (0, 1, 2, 130), (argv, status)
    if status:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1, (argv, err)
        assert "Traceback" not in err


argv_strategy = st.lists(
    st.one_of(st.sampled_from(PIECES), st.sampled_from(FLAGS), st.text(max_size=8)),
    max_size=6,
)


def _cli_fuzz(examples: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A fuzz test of the command line: ``examples`` runs of a command and a random argv."""

    def wrap(test: Callable[..., None]) -> Callable[..., None]:
        return settings(
            max_examples=examples,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        )(given(command=st.sampled_from(COMMANDS), rest=argv_strategy)(test))

    return wrap


@_cli_fuzz(250)
def test_cli_never_tracebacks(
    command: str, rest: list[str], capsys: pytest.CaptureFixture[str], tmp_path_factory: object
) -> None:
    if command == "play":
        rest = [*rest]  # stdin is empty under pytest: play ends at once
    if command in ("table", "period"):
        rest = [*rest, "--time-limit", "2"]
    if command == "solve":
        rest = [*rest, "--time-limit", "2", "--max-positions", "200000"]
    rest = [a for a in rest if a not in ("--out", "--svg")]  # never write files from fuzzing
    _check([command, *rest], capsys)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=40))
def test_api_parse_never_tracebacks(text: str) -> None:
    try:
        grundy.parse(text)
    except grundy.GrundyError as e:
        assert "\n" not in str(e)


@pytest.mark.slow
@_cli_fuzz(3000)
def test_cli_never_tracebacks_long(
    command: str, rest: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    rest = [a for a in rest if a not in ("--out", "--svg")]
    if command != "games":
        rest = [*rest, "--time-limit", "2"]
    _check([command, *rest], capsys)
