"""Ivion: the 1v1 hero duel on a 4x4 grid (rulebooks 001, default, and 000, 'original').

Importing this package builds the game's rules object and registers its frames and words;
the core finds it through the ``cardsmith.games`` entry point.
"""
from cardsmith.runtime.core import interpreter
from cardsmith.runtime.core.registry import register_game

from . import verbs_board, verbs_cards, verbs_misc, verbs_players, words
from .decisions import DiscardDownFrame, RemoveControlFrame, SecondWindFrame
from .play import PlayFrame
from .rules import IvionRules
from .stack import RespondFrame, ResolveItemFrame, ResolveStackFrame
from .turn import TurnFrame

GAME = IvionRules()
interpreter.install(GAME)
for _handler in (TurnFrame, PlayFrame, RespondFrame, ResolveStackFrame, ResolveItemFrame,
                 RemoveControlFrame, SecondWindFrame, DiscardDownFrame):
    GAME.handler(_handler)
for _module in (words, verbs_players, verbs_board, verbs_cards, verbs_misc):
    _module.register(GAME.vocab)
register_game(GAME)

__all__ = ["GAME"]
