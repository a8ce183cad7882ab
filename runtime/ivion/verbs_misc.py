"""Verbs for the Hound & the Hare keywords and the rules around them: gaining relics,
becoming chivalrous, shuffling a deck, and a card-granted move (which, unlike travel,
is a move).  Sources: 001 § Rules Reference > Glossary (RELICS, CHIVALRY); 001 § Additional
Rules > Revealing Cards, Traveling."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardsmith.runtime.core.state import Action, Decision

from . import board
from .places import occupant
from .players import zone
from .turn import can_move, enter_tile
from .verbs_base import IvionVerb, players_in
from .zones import shuffle_deck

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


class GainRelic(IvionVerb):
    """``gain_relic``: take the top card of your relic pile and activate it at once
    (IV-KW-RELIC-2).  A relic with a cost is a Relic Skill (Prismatic Light): it goes to
    your hand instead.  An activated relic is played for free, without a response window;
    when it would go to the discard it is removed from the game (IV-KW-RELIC-3)."""
    help: ClassVar = "take the top card of your relic pile and activate it"
    example: ClassVar = "gain_relic"

    def render(self, step: "Step", r: Any) -> str:
        return "gain a random Relic"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game, me = ctx.game, ctx.controller
        pile = game.state.zones.get(zone("relics", me), [])
        who = game.state.players[me].name
        if not pile:
            game.log("relic", f"{who} has no relic left to gain", ctx.card().name, me)
            return
        cid = pile[0]
        h = game.cdef(cid).header
        game.state.players[me].flags["relics_gained"] = game.state.players[me].flags.get("relics_gained", 0) + 1
        if h.action_cost or h.power_cost:
            game.move_card(cid, zone("hand", me))
            game.log("relic", f"{who} gains {game.name(cid)} into their hand", ctx.card().name, me)
        else:
            game.log("relic", f"{who} gains {game.name(cid)} and activates it", ctx.card().name, me)
            game.move_card(cid, "limbo")
            game.push("play", card=cid, ctl=me, response=True, free=True, relic=True)
        game.emit("relic", who=me, card=cid)


class BecomeChivalrous(IvionVerb):
    """``become_chivalrous``: you are chivalrous until you dishonour the code
    (001 § Rules Reference > Glossary > CHIVALRY; IV-KW-CHIV-2)."""
    help: ClassVar = "you become Chivalrous until you break the code"
    example: ClassVar = "become_chivalrous"

    def render(self, step: "Step", r: Any) -> str:
        return "become Chivalrous"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        p = ctx.game.state.players[ctx.controller]
        if not p.flags.get("chivalrous"):
            p.flags["chivalrous"] = True
            ctx.game.log("chivalry", f"{p.name} becomes chivalrous", ctx.card().name, ctx.controller)
            ctx.game.emit("chivalrous", who=ctx.controller)


class Shuffle(IvionVerb):
    """``shuffle [SELECTOR]``: shuffle a player's deck (yours by default); revealed cards
    in it stop being revealed (001 § Additional Rules > Revealing Cards; IV-ZONE-4)."""
    help: ClassVar = "shuffle a player's deck (yours by default)"
    example: ClassVar = "shuffle"
    obj: ClassVar = "optional"

    def render(self, step: "Step", r: Any) -> str:
        return f"{r.sel(step.obj)} shuffles their deck" if step.obj is not None else "shuffle your deck"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in (players_in(ctx.select(step.obj)) if step.obj is not None else [ctx.controller]):
            shuffle_deck(ctx.game, p, ctx.card().name)


class Move(IvionVerb):
    """``move you up to N tiles``: a card lets a hero move.  Unlike travel this is a move
    (001 § Rules Reference > Additional Rules > Traveling, by contrast): one orthogonal step
    at a time, never into an enemy's tile, not while the hero can't move (slowed, unless a
    card says they can; a card's "can't move" beats everything), and each step fires
    "move" and "enter".  The card pays for it: the steps cost no actions."""
    help: ClassVar = "a player moves up to N tiles (a move, unlike travel)"
    example: ClassVar = "move you up to 2 tiles"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"upto"})

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.clause("upto")) if step.clause("upto") is not None else "1"
        return f"{r.sel(step.obj)} may move up to {n} tile{'s' if n != '1' else ''}"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        players = players_in(ctx.select(step.obj))
        if not players:
            return None
        p = players[0]
        limit = ctx.value(step.clause("upto"), 1)
        if len(choices) >= limit or (choices and choices[-1] == "stop") or not can_move(ctx.game, p):
            return None
        here = ctx.game.state.players[p].position
        for t in choices:
            here = t
        tiles = [t for t in board.neighbours(here)
                 if not any(ctx.game.state.players[o].team != ctx.game.state.players[p].team
                            for o in occupant(ctx.game, t))]
        opts = [Action("tile", (t,), f"move to {t}") for t in tiles]
        opts.append(Action("tile", ("stop",), "stop moving"))
        return Decision(p, "move", f"{ctx.card().name}: move where?", opts)

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        players = players_in(ctx.select(step.obj))
        if not players:
            return
        p = players[0]
        for t in choices:
            if t == "stop" or not can_move(ctx.game, p):
                break
            enter_tile(ctx.game, p, t, ctx.card().name, moved=True, by=ctx.controller)


class EndTurn(IvionVerb):
    """``end_turn [SELECTOR]``: end your turn (or theirs, if it is their turn): the card
    and the rest of the resolution finish first, then the only thing that player may do
    in their Main is end the turn (tsv reminders: Rest, King's Feast, Make Your Peace;
    IV-TURN-8).  A player whose turn it is not has no turn to end."""
    help: ClassVar = "end your turn now (or theirs, if it is their turn)"
    example: ClassVar = "end_turn"
    obj: ClassVar = "optional"

    def render(self, step: "Step", r: Any) -> str:
        return f"end {r.sel(step.obj)}'s turn" if step.obj is not None else "end your turn"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        for p in (players_in(ctx.select(step.obj)) if step.obj is not None else [ctx.controller]):
            if p == game.state.active:
                game.state.players[p].flags["must_end_turn"] = True
                game.log("end turn", f"{game.state.players[p].name} must end the turn once the cards resolve",
                         ctx.card().name, p)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("end_turn")(EndTurn)
    vocab.verb("gain_relic")(GainRelic)
    vocab.verb("become_chivalrous")(BecomeChivalrous)
    vocab.verb("shuffle")(Shuffle)
    vocab.verb("move")(Move)
