"""Playing a Sylvan card (002 § Defense; § Rules for Two Players).

The active player plays from their hand; the cost is paid by discarding that many *other*
cards: from the same hand alone, from the partner's hand with two players (the partner
chooses which, and cannot refuse).  Order: choose targets, pay, resolve; an Animal is then
discarded (002 § Animal Cards); a Tree or Fountain has been placed by its own effect.
A card is offered only if it can be paid for and has a legal choice for each target, so
every option in ``legal_actions()`` can be carried out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from cardsmith.runtime.core.choices import push_pick
from cardsmith.runtime.core.interpreter import Ctx, push_block
from cardsmith.runtime.core.keywords import allows
from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import BOOL, CARD, PLAYER, REFS, ListOf, Record, Str
from cardsmith.runtime.core.state import Action, Frame

from . import battlefield as bf
from .keywords import REACT
from .words import describe, spec_exists, spec_options

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

LIMBO: Final = "limbo"


def payer(game: "Game", player: int) -> int:
    """Who pays: yourself alone; your partner with two players (002 § Rules for Two Players)."""
    n = len(game.state.players)
    return player if n == 1 else (player + 1) % n


def why_cant_play(game: "Game", player: int, cid: str, *, reaction: bool,
                  cache: dict | None = None) -> str:
    """'' if ``player`` may play ``cid`` now, else the reason, for people and for the AIs.
    ``cache`` remembers which targets exist while one list of options is built."""
    state = game.state
    card = state.cards.get(cid)
    if card is None or card.zone != bf.hand(player):
        return "it is not in your hand"
    cdef = game.cdef(cid)
    h = cdef.header
    if h.side != "sylvan":
        return "only Sylvan cards are played from a hand"
    if reaction and not allows(cdef, REACT):
        return "right after the reveal only reactions (Hedgehogs) can be played"
    if not reaction and state.phase != "defense":
        return "cards are played during Defense"
    payer_ = payer(game, player)
    can_pay = len(state.zones[bf.hand(payer_)]) - (1 if payer_ == player else 0)
    if h.cost > can_pay:
        who = "you have" if payer_ == player else f"{state.players[payer_].name} has"
        return f"its cost {h.cost} is paid by discarding {h.cost} other cards and {who} only {can_pay}"
    if cdef.targets:
        ctx = Ctx(game, None, src=cid, ctl=player, item="", bind={})
        for spec in cdef.targets:
            if spec.upto:
                continue
            key = (spec.noun, spec.filters, spec.other)
            found = cache.get(key) if cache is not None and not spec.other else None
            if found is None:
                found = spec_exists(ctx, spec)
                if cache is not None:
                    cache[key] = found
            if not found:
                return f"there is no {spec.noun} to choose"
    return ""


def play_options(game: "Game", player: int, *, reaction: bool) -> list[Action]:
    """One option per playable card name in the hand (copies are the same play)."""
    opts = []
    seen: set[str] = set()
    cache: dict = {}
    for cid in game.state.zones[bf.hand(player)]:
        name = game.state.cards[cid].name
        if name in seen:
            continue
        seen.add(name)
        if reaction and not allows(game.cdef(cid), REACT):
            continue
        if not why_cant_play(game, player, cid, reaction=reaction, cache=cache):
            cost = game.cdef(cid).header.cost
            opts.append(Action("play", (cid,), f"play {name}" + (f" (discard {cost})" if cost else "")))
    return opts


class PlayFrame(FrameHandler):
    kind: ClassVar = "play"
    fields: ClassVar = Record({"card": CARD, "ctl": PLAYER, "payer": PLAYER, "step": Str("targets", "pay", "after"),
                               "targets": ListOf(REFS)}, {"reaction": BOOL})

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        cid = d["card"]
        cdef = game.cdef(cid)
        if d["step"] == "targets":
            if game.state.cards[cid].zone != LIMBO:
                game.move_card(cid, LIMBO)      # out of the hand: it can't pay for itself
            k = len(d["targets"])
            if k < len(cdef.targets):
                spec = cdef.targets[k]
                ctx = Ctx(game, None, src=cid, ctl=d["ctl"], item="", bind={})
                refs = spec_options(ctx, spec)
                if len(refs) == 1:
                    d["targets"].append([refs[0]])
                    return
                if not refs:
                    d["targets"].append([])
                    return
                noun = spec.noun.replace("elemental", "Elemental").replace("ravage", "Ravage")
                game.ask(d["ctl"], "target", f"{cdef.name}: choose the {noun}",
                         [Action("target", (r,), describe(game, r)) for r in refs])
                return
            d["step"] = "pay"
            cost = cdef.header.cost
            if cost:
                payer = d["payer"]
                push_pick(game, payer, bf.hand(payer), cost, bf.SYLVAN_DISCARD,
                          prompt=f"pay for {cdef.name}: discard a card", cause=f"paying for {cdef.name}")
            return
        if d["step"] == "pay":
            d["step"] = "after"
            me = game.state.players[d["ctl"]].name
            game.log("play", f"{me} plays {cdef.name}", cdef.name, d["ctl"])
            game.emit("play", who=d["ctl"], card=cid, bind={"it": cid})
            push_block(game, cid, d["ctl"], [-1], targets=d["targets"])
            return
        game.pop(frame)
        if game.state.cards[cid].zone == LIMBO:
            bf.discard(game, cid)

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        frame.data["targets"].append([action.args[0]])
