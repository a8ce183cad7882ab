"""Playing cards, activating abilities, the queue, battle, raids and Support.

Playing a card: choose its targets, a champion's slot, exert influence equal to its cost;
the card waits on the queue until every player has passed priority, then resolves: a
champion is summoned, a location built (an old one goes to the graveyard), a spell's
ability resolves and the spell goes to the graveyard (004 § Play Cards; § Champions;
§ Locations; § Spells).  Activated abilities are paid for the same way (influence, or
secured Ikorr for RUSH) and queue up too (004 § Avatar Powers; § RUSH; § ACTION).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from cardsmith.runtime.core.effects import Activated
from cardsmith.runtime.core.interpreter import Ctx, push_block
from cardsmith.runtime.core.keywords import deadly, strikes_first
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import CARD, COUNT, ITEM, PLAYER, REFS, Int, ListOf, Record, Str, record
from cardsmith.runtime.core.state import Action, Frame, StackItem

from . import battlefield as bf
from .actions import ability_word, cost_of, used_key
from .players import exert
from .targeting import options
from .zones import MAX_CHAMPIONS, IkorrState, champions, ready_influence, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


class PlayFrame(FrameHandler):
    """targets -> slot (champions) -> pay -> onto the queue."""
    kind: ClassVar = "play"
    fields: ClassVar = Record({"card": CARD, "ctl": PLAYER},
                              {"targets": ListOf(REFS), "closed": ListOf(COUNT), "asking": COUNT, "slot": Int(0, 5)})

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        cdef = game.cdef(d["card"])
        d.setdefault("targets", [[] for _ in cdef.targets])
        for k, spec in enumerate(cdef.targets):
            if k in d.setdefault("closed", []) or len(d["targets"][k]) >= spec.count:
                continue
            ctx = Ctx(game, None, src=d["card"], ctl=d["ctl"], item="", bind={})
            opts = options(ctx, spec.noun, spec.filters, other=spec.other, exclude=d["targets"][k])
            if not opts:
                d["closed"].append(k)
                continue
            acts = [Action("target", (r,), f"target {game.rules.describe_ref(game, r)}") for r in opts]
            if spec.upto or d["targets"][k]:
                acts.append(Action("done", (), "no more targets"))
            d["asking"] = k
            which = f" (target {k + 1} of {len(cdef.targets)})" if len(cdef.targets) > 1 else ""
            game.ask(d["ctl"], "target", f"{game.state.players[d['ctl']].name}: choose the target "
                     f"{spec.noun} for {cdef.name}{which}", acts)
            return
        if cdef.header.kind == "champion" and "slot" not in d:
            taken = {game.state.cards[c].counters.get("slot", -1) for c in champions(game, d["ctl"])}
            free = [s for s in range(MAX_CHAMPIONS) if s not in taken]
            if len(free) > 1 and game.state.options.get("choose_slots", True):
                game.ask(d["ctl"], "slot", f"{cdef.name}: which champion slot (it can't move later)?",
                         [Action("slot", (s,), f"slot {s + 1}") for s in free])
                return
            d["slot"] = free[0] if free else 0
        self._pay(game, frame)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        d = frame.data
        if action.kind == "target":
            d["targets"][d["asking"]].append(action.args[0])
        elif action.kind == "done":
            d["closed"].append(d["asking"])
        elif action.kind == "slot":
            d["slot"] = action.args[0]

    def _pay(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        state = game.state
        cid, ctl = d["card"], d["ctl"]
        cdef = game.cdef(cid)
        game.pop(frame)
        cost = cost_of(game, ctl, cid)
        ready = ready_influence(game, ctl)
        if ready < cost:
            # Affordable when the play began; the board changed since (a hand edit while
            # targets were chosen).  An unpaid play is taken back: the card stays put.
            game.log("play", f"{state.players[ctl].name} can't pay for {cdef.name} any more "
                     f"({ready} ready influence, it costs {cost}): the play is taken back", cdef.name, ctl)
            return
        exert(game, ctl, cost, cdef.name)
        item = StackItem(state.new_id("q"), cid, ctl, targets=[list(t) for t in d["targets"]],
                         paid={"influence": cost}, source_zone=state.cards[cid].zone,
                         flags={"kind": cdef.header.kind, "slot": d.get("slot", -1)})
        game.move_card(cid, "queue")
        state.stack.append(item)
        verb = {"champion": "summons", "location": "builds", "spell": "casts"}[cdef.header.kind]
        targets = "; ".join(game.rules.describe_ref(game, r) for g in item.targets for r in g)
        game.log("play", f"{state.players[ctl].name} {verb} {cdef.name} for {cost} influence"
                 + (f" targeting {targets}" if targets else ""), cdef.name, ctl)
        if cdef.header.kind == "spell":
            game.emit("cast", who=ctl, card=cid, bind={"it": cid})


def activate(game: "Game", player: int, cid: str, index: int) -> None:
    """Pay an activated ability's costs and queue it (004 § Action Phase)."""
    state: IkorrState = game.state  # type: ignore[assignment]
    ab: Activated = game.cdef(cid).abilities[index]  # type: ignore[assignment]
    state.used[used_key(ab.kind, cid, index, player)] = 1
    name = game.name(cid)
    word = ability_word(ab)
    exert(game, player, ab.cost("influence"), f"{name}'s {word}")
    if ab.kind == "rush":
        bf.destroy_secured(game, state.players[player].team, ab.amount or 0, f"{name}'s RUSH {ab.amount}")
    item = StackItem(state.new_id("q"), cid, player, paid={"influence": ab.cost("influence")},
                     source_zone=state.cards[cid].zone, flags={"kind": "ability", "ability": index})
    state.stack.append(item)
    game.log("activate", f"{state.players[player].name} activates the {word} of {bf.who(game, cid)}", name, player)


class ResolveFrame(FrameHandler):
    """The newest queue item resolves (``stage`` start, then finish after its effect)."""
    kind: ClassVar = "resolve_item"
    fields: ClassVar = record(item=ITEM, stage=Str("start", "finish"))

    def run(self, game: "Game", frame: Frame) -> None:
        state: IkorrState = game.state  # type: ignore[assignment]
        item = next((it for it in state.stack if it.id == frame.data["item"]), None)
        if item is None:
            game.pop(frame)
            return
        if frame.data["stage"] == "start":
            frame.data["stage"] = "finish"
            item.fate = "resolving"
            kind = item.flags.get("kind")
            name = game.name(item.card)
            if kind == "ability":
                ab = game.cdef(item.card).abilities[item.flags["ability"]]
                game.log("resolve", f"the {ability_word(ab)} of {bf.who(game, item.card)} resolves", name, item.controller)
                push_block(game, item.card, item.controller, [item.flags["ability"]], item=item.id)
            elif kind == "spell":
                game.log("resolve", f"{name} resolves", name, item.controller)
                push_block(game, item.card, item.controller, [-1], item=item.id)
            return
        game.pop(frame)
        item.fate = "resolved"
        state.stack.remove(item)
        kind = item.flags.get("kind")
        cid, ctl = item.card, item.controller
        if kind == "champion":
            clash = bf.fabled_clash(game, cid, ctl)
            if clash or not bf.summon(game, cid, ctl, "played", item.flags.get("slot")):
                if clash:
                    game.log("summon", f"{game.name(cid)} can't enter: {clash}", "Fabled", ctl)
                game.move_card(cid, zone("graveyard", state.cards[cid].owner))
        elif kind == "location":
            self._build(game, cid, ctl)
        elif kind == "spell":
            p = state.players[ctl]
            if p.flags.get("spell_returns") == state.turn:
                del p.flags["spell_returns"]
                game.move_card(cid, zone("hand", state.cards[cid].owner))
                game.log("return", f"{game.name(cid)} returns to {p.name}'s hand instead of the graveyard",
                         "avatar power", ctl)
            else:
                game.move_card(cid, zone("graveyard", state.cards[cid].owner))

    @staticmethod
    def _build(game: "Game", cid: str, ctl: int) -> None:
        clash = bf.fabled_clash(game, cid, ctl)
        state = game.state
        if clash:
            game.log("build", f"{game.name(cid)} can't be built: {clash}", "Fabled", ctl)
            game.move_card(cid, zone("graveyard", state.cards[cid].owner))
            return
        for old in list(state.zones.get(zone("location", ctl), ())):
            game.log("build", f"{bf.who(game, old)} goes to the graveyard to make room", "one location slot", ctl)
            bf.leave(game, old, zone("graveyard", state.cards[old].owner), "replaced")
        state.cards[cid].controller = ctl
        game.move_card(cid, zone("location", ctl))
        game.log("build", f"{state.players[ctl].name} builds {game.name(cid)}", "played", ctl)


class BattleFrame(FrameHandler):
    """Battle: ATTACK triggers first, then both champions strike at once; with Quick Strike
    the attacker strikes first and takes nothing back if that kills; Lethal makes any
    strike damage deadly (004 § Attack with Champions; § Glossary: Battle, Quick Strike, Lethal)."""
    kind: ClassVar = "battle"
    fields: ClassVar = record(attacker=CARD, defender=CARD, stage=Str("declare", "strike"))

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        a, t = d["attacker"], d["defender"]
        if d["stage"] == "declare":
            d["stage"] = "strike"
            card = game.state.cards[a]
            card.counters["attacked"] = game.state.turn
            game.log("attack", f"{bf.who(game, a)} attacks {bf.who(game, t)}", "declared", card.controller)
            game.emit("attack", card=a, who=card.controller, target=t, bind={"it": a, "them": t})
            return
        game.pop(frame)
        if not (bf.on_battlefield(game, a) and bf.on_battlefield(game, t)):
            game.log("battle", "the battle ends: a champion left the battlefield", "004 § Glossary: Battle")
            return
        if strikes_first(game.cdef(a)):           # Quick Strike (keywords.py)
            self._strike(game, a, t)
            bf.check_deaths(game, "battle")
            if bf.on_battlefield(game, t) and bf.on_battlefield(game, a):
                self._strike(game, t, a)
                bf.check_deaths(game, "battle")
            return
        hit_a, hit_t = bf.attack_of(game, t), bf.attack_of(game, a)
        self._strike(game, a, t, hit_t)
        self._strike(game, t, a, hit_a)
        bf.check_deaths(game, "battle")

    @staticmethod
    def _strike(game: "Game", src: str, dst: str, n: int | None = None) -> None:
        """Strike: deal damage equal to its attack (004 § Glossary: Strike)."""
        n = bf.attack_of(game, src) if n is None else n
        bf.damage(game, dst, n, f"{game.name(src)} strikes", lethal=n > 0 and deadly(game.cdef(src)))


def raid(game: "Game", player: int, cid: str) -> None:
    """Raid: store Ikorr equal to the raid value; RAID triggers (004 § Raid with Champions)."""
    card = game.state.cards[cid]
    card.counters["raided"] = game.state.turn
    game.log("raid", f"{bf.who(game, cid)} raids", "declared", player)
    bf.store(game, cid, game.cdef(cid).header.raid, f"{card.name} raids")
    game.emit("raid", card=cid, who=player, bind={"it": cid})


def support(game: "Game", player: int, cid: str, target: str) -> None:
    """Support: give this champion's attack to a target champion until the end of the turn."""
    state = game.state
    state.cards[cid].counters["supported"] = state.turn
    n = bf.attack_of(game, cid)
    bf.add_counter(game, target, "attack_bonus", n)
    game.log("support", f"{bf.who(game, cid)} supports {bf.who(game, target)}: +{n} attack until the end of the turn",
             "Support", player)
