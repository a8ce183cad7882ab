"""Frames that only ask a player something: which Control to remove, discarding down to
the hand limit.  (Second Wind has its own module, ``second_wind.py``.)"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import COUNT, PLAYER, STR, record
from cardsmith.runtime.core.state import Action, Frame

from .header import CONTROL_KINDS
from .leave_play import send_home
from .players import zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


class RemoveControlFrame(FrameHandler):
    """After spending N resources, remove up to N Control tokens in any combination
    (001 § Control > Removing Control).  Asked one token at a time; no question when
    there is nothing to choose."""
    kind: ClassVar = "remove_control"
    fields: ClassVar = record(player=PLAYER, n=COUNT, cause=STR)

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        p = game.state.players[d["player"]]
        present = [k for k in CONTROL_KINDS if p.stats.get(k, 0) > 0]
        if d["n"] <= 0 or not present:
            game.pop(frame)
            return
        total = sum(p.stats[k] for k in present)
        if len(present) == 1 or total <= d["n"]:
            for k in present:
                take = min(p.stats[k], d["n"])
                self._remove(game, d, k, take)
            game.pop(frame)
            return
        game.ask(d["player"], "remove_control",
                 f"{p.name}: remove {d['n']} Control ({d['cause']}): which kind next?",
                 [Action("remove", (k,), f"remove 1 {k} (of {p.stats[k]})") for k in present])

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        self._remove(game, frame.data, action.args[0], 1)

    @staticmethod
    def _remove(game: "Game", d: dict, kind: str, n: int) -> None:
        p = game.state.players[d["player"]]
        p.stats[kind] -= n
        d["n"] -= n
        game.log("control", f"{p.name} removes {n} {kind} ({p.stats[kind]} left)", d["cause"], d["player"])


class DiscardDownFrame(FrameHandler):
    """More than 7 cards at the end of the turn: discard down to 7 (001 § End)."""
    kind: ClassVar = "discard_down"
    fields: ClassVar = record(player=PLAYER, limit=COUNT)

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        me = d["player"]
        hand = game.state.zones[zone("hand", me)]
        if len(hand) <= d["limit"]:
            game.pop(frame)
            return
        seen: dict[str, str] = {}
        cards = game.state.cards
        for c in hand:
            seen.setdefault(cards[c].name, c)
        game.ask(me, "discard", f"discard down to {d['limit']} ({len(hand)} in hand)",
                 [Action("discard", (c,), f"discard {n}") for n, c in seen.items()])

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        cid = action.args[0]
        game.log("discard", f"{game.state.players[frame.data['player']].name} discards {game.name(cid)}",
                 "hand limit", frame.data["player"])
        send_home(game, cid)
