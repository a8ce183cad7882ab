"""The state classes whose ``__init__`` is written out (a compiled build runs a generated
one as interpreted Python) still take exactly their fields, in order, with their defaults,
and build the same objects a generated ``__init__`` would."""
from __future__ import annotations

import dataclasses
import inspect

import pytest

from cardsmith.runtime.core.codec import field_types
from cardsmith.runtime.core.state import Action, Decision, Frame, LogEntry, StackItem

WRITTEN_OUT = [StackItem, Frame, Action, Decision, LogEntry]


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_a_written_out_init_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    if not hasattr(cls.__init__, "__code__"):
        pytest.skip("compiled: its signature can't be read; the pure suite checks it")
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields):
        if f.default_factory is not dataclasses.MISSING:
            assert p.default is None, f"{cls.__name__}.{f.name}: a factory field defaults to None"
        else:
            assert p.default == (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda c: c.__name__)
def test_a_written_out_init_builds_what_the_generated_one_would(cls: type) -> None:
    """Each field set, and a factory field a fresh object per instance (never shared)."""
    types = field_types(cls)
    required = {f.name: 7 if types[f.name] is int else f"{f.name}-value" for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    a, b = cls(**required), cls(**required)
    for f in dataclasses.fields(cls):
        value = getattr(a, f.name)
        if f.name in required:
            assert value == required[f.name]
        elif f.default_factory is not dataclasses.MISSING:
            assert value == f.default_factory() and value is not getattr(b, f.name)
        else:
            assert value == f.default
