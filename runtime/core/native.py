"""What a compiled build (``cardsmith compile``, mypyc) needs from the source: a mark on the
classes plain Python may extend, and a way to pickle what it can't unpickle field by field.

mypyc turns the runtime's classes into native classes, which plain Python classes can't
subclass unless the class says it allows it.  The classes a game or a tool extends (frame
handlers, rules, verbs, words, AIs, the state) say so with ``@mypyc_attr(
allow_interpreted_subclasses=True)``, so a game or test written in plain Python still works
on a compiled core.  Without mypy installed the decorator is a no-op: the pure runtime
needs nothing beyond the standard library.
"""
from __future__ import annotations

import copyreg
import dataclasses
from typing import Any, Callable, TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:         # the pure runtime: nothing to tell a compiler
    def mypyc_attr(*attrs: str, **kwattrs: Any) -> Callable[[T], T]:  # type: ignore[misc]
        return lambda cls: cls

__all__ = ["mypyc_attr", "pickle_by_constructor"]


def pickle_by_constructor(namespace: dict[str, Any]) -> None:
    """Pickle through its constructor every dataclass defined in ``namespace`` (a module's
    ``globals()``) that a compiled build could not unpickle the usual way.

    Unpickling makes an empty object and then sets its fields.  A compiled (mypyc) frozen
    dataclass refuses the setting, as it would any assignment to a frozen field, and a
    compiled class whose ``__init__`` is written out can't be made empty (its constructor
    wants the fields); so the compiled-card cache and ``Game.clone`` could not read back what
    they wrote.  Calling the constructor with the fields in order gives the same object in
    both builds."""
    for value in list(namespace.values()):
        if (isinstance(value, type) and dataclasses.is_dataclass(value)
                and value.__module__ == namespace.get("__name__")
                and (getattr(value, "__dataclass_params__").frozen or _init_written_out(value))):
            copyreg.pickle(value, _by_constructor)


def _init_written_out(cls: type) -> bool:
    """Whether the class's ``__init__`` is its own, not the one dataclasses generates (whose
    code is compiled from a string)."""
    code = getattr(vars(cls).get("__init__"), "__code__", None)
    return "__init__" in vars(cls) and (code is None or code.co_filename != "<string>")


def _by_constructor(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))
