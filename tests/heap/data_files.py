"""Read the known-answer files under ``tests/heap/data`` (each starts with a ``# Source:`` line)."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"


def lines(name: str) -> list[str]:
    """The data lines of a file (comments and blank lines dropped); checks the Source line."""
    text = (DATA / name).read_text(encoding="utf-8").splitlines()
    assert text[0].startswith("# Source:"), name
    return [ln for ln in text if ln.strip() and not ln.startswith("#")]


def sequence(name: str) -> list[int]:
    """A comma-separated sequence file."""
    return [int(x) for ln in lines(name) for x in ln.split(",") if x.strip()]
