"""A deck as game-neutral data: a named list of cards for one game, with where each line
stands, so a game's deck rules (``GameRules.check_deck``) can say where a problem is.

The language reads deck files into a ``DeckDef`` (``cardsmith.dsl.decks``); it names cards
and never holds them, so it pickles into the compiled-card cache.  A game takes a deck as
the plain options of ``GameRules.deck_options``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .cards import CardLibrary
from .effects import CardDef, Loc
from .native import pickle_by_constructor

#: the format a deck without a ``format`` line is built for
STANDARD: Final = "standard"

#: one problem a game's deck rules find: the sentence and where it is
Problem = tuple[str, Loc]


@dataclass(frozen=True, slots=True)
class DeckDef:
    """A compiled deck.  ``cards`` is ``((count, name), ...)`` in file order."""
    name: str
    game: str
    cards: tuple[tuple[int, str], ...] = ()
    feats: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    loc: Loc = field(default=Loc(), compare=False)
    card_locs: tuple[Loc, ...] = field(default=(), compare=False)   # one per ``cards`` entry
    feat_locs: tuple[Loc, ...] = field(default=(), compare=False)   # one per feat
    game_loc: Loc = field(default=Loc(), compare=False)
    #: the deck's leader card (Rush of Ikorr's avatar), "" when the game has none
    leader: str = ""
    leader_loc: Loc = field(default=Loc(), compare=False)
    #: per ``cards`` entry, a card attached to it ("" for none): Ikorr's infusions
    extras: tuple[str, ...] = ()
    source: str = field(default="", compare=False)
    #: the ``import "FILE"`` lines as written, with where each stands
    imports: tuple[tuple[str, Loc], ...] = ()
    #: the cards of the imported files (and of the files they import), read by ``load_deck``
    imported: tuple[CardDef, ...] = field(default=(), compare=False)
    #: the card files the imports matched (absolute paths), for a REPL session to keep
    card_files: tuple[str, ...] = field(default=(), compare=False)
    #: a ``starter`` line: the game's prebuilt deck, exempt from its constructed-deck rules
    starter: bool = False
    #: the ``format NAME`` line: which deckbuilding rules the deck is built for (the game
    #: says which it knows: ``DECK_FORMATS``, or its rules object's ``deck_formats``)
    format: str = STANDARD
    format_loc: Loc = field(default=Loc(), compare=False)
    #: ``beneath "FEAT": "CARD", ...`` lines: the cards put beneath a feat at character
    #: creation (Ivion IV-ZONE-6: Spellbook, Disguise), as ``((feat, (card, ...)), ...)``
    beneath: tuple[tuple[str, tuple[str, ...]], ...] = ()
    beneath_locs: tuple[tuple[Loc, tuple[Loc, ...]], ...] = field(default=(), compare=False)
    #: ``collection N "CARD"`` lines: cards kept outside the game (Tourneygoer's Collection)
    collection: tuple[tuple[int, str], ...] = ()
    collection_locs: tuple[Loc, ...] = field(default=(), compare=False)
    #: ``pile KIND: "CARD", ...`` lines: a game's piles apart from the deck (Ivion's relics,
    #: traps, feathers, arrowheads), as ``((kind, (card, ...)), ...)``
    piles: tuple[tuple[str, tuple[str, ...]], ...] = ()
    pile_locs: tuple[tuple[Loc, tuple[Loc, ...]], ...] = field(default=(), compare=False)

    @property
    def size(self) -> int:
        """How many cards the deck holds (feats are not in the deck)."""
        return sum(n for n, _ in self.cards)

    def card_names(self) -> list[str]:
        """Every card of the deck, one name per copy, in file order (before shuffling)."""
        return [name for n, name in self.cards for _ in range(n)]

    def as_options(self) -> dict[str, Any]:
        """The deck as a game's ``new_state`` options take it: plain names, one per copy
        (an entry with an attached card is ``[name, attached]``), plus the leader if any."""
        if not any(self.extras):
            cards: list[Any] = self.card_names()
        else:
            cards = [[name, extra] if extra else name
                     for (n, name), extra in zip(self.cards, self.extras) for _ in range(n)]
        out: dict[str, Any] = {"name": self.name, "cards": cards, "feats": list(self.feats)}
        if self.format != STANDARD:
            out["format"] = self.format
        if self.leader:
            out["avatar"] = self.leader
        if self.beneath:
            out["beneath"] = {feat: list(names) for feat, names in self.beneath}
        if self.collection:
            out["collection"] = [name for n, name in self.collection for _ in range(n)]
        for kind, names in self.piles:
            out[kind] = list(names)
        return out

    def names(self) -> list[str]:
        """Every card name the deck refers to, once each: its cards, feats, leader, extras."""
        out = [name for _, name in self.cards] + list(self.feats) + [e for e in self.extras if e]
        out += [name for feat, names in self.beneath for name in (feat, *names)]
        out += [name for _, name in self.collection]
        out += [name for _, names in self.piles for name in names]
        return out + ([self.leader] if self.leader else [])

    def copies(self, name: str) -> int:
        key = name.casefold()
        return sum(n for n, card in self.cards if card.casefold() == key)

    def library_with(self, library: CardLibrary) -> CardLibrary:
        """``library`` with the deck's imported cards over it (a name the deck imports
        means the imported card, as it did when the deck's names were resolved)."""
        return library.merged(CardLibrary(self.imported)) if self.imported else library


pickle_by_constructor(globals())      # the frozen dataclass above (see native.py)
