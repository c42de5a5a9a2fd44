"""Forged partisan checkpoints are refused (issue 35 item 2): a ``--checkpoint`` file whose
region records point at other games, its SHA-256 recomputed as the format demands, gives
one line and exit status 2, never a wrong answer; an honest one still loads and resumes
to the same answer. Each record read back is checked one ply deep
(:mod:`grundy.cgt._verify_memo`), with the compiled walks and with the pure-Python memo.

Bounds: the four positions of the report (Clobber ``xoxo/oxox/xoxo``, Domineering 4x4,
Toads-and-Frogs ``ttt..fff``, Col 3x3), both tables.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import grundy
from grundy.cgt import CanonicalGame
from grundy.cgt._memo_file import RECORD
from grundy.cgt.solve import value_of
from grundy.core.game import PartisanGame
from grundy.errors import SearchLimitError, SolvedFileError
from grundy.kernels._core import PURE_PYTHON, core_module
from tests.cli.helpers import run

SPECS = ["clobber xoxo/oxox/xoxo", "domineering:4x4", "toads-frogs ttt..fff", "col 3x3"]
_ID_AT = 20


@pytest.fixture(params=["compiled", "pure"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "compiled":
        if core_module() is None:
            pytest.skip("the compiled core is not built")
        monkeypatch.delenv(PURE_PYTHON, raising=False)
    else:
        monkeypatch.setenv(PURE_PYTHON, "1")
    grundy.clear_cache()  # the table is chosen here
    yield request.param
    monkeypatch.delenv(PURE_PYTHON, raising=False)
    grundy.clear_cache()


def _sections(path: Path) -> tuple[dict[str, object], list[bytes]]:
    head, _, body = gzip.decompress(path.read_bytes()).partition(b"\n")
    header = json.loads(head)
    cuts = [0]
    for n in header["sizes"]:
        cuts.append(cuts[-1] + n)
    return header, [body[cuts[i] : cuts[i + 1]] for i in range(4)]


def _position(spec: str) -> tuple[PartisanGame[Any], Any]:
    p = grundy.parse(spec)
    assert not isinstance(p, grundy.Sum) and isinstance(p.game, PartisanGame)
    return p.game, p.state


def _reseal(path: Path, header: dict[str, object], sections: list[bytes]) -> None:
    """Write the file back with its sizes and SHA-256 recomputed (as a forger would)."""
    digest = hashlib.sha256()
    for part in sections:
        digest.update(part)
    header = {**header, "sizes": [len(p) for p in sections], "sha256": digest.hexdigest()}
    path.write_bytes(gzip.compress(json.dumps(header).encode() + b"\n" + b"".join(sections)))


def _forge(path: Path, true_id: int, other_id: int) -> int:
    """Point every record of value ``true_id`` at ``other_id``; how many were changed."""
    header, sections = _sections(path)
    changed = 0
    pairs = json.loads(sections[2])
    for pair in pairs:
        if pair[1] == true_id:
            pair[1] = other_id
            changed += 1
    sections[2] = json.dumps(pairs, separators=(",", ":")).encode()
    raw = bytearray(sections[3])
    for at in range(0, len(raw), RECORD):
        if int.from_bytes(raw[at + _ID_AT : at + RECORD], "little", signed=True) == true_id:
            raw[at + _ID_AT : at + RECORD] = other_id.to_bytes(4, "little", signed=True)
            changed += 1
    sections[3] = bytes(raw)
    _reseal(path, header, sections)
    return changed


def _forged_checkpoint(spec: str, path: Path) -> CanonicalGame:
    """A checkpoint of ``spec`` whose records of the answer's value say another game."""
    game, state = _position(spec)
    other = CanonicalGame("{2|-2}")  # (made first: in the table the file copies)
    true = value_of(game, state, checkpoint=path)
    assert other != true
    assert _forge(path, true._id, other._id) > 0  # the forgery changes the file
    grundy.clear_cache()
    return true


@pytest.mark.parametrize("spec", SPECS)
def test_a_forged_checkpoint_is_refused(spec: str, backend: str, tmp_path: Path) -> None:
    path = tmp_path / "memo.gz"
    _forged_checkpoint(spec, path)
    game, state = _position(spec)
    with pytest.raises(SolvedFileError, match="forged or wrong: its record of the region"):
        value_of(game, state, checkpoint=path)
    # nothing of the refused file stays behind: asked again without it, the true answer
    assert value_of(game, state) == _true_value(spec)


def _true_value(spec: str) -> CanonicalGame:
    return {
        "clobber xoxo/oxox/xoxo": CanonicalGame(0),
        "domineering:4x4": CanonicalGame(
            "{0,{1+-1,{2|1+-1}|1+-1,{1+-1|0}}|0,{-1+-1,{0|-1+-1}|-1+-1,{-1+-1|-2}}}"
        ),
        "toads-frogs ttt..fff": _plain(spec),
        "col 3x3": CanonicalGame(0),
    }[spec]


def _plain(spec: str) -> CanonicalGame:
    game, state = _position(spec)
    grundy.clear_cache()
    return value_of(game, state)


def test_the_report_s_clobber_forgery_is_one_line_and_status_2(tmp_path: Path) -> None:
    grundy.clear_cache()
    path = tmp_path / "memo.gz"
    _forged_checkpoint("clobber xoxo/oxox/xoxo", path)
    r = run("solve", "clobber", "xoxo/oxox/xoxo", "--checkpoint", str(path))
    assert r.status == 2, (r.status, r.out, r.err)
    assert r.out == ""
    assert r.err.count("\n") == 1 and "Traceback" not in r.err, r.err
    assert str(path) in r.err and "forged or wrong" in r.err


@pytest.mark.parametrize("spec", SPECS)
def test_an_honest_checkpoint_loads_and_resumes(spec: str, backend: str, tmp_path: Path) -> None:
    true = _plain(spec)
    game, state = _position(spec)
    path = tmp_path / "memo.gz"
    grundy.clear_cache()
    with pytest.raises(SearchLimitError):  # stopped part way: the file holds some regions
        value_of(game, state, checkpoint=path, max_positions=20)
    assert path.exists()
    grundy.clear_cache()
    assert value_of(game, state, checkpoint=path) == true  # resumed, every record checked
    grundy.clear_cache()
    assert value_of(game, state, checkpoint=path) == true  # the whole memo, checked


def test_a_record_of_a_key_that_gives_no_board_is_not_trusted(tmp_path: Path) -> None:
    from grundy.cgt._verify_memo import check_records  # noqa: PLC0415
    from grundy.cgt.games.domineering import Domineering  # noqa: PLC0415
    from grundy.cgt.solve import _number, _optioner, _splitter  # noqa: PLC0415

    g = Domineering()
    split = _splitter(g)
    star = CanonicalGame("*")._id
    dropped = check_records(
        g,
        [((2, 2, (9, 3)), star), ((1, 2, (3,)), CanonicalGame(-1)._id)],  # a row too wide
        {},
        split=split,
        options=_optioner(g, split),
        fresh=lambda region: value_of(g, region)._id,
        number=_number,
        where="f",
    )
    assert dropped == [(2, 2, (9, 3))]
    with pytest.raises(SolvedFileError, match=r"region \(1, 2, \(3,\)\) says 0, but"):
        check_records(
            g,
            [((1, 2, (3,)), CanonicalGame(0)._id)],  # one domino across: Right's -1
            {},
            split=split,
            options=_optioner(g, split),
            fresh=lambda region: value_of(g, region)._id,
            number=_number,
            where="f",
        )


def test_the_check_keeps_to_the_time_limit_and_leaves_nothing_unchecked(
    backend: str, tmp_path: Path
) -> None:
    from grundy.cgt.solve import memo_size  # noqa: PLC0415
    from grundy.core.limits import now  # noqa: PLC0415
    from grundy.errors import TimeLimitError  # noqa: PLC0415

    game, state = _position("domineering:4x4")
    path = tmp_path / "memo.gz"
    value_of(game, state, checkpoint=path)
    before = path.read_bytes()
    grundy.clear_cache()
    with pytest.raises(TimeLimitError, match="stopped at the time limit"):
        value_of(game, state, checkpoint=path, deadline=now() - 1)  # (past before it starts)
    assert memo_size(game) == 0  # the records read back were all taken out again
    assert path.read_bytes() == before  # and the file was not written over
