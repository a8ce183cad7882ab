"""A player a card remembers, and charges paid as though they were actions (Nemesis).

Nemesis (tsv, Trait Pack 2; docs/ivion/choices.md "Nemesis"): its owner names one opponent
as their Nemesis, may spend the card's charges in place of actions on cards that target
that opponent, and the card gains a charge at the start of the owner's turn while that
opponent has more HP.  No rulebook speaks of either piece, so each is one small general
piece of the language:

* ``remember SELECTOR``: the controller picks one of the players it names (nothing to ask
  when there is one) and the card keeps that player for as long as it stays in play (its
  ``remembered`` counter; a card leaving play forgets, as it loses its Duration).  On that
  card "they"/"them" then name that player (``targeting.resolve_ref``).  Until a card with
  such a step has chosen, the only living opponent is its choice when there is one: a
  question with one answer needs no asking (a scenario or the REPL may put it in play
  after the opening draw, where Nemesis chooses).
* ``static charges_as_actions`` (on a charged card): its controller may expend that card's
  charges as though they were actions to play cards targeting the player it remembers.

Targets are chosen before the cost is paid (001 § Core Concepts > Playing Cards 1-2), so
a card its hero can't afford with actions alone must still be offered whenever the charges
make up the actions it lacks and it could target that player (``can_cover``, asked by the
listing's ``PlayCheck`` only while such a card is in play with a charge on it); such a play
must then choose that player (``covering``), and its cost step offers each way of
mixing charges and actions (``offer_charges``).  A charge is not a resource (IV-RES-1,
G-20): it removes no Control and a meta-counter does not refund it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.effects import CardDef, Step
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.state import Action, Decision

from . import costs
from .charges import charged, charges_left, expend
from .nouns import PLAYER_NOUNS
from .players import player_ref
from .remembered import KEY, remembered
from .targeting import spec_options
from .verbs_base import IvionVerb

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary

RULE: Final = "charges_as_actions"


def spares(game: "Game", player: int) -> list[tuple[str, str, int]]:
    """(card id, the remembered player's reference, charges left) for each of ``player``'s
    cards whose charges may stand in for actions now ([] when none has a charge)."""
    out = []
    for cid, _ in game.statics(RULE):
        if game.state.cards[cid].controller != player or not charged(game, cid):
            continue
        n = charges_left(game, cid)
        who = remembered(game, cid)
        if n > 0 and who is not None:
            out.append((cid, player_ref(who), n))
    return out


def can_target(game: "Game", player: int, cid: str, cdef: CardDef, ref: str) -> bool:
    """Whether the card could be played with ``ref`` among its targets: in some mode every
    required target has a choice and one of that mode's targets may be ``ref``."""
    ctx = Ctx(game, None, src=cid, ctl=player, item="", bind={}, targets=[])
    rng = cdef.header.range
    for mode in (range(cdef.modes) if cdef.modes else (-1,)):
        specs = [s for s in cdef.targets if s.mode in (-1, mode)]
        options = [spec_options(game, ctx, s, rng) for s in specs]
        if any(not s.upto and len(o) < s.count for s, o in zip(specs, options)):
            continue
        if any(ref in o for o in options):
            return True
    return False


def _short(game: "Game", player: int, cdef: CardDef, less: int, n: int) -> bool:
    """Whether some cost of the card leaves the hero short of actions only, by at most
    ``n`` (the charges that may stand in for them)."""
    stats = game.state.players[player].stats
    actions, power = stats.get("actions", 0), stats.get("power", 0)
    return any(o["power"] <= power and o["actions"] - actions <= n for o in costs.options(game, player, cdef, less))


def can_cover(game: "Game", player: int, cid: str, cdef: CardDef, helpers: list[tuple[str, str, int]]) -> bool:
    """Whether charges make a card the hero can't afford playable: they cover the actions
    it lacks and it can target the player whose card lends them."""
    return any(_short(game, player, cdef, 0, n) and can_target(game, player, cid, cdef, ref)
               for _, ref, n in helpers)


def covering(game: "Game", player: int, cdef: CardDef, less: int = 0, among: list[str] | None = None) -> list[str]:
    """For a card its hero can't afford with resources alone (``less``: a reduction of
    this play only): the remembered players whose cards' charges could pay the rest, of
    those in ``among`` when a card that plays it names whom it targets (Bullseye's "an
    enemy").  One of them must then be chosen as a target.  [] when the card is
    affordable, has no target, or no charge can pay for it."""
    if not cdef.targets or not game.any_static(RULE) or costs.affordable(game, player, cdef, less):
        return []
    refs = [ref for _, ref, n in spares(game, player) if _short(game, player, cdef, less, n)]
    return [r for r in refs if r in among] if among else refs


def offer_charges(game: "Game", d: dict, cdef: CardDef) -> bool:
    """The cost step of a play with a remembered player among its targets: each way of
    paying its cost with charges standing in for some of its actions, asked when there is
    more than one (True: the cost step is settled here)."""
    ctl = d["ctl"]
    chosen = {r for group in d.get("targets") or () for r in group}
    helper = next(((cid, n) for cid, ref, n in spares(game, ctl) if ref in chosen), None)
    if helper is None:
        return False
    cid, n = helper
    stats = game.state.players[ctl].stats
    actions, power = stats.get("actions", 0), stats.get("power", 0)
    ways: list[tuple[int, int, int]] = []
    for o in costs.options(game, ctl, cdef, d.get("less", 0)):
        for k in range(min(n, o["actions"]) + 1):
            way = (o["actions"] - k, o["power"], k)
            if way[0] <= actions and way[1] <= power and way not in ways:
                ways.append(way)
    if not ways:
        return False
    d["charge_card"] = cid
    if len(ways) == 1:
        a, p, k = ways[0]
        d["cost"], d["charges"] = {"actions": a, "power": p}, k
        return True
    name = game.name(cid)
    game.ask(ctl, "cost", f"{cdef.name}: how do you pay (a charge of {name} as an action)?",
             [Action("cost", way, "pay " + describe(way, name)) for way in ways])
    return True


def describe(way: tuple[int, int, int], name: str) -> str:
    a, p, k = way
    parts = [costs.describe({"actions": a, "power": p}) if a or p else "",
             f"{k} charge{'s' if k != 1 else ''} of {name}" if k else ""]
    return " + ".join(x for x in parts if x) or "nothing"


def pay_charges(game: "Game", d: dict, player: int) -> None:
    """Expend the charges chosen to stand in for actions (not resources: no Control comes
    off, IV-RES-1; not refunded, G-20)."""
    for _ in range(d.get("charges", 0)):
        expend(game, d["charge_card"], player)


def charges_short(game: "Game", d: dict) -> bool:
    """Whether the charges chosen at the cost step are no longer there to expend."""
    k = d.get("charges", 0)
    return bool(k) and (d.get("charge_card") not in game.state.cards or charges_left(game, d["charge_card"]) < k)


class Remember(IvionVerb):
    """``remember SELECTOR``: this card remembers one player the selector names, picked by
    its controller (see the module docstring)."""
    help: ClassVar = "this card remembers one player, whom later lines name 'they'"
    example: ClassVar = "remember target enemy"
    obj: ClassVar = "required"
    nouns: ClassVar = frozenset(PLAYER_NOUNS)
    remembers: ClassVar = True

    def render(self, step: Step, r: Any) -> str:
        return f"choose {r.sel(step.obj)}: this card remembers them"

    def needs(self, ctx: Ctx, step: Step, choices: list) -> Decision | None:
        return self.pick(ctx, step.obj, choices, 0, "which player does it remember?")[1]

    def run(self, ctx: Ctx, step: Step, choices: list) -> None:
        refs, _ = self.pick(ctx, step.obj, choices, 0, "which player does it remember?")
        players = [r for r in refs if r.startswith("player:")]
        card = ctx.game.state.cards.get(ctx.source)
        if not players or card is None:
            return
        card.counters[KEY] = int(players[0][7:])
        ctx.game.log("remember", f"{card.name} remembers {ctx.game.rules.describe_ref(ctx.game, players[0])}",
                     card.name, ctx.controller)


class ChargesAsActions:
    """``charges_as_actions``'s English (a card's text comes from its script)."""

    def render(self, node: Any, r: Any) -> str:
        return "you may expend a Charge as though it were an action to play cards targeting them"


def _more_hp(ctx: Ctx, ref: str) -> bool:
    """"they have more HP than you" (Nemesis)."""
    players = ctx.game.state.players
    return ref.startswith("player:") and players[int(ref[7:])].stats.get("hp", 0) > \
        players[ctx.controller].stats.get("hp", 0)


class Healthier:
    """The condition ``SUBJECT is healthier``: more HP than you."""
    text: ClassVar = "has more HP than you"

    def test(self, ctx: Ctx, cond: Any) -> bool:
        refs = ctx.select(cond.subject) if cond.subject is not None else []
        return bool(refs) and all(_more_hp(ctx, r) for r in refs)

    def render(self, c: Any, r: Any) -> str:
        subject = r.subject(c.subject) if c.subject is not None else "they"
        plural = subject in ("they", "you")
        if c.negated:
            return f"{subject} {'do' if plural else 'does'} not have more HP than you"
        return f"{subject} {'have' if plural else 'has'} more HP than you"


def register(vocab: "Vocabulary") -> None:
    vocab.verb("remember")(Remember)
    vocab.static(RULE)(ChargesAsActions())
    vocab.condition("healthier")(Healthier())
