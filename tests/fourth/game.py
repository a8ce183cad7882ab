"""Builds the fourth game's rules object: its frames, its words and verbs."""
from typing import Final

from cardsmith.runtime.core import interpreter
from cardsmith.runtime.core.registry import register_game

from . import words
from .rules import PebblesRules, ResolveFrame, TurnFrame

GAME: Final = PebblesRules()
interpreter.install(GAME)
GAME.handler(TurnFrame)
GAME.handler(ResolveFrame)
words.register(GAME.vocab)
register_game(GAME)
