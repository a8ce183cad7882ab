"""Game state to JSON-ready data and back, driven by the dataclasses' type hints.

Saving must work at any decision point, so every state class is a dataclass of plain
values and this module needs no per-class code.  Tuples (``Action.args``) come back as
tuples, so a loaded state compares equal to the one that was saved.

Both directions are on the hot path of save-at-every-step tests and of the REPL's
history, so the per-class work (field names, a decoder per type hint) is done once and
cached; the walk itself only dispatches on ``type(value)``.
"""
from __future__ import annotations

import ast
import dataclasses
import importlib.machinery
import sys
import types
import typing
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Final

_PLAIN: Final = frozenset({str, int, float, bool, type(None)})
_FIELDS: Final[dict[type, tuple[str, ...] | None]] = {}


def _field_names(cls: type) -> tuple[str, ...] | None:
    names = _FIELDS.get(cls, ())
    if names == ():
        names = tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else None
        _FIELDS[cls] = names
    return names


def encode(value: Any) -> Any:
    cls = type(value)
    if cls in _PLAIN:
        return value
    if cls is list or cls is tuple:
        return [v if type(v) in _PLAIN else encode(v) for v in value]
    if cls is dict:
        return {str(k): v if type(v) in _PLAIN else encode(v) for k, v in value.items()}
    names = _field_names(cls)
    if names is not None:
        out = {}
        for name in names:
            v = getattr(value, name)
            out[name] = v if type(v) in _PLAIN else encode(v)
        return out
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    return value


def _deep_tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_deep_tuple(v) for v in value)
    return value


def _same(data: Any) -> Any:
    return data


@lru_cache(maxsize=None)
def _decoder(hint: Any) -> Callable[[Any], Any]:
    """A function turning saved data back into a value of type ``hint``."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        arms = [a for a in typing.get_args(hint) if a is not type(None)]
        inner = _decoder(arms[0]) if arms else _same
        return lambda data: None if data is None else inner(data)
    if dataclasses.is_dataclass(hint):
        hints = field_types(hint)
        fields = tuple((f.name, _decoder(hints[f.name])) for f in dataclasses.fields(hint))

        def dataclass_decoder(data: Any) -> Any:
            if data is None:
                return None
            return hint(**{name: dec(data[name]) for name, dec in fields if name in data})  # type: ignore[operator]
        return dataclass_decoder
    if origin is list:
        (arg,) = typing.get_args(hint) or (Any,)
        item = _decoder(arg)
        if item is _same:
            return lambda data: None if data is None else list(data)
        return lambda data: None if data is None else [item(v) for v in data]
    if origin is tuple or hint is tuple:
        return _deep_tuple
    if origin is dict:
        _, arg = typing.get_args(hint) or (str, Any)
        item = _decoder(arg)
        if item is _same:
            return lambda data: None if data is None else dict(data)
        return lambda data: None if data is None else {k: item(v) for k, v in data.items()}
    return _same


def field_types(cls: Any) -> dict[str, Any]:
    """A dataclass's field types.  A class compiled by mypyc (``cardsmith compile --backend
    mypyc``) keeps only erased ones (``list``, ``type``), which can't say that a field holds
    a ``Decision`` or a list of ``Player``; so its annotations are read back from the source
    it was built from, which the compiled build's finder guarantees is the file on disk."""
    if not _compiled(cls):
        return typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        if dataclasses.is_dataclass(klass):
            hints.update((k, v) for k, v in _source_annotations(klass).items() if k in names)
    return hints


def _compiled(cls: Any) -> bool:
    module = sys.modules.get(cls.__module__)
    return str(getattr(module, "__file__", "") or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _source_annotations(cls: Any) -> dict[str, Any]:
    """The class's annotations as written in its module's source, evaluated in the module."""
    module = sys.modules[cls.__module__]
    package = sys.modules[cls.__module__.rpartition(".")[0]]
    spec = importlib.machinery.PathFinder.find_spec(cls.__module__, list(package.__path__))
    if spec is None or not spec.origin:
        raise TypeError(f"can't find the source of compiled {cls.__module__} to read {cls.__name__}'s fields")
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    body = next((n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__), [])
    out: dict[str, Any] = {}
    for node in body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            value = eval(ast.unparse(node.annotation), vars(module))   # our own source, not a save
            out[node.target.id] = eval(value, vars(module)) if isinstance(value, str) else value
    return out


def decode(hint: Any, data: Any) -> Any:
    return _decoder(hint)(data)
