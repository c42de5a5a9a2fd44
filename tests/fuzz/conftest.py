"""Fixtures for the fuzz tests: the folder of input files of every kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.cli_fuzz import make_files


@pytest.fixture(scope="session")
def fuzz_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Input files of every kind (see :func:`tests.fuzz.cli_fuzz.make_files`)."""
    return make_files(str(tmp_path_factory.mktemp("fuzz-files")))


@pytest.fixture
def scratch(tmp_path: Path) -> str:
    """A fresh folder for a command's outputs."""
    return str(tmp_path)
