"""Where a travel may not end: a tile with an opponent of the traveller in it.

001 § Rules Reference > Additional Rules > Occupied Tiles: "If a card allows you to choose
between multiple tiles to travel a player to, you cannot choose a tile with their opponent
in it"; 000 § Additional Rules > Traveling: "Traveling may only send players to tiles
without enemies in them" (IV-TRAV-3).  Every place a destination is offered asks here: the
tiles a travel step picks as it resolves (``verbs_board.Travel``) and a target tile that a
travel step sends a player to, offered when the card is played (``targeting.spec_options``:
"travel you to target tile").  A single tile fixed before the card resolves that an
opponent has entered since is not refused here: the card is meta-countered as it resolves
(the rule's other sentence).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from cardsmith.runtime.core.effects import CardDef, Sel, Step, TargetSpec, every_node
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.verbs import verb_of

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.state import Action
    from cardsmith.runtime.core.interpreter import Ctx


#: what one of a card's targets is to a travel step: its destination ("to"), or the player
#: it sends ("who"), with the step's traveller selector and its destination's target index
Role = tuple[str, Sel, int]


@per_definition
def travel_roles(card: CardDef) -> dict[int, tuple[Role, ...]]:
    """For each target spec (by identity: ``spec_options`` is handed the spec) that a
    travel step sends players to, or that names the player a step sends to a target tile,
    its roles.  A verb says which of its clauses is a destination (``IvionVerb.destination``),
    not its name.  The compiler numbers a step's ``to`` target before its object's, so
    "travel target enemy to target tile" asks for the tile first."""
    by_index: dict[int, tuple[Role, ...]] = {}
    for node in every_node(card.effect):
        if not isinstance(node, Step) or node.obj is None:
            continue
        prep = getattr(verb_of(card, node), "destination", "")
        where = node.clause(prep) if prep else None
        if not (isinstance(where, Sel) and where.mode == "target"):
            continue
        by_index[where.index] = by_index.get(where.index, ()) + (("to", node.obj, where.index),)
        if node.obj.mode == "target":
            k = node.obj.index
            by_index[k] = by_index.get(k, ()) + (("who", node.obj, where.index),)
    return {id(s): by_index[k] for k, s in enumerate(card.targets) if k in by_index}


def opponents_tiles(game: "Game", player: int) -> frozenset[str]:
    """The tiles of ``player``'s opponents, where ``player`` may not travel to."""
    team = game.state.players[player].team
    return frozenset(p.position for p in game.state.players
                     if p.team != team and p.position and not p.flags.get("defeated"))


def unfit(ctx: "Ctx", card: CardDef, roles: tuple[Role, ...],
          options_of: Callable[[TargetSpec], list[str]]) -> set[str]:
    """The choices a target with these roles may not take now.  A destination: the tiles
    of the travellers' opponents; travellers not chosen yet (a target asked after the
    tile) bar only the tiles none of their candidates (``options_of`` their spec) may go
    to.  A traveller whose destination is chosen: the players with an opponent there."""
    game = ctx.game
    players = game.state.players
    out: set[str] = set()
    for role, who, dest in roles:
        if role == "to":
            refs = ctx.targets(who.index) if who.mode == "target" else ctx.select(who)
            if who.mode == "target" and not refs:
                refs = options_of(card.targets[who.index])
            travellers = [int(r[7:]) for r in refs if r.startswith("player:")]
            if travellers:
                out |= {"tile:" + t for t in frozenset.intersection(*(opponents_tiles(game, p) for p in travellers))}
        else:
            there = [r[5:] for r in ctx.targets(dest) if r.startswith("tile:")]
            teams = {p.team for p in players if p.position in there}
            out |= {f"player:{p.index}" for p in players if any(t != p.team for t in teams)}
    return out


def why_not_there(game: "Game", action: "Action") -> str:
    """Why a tile named as a travel's destination is refused, when an opponent of the
    traveller is in it (the REPL and scenarios show it beside "not an option"); '' when the
    question is not a travel's destination or the tile is someone else's reason."""
    pending = game.state.pending
    if pending is None or pending.kind not in ("travel", "target") or not action.args:
        return ""
    tile = str(action.args[0]).removeprefix("tile:")
    heroes = [p.name for p in game.state.players if p.position == tile and tile]
    if not heroes:
        return ""
    if pending.kind == "target" and not _asks_destination(game):
        return ""
    return (f"{tile} can't be chosen: {' and '.join(heroes)} {'is' if len(heroes) == 1 else 'are'} in it, "
            "and no card may travel a player into a tile with their opponent in it "
            "(001 § Additional Rules > Occupied Tiles)")


def _asks_destination(game: "Game") -> bool:
    """Whether the play being made asks for a target that is a travel's destination: the
    first target of the card (of its mode) not yet chosen is one."""
    agenda = game.state.agenda
    if not agenda or agenda[-1].kind != "play":
        return False
    d = agenda[-1].data
    card, chosen = game.cdef(d["card"]), d.get("targets") or []
    roles = travel_roles(card)
    for k, spec in enumerate(card.targets):
        if spec.mode in (-1, d.get("mode", -1)) and k not in d.get("closed", ()) \
                and (k >= len(chosen) or len(chosen[k]) < spec.count):
            return any(role == "to" for role, _, _ in roles.get(id(spec), ()))
    return False
