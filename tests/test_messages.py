"""Messages, effects and what the page says are distinct by type: frozen
dataclasses, so two records of different types never compare equal (as
empty NamedTuples did: ClearSave() == PickFile() == StealLock())."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from hearts.app import messages as M

UNIONS = {"Msg": M.Msg, "Effect": M.Effect, "Said": M.Said}


def records() -> list[type]:
    return [t for u in UNIONS.values() for t in typing.get_args(u)]


def same_fields(kind: type, value: object = "hard") -> object:
    """A record of ``kind`` with ``value`` in every field: records of two
    types with the same fields' values must still differ."""
    return kind(*(value for _ in dataclasses.fields(kind)))


def test_every_message_effect_and_said_is_a_frozen_dataclass():
    assert len(records()) == len(set(records())) > 50
    for kind in records():
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, kind
        assert not issubclass(kind, tuple), kind


def test_every_record_of_the_module_is_in_a_union():
    defined = {v for v in vars(M).values() if isinstance(v, type) and dataclasses.is_dataclass(v)}
    assert defined - set(records()) == {M.Settings, M.Par}  # (values that StoreSettings and ParReady carry)


def test_no_two_record_types_compare_equal():
    made = [same_fields(kind) for kind in records()]
    for i, a in enumerate(made):
        for b in made[i + 1:]:
            assert a != b, (a, b)
    assert len(set(made)) == len(made)  # hashable, and distinct as keys too


def test_the_cases_that_tuples_confused():
    assert M.ClearSave() != M.PickFile() != M.StealLock() != M.ClearSave()
    assert M.SetLevel("hard") != M.SetLang("hard")
    assert M.SetLevel("hard") == M.SetLevel("hard") and M.SetLevel("hard") != M.SetLevel("easy")


def test_records_are_immutable():
    level = M.SetLevel("hard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        level.level = "easy"  # type: ignore[misc]
