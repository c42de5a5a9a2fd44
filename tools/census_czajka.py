"""Compare a census database of the 3-digit octal codes with Tomek Czajka's lists.

    PYTHONPATH=src python tools/census_czajka.py DB [--heaps H]

Reads ``tests/census/data/czajka_lists.txt`` (his unsolved and nontrivial solved
lists), ``czajka_trivial.txt`` (his trivial games, with their nimbers) and
``czajka_lookup.txt`` (the class of every other code), all with ``# Source:`` lines,
and prints every disagreement:

* each code's status: Czajka's (the status of its class: trivial, solved, unsolved) against
  the census row (proved, or not to N heaps); a code he lists as solved whose proof needs
  more heaps than the census computed is "not reached", not a disagreement;
* each proved period and preperiod against his (his trivial nimbers heap by heap);
* each lookup entry: the two codes' tables to H heaps (default 8,192) must agree up to a
  shift of the heaps by at most 3 (his classes allow the offset), leading values 0.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "tests" / "census" / "data"
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _lines(name: str) -> list[list[str]]:
    text = (DATA / name).read_text(encoding="utf-8").splitlines()
    assert text[0].startswith("# Source:"), name
    return [ln.split() for ln in text if ln.strip() and not ln.startswith("#")]


def _status() -> tuple[dict[str, str], dict[str, list[str]], dict[str, str]]:
    """(kind of each listed code, trivial rows, class of each looked-up code)."""
    kind = {w[1]: w[0] for w in _lines("czajka_lists.txt")}
    trivial = {w[0]: w[1:] for w in _lines("czajka_trivial.txt")}
    for code in trivial:
        kind.setdefault(code, "trivial")
    lookup = {w[0]: w[1] for w in _lines("czajka_lookup.txt")}
    return kind, trivial, lookup


def _root(code: str, lookup: dict[str, str]) -> str:
    seen = set()
    while code in lookup and code not in seen:
        seen.add(code)
        code = lookup[code]
    return code


def _nimbers(text: str) -> tuple[list[int], int]:
    """His nimbers ``01(0)``: the values of heaps 0.. and where the period starts."""
    pre, _, rest = text.partition("(")
    per = rest.rstrip(")")
    return [DIGITS.index(c) for c in pre + per], len(pre)


def _shift_equal(a: Any, b: Any, most: int = 3) -> int | None:
    """The shift ``s`` (|s| <= most) with ``a[n + s] == b[n]`` where both exist and the
    heaps shifted out hold 0; None if there is none."""
    for s in sorted(range(-most, most + 1), key=abs):
        x, y = (a[s:], b) if s >= 0 else (a, b[-s:])
        head = a[:s] if s >= 0 else b[:-s]
        m = min(len(x), len(y))
        if all(int(v) == 0 for v in head) and (x[:m] == y[:m]).all():
            return s
    return None


COLUMNS = (
    "code stopped heaps preperiod period largest largest_at rare_mask rare_heaps "
    "last_rare_heap same_as czajka"
)


def _export(
    path: Path,
    rows: dict[str, dict[str, Any]],
    source: str,
    lookup: dict[str, str],
    kind: dict[str, str],
) -> None:
    """One line per code: the census's columns and Czajka's status of its class."""

    def cell(v: Any, hexa: bool = False) -> str:
        return "-" if v is None else (f"{v:x}" if hexa else str(v))

    lines = [
        f"# Source: {source}",
        "# Czajka's lists: tests/census/data/czajka_*.txt (class: his code of the class)",
        "# " + COLUMNS + " (rare_mask in hex; '-' none; periods of unproved codes left out)",
    ]
    for code, r in sorted(rows.items(), key=lambda kv: (len(kv[0]), kv[0])):
        root = _root(code, lookup)
        proved = bool(r["proved"])
        words = [
            code,
            r["stopped"],
            str(r["heaps"]),
            cell(r["preperiod"] if proved else None),
            cell(r["period"] if proved else None),
            str(r["largest"]),
            cell(r["largest_at"]),
            cell(r["rare_mask"], hexa=True),
            cell(r["rare_heaps"]),
            cell(r["last_rare_heap"]),
            cell(r["same_as"]),
            f"{kind.get(root, '?')}:{root}",
        ]
        lines.append(" ".join(words))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db")
    ap.add_argument("--heaps", type=int, default=8192, help="heaps compared per lookup entry")
    ap.add_argument("--export", metavar="PATH", help="also write one line per code to PATH")
    ap.add_argument("--source", default="", help="the provenance line of the export")
    args = ap.parse_args(argv)
    from grundy.heap.games import TakeAndBreak  # noqa: PLC0415
    from grundy.heap.table import build_table  # noqa: PLC0415

    con = sqlite3.connect(args.db)
    con.row_factory = sqlite3.Row
    rows = {r["code"]: dict(r) for r in con.execute("SELECT * FROM codes")}
    kind, trivial, lookup = _status()
    solved = {w[1] for w in _lines("czajka_lists.txt") if w[0] == "solved"}
    out: list[str] = []
    counts = {"agree": 0, "not reached": 0, "disagree": 0, "not listed": 0}
    for code, r in sorted(rows.items(), key=lambda kv: (len(kv[0]), kv[0])):
        root = _root(code, lookup)
        his = kind.get(root)
        if his is None:
            counts["not listed"] += 1
            out.append(f"not listed: {code} (class {root}) is in none of his lists")
            continue
        ours = "proved" if r["proved"] else f"unproved to {r['heaps']:,}"
        if his == "unsolved" and r["proved"]:
            counts["disagree"] += 1
            out.append(
                f"DISAGREE {code}: he lists its class {root} as unsolved; the census proves "
                f"period {r['period']} from heap {r['preperiod']} "
                f"(proof to heap {r['proof_bound']})"
            )
        elif his in ("solved", "trivial") and not r["proved"]:
            if root in solved:
                counts["not reached"] += 1
                out.append(f"not reached: {code} (class {root}, solved by him): {ours}")
            else:
                counts["disagree"] += 1
                out.append(f"DISAGREE {code}: class {root} is {his} for him; {ours} here")
        else:
            counts["agree"] += 1
    # periods of his trivial codes, heap by heap
    for code, (prefix, period, nimbers) in trivial.items():
        if code not in rows:
            continue
        r = rows[code]
        values = _nimbers(nimbers)[0]
        mine = build_table(TakeAndBreak.from_code(code), len(values) - 1, method="plain")
        if [int(v) for v in mine] != values:
            first = next(i for i, v in enumerate(values) if int(mine[i]) != v)
            out.append(f"DISAGREE {code}: his nimbers differ from ours at heap {first}")
            counts["disagree"] += 1
        if r["proved"] and (r["preperiod"], r["period"]) != (int(prefix), int(period)):
            out.append(
                f"differs {code}: his prefix {prefix}, period {period}; ours (smallest) "
                f"preperiod {r['preperiod']}, period {r['period']}"
            )
    # his solved table
    for w in _lines("czajka_lists.txt"):
        if w[0] == "solved" and w[1] in rows and rows[w[1]]["proved"]:
            r = rows[w[1]]
            out.append(f"solved {w[1]}: ours period {r['period']} from heap {r['preperiod']}")
    # the lookup classes, up to a shift
    tables: dict[str, Any] = {}

    def table(c: str) -> Any:
        if c not in tables:
            tables[c] = build_table(TakeAndBreak.from_code(c), args.heaps, method="plain")
        return tables[c]

    shifted = 0
    for code, rep in lookup.items():
        if code not in rows:
            continue
        s = _shift_equal(table(code), table(rep))
        if s is None:
            counts["disagree"] += 1
            out.append(f"DISAGREE lookup {code} -> {rep}: no shift of <= 3 heaps makes them equal")
        elif s:
            shifted += 1
    if args.export:
        _export(Path(args.export), rows, args.source, lookup, kind)
    print("\n".join(out))
    print(
        f"{len(rows):,} codes: {counts['agree']:,} agree on solved/unsolved, "
        f"{counts['disagree']:,} disagreements, {counts['not reached']:,} not reached, "
        f"{counts['not listed']:,} not listed; lookup entries checked to {args.heaps:,} heaps: "
        f"{shifted:,} equal up to a shift, the others equal"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
