"""What each card of the first deck did in one game, for per-card figures as 17lands
reports them: whether it was in the opening hand, drawn later, how often it was played,
and what its plays did (damage to the other side, Control applied to it, cards drawn),
from the game's log.

Game-neutral by convention: a player's hand is the zone ``hand:N``, a play is logged as
``play`` with the card's name as its cause, damage as ``damage`` (the number in the line;
the damaged player as the entry's player), draws as public ``draw`` lines, Control as
``gain`` lines of one of the game's ``control_stats`` ("bob gains 2 slow", the player who
gains it as the entry's player).  A game
without hand zones gets no per-card figures.  The opening hand is the hand when the
first turn starts (after mulligans).
"""
from __future__ import annotations

import re
from typing import Any

_DAMAGE = re.compile(r"\b(\d+) damage")       # "takes 4 damage, HP 38"
_DRAWS = re.compile(r"\bdraws (\d+)")          # "draws 2 cards" ("draws a card": 1)
_GAINS = re.compile(r"\bgains (\d+) (\w+)")      # "gains 2 slow (1 more would pass the cap of 5)"

#: one game's record of a card: [in the opening hand, drawn later, plays, damage, draws,
#: Control applied]
OPENING, DRAWN, PLAYED, DAMAGE, DRAWS, CONTROL = range(6)


class CardWatch:
    def __init__(self, game: Any, side: int, names: set[str]) -> None:
        state = game.state
        self.players = {p.index for p in state.players if p.team == side}
        self.hands = [z for z in (f"hand:{i}" for i in sorted(self.players)) if z in state.zones]
        self.names = names
        self.seen: set[str] = set()
        self.opening: set[str] | None = None
        self.control = frozenset(game.rules.control_stats)

    def look(self, state: Any) -> None:
        """Called at every decision: note the cards now in the side's hands."""
        if not self.hands:
            return
        if self.opening is None and state.turn >= 1:
            self.opening = {state.cards[c].name for z in self.hands for c in state.zones[z]}
        for z in self.hands:
            self.seen.update(state.zones[z])

    def record(self, state: Any) -> dict[str, list[int]]:
        if not self.hands:
            return {}
        seen = {state.cards[c].name for c in self.seen if c in state.cards}
        opening = self.opening or set()
        out = {name: [int(name in opening), int(name in seen and name not in opening), 0, 0, 0, 0]
               for name in sorted(self.names)}
        for e in state.log:
            entry = out.get(e.cause)
            if entry is None:
                continue
            if e.kind == "play" and e.player in self.players:
                entry[PLAYED] += 1
            elif e.kind == "damage" and e.player >= 0 and e.player not in self.players:
                entry[DAMAGE] += damage_in(e.text)
            elif e.kind == "draw" and not e.private and e.player in self.players:
                found = _DRAWS.search(e.text)
                entry[DRAWS] += int(found.group(1)) if found else 1
            elif e.kind == "gain" and self.control and e.player >= 0 and e.player not in self.players:
                got = _GAINS.search(e.text)
                if got is not None and got.group(2) in self.control:
                    entry[CONTROL] += int(got.group(1))
        return out


def damage_in(text: str) -> int:
    """The damage a ``damage`` log line says was dealt (0 if it names no amount)."""
    found = _DAMAGE.search(text)
    return int(found.group(1)) if found else 0


def deck_names(deck: dict[str, Any]) -> set[str]:
    """The distinct names of a deck's cards (an entry with an attached card is a pair)."""
    return {c if isinstance(c, str) else c[0] for c in deck.get("cards", ())}
