from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

import grundy
from grundy.cgt import CanonicalGame, set_table_limit
from grundy.cgt import _table as T
from grundy.kernels._core import PURE_PYTHON
from tests.cgt.reference import birthday_games


@pytest.fixture(scope="session")
def day2() -> list[CanonicalGame]:
    return birthday_games(2)


@pytest.fixture(scope="session")
def day3() -> list[CanonicalGame]:
    return birthday_games(3)


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[bool], None]]:
    """``use(pure)``: switch to that table of canonical games, the pure-Python one or the
    compiled one (through ``clear_cache``); the bound and the first table are back after."""

    def use(pure: bool) -> None:
        if pure:
            monkeypatch.setenv(PURE_PYTHON, "1")
        else:
            monkeypatch.delenv(PURE_PYTHON, raising=False)
        grundy.clear_cache()
        assert T.backend() == ("python" if pure else "compiled")

    yield use
    set_table_limit(None)
    monkeypatch.undo()
    grundy.clear_cache()
