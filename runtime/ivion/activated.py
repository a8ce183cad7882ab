"""Activated abilities of feats: ``MAIN (COSTS): EFFECT``.

Some printed feats let their hero pay for an effect without playing the card (Divine
Aurora: an initiative spent for three charges on it).  No
rulebook speaks of this; the reading (docs/ivion/choices.md "Activated abilities of
feats") is: during your main phase, as one of its options (000 § Parts of a Turn > Main
Phase lists what a player may do "as many of each ... as you wish"), while the feat is in
your feat zone, as often as you can pay.  Using one is not playing a card: no banner
stops it, no response window opens, and it does not mark the feat as played (IV-FEAT-4).

Costs: ``N initiative`` (not a resource: removes no Control, IV-INIT-5), ``N action`` /
``N power`` (resources: spent, so Control comes off, 001 § Control > Removing Control),
``N charge`` (tokens on this feat, G-20).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.effects import Activated, CardDef
from cardsmith.runtime.core.interpreter import push_block
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.state import Action

from .charges import charged, charges_left, expend
from .resources import spend

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary

#: cost units an Ivion activation accepts, and the player stat each one reads
COST_STATS: Final = {"initiative": "initiative", "action": "actions", "actions": "actions",
                     "power": "power", "charge": "charge", "charges": "charge"}


class MainActivation:
    """The ability word ``MAIN``: used during your main phase (see the module docstring)."""
    text: ClassVar = "during your main phase"
    units: ClassVar = tuple(COST_STATS)
    needs_costs: ClassVar = True          # usable as often as paid for: a free one would never run out
    #: ``MAIN N (COSTS)``: at most N times a turn (Stormstruck: "Once per turn, you may
    #: expend [n] to ..."); without N, as often as paid for
    allows_amount: ClassVar = True

    def render(self, ab: Activated, r: Any) -> str:
        costs = [_cost_text(unit, n) for unit, n in ab.costs]
        body = r.nodes(ab.body)
        limit = {None: "", 1: "once per turn, ", 2: "twice per turn, "}.get(ab.amount, f"{ab.amount} times per turn, ")
        if not costs:
            return f"{limit}during your main phase, you may {body}"
        return f"{limit}during your main phase, you may {' and '.join(costs)} to {body}"


def _cost_text(unit: str, n: int) -> str:
    stat = COST_STATS.get(unit, unit)
    if stat == "initiative":
        return "expend an Initiative" if n == 1 else f"expend {n} Initiative"
    if stat == "charge":
        return "expend a Charge" if n == 1 else f"expend {n} Charges"
    return f"spend {n} {'action' if n == 1 and stat == 'actions' else stat}"


@per_definition
def activated(card: CardDef) -> tuple[int, ...]:
    """Indices of a card's ``MAIN`` abilities (empty for nearly every card)."""
    return tuple(i for i, ab in enumerate(card.abilities) if isinstance(ab, Activated) and ab.kind == "main")


def _affordable(game: "Game", player: int, cid: str, ab: Activated) -> bool:
    stats = game.state.players[player].stats
    for unit, n in ab.costs:
        stat = COST_STATS[unit]
        if stat == "charge":
            if not charged(game, cid) or charges_left(game, cid) < n:
                return False
        elif stats.get(stat, 0) < n:
            return False
    return True


def options(game: "Game", player: int, cid: str, indices: tuple[int, ...]) -> list[Action]:
    """The main-phase options a feat's ``MAIN`` abilities give now."""
    card = game.state.cards[cid]
    if card.zone != f"feats:{player}":
        return []
    abilities = game.cdef(cid).abilities
    out = []
    for i in indices:
        ab: Any = abilities[i]             # an Activated: info.activated lists only those
        if ab.amount is not None and game.state.used.get(_uses_key(cid, i), 0) >= ab.amount:
            continue
        if _affordable(game, player, cid, ab):
            costs = ", ".join(f"{n} {u}" for u, n in ab.costs)
            out.append(Action("activate", (cid, i), f"activate {card.name}" + (f" ({costs})" if costs else "")))
    return out


def _uses_key(cid: str, index: int) -> str:
    """The ``state.used`` mark counting this turn's uses (``turn:`` marks clear each turn)."""
    return f"turn:activated:{cid}:{index}"


def activate(game: "Game", player: int, cid: str, index: int) -> None:
    """Pay the ability's costs, then run its effect as a block."""
    ab = game.cdef(cid).abilities[index]
    if not isinstance(ab, Activated) or not _affordable(game, player, cid, ab):
        return
    name = game.name(cid)
    game.log("activate", f"{game.state.players[player].name} activates {name}", name, player)
    resources: dict[str, int] = {}
    for unit, n in ab.costs:
        stat = COST_STATS[unit]
        if stat == "charge":
            for _ in range(n):
                expend(game, cid, player)
        elif stat == "initiative":
            game.state.players[player].stats["initiative"] -= n
        else:
            resources[stat] = resources.get(stat, 0) + n
    if resources:
        spend(game, player, resources, name)
    if ab.amount is not None:
        key = _uses_key(cid, index)
        game.state.used[key] = game.state.used.get(key, 0) + 1
    push_block(game, cid, player, [index])


def register(vocab: "Vocabulary") -> None:
    vocab.activation("main")(MainActivation())
