"""What a feat's character-creation pile asks of an Ivion deck (IV-ZONE-6; Spellbook).

A feat whose script carries ``static beneath_at_creation = N, ARCHETYPE, COPIES`` (the
printed Spellbook: ``= 3, archmage, 2``) holds, from character creation, N different cards
of that archetype beneath it, and the deck may hold up to COPIES of each of them.  So for
``cardsmith check``:

- the deck's ``beneath "FEAT": ...`` line names exactly N cards, all different, each of the
  archetype (its script header's); a deck with the feat and no such line is told to add one;
- those cards may be in the deck, at most COPIES each, *outside* the deckbuilding rules:
  they are no second specialization, and the 45 cards and the 30/15 split are counted
  without them (the card adds them to a deck already built; it takes nothing out).  Unless
  the hero has cards of that archetype of its own (an Archmage's Spellbook): then they are
  that archetype's cards like any other, held to the usual rules.

The readings are in docs/ivion/choices.md, "Piles beneath a card"; ``decks.ivion_deck_problems``
calls ``creation_problems`` and checks the rest of the deck as ``rest`` leaves it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.ivion.piles import AT_CREATION

from .ivion_decks import Problem, a, archetype_key, title

SECTION = 'docs/ivion/choices.md "Piles beneath a card"'


@dataclass(frozen=True)
class CreationPile:
    """One feat's character-creation pile: the feat, its beneath line (if any), what it admits."""
    feat: str
    feat_loc: Any
    size: int
    archetype: str          # as ``ivion_decks`` spells it: 'ebon mage'
    copies: int
    names: tuple[str, ...] = ()
    line_loc: Any = None    # the beneath line's feat name, None when the deck has no line
    name_locs: tuple[Any, ...] = ()

    def cite(self) -> str:
        return f"(tsv \"{self.feat}\"; {SECTION})"


def creation_piles(deck: Any, library: CardLibrary) -> list[CreationPile]:
    """The deck's feats that say what goes beneath them at character creation, each with
    its ``beneath`` line."""
    lines = {feat.casefold(): (names, locs) for (feat, names), locs in zip(deck.beneath, deck.beneath_locs)}
    out: list[CreationPile] = []
    for name, at in zip(deck.feats, deck.feat_locs):
        rule = next((ab for ab in library.get(name).abilities if getattr(ab, "rule", "") == AT_CREATION), None)
        if rule is None:
            continue
        size, archetype, copies = rule.args
        pile = CreationPile(name, at, size, str(archetype).replace("_", " ").casefold(), copies)
        if name.casefold() in lines:
            names, (line_loc, name_locs) = lines[name.casefold()]
            pile = replace(pile, names=names, line_loc=line_loc, name_locs=name_locs)
        out.append(pile)
    return out


def line_problems(pile: CreationPile, library: CardLibrary) -> list[Problem]:
    """The beneath line names exactly ``size`` different cards of the archetype."""
    kind = title(pile.archetype)
    if pile.line_loc is None:
        return [(f"\"{pile.feat}\" holds {pile.size} different {kind} cards from character creation: "
                 f"add a line 'beneath \"{pile.feat}\": \"CARD\", ...' naming them {pile.cite()}",
                 pile.feat_loc)]
    problems: list[Problem] = []
    if len(pile.names) != pile.size:
        problems.append((f"beneath \"{pile.feat}\" go exactly {pile.size} different {kind} cards; "
                         f"this line names {len(pile.names)} {pile.cite()}", pile.line_loc))
    seen: set[str] = set()
    for name, at in zip(pile.names, pile.name_locs):
        card = library.get(name)
        if card.name.casefold() in seen:
            problems.append((f"\"{card.name}\" is named twice beneath \"{pile.feat}\": its "
                             f"{pile.size} cards are all different {pile.cite()}", at))
        seen.add(card.name.casefold())
        key = archetype_key(card)
        if key != pile.archetype:
            what = f"{a(title(key))} card" if key else f"a {getattr(card.header, 'kind', 'skill')} card with no archetype"
            problems.append((f"\"{card.name}\" is {what}, not {a(kind)} card: only {kind} cards go "
                             f"beneath \"{pile.feat}\" {pile.cite()}", at))
    return problems


def creation_problems(deck: Any, library: CardLibrary) -> tuple[list[Problem], Any]:
    """The problems with the deck's character-creation piles and with its copies of their
    cards, and the deck the other rules check: without those copies, unless the hero has
    cards of the pile's archetype of its own (see the module docstring)."""
    problems: list[Problem] = []
    extra: set[int] = set()                 # indices into deck.cards of the piles' copies
    for pile in creation_piles(deck, library):
        problems += line_problems(pile, library)
        named = {library.get(n).name.casefold() for n in pile.names
                 if archetype_key(library.get(n)) == pile.archetype}
        mine = [i for i, (_, name) in enumerate(deck.cards) if library.get(name).name.casefold() in named]
        own = any(archetype_key(library.get(name)) == pile.archetype
                  for i, (_, name) in enumerate(deck.cards) if i not in mine)
        if own:
            continue                        # the hero's own archetype: ordinary cards
        for i in mine:
            count, name = deck.cards[i]
            if count > pile.copies:
                problems.append((f"{count} copies of \"{name}\": a card beneath \"{pile.feat}\" may be "
                                 f"in the deck at most {pile.copies} times {pile.cite()}", deck.card_locs[i]))
        extra.update(mine)
    return problems, without(deck, extra)


def without(deck: Any, indices: set[int]) -> Any:
    """The deck without the ``cards`` entries at ``indices`` (and their locations, extras)."""
    if not indices:
        return deck
    keep = [i for i in range(len(deck.cards)) if i not in indices]
    return replace(deck, cards=tuple(deck.cards[i] for i in keep),
                   card_locs=tuple(deck.card_locs[i] for i in keep),
                   extras=tuple(deck.extras[i] for i in keep) if deck.extras else ())
