"""Rush of Ikorr: 1v1, 2v2 and 3v3 team games with champions, locations, spells, infusions
and avatars (rulebook 004).

Importing this package builds the game's rules object and registers its frames and words;
the core finds it through the ``cardsmith.games`` entry point.
"""
from cardsmith.runtime.core import interpreter
from cardsmith.runtime.core.registry import register_game

from . import verbs, words
from .play import BattleFrame, PlayFrame, ResolveFrame
from .rules import IkorrRules
from .turn import ActionWindow, SetupFrame, TurnFrame

GAME = IkorrRules()
interpreter.install(GAME)
for _handler in (SetupFrame, TurnFrame, ActionWindow, PlayFrame, ResolveFrame, BattleFrame):
    GAME.handler(_handler)
for _module in (words, verbs):
    _module.register(GAME.vocab)
register_game(GAME)

__all__ = ["GAME"]
