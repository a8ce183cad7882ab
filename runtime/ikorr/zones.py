"""Where things are in Rush of Ikorr: the state's extra fields and each player's zones.

004 § Setting Up shows a player's play area: Avatar Zone, Champion Zone (six slots),
Location Zone (one slot), Void, Graveyard, Influence Deck and Influence Zone, plus deck and
hand.  Each is a zone named ``KIND:PLAYER``.  Cards being played or abilities being
activated wait in the shared ``queue`` zone.  Secured Ikorr is a pile per team.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.state import GameState

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

PLAYER_ZONES: Final = ("deck", "hand", "graveyard", "void", "avatar", "champions", "location",
                       "influence_deck", "influence")
BATTLEFIELD: Final = ("champions", "location")
MAX_CHAMPIONS: Final = 6
TARGETS: Final = {"1v1": 10, "2v2": 15, "3v3": 15}
FORMATS: Final = {"1v1": 1, "2v2": 2, "3v3": 3}
#: the seats' names when a game or scenario names fewer players than its format seats
DEFAULT_NAMES: Final = ("alice", "bob", "carol", "dave", "erin", "frank")


@dataclass(slots=True)
class IkorrState(GameState):
    fmt: str = "1v1"
    target: int = 10                                     # secured Ikorr to win
    secured: list[int] = field(default_factory=list)     # per team
    active_team: int = 0
    #: infused champions: derived card name -> [champion, infusion] (see ``decks``)
    infused: dict[str, list[str]] = field(default_factory=dict)


def zone(kind: str, player: int) -> str:
    return f"{kind}:{player}"


def kind_of(zone_name: str) -> str:
    return zone_name.split(":", 1)[0]


def cards_in(game: "Game", kind: str, player: int) -> list[str]:
    return game.state.zones.get(zone(kind, player), [])


def champions(game: "Game", player: int) -> list[str]:
    return cards_in(game, "champions", player)


def on_battlefield(game: "Game", cid: str) -> bool:
    card = game.state.cards.get(cid)
    return card is not None and kind_of(card.zone) in BATTLEFIELD


def ready_influence(game: "Game", player: int) -> int:
    p = game.state.players[player]
    # never below 0: a hand edit may take away influence cards that were already exerted
    return max(0, len(cards_in(game, "influence", player)) - p.stats.get("exerted", 0))
