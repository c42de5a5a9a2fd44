"""The names of the table of canonical games are declared once
(:data:`grundy.cgt._pytable.TABLE_NAMES`, with :data:`~grundy.cgt._pytable.SWITCHED`, the
ones :mod:`grundy.cgt._table` rebinds, and :data:`~grundy.cgt._pytable.CONSTANTS`, the ones
all three take unchanged): the ``__all__`` of both tables and of the switch are made from
that declaration, checked here, and every name they list exists."""

from __future__ import annotations

from grundy.cgt import _ctable, _pytable, _table


def test_the_twin_lists_the_declared_names() -> None:
    declarations = {"CONSTANTS", "SWITCHED", "TABLE_NAMES"}
    assert set(_pytable.__all__) == {*_pytable.TABLE_NAMES, *declarations}
    assert len(set(_pytable.TABLE_NAMES)) == len(_pytable.TABLE_NAMES)
    assert set(_pytable.SWITCHED) | set(_pytable.CONSTANTS) <= set(_pytable.TABLE_NAMES)
    assert not set(_pytable.SWITCHED) & set(_pytable.CONSTANTS)


def test_the_compiled_table_lists_the_same_names() -> None:
    extra = set(_ctable.__all__) - set(_pytable.TABLE_NAMES)
    missing = set(_pytable.TABLE_NAMES) - set(_ctable.__all__)
    assert not missing, f"add to grundy.cgt._ctable.__all__: {sorted(missing)}"
    compiled_only = {"available", "stats", "hold", "release"}
    assert extra == compiled_only, f"declare in _pytable.TABLE_NAMES: {sorted(extra)}"


def test_the_switch_rebinds_the_declared_names() -> None:
    assert _table._NAMES == _pytable.SWITCHED
    missing = {*_pytable.SWITCHED, *_pytable.CONSTANTS, "reset"} - set(_table.__all__)
    assert not missing, f"add to grundy.cgt._table.__all__: {sorted(missing)}"
    for name in _pytable.CONSTANTS:  # taken unchanged by both
        assert getattr(_table, name) is getattr(_ctable, name) is getattr(_pytable, name), name


def test_every_listed_name_exists() -> None:
    for module in (_pytable, _ctable, _table):
        for name in module.__all__:
            assert hasattr(module, name), (module.__name__, name)
    for name in _pytable.TABLE_NAMES:
        assert hasattr(_ctable, name), name
