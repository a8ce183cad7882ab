"""The words a game uses to say what its plain-data tables hold, so a saved game can be
checked against them before it is played (``validate``).

A frame's data, a player's flags, a stack item's flags and a game's options are plain
dictionaries whose meaning only their game knows.  Each game declares them with these
shapes (``Record(player=PLAYER, n=COUNT)``); the check walks a value and raises
``SaveProblem`` at the first part that doesn't fit, with the path to it
(``state.agenda[2].data["player"]``).  A shape reads the state through the check it is
given (``validate.StateCheck``): which players, cards and stack items exist, which zone
names and references the game knows.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from .errors import CardsmithError

if TYPE_CHECKING:
    from .validate import StateCheck

#: the largest number a saved game may hold outside the RNG and the seed: far past any
#: count a game reaches, and small enough that nothing a number drives (a loop, a text)
#: can run away
MAX_INT: Final = 1_000_000


def numeral(word: str) -> int | None:
    """The whole number a typed word spells, or None: not digits, or longer than a number
    of ours can be (Python refuses to read a numeral of over 4,300 digits, and no count,
    place or seat comes near 40)."""
    return int(word) if word.isdecimal() and len(word) <= 40 else None


class SaveProblem(CardsmithError):
    """A saved game refused: where (``path``) and what is wrong there (``problem``)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def key(path: str, name: Any) -> str:
    """``path["name"]`` (or ``path[3]`` for a list index)."""
    if isinstance(name, int):
        return f"{path}[{name}]"
    text = json.dumps(str(name), ensure_ascii=True)
    return f"{path}[{text if len(text) <= 42 else text[:38] + '...' + chr(34)}]"


def brief(value: Any) -> str:
    """A value as a message shows it: JSON, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:36] + "..."


class Shape:
    """What a value must be; ``check`` raises ``SaveProblem`` where it isn't."""
    what: str = "a value"

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        raise NotImplementedError

    def fail(self, value: Any, path: str, why: str = "") -> SaveProblem:
        return SaveProblem(path, why or f"{brief(value)} is not {self.what}")


class Int(Shape):
    def __init__(self, lo: int = -MAX_INT, hi: int = MAX_INT, what: str = "") -> None:
        self.lo, self.hi = lo, hi
        self.what = what or f"a whole number from {lo} to {hi}"

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if type(value) is not int or not self.lo <= value <= self.hi:
            raise self.fail(value, path)


class Bool(Shape):
    what = "true or false"

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if type(value) is not bool:
            raise self.fail(value, path)


class Str(Shape):
    """Text; with ``choices``, one of those words."""

    def __init__(self, *choices: str) -> None:
        self.choices = frozenset(choices)
        self.what = "text" if not choices else "one of " + ", ".join(sorted(choices))

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if type(value) is not str or (self.choices and value not in self.choices):
            raise self.fail(value, path)


class Asks(Shape):
    """A value the state itself must vouch for: ``question`` is the ``StateCheck`` method
    that knows (``player``: a player's number; ``card``: a card's id; ``zone``, ``ref``,
    ``trigger``; ``plain``: plain data whose references are good)."""

    def __init__(self, question: str, what: str) -> None:
        self.question, self.what = question, what

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        getattr(check, self.question)(value, path)


class Item(Shape):
    """A stack item's id; with ``blank``, also "" (none)."""

    def __init__(self, blank: bool = False) -> None:
        self.blank = blank
        self.what = "a stack item's id" + (" or \"\"" if blank else "")

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if self.blank and value == "":
            return
        check.item(value, path)


class Null(Shape):
    what = "null"

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if value is not None:
            raise self.fail(value, path)


class Const(Shape):
    """Exactly this value (``Const(True)``: a mark that is either set or absent)."""

    def __init__(self, value: Any) -> None:
        self.value = value
        self.what = brief(value)

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if type(value) is not type(self.value) or value != self.value:
            raise self.fail(value, path)


class Either(Shape):
    def __init__(self, *shapes: Shape) -> None:
        self.shapes = shapes
        self.what = " or ".join(s.what for s in shapes)

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        first: SaveProblem | None = None
        for shape in self.shapes:
            try:
                shape.check(check, value, path)
                return
            except SaveProblem as exc:
                if exc.path != path and first is None:
                    first = exc          # it had the right kind, and went wrong inside
        raise first or self.fail(value, path)


class ListOf(Shape):
    def __init__(self, item: Shape, most: int = MAX_INT, unique: bool = False) -> None:
        self.item, self.most, self.unique = item, most, unique
        self.what = f"a list of {item.what}"

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if type(value) is not list:
            raise self.fail(value, path)
        if len(value) > self.most:
            raise self.fail(value, path, f"holds {len(value)} entries, at most {self.most} make sense")
        for k, v in enumerate(value):
            self.item.check(check, v, key(path, k))
        if self.unique:
            seen: set = set()
            for k, v in enumerate(value):
                h = json.dumps(v, sort_keys=True)
                if h in seen:
                    raise SaveProblem(key(path, k), f"{brief(v)} is listed twice")
                seen.add(h)


class DictOf(Shape):
    """An object whose every value has one shape (its keys are text)."""

    def __init__(self, value: Shape, keys: Shape | None = None) -> None:
        self.value, self.keys = value, keys
        self.what = f"an object of {value.what}"

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if type(value) is not dict:
            raise self.fail(value, path)
        for k, v in value.items():
            if self.keys is not None:
                self.keys.check(check, k, key(path, k))
            self.value.check(check, v, key(path, k))


class Record(Shape):
    """An object with named entries: ``required`` ones must be there; ``optional`` ones may
    be; with ``open``, entries it doesn't name are left to ``rest``; without, they are
    refused (nothing reads them, so they were never written by the game)."""

    def __init__(self, required: dict[str, Shape] | None = None, optional: dict[str, Shape] | None = None,
                 *, rest: Shape | None = None) -> None:
        self.required = dict(required or {})
        self.optional = dict(optional or {})
        self.rest = rest
        self.what = "an object"

    def extended(self, required: dict[str, Shape] | None = None,
                 optional: dict[str, Shape] | None = None) -> "Record":
        """This record with more entries (a game's frame adds its own to the core's)."""
        return Record({**self.required, **(required or {})}, {**self.optional, **(optional or {})},
                      rest=self.rest)

    def check(self, check: "StateCheck", value: Any, path: str) -> None:
        if type(value) is not dict:
            raise self.fail(value, path)
        for name, shape in self.required.items():
            if name not in value:
                raise SaveProblem(path, f"\"{name}\" is missing")
            shape.check(check, value[name], key(path, name))
        for name, v in value.items():
            if name in self.required:
                continue
            found = self.optional.get(name, self.rest)
            if found is None:
                raise SaveProblem(key(path, name), "is not something this part of the game holds")
            found.check(check, v, key(path, name))


def record(**required: Shape) -> Record:
    """``Record`` with only required entries, written as keywords."""
    return Record(required)


INT: Final = Int()
COUNT: Final = Int(0, MAX_INT, "a whole number, 0 or more")
BOOL: Final = Bool()
STR: Final = Str()
PLAYER: Final = Asks("player", "a player's number")
CARD: Final = Asks("card", "a card id")
ITEM: Final = Item()
ZONE: Final = Asks("zone", "a zone name")
#: a card id, ``player:N``, or one of the game's own references (``tile:b2``)
REF: Final = Asks("ref", "a reference")
#: any plain value (text, numbers, lists and objects of them) whose references are good
PLAIN: Final = Asks("plain", "plain data")
NULL: Final = Null()
TRUE: Final = Const(True)
REFS: Final = ListOf(REF)
#: a triggered ability waiting to be ordered: ``{src, ability, ctl, data}``
TRIGGER: Final = Asks("trigger", "a waiting trigger")
CARDS: Final = ListOf(CARD)
#: names bound while an effect runs ("it", "them", "each"): references (or lists of them),
#: and words a game's rules bind (a Luck flip's side)
BIND: Final = DictOf(PLAIN)
