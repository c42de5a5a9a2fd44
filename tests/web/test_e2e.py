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
from contextlib import contextmanager
from typing import Any

import pytest

from tests.web.helpers import client  # noqa: F401 (skips the module without the web extra)

import grundy  # isort: skip
from grundy.web import Limits, create_app, serving  # isort: skip

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


#: Seconds the server may compute and the page may wait: ample, so that a loaded machine
#: (CI runs the tests on every core) slows these tests down but does not fail them.
PATIENCE = 60


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serving(create_app(Limits(time_limit=PATIENCE))) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM)
        try:
            yield b
        finally:
            b.close()


@contextmanager
def opened_page(browser: Any, *, console: bool = True) -> Iterator[Any]:
    """A fresh page at 1280x800 that waits up to :data:`PATIENCE`; after the test, no
    script error was raised (and, with ``console``, none logged) on it."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    if console:
        pg.on(
            "console",
            # a 4xx for bad input is expected; the browser logs it as a failed resource
            lambda m: (
                errors.append(m.text)
                if m.type == "error" and not m.text.startswith("Failed to load resource")
                else None
            ),
        )
    pg.set_default_timeout(PATIENCE * 1000)
    yield pg
    context.close()
    assert errors == [], errors


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Any]:
    with opened_page(browser) as pg:
        pg.goto(base_url)
        pg.wait_for_selector("#outcome")  # the page solves its first position on load
        # and then sets up its board and its table panel: a test that starts before the
        # status says so may have its own table overwritten by the first position's
        pg.wait_for_selector("#status:has-text('Your move.')")
        yield pg


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
    # a heap past the three-heap table limit: its winning moves are the cheap ones, and the
    # list says it was cut by the game (not by a limit the reader could raise)
    page.fill("#spec", "octal:0.8 1000000000000")
    page.click("#solve-button")
    page.wait_for_selector("#winning-moves:has-text('others may exist')")
    assert page.inner_text("#grundy-value") == "333333333333"
    # the board is set up after the answer is shown: wait for its status line
    page.wait_for_selector("#status:has-text('a trillion or more')")


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
    win_by_hints(page, 6)


def win_by_hints(page: Any, turns: int) -> None:
    """Play the hinted move at each turn (at most ``turns``) until the game is over, won."""
    for _ in range(turns):
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
    page.wait_for_selector("#plot-title:has-text('kayles in normal play, heaps 0 to 200')")
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


# ----- every game, from its address to the end, by clicks ------------------------------

#: A small position of every game in ``grundy games`` (quick to play to the end), and
#: coloured Hackenbush, which is a variant of hackenbush.
PLAYED = {
    "bash": "bash:2..3 5",
    "octal": "octal:0.07 6",
    "kayles": "kayles 3 4",
    "dawson": "dawson 6",
    "dawsons-chess": "dawsons-chess 5",
    "grundys-game": "grundys-game 7",
    "nim": "nim 2 3",
    "subtraction": "subtraction:1,3,4 7",
    "divisor-removal": "divisor-removal 1..5",
    "divisors": "divisors 12",
    "ferguson": "ferguson 2 3",
    "fibonacci": "fibonacci 6",
    "halving": "halving 6 5",
    "lasker": "lasker 3 2",
    "matrix": "matrix:2x2 1 0 1 1",
    "moore": "moore:2 2 3",
    "treblecross": "treblecross .......",
    "wythoff": "wythoff 2 3",
    "hackenbush": HACKENBUSH,
    "hackenbush:colored": 'hackenbush:colored "0-1:b 1-2:r 1-3:g 0-4:r 4-5:b"',
    "childish-hackenbush": 'childish-hackenbush "0-1:b 1-2:r 1-3:g 0-4:r 4-4:g"',
    "arc-kayles": 'arc-kayles "1-2 2-3 3-3 4-5 5-6 6-4"',
    "partizan-arc-kayles": 'partizan-arc-kayles "1-2:b 2-3:r 3-4:g 4-1:b 3-3:r"',
    "chomp": "chomp:3x3",
    "connect4": "connect4:4x4 ..../..../xo../xo..",
    "domineering-search": "domineering-search:3x3",
    "tictactoe": "tictactoe xo.x.o...",
    "clobber": "clobber xox/oxo",
    "col": "col .../...",
    "cutcake": "cutcake 2x3",
    "eatcake": "eatcake 2x3",
    "maundy-cake": "maundy-cake 2x4",
    "turn-and-eatcake": "turn-and-eatcake 2x3",
    "twisted": "twisted:cutcake 2x3",
    "partizan-subtraction": "partizan-subtraction:1,3|2,3 6 4",
    "domineering": "domineering:3x3",
    "konane": "konane xo.x/.xo./ox.o",
    "cgt": 'cgt "{2|-1/2}"',
    "snort": "snort .../...",
    "toads-frogs": "toads-frogs tt..ff",
    "toppling-dominoes": "toppling-dominoes bbrgrb",
    "cherries": "cherries bbrbrr",
    "amazons": "amazons x../..#/..o",
    "anti-clobber": "anti-clobber xo./.ox",
    "backsliding-toads-frogs": "backsliding-toads-frogs tf.",  # loopy; this one ends
    "ceylonese-fox-and-geese": "ceylonese-fox-and-geese geese=3,1;3,3 fox=1,1",
    "cram": "cram:2x3",
    "dicotic": "dicotic:clobber xox/oxo",
    "elephants-rhinos": "elephants-rhinos tt..t.ff",
    "fission": "fission .../.x./...",
    "fox-and-geese": "fox-and-geese geese=3,1;3,3 fox=1,1",
    "impartial": "impartial:domineering 2x3",
    "mock-turtles": "mock-turtles 1 4 7",
    "partizan-euclid": "partizan-euclid 9,6 8,7",
    "partizan-splittles": "partizan-splittles:1,3|2,3 7 4",
    "ruler": "ruler THHTH",
    "spawning": "spawning:3E 7 9",
    "tartan": "tartan:ruler*ruler 2,2 3,4",
    "turning": "turning:4 THHTH",
    "turning-code": "turning-code:1-3C(5) HTTHTHTTH",
    "turning-turtles": "turning-turtles THHTH",
    "weighted-arc-kayles": 'weighted-arc-kayles "1:2 2:2 3:1 1-2 2-3"',
}

#: Games without a board declaration (their positions are numbers the page does not
#: draw): played from the list of moves.
NO_BOARD = {
    "divisor-removal",  # a set of numbers
    "matrix",  # a grid of piles: the cell vocabulary has no numbers
    "cgt",  # a game value, no position
}

#: Games with a board whose every move is made from the list: Ferguson's move empties one
#: box and splits the other (both heaps change; a heap split in two alone has a bar
#: between counters, so Grundy's game is played on the board).
LIST_ONLY = {"ferguson"}

SHOTS = os.environ.get("GRUNDY_SHOTS")


def shot(page: Any, name: str, part: str = "#play") -> None:
    """A screenshot of a part of the page (the Play panel) under $GRUNDY_SHOTS, when it is
    set (for looking at)."""
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.locator(part).screenshot(path=os.path.join(SHOTS, name + ".png"))


def open_spec(page: Any, base_url: str, spec: str, query: str = "") -> None:
    """Load the page at ``/?spec=...`` and wait for the game to be set up."""
    from urllib.parse import quote  # noqa: PLC0415

    page.goto(base_url.rstrip("/") + "/?spec=" + quote(spec) + query)
    page.wait_for_selector(f"#answer-body code:text-is('{grundy.parse(spec)}')", state="attached")
    wait_turn(page)


def wait_turn(page: Any) -> str:
    page.wait_for_selector("#status:has-text('Your move.'), #status:has-text('Game over')")
    return str(page.inner_text("#status"))


#: What a click on the board may hit: a counter, a cell, a column, an edge, a cake's side,
#: a square of a move made a square at a time (Amazons).
CLICKABLE = "#board [data-position], #board .cuttable, #board .step"


def click_a_move(page: Any) -> None:
    """Make a move on the board: click its first clickable thing, and where that only
    picks a square of a move made a square at a time (Amazons' amazon, its square, its
    arrow), the first square that can come next, until the move is made."""
    before = page.locator("#log li").count()
    for picks in range(12):
        page.locator(CLICKABLE).first.click(force=True)  # an edge of Hackenbush has a flat box
        page.wait_for_function(
            f"document.querySelectorAll('#log li').length > {before}"
            f" || document.querySelectorAll('#board .picked').length > {picks}"
        )
        if page.locator("#log li").count() > before:
            return
    raise AssertionError("twelve clicks on the board made no move")


def test_every_game_test_list_is_complete() -> None:
    names = {e.name for e in grundy.REGISTRY}
    assert names <= set(PLAYED), f"add a spec to PLAYED for: {sorted(names - set(PLAYED))}"


def test_the_games_without_a_board_are_the_ones_the_page_says() -> None:
    for name, spec in PLAYED.items():
        assert (grundy.parse(spec).board() is None) == (name in NO_BOARD), name


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_every_game_loads_from_its_address_and_is_played_to_the_end(
    page: Any, base_url: str, name: str
) -> None:
    spec = PLAYED[name]
    open_spec(page, base_url, spec)
    assert page.input_value("#spec") == spec
    if name in NO_BOARD:
        assert "no board" in page.inner_text("#board")
    else:
        assert page.locator("#board .cell, #board .counter, #board path[data-edge]").count() > 0
    shot(page, f"game_{name.replace(':', '_')}_start")
    clicks = {"board": 0, "list": 0}
    for turn in range(40):
        if "Game over" in wait_turn(page):
            break
        before = page.locator("#log li").count()
        if page.locator(CLICKABLE).count():
            click_a_move(page)
            clicks["board"] += 1
        else:
            page.locator("#moves button").first.click()
            clicks["list"] += 1
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
        if turn == 0:
            wait_turn(page)
            shot(page, f"game_{name.replace(':', '_')}_played")
    assert "Game over" in wait_turn(page)
    if name in NO_BOARD or name in LIST_ONLY:
        assert clicks["board"] == 0 and clicks["list"] > 0, clicks
    else:
        assert clicks["board"] > 0 and clicks["list"] == 0, clicks
    # The answer followed the game to its end, and so did the address.
    end = page.locator("#log li").count()
    assert end > 0
    assert "spec=" in page.url and page.url != base_url


def test_the_address_holds_the_position_and_the_mode_and_back_works(
    page: Any, base_url: str
) -> None:
    open_spec(page, base_url, "domineering:2x3", "&side=R")
    assert page.input_value("#side") == "R"
    assert "Right to move" in page.inner_text("#board")
    solve(page, "nim 1 2")
    assert "spec=nim+1+2" in page.url
    page.check("#misere")
    page.wait_for_selector("#answer-body :text('misère play')")
    assert "misere=1" in page.url
    page.go_back()
    page.wait_for_selector("#answer-body code:text-is('domineering:2x3 .../...')")
    assert page.input_value("#side") == "R" and page.input_value("#spec").startswith("domineering")
    page.go_forward()
    page.wait_for_selector("#answer-body code:text-is('nim 1 2')")
    assert page.is_checked("#misere")


def test_the_answer_follows_the_game_and_undo_redo(page: Any, base_url: str) -> None:
    open_spec(page, base_url, "nim 3 4 5")
    page.locator('.counter[data-heap="0"][data-leave="1"]').click()
    page.wait_for_selector("#log li.computer")
    wait_turn(page)
    # the answer follows the position once the server has solved it (after "Your move.")
    page.wait_for_selector("#answer-body code >> nth=0 >> text=/^nim (?!3 4 5$)/")
    now = page.locator("#answer-body code").first.inner_text()
    assert now != "nim 3 4 5" and now.startswith("nim ")
    assert "spec=" + now.replace(" ", "+") in page.url
    assert page.locator(".heap.last").count() == 1  # the computer's move is marked
    page.click("#undo")
    page.wait_for_selector("#answer-body code:text-is('nim 3 4 5')")
    assert page.locator("#log li").count() == 0
    page.click("#redo")
    page.wait_for_selector(f"#answer-body code:text-is('{now}')")
    assert page.locator("#log li").count() == 2
    assert page.is_disabled("#redo")


def test_practice_hides_the_colours_and_the_answer(page: Any, base_url: str) -> None:
    open_spec(page, base_url, "tictactoe xo.x.o...", "&practice=1")
    assert page.is_checked("#practice")
    assert not page.is_visible("#answer-body") and page.is_visible("#practice-note")
    assert page.locator("#board.show-colours, #moves.show-colours").count() == 0
    assert page.locator("#moves .remoteness:visible").count() == 0
    shot(page, "practice")
    page.uncheck("#practice")
    assert page.locator("#moves .remoteness:visible").count() > 0  # how soon each move ends
    assert "practice" not in page.url
    assert page.locator("#board.show-colours").count() == 1


def test_a_bad_position_resets_the_panels(page: Any, base_url: str) -> None:
    open_spec(page, base_url, "nim 3 4")
    page.fill("#spec", "nim x")
    page.click("#solve-button")
    page.wait_for_selector("#ask-error:visible")
    assert page.locator("#board *").count() == 0 and page.locator("#moves li").count() == 0
    assert "No game" in page.inner_text("#status")
    assert page.inner_text("#answer-body") == "No answer."
    assert not page.is_visible("#table")


def test_the_table_panel_is_for_heap_games_only(page: Any, base_url: str) -> None:
    open_spec(page, base_url, "kayles 5")
    page.wait_for_selector("#plot-title:has-text('kayles')")
    assert page.input_value("#table-game") == "kayles"
    open_spec(page, base_url, HACKENBUSH)
    assert not page.is_visible("#table")
    open_spec(page, base_url, "lasker 4")
    page.wait_for_selector("#plot-title:has-text('lasker')")


def test_pins_domino_outlines_cuts_and_the_thermograph(page: Any, base_url: str) -> None:
    # Kayles: a pin near its side knocks down two neighbours.
    open_spec(page, base_url, "kayles 5")
    assert page.locator("#board .cell.piece-pin").count() == 5
    pin = page.locator('#board [data-cell="0"]')
    box = pin.bounding_box()
    pin.click(position={"x": box["width"] - 10, "y": box["height"] / 2})
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == "You: take 2 from the heap of 5"
    # Domineering: each domino placed is outlined, the last one marked; a thermograph.
    open_spec(page, base_url, "domineering:3x4")
    page.wait_for_selector("#thermograph")
    assert "temperature -1/2" in page.inner_text("figure.thermo")
    page.locator('#board [data-cell="0"]').click()
    page.wait_for_selector("#log li.computer")
    wait_turn(page)
    assert page.locator("#board .cell.placed").count() == 4
    assert page.locator("#board .cell.placed.last").count() == 2
    assert page.locator("#board .cell.join-b").count() == 1  # Left's vertical domino
    assert page.locator("#board .cell.join-r").count() == 1  # Right's horizontal reply
    shot(page, "domineering_outlines")
    # Cutcake: a click near the side of a square cuts along it.
    open_spec(page, base_url, "cutcake 2x3")
    cell = page.locator('#board [data-cell="0"]')
    box = cell.bounding_box()
    cell.click(position={"x": box["width"] - 10, "y": box["height"] / 2})
    page.wait_for_selector("#log li.computer")
    assert "into 2x1 and 2x2" in page.inner_text("#log li.human")
    # Toppling Dominoes: the side of the domino clicked is the way it falls.
    open_spec(page, base_url, "toppling-dominoes bbrgrb")
    domino = page.locator('#board [data-cell="1"]')
    box = domino.bounding_box()
    domino.click(position={"x": 4, "y": box["height"] / 2})
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == "You: Left topples domino 2 to the left"


#: Rows of Toppling Dominoes and the side the person plays: a move is a domino pushed to
#: one side, and two pushes may knock down the same dominoes (bb: domino 1 to the right or
#: domino 2 to the left).
TOPPLED = [
    ("toppling-dominoes bbrgrb", "L"),
    ("toppling-dominoes bbrgrb", "R"),
    ("toppling-dominoes bb", "L"),
    ("toppling-dominoes gbgrg", "R"),
]


@pytest.mark.parametrize(("spec", "side"), TOPPLED)
def test_every_toppling_move_has_a_click_of_its_own(
    page: Any, base_url: str, spec: str, side: str
) -> None:
    """The pointer near the left side, at the centre and near the right side of every
    domino shows what a click there knocks down: near a side, the domino and every one
    past it that way (each push of the API's targets), and every move is made by some
    click. Domino 1 of bbrgrb clicked near its right side knocks down the whole row
    (before, a click there knocked down dominoes 1 and 2: domino 2 toppled to the left)."""
    from grundy.web.board import board_of, play_target  # noqa: PLC0415

    position = grundy.parse(spec)
    n = len(position.components[0].state)
    board = board_of(position)
    plays = grundy.legal_plays(position, side)
    pushed: dict[tuple[int, str], str] = {}  # each push, and the move it makes
    for play in plays:
        target = play_target(board, play, position)
        assert target is not None and target["pushes"], play
        for i, way in target["pushes"]:
            assert (i, way) not in pushed, (i, way)
            pushed[i, way] = str(play.after)
    open_spec(page, base_url, spec, "&side=R" if side == "R" else "")
    hover = """([i, f]) => {
        const n = document.querySelector(`#board [data-cell="${i}"]`);
        const b = n.getBoundingClientRect();
        n.dispatchEvent(new MouseEvent("mousemove", { bubbles: true,
            clientX: b.left + f * b.width, clientY: b.top + b.height / 2 }));
        return [...document.querySelectorAll("#board .cell.preview")].map((c) => +c.dataset.cell);
    }"""
    reached = set()
    for i in range(n):
        cell = page.locator(f'#board [data-cell="{i}"]')
        if cell.get_attribute("data-position") is None:  # a domino the side cannot push
            assert not any(at == i for at, _ in pushed)
            continue
        for way, f in (("left", 0.05), ("right", 0.95)):
            run = list(range(i + 1)) if way == "left" else list(range(i, n))
            shown = page.evaluate(hover, [i, f])
            if (i, way) in pushed:
                assert shown == run, (i, way, shown)
                reached.add(pushed[i, way])
            else:  # not the side's to push that way (a lone green: one move)
                assert (i, "left" if way == "right" else "right") in pushed
        assert page.evaluate(hover, [i, 0.5]), i  # the centre makes a move too
    assert reached == {str(p.after) for p in plays}
    if spec == "toppling-dominoes bbrgrb" and side == "L":
        domino = page.locator('#board [data-cell="0"]')
        box = domino.bounding_box()
        domino.click(position={"x": box["width"] - 4, "y": box["height"] / 2})
        page.wait_for_selector("#log li.human")
        assert page.inner_text("#log li.human") == (
            "You: Left topples domino 1 to the right (or topples domino 6 to the left, the same "
            "move)"
        )


def test_an_amazons_move_is_made_a_square_at_a_time(page: Any, base_url: str) -> None:
    """The amazon, the square it goes to, the square it shoots: three clicks; the squares
    that can come next are marked, and a picked square clicked again takes the pick back."""
    open_spec(page, base_url, "amazons x../..#/..o")
    amazon = page.locator('#board [data-cell="0"]')
    assert "step" in (amazon.get_attribute("class") or "")
    assert page.locator('#board [data-cell="8"].step').count() == 0  # Right's amazon
    amazon.click()
    page.wait_for_selector('#board [data-cell="0"].picked')
    assert page.locator("#board .next").count() == 5  # the queen's moves from the corner
    page.locator('#board [data-cell="2"]').click()  # to row 1, column 3
    page.wait_for_selector('#board [data-cell="2"].picked')
    page.locator('#board [data-cell="2"]').click()  # not a next square: taken back
    page.wait_for_selector('#board [data-cell="2"]:not(.picked)')
    assert page.locator("#board .picked").count() == 1
    page.locator('#board [data-cell="1"]').click()  # to row 1, column 2 instead
    page.wait_for_selector('#board [data-cell="1"].picked')
    shot(page, "amazons_picked")
    shoot = page.locator('#board [data-cell="0"]')  # back where it came from
    assert shoot.get_attribute("data-position") == "amazons #x./..#/..o"
    shoot.click()
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == (
        "You: Left: x moves from row 1, column 1 to row 1, column 2 and shoots row 1, column 1"
    )
    wait_turn(page)
    assert page.locator("#board .picked").count() == 0


def test_a_coin_turning_move_is_picked_coin_by_coin(page: Any, base_url: str) -> None:
    """Mock Turtles turns up to three coins, the rightmost from heads to tails: the head
    first, then the others right to left; the last coin picked, clicked again, makes the
    move the picks make so far (one that other moves go on from)."""
    open_spec(page, base_url, "mock-turtles 1 4 7")
    assert page.locator("#board .step").count() == 3  # the three heads
    page.locator('#board [data-cell="6"]').click()  # coin 7, a head
    page.wait_for_selector('#board [data-cell="6"].picked')
    assert page.get_attribute('#board [data-cell="6"]', "aria-label") == "turn coin 7"
    assert page.locator("#board .next").count() == 6  # any coin left of it may go with it
    page.locator('#board [data-cell="3"]').click()  # coin 4
    page.wait_for_selector('#board [data-cell="3"].picked')
    shot(page, "mock_turtles_picked")
    assert page.inner_text("#board .step-done") == "turn coins 4, 7"
    page.locator('#board [data-cell="3"]').click()  # again: the move as it is
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == "You: turn coins 4, 7"


def test_a_tartan_move_is_its_head_then_its_row_and_column(page: Any, base_url: str) -> None:
    """Mock Turtles times Ruler: a move turns A x B; the head (3,3) first, then coin 1,3 of
    its row, then coin 3,2 of its column: the rectangle's fourth corner, 1,2, comes with
    them (the whole of it is shown on the board before the last click)."""
    open_spec(page, base_url, "tartan:mock-turtles*ruler 3,3")
    for cell in (2, 0, 5):  # the head (top right), coin 1,3 (top left), coin 3,2
        page.locator(f'#board [data-cell="{cell}"]').click()
        page.wait_for_selector(f'#board [data-cell="{cell}"].picked')
    assert page.inner_text("#board .step-done") == "turn coins 1,2 1,3 3,2 3,3"
    page.locator('#board [data-cell="8"]').hover()  # coin 3,1 too: a 2 x 3 rectangle
    assert page.locator("#board .preview").count() == 6
    page.locator('#board [data-cell="5"]').click()  # the last pick again: the move as it is
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == "You: turn coins 1,2 1,3 3,2 3,3"


def test_a_heap_split_in_parts_is_picked_counter_by_counter(page: Any, base_url: str) -> None:
    """Partizan Splittles: Left takes 1 or 3 and may split the rest in two. A move is the
    heaps it leaves, largest first, a counter standing for the counters left of it: 5 then
    1 takes 1 and splits the rest; 3 then 3 clicks one counter twice; 4 alone is "take 3",
    which others go on from (the last pick, clicked again, makes it)."""
    open_spec(page, base_url, "partizan-splittles:1,3|2,3 7")
    five = page.locator('#board .counter[data-leave="5"]')
    five.click()
    page.wait_for_selector('#board .counter[data-leave="5"].picked')
    assert page.locator("#board .counter.next").count() == 1  # 1: the heaps 5 and 1
    assert page.locator("#board .step-done").count() == 0  # 5 alone is no move
    five.click()  # not a next counter: taken back
    page.wait_for_selector("#board .counter.picked", state="detached")
    page.locator('#board .counter[data-leave="4"]').click()
    page.wait_for_selector('#board .counter[data-leave="4"].picked')
    assert page.inner_text("#board .step-done") == "Left takes 3 from the heap of 7"
    page.locator('#board .counter[data-leave="4"]').click()  # the last pick again: take 3
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == "You: Left takes 3 from the heap of 7"
    page.click("#undo")
    # the status does not change on undo: wait for the restored heap of 7 itself
    page.wait_for_selector('#board .counter[data-leave="6"]')
    page.locator('#board .counter[data-leave="3"]').click()
    page.wait_for_selector('#board .counter[data-leave="3"].picked')
    shot(page, "splittles_picked")
    three = page.locator('#board .counter[data-leave="3"]')
    assert three.get_attribute("data-position") == "partizan-splittles:1,3|2,3 3 3"
    three.click()
    page.wait_for_selector("#log li.computer")
    assert page.inner_text("#log li.human") == (
        "You: Left takes 1 from the heap of 7 and splits the rest into 3 and 3"
    )
