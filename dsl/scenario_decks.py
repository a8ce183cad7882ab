"""Deck checks in scenario files (issue 18, "Decks and formats in scenarios"): a rules judge
states a deckbuilding ruling as a file, the deck and the rulebook's answer.

    decklist "Three Crowns" {
      format paragon
      feats "Shield Slam", "Winterburst", "Arcana"
      3 "Hammer Strike"
      ...
    }
    script
      expect deck "Three Crowns" rejected: "exactly 15 cards from each specialization"
      expect deck "steward" accepted

A ``decklist`` block holds a deck file's lines (the deck's game is the scenario's); an
``expect deck "NAME"`` line names a deck list of the file, else a deck file (relative to the
scenario) or one of the game's bundled decks.  The check is ``cardsmith check``'s
(``dsl.decks.compile_and_check``): ``accepted`` means no problem, ``rejected: "REASON"``
that some problem's message contains REASON.  The game's deck rules are game-neutral here
(``GameRules.check_deck``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardsmith.runtime.core.effects import Loc


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck declared in a scenario: its name and a deck file's text whose lines stand at
    the scenario's line numbers (so a problem is reported where it is in the scenario)."""
    name: str
    text: str
    loc: Loc = Loc()


@dataclass(frozen=True, slots=True)
class DeckCheck:
    """``expect deck "NAME" accepted`` / ``rejected[: "REASON"]``."""
    deck: str
    accepted: bool
    reason: str = ""


def deck_list(item: Any, source: str, game: str, loc: Loc) -> DeckList:
    """A ``decklist`` block as deck-file text: the header on the block's first line, then
    its lines where they stand (the braces blanked)."""
    body = str(item.body)
    inner = body[1:-1] if body.startswith("{") and body.endswith("}") else body
    head = "\n" * (loc.line - 1) + f'deck "{item.name}" for {game} '
    return DeckList(item.name, head + inner + "\n", loc)


def deck_check(c: Any) -> DeckCheck:
    return DeckCheck(c.deck, bool(c.accepted), c.reason or "")
