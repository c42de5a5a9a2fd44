"""``import grundy`` loads nothing but the version: every public name is imported on first
use (PEP 562). Timing never decides a test: this checks which modules load, and that every
name of ``grundy.__all__`` resolves (the start-up time itself is in bench/compiled_core.py).
"""

from __future__ import annotations

import subprocess
import sys

import grundy


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(*sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_import_grundy_loads_only_the_version() -> None:
    loaded = {m for m in _modules_after("import grundy") if m.startswith("grundy")}
    assert loaded == {"grundy", "grundy._version"}
    assert "numpy" not in _modules_after("import grundy")


def test_first_use_loads_what_it_needs() -> None:
    loaded = _modules_after("import grundy\nassert grundy.solve('nim 3 4 5').outcome == 'N'")
    assert "grundy._api" in loaded


def test_every_public_name_resolves() -> None:
    for name in grundy.__all__:
        assert getattr(grundy, name) is not None, name
    assert set(grundy.__all__) <= set(dir(grundy))


def test_unknown_names_are_attribute_errors() -> None:
    try:
        grundy.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("no AttributeError")


#: What solving one partisan position never needs: the other games, pictures, thermograph
#: drawing, reduced forms, the two-player search, checkpoint files, numpy.
_NOT_FOR_ONE_POSITION = {
    "grundy.cgt.games.domineering",
    "grundy.cgt.games.cutcake",
    "grundy.cgt.games.hackenbush",
    "grundy.cgt.games.toppling",
    "grundy.catalog.boards",
    "grundy.heap",
    "grundy.hackenbush",
    "grundy.cgt.svg",
    "grundy.cgt.reduced",
    "grundy.search",
    "grundy.quotient",
    "numpy",
    "json",
    "gzip",
    "hashlib",
    "pkgutil",
    "pathlib",
}


def test_solving_a_clobber_position_loads_its_game_alone() -> None:
    loaded = _modules_after("import grundy\nassert grundy.solve('clobber xoxo').canonical")
    assert "grundy.cgt.games.clobber" in loaded
    assert not loaded & _NOT_FOR_ONE_POSITION, loaded & _NOT_FOR_ONE_POSITION


def test_the_command_line_loads_its_command_alone() -> None:
    code = "from grundy.cli.main import main\nassert main(['solve', 'toads-frogs tt..ff']) == 0"
    loaded = _modules_after(code)
    assert "grundy.cli.solve_cmd" in loaded and "grundy.cgt.games.toads_frogs" in loaded
    assert not {m for m in loaded if m.startswith("grundy.cli.") and m.endswith("_cmd")} - {
        "grundy.cli.solve_cmd"
    }
    assert not loaded & (_NOT_FOR_ONE_POSITION | {"rich", "grundy.cgt.games.clobber"})


def test_the_command_index_is_what_the_modules_register() -> None:
    from grundy.cli.main import COMMAND_MODULES, build_parser  # noqa: PLC0415

    def commands(parser: object) -> list[str]:
        action = next(a for a in parser._actions if a.dest == "command")  # type: ignore[attr-defined]
        return list(action.choices)

    assert commands(build_parser()) == list(COMMAND_MODULES)
    for name in COMMAND_MODULES:
        assert commands(build_parser([name, "x"])) == [name]


def test_the_help_lines_are_what_the_modules_register() -> None:
    from grundy.cli.main import COMMAND_HELP, COMMAND_MODULES, build_parser  # noqa: PLC0415

    assert list(COMMAND_HELP) == list(COMMAND_MODULES)
    for name in COMMAND_MODULES:
        action = next(a for a in build_parser([name])._actions if a.dest == "command")
        (choice,) = action._choices_actions  # type: ignore[attr-defined]
        assert choice.help == COMMAND_HELP[name], name


#: What ``grundy --version`` and ``grundy --help`` may load of grundy (time never decides:
#: the modules do; an empty interpreter's start is the goal, within 2x).
_STARTUP = {
    "grundy",
    "grundy._version",
    "grundy.cli",
    "grundy.cli.main",
    "grundy.cli.parser",
    "grundy.errors",
    "grundy.kernels",
    "grundy.kernels._core",
    "grundy._core",
}


def test_version_and_help_import_no_command_and_no_numpy() -> None:
    for word in ("--version", "--help"):
        code = (
            "import contextlib, io\nfrom grundy.cli.main import main\n"
            f"with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main([{word!r}])"
        )
        loaded = _modules_after(code)
        assert {m for m in loaded if m.startswith("grundy")} <= _STARTUP, word
        assert not {"numpy", "rich", "json", "argparse"} & loaded, word
        assert "typing" not in loaded, word  # nor typing (it costs as much as the start)
    assert "typing" not in _modules_after("import grundy")


def test_the_quick_help_says_what_the_index_parser_says() -> None:
    """``grundy --help`` is printed without argparse; argparse's text for the index parser,
    unwrapped, is the same."""
    import argparse  # noqa: PLC0415
    import os  # noqa: PLC0415

    from grundy.cli.main import build_parser, index_help  # noqa: PLC0415

    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "500"  # argparse wraps to the terminal: no wrapping here
    try:
        parser = build_parser()
        parser.formatter_class = lambda prog: argparse.HelpFormatter(prog, width=500)
        text = parser.format_help()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    assert text == index_help()
