"""Ivion's deckbuilding formats: which rules a deck's ``format`` line asks for.

- ``standard`` (no ``format`` line): IV-SETUP-9, one specialization and one or two
  classes (001 § Make Your Own Hero; 000 § The Fox and the Forest Rules Reference > Deck
  Customization), ``deck_archetypes.hero_problems``.
- ``paragon``: IV-SETUP-10, three specializations, exactly 15 cards from each, and the
  feats are each specialization's ultimate (000 § Variant Rules > Paragon; 000 § The Fox
  and the Forest Rules Reference > Variant Game Modes > Paragon).
- ``herocrafting``: IV-SETUP-11, two class picks (the same class may be picked twice) and
  one specialization sharing a colour with a class, 15 cards from each pick, the
  specialization's ultimate and two traits found by the classes' colours (000 § The Fox and
  the Forest Rules Reference > Herocrafting > How It Works 1-4).
- ``herocrafting_league``: IV-SETUP-12, a Herocrafting hero whose cards were swapped for
  others of their archetypes, and whose traits the hero's three archetypes qualify for (000
  § The Fox and the Forest Rules Reference > Variant Game Modes > Herocrafting League).

Every format has 45 cards and keeps feats out of the deck (``deck_rules.deck_problems``
checks those, with the format's words).  Where the rulebook is silent (copies in Paragon
and in a class picked twice, traits in Herocrafting, the Herocrafting icon the card data
doesn't carry) the reading is in docs/ivion/choices.md, "Deck formats".
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.decks import STANDARD as STANDARD_NAME
from cardsmith.runtime.core.decks import Problem

from .deck_archetypes import CITE as STANDARD_CITE, RULE as STANDARD_RULE
from .deck_archetypes import (SPECIALIZATION_CARDS, archetype_key, archetype_kind, colours, feats_of,
                              hero_problems, names, surplus, tally, title)

MAX_COPIES = 3
PARAGON_SPECIALIZATIONS = 3
HEROCRAFTING_CLASS_PICKS = 2
FOX = "000 § The Fox and the Forest Rules Reference"
HOW_IT_WORKS = f"{FOX} > Herocrafting > How It Works"
BUILD_YOUR_DECK = f"{FOX} > Deck Customization > Build Your Deck"


@dataclass(frozen=True)
class Format:
    """One deckbuilding format: its rule id and rulebook section (cited by every message
    about it), the feats a hero of it has, and the checks only it makes."""
    name: str
    title: str            # 'Paragon': "a Paragon deck", "a Paragon hero"
    rule: str             # IV-SETUP-n
    cite: str             # its rulebook section
    ultimates: int
    traits: int
    #: the archetype rules (split, colours, which ultimate, which traits)
    hero: Callable[[Any, CardLibrary], list[Problem]]
    #: how many copies of one card the deck may hold (a card of the deck, the deck, its tally)
    max_copies: Callable[[str, Any, CardLibrary], int] = lambda name, deck, library: MAX_COPIES
    #: the section the copy limit comes from, when it isn't ``cite``
    copies_cite: str = ""
    #: whose colours meet a trait's pips: the class picks ('classes', Herocrafting) or
    #: every archetype of the hero ('hero')
    traits_by: str = "hero"
    #: whether the deck is the archetypes' Herocrafting-marked cards (``marked_problems``)
    marked: bool = False

    def why(self, cite: str = "") -> str:
        """' (IV-SETUP-n; SECTION)' for a message about this format (standard's too:
        IV-SETUP-9; 001 § Make Your Own Hero)."""
        return f" ({self.rule}; {cite or self.cite})"

    def size_problem(self, size: int, want: int) -> str:
        if not self.title:
            return f"an Ivion deck has {want} cards; this one has {size}{self.why()}"
        return f"a {self.title} deck has {want} cards; this one has {size}{self.why()}"

    def copies_problem(self, count: int, name: str, limit: int) -> str:
        text = f"{count} copies of \"{name}\": at most {limit} copies of a card by name"
        if limit > MAX_COPIES:
            text += f" here ({limit // MAX_COPIES} picks of its class)"
        return text + self.why(self.copies_cite)

    def feats_problem(self, ultimates: int, traits: int) -> str:
        if not self.title:
            return (f"an Ivion hero has one ultimate and two traits; this deck has "
                    f"{ultimates} ultimate(s) and {traits} trait(s){self.why()}")
        if not self.traits:
            want = "its three specializations' ultimates and no traits"
        else:
            want = "one ultimate and two traits"
        return (f"a {self.title} hero's feats are {want}; this deck has {ultimates} "
                f"ultimate(s) and {traits} trait(s){self.why()}")


# ---- Paragon (IV-SETUP-10) --------------------------------------------------------------

PARAGON_RULE = "IV-SETUP-10"
PARAGON_CITE = "000 § Variant Rules > Paragon"


def paragon_problems(deck: Any, library: CardLibrary) -> list[Problem]:
    """Three specializations and no class; 15 cards from each; each feat is the ultimate of
    one of them, no two of the same one (with three ultimates: every one's).  A card of an
    archetype the table doesn't know may be a third specialization: while the deck holds
    one, a missing specialization is not reported (each known one still needs its 15)."""
    why = PARAGON.why()
    problems: list[Problem] = []
    first, count, unknown = tally(deck, library)
    specs = [k for k in first if archetype_kind(k) == "specialization"]
    chosen = specs[:PARAGON_SPECIALIZATIONS]
    problems += surplus(first, [k for k in first if archetype_kind(k) == "class"], "a class",
                        f"a Paragon deck holds the cards of three specializations and no class{why}")
    problems += surplus(first, specs[PARAGON_SPECIALIZATIONS:], f"a fourth specialization (this "
                        f"hero's are {names(chosen)})", f"a Paragon hero has three{why}")
    for key in chosen:
        if count[key] != SPECIALIZATION_CARDS:
            problems.append((f"a Paragon deck has exactly {SPECIALIZATION_CARDS} cards from each "
                             f"specialization; this one has {count[key]} from {title(key)}{why}",
                             first[key][1]))
    if len(chosen) < PARAGON_SPECIALIZATIONS and not unknown:
        problems.append((f"a Paragon deck has the cards of three specializations; this one has "
                         f"{len(chosen)} ({names(chosen)}){why}", deck.loc))
    seen: dict[str, str] = {}
    for name, at in feats_of(deck, library, "ultimate"):
        key = archetype_key(library.get(name))
        if not archetype_kind(key):
            continue                      # a designer's specialization: can't be placed
        if key in seen:
            problems.append((f"the ultimate \"{name}\" is {title(key)}'s, like \"{seen[key]}\": "
                             f"a Paragon hero has each specialization's ultimate once{why}", at))
        elif key not in chosen and (len(chosen) == PARAGON_SPECIALIZATIONS or not unknown):
            problems.append((f"the ultimate \"{name}\" is {title(key)}'s; a Paragon hero's "
                             f"ultimates are its specializations' ({names(chosen)}){why}", at))
        seen.setdefault(key, name)
    return problems


# ---- Herocrafting (IV-SETUP-11) ---------------------------------------------------------

HEROCRAFTING_RULE = "IV-SETUP-11"
LEAGUE_RULE = "IV-SETUP-12"
LEAGUE_CITE = f"{FOX} > Variant Game Modes > Herocrafting League"
MAKING_YOUR_HERO = f"{FOX} > Deck Customization > Making Your Hero"


def class_picks(deck: Any, library: CardLibrary) -> list[str]:
    """The hero's two class picks: its first two classes, or its one class twice."""
    first, _, _ = tally(deck, library)
    classes = [k for k in first if archetype_kind(k) == "class"][:HEROCRAFTING_CLASS_PICKS]
    return classes * HEROCRAFTING_CLASS_PICKS if len(classes) == 1 else classes


def herocrafting_copies(name: str, deck: Any, library: CardLibrary) -> int:
    """Three copies per pick of the card's archetype: a class picked twice brings "two
    copies of each of the cards marked for Herocrafting instead of one" (How It Works 1)."""
    key = archetype_key(library.get(name))
    return MAX_COPIES * max(1, class_picks(deck, library).count(key))


def herocrafting_problems(deck: Any, library: CardLibrary) -> list[Problem]:
    """Two class picks, 15 cards each (one class picked twice: 30 from it); one
    specialization of 15 cards sharing a colour with a class; its ultimate; each trait's
    pips met by the class picks alone (the traits are found "based on the color of your two
    class choices").  Unknown archetypes are skipped as in the standard format."""
    return hero_of_picks(deck, library, HEROCRAFTING)


def league_problems(deck: Any, library: CardLibrary) -> list[Problem]:
    """A Herocrafting League deck: a Herocrafting hero's archetypes and counts (its cards
    swapped only for others of the same archetype keep them), and traits the hero's three
    archetypes qualify for, as in Make Your Own Hero (a feat replaced after unlocking a
    class need not be found by the classes' colours).  docs/ivion/choices.md, "Deck formats"."""
    return hero_of_picks(deck, library, LEAGUE)


def hero_of_picks(deck: Any, library: CardLibrary, fmt: "Format") -> list[Problem]:
    """The archetype rules of a hero of two class picks (Herocrafting, its League): the
    messages name ``fmt`` and cite its rule; only the traits differ (``fmt.traits_by``)."""
    problems: list[Problem] = []
    first, count, unknown = tally(deck, library)
    classes = [k for k in first if archetype_kind(k) == "class"]
    specs = [k for k in first if archetype_kind(k) == "specialization"]
    spec = max(specs, key=lambda k: count[k]) if specs else ""
    picks = class_picks(deck, library)
    problems += surplus(first, classes[HEROCRAFTING_CLASS_PICKS:], f"a third class (this hero's "
                        f"are {names(picks)})", f"a {fmt.title} hero picks two classes"
                        f"{fmt.why(HOW_IT_WORKS + ' 1')}")
    problems += surplus(first, [k for k in specs if k != spec], f"a second specialization (this "
                        f"hero's is {title(spec)})", f"a {fmt.title} hero has one"
                        f"{fmt.why(HOW_IT_WORKS + ' 2')}")
    step3 = fmt.why(HOW_IT_WORKS + " 3")
    for key in dict.fromkeys(picks):
        want = SPECIALIZATION_CARDS * picks.count(key)
        if count[key] != want and not unknown:
            twice = " (picked twice)" if picks.count(key) > 1 else ""
            problems.append((f"a {fmt.title} deck has {SPECIALIZATION_CARDS} cards from each class "
                             f"pick; this one has {count[key]} from {title(key)}{twice}, not "
                             f"{want}{step3}", first[key][1]))
    if not picks and not unknown:
        problems.append((f"a {fmt.title} deck has {SPECIALIZATION_CARDS} cards from each of two "
                         f"class picks; this one has no class card{step3}", deck.loc))
    if (count[spec] if spec else 0) != SPECIALIZATION_CARDS and not unknown:
        at = first[spec][1] if spec else deck.loc
        problems.append((f"a {fmt.title} deck has {SPECIALIZATION_CARDS} cards from its "
                         f"specialization; this one has {count[spec] if spec else 0}"
                         f"{' from ' + title(spec) if spec else ''}{step3}", at))
    if spec and picks and not unknown and not any(set(colours(k)) & set(colours(spec)) for k in picks):
        name, at = first[spec]
        problems.append((f"the specialization {title(spec)} ({', '.join(colours(spec))}) shares "
                         f"no colour with the classes {names(dict.fromkeys(picks))}; it must share "
                         f"one{fmt.why(HOW_IT_WORKS + ' 2')}", at))
    for name, at in feats_of(deck, library, "ultimate"):
        key = archetype_key(library.get(name))
        if spec and archetype_kind(key) and key != spec:
            problems.append((f"the ultimate \"{name}\" is {title(key)}'s; a {fmt.title} hero's "
                             f"ultimate is its specialization's, {title(spec)}'s"
                             f"{fmt.why(HOW_IT_WORKS + ' 4')}", at))
    if fmt.marked:
        problems += marked_problems(deck, library, picks + ([spec] if spec else []), fmt)
    if picks and not unknown:
        hero = picks + ([spec] if spec and fmt.traits_by == "hero" else [])
        for name, at in feats_of(deck, library, "trait"):
            for colour, needed in Counter(getattr(library.get(name).header, "pips", ())).items():
                having = sum(colour in colours(k) for k in hero)
                if having >= needed:
                    continue
                if fmt.traits_by == "hero":
                    problems.append((f"the trait \"{name}\" needs {needed} {colour} archetype"
                                     f"{'s' if needed > 1 else ''}; this hero ({names(hero)}) has "
                                     f"{having}{fmt.why(MAKING_YOUR_HERO + ' 3')}", at))
                else:
                    problems.append((f"the trait \"{name}\" needs {needed} {colour} class "
                                     f"pick{'s' if needed > 1 else ''}; this hero's classes "
                                     f"({names(picks)}) have {having}: a {fmt.title} hero's "
                                     f"traits are found by its classes' colours{step3}", at))
    return problems


def marked_problems(deck: Any, library: CardLibrary, picks: list[str], fmt: "Format") -> list[Problem]:
    """How It Works 1 and 3: in each picked archetype some of whose cards bear the
    Herocrafting icon (a script's ``herocrafting N``), the deck takes exactly the marked
    copies (twice over for a class picked twice), and with marked traits, marked traits.
    An archetype with no marked card says nothing (the printed data carries no icon)."""
    marked: dict[str, dict[str, int]] = {}
    traits_marked = False
    for card in library:
        n = getattr(card.header, "herocrafting", 0)
        if n and getattr(card.header, "kind", "") == "trait":
            traits_marked = True
        elif n:
            marked.setdefault(archetype_key(card), {})[card.name.casefold()] = n
    if not marked and not traits_marked:
        return []
    step3 = fmt.why(HOW_IT_WORKS + " 3")
    problems: list[Problem] = []
    seen: dict[str, Any] = {}
    for (count, name), at in zip(deck.cards, deck.card_locs):
        card = library.get(name)
        key = archetype_key(card)
        if getattr(card.header, "kind", "skill") != "skill" or key not in marked or key not in picks:
            continue
        seen.setdefault(key, at)
        marks = marked[key].get(card.name.casefold(), 0)
        want = marks * picks.count(key)
        if not marks:
            problems.append((f"\"{name}\" bears no Herocrafting icon: a {fmt.title} deck takes "
                             f"{title(key)}'s marked cards{step3}", at))
        elif count != want:
            twice = f" ({title(key)} picked twice: {want})" if picks.count(key) > 1 else ""
            problems.append((f"{count} copies of \"{name}\": {marks} of its copies bear the "
                             f"Herocrafting icon{twice}{fmt.why(HOW_IT_WORKS + ' 1, 3')}", at))
    in_deck = {library.get(name).name.casefold() for _, name in deck.cards}
    for key in dict.fromkeys(k for k in picks if k in marked):
        for name, marks in marked[key].items():
            if name not in in_deck:
                card = library.get(name)
                problems.append((f"\"{card.name}\" is missing: {marks} of its copies bear the "
                                 f"Herocrafting icon, and a {fmt.title} deck takes each marked card "
                                 f"of {title(key)}{step3}", seen.get(key, deck.loc)))
    if traits_marked:
        for name, at in feats_of(deck, library, "trait"):
            if not getattr(library.get(name).header, "herocrafting", 0):
                problems.append((f"the trait \"{name}\" bears no Herocrafting icon: a {fmt.title} "
                                 f"hero's traits are marked ones{step3}", at))
    return problems


STANDARD = Format(STANDARD_NAME, "", STANDARD_RULE, STANDARD_CITE, ultimates=1, traits=2, hero=hero_problems,
                  copies_cite=BUILD_YOUR_DECK)
PARAGON = Format("paragon", "Paragon", PARAGON_RULE, PARAGON_CITE,
                 ultimates=PARAGON_SPECIALIZATIONS, traits=0, hero=paragon_problems,
                 copies_cite=BUILD_YOUR_DECK)
HEROCRAFTING = Format("herocrafting", "Herocrafting", HEROCRAFTING_RULE, HOW_IT_WORKS,
                      ultimates=1, traits=2, hero=herocrafting_problems,
                      max_copies=herocrafting_copies,
                      copies_cite=f"{HOW_IT_WORKS} 1; {FOX} > Using This Box", traits_by="classes",
                      marked=True)

LEAGUE = Format("herocrafting_league", "Herocrafting League", LEAGUE_RULE, LEAGUE_CITE,
                ultimates=1, traits=2, hero=league_problems, max_copies=herocrafting_copies,
                copies_cite=f"{HOW_IT_WORKS} 1; {FOX} > Using This Box")

#: the formats an Ivion deck's ``format`` line may name, by name (the first is the default)
FORMATS: dict[str, Format] = {f.name: f for f in (STANDARD, PARAGON, HEROCRAFTING, LEAGUE)}
