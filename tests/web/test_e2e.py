"""The page, driven as a person would in a real headless Chromium (Playwright).

Needs Debian's ``chromium`` (or ``GRUNDY_CHROMIUM=/path/to/chrome``) and the
``playwright`` package; skipped with the reason when either is missing. The
server is uvicorn on a free port of 127.0.0.1, started once for the module
and always stopped.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.helpers import client  # noqa: F401 (skips the module without the web extra)

import grundy  # isort: skip
from grundy.web import create_app, serving  # isort: skip

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed: pip install playwright"
)

CHROMIUM = os.environ.get("GRUNDY_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(
        f"no Chromium at {CHROMIUM} (apt-get install chromium, or set GRUNDY_CHROMIUM)",
        allow_module_level=True,
    )

pytestmark = pytest.mark.slow

HACKENBUSH = 'hackenbush "0-1 1-2 1-3 2-3 0-4"'


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serving(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on(
        "console",
        # a 4xx for bad input is expected; the browser logs it as a failed resource
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource")
            else None
        ),
    )
    pg.set_default_timeout(15_000)
    pg.goto(base_url)
    pg.wait_for_selector("#outcome")  # the page solves its first position on load
    yield pg
    context.close()
    assert errors == [], errors


def solve(page: Any, spec: str) -> None:
    """Type ``spec`` and press Solve; wait for the answer and the board."""
    page.fill("#spec", spec)
    page.click("#solve-button")
    page.wait_for_selector(f"#answer-body code:text-is('{grundy.parse(spec)}')")
    page.wait_for_selector("#status:has-text('Your move.')")


def test_solve_a_position_and_see_why(page: Any) -> None:
    solve(page, "nim 3 4 5")
    assert page.inner_text("#outcome") == "N"
    assert page.inner_text("#grundy-value") == "2"
    assert "take 2 from the heap of 3" in page.inner_text("#winning-moves")
    assert "Nim-sum in binary" in page.inner_text("#why")
    assert "Bouton" in page.inner_text("#method")
    page.select_option("#examples", "tictactoe .........")
    page.wait_for_selector("#outcome:text-is('D')")
    assert "Value" in page.inner_text("#answer-body")
    page.fill("#spec", "nim x")
    page.click("#solve-button")
    page.wait_for_selector("#ask-error:visible")
    assert "heap size" in page.inner_text("#ask-error")


def test_play_nim_to_the_end_and_win_with_hints(page: Any) -> None:
    solve(page, "nim 3 4 5")
    # The winning move, made on the board: heap 1 keeps one counter.
    counter = page.locator('.counter[data-heap="0"][data-leave="1"]')
    assert "o-win" in (counter.get_attribute("class") or "")
    counter.click()
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == "You: take 2 from the heap of 3"
    for _ in range(20):
        page.wait_for_selector("#status:has-text('Your move.'), #status:has-text('Game over')")
        if "Game over" in page.inner_text("#status"):
            break
        page.click("#hint")
        page.wait_for_selector("#hint-text:visible")
        assert page.inner_text("#hint-text").startswith("Hint: take")
        hinted = page.locator("#moves button.hinted")
        assert hinted.get_attribute("data-outcome") == "win"
        moves_before = page.locator("#log li").count()
        hinted.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {moves_before}")
    assert page.inner_text("#status").startswith("Game over: you win!")
    assert page.locator("#moves li").count() == 0
    # Undo goes back to before the last move; New game starts again.
    page.click("#undo")
    page.wait_for_selector("#status:has-text('Your move.')")
    assert page.locator("#moves li").count() > 0
    page.click("#new-game")
    page.wait_for_selector("#status:has-text('Your move.')")
    assert page.locator("#log li").count() == 0


def test_a_losing_move_lets_the_computer_win(page: Any) -> None:
    solve(page, "nim 2 2")  # a P-position: every move loses
    assert {b.get_attribute("data-outcome") for b in page.locator("#moves button").all()} == {
        "lose"
    }
    for _ in range(4):
        if "Game over" in page.inner_text("#status"):
            break
        page.locator("#moves button").first.click()
        page.wait_for_selector("#status:has-text('Your move.'), #status:has-text('Game over')")
    assert page.inner_text("#status").startswith("Game over: the computer wins.")


def test_cut_a_hackenbush_edge(page: Any) -> None:
    solve(page, HACKENBUSH)
    edge = page.locator('#board path[data-edge="2-3"]')
    assert edge.get_attribute("data-outcome") == "win"
    assert page.locator("#board path[data-edge]").count() == 5
    edge.click(force=True)  # a level edge has a flat box, which Playwright calls invisible
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == "You: cut 2-3"
    page.wait_for_selector("#status:has-text('Your move.'), #status:has-text('Game over')")
    assert page.locator("#board path[data-edge]").count() < 4  # the computer cut one too
    assert page.locator('#board path[data-edge="2-3"]').count() == 0


@pytest.mark.parametrize(
    ("spec", "clickable"),
    [
        ("tictactoe .........", ".board-grid button.cell"),
        ("connect4:4x4", ".board-grid button.drop"),
        ("chomp:3x4", ".board-grid button.cell"),
        ("domineering-search:3x3", ".board-grid button.cell"),
        ("col ../..", ".board-grid button.cell"),
        ("snort ...", ".board-strip button.cell, .board-grid button.cell"),
        ("konane xo.o./.o.x.", ".board-grid button.cell"),
        ("treblecross .......", ".board-strip button.cell"),
        ("clobber xoxo", ".board-grid button.cell"),
        ("toads-frogs t..f", ".board-strip button.cell"),
    ],
)
def test_every_board_takes_a_click(page: Any, spec: str, clickable: str) -> None:
    solve(page, spec)
    target = page.locator(clickable).first
    words = target.get_attribute("aria-label")
    target.click()
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == f"You: {words}"


def test_play_domineering_for_its_value_as_either_side(page: Any) -> None:
    """domineering:2x3 = {2|-1/2}: Left moving first wins only with the middle column; as
    Right (moving first) every move loses to Left's reply."""
    solve(page, "domineering:2x3")
    assert page.inner_text("#outcome") == "N"
    assert "{2|-1/2}" in page.inner_text("#answer-body")
    assert page.is_visible("#side-choice")
    rated = {
        b.get_attribute("data-position"): b.get_attribute("data-outcome")
        for b in page.locator("#moves button").all()
    }
    assert rated == {
        "domineering:2x3 #../#..": "lose",
        "domineering:2x3 .#./.#.": "win",
        "domineering:2x3 ..#/..#": "lose",
    }
    page.click("#hint")
    page.wait_for_selector("#hint-text:visible")
    page.locator("#moves button.hinted").click()
    page.wait_for_selector("#status:has-text('Game over')")
    assert page.inner_text("#status").startswith("Game over: you win!")
    page.select_option("#side", "R")  # a new game: the user plays Right and moves first
    page.wait_for_selector("#status:has-text('Your move.')")
    assert {b.get_attribute("data-outcome") for b in page.locator("#moves button").all()} == {
        "win"  # every horizontal domino leaves -1/2 or less
    }
    assert "Right to move" in page.inner_text("#board")
    page.locator(".board-grid button.cell").first.click()
    for _ in range(6):
        page.wait_for_selector("#status:has-text('Your move.'), #status:has-text('Game over')")
        if "Game over" in page.inner_text("#status"):
            break
        page.click("#hint")
        page.wait_for_selector("#moves button.hinted")
        moves_before = page.locator("#log li").count()
        page.locator("#moves button.hinted").click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {moves_before}")
    page.wait_for_selector("#status:has-text('Game over')")
    assert page.inner_text("#status").startswith("Game over: you win!")


def test_read_a_table_plot(page: Any, base_url: str) -> None:
    page.fill("#table-game", "kayles")
    page.fill("#table-n", "200")
    page.click("#table-button")
    page.wait_for_selector("#plot-title:has-text('kayles, heaps 0 to 200')")
    assert page.locator("#plot .pt").count() == 201
    assert page.get_attribute("#preperiod-mark", "data-heap") == "71"
    facts = page.inner_text("#period")
    assert "Preperiod 71 · Period 12 · proved" in facts
    values = grundy.heap_table(grundy.parse_ruleset("kayles"), 200)
    page.locator('#plot .pt[data-heap="90"]').click()
    assert page.inner_text("#plot-readout").startswith(f"G(90) = {int(values[90])}")
    href = page.get_attribute("#csv-link", "href")
    assert href == "/api/table.csv?spec=kayles&n=200"
    csv = page.request.get(base_url.rstrip("/") + href).text()
    assert csv.splitlines()[:3] == ["heap,grundy", "0,0", "1,1"]
    page.fill("#table-game", "wythoff")
    page.click("#table-button")
    page.wait_for_selector("#table-error:visible")
    assert "not a heap game" in page.inner_text("#table-error")


def test_fits_a_phone_screen(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    pg = context.new_page()
    pg.goto(base_url)
    pg.wait_for_selector("#outcome")
    pg.wait_for_selector("#plot svg")
    width = pg.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert width <= 390
