"""The page plays Cram (a game solved by canonical values whose players have the same
moves) as it plays Nim: no side to choose, no "Left to move", moves without a side.
Driven in headless Chromium like tests/web/test_e2e.py (skipped where it is)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_e2e import base_url, browser, page, solve, win_by_hints  # noqa: F401

pytestmark = pytest.mark.slow


def test_cram_is_played_with_no_side(page: Any) -> None:  # noqa: F811 (the fixture)
    """cram:2x3 is *: the player to move wins, with a vertical domino at either side."""
    solve(page, "cram:2x3")
    assert page.inner_text("#outcome") == "N"
    assert page.inner_text("#grundy-value") == "1"
    assert not page.is_visible("#side-choice")
    assert page.locator("#right-winning-moves").count() == 0
    answer = page.inner_text("#answer-body")
    assert "wins moving first" not in answer
    assert "places a vertical domino in column 1, rows 1-2" in page.inner_text("#winning-moves")
    assert "to move" not in page.inner_text("#board")
    listed = page.inner_text("#moves")
    assert "places a horizontal domino" in listed
    assert "Left" not in listed and "Right" not in listed
    win_by_hints(page, 4)
    log = page.inner_text("#log")
    assert "Computer: places a " in log and "Left" not in log and "Right" not in log
