"""The setup options a person may give a game (a scenario's ``option KEY VALUE`` lines, the
flags of ``cardsmith play GAME``), each with its kind, so that a value the game can't use
is refused where it is written.

A game's setup reads options it was handed by code it trusts (``int(options["first"])``);
a scenario file is not such code, so its options are checked against the game's table
(``GameRules.setup_options``) first, and handed over already converted (``true`` as True,
``3`` as 3).  The core names no option: each game declares its own.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

_TRUE: Final = ("true", "yes", "on", "1")
_FALSE: Final = ("false", "no", "off", "0")


@dataclass(frozen=True, slots=True)
class Option:
    """One option: ``kind`` is ``int`` (from ``low`` to ``high``), ``bool``, ``choice`` (one
    of ``choices``) or ``text`` (a name, up to ``high`` characters); ``help`` says what it does.
    ``play``: it is also a flag of ``cardsmith play GAME`` (``--all-bloom`` for ``all_bloom``),
    with the same help and the same check of its value."""
    kind: str
    help: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    play: bool = False

    def read(self, value: Any) -> Any:
        """The value as the game takes it; ``ValueError`` with the reason if it can't be."""
        text = str(value).strip()
        if self.kind == "int":
            number = value if isinstance(value, int) else None
            if number is None and text.lstrip("-").isdecimal() and len(text) < 20:
                number = int(text)
            if number is None or not self.low <= number <= self.high:
                raise ValueError(f"takes a whole number from {self.low} to {self.high}, not {_shown(text)}")
            return number
        if self.kind == "bool":
            if text.casefold() in _TRUE:
                return True
            if text.casefold() in _FALSE:
                return False
            raise ValueError(f"takes true or false, not {_shown(text)}")
        if self.kind == "choice":
            if text in self.choices:
                return text
            raise ValueError(f"takes {' or '.join(self.choices)}, not {_shown(text)}")
        if not text or len(text) > self.high:
            raise ValueError(f"takes a name of 1 to {self.high} characters")
        return text

    def describe(self) -> str:
        """What it takes, for a list of options."""
        if self.kind == "int":
            return f"{self.low}-{self.high}"
        if self.kind == "choice":
            return "|".join(self.choices)
        return "true|false" if self.kind == "bool" else "a name"


def integer(help: str, low: int, high: int, *, play: bool = False) -> Option:
    return Option("int", help, low, high, play=play)


def flag(help: str, *, play: bool = False) -> Option:
    return Option("bool", help, play=play)


def choice(help: str, choices: tuple[str, ...], *, play: bool = False) -> Option:
    return Option("choice", help, choices=choices, play=play)


def text(help: str, longest: int = 60) -> Option:
    return Option("text", help, high=longest)


def _shown(text: str) -> str:
    return f"'{text[:30]}...'" if len(text) > 30 else f"'{text}'"
