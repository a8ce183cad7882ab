"""Deck construction (004 § Deck Construction; § Infusions) and infused champions.

A deck is plain data: ``{"avatar": NAME, "cards": [ENTRY, ...], "influence": 10}`` where an
entry is a card name, or ``[CHAMPION, INFUSION]`` for a champion carrying an infusion in
its sleeve.  An infused champion plays as one card whose abilities are the champion's plus
the infusion's ("those abilities work as if they were printed on the champion card"): its
definition is derived here and named ``CHAMPION with INFUSION``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Final, Iterable

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.errors import UnknownCard

MIN_DECK: Final = 40
MAX_COPIES: Final = 2
INFLUENCE_CARDS: Final = 10
INFLUENCE_NAME: Final = "Influence"


def infused_name(champion: str, infusion: str) -> str:
    return f"{champion} with {infusion}"


def infused_def(champion: CardDef, infusion: CardDef) -> CardDef:
    header = replace(champion.header, base=champion.name, infusion=infusion.name)
    return CardDef(name=infused_name(champion.name, infusion.name), game=champion.game, header=header,
                   effect=champion.effect, targets=champion.targets, modes=champion.modes,
                   abilities=champion.abilities + infusion.abilities,
                   keywords=champion.keywords | infusion.keywords, note=champion.note,
                   loc=champion.loc, source=champion.source + "\n" + infusion.source)


def ensure_infused(library: CardLibrary, pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Make sure the library knows each infused champion; returns name -> [champion, infusion]."""
    out: dict[str, list[str]] = {}
    for champ, inf in pairs:
        name = infused_name(champ, inf)
        if name not in library:
            library.add(infused_def(library.get(champ), library.get(inf)))
        out[name] = [champ, inf]
    return out


def entry_names(entry: Any) -> tuple[str, str]:
    """(champion or card, infusion or '') of a deck entry."""
    if isinstance(entry, (list, tuple)):
        return str(entry[0]), str(entry[1]) if len(entry) > 1 else ""
    return str(entry), ""


def deck_problems(deck: dict[str, Any], library: CardLibrary) -> list[str]:
    """Every violation of the deck rules, as sentences a deck builder can act on."""
    problems: list[str] = []

    def get(name: str, what: str) -> CardDef | None:
        try:
            card = library.get(name)
        except UnknownCard as exc:
            problems.append(f"{what}: {exc}")
            return None
        if card.game != "ikorr":
            problems.append(f"{what}: \"{name}\" is a {card.game} card, not a Rush of Ikorr card")
            return None
        return card

    avatar = get(str(deck.get("avatar", "")), "avatar") if deck.get("avatar") else None
    if not deck.get("avatar"):
        problems.append("the deck names no avatar: choose one; its aspects decide what the deck may hold")
    elif avatar is not None and avatar.header.kind != "avatar":
        problems.append(f"\"{avatar.name}\" is a {avatar.header.kind}, not an avatar")
        avatar = None
    aspects = set(avatar.header.aspects) if avatar is not None else None
    entries = [entry_names(e) for e in deck.get("cards", ())]
    if len(entries) < MIN_DECK:
        problems.append(f"a deck needs at least {MIN_DECK} cards; this one has {len(entries)}")
    copies: dict[str, int] = {}
    infusions: dict[str, int] = {}
    for name, inf in entries:
        card = get(name, "deck")
        if card is None:
            continue
        h = card.header
        if h.kind not in ("champion", "location", "spell"):
            problems.append(f"\"{card.name}\" is a{'n' if h.kind[0] in 'aeio' else ''} {h.kind}: a deck holds "
                            "champions, locations and spells" + (" (infusions go with a champion: "
                                                                 "[CHAMPION, INFUSION])" if h.kind == "infusion" else ""))
            continue
        copies[card.name] = copies.get(card.name, 0) + 1
        if aspects is not None and h.aspects and not set(h.aspects) & aspects:
            problems.append(f"\"{card.name}\" has aspect {'/'.join(h.aspects)}, which the avatar "
                            f"{avatar.name} ({'/'.join(avatar.header.aspects)}) does not have")  # type: ignore[union-attr]
        if inf:
            icard = get(inf, f"infusion on {card.name}")
            if icard is None:
                continue
            if icard.header.kind != "infusion":
                problems.append(f"\"{icard.name}\" is not an infusion, so it can't infuse {card.name}")
                continue
            if h.kind != "champion" or h.allowance <= 0:
                problems.append(f"\"{card.name}\" has no infusion allowance, so it can't carry {icard.name}")
            elif icard.header.requirement > h.allowance:
                problems.append(f"\"{icard.name}\" needs an infusion allowance of {icard.header.requirement}; "
                                f"{card.name} has {h.allowance}")
            if aspects is not None and icard.header.aspects and not set(icard.header.aspects) & aspects:
                problems.append(f"infusion \"{icard.name}\" has aspect {'/'.join(icard.header.aspects)}, "
                                f"which the avatar does not have")
            infusions[icard.name] = infusions.get(icard.name, 0) + 1
    for name, n in copies.items():
        if n > MAX_COPIES:
            problems.append(f"{n} copies of \"{name}\": a deck holds at most {MAX_COPIES} copies of a card")
    for name, n in infusions.items():
        limit = 1 if library.get(name).header.unique else MAX_COPIES
        if n > limit:
            why = "it is Unique" if limit == 1 else f"at most {MAX_COPIES} copies of an infusion"
            problems.append(f"{n} copies of infusion \"{name}\": {why} ({limit} allowed)")
    influence = deck.get("influence", INFLUENCE_CARDS)
    if influence != INFLUENCE_CARDS:
        problems.append(f"the Influence Deck needs {INFLUENCE_CARDS} influence cards; this one has {influence}")
    return list(dict.fromkeys(problems))      # two copies break a rule once
