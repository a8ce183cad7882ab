"""Errors the engine raises.  Each carries a sentence a person can act on."""
from __future__ import annotations


class CardsmithError(Exception):
    """Base of every error we raise on purpose."""


class IllegalAction(CardsmithError):
    """``apply()`` got an action that is not legal now.  The state is untouched."""

    def __init__(self, reason: str, action: object = None):
        super().__init__(reason)
        self.reason = reason
        self.action = action


class CommandError(CardsmithError):
    """A command (the REPL's, a scenario script's) that can't be carried out; the message
    says why.  State is untouched."""


class UnknownGame(CardsmithError):
    pass


class UnknownCard(CardsmithError):
    pass


class LoopDetected(CardsmithError):
    """The engine ran many steps without anyone having to decide anything.

    ``cards`` names the cards whose effects or triggers kept repeating, most frequent first;
    the message leads with them so a designer sees at once which combination loops.
    """

    def __init__(self, detail: str, cards: list[str] | None = None):
        self.cards = list(cards or [])
        self.detail = detail
        names = ", ".join(self.cards) if self.cards else "no card (the rules themselves)"
        super().__init__(f"endless loop: {names} repeat forever; {detail}")


class HeaderError(ValueError):
    """One word of a card's header that the game can't read (a misspelt colour, an unknown
    archetype).  ``field`` and ``word`` name the header and the word as the card wrote
    them, so the language reports the problem where the word stands, not at its card."""

    def __init__(self, message: str, field: str, word: str | None = None, hint: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.word = word
        self.hint = hint
