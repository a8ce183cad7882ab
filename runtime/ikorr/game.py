"""Builds Ikorr's rules object: registers its frames, words and verbs, and the game itself."""
from typing import Final

from cardsmith.runtime.core import interpreter
from cardsmith.runtime.core.registry import register_game

from . import verbs, words
from .play import BattleFrame, PlayFrame, ResolveFrame
from .rules import IkorrRules
from .turn import ActionWindow, SetupFrame, TurnFrame

GAME: Final = IkorrRules()
interpreter.install(GAME)
for _handler in (SetupFrame, TurnFrame, ActionWindow, PlayFrame, ResolveFrame, BattleFrame):
    GAME.handler(_handler)
for _module in (words, verbs):
    _module.register(GAME.vocab)
register_game(GAME)
