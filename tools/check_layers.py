"""Check grundy's layers: every import (function-level ones included) points downwards.

Layers, bottom to top (a package may import its own layer's modules and any
layer below; packages on one layer may not import each other)::

    {errors, _version, _lazy} < kernels < core < {heap, hackenbush, search, cgt, quotient}
           < {catalog, census} < lang < _api < play < __init__ < web < cli < __main__

The front ends (``cli``, ``web``) import only public faces: the ``grundy``
package itself, ``grundy.errors``, and the ``__init__`` of a public package
(``grundy.lang``, ``grundy.heap``, ...), never a private module.

Usage: python tools/check_layers.py [SRC]   (exit 1 and one line per violation)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

LAYERS: list[set[str]] = [
    {"errors", "_version", "_lazy"},
    {"kernels"},
    {"core"},
    {"heap", "hackenbush", "search", "cgt", "quotient"},
    {"catalog", "census"},
    {"lang"},
    {"_api"},
    {"play"},
    {"__init__"},
    {"web"},
    {"cli"},
    {"__main__"},
]
FRONT_ENDS = {"cli", "web"}
PUBLIC_PACKAGES = {"grundy", "grundy.errors", "grundy.play"} | {
    f"grundy.{p}"
    for p in ("lang", "heap", "hackenbush", "search", "cgt", "quotient", "census", "web")
}


def _level(top: str) -> int:
    for i, layer in enumerate(LAYERS):
        if top in layer:
            return i
    raise KeyError(top)


def _imports(path: Path, module: str) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: list[tuple[int, str]] = []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            out.append((node.lineno, base))
            # "from grundy import heap" imports the package grundy.heap
            for a in node.names:
                if f"{base}.{a.name}".count(".") == 1 and base == "grundy":
                    out.append((node.lineno, f"grundy.{a.name}"))
    return [(n, m) for n, m in out if m == "grundy" or m.startswith("grundy.")]


def check(src: Path) -> list[str]:
    """Every violation, one line each."""
    root = src / "grundy"
    problems: list[str] = []
    known = {p.stem if p.is_file() else p.name for p in root.iterdir()} - {"py", "__pycache__"}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(src).with_suffix("")
        module = ".".join(rel.parts).removesuffix(".__init__")
        top = rel.parts[1] if len(rel.parts) > 1 else "__init__"
        if top not in {t for layer in LAYERS for t in layer}:
            problems.append(f"{path}: package {top!r} has no layer in tools/check_layers.py")
            continue
        for line, target in _imports(path, module):
            tparts = target.split(".")
            ttop = tparts[1] if len(tparts) > 1 else "__init__"
            if ttop not in known and ttop != "__init__":
                continue  # a name imported from the grundy package, not a module
            if ttop == top:
                continue
            where = f"{path}:{line}"
            if _level(ttop) > _level(top):
                problems.append(f"{where}: {module} imports {target}, a layer above it")
            elif _level(ttop) == _level(top):
                problems.append(f"{where}: {module} imports {target} from its own layer")
            elif top in FRONT_ENDS and target not in PUBLIC_PACKAGES:
                problems.append(f"{where}: front end {module} imports private {target}")
    return problems


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1] / "src"
    problems = check(src)
    for p in problems:
        print(p)
    print(f"layers: {len(problems)} violation(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
