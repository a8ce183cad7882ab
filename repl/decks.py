"""Reading deck files for the REPL, through the language's deck loader.

``load_deck_lists`` is the one place the REPL reads a deck; decks are named by path or by
a bundled deck's name (``cardsmith.dsl.decks.find_deck``), for whichever game is played.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cardsmith.dsl.decks import declared_game, find_deck, load_deck
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.rules import GameRules

#: the key of a deck's options that lists the card files it imports (not a game option)
CARD_FILES = "card_files"


def load_deck_lists(path: str | Path, rules: GameRules, library: Any = None) -> dict[str, Any]:
    """The options ``Game.new`` takes for one player's deck (``GameRules.deck_options``).

    With a ``library`` (the session's cards, a scenario's) the deck's names resolve against
    it as the file is read (after the cards the deck imports), so a misspelt card is
    reported at its line in the deck file.  A deck of another game is refused before its
    names are looked up (each would be "unknown").  A deck that imports card files says
    which under ``CARD_FILES``: the session adds them to its library (``split_card_files``).
    """
    path = Path(path)
    other = declared_game(path)
    if other is not None and other[0] != rules.name:
        raise CardsmithError(f"{path}:{other[1]}:{other[2]}: this deck is for {other[0]}, not {rules.name}")
    try:
        deck = load_deck(path, library)
    except OSError as exc:
        raise CardsmithError(f"can't read deck {path}: {exc.strerror}") from None
    options = rules.deck_options(deck)
    if deck.card_files:
        options[CARD_FILES] = list(deck.card_files)
    return options


def named_deck(text: str, rules: GameRules, library: Any = None) -> dict[str, Any]:
    """``load_deck_lists`` of a deck named by path or by one of the game's bundled decks."""
    return load_deck_lists(find_deck(text, rules), rules, library)


def default_decks(rules: GameRules) -> list[dict[str, Any]] | None:
    """The decks of the game's default match (``GameRules.default_decks``), None for a game
    whose setup takes no decks."""
    if not rules.default_decks:
        return None
    return [named_deck(name, rules) for name in rules.default_decks]


def split_card_files(decks: list[Any]) -> tuple[list[Any], list[Path]]:
    """The decks without ``CARD_FILES``, and the card files they import (once each, in
    order), for the game's library to include."""
    out: list[Any] = []
    files: list[Path] = []
    for deck in decks:
        if isinstance(deck, dict) and CARD_FILES in deck:
            deck = dict(deck)
            files += [Path(f) for f in deck.pop(CARD_FILES) if Path(f) not in files]
        out.append(deck)
    return out, files
