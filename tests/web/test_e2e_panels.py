"""The page's panels in a real headless Chromium (issue 36): boards that fit their card at
1366 and 390 px, no stale panel after a failure (one test per panel), a time limit said as
a time limit, misère play (the quotient, the plot labelled normal play), practice hiding
what gives the answer away, readable values, Hackenbush's vertex numbers and marks, a
thermograph sized for a projector, one message at the end of a game, the board first on a
phone, Bouton's theorem under Nim's table and the mex under a table-backed value.

Skipped without Chromium or playwright (see test_e2e.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

# Importing test_e2e skips this module too where Chromium or playwright is missing.
from tests.web import test_e2e as e2e
from tests.web.test_e2e import HACKENBUSH, PATIENCE, wait_turn

import grundy  # isort: skip
from grundy.web import Limits, create_app, serving  # isort: skip
from grundy.web.page import FEATURED  # isort: skip

pytestmark = pytest.mark.slow


#: The server and the browser of test_e2e, one of each for this module too.
base_url = e2e.base_url
browser = e2e.browser


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A blank page (each test loads its own position)."""
    with e2e.opened_page(browser, console=False) as pg:
        yield pg


#: The page's state once an answer (or a failure) is shown.
SETTLED = (
    "#status:has-text('Your move.'), #status:has-text('Game over'), "
    "#status:has-text('Cannot'), #status:has-text('No game')"
)


def go(page: Any, base_url: str, spec: str, query: str = "") -> None:
    """Load ``/?spec=...`` and wait for the page to settle."""
    page.goto(base_url.rstrip("/") + "/?spec=" + quote(spec) + query)
    page.wait_for_selector(SETTLED)


def ask(page: Any, spec: str) -> None:
    """Type ``spec``, press Solve, wait for the page to settle on it."""
    page.fill("#spec", spec)
    page.click("#solve-button")
    page.wait_for_selector("#status:has-text('Setting up'), " + SETTLED)
    page.wait_for_selector(SETTLED)


OVERFLOW = """() => {
  const bad = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) bad.push("page " + root.scrollWidth);
  for (const c of document.querySelectorAll(".card")) {
    if (c.scrollWidth > c.clientWidth + 1) bad.push(c.id + " " + c.scrollWidth);
  }
  const b = document.getElementById("board");
  if (b.scrollWidth > b.clientWidth + 1) bad.push("board " + b.scrollWidth + ">" + b.clientWidth);
  return bad;
}"""

#: Every game's example, the "Try these" examples, and a few wide boards.
WIDE = ["toads-frogs ttt...fff", "clobber xoxoxoxo", "treblecross ...............", "chomp:4x7"]
BOARDS = sorted({e.example for e in grundy.REGISTRY} | {s for _, s in FEATURED} | set(WIDE))


@pytest.mark.parametrize("width", [1366, 390])
def test_every_board_fits_its_card(browser: Any, base_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(PATIENCE * 1000)
    try:
        go(pg, base_url, "nim 1")
        overflowing = {}
        for spec in BOARDS:
            ask(pg, spec)
            bad = pg.evaluate(OVERFLOW)
            if bad:
                overflowing[spec] = bad
    finally:
        context.close()
    assert overflowing == {}


# ----- no stale panel after a failure: one test per panel --------------------------------


def test_a_failure_leaves_no_table_panel(page: Any, base_url: str) -> None:
    go(page, base_url, "kayles 7")
    page.wait_for_selector("#plot-title:has-text('kayles')")
    ask(page, "nim x")
    assert not page.is_visible("#table")
    assert page.inner_text("#answer-body") == "No answer."


def test_moves_that_fail_leave_no_table_panel(page: Any, base_url: str) -> None:
    # The answer comes (by formula) but the moves are too many to list: no old panel stays.
    go(page, base_url, "kayles 7")
    page.wait_for_selector("#plot-title:has-text('kayles')")
    ask(page, "nim 9000 9000")
    assert "Cannot play" in page.inner_text("#status")
    assert not page.is_visible("#table")
    assert page.locator("#board *").count() == 0 and page.locator("#moves li").count() == 0


def test_a_failure_leaves_no_board_moves_or_log(page: Any, base_url: str) -> None:
    go(page, base_url, "nim 3 4 5")
    page.locator('.counter[data-heap="0"][data-leave="1"]').click()
    page.wait_for_selector("#log li.computer")
    wait_turn(page)
    ask(page, "nim x")
    assert page.locator("#board *").count() == 0
    assert page.locator("#moves li").count() == 0 and page.locator("#log li").count() == 0
    assert page.inner_text("#status").startswith("No game")


def test_a_failure_leaves_no_thermograph_or_value(page: Any, base_url: str) -> None:
    go(page, base_url, "domineering:2x3")
    page.wait_for_selector("#thermograph")
    ask(page, "domineering:2x")
    assert page.locator("#thermograph, #value-text").count() == 0


def test_a_failure_leaves_no_quotient(page: Any, base_url: str) -> None:
    go(page, base_url, "kayles 3 4", "&misere=1")
    page.wait_for_selector("#quotient")
    ask(page, "kayles x")
    assert page.locator("#quotient, #quotient-title").count() == 0


def test_a_failure_leaves_no_hint(page: Any, base_url: str) -> None:
    go(page, base_url, "nim 3 4 5")
    page.click("#hint")
    page.wait_for_selector("#hint-text:visible")
    ask(page, "nim x")
    assert not page.is_visible("#hint-text")


@pytest.fixture(scope="module")
def hurried_url() -> Iterator[str]:
    """A server whose time limit (0.3 s of CPU) is far too short for connect4:5x4."""
    with serving(create_app(Limits(time_limit=0.3, quick_time=0.2))) as url:
        yield url


def test_a_time_limit_is_said_as_a_time_limit(browser: Any, hurried_url: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(PATIENCE * 1000)
    try:
        go(pg, hurried_url, "kayles 7")
        pg.wait_for_selector("#plot-title:has-text('kayles')")
        ask(pg, "connect4:5x4")
        error = pg.inner_text("#ask-error")
        status = pg.inner_text("#status")
        table = pg.is_visible("#table")
    finally:
        context.close()
    assert error.startswith("Time limit: stopped at this server's time limit of 0.3 s of CPU")
    assert "time limit" in status and "error" not in status
    assert not table


# ----- misère, practice -------------------------------------------------------------------


def test_misere_shows_the_quotient_and_labels_the_plot(page: Any, base_url: str) -> None:
    go(page, base_url, "kayles 3 4", "&misere=1")
    page.wait_for_selector("#quotient")
    assert page.inner_text("#quotient-order").startswith("6")
    assert "{a, b²}" in page.inner_text("#quotient-p")
    element = page.inner_text("#quotient-element")
    assert "heap 3 → ab, heap 4 → a" in element and "not in the P-portion" in element
    page.wait_for_selector("#plot-title:has-text('kayles')")
    assert page.is_visible("#plot-mode") and "normal-play" in page.inner_text("#plot-mode")
    assert "normal play" in page.inner_text("#plot-title")
    page.uncheck("#misere")
    page.wait_for_selector("#answer-body :text('normal play')")
    assert not page.is_visible("#plot-mode") and page.locator("#quotient").count() == 0


def test_practice_hides_the_table_and_the_marks(page: Any, base_url: str) -> None:
    go(page, base_url, "kayles 3 4", "&practice=1")
    assert not page.is_visible("#table")
    assert page.locator("#moves .mark:visible").count() == 0
    assert not page.is_visible("#answer-body")
    page.uncheck("#practice")
    assert page.locator("#moves .mark:visible").count() > 0
    assert page.is_visible("#table")


# ----- readable values, Hackenbush, thermographs --------------------------------------------


def test_a_long_value_has_its_short_name_first(page: Any, base_url: str) -> None:
    go(page, base_url, "domineering:4x4")
    page.wait_for_selector("#value-short")
    assert page.inner_text("#value-short") == "an infinitesimal (fuzzy with 0)"
    value = page.locator("pre#value-text")
    assert "1±1" in value.inner_text() and "+-" not in value.inner_text()
    style = value.evaluate("e => [getComputedStyle(e).overflowY, getComputedStyle(e).fontFamily]")
    assert style[0] == "auto" and "mono" in style[1].lower()
    go(page, base_url, "domineering:2x2")
    page.wait_for_selector("#value-text")
    assert page.inner_text("#value-text") == "±1"


def test_the_why_panel_writes_values_readably(page: Any, base_url: str) -> None:
    """The Why lines' values as the value line writes them (from /api/thermograph's
    ``why``); the words and specs around them as they are."""
    go(page, base_url, "domineering:2x3")
    page.wait_for_selector("#value-text")
    page.wait_for_selector("#why")
    why = page.inner_text("#why")
    assert "Left's moves lead to 2 values: ±1 (2 moves), 2 (1 move)." in why
    assert "The canonical value is {2 | -1/2}:" in why and "+-" not in why
    assert "(to a value >= 0)" in why


def test_hackenbush_numbers_its_vertices_and_marks_its_edges(page: Any, base_url: str) -> None:
    go(page, base_url, HACKENBUSH)
    labels = sorted(page.locator("#board text.vertex-label").all_text_contents())
    assert labels == ["0 = the ground", "1", "2", "3", "4"]
    strokes = {p.get_attribute("stroke") for p in page.locator("#board path[data-edge]").all()}
    assert strokes == {"#2a9d3a"}  # green edges stay green, whatever the cut does
    marks = {
        m.get_attribute("data-edge"): m.text_content()
        for m in page.locator("#board .edge-mark").all()
    }
    assert marks["2-3"] == "✓" and marks["0-4"] == "✗"
    page.locator('#board .edge-mark[data-edge="2-3"]').click()
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == "You: cut 2-3"


def test_arc_kayles_draws_a_graph_without_a_ground_and_any_edge_of_a_move_makes_it(
    page: Any, base_url: str
) -> None:
    go(page, base_url, 'arc-kayles "1-2 2-3 1-3 4-4"')
    labels = sorted(page.locator("#board text.vertex-label").all_text_contents())
    assert labels == ["1", "2", "3", "4"]  # every vertex numbered, no ground
    assert page.locator("#board svg line").count() == 0
    assert page.locator('#board path[data-edge="4-4"][data-position]').count() == 1  # a loop
    # picking any side of the triangle leaves the loop: a click on each side makes that move
    sides = page.locator('#board path[data-edge="2-3"]')
    assert sides.get_attribute("data-position") == 'arc-kayles "4-4"'
    sides.click(force=True)
    page.wait_for_selector("#log li.human")
    assert "1-2" in page.inner_text("#log li.human")


def test_the_thermograph_is_readable_on_a_projector(page: Any, base_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    go(page, base_url, "domineering:2x3")
    page.wait_for_selector("#thermograph")
    # The picture as drawn: its smallest letters at the size shown, and every text inside it.
    sizes = page.evaluate(
        """async () => {
          const img = document.getElementById("thermograph");
          await img.decode();
          const svgs = [];
          for (const spec of ["domineering:2x3", "domineering:4x4", "toads-frogs ttt...fff"]) {
            const r = await fetch("/api/thermograph?spec=" + encodeURIComponent(spec));
            svgs.push((await r.json()).svg);
          }
          const box = document.createElement("div");
          box.innerHTML = svgs.join("");
          document.body.append(box);
          const pics = Array.from(box.querySelectorAll("svg"));
          const w = pics[0].viewBox.baseVal.width || pics[0].width.baseVal.value;
          const texts = [], out = [];
          pics.forEach((pic) => {
            const p = pic.getBoundingClientRect();
            pic.querySelectorAll("text").forEach((e) => {
              texts.push(e);
              const b = e.getBoundingClientRect();
              if (b.left < p.left - 0.5 || b.right > p.right + 0.5 || b.top < p.top - 0.5 ||
                  b.bottom > p.bottom + 0.5) out.push(e);
            });
          });
          const smallest = Math.min(...texts.map((e) => parseFloat(e.getAttribute("font-size"))));
          box.remove();
          return { shown: img.clientWidth, drawn: w, smallest: smallest, inside: out.length === 0,
            out: out.map((e) => e.textContent), pictures: pics.length };
        }"""
    )
    assert sizes["pictures"] == 3 and sizes["inside"], sizes  # every text within its picture
    assert sizes["smallest"] * sizes["shown"] / sizes["drawn"] >= 14, sizes
    assert "a hot game" not in page.inner_text("#value-text")  # short: the value itself
    assert page.inner_text("#value-text") == "{2 | -1/2}"


# ----- the end of a game, the phone, the table's theorem, the mex ----------------------------


def test_the_end_of_a_game_is_one_message(page: Any, base_url: str) -> None:
    go(page, base_url, "nim 1 2")
    page.locator('.counter[data-heap="1"][data-leave="1"]').click()  # to nim 1 1
    for _ in range(4):
        if "Game over" in wait_turn(page):
            break
        page.locator("#moves button").first.click()
        page.wait_for_timeout(100)
    assert wait_turn(page).startswith("Game over: you win!")
    page.wait_for_selector("#game-end")
    assert "won" in (page.get_attribute("#game-end", "class") or "")
    assert "you win" in page.inner_text("#game-end")
    assert "the player to move loses" not in page.inner_text("#answer-body .verdict")
    assert page.input_value("#spec") == "nim 0 0"  # the position box followed the game


def test_on_a_phone_the_board_comes_first(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    pg.set_default_timeout(PATIENCE * 1000)
    try:
        go(pg, base_url, "kayles 7")
        board = pg.locator("#board").bounding_box()
        why = pg.locator("#why").bounding_box()
    finally:
        context.close()
    assert board["y"] < why["y"]
    assert board["y"] < 844  # on the first screen


def test_nims_table_says_bouton_proved_it(page: Any, base_url: str) -> None:
    go(page, base_url, "nim 3 4 5")
    page.wait_for_selector("#plot-title:has-text('nim')")
    page.wait_for_selector("#table-formula")
    facts = page.inner_text("#period")
    assert "Bouton" in facts and "observed, not proved" not in facts


def test_the_why_of_a_table_backed_value_shows_the_mex(page: Any, base_url: str) -> None:
    go(page, base_url, "kayles 7")
    why = page.inner_text("#why")
    assert "G(kayles 6) = 3" in why
    assert "mex{0, 1, 3, 4, 5} = 2, so G(kayles 7) = 2." in why
