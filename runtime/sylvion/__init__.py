"""Sylvion: the solo / two-player cooperative game (rulebook 002).

The player defends a forest against a Ravage deck that plays itself.  It runs on the same
core as Ivion: a turn frame, a play frame, one frame for Support cards, the core's
``block`` interpreter and ``pick_cards`` decisions; its words and verbs are registered in
its own vocabulary.  The core finds it through the ``cardsmith.games`` entry point.
"""
from cardsmith.runtime.core import interpreter
from cardsmith.runtime.core.registry import register_game

from . import verbs, words
from .play import PlayFrame
from .rules import SylvionRules
from .turn import SupportFrame, TurnFrame

GAME = SylvionRules()
interpreter.install(GAME)
for _handler in (TurnFrame, PlayFrame, SupportFrame):
    GAME.handler(_handler)
words.register(GAME.vocab)
verbs.register(GAME.vocab)
register_game(GAME)

__all__ = ["GAME"]
