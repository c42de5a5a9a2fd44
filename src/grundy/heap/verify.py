"""``grundy verify FILE``: re-check a saved table, and the period it claims, from scratch.

This module shares no code with the kernels, the table builder or the period search: it
reads the file itself, applies the mex rule written out again from the octal code's
digits, and checks the octal periodicity theorem's hypothesis directly.

*The octal periodicity theorem* (Guy and Smith 1956; Winning Ways, ch. 4): for a finite
octal code ``d0.d1...dt`` (every digit below 8, the last non-zero one at ``t``), if
``G(n + p) = G(n)`` for every ``e <= n < 2e + p + t``, then ``G(n + p) = G(n)`` for every
``n >= e``. It needs the values of heaps ``0..2e+2p+t-1`` to be right, so those are the
heaps whose mex is recomputed; every later value in the file is compared with the one
the period gives. With three-heap moves (hexadecimal digits 8-f) the same induction needs
``n < 3e + 2p + t``. A saltus (``G(n + p) = G(n) + s``, arithmetic periodicity) is checked
by the finite test of :mod:`grundy.heap.saltus` (a theorem, not kernel code), which gives
its own bound. Nothing covers the unequal-split rule of Grundy's game: there only the mex
rule is checked.

>>> import numpy as np
>>> kayles = np.array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], dtype=np.uint16)
>>> mex_errors(kayles, "0.77") is None
True
>>> mex_errors(np.array([0, 1, 2, 2], dtype=np.uint16), "0.77")
(3, 3)
"""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.core.files import open_regular
from grundy.core.limits import checkpoint
from grundy.errors import SolvedFileError, UnsupportedError
from grundy.heap.saltus import saltus_certificate

__all__ = ["Verification", "mex_errors", "read_table_file", "verify_values"]

_FINITE_CODE = re.compile(r"^([048c])\.([0-9a-f]*)$")

#: The largest file read (a table of 2^32 heaps of uint32 values, with room to spare).
_MAX_BYTES = 1 << 35


def read_table_file(path: str) -> tuple[dict[str, Any], Any]:
    """``(header, values)`` of a table saved by ``grundy table --out`` or ``grundy period
    --out``, its SHA-256 recomputed (:class:`SolvedFileError` if it differs)."""
    try:
        with (
            open_regular(path, _MAX_BYTES, "table") as f,
            np.load(f, allow_pickle=False) as data,
        ):
            header = json.loads(str(data["header"]))
            values = np.asarray(data["values"])
    except SolvedFileError:
        raise
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
        raise SolvedFileError(f"{path} is not a saved grundy table ({type(e).__name__})") from None
    if not isinstance(header, dict) or not isinstance(header.get("game"), str):
        raise SolvedFileError(f"{path} is not a saved grundy table (no game in its header)")
    if values.ndim != 1 or values.dtype.kind not in "iu" or len(values) == 0:
        raise SolvedFileError(f"{path} holds no table of values")
    digest = hashlib.sha256(np.ascontiguousarray(values).tobytes()).hexdigest()
    if header.get("sha256") != digest:
        raise SolvedFileError(f"{path}: the SHA-256 of its values does not match its header")
    return header, values


def _digits(code: str) -> list[int]:
    found = _FINITE_CODE.match(code.lower())
    if found is None:
        raise UnsupportedError(
            f"grundy verify checks finite octal and hexadecimal codes (d0.d1d2...dt, digits "
            f"0-f, d0 0, 4, 8 or c), not {code}"
        )
    digits = [int(found.group(1), 16)] + [int(c, 16) for c in found.group(2)]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return digits


def mex_errors(values: Any, code: str, *, unequal: bool = False, upto: int | None = None) -> Any:
    """The first heap ``n <= upto`` (default: the last) whose value in ``values`` is not the
    mex of its options' values (taken from ``values`` itself), as ``(n, mex)``; None when
    every one is right.

    A digit ``d`` at position ``k`` lets a move take ``k`` from a heap and leave no heap
    (``d & 1``), one non-empty heap (``d & 2``), two non-empty heaps (``d & 4``; two
    unequal ones under ``unequal``, Grundy's rule) or three (``d & 8``); position 0 takes
    nothing, so only its bits 4 and 8 are moves.
    """
    digits = _digits(code)
    g = np.asarray(values).astype(np.int64)
    last = len(g) - 1 if upto is None else min(upto, len(g) - 1)
    for n in range(last + 1):
        found: list[Any] = []
        for k, d in enumerate(digits[: n + 1]):
            r = n - k
            if k and d & 1 and r == 0:
                found.append(np.zeros(1, dtype=np.int64))
            if k and d & 2 and r >= 1:
                found.append(g[r : r + 1])
            if d & 4 and r >= 2:
                a = np.arange(1, r // 2 + 1)
                if unequal:
                    a = a[2 * a != r]
                found.append(g[a] ^ g[r - a])
            for low in range(1, r // 3 + 1) if d & 8 else ():  # three heaps low <= b <= c
                b = np.arange(low, (r - low) // 2 + 1)
                found.append(g[low] ^ g[b] ^ g[r - low - b])
        options = np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
        seen = np.zeros(len(options) + 1, dtype=bool)
        seen[options[options <= len(options)]] = True
        mex = int(np.argmin(seen))
        if mex != int(g[n]):
            return n, mex
        if n % 4096 == 4095:
            checkpoint(n, None, "heaps verified")
    return None


@dataclass(frozen=True)
class Verification:
    """What :func:`verify_values` checked: ``ok``, and one line per check (``checks``);
    ``failure`` says what is wrong when not ``ok``; ``unchecked`` what is never checked."""

    ok: bool
    checks: tuple[str, ...]
    failure: str | None = None
    unchecked: str = (
        "that a claimed preperiod and period are the smallest ones (they are a proved "
        "period, not necessarily the least)"
    )


def verify_values(
    values: Any, code: str, *, unequal: bool = False, claim: dict[str, Any] | None = None
) -> Verification:
    """Check ``values`` (heaps ``0..len-1``) against the mex rule of ``code`` and, if given,
    the claimed period ``claim = {"preperiod": e, "period": p, "saltus": s}`` against the
    octal periodicity theorem (see the module docstring for exactly what is checked).

    >>> import numpy as np
    >>> from grundy.heap.games import DAWSON
    >>> from grundy.heap.table import build_table
    >>> v = verify_values(build_table(DAWSON, 300), "0.07", claim={"preperiod": 53, "period": 34})
    >>> v.ok, v.checks[1]
    (True, 'G(n+34) = G(n) for 53 <= n < 142: by the octal periodicity theorem (t = 2) it holds for every n >= 53')
    """  # noqa: E501
    digits = _digits(code)
    last = len(values) - 1
    checks: list[str] = []
    if claim is None or not claim.get("period"):
        bad = mex_errors(values, code, unequal=unequal)
        if bad is not None:
            return _wrong(values, bad, checks)
        checks.append(f"the mex rule at every heap 0..{last} (no period claimed)")
        return Verification(True, tuple(checks))
    e, p, s = int(claim.get("preperiod") or 0), int(claim["period"]), int(claim.get("saltus") or 0)
    three = any(d & 8 for d in digits)
    theorem = _theorem(values, digits, e, p, s) if not unequal else None
    if theorem is None:
        why = "the unequal-split rule" if unequal else "a saltus without three-heap moves"
        if s and three:
            why = "this saltus (the arithmetic-periodicity check found no proof)"
        bad = mex_errors(values, code, unequal=unequal)
        if bad is not None:
            return _wrong(values, bad, checks)
        checks.append(f"the mex rule at every heap 0..{last}")
        failure = f"the claimed period is not proved: no periodicity theorem covers {why}"
        return Verification(False, tuple(checks), failure)
    bound, name = theorem
    need = bound + p - 1
    if last < need:
        failure = (
            f"the claimed period {p} from heap {e} needs heaps up to {need} "
            f"({name}); the file stops at heap {last}"
        )
        return Verification(False, tuple(checks), failure)
    bad = mex_errors(values, code, unequal=unequal, upto=need)
    if bad is not None:
        return _wrong(values, bad, checks)
    checks.append(f"the mex rule at every heap 0..{need} (the heaps the proof rests on)")
    g = np.asarray(values).astype(np.int64)
    diff = np.flatnonzero(g[e + p : bound + p] != g[e:bound] + s)
    plus = f" + {s}" if s else ""
    if len(diff):
        n = e + int(diff[0])
        failure = f"G({n + p}) = {g[n + p]} but G({n}) = {g[n]}: no period {p} from heap {e}"
        if s:
            failure += f" with saltus {s}"
        return Verification(False, tuple(checks), failure)
    checks.append(
        f"G(n+{p}) = G(n){plus} for {e} <= n < {bound}: by the {name} it holds for every n >= {e}"
    )
    if last > need:
        later = np.flatnonzero(g[need + 1 :] != g[need + 1 - p : last + 1 - p] + s)
        if len(later):
            n = need + 1 + int(later[0])
            failure = f"heap {n}: the file says {g[n]}, the proved period gives {g[n - p] + s}"
            return Verification(False, tuple(checks), failure)
        checks.append(f"heaps {need + 1}..{last} agree with the proved period")
    return Verification(True, tuple(checks))


def _theorem(values: Any, digits: list[int], e: int, p: int, s: int) -> tuple[int, str] | None:
    """``(bound, name)``: checking ``G(n + p) = G(n) + s`` for ``e <= n < bound`` proves it
    for every ``n >= e``; None when no theorem applies."""
    t = len(digits) - 1
    if not s:
        if any(d & 8 for d in digits):
            return 3 * e + 2 * p + t, f"periodicity theorem with three-heap moves (t = {t})"
        return 2 * e + p + t, f"octal periodicity theorem (t = {t})"
    if len(values) < e + p:
        return None
    cert = saltus_certificate(digits, [int(v) for v in values[: e + p]], e, p, s)
    if cert is None:
        return None
    return max(cert.bound, 3 * e + 2 * p + t), f"arithmetic-periodicity check ({cert.cases} cases)"


def _wrong(values: Any, bad: tuple[int, int], checks: list[str]) -> Verification:
    n, mex = bad
    failure = f"heap {n}: the file says {int(values[n])}, the mex rule gives {mex}"
    return Verification(False, tuple(checks), failure)
