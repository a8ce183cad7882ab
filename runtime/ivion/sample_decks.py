"""A legal sample deck for every specialization whose cards are scripted enough, so
``simulate`` can pit any such hero against any other (issue 19, "Deckbuilding").

Each deck follows 001 § Make Your Own Hero (000 § The Fox and the Forest Rules Reference >
Deck Customization > Making Your Hero 1-4): 15 cards of the specialization, 30 of one or two
classes (the first shares a colour with the specialization), the specialization's ultimate
and two traits the hero qualifies for, at most 3 copies a card.  Only printed cards that
are scripted are used.  A deck is checked by the game's own deck rules
(``deck_rules.deck_problems``) before it is written, so a sample is legal by the same check
``cardsmith check`` makes.  A specialization that can't have one gets the reasons (its
ultimate not scripted, too few scripted cards, no class or traits to go with it).

``python -m cardsmith.runtime.ivion.sample_decks`` writes the decks into the bundled
``decks/`` folder (``SPEC.deck``), leaves a hand-written deck of that name alone (the
starter decks), and prints what it could not build and why.  The choices (which cards,
which classes and traits) are plain: the scripted cards in the library's order, the class
with the most scripted cards first; docs/ivion/choices.md, "Sample decks".
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path
from typing import Callable, Final, Iterable

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.decks import DeckDef

from .archetypes import ARCHETYPES, CLASS, SPECIALIZATION
from .deck_archetypes import CLASS_CARDS, SPECIALIZATION_CARDS, names
from .deck_formats import MAX_COPIES, PARAGON_SPECIALIZATIONS
from .deck_rules import deck_problems

#: the first note of every deck this module writes: a deck without it is hand-written
GENERATED: Final = "A sample deck written by python -m cardsmith.runtime.ivion.sample_decks"
#: the piles a specialization's cards use beyond the deck (the Fletcher's Feather and
#: Arrowhead decks: choices.md, "The Fletcher's Feather deck ..."), by the kind of card each holds
SPEC_PILES: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "fletcher": (("feathers", "feather"), ("arrowheads", "arrowhead")),
}
#: feats whose setup needs deck lines a sample doesn't write (a Collection, a pile beneath
#: them at character creation): a sample takes other traits
NEEDS_DECK_LINES: Final = frozenset({"tourneygoer", "spellbook", "disguise"})


@dataclass(frozen=True)
class Sample:
    """One specialization's sample: the deck (None when none can be built) or why not."""
    spec: str
    deck: DeckDef | None = None
    why: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return ARCHETYPES[self.spec].title


def _kind(card: object) -> str:
    return str(getattr(getattr(card, "header", None), "kind", ""))


def scripted(library: CardLibrary, printed: Iterable[str], kind: str, archetype: str = "") -> list[str]:
    """The library's printed cards of one kind (and archetype), in the library's order."""
    names = {n.casefold() for n in printed}
    return [c.name for c in library if c.game == "ivion" and c.name.casefold() in names
            and _kind(c) == kind and (not archetype or getattr(c.header, "archetype", "") == archetype)]


def fill(names: list[str], want: int) -> list[tuple[int, str]]:
    """``want`` cards, 3 copies of each name in order (fewer of the last); [] if too few."""
    out: list[tuple[int, str]] = []
    for name in names:
        left = want - sum(n for n, _ in out)
        if left <= 0:
            break
        out.append((min(MAX_COPIES, left), name))
    return out if sum(n for n, _ in out) == want else []


def build(spec: str, library: CardLibrary, printed: Iterable[str]) -> Sample:
    """The specialization's sample deck, or every reason it can't have one."""
    printed = list(printed)
    title = ARCHETYPES[spec].title
    why: list[str] = []
    ultimates = scripted(library, printed, "ultimate", spec)
    if not ultimates:
        why.append("its ultimate is not scripted")
    own = fill(scripted(library, printed, "skill", spec), SPECIALIZATION_CARDS)
    if not own:
        have = len(scripted(library, printed, "skill", spec))
        why.append(f"scripted skill cards: {have} of its 10 ({SPECIALIZATION_CARDS} cards need "
                   f"{-(-SPECIALIZATION_CARDS // MAX_COPIES)} different ones)")
    classes = _class_cards(spec, library, printed)
    if not classes:
        why.append(f"no class sharing a colour with it ({', '.join(ARCHETYPES[spec].colours)}) has "
                   f"enough scripted cards for {CLASS_CARDS} class cards, alone or with another class")
    if why:
        return Sample(spec, why=tuple(why))
    piles = tuple((pile, tuple(scripted(library, printed, kind))) for pile, kind in SPEC_PILES.get(spec, ()))
    base = DeckDef(title, "ivion", cards=tuple(own + [c for group in classes for c in group[1]]),
                   notes=(GENERATED, f"{title} with {' and '.join(ARCHETYPES[k].title for k, _ in classes)}"),
                   piles=tuple(p for p in piles if p[1]))
    base = _located(base)
    traits = [t for t in scripted(library, printed, "trait") if t.casefold() not in NEEDS_DECK_LINES]
    for pair in combinations(traits, 2):
        deck = _located(replace(base, feats=(ultimates[0], *pair)))
        if not deck_problems(deck, library):
            return Sample(spec, deck=deck)
    return Sample(spec, why=("no two scripted traits fit its hero (" + ", ".join(
        [title] + [ARCHETYPES[k].title for k, _ in classes]) + ")",))


def paragon(library: CardLibrary, printed: Iterable[str]) -> DeckDef | None:
    """A Paragon sample (000 § Variant Rules > Paragon): 15 cards of each of three
    specializations and their three ultimates, the three with the most scripted skill
    cards (then by name); None while fewer than three can give 15 cards and an ultimate."""
    printed = list(printed)
    specs = sorted((k for k, a in ARCHETYPES.items() if a.kind == SPECIALIZATION
                    and scripted(library, printed, "ultimate", k)
                    and fill(scripted(library, printed, "skill", k), SPECIALIZATION_CARDS)),
                   key=lambda k: (-len(scripted(library, printed, "skill", k)), k))[:PARAGON_SPECIALIZATIONS]
    if len(specs) < PARAGON_SPECIALIZATIONS:
        return None
    titles = names(k.replace("_", " ") for k in specs)
    piles = tuple((pile, tuple(scripted(library, printed, kind))) for k in specs
                  for pile, kind in SPEC_PILES.get(k, ()))
    deck = DeckDef("Paragon", "ivion", format="paragon", notes=(GENERATED, f"A Paragon of {titles}"),
                   cards=tuple(c for k in specs for c in fill(scripted(library, printed, "skill", k),
                                                              SPECIALIZATION_CARDS)),
                   feats=tuple(scripted(library, printed, "ultimate", k)[0] for k in specs),
                   piles=tuple(p for p in piles if p[1]))
    deck = _located(deck)
    return deck if not deck_problems(deck, library) else None


def _located(deck: DeckDef) -> DeckDef:
    """A built deck with a (blank) place for each line, as the deck rules read them."""
    return replace(deck, card_locs=tuple(deck.loc for _ in deck.cards), feat_locs=tuple(deck.loc for _ in deck.feats),
                   pile_locs=tuple((deck.loc, tuple(deck.loc for _ in names)) for _, names in deck.piles))


def _class_cards(spec: str, library: CardLibrary, printed: list[str]) -> list[tuple[str, list[tuple[int, str]]]]:
    """The hero's classes and their cards: two classes of 15 cards each where the scripted
    cards allow it, else one class of 30; the first class shares a colour with ``spec``
    (the class with the most scripted cards first, then by name)."""
    colours = set(ARCHETYPES[spec].colours)
    pool = {k: scripted(library, printed, "skill", k) for k, a in ARCHETYPES.items() if a.kind == CLASS}
    order = sorted(pool, key=lambda k: (-len(pool[k]), k))
    sharing = [k for k in order if colours & set(ARCHETYPES[k].colours)]
    half = CLASS_CARDS // 2
    for first in sharing:
        for second in order:
            if second != first and fill(pool[first], half) and fill(pool[second], half):
                return [(first, fill(pool[first], half)), (second, fill(pool[second], half))]
    for first in sharing:
        if fill(pool[first], CLASS_CARDS):
            return [(first, fill(pool[first], CLASS_CARDS))]
    return []


def samples(library: CardLibrary, printed: Iterable[str]) -> list[Sample]:
    """Every specialization of the game's table, in name order, with its sample or why not."""
    printed = list(printed)
    return [build(k, library, printed) for k in sorted(ARCHETYPES) if ARCHETYPES[k].kind == SPECIALIZATION]


def deck_text(deck: DeckDef) -> str:
    """A sample as a deck file: the notes, the feats, each archetype's cards under its name,
    then the piles."""
    lines = [f'deck "{deck.name}" for ivion'] + [f'note "{n}"' for n in deck.notes]
    if deck.format != "standard":
        lines.append(f"format {deck.format}")
    lines.append("feats " + ", ".join(f'"{f}"' for f in deck.feats))
    for count, name in deck.cards:
        lines.append(f'{count} "{name}"')
    lines += [f"pile {kind}: " + ", ".join(f'"{n}"' for n in names) for kind, names in deck.piles]
    return "\n".join(lines) + "\n"


def is_generated(path: Path) -> bool:
    """Whether a deck file was written by this module (it may be written again)."""
    return GENERATED in path.read_text("utf-8")


def write(folder: Path, found: list[Sample], say: Callable[[str], None]) -> None:
    """Write each built sample as ``folder/SPEC.deck`` (a hand-written file of that name is
    kept: it is reported), and say what couldn't be built and why."""
    for sample in found:
        path = folder / f"{sample.spec}.deck"
        if sample.deck is None:
            say(f"{sample.title}: no sample deck: {'; '.join(sample.why)}")
        elif path.exists() and not is_generated(path):
            say(f"{sample.title}: {path.name} is hand-written; kept")
        else:
            path.write_text(deck_text(sample.deck), "utf-8")
            say(f"{sample.title}: wrote {path.name}")


def main() -> int:
    from cardsmith.dsl.loader import bundled_cards_dir, bundled_library  # lazy: the writer alone needs the language

    from .printed import printed_cards  # lazy: the printed list is read only when decks are written

    library, printed = bundled_library("ivion"), [c.name for c in printed_cards()]
    found = samples(library, printed)
    folder = bundled_cards_dir() / "ivion" / "decks"
    write(folder, found, print)
    three = paragon(library, printed)
    if three is None:
        print("Paragon: no sample deck: fewer than three specializations have 15 scripted cards and an ultimate")
    else:
        (folder / "paragon.deck").write_text(deck_text(three), "utf-8")
        print(f"Paragon: wrote paragon.deck ({three.notes[1]})")
    print(f"{sum(s.deck is not None for s in found)} of {len(found)} specializations have a sample deck")
    return 0


if __name__ == "__main__":
    sys.exit(main())
