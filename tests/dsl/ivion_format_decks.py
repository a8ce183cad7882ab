"""A Paragon deck of real cards, as files, for the tests of deck formats and of setup.

The bundled cards script 15 cards' worth of only two specializations (Steward, Winterborn),
so the third, Baron (Hemlock, Catalyst, Adder's Kiss and its ultimate Treachery), gets two
more test cards from a card file the deck imports: the deck is the Paragon example that
``cards/ivion/decks/`` can't ship (docs/language.md, "Deck formats").
"""
from __future__ import annotations

from pathlib import Path

BARON_CARDS = '''card "T Baron Bolt" {
  skill baron  cost 1 action  generates 1 power  range 2  banner silence
  types attack
  deal 3 damage to target enemy
}
card "T Baron Ward" {
  skill baron  cost 1 action  generates 1 power  banner slow
  types ability
  draw 1 card
}
'''

#: the ultimates' HP: Winterburst 36, Treachery 38, Shield Slam 42 (the highest is last)
FEATS = '"Winterburst", "Treachery", "Shield Slam"'
HIGHEST_HP = 42

PARAGON_DECK = f'''import "baron.ivion"
deck "Three Crowns" for ivion
format paragon
feats {FEATS}
# Steward
3 "Hammer Strike"
3 "Steward's Banner"
3 "Crushing Weight"
2 "Determination"
2 "Split Bone"
1 "Hammer and Anvil"
1 "Shield Bash"
# Winterborn
3 "Snowclutch"
3 "Deep Snow"
3 "Ice Flurry"
2 "Blizzard"
1 "Freeze"
1 "Frigid Gale"
1 "Frostbite"
1 "Shiver"
# Baron
3 "Hemlock"
3 "Catalyst"
3 "Adder's Kiss"
3 "T Baron Bolt"
3 "T Baron Ward"
'''


def write_paragon(folder: Path, text: str = PARAGON_DECK) -> Path:
    """The Paragon deck (or an edited copy of it) and the card file it imports, written in
    ``folder``; returns the deck's path."""
    (folder / "baron.ivion").write_text(BARON_CARDS)
    deck = folder / "three.deck"
    deck.write_text(text)
    return deck


#: a designer's archetype the deck rules can't place (its own declaration in the library)
DESIGNERS = "archetype mystic specialization white\n"


def skill_cards(groups: list[tuple[str, int]]) -> tuple[list[str], list[str]]:
    """For each (archetype, count): cards named "<archetype> <i>" taken 3 at a time, as
    card definitions and as deck lines ('3 "warrior 0"'), in order."""
    cards, lines = [], []
    for arch, count in groups:
        for i in range(0, count, 3):
            name = f"{arch} {i // 3}"
            cards.append(f'card "{name}" {{ skill {arch} }}')
            lines.append(f'{min(3, count - i)} "{name}"')
    return cards, lines


def line_of(text: str, start: str) -> int:
    """The 1-based number of the first line of ``text`` that starts with ``start``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))
