"""Ivion's printed cards (656 of them, every season): the list ``cardsmith coverage ivion``
counts scripts against, and the printed header each script's header must equal.

The list is ``printed.tsv`` beside this module: the printed card data's rows
(shared/data/ivion-cards.tsv) with every column but the rules text, which stays out of the
project (a card's text is rendered from its script); its ``Text`` column says only whether
the row prints any.  ``python -m cardsmith.runtime.ivion.printed DATA.tsv`` writes it anew
from the full data (``strip``).

Reading the columns (shared/rules/README.md): ``A+-``/``A`` and ``P+-``/``P`` a cost
(``-``) or a gain (``+``) of actions and power, ``R`` the range (blank: none), ``HP`` an
ultimate's, ``Heroic`` H for a heroic card, ``Slow``/``Silence``/``Disarm`` its banner,
``Hidden Types`` its types (Instant among them; Ultimate, Trait, Relic and Trap name its
kind), ``Colorpip 1``/``2`` its pips.  A row of no archetype is a trait, or a card of a
Fletcher's Feather deck (it costs actions), of the Arrowhead deck (power), or of the Trap
deck (neither).  A name printed on several rows (three traps are Misfire) is scripted as
NAME, "NAME (2)", "NAME (3)" in the list's order, since a library holds one card a name.
"""
from __future__ import annotations

import csv
import io
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, Iterable, Iterator

from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.printed import PrintedCard

from .archetypes import ARCHETYPES
from .header import CARD_TYPES, CONTROL_KINDS, IvionHeader

PRINTED_FILE: Final = Path(__file__).with_name("printed.tsv")
#: the data's column of rules text, which ``strip`` replaces with ``TEXT``
MECHANICS: Final = "Mechanics"
TEXT: Final = "Text"
NO_TEXT: Final = "its printed data has no rules text to script"

#: why a printed card waits for a script, when it is known (what the language lacks)
PENDING: Final[dict[str, str]] = {
    "Hopetaker": "the language has no discard measured by the discarded cards' combined "
                 "resource cost (3 or more, else the rest of the hand)",
    "Crystal Shackles": "the language can raise no cost: its cost changes only lower one "
                        "(reduce_cost), and none is limited to revealed cards",
    "Dark Sigil": "no replacement hands Control you would receive to another player",
    "Nightmare": "a card can be played by an effect from a hand, not from your discard",
    "Night Infusion": "no quantity reads the resource cost of the card just resolved, and "
                      "healing can't exceed the max HP",
    "Memory of Yore": "no filter picks a card of your discard by what it generates",
    "Slash of Yore": "no filter picks a card of your discard by its resource cost",
    "Grove": "a card of your discard can't be attached (attach takes the card being played)",
    "Vine Snap": "travel can't be avoided by paying ('unless they pay' is the counter's "
                 "clause), and no condition says a tile holds no player",
    "On the Hunt": "no one-shot trigger for the next time an opponent leaves a tile this turn",
    "Runecarve Etch": "no filter names the opponent whom the last card you resolved against "
                      "this turn was a given card (Runic Slaughter)",
    "Runesight Etch": "no filter names the opponent whom the last card you resolved against "
                      "this turn was a given card (Runic Slaughter)",
    "Waystone": "a 'choose one' is made as the card is played, and this choice is made anew "
                "each time its end-of-turn trigger resolves",
    "Savagery": "an effect can't play a copy of a named feat (Runic Slaughter) for free",
    "Cease to Be": "a discard can't be limited to unrevealed cards",
    "End": "no quantity counts the revealed cards in a player's hand",
    "Intrude": "a discard can't be limited to a revealed card, chosen by you from their hand",
    "Splinter": "a card's own power gain can't exceed the max power",
    "Unmake": "'choose two' (the same mode allowed twice) is not in the language",
    "Retrieve": "no filter picks a card of your discard by what it costs",
    "Persevere": "no trigger runs as the card itself is played, before it resolves",
    "Ensorcell": "a play can't spend another player's resources (yours and theirs in any "
                 "combination)",
    "My Realm": "no trigger is set off by terrain made or removed near an enemy",
    "Promise of Power": "a choice made by the target opponent, not the card's controller, "
                        "is not in the language ('choose one' is the controller's)",
    "Mystify": "a discard can't be limited to a revealed card, chosen by you from their hand",
    "Raven's Eye": "no condition reads the type of the card just revealed ('unless they "
                   "reveal an Ability')",
    "Stare": "the language has no one-shot replacement of the next power an opponent would "
             "gain this turn (a replacement handing the gain to you)",
    # Illusionist
    "Hypnotize": "a countered card can't be returned to the top of its owner's deck ('return' "
                 "takes a card in play to a hand)",
    "Mimic": "no effect plays a card of another player's discard as this card",
    "Mind Spike": "no static lets a deck hold more than 3 copies of a card (up to six)",
    "Mirror Image": "no selector names the tile you were in before you travelled",
    "Phantasma": "no verb puts the top cards of another player's deck into their discard",
    "Puppeteer": "no effect takes control of another player's trait",
    "Schism": "no 'unless' is paid by an opponent dealing damage to themselves",
    "Confuse": "no verb puts another player's top card into their discard, and no condition "
               "reads the banner (the Control kinds) of the card just resolved",
    # Relics
    "Blessed Grail": "no effect takes away a player's max HP for the rest of the game",
    "Divine Strength": "a card played by an effect can't be given Heroic",
    "Stoic Helm": "no static stops Exhaustion, travel or discards forced by an enemy, or "
                  "Control received while controlled",
    "Prismatic Light": "no static keeps a card in a hand from being discarded",
    "Ashen Blade": "your attack cards can't be given Heroic, and no quantity reads the resource "
                   "cost of the card just resolved",
    # Make a Trait
    "Indecisive": "a trait can't become a copy of another player's trait",
    "Patient": "no static keeps initiative at the end of your turn",
    "Wanderlust": "no condition records the corners a hero has visited, and a trait can't be "
                  "flipped",
    "Loot": "no verb looks at the top cards of another player's deck",
    "Connoisseur": "a card holds no Control tokens to hand on",
    "Relentless": "charges on one card can't be expended as though they were on another",
}


def strip(data: Iterable[str]) -> str:
    """The printed data's rows without their rules text: the column becomes ``Text``,
    'yes' where the row prints some."""
    rows = list(csv.reader(data, delimiter="\t", quoting=csv.QUOTE_NONE))
    col = rows[0].index(MECHANICS)
    out = io.StringIO()
    w = csv.writer(out, delimiter="\t", quoting=csv.QUOTE_NONE, lineterminator="\n")
    w.writerow([TEXT if i == col else c for i, c in enumerate(rows[0])])
    for row in rows[1:]:
        w.writerow([("yes" if row[col].strip() else "") if i == col else c for i, c in enumerate(row)])
    return out.getvalue()


def rows(text: str) -> Iterator[dict[str, str]]:
    """The list's rows as column -> value (a row of the full data works too)."""
    reader = csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE)
    head = next(reader)
    for row in reader:
        if row:
            yield dict(zip(head, row + [""] * (len(head) - len(row))))


@lru_cache(maxsize=None)
def printed_cards() -> tuple[PrintedCard, ...]:
    """Every printed card, in the list's order."""
    return tuple(read(PRINTED_FILE.read_text("utf-8")))


def read(text: str) -> list[PrintedCard]:
    seen: dict[str, int] = {}
    out = []
    for n, row in enumerate(rows(text), start=2):
        name = row["Card Name"].strip()
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name} ({seen[name]})"
        has_text = (row.get(TEXT) or row.get(MECHANICS) or "").strip()
        out.append(PrintedCard(
            name=name,
            groups=(("season", row["Season tag"].strip()), ("archetype", group(row))),
            header=tuple(sorted(header(row).items())),
            unscriptable="" if has_text else NO_TEXT,
            pending=PENDING.get(name, ""),
            where=f"printed.tsv:{n}"))
    return out


def _types(row: dict[str, str]) -> list[str]:
    return row["Hidden Types"].replace("-", " ").split()


def kind(row: dict[str, str]) -> str:
    """The header kind its script has: skill, ultimate, trait, feather, arrowhead or trap."""
    types = _types(row)
    if "Ultimate" in types:
        return "ultimate"
    if "Trait" in types:
        return "trait"
    if row["Archetype"].strip():
        return "skill"                       # relics too: 'skill relic'
    if row["A"].strip():
        return "feather"
    if row["P"].strip():
        return "arrowhead"
    return "trap"


def group(row: dict[str, str]) -> str:
    """The archetype it is counted under: its own, or Traits, Feather / Arrowhead / Trap deck."""
    return row["Archetype"].strip() or {
        "trait": "Traits", "feather": "Feather deck", "arrowhead": "Arrowhead deck",
        "trap": "Trap deck"}[kind(row)]


def _amount(sign: str, value: str, want: str) -> int:
    value = value.strip()
    return int(value) if value and sign.strip() == want else 0


def header(row: dict[str, str]) -> dict[str, Any]:
    """The printed header's facts, as ``script_header`` reads them off a script."""
    types = _types(row)
    rng = row["R"].strip()
    return {
        "kind": kind(row),
        "archetype": row["Archetype"].strip().lower().replace(" ", "_"),
        "action_cost": _amount(row["A+-"], row["A"], "-"),
        "action_gain": _amount(row["A+-"], row["A"], "+"),
        "power_cost": _amount(row["P+-"], row["P"], "-"),
        "power_gain": _amount(row["P+-"], row["P"], "+"),
        "range": int(rng) if rng else None,
        "hp": int(row["HP"]) if row["HP"].strip() else 0,
        "heroic": row["Heroic"].strip() == "H",
        "banner": frozenset(k for k in CONTROL_KINDS if row[k.capitalize()].strip()),
        "instant": "Instant" in types,
        "types": frozenset(t.lower() for t in types if t.lower() in CARD_TYPES),
        "pips": tuple(p.strip().lower() for p in (row["Colorpip 1"], row["Colorpip 2"]) if p.strip()),
    }


def script_header(card: Any) -> dict[str, Any]:
    """A compiled card's header under the names ``header`` gives the printed one."""
    h = card.header
    if not isinstance(h, IvionHeader):
        return {}
    return {"kind": h.kind, "archetype": h.archetype, "action_cost": h.action_cost,
            "action_gain": h.action_gain, "power_cost": h.power_cost, "power_gain": h.power_gain,
            "range": h.range, "hp": h.hp, "heroic": h.heroic, "banner": h.banner,
            "instant": h.instant, "types": h.types, "pips": h.pips}


def stand_in(card: PrintedCard) -> CardDef:
    """A printed card as a header and nothing else: what a deck's rules need to place a
    card with no script yet (kind, archetype, pips, HP), never a card that can be played
    (``GameRules.printed_stand_in``)."""
    facts = dict(card.header)
    archetype = str(facts.get("archetype") or "")
    return CardDef(card.name, "ivion", IvionHeader(
        kind=str(facts.get("kind") or "skill"), archetype=archetype, pips=tuple(facts.get("pips") or ()),
        hp=int(facts.get("hp") or 0), archetype_def=ARCHETYPES.get(archetype)))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m cardsmith.runtime.ivion.printed DATA.tsv  (writes printed.tsv)")
    PRINTED_FILE.write_text(strip(Path(sys.argv[1]).read_text("utf-8").splitlines()), "utf-8")
