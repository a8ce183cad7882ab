"""Builds Sylvion's rules object: registers its frames, words and verbs, and the game itself."""
from typing import Final

from cardsmith.runtime.core import interpreter
from cardsmith.runtime.core.registry import register_game

from . import verbs, words
from .play import PlayFrame
from .rules import SylvionRules
from .turn import MarchFrame, ReinforcementsFrame, SupportFrame, TurnFrame


def make_rules(cls: type[SylvionRules] = SylvionRules) -> SylvionRules:
    """A Sylvion rules object with its frames and words.  A designer's variant subclasses
    ``SylvionRules`` (e.g. overriding ``mobilize``, the Mobilization phase hook) and builds
    it here; cards compiled for Sylvion run under it unchanged."""
    rules = cls()
    interpreter.install(rules)
    for handler in (TurnFrame, PlayFrame, SupportFrame, MarchFrame, ReinforcementsFrame):
        rules.handler(handler)
    words.register(rules.vocab)
    verbs.register(rules.vocab)
    return rules


GAME: Final = make_rules()
register_game(GAME)
