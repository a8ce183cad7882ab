"""Ivion's constructed-deck rules about archetypes (IV-SETUP-9), used by
``deck_rules.deck_problems`` after the size, copies and feats.

001 § Make Your Own Hero and 000 § The Fox and the Forest Rules Reference > Deck
Customization (Pick Any Two Classes, Pick One Specialization, Pick Two Traits, Build Your
Deck; Making Your Hero 1-4) ask of a hero built by a player:

- 30 cards from one or two classes and 15 from one specialization;
- the specialization shares a colour with one of the classes;
- the ultimate is the specialization's;
- each trait's colour pips are met by the hero's archetypes: a colour printed once needs one
  archetype of that colour, printed twice needs two, and a two-coloured archetype counts for
  each of its colours (000 Fox: "a matching, multicolored specialization can satisfy both").

A card says its archetype in its header (``skill warrior``); whether that archetype is a
class or a specialization, and its colours, are not on the card script: they are the game's
table (``archetypes.py``, read from the printed card data and 000 §
Archetypes).  A card whose archetype is missing or not in the table (a designer's own
archetype, a relic) can't be placed: then the checks it could change say nothing rather
than refuse the deck (docs/ivion/choices.md, "Deckbuilding").
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.decks import Problem
from cardsmith.runtime.core.effects import Loc

from .archetypes import ARCHETYPES, CLASS, SPECIALIZATION

RULE = "IV-SETUP-9"
#: the section the standard rules come from, cited with RULE as the other formats cite theirs
CITE = "001 § Make Your Own Hero"
WHY = f"({RULE}; {CITE})"
CLASS_CARDS = 30
SPECIALIZATION_CARDS = 15
MAX_CLASSES = 2

#: the game's archetypes and their colours (``archetypes.py``), by the name
#: this module spells them with ('ebon mage')
CLASSES: dict[str, tuple[str, ...]] = {a.title.casefold(): a.colours for a in ARCHETYPES.values()
                                       if a.kind == CLASS}
SPECIALIZATIONS: dict[str, tuple[str, ...]] = {a.title.casefold(): a.colours for a in ARCHETYPES.values()
                                               if a.kind == SPECIALIZATION}


def archetype_key(card: Any) -> str:
    """A card's archetype as the table spells it ('ebon_mage' -> 'ebon mage'), or ''."""
    return str(getattr(card.header, "archetype", "") or "").replace("_", " ").strip().casefold()


def archetype_kind(key: str) -> str:
    """'class', 'specialization', or '' when the table doesn't know the archetype."""
    return "class" if key in CLASSES else "specialization" if key in SPECIALIZATIONS else ""


def colours(key: str) -> tuple[str, ...]:
    return CLASSES.get(key) or SPECIALIZATIONS.get(key) or ()


def title(key: str) -> str:
    return " ".join(w.capitalize() for w in key.split())


def names(keys: Iterable[str]) -> str:
    names = [title(k) for k in keys]
    if len(names) > 2:
        return ", ".join(names[:-1]) + " and " + names[-1]
    return " and ".join(names) if names else "none"


def tally(deck: Any, library: CardLibrary) -> tuple[dict[str, tuple[str, Loc]], Counter[str], int]:
    """The deck's skill cards by archetype: each known archetype's first card and line (in
    file order), how many cards each has, and how many cards have no known archetype (a
    feat listed in the deck is left out: it is reported as a feat)."""
    first: dict[str, tuple[str, Loc]] = {}
    count: Counter[str] = Counter()
    unknown = 0
    for (n, name), at in zip(deck.cards, deck.card_locs):
        card = library.get(name)
        if getattr(card.header, "kind", "skill") != "skill":
            continue
        key = archetype_key(card)
        if not archetype_kind(key):
            unknown += n
            continue
        first.setdefault(key, (name, at))
        count[key] += n
    return first, count, unknown


def feats_of(deck: Any, library: CardLibrary, kind: str) -> list[tuple[str, Loc]]:
    """The deck's feats of one kind ('ultimate', 'trait'), each with where it stands."""
    return [(name, at) for name, at in zip(deck.feats, deck.feat_locs)
            if getattr(library.get(name).header, "kind", "") == kind]


def a(word: str) -> str:
    """'a Warrior', 'an Ancient'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def surplus(first: dict[str, tuple[str, Loc]], keys: Iterable[str], what: str, rule: str) -> list[Problem]:
    """One problem per archetype the hero can't have, at its first card:
    '"NAME" is a Witch card, WHAT: RULE'."""
    return [(f"\"{first[k][0]}\" is {a(title(k))} card, {what}: {rule}", first[k][1]) for k in keys]


def hero_problems(deck: Any, library: CardLibrary) -> list[Problem]:
    """IV-SETUP-9's archetype rules for a constructed deck (see the module docstring).

    Each problem is located at the deck line it is about: the first card of a surplus
    class or specialization, the ultimate or trait on the 'feats' line, the deck line for
    the totals.
    """
    problems: list[Problem] = []
    first, count, unknown = tally(deck, library)
    classes = [k for k in first if archetype_kind(k) == "class"]
    specs = [k for k in first if archetype_kind(k) == "specialization"]

    ultimate = next(iter(feats_of(deck, library, "ultimate")), None)
    ult_key = archetype_key(library.get(ultimate[0])) if ultimate else ""
    # the hero's specialization: the one most of its cards come from (the first on a tie),
    # else the ultimate's
    spec = max(specs, key=lambda k: count[k]) if specs else (
        ult_key if archetype_kind(ult_key) == "specialization" else "")

    problems += surplus(first, [k for k in specs if k != spec], f"a second specialization (this "
                        f"hero's is {title(spec)})", f"the 15 specialization cards come from one "
                        f"specialization {WHY}")
    problems += surplus(first, classes[MAX_CLASSES:], f"a third class (this hero's are "
                        f"{names(classes[:MAX_CLASSES])})", f"the 30 class cards come from one or "
                        f"two classes {WHY}")
    if not unknown:
        class_cards = sum(count[k] for k in classes)
        if class_cards != CLASS_CARDS:
            problems.append((f"an Ivion deck has {CLASS_CARDS} class cards; this one has "
                             f"{class_cards} ({names(classes)}) {WHY}", deck.loc))
        spec_cards = count[spec] if spec else 0
        if spec_cards != SPECIALIZATION_CARDS:
            of = f"from {title(spec)}" if spec else "from a specialization"
            problems.append((f"an Ivion deck has {SPECIALIZATION_CARDS} cards from its "
                             f"specialization; this one has {spec_cards} {of} {WHY}", deck.loc))

    if ultimate and spec and archetype_kind(ult_key) and ult_key != spec:
        name, at = ultimate
        problems.append((f"the ultimate \"{name}\" is {title(ult_key)}'s; a hero's ultimate "
                         f"comes from its specialization, {title(spec)} {WHY}", at))

    if spec and classes and not unknown:
        shared = [k for k in classes if set(colours(k)) & set(colours(spec))]
        if not shared:
            name, at = first.get(spec, ultimate or (deck.name, deck.loc))
            problems.append((f"the specialization {title(spec)} ({', '.join(colours(spec))}) "
                             f"shares no colour with the classes {names(classes)} "
                             f"({', '.join(c for k in classes for c in colours(k))}); it must "
                             f"share one {WHY}", at))

    if spec and not unknown:
        hero = classes + [spec]
        for name, at in feats_of(deck, library, "trait"):
            for colour, needed in Counter(getattr(library.get(name).header, "pips", ())).items():
                having = [k for k in hero if colour in colours(k)]
                if len(having) < needed:
                    problems.append((f"the trait \"{name}\" needs {needed} {colour} "
                                     f"archetype{'s' if needed > 1 else ''}; this hero "
                                     f"({names(hero)}) has {len(having)} {WHY}", at))
    return problems
