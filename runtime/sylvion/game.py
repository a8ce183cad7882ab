"""Builds Sylvion's rules object: registers its frames, words and verbs, and the game itself."""
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
