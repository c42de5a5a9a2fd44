"""Notebook faces of the answers: ``str`` is the command line's text, ``repr`` is one short
line, ``_repr_html_`` and ``_repr_svg_`` are well-formed, escaped, and keep "Why" laid out."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from grundy import clear_cache, parse, parse_ruleset, solve
from grundy.cgt import CanonicalGame, thermograph_svg
from grundy.heap import KAYLES, heap_periodicity, plot, plot_svg, tabulate
from grundy.quotient import misere_quotient

SVG = "{http://www.w3.org/2000/svg}"
VOID = {"br", "hr", "img", "input", "meta", "link", "col", "area", "base", "wbr"}


def cli(*args: str) -> str:
    """What ``grundy ARGS`` prints (exit status 0), without the final newline."""
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *args], capture_output=True, text=True, check=True
    )
    return done.stdout.removesuffix("\n")


class _Balance(HTMLParser):
    """Checks that every tag is closed in order and collects the text of ``<pre>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.pre: list[str] = []
        self.in_svg = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "pre":
            self.pre.append("")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if "pre" in self.stack:
            self.pre[-1] += data


def well_formed_html(text: str) -> _Balance:
    parser = _Balance()
    parser.feed(text)
    parser.close()
    assert parser.stack == [], f"unclosed tags {parser.stack}"
    for svg in _svgs(text):
        ET.fromstring(svg)  # every embedded picture is well-formed XML
    return parser


def _svgs(text: str) -> list[str]:
    out = []
    start = text.find("<svg")
    while start >= 0:
        end = text.index("</svg>", start) + len("</svg>")
        out.append(text[start:end])
        start = text.find("<svg", end)
    return out


SPECS = [
    ["nim", "3", "4", "5"],
    ["nim", "1", "2", "3"],
    ["kayles", "10", "--misere"],
    ["clobber", "xox"],
    ["domineering", "3x2"],
    ["tictactoe", "x.o......"],
    ["hackenbush", "0-1 1-2 1-3 0-4"],
    ["subtraction:1,3,4", "7", "+", "nim", "2"],
]


@pytest.mark.parametrize("args", SPECS, ids=" ".join)
def test_str_is_the_command_line_text(args: list[str]) -> None:
    misere = "--misere" in args
    words = [a for a in args if a != "--misere"]
    clear_cache()  # the method names the work done: start afresh, as the command does
    result = solve(" ".join(words), misere=misere)
    # --ascii: the text writes a canonical value as str does (without it, a UTF-8 stdout
    # gets the pretty forms, 1±1 and ⇑*, in the Canonical value line alone)
    assert str(result) == cli("solve", *args, "--ascii")


@pytest.mark.parametrize("args", SPECS, ids=" ".join)
def test_repr_is_one_short_line(args: list[str]) -> None:
    words = [a for a in args if a != "--misere"]
    result = solve(" ".join(words), misere="--misere" in args)
    text = repr(result)
    assert "\n" not in text and len(text) <= 120
    assert text.startswith(f"Result(spec={str(result.position)!r}, ")
    assert f"outcome={result.outcome!r}" in text


@pytest.mark.parametrize("args", SPECS, ids=" ".join)
def test_html_is_well_formed_and_keeps_why_in_pre(args: list[str]) -> None:
    words = [a for a in args if a != "--misere"]
    result = solve(" ".join(words), misere="--misere" in args)
    parser = well_formed_html(result._repr_html_())
    if result.explanation:
        assert "\n".join(result.explanation) in parser.pre


def test_html_escapes_what_it_shows() -> None:
    result = solve("clobber xox")
    text = result._repr_html_()
    assert any("<=" in line or "'" in line for line in result.explanation)
    assert "<=" not in text and "&lt;=" in text


def test_nim_sum_table_keeps_its_columns() -> None:
    result = solve("nim 3 4 5")
    pre = well_formed_html(result._repr_html_()).pre[0]
    lines = pre.splitlines()
    table = [line for line in lines if line.strip().split(" ")[0] in ("3", "4", "5", "XOR")]
    assert len(table) == 4
    assert len({line.rindex(" ") for line in table[:3]}) == 1  # binary digits aligned


def test_canonical_game_rich_reprs() -> None:
    g = CanonicalGame("{2|-1/2}")
    parser = well_formed_html(g._repr_html_())
    assert parser.stack == []
    assert "mean 3/4, temperature 5/4" in g._repr_html_()
    root = ET.fromstring(g._repr_svg_())
    assert root.tag == SVG + "svg"


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return ["".join(t.itertext()) for t in root.iter(SVG + "text")]


def test_thermograph_has_ticks_and_axis_labels() -> None:
    texts = _texts(thermograph_svg("{2|-1/2}"))
    assert "temperature t" in texts and any(t.startswith("x (Left") for t in texts)
    for tick in ("0", "1", "2", "-1", "1/2", "3/2"):
        assert tick in texts, tick
    root = ET.fromstring(thermograph_svg(CanonicalGame("{10|-10}")))
    assert root.find(SVG + "title") is not None


def test_plot_marks_preperiod_and_period() -> None:
    t = tabulate(KAYLES)
    per = heap_periodicity(KAYLES)
    assert (t.periodicity.preperiod, t.periodicity.period) == (per.preperiod, per.period)
    svg = t.svg()
    root = ET.fromstring(svg)
    assert len(list(root.iter(SVG + "circle"))) == t.last + 1
    texts = _texts(svg)
    assert "preperiod 71, period 12 (proved)" in texts
    assert "heap n" in texts and "G(n)" in texts and "100" in texts
    assert svg._repr_svg_() == svg
    well_formed_html(t._repr_html_())


def test_plot_without_a_period_and_as_a_line() -> None:
    texts = _texts(plot(KAYLES, 20))
    assert not any(x.startswith("preperiod") for x in texts)
    long = plot_svg(list(range(1000)) * 0 + [n % 7 for n in range(1000)])
    root = ET.fromstring(long)
    assert len(list(root.iter(SVG + "polyline"))) == 1


def test_table_text_is_grundy_table() -> None:
    t = tabulate(parse_ruleset("octal:0.07"), 45)
    assert str(t) == cli("table", "octal:0.07", "-n", "45")
    assert repr(t) == f"HeapTable(game={t.game!r}, last=45, period=None)"


def test_quotient_text_is_grundy_quotient() -> None:
    q = misere_quotient(KAYLES, 12)
    assert str(q) == cli("quotient", "kayles", "-n", "12")
    assert q.text(table=True) == cli("quotient", "kayles", "-n", "12", "--table")
    assert "\n" not in repr(q)
    well_formed_html(q._repr_html_())


def test_position_html_still_well_formed() -> None:
    well_formed_html(parse("chomp:2x2")._repr_html_())
