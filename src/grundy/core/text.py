"""Text helpers shared by every explanation: numbers and specs cut to fit a line.

>>> short_number(12345)
'12345'
>>> short_number(10**50)
'100000000000…000000000000 (51 digits)'
"""

from __future__ import annotations

__all__ = ["LONGEST_NUMBER", "short_number"]

#: Numbers with more digits than this are shown by their ends and their length.
LONGEST_NUMBER = 40


def short_number(n: int) -> str:
    """``n`` in decimal, or its first and last 12 digits and its length when it is long."""
    s = str(n)
    if len(s) <= LONGEST_NUMBER:
        return s
    return f"{s[:12]}…{s[-12:]} ({len(s)} digits)"
