"""The one-pass reader of big edge lists (grundy.hackenbush.bulk) against the token reader:
the same edges, the same picture, the same errors, and the same analysis (issue 21)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.errors import InvalidSpecError
from grundy.hackenbush import graph
from grundy.hackenbush.bulk import arrays_of, canonical_arrays, edge_arrays
from grundy.hackenbush.graph import _text_edges, make_picture, parse_edges
from grundy.hackenbush.values import analyse
from grundy.kernels.hackenbush import compiled

edge_lists = st.lists(
    st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(1, 4)), min_size=1, max_size=30
)
separators = st.sampled_from([" ", "  ", "\n", ",", "\t", " , ", "\r\n"])


def _token_reader(text: str, weighted: bool) -> list[tuple[int, int, int]] | None:
    try:
        return _text_edges(text, weighted)
    except InvalidSpecError:
        return None


@settings(max_examples=300, deadline=None)
@given(edges=edge_lists, sep=separators, weighted=st.booleans(), data=st.data())
def test_well_formed_lists_read_the_same(
    edges: list[tuple[int, int, int]], sep: str, weighted: bool, data: st.DataObject
) -> None:
    tokens = [
        f"{u}-{v}:{w}" if weighted and (w != 1 or data.draw(st.booleans())) else f"{u}-{v}"
        for u, v, w in edges
    ]
    text = data.draw(st.sampled_from(["", " ", "\n"])) + sep.join(tokens) + sep
    found = edge_arrays(text, weighted)
    assert found is not None
    u, v, w = (a.tolist() for a in found)
    assert list(zip(u, v, w, strict=True)) == _token_reader(text, weighted)


@settings(max_examples=1000, deadline=None)
@given(text=st.text(alphabet="0123456789-:, \n\tx#\u00e9", max_size=40), weighted=st.booleans())
def test_any_text_is_read_the_same_or_left_to_the_token_reader(text: str, weighted: bool) -> None:
    # the bulk reader answers only for what the token reader accepts, and answers the same
    found = edge_arrays(text, weighted)
    if found is None:
        return
    u, v, w = (a.tolist() for a in found)
    assert list(zip(u, v, w, strict=True)) == _token_reader(text, weighted)


@pytest.mark.parametrize(
    "text",
    [
        "0-1 1-2-3",
        "0-1 -1",
        "0-1 1-",
        "0-1 :2",
        "0-1 1:2-3",
        "0-1 1-2:0",
        "0-1 1-2:3:4",
        "0-1 12",
        "0-1 1--2",
        "0-1 " + "9" * 19 + "-1",
        "0-1 1-2 \u00e9",
        "0-1 \x00",
        "",
        "   ",
    ],
)
def test_malformed_or_unusual_text_is_left_to_the_token_reader(text: str) -> None:
    assert edge_arrays(text, weighted=True) is None


@pytest.mark.skipif(not compiled(), reason="the bulk picture needs the compiled kernels")
@pytest.mark.parametrize(
    "text",
    [
        "0-1 1-2 2-0 3-3 0-0 1-1 2-1",
        "5-0 0-2 2-5 0-2",
        "1-2 2-3",  # no edge at the ground
        "0-1 1-2 3-4 4-4",  # a stray edge
        "0-1 7-8 1-2 8-9",
        "0-1 1-2:3 2-3:0",
        "0-1 1-2:3 2-3",
    ],
)
@pytest.mark.parametrize("weighted", [False, True])
def test_the_picture_and_its_errors_are_the_same(
    text: str, weighted: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    padded = text + " " * 60  # make it long enough to be read in bulk (the threshold is patched)

    def read() -> object:
        try:
            return parse_edges([padded], weighted)
        except InvalidSpecError as e:
            return str(e)

    monkeypatch.setattr(graph, "BULK_CHARS", 10**9)
    slow = read()
    monkeypatch.setattr(graph, "BULK_CHARS", 1)
    fast = read()
    assert fast == slow


@pytest.mark.skipif(not compiled(), reason="the bulk picture needs the compiled kernels")
@settings(max_examples=60, deadline=None)
@given(edges=st.lists(st.tuples(st.integers(0, 30), st.integers(1, 30)), min_size=1, max_size=80))
def test_the_analysis_from_kept_arrays_is_the_analysis_from_scratch(
    edges: list[tuple[int, int]],
) -> None:
    text = " ".join(f"{u}-{v}" for u, v in [(0, 1), *edges]) + " " * graph.BULK_CHARS
    try:
        picture = parse_edges([text], False)
    except InvalidSpecError:
        return  # a stray edge
    assert arrays_of(picture) is not None
    copy = (*picture,)  # an equal picture, another object: no arrays kept for it
    assert copy is not picture and arrays_of(copy) is None
    kept = analyse(picture, kernel=True)
    fresh = analyse(copy, kernel=True)
    assert kept.value == fresh.value
    assert kept.labels == fresh.labels
    assert kept.forest == fresh.forest


@settings(max_examples=200, deadline=None)
@given(
    edges=st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(1, 3)),
        min_size=1,
        max_size=40,
    ),
    spread=st.sampled_from([1, 1000, 10**9, 10**15]),
)
def test_canonical_arrays_sort_and_number_like_the_picture(
    edges: list[tuple[int, int, int]], spread: int
) -> None:
    # one key or three, a table or a sort for the labels: always the picture's order
    edges = [(u * spread, v * spread, w) for u, v, w in edges]
    u, v, w = (np.array(x, np.int64) for x in zip(*edges, strict=True))
    c = canonical_arrays(u, v, w)
    picture = make_picture(edges)
    assert list(zip(c.lo.tolist(), c.hi.tolist(), c.w.tolist(), strict=True)) == list(picture)
    labels = sorted({x for e in picture for x in e[:2]})
    assert c.labels.tolist() == labels
    assert [labels[i] for i in c.eu.tolist()] == [e[0] for e in picture]
    assert [labels[i] for i in c.ev.tolist()] == [e[1] for e in picture]
