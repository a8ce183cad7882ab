"""Rush of Ikorr's champion keywords (004 § Glossary), each a ``Keyword`` the battle and the
action listing ask through its hooks (``allows``, ``strikes_first``, ``deadly``,
``after_death``) instead of testing its name; listed in the order the vocabulary shows them.

- Quick Strike: "When attacking, strikes first. (If the attack destroys the target, then
  this card will not take damage back.)"
- Lethal: "When striking, any damage dealt is enough to destroy the other champion."
- Fury: "Can attack any number of times during your turn."
- Swift: "May attack the turn it was summoned."
- Reanimate: "When this champion dies, summon it from your graveyard during the next end
  phase. The next time this champion would die, void it instead."  (The return is the end
  phase's, ``battlefield.py``; this marks it.)
- Support: "you may activate this champion's Support Ability" (an action: actions.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.keywords import Keyword

from . import battlefield as bf

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

#: what the keywords allow (``Keyword.allows``), in the words actions.py asks them by
ATTACK_AGAIN: Final = "attack again this turn"
ATTACK_WHEN_SUMMONED: Final = "attack the turn it was summoned"
SUPPORT: Final = "support"


class QuickStrike(Keyword):
    strikes_first = True


class Lethal(Keyword):
    deadly = True


class Fury(Keyword):
    allows = frozenset({ATTACK_AGAIN})


class Swift(Keyword):
    allows = frozenset({ATTACK_WHEN_SUMMONED})


class Reanimate(Keyword):
    def after_death(self, game: "Game", cid: str) -> None:
        card = game.state.cards[cid]
        card.counters["reanimate_pending"] = 1
        game.log("reanimate", f"{bf.who(game, cid)} will return at the next end phase", "Reanimate", card.controller)


class Support(Keyword):
    allows = frozenset({SUPPORT})


KEYWORDS: Final = (
    QuickStrike("quick_strike", "Quick Strike: when attacking, strikes first"),
    Lethal("lethal", "Lethal: any damage it deals when striking destroys the other champion"),
    Fury("fury", "Fury: can attack any number of times during your turn"),
    Swift("swift", "Swift: may attack the turn it was summoned"),
    Reanimate("reanimate", "Reanimate: when it dies, it returns at the next end phase; the next time it "
                           "would die it is voided"),
    Support("support", "Support: give its attack to a target champion until the end of the turn"),
)
