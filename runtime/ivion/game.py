"""Builds Ivion's rules object: registers its frames, words and verbs, and the game itself."""
from typing import Final

from cardsmith.runtime.core import interpreter
from cardsmith.runtime.core.registry import register_game

from . import (activated, arrows, charges, chivalry, costs, frenzy, in_hand, luck, nemesis, play_grants, poison, precisely,
               relic, second_wind, seek, to_discard, traps, turn_record, verbs_board, verbs_cards, verbs_piles,
               verbs_players, verbs_tokens, words)
from .decisions import DiscardDownFrame, RemoveControlFrame
from .hardcast import HardcastRevealFrame
from .play import PlayFrame
from .rules import IvionRules
from .second_wind import SecondWindFrame
from .stack import ResolveItemFrame, ResolveStackFrame, RespondFrame
from .token_effects import TokenEffectFrame
from .trigger_targets import TriggerTargetsFrame
from .turn import TurnFrame

GAME: Final = IvionRules()
interpreter.install(GAME)
for _handler in (TurnFrame, PlayFrame, RespondFrame, ResolveStackFrame, ResolveItemFrame,
                 RemoveControlFrame, SecondWindFrame, DiscardDownFrame, TokenEffectFrame,
                 HardcastRevealFrame, TriggerTargetsFrame):
    GAME.handler(_handler)
for _module in (words, poison, luck, traps, turn_record, precisely, verbs_players, verbs_board, verbs_cards, relic,
                chivalry, second_wind, verbs_tokens, verbs_piles, arrows, charges, costs, activated, frenzy, in_hand,
                play_grants, nemesis, seek, to_discard):
    _module.register(GAME.vocab)
register_game(GAME)
