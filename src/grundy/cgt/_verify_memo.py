"""The check of a loaded checkpoint (:mod:`grundy.cgt._memo_file`): every region record
read back is recomputed one ply deep before the walk relies on it.

A record says "the region of key ``k`` has the canonical value ``g``". The file's SHA-256
only shows that the file is whole, not that ``g`` is true: anyone may rewrite a record and
the checksum. So each record is checked against the rules of the game:

1. its key is turned back into a board, ``game.state_of_key(k)`` (any board whose region
   key is ``k`` will do: boards with one key have one value, up to the key's declared
   negation; then the key itself and the key as a board of one piece are tried, for a
   game without ``state_of_key``), and the board is split again by the game's own
   splitter, which must give one region of key ``k`` (or a number);
2. the Left and Right options of that board are listed by the game's own rules and split
   into regions; each option region's value is the loaded record of its key (negated
   where its key says so) or, when the file has none, computed afresh;
3. ``{lefts | rights}`` is brought to canonical form and compared with ``g``.

Why one ply is enough: the options of a region are smaller games, so by induction on the
height of the game tree every record is right when every record passes this local check
(a region with no options, or whose options are numbers, is checked exactly; a region
whose options' records are right and which passes is right). A file in which any one
record is wrong is refused with one line (:class:`~grundy.errors.SolvedFileError`)
naming the first wrong record. A record whose key gives no board (a key this version's
rules cannot rebuild) is not trusted either: it is dropped and recomputed when needed.

This costs about one option listing per record: the loading of a large checkpoint is
slower than a plain read (see docs/cgt.md), but never wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from contextlib import suppress
from typing import Any

from grundy.cgt import _table as T
from grundy.cgt.value import CanonicalGame
from grundy.errors import SolvedFileError

__all__ = ["check_records"]

Part = tuple[Hashable, Any, Any]


def check_records(
    game: Any,
    records: Iterable[tuple[Hashable, int]],
    known: dict[Hashable, int],
    *,
    split: Callable[[Any], Sequence[Part]],
    options: Callable[[Any], tuple[Iterable[Sequence[Part]], Iterable[Sequence[Part]]]],
    fresh: Callable[[Any], int],
    number: Callable[[Any], int],
    where: str,
    tick: Callable[[int], None] | None = None,
) -> list[Hashable]:
    """Check each ``(key, id)`` of ``records`` one ply deep; the keys that give no board
    (to be dropped). ``known`` holds the loaded id of each key (the values of regions
    found afresh, ``fresh(region)``, are added to it), ``number(n)`` the id of a number;
    :class:`SolvedFileError` at the first record whose value is not that of its options.
    ``tick(count)`` is called every 256 records (the clock: a time limit holds here too).
    """
    rebuild = getattr(game, "state_of_key", None)
    add, neg, make = T.add, T.neg, T.make
    negs = T.neg_memo()
    numbers: dict[Any, int] = {}
    known_get = known.get
    dropped: list[Hashable] = []

    def part_id(parts: Sequence[Part]) -> int:
        total = 0
        for k, sign, sub in parts:
            if k is None:  # `sign` is the region's number
                gid = numbers.get(sign)
                if gid is None:
                    gid = numbers[sign] = number(sign)
            else:
                gid = known_get(k)
                if gid is None:
                    gid = fresh(sub)  # the region's own value (no key orientation)
                    known[k] = neg(gid) if sign else gid  # (the key's orientation)
                elif sign:
                    found = negs.get(gid)
                    gid = neg(gid) if found is None else found
            if len(parts) == 1:
                return gid
            total = add(total, gid)
        return total

    for count, (key, gid) in enumerate(records):
        if tick is not None and not count & 255:
            tick(count)
        parts: Part | None = None
        for state in _boards(rebuild, key):
            parts = _one_region(game, split, state, key)
            if parts is not None:
                break
        if parts is None:
            dropped.append(key)  # no board of this key: not trusted, recomputed when needed
            continue
        k, sign, region = parts
        if k is None:  # the board is a number (``region``: its key's sign): the record too
            found = number(sign)
            if region:
                found = neg(found)
        else:
            lefts, rights = options(region)
            found = make([part_id(p) for p in lefts], [part_id(p) for p in rights])
            if sign:  # the board is the key's image negated
                found = neg(found)
        if found != gid:
            raise SolvedFileError(
                f"{where} is forged or wrong: its record of the region {key!r} says "
                f"{CanonicalGame._of(gid)}, but the region's options give "
                f"{CanonicalGame._of(found)}; the checkpoint is refused (delete it to start afresh)"
            )
    return dropped


def _one_region(
    game: Any, split: Callable[[Any], Sequence[Part]], state: Any, key: Hashable
) -> Part | None:
    """The one part of ``state`` when it is a region of key ``key``, else None; a number
    region as ``(None, number, negated)``, its key checked by ``signed_region_key``."""
    try:
        parts = split(state)
        if len(parts) != 1:
            return None
        if parts[0][0] is None:
            found, negated = game.signed_region_key(state)
            return (None, parts[0][1], negated) if found == key else None
    except Exception:  # (whatever the rules make of a foreign key: no board)
        return None
    return parts[0] if parts[0][0] == key else None


def _boards(rebuild: Callable[[Hashable], Any] | None, key: Hashable) -> list[Any]:
    """Boards that may have the region key ``key``: the game's ``state_of_key``, then the
    key itself and the key as a board of one piece (Cutcake's), for a game without one."""
    found: list[Any] = []
    if rebuild is not None:
        with suppress(Exception):  # (a key the game cannot read: no board)
            found.append(rebuild(key))
    return [*found, key, (key,)]
