"""Events stay frozen dataclasses, whatever builds them: the same parameters and defaults as
their fields, every field stored, no field assignable afterwards."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable

import pytest

from engine import event_kinds


@pytest.mark.parametrize("kind", sorted(event_kinds()))
def test_an_event_is_built_from_its_fields_and_cannot_change(kind: str) -> None:
    cls = event_kinds()[kind]
    fields = dataclasses.fields(cls)
    parameters = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in parameters] == [f.name for f in fields]
    for parameter, field in zip(parameters, fields, strict=True):
        expected = (
            inspect.Parameter.empty if field.default is dataclasses.MISSING else field.default
        )
        assert parameter.default == expected, (kind, field.name)
    values = {f.name: (f"value of {f.name}",) for f in fields}
    event = cls(**values)
    assert {f.name: getattr(event, f.name) for f in fields} == values
    assert event == cls(**values) and hash(event) == hash(cls(**values))
    for field in fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(event, field.name, None)
    if fields:
        changed = dataclasses.replace(event, **{fields[0].name: "other"})
        assert getattr(changed, fields[0].name) == "other"
        assert getattr(event, fields[0].name) == values[fields[0].name]


def test_a_missing_field_is_refused_as_by_any_function() -> None:
    with pytest.raises(TypeError):
        make: Callable[..., object] = event_kinds()["trick_won"]
        make(0)
