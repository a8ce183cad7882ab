"""What a compiled-card cache file holds, and reading one back without running code.

A file is a header, the sha256 of its payload, and the payload: the pickled value.  The
hash catches a truncated or corrupted file (it is then rebuilt).  It is no defence against
someone who can write the cache folder, who could write a matching hash; ``cachedir``'s
ownership checks are that defence.  Behind them, the payload is read by an unpickler that
can build nothing but plain containers and frozen dataclasses of modules cardsmith has
loaded (or of its own packages, or of the packages of the game whose cards they are), so
even a planted file could only describe cards, never call a function: a pickle naming
``os.system`` is refused.
"""
from __future__ import annotations

import builtins
import dataclasses
import hashlib
import io
import pickle
import sys
from typing import Any, Final

MAGIC: Final = b"cardsmith cache 1\n"
_DIGEST: Final = 32
#: builtins a cached value may rebuild: containers and scalars, nothing that calls out
SAFE_BUILTINS: Final = frozenset({"frozenset", "set", "tuple", "list", "dict", "str", "bytes",
                                  "bytearray", "int", "float", "complex", "bool", "range", "slice"})
#: cardsmith's packages, whose modules may be imported to find a cached class
OWN_PACKAGES: Final = ("cardsmith.runtime.", "cardsmith.dsl.")


class BadCacheFile(Exception):
    """A cache file that isn't one, is damaged, or names something it may not."""


def dumps(value: Any) -> bytes:
    payload = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    return MAGIC + hashlib.sha256(payload).digest() + payload


def loads(data: bytes, packages: tuple[str, ...] = ()) -> Any:
    """The value of a cache file; ``BadCacheFile`` for anything else.  ``packages``: the
    packages (dotted names) of the game whose cards it holds, whose modules may be imported
    to find a class as cardsmith's own may (a game installed beside cardsmith: on a warm
    start nothing has imported its card header yet)."""
    start = len(MAGIC) + _DIGEST
    if not data.startswith(MAGIC) or len(data) < start:
        raise BadCacheFile("not a cardsmith cache file")
    payload = data[start:]
    if hashlib.sha256(payload).digest() != data[len(MAGIC):start]:
        raise BadCacheFile("damaged: its content doesn't match its hash")
    try:
        return _Unpickler(io.BytesIO(payload), packages).load()
    except BadCacheFile:
        raise
    except Exception as exc:        # a payload that doesn't unpickle is a damaged file too
        raise BadCacheFile(f"unreadable ({type(exc).__name__})") from None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, packages: tuple[str, ...]) -> None:
        super().__init__(file)
        self.packages = OWN_PACKAGES + tuple(p + "." for p in packages)

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins":
            if name in SAFE_BUILTINS:
                return getattr(builtins, name)
        elif module in sys.modules or module.startswith(self.packages):
            found = super().find_class(module, name)
            if (isinstance(found, type) and dataclasses.is_dataclass(found)
                    # dataclasses keeps a class's options there; typeshed doesn't declare it
                    and found.__dataclass_params__.frozen):      # type: ignore[attr-defined]
                return found
        raise BadCacheFile(f"it names {module}.{name}, which a cache file may not")
