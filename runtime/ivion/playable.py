"""Whether a card can be played now, and if not, why: one function serves both the
legal-action list and the explanations (``why``), so the two can't disagree.

Sources: 001 § Core Concepts > Playing Cards (choose, target within range, pay),
§ Control (banner), § Instants; 000 § Responding to Cards > Instants (only in response
during an enemy's turn); § Feat Resolution (once until your next turn);
rulings.md (a card with a range needs a valid target in range to be played at all).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.interpreter import Ctx

from .header import CONTROL_KINDS, IvionHeader
from .players import zone
from .targeting import targets_exist

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


def cost_of(game: "Game", cid: str, *, free: bool = False) -> dict[str, int]:
    if free:
        return {"actions": 0, "power": 0}
    h: IvionHeader = game.cdef(cid).header
    return {"actions": h.action_cost, "power": h.power_cost}


def banner_block(game: "Game", player: int, header: IvionHeader) -> str:
    """The Control kinds that stop this card for this player ('' if none)."""
    if header.heroic:
        return ""
    stats = game.state.players[player].stats
    hit = [k for k in CONTROL_KINDS if k in header.banner and stats.get(k, 0) > 0]
    return ", ".join(hit)


def target_plan_exists(game: "Game", player: int, cid: str,
                       card: CardDef | None = None) -> tuple[bool, str]:
    """Some mode with every required target available within range."""
    card = card if card is not None else game.cdef(cid)
    h: IvionHeader = card.header
    if not card.targets:
        return True, ""
    ctx = Ctx(game, None, src=cid, ctl=player, item="", bind={}, targets=[])
    modes = range(card.modes) if card.modes else [-1]
    for mode in modes:
        ok = True
        for spec in card.targets:
            if spec.mode not in (-1, mode) or spec.upto:
                continue
            if not targets_exist(game, ctx, spec, h.range):
                ok = False
                break
        if ok:
            return True, ""
    where = f" within range {h.range}" if h.range is not None else ""
    return False, f"it has no legal target{where}"


def why_cant_play(game: "Game", player: int, cid: str, *, response: bool = False,
                  free: bool = False, cantrip: bool = False) -> str:
    """'' if the card can be played now, else the reason in words.

    Checks run cheapest first: this is on the hot path of every legal-action listing."""
    state = game.state
    card = state.cards.get(cid)
    if card is None:
        return "there is no such card"
    cdef = game.cdef(cid)
    h: IvionHeader = cdef.header
    in_feats = card.zone == f"feats:{player}"
    if not in_feats and card.zone != f"hand:{player}":
        return f"it is not in your hand or feat zone (it is in {card.zone})"
    if response and not h.instant:
        return "only instants can be played in response (001 § Instants)"
    if "passive" in h.types:
        return "it is a passive feat: it works from the feat zone and is never played"
    if in_feats and state.used.get(f"feat:{cid}"):
        return "this feat was already played since the start of your last turn (001 § Feats)"
    if not response:
        if state.active != player:
            return "it is not your turn, and outside a response only the active player plays cards"
        if state.stack:
            return "cards are waiting to resolve"
    stats = state.players[player].stats
    if not h.heroic and h.banner:
        hit = [k for k in CONTROL_KINDS if k in h.banner and stats.get(k, 0) > 0]
        if hit:
            blocked = ", ".join(hit)
            return f"you are {blocked} and its Control banner has {blocked} (001 § Control)"
    if cantrip:
        if "cantrip" not in cdef.keywords:
            return "it has no cantrip"
        if stats.get("initiative", 0) < 1:
            return "cantrip needs an initiative token"
    elif not free:
        for stat, n in (("actions", h.action_cost), ("power", h.power_cost)):
            if n and stats.get(stat, 0) < n:
                return f"it costs {n} {stat.rstrip('s') if n == 1 else stat} and you have {stats.get(stat, 0)}"
    if cdef.targets:
        ok, why = target_plan_exists(game, player, cid, cdef)
        if not ok:
            return why
    if "once_per_game" in cdef.keywords and state.used.get(f"game:{cdef.name}:{player}"):
        return "it can be played once per game and was already played (IV-FEAT-6)"
    if "once_per_turn" in cdef.keywords and state.used.get(f"turn:card:{cdef.name}:{player}"):
        return "it can be played once per turn and was already played this turn (IV-FEAT-6)"
    return ""
