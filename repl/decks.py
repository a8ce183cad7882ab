"""Reading deck files for the REPL, through the language's deck loader.

``load_deck_lists`` is the one place the REPL reads a deck (it used a stop-gap reader until
``cardsmith.dsl.decks`` landed); decks are named by path or by a bundled deck's name.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cardsmith.runtime.core.errors import CardsmithError


def bundled_deck(game: str, name: str) -> Path:
    """A deck shipped with the cards: ``bundled_deck('ivion', 'steward')``."""
    from cardsmith.dsl.loader import bundled_cards_dir
    return bundled_cards_dir() / game / "decks" / f"{name}.deck"


def resolve_deck_path(game: str, text: str) -> Path:
    """A deck named by path, or by the name of a bundled deck ('steward', any case)."""
    from cardsmith.dsl.userfiles import is_file, kind
    path = Path(text)
    if kind(path) is not None:          # a path that can't be looked at is a CardError
        return path
    bundled = bundled_deck(game, text.casefold().removesuffix(".deck"))
    if is_file(bundled):
        return bundled
    raise CardsmithError(f"no deck file '{text}' (and no bundled {game} deck of that name)")


def load_deck_lists(path: str | Path, library: Any = None) -> dict[str, Any]:
    """The options ``Game.new`` takes for one player's deck (``{"cards", "feats", "name"}``).

    With a ``library`` (the session's cards, a scenario's) the deck's names resolve against
    it as the file is read (after the cards the deck imports), so a misspelt card is
    reported at its line in the deck file.  A deck that imports card files says which
    under ``CARD_FILES``: the session adds them to its library (``split_card_files``).
    """
    from cardsmith.dsl.decks import load_deck
    try:
        deck = load_deck(Path(path), library)
    except OSError as exc:
        raise CardsmithError(f"can't read deck {path}: {exc.strerror}") from None
    options = deck.as_options()
    if deck.card_files:
        options[CARD_FILES] = list(deck.card_files)
    return options


#: the key of a deck's options that lists the card files it imports (not a game option)
CARD_FILES = "card_files"


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
