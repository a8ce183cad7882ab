"""A game's printed cards, and how many of them its bundled card files script.

A game that was printed (Ivion) gives the list of its printed cards through its rules
(``GameRules.printed_cards``): each card's name, the groups it is counted in (its season,
its archetype ...), the facts of its printed header (costs, range ...) in the form the game's
``printed_header`` reads off a compiled card, and why it can't be scripted when its printed
data leaves nothing to script.  ``cardsmith coverage GAME`` and the tests read the same
list, so the figure a designer sees is the one the tests check; nothing here names a game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

#: the reason given for a printed card no script is written for yet
NOT_YET = "not scripted yet"


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """One printed card: the name its script carries, where it is counted, what its header
    says, and (``unscriptable``) why no script can be written from the printed data."""
    name: str
    #: (grouping, group) pairs in the order a report shows them: ("season", "S2")
    groups: tuple[tuple[str, str], ...] = ()
    #: the printed header's facts by name, compared with ``GameRules.printed_header``
    header: tuple[tuple[str, Any], ...] = ()
    unscriptable: str = ""
    #: why it isn't scripted yet, when that is known (a construct the language lacks)
    pending: str = ""
    #: where in the printed list it stands (its row), for messages
    where: str = ""


@dataclass(frozen=True, slots=True)
class Tally:
    """Scripted cards of one group against its printed cards."""
    group: str
    scripted: int
    printed: int

    @property
    def percent(self) -> float:
        return 100.0 * self.scripted / self.printed if self.printed else 0.0


@dataclass(frozen=True, slots=True)
class Coverage:
    overall: Tally
    #: grouping -> its groups' tallies, by the groups' names
    by_grouping: tuple[tuple[str, tuple[Tally, ...]], ...]
    #: printed cards with no script, each with its reason
    unscripted: tuple[tuple[PrintedCard, str], ...]
    #: names of scripted cards no printed card carries (a designer's, a stand-in)
    unprinted: tuple[str, ...] = field(default=())


def reason(card: PrintedCard) -> str:
    """Why a printed card has no script: its data holds nothing to script, or what it waits for."""
    return card.unscriptable or card.pending or NOT_YET


def coverage(printed: Iterable[PrintedCard], scripted: Iterable[str]) -> Coverage:
    """Count the printed cards whose name a script carries (case does not matter).  A card
    whose printed data leaves nothing to script is never counted scripted: a script of it
    (its header alone, for a sample deck) holds none of its rules."""
    cards = list(printed)
    have = {n.casefold(): n for n in scripted}
    hit = [not c.unscriptable and c.name.casefold() in have for c in cards]
    groupings: dict[str, dict[str, list[int]]] = {}
    for card, ok in zip(cards, hit):
        for grouping, group in card.groups:
            tally = groupings.setdefault(grouping, {}).setdefault(group, [0, 0])
            tally[0] += ok
            tally[1] += 1
    printed_names = {c.name.casefold() for c in cards}
    return Coverage(
        overall=Tally("all", sum(hit), len(cards)),
        by_grouping=tuple((g, tuple(Tally(name, s, p) for name, (s, p) in sorted(groups.items())))
                          for g, groups in groupings.items()),
        unscripted=tuple((c, reason(c)) for c, ok in zip(cards, hit) if not ok),
        unprinted=tuple(sorted(n for k, n in have.items() if k not in printed_names)))


def header_mismatches(card: PrintedCard, read: Mapping[str, Any]) -> list[str]:
    """Each header fact of a script (``read``, from ``GameRules.printed_header``) that is
    not the printed one: "range: printed 2, scripted 1"."""
    out = []
    for name, printed in card.header:
        scripted = read.get(name)
        if scripted != printed:
            out.append(f"{name}: printed {show(printed)}, scripted {show(scripted)}")
    return out


def show(value: Any) -> str:
    """A header fact as a person reads it: sets and tuples as words, None as 'none'."""
    if value is None:
        return "none"
    if isinstance(value, (frozenset, set)):
        return "{" + ", ".join(sorted(map(str, value))) + "}" if value else "{}"
    if isinstance(value, tuple):
        return "(" + ", ".join(map(str, value)) + ")"
    return str(value)


def pool_mismatches(printed: Iterable[PrintedCard], library: Iterable[Any],
                    read: Callable[[Any], Mapping[str, Any]]) -> dict[str, list[str]]:
    """Every scripted printed card whose header differs from its printed one, by name."""
    by_name = {c.name.casefold(): c for c in library}
    out: dict[str, list[str]] = {}
    for card in printed:
        script = by_name.get(card.name.casefold())
        if script is not None:
            problems = header_mismatches(card, read(script))
            if problems:
                out[card.name] = problems
    return out
