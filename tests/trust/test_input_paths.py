"""Every input path goes through the file layer (issue 35 item 1): the census's ``file:``
family and its ``--db`` refuse devices, FIFOs and folders in one line, and read at most
their cap. (``grundy census file:/dev/zero`` grew to 5.8 GB; a FIFO blocked forever.)
The other paths (``--save``, ``--out``, ``--svg``, ``--load``, ``--checkpoint``, ``@FILE``)
are tested in tests/core/test_files.py and beside their commands.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grundy.census import family as family_module
from grundy.census.family import parse_family
from grundy.census.store import CensusStore
from grundy.errors import SolvedFileError
from tests.cli.helpers import run


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    path = tmp_path / "p"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize(
    ("special", "kind"),
    [("/dev/zero", "a character device"), ("FIFO", "a FIFO"), ("DIR", "a directory")],
)
def test_the_file_family_refuses_what_is_not_a_regular_file(
    special: str, kind: str, fifo: str, tmp_path: Path
) -> None:
    path = {"FIFO": fifo, "DIR": str(tmp_path)}.get(special, special)
    with pytest.raises(SolvedFileError, match=f"it is {kind}, not a regular file"):
        parse_family(f"file:{path}")
    r = run("census", f"file:{path}", "--db", str(tmp_path / "x.db"), "--no-progress")
    assert r.status == 2 and r.err.count("\n") == 1 and kind in r.err
    assert not (tmp_path / "x.db").exists()  # refused before the database is made


def test_the_file_family_reads_at_most_its_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    codes = tmp_path / "codes.txt"
    codes.write_text("0.07  # Dawson's Kayles\n0.137\n", encoding="utf-8")
    assert [i.code for i in parse_family(f"file:{codes}").items()] == ["0.07", "0.137"]
    monkeypatch.setattr(family_module, "MAX_FILE_BYTES", 10)
    with pytest.raises(SolvedFileError, match="at most"):
        parse_family(f"file:{codes}")


@pytest.mark.parametrize("special", ["/dev/zero", "FIFO", "DIR"])
def test_the_census_database_must_be_a_regular_file(
    special: str, fifo: str, tmp_path: Path
) -> None:
    path = {"FIFO": fifo, "DIR": str(tmp_path)}.get(special, special)
    with pytest.raises(SolvedFileError, match="not a regular file"):
        CensusStore(path)
    for argv in (["census", "list:0.07", "--db", path, "--no-progress"], ["census", "show", path]):
        r = run(*argv)
        assert r.status == 2 and r.err.count("\n") == 1 and "not a regular file" in r.err
