"""Canonical values of positions of any :class:`~grundy.core.game.PartisanGame`.

:func:`value_of` splits a position into regions (``regions``), takes the
value of a region from ``number_value(region)`` when the ruleset has that
method and it answers (a ruleset whose states are values, such as game
literals, gives ``canonical_value(state)`` instead), looks each other one up by
its key (``region_key``; a ruleset may also define
``signed_region_key(region) -> (key, negated)`` for a symmetry that negates
the value, such as transposing a Domineering board), and evaluates missing
regions with an explicit stack, so deep games never hit Python's recursion limit.
A ruleset may also give ``option_parts(region)``: the parts of each Left
option and of each Right option at once (what ``left_moves``, ``right_moves``
and the splitting give one by one), which saves building every option state.

>>> from grundy.cgt.games.domineering import Domineering
>>> str(value_of(Domineering(), Domineering().parse_args(["2x3"])[0]))
'{2|-1/2}'
"""

from __future__ import annotations

import os
import time
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grundy.cgt import _table as T
from grundy.cgt._memo_file import RECORD, _remap, load_memo, save_memo
from grundy.cgt._verify_memo import check_records
from grundy.cgt.value import CLEAR_HOOKS, CanonicalGame, live_ids, move_live
from grundy.core.game import PartisanGame
from grundy.core.limits import check_time, now
from grundy.errors import (
    InvalidGameError,
    SearchLimitError,
    TableFullError,
    TimeLimitError,
)

__all__ = [
    "COMPILED_MEMO_LIMIT",
    "MEMO_LIMIT",
    "MoveValue",
    "checkpointing",
    "compiled_memo_limit",
    "current_checkpoint",
    "family_of",
    "memo_size",
    "moves_with_values",
    "value_of",
    "winning_moves",
]

_memos: dict[Hashable, dict[Hashable, int]] = {}
#: Per family, the compiled walk last used (its memo lives in C; memo_size counts it).
_compiled: dict[Hashable, Any] = {}

CLEAR_HOOKS.append(_memos.clear)


def memo_size(game: PartisanGame[Any] | None = None) -> int:
    """How many regions are memoised (for ``game``'s family, or in all)."""
    if game is None:
        return sum(len(m) for m in _memos.values()) + sum(int(f.size()) for f in _compiled.values())
    fast = game.compiled_regions  # its regions memoised in C, if any
    return len(_memos.get(_family(game), {})) + (0 if fast is None else fast.size())


def _family(game: PartisanGame[Any]) -> Hashable:
    family: Hashable = game.memo_family or game
    return family


def family_of(game: PartisanGame[Any]) -> Hashable:
    """The family whose memo (and checkpoint) the regions of ``game`` share."""
    return _family(game)


Part = tuple[Hashable, Any, Any]


_split_caches: dict[Hashable, dict[Any, tuple[Part, ...]]] = {}
CLEAR_HOOKS.append(_split_caches.clear)
_SPLIT_CACHE_LIMIT = 400_000


def _splitter(game: PartisanGame[Any]) -> Callable[[Any], Sequence[Part]]:
    """``state -> (key, negated, region)`` per region; ``(None, number, None)`` for a number.

    A ruleset's ``keyed_regions`` is used as it is; otherwise the parts are worked out from
    ``regions``, ``number_value`` and the keys, and remembered per (hashable) state.
    """
    fast = game.keyed_regions
    keyer = game.signed_region_key
    quick = game.number_value
    regions = game.regions
    cache = _split_caches.setdefault(_family(game), {})

    def parts(state: Any) -> tuple[Part, ...]:
        out: list[Part] = []
        for region in regions(state):
            q = quick(region)
            if q is not None:
                out.append((None, q, None))
            else:
                key, negated = keyer(region)
                out.append((key, negated, region))
        return tuple(out)

    def split(state: Any) -> tuple[Part, ...]:
        declared = fast(state)
        if declared is not None:
            return declared
        try:
            found = cache.get(state)
        except TypeError:  # an unhashable state: not remembered
            return parts(state)
        if found is None:
            found = parts(state)
            if len(cache) > _SPLIT_CACHE_LIMIT:
                cache.clear()
            cache[state] = found
        return found

    return split


def _optioner(
    game: PartisanGame[Any],
    split: Callable[[Any], Sequence[Part]],
) -> Callable[[Any], tuple[Iterable[Sequence[Part]], Iterable[Sequence[Part]]]]:
    """``region -> (parts of each Left option, parts of each Right option)``; past the
    time limit in force (a region may have millions of options) :class:`TimeLimitError`."""
    fast = game.option_parts
    left_moves, right_moves = game.left_moves, game.right_moves

    def options(region: Any) -> tuple[Iterable[Sequence[Part]], Iterable[Sequence[Part]]]:
        declared = fast(region)
        if declared is not None:
            return declared
        # a region may have more moves than can be listed: the clock is read as they come
        sides: list[list[Sequence[Part]]] = [[], []]
        for out, moves in zip(sides, (left_moves, right_moves), strict=True):
            for i, o in enumerate(moves(region)):
                if not i & 255:
                    check_time()
                out.append(split(o))
        return sides[0], sides[1]

    return options


_number_ids: dict[Any, int] = {}
CLEAR_HOOKS.append(_number_ids.clear)


def _number(x: Any) -> int:
    """The id of the number ``x`` (an int or a Fraction), remembered."""
    gid = _number_ids.get(x)
    if gid is None:
        gid = T.number_id(Fraction(x))
        _number_ids[x] = gid
    return gid


@T.guarded
def value_of(
    game: PartisanGame[Any],
    state: Any,
    *,
    max_positions: int | None = None,
    deadline: float | None = None,
    progress: Callable[[int], None] | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    checkpoint_every: float = 60.0,
    memo_limit: int | None = None,
) -> CanonicalGame:
    """The canonical value of ``state`` in ``game`` (a sum over its regions).

    ``max_positions`` bounds how many new regions are evaluated
    (:class:`~grundy.errors.SearchLimitError` past it); ``deadline`` is a
    reading of :func:`grundy.core.limits.now` after which
    :class:`~grundy.errors.TimeLimitError` (a ``SearchLimitError``) is raised;
    ``progress(count)`` is called every 1,000 new regions (4,096 in a compiled walk,
    :attr:`~grundy.cgt.games.domineering.Domineering.compiled_regions`). Regions
    evaluated before an interruption stay memoised.

    ``checkpoint``, a file: the memo of the game's family is read from it first when it
    exists, and saved to it every ``checkpoint_every`` seconds, when the computation stops
    (time limit, Ctrl-C, an error) and when it ends, so a stopped run started again resumes
    where it stopped (see :mod:`grundy.cgt._memo_file`); each record read back is first
    checked one ply deep against its options (:mod:`grundy.cgt._verify_memo`: a forged or
    wrong file is refused). ``memo_limit`` bounds the memo of
    the family (default :data:`MEMO_LIMIT` regions): past it a part is dropped (a compiled
    memo: the quarter untouched for longest; the Python memo: its biggest half) and a
    dropped region that is needed again is recomputed, so memory cannot run away. The
    table of canonical games is bounded too (:func:`grundy.cgt.set_table_limit`): when it
    is full, room is made (see ``_Room``) or :class:`~grundy.errors.TableFullError` raised.
    """
    value: CanonicalGame | None = game.canonical_value(state)
    if value is not None:  # the state is its own value (a game literal)
        return value
    T.table_limit()  # a bad GRUNDY_CGT_TABLE_LIMIT: one line, before any work
    family = _family(game)
    memo = _memos.setdefault(family, {})
    limit = MEMO_LIMIT if memo_limit is None else memo_limit
    climit = compiled_memo_limit() if memo_limit is None else memo_limit  # (a C memo's)
    fast = game.compiled_regions  # the whole walk compiled, if any
    if fast is not None:
        _compiled[family] = fast
    saver = _Saver(checkpoint, str(family), memo, checkpoint_every, fast)
    if checkpoint is not None and os.path.exists(checkpoint):
        _resume(game, memo, fast, saver, checkpoint, climit=climit, deadline=deadline)
    split = _splitter(game)
    started = now()
    count = 0
    total = 0
    room = _Room(memo, fast, climit)
    try:
        for key, negated, region in split(state):
            while True:  # again after making room in a full table of canonical games
                try:
                    if key is None:
                        total = T.add(total, _number(negated))
                        break
                    gid = memo.get(key)
                    if gid is None and fast is not None:
                        bounds = _Bounds(max_positions, deadline, progress, started, limit, saver)
                        gid, count = _compiled_value(fast, key, bounds, count, climit)
                    if gid is None:
                        count = _evaluate(
                            game,
                            memo,
                            split,
                            (key, region, negated),
                            count=count,
                            bounds=_Bounds(
                                max_positions, deadline, progress, started, limit, saver
                            ),
                        )
                        gid = memo.get(key)
                        if gid is None:  # dropped at once (a memo limit below the region's size)
                            raise SearchLimitError(limit)
                    total = T.add(total, T.neg(gid) if negated else gid)
                    break
                except TableFullError as full:
                    saver.save()  # the work so far is kept first, whatever happens next
                    (total,) = room.make(full, [total])
    finally:
        saver.save()
    return CanonicalGame._of(total)


def _resume(
    game: PartisanGame[Any],
    memo: dict[Hashable, int],
    fast: Any,
    saver: _Saver,
    checkpoint: str | os.PathLike[str],
    *,
    climit: int,
    deadline: float | None,
) -> None:
    """Read the family's memo back from the checkpoint file, every record checked
    (:func:`_load_checked`); the saver then saves only once there is more."""
    with T.unbounded():  # all of it (past the bound, room is made as the walk goes)
        loaded, raw = load_memo(checkpoint, saver.family)
        records = _load_checked(
            game,
            memo,
            fast,
            (loaded, raw),
            climit=climit,
            where=str(checkpoint),
            deadline=deadline,
        )
    saver.floor = len(loaded) + records


def _compiled_value(
    fast: Any, key: Hashable, bounds: _Bounds, count: int, climit: int
) -> tuple[int | None, int]:
    """The id of region ``key`` from the game's compiled walk, or None where it has none,
    and the count of regions worked out so far (:class:`SearchLimitError` past the bound)."""
    got = fast.value(key, _ticker(bounds, count), climit)
    if got is None:
        return None, count
    gid, new = got
    count += new
    if bounds.max_positions is not None and count > bounds.max_positions:
        raise SearchLimitError(bounds.max_positions)
    return gid, count


def _load_checked(
    game: PartisanGame[Any],
    memo: dict[Hashable, int],
    fast: Any,
    loaded_raw: tuple[dict[Hashable, int], bytes],
    *,
    climit: int,
    where: str,
    deadline: float | None,
) -> int:
    """Put a checkpoint's records in the memos, each checked one ply deep first
    (:mod:`grundy.cgt._verify_memo`); a wrong record: every record of the file taken out
    again and :class:`~grundy.errors.SolvedFileError`. How many compiled records."""
    loaded, raw = loaded_raw
    before = dict(memo)
    memo.update(loaded)
    records = len(raw) // RECORD
    if fast is not None and raw:  # (without the compiled walk they are recomputed)
        fast.add_raw(raw, max(climit, records + 1))  # all of it, whatever the limit
    entries: list[tuple[Hashable, int]] = list(loaded.items())
    compiled: dict[Hashable, int] = {}
    if fast is not None and raw:
        compiled = dict(fast.items())
        entries.extend(compiled.items())
    if not entries:
        return records
    split = _splitter(game)
    every = {**compiled, **memo}  # (one look-up a part)

    def fresh(region: Any) -> int:
        return value_of(game, region, deadline=deadline)._id

    began = now()

    def tick(count: int) -> None:
        if deadline is not None and now() > deadline:
            raise TimeLimitError(round(deadline - began, 3), count, "checkpoint records checked")
        check_time(count, "checkpoint records checked")

    try:
        dropped = check_records(
            game,
            entries,
            every,
            split=split,
            options=_optioner(game, split),
            fresh=fresh,
            number=_number,
            where=where,
            tick=tick,
        )
    except BaseException:  # a wrong record, the clock, Ctrl-C: nothing unchecked stays
        memo.clear()
        memo.update(before)
        if fast is not None and raw:
            fast.clear_all()  # (every compiled memo: their records are recomputed)
        raise
    if dropped:
        for key in dropped:
            memo.pop(key, None)
        if fast is not None and raw:
            gone = set(dropped)
            fast.clear_all()
            for key, gid in compiled.items():
                if key not in gone:
                    fast.add(key, gid, max(climit, records + 1))
    return records


#: Passes running that may drop half of the memos to make room before :class:`_Room` stops.
_SHRINKS = 8


class _Room:
    """Makes room when the table of canonical games is full: keeps the games that the memos,
    the live values and ``held`` need, drops the others (:func:`_compact`); when they
    alone fill half the bound, the memos drop their biggest half first (recomputed when
    needed again). Stops with :class:`TableFullError` when a pass made no progress (no
    new region since the last), after :data:`_SHRINKS` passes running that had to drop
    half of the memos, or when another computation holds ids of the table."""

    def __init__(self, memo: dict[Hashable, int], fast: Any, limit: int) -> None:
        self.memo = memo
        self.fast = fast
        self.limit = limit
        self.last = -1  # the regions memoised after the last pass
        self.shrinks = 0  # passes running that dropped half of the memos

    def entries(self) -> int:
        return len(self.memo) + (0 if self.fast is None else int(self.fast.size()))

    def make(self, full: TableFullError, held: list[int]) -> list[int]:
        bound = full.limit
        if self.entries() <= self.last:
            raise TableFullError(
                bound,
                f"the table of canonical games is full ({bound:,} games, its bound) and making "
                "room finished no new region; raise it with GRUNDY_CGT_TABLE_LIMIT=N or "
                "grundy.cgt.set_table_limit(N), or ask about a smaller position",
            ) from None
        new = _compact(held, shrink=False, limit=self.limit)
        if new is not None and T.size() * 2 > bound:
            self.shrinks += 1
            if self.shrinks > _SHRINKS:  # dropping and recomputing goes round in circles
                raise TableFullError(
                    bound,
                    f"the table of canonical games is full ({bound:,} games, its bound): the "
                    f"finished regions alone need half of it, {_SHRINKS} times running; raise "
                    "it with GRUNDY_CGT_TABLE_LIMIT=N or grundy.cgt.set_table_limit(N), or "
                    "ask about a smaller position",
                ) from None
            new = _compact(new, shrink=True, limit=self.limit)
        else:
            self.shrinks = 0
        if new is None:
            raise TableFullError(
                bound,
                f"the table of canonical games is full ({bound:,} games, its bound) and another "
                "computation holds it, so no room can be made; raise the bound with "
                "GRUNDY_CGT_TABLE_LIMIT=N or grundy.cgt.set_table_limit(N)",
            ) from None
        self.last = self.entries()
        return new


def _compact(held: list[int], *, shrink: bool, limit: int) -> list[int] | None:
    """Keep only the games that ``held``, the memos of every family (Python and compiled)
    and the live :class:`CanonicalGame` objects need, renumbered; empty the other caches
    of the package (``CLEAR_HOOKS``). With ``shrink``, each memo drops its biggest half
    first. The new ids of ``held``, or None when another computation holds the table."""
    with T.alone() as ok:
        if not ok:
            return None
        families = list(_memos.items())
        kept = [dict(memo) for _, memo in families]
        # (the compiled memos hold ids only while the compiled table runs)
        walks = {f.kind: f for f in _compiled.values()} if T.backend() == "compiled" else {}
        raws = {kind: fast.raw() for kind, fast in walks.items()}
        if shrink:
            for memo in kept:
                _evict(memo, {})
            raws = {kind: _smaller_half(raw) for kind, raw in raws.items()}
        live = live_ids()
        roots = array("i", held)
        roots.extend(gid for gid, _ in live)
        for memo in kept:
            roots.extend(memo.values())
        for raw in raws.values():
            roots.frombytes(_raw_ids(raw))
        new = T.compact(roots)
        for hook in CLEAR_HOOKS:  # every other cache of ids (the memos too: put back below)
            hook()
        for (family, memo), entries in zip(families, kept, strict=True):
            memo.clear()
            memo.update((key, new[gid]) for key, gid in entries.items())
            _memos[family] = memo
        for kind, fast in walks.items():
            raw = raws[kind]
            if raw:
                fast.add_raw(_remap(raw, new), max(limit, len(raw) // RECORD + 1))
        move_live(live, new)
        return [new[gid] for gid in held]


def _room_between_computations() -> bool:
    """Room in a full table when no computation holds it (``T.ROOM_MAKERS``): what the
    memos and live values need is kept, and the memos halved when that is half the bound."""
    new = _compact([], shrink=False, limit=compiled_memo_limit())
    if new is not None and T.size() * 2 > T.table_limit():
        new = _compact([], shrink=True, limit=compiled_memo_limit())
    return new is not None


T.ROOM_MAKERS.append(_room_between_computations)


def _raw_ids(raw: bytes) -> bytes:
    """The ids of compiled memo records, as int32 bytes."""
    if not raw:
        return b""
    import numpy as np  # noqa: PLC0415 (only for a compiled memo)

    records = np.frombuffer(raw, dtype=np.uint8).reshape(-1, RECORD)
    ids: bytes = records[:, RECORD - 4 :].copy().tobytes()
    return ids


def _smaller_half(raw: bytes) -> bytes:
    """The half of compiled memo records with the smallest regions (their size is in bits
    16-23 of the tag, bytes 16-19 of a record)."""
    if not raw:
        return b""
    import numpy as np  # noqa: PLC0415 (only for a compiled memo)

    records = np.frombuffer(raw, dtype=np.uint8).reshape(-1, RECORD)
    sizes = (records[:, 16:20].copy().view(np.uint32).ravel() >> 16) & 0xFF
    order = np.argsort(sizes, kind="stable")[: len(records) // 2]
    kept: bytes = records[order].tobytes()
    return kept


_CHECKPOINT: ContextVar[str | None] = ContextVar("grundy_cgt_checkpoint", default=None)


@contextmanager
def checkpointing(path: str | os.PathLike[str]) -> Iterator[None]:
    """Within the block, the canonical value of a position solved by :func:`grundy.solve`
    keeps its finished regions in the file ``path`` (``value_of(..., checkpoint=path)``):
    read first when it exists, saved every minute and when the computation stops, so the
    same question asked again resumes where it stopped (``grundy solve --checkpoint FILE``).

    >>> import os, tempfile, grundy
    >>> path = os.path.join(tempfile.mkdtemp(), "dom.gz")
    >>> with checkpointing(path):
    ...     str(grundy.solve("domineering:2x3").canonical)
    '{2|-1/2}'
    >>> os.path.exists(path), current_checkpoint() is None
    (True, True)
    """
    token = _CHECKPOINT.set(os.fspath(path))
    try:
        yield
    finally:
        _CHECKPOINT.reset(token)


def current_checkpoint() -> str | None:
    """The checkpoint file set by :func:`checkpointing` around this call, or None."""
    return _CHECKPOINT.get()


#: The most regions :func:`value_of` keeps per family by default: about 50 bytes each in
#: a compiled memo, a few hundred in the Python one, besides their values in the table of
#: canonical games (Domineering 6x6 needs 4.2 million; a resumed run that reads more
#: from its checkpoint than its limit drops the biggest half).
MEMO_LIMIT = 16_000_000


#: The most regions a compiled walk keeps by default, at most: about 26 bytes each in a
#: table at most half full (Toads-and-Frogs ``ttttttt......fffffff`` needs 24.8 million,
#: ``tttttt........ffffff`` 36.7 million).
COMPILED_MEMO_LIMIT = 64_000_000


def compiled_memo_limit() -> int:
    """The default bound of a compiled walk's memo: :data:`COMPILED_MEMO_LIMIT` regions, or
    as many as a quarter of the machine's memory holds at 64 bytes a region when that is
    fewer, but never fewer than :data:`MEMO_LIMIT`.

    >>> MEMO_LIMIT <= compiled_memo_limit() <= COMPILED_MEMO_LIMIT
    True
    """
    return min(COMPILED_MEMO_LIMIT, max(MEMO_LIMIT, T.memory_bytes() // 4 // 64))


class _Saver:
    """Saves the memo to the checkpoint file (if any) when asked, or when it is time."""

    def __init__(
        self, path: Any, family: str, memo: dict[Hashable, int], every: float, fast: Any = None
    ) -> None:
        self.path = path
        self.family = family
        self.memo = memo
        self.fast = fast
        self.every = every
        self.last = time.monotonic()
        self.saved = -1
        #: the entries read from the file: a memo that a limit has shrunk below them is not
        #: saved over it (the file keeps the better checkpoint)
        self.floor = 0

    def due(self) -> None:
        if self.path is not None and time.monotonic() - self.last >= self.every:
            self.save()

    def save(self) -> None:
        size = len(self.memo) + (0 if self.fast is None else self.fast.size())
        if self.path is None or size == self.saved or size < self.floor:
            return
        save_memo(self.path, self.family, self.memo, b"" if self.fast is None else self.fast.raw())
        self.saved = size
        self.last = time.monotonic()


def _ticker(bounds: _Bounds, base: int) -> Callable[[int], None]:
    """What the compiled walk calls every few thousand regions (``done``: how many it has
    worked out since this call began): progress, the time limit, the checkpoint."""

    def tick(done: int) -> None:
        count = base + done
        if bounds.progress is not None:
            bounds.progress(count)
        if bounds.deadline is not None and now() > bounds.deadline:
            raise TimeLimitError(round(bounds.deadline - bounds.started, 3), count, "regions")
        if bounds.max_positions is not None and count > bounds.max_positions:
            raise SearchLimitError(bounds.max_positions)
        bounds.saver.due()

    return tick


@dataclass(frozen=True)
class _Bounds:
    max_positions: int | None
    deadline: float | None
    progress: Callable[[int], None] | None
    started: float
    memo_limit: int
    saver: _Saver


def _evict(memo: dict[Hashable, int], pins: Mapping[Hashable, int]) -> None:
    """Drop the half of ``memo`` with the biggest keys (by the length of their text, for
    any ruleset: about the region's size), but those in ``pins`` (what the waiting frames
    need). Small regions are below many others, so they are kept; a dropped region that
    is needed again is recomputed, and its parts are mostly still there. (``list(dict)``
    is one step, safe with other threads, whose frames recompute what they miss.)"""
    keys = [k for k in list(memo) if k not in pins]
    keys.sort(key=lambda k: len(repr(k)))
    for k in keys[len(keys) // 2 :]:
        memo.pop(k, None)


def _evaluate(
    game: PartisanGame[Any],
    memo: dict[Hashable, int],
    split: Callable[[Any], Sequence[Part]],
    root: tuple[Hashable, Any, bool],
    *,
    count: int,
    bounds: _Bounds,
) -> int:
    """Evaluate ``region`` and every missing region below it; returns the new count."""
    # A frame: [key, region, options or None, negated]; options: per side, per move, the
    # move's value (an id) when every part of it was known, else its parts to add up later.
    # A key may be pushed twice (shared below two regions); the second pop finds it memoised.
    done = [count]
    try:
        return _walk(game, memo, split, root, done, bounds)
    except TimeLimitError as e:  # from a slow step below (grundy.core.limits.check_time)
        raise TimeLimitError(e.seconds, max(e.done, done[0]), "regions") from None


def _walk(  # noqa: PLR0917 (the private body of _evaluate)
    game: PartisanGame[Any],
    memo: dict[Hashable, int],
    split: Callable[[Any], Sequence[Part]],
    root: tuple[Hashable, Any, bool],
    done: list[int],
    bounds: _Bounds,
) -> int:
    max_positions, deadline = bounds.max_positions, bounds.deadline
    count = done[0]
    key, region, negated = root
    stack: list[list[Any]] = [[key, region, None, negated]]
    expanded: set[Hashable] = set()  # keys whose frame waits for its options: the ancestors
    pins: dict[Hashable, int] = {}  # keys a waiting frame needs: never evicted
    add, neg, make = T.add, T.neg, T.make
    region_options = _region_options(game, memo, split, expanded)
    while stack:
        frame = stack[-1]
        fkey, fregion, options, fneg = frame[:4]
        if options is None:
            if fkey in memo:
                stack.pop()
                continue
            if deadline is not None and now() > deadline:  # each region may be slow
                raise TimeLimitError(round(deadline - bounds.started, 3), count, "regions")
            lefts, rights, missing = region_options(fkey, fregion)
            if missing:
                frame[2] = (lefts, rights)
                expanded.add(fkey)
                for k in missing:
                    pins[k] = pins.get(k, 0) + 1
                frame.append(missing)
                for k, (sub, sign) in missing.items():
                    stack.append([k, sub, None, sign])
                continue
        else:
            lefts, rights = options
            if _push_evicted(options, memo, stack):
                continue
            expanded.discard(fkey)
            _unpin(frame[4], pins)
            _add_late_parts(options, memo, add, neg)
        stack.pop()
        value = make(lefts, rights)
        memo[fkey] = neg(value) if fneg else value  # the memo holds the key's orientation
        count += 1
        done[0] = count
        if max_positions is not None and count > max_positions:
            raise SearchLimitError(max_positions)
        if count % 1000 == 0:
            _every_thousand(count, bounds, memo, pins)
    return count


def _region_options(
    game: PartisanGame[Any],
    memo: dict[Hashable, int],
    split: Callable[[Any], Sequence[Part]],
    expanded: set[Hashable],
) -> Callable[[Hashable, Any], tuple[list[Any], list[Any], dict[Hashable, Any]]]:
    """``(key, region) -> (lefts, rights, missing)`` for :func:`_walk`: per side, per move,
    the move's value (an id) when every part of it is in ``memo``, else ``(total of the
    known parts, the parts still missing)``; ``missing``: ``key -> (region, sign)`` of the
    parts to work out first. A part among ``expanded`` (an ancestor) or the region itself
    makes the game loopy (:class:`InvalidGameError`)."""
    add, neg = T.add, T.neg
    neg_get = T.neg_memo().get
    memo_get = memo.get
    number_ids = _number_ids
    option_parts = _optioner(game, split)

    def region_options(
        fkey: Hashable, fregion: Any
    ) -> tuple[list[Any], list[Any], dict[Hashable, Any]]:
        missing: dict[Hashable, Any] = {}
        lefts: list[Any] = []
        rights: list[Any] = []
        lparts, rparts = option_parts(fregion)
        for out, per_option in ((lefts, lparts), (rights, rparts)):
            for parts in per_option:
                if len(parts) == 1:  # the common case, a known region: no sum to make
                    k, sign, sub = parts[0]
                    if k is None:
                        gid = number_ids.get(sign)
                        out.append(_number(sign) if gid is None else gid)
                        continue
                    gid = memo_get(k)
                    if gid is not None:
                        if sign:
                            found = neg_get(gid)
                            gid = neg(gid) if found is None else found
                        out.append(gid)
                        continue
                total = 0
                late: list[Any] | None = None
                for k, sign, sub in parts:
                    if k is None:  # then `sign` is the region's number
                        gid = number_ids.get(sign)
                        if gid is None:
                            gid = _number(sign)
                        total = add(total, gid)
                        continue
                    gid = memo_get(k)
                    if gid is not None:
                        total = add(total, neg(gid) if sign else gid)
                        continue
                    if late is None:
                        late = []
                    late.append((k, sign, sub))
                    if k not in missing:
                        if k in expanded or k == fkey:
                            raise InvalidGameError(
                                f"{type(game).__name__} is loopy: a region repeats below itself"
                            )
                        missing[k] = (sub, sign)
                if late is None:
                    out.append(total)
                else:
                    out.append((total, late))
        return lefts, rights, missing

    return region_options


def _push_evicted(
    options: tuple[list[Any], list[Any]], memo: dict[Hashable, int], stack: list[list[Any]]
) -> bool:
    """Push again the parts a waiting frame needs that were evicted from ``memo`` since it
    was expanded (the memo limit), to recompute them; True when there were any."""
    dropped = {
        k: (sub, sign)
        for out in options
        for item in out
        if type(item) is tuple
        for k, sign, sub in item[1]
        if k not in memo
    }
    for k, (sub, sign) in dropped.items():
        stack.append([k, sub, None, sign])
    return bool(dropped)


def _unpin(keys: Iterable[Hashable], pins: dict[Hashable, int]) -> None:
    """A frame no longer waits for ``keys``: each may be evicted once no other frame does."""
    for k in keys:
        if pins[k] == 1:
            del pins[k]
        else:
            pins[k] -= 1


def _add_late_parts(
    options: tuple[list[Any], list[Any]],
    memo: dict[Hashable, int],
    add: Callable[[int, int], int],
    neg: Callable[[int], int],
) -> None:
    """Replace each move waiting for parts, ``(total, late)``, by its value, in place: the
    parts are in ``memo`` now."""
    for out in options:
        for i, item in enumerate(out):
            if type(item) is tuple:
                total, late = item
                for k, sign, _ in late:
                    gid = memo[k]
                    total = add(total, neg(gid) if sign else gid)
                out[i] = total


def _every_thousand(
    count: int, bounds: _Bounds, memo: dict[Hashable, int], pins: Mapping[Hashable, int]
) -> None:
    """Every 1000 regions of :func:`_walk`: progress, the time limit, the memo limit (the
    pinned keys stay) and the checkpoint."""
    if bounds.progress is not None:
        bounds.progress(count)
    deadline = bounds.deadline
    if deadline is not None and now() > deadline:
        raise TimeLimitError(round(deadline - bounds.started, 3), count, "regions")
    if len(memo) > bounds.memo_limit:
        _evict(memo, pins)
    bounds.saver.due()


@dataclass(frozen=True)
class MoveValue:
    """A move of one side: the state it leads to and that state's value."""

    state: Any
    value: CanonicalGame


@T.guarded
def moves_with_values(game: PartisanGame[Any], state: Any, side: str) -> list[MoveValue]:
    """Every move of ``side`` (``"L"`` or ``"R"``) from ``state`` with the value it leads to."""
    moves = game.left_moves(state) if side == "L" else game.right_moves(state)
    return [MoveValue(s, value_of(game, s)) for s in moves]


@T.guarded
def winning_moves(game: PartisanGame[Any], state: Any, side: str) -> list[MoveValue]:
    """The moves with which ``side`` wins moving first (Left: to ``>= 0``; Right: to ``<= 0``).

    >>> from grundy.cgt.games.toads_frogs import ToadsAndFrogs
    >>> g = ToadsAndFrogs()
    >>> [g.format_state(m.state) for m in winning_moves(g, "t.f", "L")]
    ['.tf']
    """
    out = []
    for mv in moves_with_values(game, state, side):
        if (side == "L" and mv.value >= 0) or (side == "R" and mv.value <= 0):
            out.append(mv)
    return out
