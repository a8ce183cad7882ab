"""Sylvion's keywords, in the order the vocabulary lists them.  Reaction is asked by the
play pipeline (``Keyword.allows``: play.py) instead of having its name tested; Advanced
and Designer only mark a card (the advanced game; a designer-made card).

Reaction: a card that "can be played right after the Ravage cards are revealed" (the
Hedgehogs; docs/sylvion/rules.md C7 Reactions, SY-CARD-3).
"""
from __future__ import annotations

from typing import Final

from cardsmith.runtime.core.keywords import Keyword

#: what Reaction allows (``Keyword.allows``): being played in the window right after the reveal
REACT: Final = "be played right after the reveal"


class Reaction(Keyword):
    allows = frozenset({REACT})


KEYWORDS: Final = (
    Reaction("reaction", "can be played right after the Ravage cards are revealed"),
    Keyword("advanced", "belongs to the advanced game"),
    Keyword("designer", "a designer-made card, not a printed one"),
)
