"""The printed keyword {Precise} (catalogue G-21; docs/ivion/choices.md § Season-3 keywords).

Applethrough's reminder says a card is precise "when resolved at its max range"; no source
says what a card printed with the keyword (Puncture, Snap Shot, Dramatic Stunt) does with
it.  The engine option ``precise_keyword`` holds the reading:

- ``restriction`` (default): the card may only be played and resolved precisely.  Each of
  its targets must stand exactly at its max range when chosen, and a target found off that
  range as the card starts to resolve is no longer valid, like any target gone out of range
  (IV-RANGE-5, IV-META-2: with none left the card is meta-countered).
- ``bonus``: the keyword only makes the card precise for "if you Precisely resolve"
  effects whatever the distance; its targets are chosen like any card's.

Either way a card without a range is never precise (the ``precise`` condition's reading),
so the compiler refuses ``keywords precise`` on a card without a range or a target.

"At its max range" is one test for the condition and the restriction alike,
``targeting.at_max_range``: the distance the card's range is measured by (the nearest of the
hero's tile and any tile a ``range_from`` adds, with Reach's diagonal step for a Reach card)
equals the card's range now (after a ``range_reduced_here``: IV-RANGE-7).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.keywords import Keyword

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import CardDef
    from cardsmith.runtime.core.engine import Game

KEYWORD: Final = "precise"


class Precise(Keyword):
    #: its targets are chosen at its exact max range (the restriction reading), so no
    #: distance other cards share answers them
    own_distance = True

    def exact_range(self, game: "Game", card: "CardDef") -> bool:
        return restricts(game, card)


PRECISE: Final = Precise(KEYWORD, "precise at its max range; option precise_keyword: only played there, "
                                  "or precise anywhere")
#: the flag a play carries (its frame's data, then its stack item's flags) when it gained
#: Precise for this play (Bullseye: play_grants.py)
GAINED: Final = "gained_precise"
OPTION: Final = "precise_keyword"
READINGS: Final = ("restriction", "bonus")

#: the reason a Precise card can't be played, for ``why`` (a template: its max range)
WHY_NOT: Final = ("it is Precise: it can only be played at its max range, and no legal target stands "
                  "exactly {} tiles away (choices.md § Season-3 keywords)")


def reading(game: "Game") -> str:
    return game.state.options.get(OPTION, READINGS[0])


def _read_as(game: "Game", card: "CardDef", gained: bool, what: str) -> bool:
    """The card has the keyword (printed, or ``gained`` for this play: play_grants.py) and
    a range, and the option reads the keyword as ``what``."""
    return (gained or KEYWORD in card.keywords) and card.header.range is not None and reading(game) == what


def restricts(game: "Game", card: "CardDef", gained: bool = False) -> bool:
    """Whether this card's targets must stand exactly at its max range (``restriction``)."""
    return _read_as(game, card, gained, "restriction")


def counts_as_precise(game: "Game", card: "CardDef", gained: bool = False) -> bool:
    """Whether the keyword alone makes the card precise (option ``bonus``)."""
    return _read_as(game, card, gained, "bonus")


def problems(card: "CardDef") -> list[str]:
    """What makes ``keywords precise`` meaningless on a card, for the compiler."""
    if KEYWORD not in card.keywords:
        return []
    if card.header.range is None:
        return ["Precise needs a range: a card without one is never at its max range"]
    if not card.targets:
        return ["Precise needs a target: it is judged by a target at the card's max range"]
    return []
