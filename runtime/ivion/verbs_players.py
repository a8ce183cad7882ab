"""Verbs that change players: damage, healing, resources, Control, stun, cards in hand, a
deck shuffled, a turn ended."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.state import Action, Decision

from .hardcast import reveal
from .header import CONTROL_KINDS
from .hp import damage, heal, settle_hp
from .leave_play import send_home
from .places import tile_of
from .play_grants import BONUS, bonus_for
from .players import player_ref, zone
from .poison import shed_cured
from .resources import NO_INITIATIVE, apply_control, gain, lose
from .verbs_base import IvionVerb, players_in
from .zones import draw, shuffle_deck

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

STAT_OF_UNIT: Final = {"action": "actions", "actions": "actions", "power": "power",
                       "initiative": "initiative", "mitigate": "mitigate",
                       "poison": "poison", "luck": "luck"}     # G-21 tokens: plain counters here


class Deal(IvionVerb):
    help: ClassVar = "deal damage to a player or character (mitigate absorbs it first)"
    example: ClassVar = "deal 4 damage to target enemy"
    amount: ClassVar = "required"
    units: ClassVar = ("damage",)
    clauses: ClassVar = frozenset({"to"})
    required: ClassVar = frozenset({"to"})

    def render(self, step: "Step", r: Any) -> str:
        more = " more" if step.more else ""
        return f"deal {r.expr(step.amount)}{more} damage to {r.sel(step.clause('to'))}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        n = ctx.value(step.amount)
        targets = players_in(ctx.select(step.clause("to")))
        # a card played with more damage (Bullseye): N more to the enemy it was played at, once
        more, extra = bonus_for(ctx, targets) if BONUS in ctx.data["bind"] else (-1, 0)
        # One step is one event: every hero it hits is damaged, then all are checked
        # together, so two heroes at 0 at once are decided by ``both_at_zero`` (G-22).
        together = len(targets) > 1 and ctx.game.state.options.get("both_at_zero", "draw") != "sequential"
        for p in targets:
            damage(ctx.game, ctx.controller, p, n + extra if p == more else n, ctx.card().name,
                   settle=not together)
        if together:
            settle_hp(ctx.game, targets, ctx.card().name)


class Heal(IvionVerb):
    help: ClassVar = "restore HP, never above the maximum"
    example: ClassVar = "heal 3 hp"
    amount: ClassVar = "required"
    units: ClassVar = ("hp",)
    clauses: ClassVar = frozenset({"to"})

    def render(self, step: "Step", r: Any) -> str:
        who = r.sel(step.clause("to")) if step.clause("to") else "yourself"
        return f"heal {who} {r.expr(step.amount)} HP"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in self.who(ctx, step):
            heal(ctx.game, p, ctx.value(step.amount), ctx.card().name)


class Gain(IvionVerb):
    """``gain N power`` (you), ``give N mitigate to target player``."""
    help: ClassVar = "{verb} resources or tokens: you, or the player named with 'to'"
    example: ClassVar = "{verb} 1 power"
    amount: ClassVar = "required"
    units: ClassVar = tuple(STAT_OF_UNIT)
    clauses: ClassVar = frozenset({"to"})

    def render(self, step: "Step", r: Any) -> str:
        to = step.clause("to")
        more = " more" if step.more else ""
        if to is not None:
            return f"{r.subject(to)} {r.agree(to, 'gain')} {r.expr(step.amount)}{more} {step.unit}"
        return f"gain {r.expr(step.amount)}{more} {step.unit}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in self.who(ctx, step):
            gain(ctx.game, p, STAT_OF_UNIT[step.unit], ctx.value(step.amount), ctx.card().name)


class GainPastMax(Gain):
    """``give_past_max 6 mitigate to target player`` (or ``gain_past_max``): as ``gain`` /
    ``give``, but the cap does not stop it (tsv Shield Wall; IV-RES-4: a card may exceed a
    cap).  What is over the cap stays until it is spent or lapses."""
    help: ClassVar = "{verb} resources or tokens past their cap (the Rule of Five)"
    example: ClassVar = "{verb} 6 mitigate to target player"

    def render(self, step: "Step", r: Any) -> str:
        return super().render(step, r) + f"; this can exceed the max {step.unit}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in self.who(ctx, step):
            gain(ctx.game, p, STAT_OF_UNIT[step.unit], ctx.value(step.amount), ctx.card().name, exceed=True)


class Lose(IvionVerb):
    help: ClassVar = "a player loses resources or tokens (yours by default)"
    example: ClassVar = "lose 1 power"
    amount: ClassVar = "required"
    units: ClassVar = tuple(STAT_OF_UNIT)
    obj: ClassVar = "optional"

    def render(self, step: "Step", r: Any) -> str:
        who = f"{r.sel(step.obj)} loses" if step.obj is not None else "lose"
        return f"{who} {r.expr(step.amount)} {step.unit}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in self.who(ctx, step):
            lose(ctx.game, p, STAT_OF_UNIT[step.unit], ctx.value(step.amount), ctx.card().name)
        if step.unit == "poison":
            shed_cured(ctx.game)      # "until they have no Poison" (G-5, G-21)


class ApplyControl(IvionVerb):
    """``slow 2 them``: one class serves slow, silence and disarm."""
    help: ClassVar = "give a player {verb} Control tokens"
    example: ClassVar = "{verb} 1 target enemy"
    amount: ClassVar = "required"
    obj: ClassVar = "required"
    max_amount: ClassVar = 5

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def render(self, step: "Step", r: Any) -> str:
        return f"{self.kind.capitalize()} {r.expr(step.amount)} {r.sel(step.obj)}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in players_in(ctx.select(step.obj)):
            apply_control(ctx.game, ctx.controller, p, self.kind, ctx.value(step.amount), ctx.card().name)


class RemoveControl(IvionVerb):
    """``remove 2 control from you``: the affected player picks which (001 § Control).
    ``remove terrain at target tile in terrain``: the terrain token there goes (tsv
    Explode, King's Feast; IV-TERR-5); ``remove difficult terrain at ...`` only that kind."""
    help: ClassVar = "remove Control from a player (they pick which), or terrain from a tile"
    example: ClassVar = "remove 2 control from you"
    amount: ClassVar = "optional"
    units: ClassVar = ("control", "terrain", "difficult terrain", "enchanted terrain")
    clauses: ClassVar = frozenset({"from", "at"})

    def check(self, step: "Step") -> list[str]:
        problems = super().check(step)
        if step.unit == "control":
            if step.amount is None:
                problems.append("'remove' needs a number of control")
            if step.has("at"):
                problems.append("'remove N control' takes 'from', not 'at'")
        elif step.unit:
            if step.amount is not None:
                problems.append("'remove terrain' takes no number")
            if not step.has("at") or step.has("from"):
                problems.append("'remove terrain' needs an 'at' clause (the tile)")
        return problems

    def render(self, step: "Step", r: Any) -> str:
        if step.unit != "control":
            return f"remove the {step.unit.title()} at {r.sel(step.clause('at'))}"
        who = r.sel(step.clause("from")) if step.clause("from") else "yourself"
        amount = step.amount
        if getattr(amount, "what", "") == "control" and getattr(amount, "of", None) == step.clause("from"):
            # '(control of X) control from X': all of it (Shatter)
            return f"remove all Control from {who}"
        return f"remove {r.expr(step.amount)} Control from {who}"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        if step.unit == "control":
            return None
        return self.pick(ctx, step.clause("at"), choices, 0, "choose a tile")[1]

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        if step.unit != "control":
            which = {"difficult terrain": "difficult", "enchanted terrain": "enchanted"}.get(step.unit, "")
            refs, _ = self.pick(ctx, step.clause("at"), choices, 0, "choose a tile")
            for t in (tile_of(ctx.game, r) for r in refs):
                space = ctx.game.state.board.spaces[t] if t else None
                if space is not None and space.terrain and (not which or space.terrain == which):
                    ctx.game.log("terrain", f"the {space.terrain} terrain on {t} is removed", ctx.card().name, ctx.controller)
                    space.terrain = ""
            return
        sel = step.clause("from")
        targets = players_in(ctx.select(sel)) if sel is not None else [ctx.controller]
        for p in targets:
            ctx.game.push("remove_control", player=p, n=ctx.value(step.amount), cause=ctx.card().name)


class Stun(IvionVerb):
    """The target loses a resource of their choice; lost, not spent (001 § Glossary: Stun)."""
    help: ClassVar = "the player loses a resource of their choice"
    example: ClassVar = "stun target enemy"
    obj: ClassVar = "required"

    def render(self, step: "Step", r: Any) -> str:
        return f"Stun {r.sel(step.obj)}"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        players = players_in(ctx.select(step.obj))
        if len(choices) >= len(players):
            return None
        p = players[len(choices)]
        stats = ctx.game.state.players[p].stats
        have = [s for s in ("actions", "power") if stats.get(s, 0) > 0]
        if len(have) <= 1:
            choices.append(have[0] if have else "")
            return self.needs(ctx, step, choices)
        return Decision(p, "stun", f"{ctx.game.state.players[p].name} is stunned: lose which resource?",
                        [Action("lose", (s,), f"lose 1 {s.rstrip('s')}") for s in have])

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p, stat in zip(players_in(ctx.select(step.obj)), choices):
            if stat:
                lose(ctx.game, p, stat, 1, f"{ctx.card().name} (stun)")
            ctx.game.log("stun", f"{ctx.game.state.players[p].name} is stunned", ctx.card().name, p)
            ctx.game.emit("stun", who=ctx.controller, target=p, bind={"them": player_ref(p)})


class DenyInitiative(IvionVerb):
    """``deny_initiative SELECTOR``: their next turn starts without its initiative (Elfshot;
    000 § Parts of a Turn > Start of Turn 3).  A mark on the player that their next turn's
    start spends instead of the gain (turn.py); a second mark before then adds nothing
    (choices.md § The Fletcher's ...)."""
    help: ClassVar = "the player's next turn starts without its initiative token"
    example: ClassVar = "deny_initiative target opponent"
    help = "deny_initiative SELECTOR"
    obj = "required"

    def render(self, step: "Step", r: Any) -> str:
        who = r.subject(step.obj)
        return f"{who} gain{'' if who in ('they', 'you') else 's'} no initiative when their next turn starts"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in players_in(ctx.select(step.obj)):
            player = ctx.game.state.players[p]
            player.flags[NO_INITIATIVE] = ctx.card().name
            ctx.game.log("initiative", f"{player.name} will gain no initiative when their next turn starts",
                         ctx.card().name, p)


class Draw(IvionVerb):
    help: ClassVar = "draw cards from your deck (or a player's, with 'to')"
    example: ClassVar = "draw 2 cards"
    amount: ClassVar = "optional"
    units: ClassVar = ("card", "cards", "")
    clauses: ClassVar = frozenset({"to"})

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount) if step.amount is not None else "1"
        noun = "a card" if n == "1" else f"{n} cards"
        to = step.clause("to")
        return f"{r.subject(to)} {r.agree(to, 'draw')} {noun}" if to is not None else f"draw {noun}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in self.who(ctx, step):
            draw(ctx.game, p, ctx.value(step.amount, 1), ctx.card().name)


class _FromHand(IvionVerb):
    """Shared by discard and reveal: the player picks cards from their hand."""
    amount: ClassVar = "optional"
    units: ClassVar = ("card", "cards", "")
    obj: ClassVar = "optional"
    word: ClassVar = ""

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount) if step.amount is not None else "1"
        who = f"{r.subject(step.obj)} " if step.obj is not None else ""
        return f"{who}{r.agree(step.obj, self.word)} {'a card' if n == '1' else n + ' cards'}"

    def _player(self, ctx: "Ctx", step: "Step") -> int:
        return (players_in(ctx.select(step.obj)) or [ctx.controller])[0]

    def eligible(self, ctx: "Ctx", player: int, chosen: list) -> list[str]:
        return [c for c in ctx.game.state.zones[zone("hand", player)] if c not in chosen]

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        p = self._player(ctx, step)
        n = ctx.value(step.amount, 1)
        pool = self.eligible(ctx, p, choices)
        if len(choices) >= n or not pool:
            return None
        if len(pool) == 1:
            choices.append(pool[0])
            return self.needs(ctx, step, choices)
        return Decision(p, self.word, f"{ctx.card().name}: {self.word} a card",
                        [Action(self.word, (c,), f"{self.word} {ctx.game.name(c)}") for c in pool])


class Discard(_FromHand):
    help: ClassVar = "discard cards from your hand (you choose which)"
    example: ClassVar = "discard 1 card"
    word: ClassVar = "discard"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for c in choices:
            ctx.game.log("discard", f"{ctx.game.state.players[ctx.game.card(c).owner].name} discards {ctx.game.name(c)}",
                         ctx.card().name)
            send_home(ctx.game, c)


class Reveal(_FromHand):
    help: ClassVar = "reveal cards from your hand"
    example: ClassVar = "reveal 1 card"
    word: ClassVar = "reveal"

    def eligible(self, ctx: "Ctx", player: int, chosen: list) -> list[str]:
        # super() outside the comprehension: inside one, a Cython-compiled build raises
        # (cython/cython#1828), and ``cardsmith compile`` would leave this module pure
        cards = super().eligible(ctx, player, chosen)
        return [c for c in cards if not ctx.game.card(c).revealed]

    @staticmethod
    def _named(ctx: "Ctx", step: "Step") -> list[str] | None:
        """``reveal this card`` (Bellow): the cards named, if the object is cards."""
        if step.obj is None or step.obj.noun not in ("this", "it"):
            return None
        return [c for c in ctx.select(step.obj) if c in ctx.game.state.cards]

    def render(self, step: "Step", r: Any) -> str:
        if step.obj is not None and step.obj.noun in ("this", "it"):
            return f"reveal {r.sel(step.obj)}"
        return super().render(step, r)

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        return None if self._named(ctx, step) is not None else super().needs(ctx, step, choices)

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        named = self._named(ctx, step)
        if named is not None:
            for c in named:
                card = ctx.game.card(c)
                if not card.revealed and card.zone == zone("hand", card.owner):
                    reveal(ctx.game, card.owner, c, ctx.card().name)
            return
        for c in choices:
            # the same reveal as Hardcast's end-of-turn one: "after you reveal" sees both (Looming)
            reveal(ctx.game, self._player(ctx, step), c, ctx.card().name)


class Shuffle(IvionVerb):
    """``shuffle [SELECTOR]``: shuffle a player's deck (yours by default); revealed cards
    in it stop being revealed (001 § Additional Rules > Revealing Cards; IV-ZONE-4)."""
    help: ClassVar = "shuffle a player's deck (yours by default)"
    example: ClassVar = "shuffle"
    obj: ClassVar = "optional"

    def render(self, step: "Step", r: Any) -> str:
        return f"{r.sel(step.obj)} shuffles their deck" if step.obj is not None else "shuffle your deck"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for p in self.who(ctx, step):
            shuffle_deck(ctx.game, p, ctx.card().name)


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
        for p in self.who(ctx, step):
            if p == game.state.active:
                game.state.players[p].flags["must_end_turn"] = True
                game.log("end turn", f"{game.state.players[p].name} must end the turn once the cards resolve",
                         ctx.card().name, p)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("deal")(Deal)
    vocab.verb("heal")(Heal)
    vocab.verb("gain")(Gain)
    vocab.verb("give")(Gain)
    vocab.verb("gain_past_max", "give_past_max")(GainPastMax)
    vocab.verb("lose")(Lose)
    for kind in CONTROL_KINDS:
        vocab.verb(kind)(ApplyControl(kind))
    vocab.verb("remove")(RemoveControl)
    vocab.verb("stun")(Stun)
    vocab.verb("deny_initiative")(DenyInitiative)
    vocab.verb("draw")(Draw)
    vocab.verb("discard")(Discard)
    vocab.verb("reveal")(Reveal)
    vocab.verb("shuffle")(Shuffle)
    vocab.verb("end_turn")(EndTurn)
