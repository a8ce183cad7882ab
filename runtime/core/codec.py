"""Game state to JSON-ready data and back, driven by the dataclasses' type hints.

Saving must work at any decision point, so every state class is a dataclass of plain
values and this module needs no per-class code.  Tuples (``Action.args``) come back as
tuples, so a loaded state compares equal to the one that was saved.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=None)
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: encode(getattr(value, name)) for name, _ in _hints(type(value))}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    return value


def _deep_tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_deep_tuple(v) for v in value)
    return value


def decode(hint: Any, data: Any) -> Any:
    if data is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for arm in typing.get_args(hint):
            if arm is type(None):
                continue
            return decode(arm, data)
    if dataclasses.is_dataclass(hint):
        kwargs = {name: decode(h, data[name]) for name, h in _hints(hint) if name in data}
        return hint(**kwargs)
    if origin is list:
        (arg,) = typing.get_args(hint) or (Any,)
        return [decode(arg, v) for v in data]
    if origin is tuple or hint is tuple:
        return _deep_tuple(data)
    if origin is dict:
        _, arg = typing.get_args(hint) or (str, Any)
        return {k: decode(arg, v) for k, v in data.items()}
    return data
