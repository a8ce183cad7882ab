"""Generic decisions every card game has: a player picks cards from a zone.

Discarding down to a hand limit (Ivion, Sylvion), paying a cost by discarding (Sylvion:
the partner pays for the active player's card and cannot refuse), choosing cards to keep
... are all "player P picks N cards of zone Z, and each goes to zone T".  The player who
picks need not be the active player, which is how a partner decides while someone else
plays.  The frame asks one card at a time, so options stay few and each answer is plain
data (a game can be saved between two picks).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from .rules import FrameHandler
from .shapes import CARDS, COUNT, PLAYER, STR, ZONE, record
from .state import Action, Frame

if TYPE_CHECKING:
    from .engine import Game

KIND: Final = "pick_cards"


def push_pick(game: "Game", player: int, zone: str, count: int, to: str, *, prompt: str,
              cause: str = "", exclude: list[str] | None = None, verb: str = "discards") -> Frame:
    """Ask ``player`` to move ``count`` cards of ``zone`` (not in ``exclude``) to ``to``,
    one at a time; with no choice left to make, the rest go without asking."""
    return game.push(KIND, player=player, zone=zone, count=count, to=to, prompt=prompt,
                     cause=cause, exclude=list(exclude or ()), verb=verb, picked=[])


class PickCardsFrame(FrameHandler):
    kind: ClassVar = KIND
    fields: ClassVar = record(player=PLAYER, zone=ZONE, count=COUNT, to=ZONE, prompt=STR, cause=STR,
                              exclude=CARDS, verb=STR, picked=CARDS)

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        left = d["count"] - len(d["picked"])
        pool = [c for c in game.state.zones.get(d["zone"], ()) if c not in d["exclude"]]
        if left <= 0 or not pool:
            game.pop(frame)
            return
        if len(pool) <= left:
            # no choice left to make: every remaining card goes
            for cid in list(pool):
                self._take(game, frame, cid)
            return
        seen: set[str] = set()
        opts = []
        for cid in pool:
            name = game.state.cards[cid].name
            if name in seen:      # copies of one card are one choice
                continue
            seen.add(name)
            opts.append(Action("pick", (cid,), f"{d['verb'].rstrip('s')} {name}"))
        if len(opts) == 1:
            self._take(game, frame, pool[0])
            return
        who = game.state.players[d["player"]].name
        game.ask(d["player"], KIND, f"{who}: {d['prompt']} ({left} more)", opts)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        self._take(game, frame, action.args[0])

    @staticmethod
    def _take(game: "Game", frame: Frame, cid: str) -> None:
        d = frame.data
        d["picked"].append(cid)
        game.move_card(cid, d["to"])
        who = game.state.players[d["player"]].name
        game.log("pick", f"{who} {d['verb']} {game.name(cid)}", d["cause"], d["player"])
