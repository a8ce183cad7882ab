"""Rush of Ikorr's verbs, one small class each (004 § Glossary: Destroy, Discard, Heal,
Retreat, Sacrifice, Search, Secure, Store, Stun, Void; and the card texts of § Card Types)."""
from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, ClassVar, Final

from cardsmith.runtime.core.effects import Num
from cardsmith.runtime.core.state import Action, Decision

from . import battlefield as bf
from .players import draw, gain_influence
from .verbs_base import IkorrVerb, cards_in, players_in
from .zones import IkorrState, kind_of, on_battlefield, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


def _n(ctx: "Ctx", step: "Step", default: int = 1) -> int:
    return ctx.value(step.amount, default)


def _cause(ctx: "Ctx") -> str:
    return ctx.card().name


class Deal(IkorrVerb):
    """Nonstrike damage: 'deal N damage to X' (004 § Glossary: Nonstrike Damage)."""
    help: ClassVar = "deal nonstrike damage to a champion"
    example: ClassVar = "deal 1 damage to target champion"
    amount: ClassVar = "required"
    units: ClassVar = ("damage",)
    clauses: ClassVar = frozenset({"to"})
    required: ClassVar = frozenset({"to"})

    def render(self, step, r):
        return f"deal {r.expr(step.amount)} damage to {r.sel(step.clause('to'))}"

    def run(self, ctx, step, choices):
        for cid in cards_in(self.refs(ctx, step, choices)):
            bf.damage(ctx.game, cid, _n(ctx, step), _cause(ctx))
        bf.check_deaths(ctx.game, _cause(ctx))


class Heal(IkorrVerb):
    """Heal: remove damage counters from a champion."""
    help: ClassVar = "remove damage counters from a champion"
    example: ClassVar = "heal 2 damage from target champion"
    amount: ClassVar = "required"
    units: ClassVar = ("damage",)
    clauses: ClassVar = frozenset({"from"})
    required: ClassVar = frozenset({"from"})

    def render(self, step, r):
        return f"heal {r.expr(step.amount)} damage from {r.sel(step.clause('from'))}"

    def run(self, ctx, step, choices):
        for cid in cards_in(self.refs(ctx, step, choices)):
            if not bf.heal(ctx.game, cid, _n(ctx, step), _cause(ctx)) and choices:
                # a player chose it: say why nothing happened (an END heal of an unhurt
                # champion, chosen by nobody, says nothing)
                ctx.game.log("heal", f"{bf.who(ctx.game, cid)} has no damage to heal", _cause(ctx),
                             ctx.game.state.cards[cid].controller)


class Draw(IkorrVerb):
    help: ClassVar = "draw cards from your deck"
    example: ClassVar = "draw 1 card"
    amount: ClassVar = "required"
    units: ClassVar = ("card", "cards")
    clauses: ClassVar = frozenset({"to"})

    def render(self, step, r):
        n = r.expr(step.amount)
        what = "a card" if n == "1" else f"{n} cards"
        to = step.clause("to")
        return f"{r.sel(to)} draws {what}" if to is not None else f"draw {what}"

    def run(self, ctx, step, choices):
        for p in players_in(self.refs(ctx, step, choices, default_you=True)):
            draw(ctx.game, p, _n(ctx, step), _cause(ctx))


class Discard(IkorrVerb):
    """Discard: from hand to the graveyard (a champion discarded does not die)."""
    help: ClassVar = "discard cards from a hand to the graveyard"
    example: ClassVar = "discard 1 card"
    amount: ClassVar = "required"
    units: ClassVar = ("card", "cards")
    clauses: ClassVar = frozenset({"from", "random"})

    def render(self, step, r):
        n = r.expr(step.amount)
        what = "a card" if n == "1" else f"{n} cards"
        rnd = " at random" if step.has("random") else ""
        src = step.clause("from")
        if src is None:
            return f"discard {what}{rnd}"
        who = r.subject(src) if hasattr(r, "subject") else r.sel(src)
        return f"{who} {'discard' if who in ('they', 'you') else 'discards'} {what}{rnd}"

    @staticmethod
    def _head(step) -> int:
        """How many of the choices name the player (a 'from' chosen as the step runs)."""
        sel = step.clause("from")
        return 1 if sel is not None and sel.mode in ("any", "choose") else 0

    def needs(self, ctx, step, choices):
        need = super().needs(ctx, step, choices)
        if need is not None or step.has("random"):
            return need
        head = self._head(step)
        who = players_in(self.refs(ctx, step, choices[:head], default_you=True))
        if not who:
            return None
        hand = ctx.game.state.zones[zone("hand", who[0])]
        picked = choices[head:]
        left = [c for c in hand if c not in picked]
        if len(picked) >= _n(ctx, step) or len(left) <= _n(ctx, step) - len(picked):
            return None
        seen: dict[str, str] = {}
        for c in left:
            seen.setdefault(ctx.game.name(c), c)
        return Decision(who[0], "discard", f"{ctx.card().name}: discard a card",
                        [Action("choose", (c,), f"discard {n}") for n, c in seen.items()])

    def run(self, ctx, step, choices):
        game = ctx.game
        head = choices[:self._head(step)]
        who = players_in(self.refs(ctx, step, head, default_you=True))
        for p in who:
            hand = game.state.zones[zone("hand", p)]
            n = min(_n(ctx, step), len(hand))
            if step.has("random"):
                gone = []
                for _ in range(n):
                    pool = [c for c in hand if c not in gone]
                    gone.append(pool[game.random_below(len(pool))])
            else:
                gone = [c for c in choices[len(head):] if c in hand][:n]
                gone += [c for c in hand if c not in gone][:n - len(gone)]
            for c in gone:
                game.move_card(c, zone("graveyard", game.state.cards[c].owner))
                game.log("discard", f"{game.state.players[p].name} discards {game.name(c)}"
                         + (" at random" if step.has("random") else ""), _cause(ctx), p)


class Store(IkorrVerb):
    help: ClassVar = "store Ikorr on a champion or location"
    example: ClassVar = "store 1 ikorr on target champion"
    amount: ClassVar = "required"
    units: ClassVar = ("ikorr",)
    clauses: ClassVar = frozenset({"on"})
    required: ClassVar = frozenset({"on"})

    def render(self, step, r):
        amount = f"{r.expr(step.amount)} Ikorr" if isinstance(step.amount, Num) else r.expr(step.amount)
        return f"store {amount} on {r.sel(step.clause('on'))}"

    def run(self, ctx, step, choices):
        for cid in cards_in(self.refs(ctx, step, choices)):
            bf.store(ctx.game, cid, _n(ctx, step), _cause(ctx))


class Secure(IkorrVerb):
    """Secure: add Ikorr to your team's secured pile; 'from X' takes it from what X stores."""
    help: ClassVar = "add Ikorr to your team's secured pile (from what a champion stores)"
    example: ClassVar = "secure 1 ikorr"
    amount: ClassVar = "required"
    units: ClassVar = ("ikorr",)
    clauses: ClassVar = frozenset({"from"})

    def render(self, step, r):
        src = step.clause("from")
        return f"secure {r.expr(step.amount)} Ikorr" + (f" from {r.sel(src)}" if src is not None else "")

    def run(self, ctx, step, choices):
        game = ctx.game
        state: IkorrState = game.state
        team = state.players[ctx.controller].team
        n = _n(ctx, step)
        if step.clause("from") is None:
            bf.secure(game, team, n, _cause(ctx))
            return
        for cid in cards_in(self.refs(ctx, step, choices)):
            take = min(n, bf.counter(game, cid, "ikorr"))
            if take:
                bf.add_counter(game, cid, "ikorr", -take)
                bf.secure(game, team, take, f"{_cause(ctx)} (from {bf.who(game, cid)})")
            else:
                game.log("secure", f"{bf.who(game, cid)} holds no Ikorr to secure", _cause(ctx))


class Stun(IkorrVerb):
    """Stun: until the end of the next turn, can't attack, raid or secure Ikorr."""
    help: ClassVar = "until the end of the next turn, a champion can't attack, raid or secure"
    example: ClassVar = "stun target champion"
    obj: ClassVar = "required"

    def render(self, step, r):
        return f"stun {r.sel(step.obj)}"

    def run(self, ctx, step, choices):
        for cid in cards_in(self.refs(ctx, step, choices)):
            if on_battlefield(ctx.game, cid):
                ctx.game.state.cards[cid].counters["stun_until"] = ctx.game.state.turn + 1
                ctx.game.log("stun", f"{bf.who(ctx.game, cid)} is stunned until the end of the next turn",
                             _cause(ctx))


class _Leave(IkorrVerb):
    """Verbs that send a permanent from the battlefield somewhere."""
    obj: ClassVar = "required"
    word: ClassVar = ""
    text: ClassVar = ""

    def render(self, step, r):
        return f"{self.word} {r.sel(step.obj)}"

    def run(self, ctx, step, choices):
        for cid in cards_in(self.refs(ctx, step, choices)):
            if on_battlefield(ctx.game, cid):
                self.send(ctx, cid)

    def send(self, ctx, cid):
        raise NotImplementedError


class Destroy(_Leave):
    """Destroy: send to the graveyard; a champion dies."""
    help: ClassVar = "send a card to the graveyard (a champion dies)"
    example: ClassVar = "destroy target champion"
    word: ClassVar = "destroy"

    def send(self, ctx, cid):
        game = ctx.game
        if kind_of(game.state.cards[cid].zone) == "champions":
            bf.die(game, cid, _cause(ctx))
        else:
            game.log("destroy", f"{bf.who(game, cid)} is destroyed", _cause(ctx))
            bf.leave(game, cid, zone("graveyard", game.state.cards[cid].owner), _cause(ctx))


class Sacrifice(Destroy):
    """Sacrifice: send a permanent under your control to the graveyard."""
    help: ClassVar = "send a permanent you control to the graveyard"
    example: ClassVar = "sacrifice target champion"
    word: ClassVar = "sacrifice"

    def send(self, ctx, cid):
        if ctx.game.state.cards[cid].controller == ctx.controller:
            super().send(ctx, cid)


class Retreat(_Leave):
    """Retreat: return to its owner's hand from the battlefield."""
    help: ClassVar = "return a card from the battlefield to its owner's hand"
    example: ClassVar = "retreat target champion"
    word: ClassVar = "retreat"

    def send(self, ctx, cid):
        game = ctx.game
        game.log("retreat", f"{bf.who(game, cid)} retreats to its owner's hand", _cause(ctx))
        bf.leave(game, cid, zone("hand", game.state.cards[cid].owner), _cause(ctx))


class Void(_Leave):
    """Void: send the card to the void."""
    help: ClassVar = "send a card to the void (out of the game)"
    example: ClassVar = "void target champion"
    word: ClassVar = "void"

    def send(self, ctx, cid):
        game = ctx.game
        game.log("void", f"{bf.who(game, cid)} is voided", _cause(ctx))
        bf.leave(game, cid, zone("void", game.state.cards[cid].owner), _cause(ctx), keep=False)


class Search(IkorrVerb):
    """Search your deck for a card of a kind, show it, put it in your hand, shuffle."""
    help: ClassVar = "search your deck for a card of a kind, show it, take it, shuffle"
    example: ClassVar = "search a champion"
    obj: ClassVar = "required"
    nouns: ClassVar = frozenset({"champion", "location", "spell", "card"})

    def render(self, step, r):
        noun = step.obj.noun
        return f"search your deck for {'an' if noun[0] in 'aeiou' else 'a'} {noun}, show it, put it into your hand, then shuffle your deck"

    def _found(self, ctx, step):
        game = ctx.game
        deck = game.state.zones[zone("deck", ctx.controller)]
        noun = step.obj.noun
        return [c for c in deck if noun == "card" or game.cdef(c).header.kind == noun]

    def needs(self, ctx, step, choices):
        if choices:
            return None
        found = self._found(ctx, step)
        seen: dict[str, str] = {}
        for c in found:
            seen.setdefault(ctx.game.name(c), c)
        if len(seen) <= 1:
            choices.append(found[0] if found else "")
            return None
        return Decision(ctx.controller, "choose", f"{ctx.card().name}: search for which card?",
                        [Action("choose", (c,), n) for n, c in seen.items()])

    def run(self, ctx, step, choices):
        game = ctx.game
        me = ctx.controller
        cid = choices[0] if choices else ""
        if cid:
            game.move_card(cid, zone("hand", me))
            game.log("search", f"{game.state.players[me].name} searches and shows {game.name(cid)}", _cause(ctx), me)
        else:
            game.log("search", f"{game.state.players[me].name} searches and finds nothing", _cause(ctx), me)
        game.shuffle(zone("deck", me))


class GainInfluence(IkorrVerb):
    help: ClassVar = "gain influence for this turn"
    example: ClassVar = "gain 1 influence"
    amount: ClassVar = "required"
    units: ClassVar = ("influence",)

    def render(self, step, r):
        return f"gain {r.expr(step.amount)} influence"

    def run(self, ctx, step, choices):
        gain_influence(ctx.game, ctx.controller, _n(ctx, step), _cause(ctx))


class Refresh(IkorrVerb):
    """Refresh influence: turn exerted influence back up."""
    help: ClassVar = "turn exerted influence back up"
    example: ClassVar = "refresh 1 influence"
    amount: ClassVar = "required"
    units: ClassVar = ("influence",)

    def render(self, step, r):
        return f"refresh {r.expr(step.amount)} influence"

    def run(self, ctx, step, choices):
        p = ctx.game.state.players[ctx.controller]
        back = min(p.stats.get("exerted", 0), _n(ctx, step))
        p.stats["exerted"] = p.stats.get("exerted", 0) - back
        ctx.game.log("influence", f"{p.name} refreshes {back} influence", _cause(ctx), p.index)


class Arrange(IkorrVerb):
    """Look at the top N cards of your deck, then put them back in any order."""
    help: ClassVar = "look at the top cards of your deck, then put them back in any order"
    example: ClassVar = "arrange 3 cards"
    amount: ClassVar = "required"
    units: ClassVar = ("card", "cards")

    def render(self, step, r):
        return f"look at the top {r.expr(step.amount)} cards of your deck, then put them back in any order"

    def needs(self, ctx, step, choices):
        if choices:
            return None
        game = ctx.game
        top = game.state.zones[zone("deck", ctx.controller)][:_n(ctx, step)]
        orders: dict[str, tuple] = {}
        for perm in permutations(top):
            orders.setdefault(", ".join(game.name(c) for c in perm), perm)
        if len(orders) <= 1:
            choices.append(list(top))
            return None
        return Decision(ctx.controller, "arrange", f"{ctx.card().name}: order the top of your deck (first listed on top)",
                        [Action("order", perm, f"top: {label}") for label, perm in orders.items()])

    def run(self, ctx, step, choices):
        game = ctx.game
        order = list(choices[0]) if choices else []
        deck = game.state.zones[zone("deck", ctx.controller)]
        for cid in reversed(order):
            if cid in deck:
                game.move_card(cid, zone("deck", ctx.controller), 0)
        game.log("arrange", f"{game.state.players[ctx.controller].name} looks at the top {len(order)} cards "
                 "and puts them back", _cause(ctx), ctx.controller)


class Shuffle(IkorrVerb):
    help: ClassVar = "shuffle your deck"
    example: ClassVar = "shuffle"
    def render(self, step, r):
        return "shuffle your deck"

    def run(self, ctx, step, choices):
        ctx.game.shuffle(zone("deck", ctx.controller))
        ctx.game.log("shuffle", f"{ctx.game.state.players[ctx.controller].name} shuffles their deck", _cause(ctx))


class ReturnNextSpell(IkorrVerb):
    """Ix Chel's avatar power: the next spell you cast this turn returns to your hand."""
    help: ClassVar = "the next spell you cast this turn returns to your hand"
    example: ClassVar = "return_next_spell"
    def render(self, step, r):
        return ("the next time you cast a spell this turn, add it to your hand after it resolves "
                "instead of placing it in the graveyard")

    def run(self, ctx, step, choices):
        ctx.game.state.players[ctx.controller].flags["spell_returns"] = ctx.game.state.turn


class Discount(IkorrVerb):
    """Until the end of this turn, allied spells cost N less to play."""
    help: ClassVar = "until the end of the turn, allied spells cost less to play"
    example: ClassVar = "discount 1 influence"
    amount: ClassVar = "required"
    units: ClassVar = ("influence",)

    def render(self, step, r):
        return f"until the end of this turn, allied spells cost {r.expr(step.amount)} less to play"

    def run(self, ctx, step, choices):
        state = ctx.game.state
        team = state.players[ctx.controller].team
        for p in state.players:
            if p.team == team:
                p.flags["spell_discount"] = p.flags.get("spell_discount", 0) + _n(ctx, step)
        ctx.game.log("discount", f"allied spells cost {_n(ctx, step)} less this turn", _cause(ctx))


VERBS: Final = {
    "deal": Deal, "heal": Heal, "draw": Draw, "discard": Discard, "store": Store, "secure": Secure,
    "stun": Stun, "destroy": Destroy, "sacrifice": Sacrifice, "retreat": Retreat, "void": Void,
    "search": Search, "gain": GainInfluence, "refresh": Refresh, "arrange": Arrange,
    "shuffle": Shuffle, "return_next_spell": ReturnNextSpell, "discount": Discount,
}


def register(vocab: "Vocabulary") -> None:
    for name, cls in VERBS.items():
        vocab.verb(name)(cls)
