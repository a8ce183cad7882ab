"""What a feat's character-creation pile asks of an Ivion deck (IV-ZONE-6; Spellbook,
Disguise).

A feat whose script carries ``static beneath_at_creation = N, KIND, COPIES[, REPEATS]``
holds, from character creation, N cards of KIND beneath it, and the deck may hold up to
COPIES of each of them.  KIND is an archetype (``archmage``: the card's script header says
``skill archmage``) or a kind of card (``trait``: the header's first word).  REPEATS is
``different`` (the default: no card named twice) or ``repeats`` (the same card may lie there
more than once).  The printed Spellbook is ``= 3, archmage, 2``: three different Archmage
cards, two copies of each allowed in the deck; the printed Disguise is ``= 3, trait, 0,
repeats``: three traits, whose colour requirements are not checked (they are no feats of the
hero's), and none of them in the deck.  So for ``cardsmith check``:

- the deck's ``beneath "FEAT": ...`` line names exactly N cards, each of KIND, all different
  unless REPEATS says otherwise; a deck with the feat and no such line is told to add one;
- with COPIES 0 the pile lets nothing into the deck: a card of it in the deck is an ordinary
  card there, held to every usual rule (a trait in the deck is refused as a feat);
- otherwise those cards may be in the deck, at most COPIES each, *outside* the deckbuilding rules:
  they are no second specialization, and the 45 cards and the 30/15 split are counted
  without them (the card adds them to a deck already built; it takes nothing out).  Unless
  the hero has cards of that archetype of its own (an Archmage's Spellbook): then they are
  that archetype's cards like any other, held to the usual rules.

The readings are in docs/ivion/choices.md, "Piles beneath a card"; ``deck_rules.deck_problems``
calls ``creation_problems`` and checks the rest of the deck as ``rest`` leaves it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.decks import Problem
from cardsmith.runtime.core.effects import Static

from .deck_archetypes import a, archetype_key, title
from .piles import AT_CREATION

SECTION = 'docs/ivion/choices.md "Piles beneath a card"'


#: the fourth word of the static that lets a card be named twice beneath the feat (the
#: default, ``different``, doesn't)
REPEATS = "repeats"


@dataclass(frozen=True)
class CreationPile:
    """One feat's character-creation pile: the feat, its beneath line (if any), what it admits."""
    feat: str
    feat_loc: Any
    size: int
    kind: str               # an archetype as ``deck_archetypes`` spells it ('ebon mage'), or a header kind ('trait')
    copies: int
    repeats: bool = False
    names: tuple[str, ...] = ()
    line_loc: Any = None    # the beneath line's feat name, None when the deck has no line
    name_locs: tuple[Any, ...] = ()

    def cite(self) -> str:
        return f"(tsv \"{self.feat}\"; {SECTION})"

    def admits(self, card: Any) -> bool:
        """Whether a card is of the pile's kind: its archetype, or its header's kind."""
        return self.kind in (archetype_key(card), getattr(card.header, "kind", "skill"))

    def cards(self, count: int) -> str:
        """'3 different Archmage cards', '3 traits', 'an Archmage card', 'a trait'."""
        if self.kind in KINDS:
            noun = self.kind if count == 1 else self.kind + "s"
        else:
            noun = f"{title(self.kind)} card{'' if count == 1 else 's'}"
        if count == 1:
            return a(noun)
        return f"{count} {'' if self.repeats else 'different '}{noun}"

    def plural(self) -> str:
        """'Archmage cards', 'traits'."""
        return self.kind + "s" if self.kind in KINDS else f"{title(self.kind)} cards"


#: the header kinds a pile may ask for (any other word is an archetype)
KINDS = ("skill", "trait", "ultimate")


def creation_piles(deck: Any, library: CardLibrary) -> list[CreationPile]:
    """The deck's feats that say what goes beneath them at character creation, each with
    its ``beneath`` line."""
    lines = {feat.casefold(): (names, locs) for (feat, names), locs in zip(deck.beneath, deck.beneath_locs)}
    out: list[CreationPile] = []
    for name, at in zip(deck.feats, deck.feat_locs):
        rule = next((ab for ab in library.get(name).abilities if isinstance(ab, Static) and ab.rule == AT_CREATION),
                    None)
        if rule is None:
            continue
        size, kind, copies = rule.args[:3]
        repeats = rule.args[3:] == (REPEATS,)
        pile = CreationPile(name, at, size, str(kind).replace("_", " ").casefold(), copies, repeats)
        if name.casefold() in lines:
            names, (line_loc, name_locs) = lines[name.casefold()]
            pile = replace(pile, names=names, line_loc=line_loc, name_locs=name_locs)
        out.append(pile)
    return out


def what_card(card: Any) -> str:
    """'a Cryomancer card', 'an ultimate', 'a trait', 'a skill card with no archetype'."""
    kind = getattr(card.header, "kind", "skill")
    key = archetype_key(card)
    if kind in ("trait", "ultimate"):
        return a(kind)
    return f"{a(title(key))} card" if key else f"a {kind} card with no archetype"


def line_problems(pile: CreationPile, library: CardLibrary) -> list[Problem]:
    """The beneath line names exactly ``size`` cards of the pile's kind, all different
    unless the pile admits repeats."""
    if pile.line_loc is None:
        return [(f"\"{pile.feat}\" holds {pile.cards(pile.size)} from character creation: "
                 f"add a line 'beneath \"{pile.feat}\": \"CARD\", ...' naming them {pile.cite()}",
                 pile.feat_loc)]
    problems: list[Problem] = []
    if len(pile.names) != pile.size:
        problems.append((f"beneath \"{pile.feat}\" go exactly {pile.cards(pile.size)}; "
                         f"this line names {len(pile.names)} {pile.cite()}", pile.line_loc))
    seen: set[str] = set()
    for name, at in zip(pile.names, pile.name_locs):
        card = library.get(name)
        if card.name.casefold() in seen and not pile.repeats:
            problems.append((f"\"{card.name}\" is named twice beneath \"{pile.feat}\": its "
                             f"{pile.size} cards are all different {pile.cite()}", at))
        seen.add(card.name.casefold())
        if not pile.admits(card):
            problems.append((f"\"{card.name}\" is {what_card(card)}, not {pile.cards(1)}: only "
                             f"{pile.plural()} go beneath \"{pile.feat}\" {pile.cite()}", at))
    return problems


def creation_problems(deck: Any, library: CardLibrary) -> tuple[list[Problem], Any]:
    """The problems with the deck's character-creation piles and with its copies of their
    cards, and the deck the other rules check: without those copies, unless the pile lets
    none in (COPIES 0) or the hero has cards of the pile's kind of its own (see the module
    docstring)."""
    problems: list[Problem] = []
    extra: set[int] = set()                 # indices into deck.cards of the piles' copies
    for pile in creation_piles(deck, library):
        problems += line_problems(pile, library)
        if not pile.copies:
            continue                        # nothing let in: the deck's copies are ordinary cards
        named = {library.get(n).name.casefold() for n in pile.names if pile.admits(library.get(n))}
        mine = [i for i, (_, name) in enumerate(deck.cards) if library.get(name).name.casefold() in named]
        own = any(pile.admits(library.get(name)) for i, (_, name) in enumerate(deck.cards) if i not in mine)
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
