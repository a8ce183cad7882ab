"""Frames that only ask a player something: which Control to remove, Second Wind,
discarding down to the hand limit."""
from __future__ import annotations

from itertools import combinations, permutations
from typing import TYPE_CHECKING

from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.state import Action, Frame

from .header import CONTROL_KINDS
from .players import send_home, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


class RemoveControlFrame(FrameHandler):
    """After spending N resources, remove up to N Control tokens in any combination
    (001 § Control > Removing Control).  Asked one token at a time; no question when
    there is nothing to choose."""
    kind = "remove_control"

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
                 f"{p.name}: remove {d['n']} Control (spent on {d['cause']}): which next?",
                 [Action("remove", (k,), f"remove 1 {k} (of {p.stats[k]})") for k in present])

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        self._remove(game, frame.data, action.args[0], 1)

    @staticmethod
    def _remove(game: "Game", d: dict, kind: str, n: int) -> None:
        p = game.state.players[d["player"]]
        p.stats[kind] -= n
        d["n"] -= n
        game.log("control", f"{p.name} removes {n} {kind} ({p.stats[kind]} left)", d["cause"], d["player"])


class SecondWindFrame(FrameHandler):
    """Look at the top five, keep two, the rest to the bottom in any order
    (001 § Rules Reference > Additional Rules > Second Wind; IV-SW-3).  With fewer than
    five cards in the deck, look at them all and keep up to two (G-7); taking them is not a
    draw, so exhaustion does not turn it into damage."""
    kind = "second_wind"

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        me = d["player"]
        deck = game.state.zones[zone("deck", me)]
        if "looked" not in d:
            d["looked"] = list(deck[:5])
        looked = d["looked"]
        names = {c: game.name(c) for c in looked}
        if "keep" not in d:
            keep_n = min(2, len(looked))
            opts = []
            seen = set()
            for combo in combinations(looked, keep_n):
                label = " + ".join(sorted(names[c] for c in combo))
                if label in seen:
                    continue
                seen.add(label)
                opts.append(Action("keep", tuple(combo), f"keep {label}"))
            if len(opts) <= 1:
                d["keep"] = list(opts[0].args) if opts else []
            else:
                game.ask(me, "second_wind", f"{game.state.players[me].name}'s second wind: keep two", opts)
                return
        rest = [c for c in looked if c not in d["keep"]]
        if "order" not in d:
            orders = []
            seen = set()
            for perm in permutations(rest):
                label = ", ".join(names[c] for c in perm)
                if label not in seen:
                    seen.add(label)
                    orders.append(Action("order", tuple(perm), f"to the bottom: {label}"))
            if len(orders) <= 1:
                d["order"] = list(orders[0].args) if orders else []
            else:
                game.ask(me, "second_wind_order", "Second wind: order for the bottom of your deck (first listed goes first)", orders)
                return
        game.pop(frame)
        for c in d["keep"]:
            game.move_card(c, zone("hand", me))
        for c in d["order"]:
            game.move_card(c, zone("deck", me))
        game.log("second wind", f"{game.state.players[me].name} keeps {len(d['keep'])} and puts {len(d['order'])} on the bottom",
                 "001 § Second Wind", me)
        game.state.triggered[:0] = d.get("held", [])
        game.emit("second_wind", who=me)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        key = "keep" if action.kind == "keep" else "order"
        frame.data[key] = list(action.args)


class DiscardDownFrame(FrameHandler):
    """More than 7 cards at the end of the turn: discard down to 7 (001 § End)."""
    kind = "discard_down"

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        me = d["player"]
        hand = game.state.zones[zone("hand", me)]
        if len(hand) <= d["limit"]:
            game.pop(frame)
            return
        seen: dict[str, str] = {}
        for c in hand:
            seen.setdefault(game.name(c), c)
        game.ask(me, "discard", f"discard down to {d['limit']} ({len(hand)} in hand)",
                 [Action("discard", (c,), f"discard {n}") for n, c in seen.items()])

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        cid = action.args[0]
        game.log("discard", f"{game.state.players[frame.data['player']].name} discards {game.name(cid)}",
                 "hand limit", frame.data["player"])
        send_home(game, cid)
