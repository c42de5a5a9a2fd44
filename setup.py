"""Build of grundy's optional compiled core, the extension module ``grundy._core``.

Everything else about the package is in pyproject.toml. The extension is compiled from
every ``.c`` file of ``src/grundy/_core/`` when a C compiler and Python's headers are
there; when the build fails, the install goes on without it and says so in one line
(grundy then runs its pure-Python twins, see ``grundy info``).

Environment:
  GRUNDY_STRICT_BUILD=1   compile with -Wall -Wextra -Werror (/W3 with MSVC) and let a
                          failed build fail the install (CI and cibuildwheel set it)
  GRUNDY_PURE_PYTHON=1    at build time: skip the extension altogether
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CORE = Path("src/grundy/_core")


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


class OptionalBuildExt(build_ext):
    """build_ext that adds the warning flags and survives a missing compiler."""

    def build_extensions(self) -> None:
        msvc = self.compiler.compiler_type == "msvc"
        strict = _flag("GRUNDY_STRICT_BUILD")
        for ext in self.extensions:
            if msvc:
                # /W3 only: MSVC's size-conversion warnings are not errors here (untested)
                ext.extra_compile_args += ["/O2", *(["/W3"] if strict else [])]
            else:
                # hidden: only PyInit__core is exported, so the functions the core's files
                # share may be inlined within a file (no symbol interposition)
                ext.extra_compile_args += ["-O3", "-fvisibility=hidden"]
                if strict:
                    ext.extra_compile_args += ["-Wall", "-Wextra", "-Werror"]
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            self._give_up(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._give_up(exc)

    def _give_up(self, exc: BaseException) -> None:
        if _flag("GRUNDY_STRICT_BUILD"):
            raise exc
        text = " ".join(str(exc).split()) or type(exc).__name__
        failed = re.search(r"Command '\['([^']*)'.*exit (?:status|code) (\d+)", text)
        reason = (
            f"the C compiler {failed[1]} failed with exit status {failed[2]}" if failed else text
        )
        print(
            f"grundy: building without its compiled core ({reason[:300]}); "
            "everything runs in pure Python",
            file=sys.stderr,
        )


extensions = []
if not _flag("GRUNDY_PURE_PYTHON"):
    extensions.append(
        Extension(
            "grundy._core",
            sources=sorted(str(p) for p in CORE.glob("*.c")),
            depends=sorted(str(p) for p in CORE.glob("*.h")),
        )
    )

setup(ext_modules=extensions, cmdclass={"build_ext": OptionalBuildExt})
