"""Checkpoint files and the ``grundy quotient`` command (called through its module)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import grundy.cli.main as cli_main
from grundy.cli import quotient_cmd
from grundy.cli.common import OneLineParser
from grundy.cli.main import main
from grundy.errors import SolvedFileError
from grundy.quotient import QuotientBuilder, load_checkpoint, save_checkpoint
from tests.quotient.helpers import RulesGame
from tests.quotient.reference import octal_rules


def _run(argv: list[str]) -> int:
    parser = OneLineParser(prog="grundy")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    quotient_cmd.register(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


def test_checkpoint_round_trip_and_damage(tmp_path: Path) -> None:
    game = RulesGame(octal_rules("0.77"), "k")
    b = QuotientBuilder(game)
    b.extend(10)
    path = str(tmp_path / "k.json")
    save_checkpoint(path, "k", b)
    again = load_checkpoint(path, game, "k")
    assert (again.mul, again.phi, again.is_p) == (b.mul, b.phi, b.is_p)
    with pytest.raises(SolvedFileError, match="not k2"):
        load_checkpoint(path, game, "k2")
    body = json.loads(Path(path).read_text())
    body["data"]["phi"][3] = 0
    Path(path).write_text(json.dumps(body))
    with pytest.raises(SolvedFileError, match="checksum"):
        load_checkpoint(path, game, "k")
    Path(path).write_text("{not json")
    with pytest.raises(SolvedFileError, match="damaged"):
        load_checkpoint(path, game, "k")
    assert [p.name for p in tmp_path.iterdir()] == ["k.json"]  # no temporary files left


def test_consistent_but_wrong_state_is_refused(tmp_path: Path) -> None:
    game = RulesGame(octal_rules("0.77"), "k")
    b = QuotientBuilder(game)
    b.extend(6)
    b.is_p = [not v for v in b.is_p]
    path = str(tmp_path / "k.json")
    save_checkpoint(path, "k", b)
    with pytest.raises(SolvedFileError, match="does not describe"):
        load_checkpoint(path, game, "k")


def test_cli_text_json_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["quotient", "octal:0.75", "-n", "25", "--table"]) == 0
    out = capsys.readouterr().out
    assert "order 8" in out and "Multiplication table:" in out and "proved" in out
    assert _run(["quotient", "nim", "-n", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["order"] == 6 and data["tame"] == "T2" and data["p_portion"] == ["a", "b²"]
    assert data["pretending"] == ["1", "a", "b", "ab"] and len(data["table"]) == 6


def test_cli_checkpoint_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "kayles.json")
    assert _run(["quotient", "kayles", "-n", "12", "--out", out]) == 0
    assert json.loads(Path(out).read_text())["data"]["done"] == 12
    assert _run(["quotient", "kayles", "-n", "20", "--out", out, "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["computed_to"] == 20
    with pytest.raises(SolvedFileError):
        _run(["quotient", "nim", "-n", "3", "--out", out])


def test_cli_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert quotient_cmd in cli_main.COMMANDS
    assert main(["quotient", "wythoff"]) == 2
    assert main(["quotient", "kayles", "-n", "x"]) == 2
    assert main(["quotient", "nosuchgame"]) == 2
    err = capsys.readouterr().err
    assert all(line.startswith(("grundy", "grundy quotient")) for line in err.splitlines())


@pytest.mark.slow
def test_a_stopped_computation_shows_the_quotient_observed_so_far(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Dawson's Kayles to heap 40 within 5 s: heaps 0..33 take a few seconds, heap 34
    much longer (the quotients grow to 638 elements at heap 33 and its candidates pass
    4,096), so the time limit stops it; the quotient of the heaps done (each added whole,
    so exact) is printed, marked as observed, and the stop is one line on stderr with
    exit status 1."""
    assert main(["quotient", "dawson", "-n", "40", "--time-limit", "5"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("Misère quotient of dawson, heaps 0..")
    assert "Checked: observed up to heap" in out
    assert err.count("\n") == 1 and err.startswith("grundy: stopped after heap ")


def test_max_work_bounds_each_heap(capsys: pytest.CaptureFixture[str]) -> None:
    """``--max-work`` is the step budget of one heap: Kayles with 1,000 steps stops early,
    names the option to raise, and still prints the (exact) quotient of the heaps done."""
    assert main(["quotient", "kayles", "-n", "40", "--max-work", "1000"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("Misère quotient of kayles, heaps 0..")
    assert err.count("\n") == 1 and "raise it with --max-work STEPS" in err
    assert main(["quotient", "kayles", "-n", "12", "--max-work", "100000000"]) == 0
    capsys.readouterr()
    assert main(["quotient", "kayles", "--max-work", "0"]) == 2
    assert "--max-work: expected a number of steps, got '0'" in capsys.readouterr().err


def test_max_order_bounds_the_quotient(capsys: pytest.CaptureFixture[str]) -> None:
    """``--max-order N``: Dawson's Kayles grows past 10 elements at heap 10 (order 12), so
    it stops after heap 9 with the quotient so far; 0 is refused (exit 2)."""
    assert main(["quotient", "dawson", "-n", "20", "--max-order", "10"]) == 1
    out, err = capsys.readouterr()
    assert "heaps 0..9: order 6" in out
    assert err == "grundy: stopped after heap 9: the quotient passed 10 elements at heap 10\n"
    assert main(["quotient", "dawson", "--max-order", "0"]) == 2
    assert "--max-order: expected a number of elements, got '0'" in capsys.readouterr().err


def test_stopped_by_max_work_then_resumed_gives_the_uninterrupted_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dawson's Kayles to heap 20 with a work bound that stops it part way (exit 1, saved),
    then resumed from the file without the bound: the JSON answer is the one of a run
    that was never interrupted, and the file (version 2: the generators' actions) holds
    heaps 0..20."""
    out = str(tmp_path / "dawson.json")
    assert main(["quotient", "dawson", "-n", "20", "--out", out, "--max-work", "2000"]) == 1
    err = capsys.readouterr().err
    assert "saved heaps 0.." in err and "run again to go on" in err
    stopped = json.loads(Path(out).read_text())
    assert stopped["version"] == 2 and stopped["data"]["done"] == 9  # heap 10 takes more
    assert main(["quotient", "dawson", "-n", "20", "--out", out, "--json"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert main(["quotient", "dawson", "-n", "20", "--json"]) == 0
    assert resumed == json.loads(capsys.readouterr().out)
    assert resumed["order"] == 24 and resumed["computed_to"] == 20
    data = json.loads(Path(out).read_text())["data"]
    assert data["done"] == 20 and "mul" not in data
    assert all(len(row) == resumed["order"] for row in data["acts"])


def test_version_1_checkpoints_are_still_read(tmp_path: Path) -> None:
    """A checkpoint written with the table (version 1) loads to the same state."""
    game = RulesGame(octal_rules("0.07"), "d")
    b = QuotientBuilder(game)
    b.extend(14)
    data = {"done": b.done, "mul": b.mul, "is_p": b.is_p, "phi": b.phi}
    data["changed_at"] = b.changed_at
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    body = {"format": "grundy-misere-quotient", "version": 1, "game": "d", "data": data}
    body["sha256"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    path = tmp_path / "d.json"
    path.write_text(json.dumps(body))
    again = load_checkpoint(str(path), game, "d")
    assert (again.mul, again.phi, again.is_p, again.changed_at) == (
        b.mul,
        b.phi,
        b.is_p,
        b.changed_at,
    )


def test_a_heap_stopped_part_way_resumes_from_the_candidate_it_had_reached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Heap 25 of Dawson's Kayles takes 24 candidates. With a work bound of 1,000,000 steps
    each run stops inside it, saves the candidate reached, and the next run goes on from
    there (each gets further); the answer is the one of an uninterrupted run."""
    out = str(tmp_path / "dawson.json")
    reached = []
    for _ in range(30):
        code = main(["quotient", "dawson", "-n", "25", "--out", out, "--max-work", "1000000"])
        err = capsys.readouterr().err
        if code == 0:
            break
        assert "and the search of heap 25 (candidate " in err, err
        pending = json.loads(Path(out).read_text())["data"]["pending"]
        assert pending["heap"] == 25
        reached.append(pending["tries"])
    assert code == 0 and len(reached) >= 3 and reached == sorted(set(reached))
    data = json.loads(Path(out).read_text())["data"]
    assert data["done"] == 25 and "pending" not in data
    assert main(["quotient", "dawson", "-n", "25", "--out", out, "--json"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert main(["quotient", "dawson", "-n", "25", "--json"]) == 0
    assert resumed == json.loads(capsys.readouterr().out) and resumed["order"] == 144


def test_a_damaged_search_saved_part_way_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Candidates saved part way are checked when read (commuting actions that reach every
    element): one that is not a monoid is refused in one line, even with a good checksum."""
    out = tmp_path / "dawson.json"
    args = ["quotient", "dawson", "-n", "25", "--out", str(out), "--max-work", "300000"]
    assert main(args) == 1
    capsys.readouterr()
    body = json.loads(out.read_text())
    acts = body["data"]["pending"]["acts"]
    acts[0][1], acts[0][2] = acts[0][2], acts[0][1]
    text = json.dumps(body["data"], sort_keys=True, separators=(",", ":"))
    body["sha256"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    out.write_text(json.dumps(body))
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is damaged: " in err, err
