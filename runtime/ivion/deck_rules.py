"""Ivion's deck-building rules (001 § Make Your Own Hero; 000 § Deck Customization), the
game's ``check_deck`` hook: every problem with a deck file, located at the line it is about.

The size, the copies and the feats are checked here; the archetype rules of each format in
``deck_formats`` (with ``deck_archetypes``), the character-creation piles in ``deck_piles``.
"""
from __future__ import annotations

from typing import Final

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.decks import DeckDef, Problem
from cardsmith.runtime.core.registry import did_you_mean

from .deck_formats import FORMATS, STANDARD
from .deck_piles import creation_problems

DECK_SIZE: Final = 45

#: Ivion's piles apart from the deck, and the header kind their cards must have ("" any)
PILES: Final = {"relics": "", "traps": "trap", "feathers": "feather", "arrowheads": "arrowhead"}


def deck_problems(deck: DeckDef, library: CardLibrary) -> list[Problem]:
    """Ivion: 45 skill cards, at most 3 copies of a card by name, the format's feats (one
    ultimate and two traits; Paragon: three ultimates); the cards, ultimate and traits fit
    the hero's archetypes as the deck's format says (``deck_formats``: standard IV-SETUP-9,
    Paragon IV-SETUP-10, Herocrafting IV-SETUP-11), with the copies a feat's character-creation
    pile lets in set apart (``deck_piles``: Spellbook).  A ``starter`` deck (a prebuilt deck:
    001 § Learn to Play > Setup shuffles 40 cards) is held to the copies and feats only."""
    fmt = FORMATS.get(deck.format, STANDARD)
    # a feat's character-creation pile (Spellbook); its cards' copies are outside the rest
    creation, deck = creation_problems(deck, library)
    problems: list[Problem] = []
    size = deck.size
    if size != DECK_SIZE and not deck.starter:
        problems.append((fmt.size_problem(size, DECK_SIZE), deck.loc))
    for (count, name), at in zip(deck.cards, deck.card_locs):
        kind = getattr(library.get(name).header, "kind", "skill")
        if kind != "skill":
            problems.append((f"\"{name}\" is a {kind}: feats go on the 'feats' line, not in the deck", at))
        limit = fmt.max_copies(name, deck, library)
        if count > limit:
            problems.append((fmt.copies_problem(count, name, limit), at))
    kinds = [getattr(library.get(name).header, "kind", "skill") for name in deck.feats]
    for name, kind, at in zip(deck.feats, kinds, deck.feat_locs):
        if kind not in ("ultimate", "trait"):
            problems.append((f"\"{name}\" is a {kind} card, not a feat (an ultimate or a trait)", at))
    if kinds.count("ultimate") != fmt.ultimates or kinds.count("trait") != fmt.traits:
        at = deck.feat_locs[0] if deck.feat_locs else deck.loc
        problems.append((fmt.feats_problem(kinds.count("ultimate"), kinds.count("trait")), at))
    problems.extend(beneath_problems(deck))
    problems.extend(unused_lines(deck))
    problems.extend(creation)
    problems.extend(pile_problems(deck, library))
    if not deck.starter:
        problems.extend(fmt.hero(deck, library))
    return problems


def pile_problems(deck: DeckDef, library: CardLibrary) -> list[Problem]:
    """A ``pile`` line names one of Ivion's piles (IV-ZONE-6, IV-KW-RELIC-1, G-21), and a
    Trap, Feather or Arrowhead deck holds only cards printed for it."""
    problems: list[Problem] = []
    for (kind, names), (at, name_locs) in zip(deck.piles, deck.pile_locs):
        if kind not in PILES:
            problems.append((f"unknown pile '{kind}'{did_you_mean(kind.casefold(), PILES)} "
                             f"(Ivion's piles: {', '.join(PILES)})", at))
            continue
        want = PILES[kind]
        for name, where in zip(names, name_locs):
            got = getattr(library.get(name).header, "kind", "skill")
            if want and got != want:
                article = "an" if got[0] in "aeiou" else "a"
                problems.append((f"\"{name}\" is {article} {got} card, not a card of the {kind} pile "
                                 f"(its header says '{want} deck')", where))
    return problems


def unused_lines(deck: DeckDef) -> list[Problem]:
    """The deck language's lines an Ivion hero has no use for, a leader and a card attached
    to an entry: refused where they stand, not ignored (an attached card reached the game's
    setup as a pair of names, which no Ivion deck can hold)."""
    problems: list[Problem] = []
    if deck.leader:
        problems.append((f"an Ivion deck has no 'avatar' line (\"{deck.leader}\"): its hero is its feats "
                         "and its cards", deck.leader_loc))
    for (_, name), extra, at in zip(deck.cards, deck.extras, deck.card_locs):
        if extra:
            problems.append((f"\"{name}\" with \"{extra}\": an Ivion deck attaches no card to an entry "
                             "(one card name a line)", at))
    return problems


def beneath_problems(deck: DeckDef) -> list[Problem]:
    """A ``beneath`` line fills a feat's pile at character creation (IV-ZONE-6): it must
    name one of the deck's feats, the only cards in play before the game starts."""
    feats = {f.casefold() for f in deck.feats}
    return [(f"beneath \"{feat}\": \"{feat}\" is not one of this deck's feats (the 'feats' line); "
             "only a feat holds cards from character creation", at)
            for (feat, _), (at, _) in zip(deck.beneath, deck.beneath_locs) if feat.casefold() not in feats]
