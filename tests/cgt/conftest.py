from __future__ import annotations

import pytest

from grundy.cgt import CanonicalGame
from tests.cgt.reference import birthday_games


@pytest.fixture(scope="session")
def day2() -> list[CanonicalGame]:
    return birthday_games(2)


@pytest.fixture(scope="session")
def day3() -> list[CanonicalGame]:
    return birthday_games(3)
