"""Verbs that act on cards: destroy, counter, return, play (for free), copy
(001 § Attached Cards; § Glossary: Copy, Free; rulings.md: counter vs destroy)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.runtime.core.state import Decision

from .attach import detach
from .payments import settle_unless, unless_needs
from .permissions import card_says
from .players import clear_counters, control_comes_off, move, send_home, zone
from .verbs_base import IvionVerb

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


def _cards(refs: list[str]) -> list[str]:
    return [r for r in refs if not r.startswith(("player:", "tile:"))]


class Destroy(IvionVerb):
    """Only resolved, attached cards can be destroyed (000 § Destroying Cards)."""
    help = "destroy SELECTOR"
    obj = "required"

    def render(self, step: "Step", r: Any) -> str:
        return f"Destroy {r.sel(step.obj)}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for cid in _cards(ctx.select(step.obj)):
            card = ctx.game.state.cards.get(cid)
            if card is None or card.zone != "field":
                ctx.game.log("destroy", f"{card.name if card else cid} is not attached: nothing to destroy",
                             ctx.card().name, ctx.controller)
                continue
            detach(ctx.game, cid)
            ctx.game.log("destroy", f"{card.name} is destroyed", ctx.card().name, ctx.controller)
            send_home(ctx.game, cid)


class Counter(IvionVerb):
    """A countered card does not resolve and goes to its owner's discard; what was paid
    stays spent (001 § Counters; 000 § Counters)."""
    help = "counter SELECTOR [unless its controller pays N resources]"
    obj = "required"
    clauses = frozenset({"unless"})

    def render(self, step: "Step", r: Any) -> str:
        text = f"Counter {r.sel(step.obj)}"
        if step.clause("unless") is not None:
            text += " " + r.unless(step.clause("unless"))
        return text

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        return unless_needs(ctx, step, choices)

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        if settle_unless(ctx, step, choices):
            game.log("counter", f"the counter is paid off: {', '.join(game.name(c) for c in _cards(ctx.select(step.obj)))} stays",
                     ctx.card().name)
            return
        for cid in _cards(ctx.select(step.obj)):
            item = next((it for it in game.state.stack if it.card == cid and it.fate == "pending"), None)
            if item is None:
                continue
            if card_says(game, cid, "cant_be_countered"):
                # "Can't be countered" beats counter effects (IV-CNTR-7, IV-GOLD-2).
                game.log("counter", f"{game.name(cid)} can't be countered", ctx.card().name, ctx.controller)
                continue
            item.fate = "countered"
            item.reason = f"countered by {ctx.card().name}"
            game.state.used[f"turn:countered:{cid}"] = 1
            game.log("counter", f"{game.name(cid)} is countered by {ctx.card().name}; its cost stays spent",
                     ctx.card().name, ctx.controller)
            if game.state.ruleset == "original":
                control_comes_off(game, item.controller, sum(item.paid.values()), f"{game.name(cid)} countered")
            send_home(game, cid)


class Return(IvionVerb):
    help = "return SELECTOR to hand"
    obj = "required"
    clauses = frozenset({"zone"})
    required = frozenset({"zone"})

    def render(self, step: "Step", r: Any) -> str:
        return f"Return {r.sel(step.obj)} to its owner's hand"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for cid in _cards(ctx.select(step.obj)):
            card = ctx.game.state.cards.get(cid)
            if card is None or card.zone != "field":
                continue
            detach(ctx.game, cid)
            header = ctx.game.cdef(cid).header
            card.controller = card.owner
            clear_counters(card)
            dest = zone("feats" if header.is_feat else "hand", card.owner)
            ctx.game.move_card(cid, dest)
            card.revealed = True
            ctx.game.log("return", f"{card.name} returns to {ctx.game.state.players[card.owner].name}'s hand",
                         ctx.card().name, ctx.controller)


class PlayFree(IvionVerb):
    """``play that card for free`` / ``play a card [for free]``: a card played by an effect.
    For free it is played as if it cost 0 actions and 0 power, so it gains nothing either
    (001 § Rules Reference > Glossary > FREE; IV-KW-FREE-1/2); without ``for free`` it pays
    its (reduced) cost (Sucker Punch).  "a card" is a card from your hand, chosen when the
    step runs (Divine Strength, True Focus); you may also play nothing.  The card is played
    in full: its banner, Hardcast, targets and a response window (IV-PLAY-9)."""
    help = "play SELECTOR [for free]"
    obj = "required"
    clauses = frozenset({"free"})

    def render(self, step: "Step", r: Any) -> str:
        if step.has("free"):
            return f"play {r.sel(step.obj)} for Free"
        return f"{'' if step.optional or not self._from_hand(step) else 'you may '}play {r.sel(step.obj)}"

    def _from_hand(self, step: "Step") -> bool:
        return step.obj is not None and step.obj.mode == "any" and step.obj.noun in ("card", "cards")

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        if not self._from_hand(step) or choices:
            return None
        from cardsmith.runtime.core.state import Action
        from . import costs
        from .hardcast import needs_reveal
        from .playable import banner_block, target_plan_exists
        game, me = ctx.game, ctx.controller
        free = step.has("free")
        how = " for free" if free else ""
        opts = []
        for cid in game.state.zones.get(zone("hand", me), ()):
            h = game.cdef(cid).header
            if h.passive or banner_block(game, me, h) or needs_reveal(game, cid) \
                    or (not free and not costs.affordable(game, me, game.cdef(cid))) \
                    or not target_plan_exists(game, me, cid)[0]:
                continue
            opts.append(Action("free", (cid,), f"play {game.name(cid)}{how}"))
        if not opts:
            choices.append("")
            return None
        opts.append(Action("free", ("",), "play nothing"))
        return Decision(me, "play_free", f"{ctx.card().name}: play a card{how}?", opts)

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        refs = [c for c in choices if c] if self._from_hand(step) else _cards(ctx.select(step.obj))
        for cid in refs:
            if cid in ctx.game.state.cards and ctx.game.card(cid).zone not in ("stack", "field"):
                origin = ctx.game.card(cid).zone
                move(ctx.game, cid, "limbo")
                ctx.game.push("play", card=cid, ctl=ctx.controller, response=True, free=step.has("free"),
                              effect=True, origin=origin)


class Copy(IvionVerb):
    """``copy SELECTOR [for free]``: play an identical version of a card.  It never
    attaches and never goes to a discard; otherwise it is played like a normal card: it
    pays its cost unless the copy is for free, obeys its banner, picks its own targets and
    can be answered (001 § Rules Reference > Glossary > COPY; IV-KW-COPY-1)."""
    help = "copy SELECTOR [for free]"
    obj = "required"
    clauses = frozenset({"free"})

    def render(self, step: "Step", r: Any) -> str:
        return f"Copy {r.sel(step.obj)}" + (" for Free" if step.has("free") else "")

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for cid in _cards(ctx.select(step.obj)):
            if cid not in ctx.game.state.cards:
                continue
            twin = ctx.game.create_card(ctx.game.name(cid), ctx.controller, "limbo", token=True)
            ctx.game.card(twin).revealed = True
            ctx.game.push("play", card=twin, ctl=ctx.controller, response=True,
                          free=step.has("free"), copy=True)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("destroy")(Destroy)
    vocab.verb("counter")(Counter)
    vocab.verb("return")(Return)
    vocab.verb("play")(PlayFree)
    vocab.verb("copy")(Copy)
