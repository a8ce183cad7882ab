"""Who can be chosen: a noun's candidates, range, targets, reference words, selectors.

Range is the grid distance from the card's controller (001 § Resources > Range); range 0
means the controller's own tile.  Where a reference is (its tile) is ``places``.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterable

from cardsmith.runtime.core.effects import CardDef, Sel, Step, TargetSpec, every_node
from cardsmith.runtime.core.keywords import diagonal_step, exact_range
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.teams import on_side
from cardsmith.runtime.core.verbs import verb_of
from cardsmith.runtime.core.words import passes

from . import board
from .destinations import travel_roles, unfit
from .nouns import CARD_NOUNS, PLAYER_NOUNS, TILE_NOUNS, TILE_REFS
from .permissions import TARGETED, applying
from .places import kind, tile_of
from .players import player_ref
from .range_rules import effective_range, extra_origins, projects
from .remembered import remembered

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx


def candidates(game: "Game", ctl: int, noun: str, source: str = "") -> list[str]:
    """Every reference a noun can name, before filters and range."""
    if noun in PLAYER_NOUNS:
        state, side = game.state, PLAYER_NOUNS[noun]
        return [player_ref(p.index) for p in state.players
                if not p.flags.get("defeated") and p.position and on_side(state, ctl, side, p.index)]
    if noun in TILE_NOUNS:
        if TILE_NOUNS[noun]:
            # ``is_empty`` for every tile, with the heroes' tiles gathered in one pass
            taken = {p.position for p in game.state.players}
            spaces = game.state.board.spaces
            return ["tile:" + t for t in board.TILES if t not in taken and not spaces[t].cards]
        return list(TILE_REFS)
    if noun in CARD_NOUNS:
        out = list(game.state.zones.get("field", ()))
        if not CARD_NOUNS[noun]:
            out = [it.card for it in game.state.stack if it.fate == "pending" and it.card != source] + out
        if noun.startswith("attack"):
            # "target attack card" names only attacks (000 § Parts of a Card > Card Types; IV-PLAY-10)
            out = [cid for cid in out if "attack" in game.cdef(cid).header.types]
        return out
    return []


def in_range(game: "Game", ctl: int, ref: str, rng: int | None, reach: bool = False, src: str = "",
             also: str = "") -> bool:
    """Within ``rng`` of the controller's tile; ``reach``: one diagonal step counts as 1.
    ``src`` is the card whose range it is (a ``range_from`` may leave it out); ``also`` a
    tile this one play also draws range from (Arcane Lock: "drawing range from the tile it
    was in")."""
    if rng is None:
        return True
    return reaches(game, ctl, tile_of(game, ref), effective_range(game, ctl, rng), reach, src, also)


def reaches(game: "Game", ctl: int, there: str, rng: int, reach: bool = False, src: str = "",
            also: str = "") -> bool:
    """``in_range`` once the tile and the range after ``effective_range`` are known: one
    card's range is the same for all its candidates, so ``spec_options`` works it out once."""
    if not there:
        return False
    dist = board.reach_distance if reach else board.distance
    here = game.state.players[ctl].position
    if here and dist(here, there) <= rng:
        return True
    if also and dist(also, there) <= rng:
        return True
    # "also draw range from" another tile (Projection, Wild Roots; IV-RANGE-7): asked only
    # while such a card is in play, since every candidate out of range comes here
    return projects(game) and any(dist(o, there) <= rng for o in extra_origins(game, ctl, src))


def at_max_range(game: "Game", ctl: int, there: str, rng: int, reach: bool = False, src: str = "",
                 also: str = "") -> bool:
    """Whether tile ``there`` stands exactly at the max range ``rng`` (the range after
    ``effective_range``) of ``src``, a card controlled by ``ctl``: the distance its range is
    measured by, the nearest of the hero's tile and the tiles a ``range_from`` (or this
    play's ``also``) adds, is ``rng`` (Precise, G-21: "resolved at its max range";
    precise.py).  Asked like ``reaches``."""
    if not there:
        return False
    dist = board.reach_distance if reach else board.distance
    here = game.state.players[ctl].position
    nearest = dist(here, there) if here else None
    if also and (nearest is None or dist(also, there) < nearest):
        nearest = dist(also, there)
    if projects(game):
        for origin in extra_origins(game, ctl, src):
            d = dist(origin, there)
            if nearest is None or d < nearest:
                nearest = d
    return nearest == rng


@per_definition
def card_target_zones(card: CardDef) -> dict[int, str]:
    """The zone each of a card's targets must be in when a step that counters or destroys
    acts on it: the stack or the field.

    A counter can only hit an unresolved card and a destroy only an attached, resolved one
    (rulings.md: counter vs destroy; IV-CNTR-1, IV-ATT-5)."""
    zones: dict[int, str] = {}
    for node in every_node(card.effect):
        if isinstance(node, Step) and node.obj is not None and node.obj.mode == "target":
            verb = verb_of(card, node)
            if verb.counters or verb.destroys:
                zones[node.obj.index] = "stack" if verb.counters else "field"
    return zones


@per_definition
def spec_zones(card: CardDef) -> dict[int, str]:
    """``card_target_zones`` by the identity of each target spec, so a spec's zone is one
    look-up (``spec_options`` is asked of every targeted card at every listing)."""
    zones = card_target_zones(card)
    return {id(s): zones.get(k, "") for k, s in enumerate(card.targets)}


def spec_options(game: "Game", ctx: "Ctx", spec: TargetSpec | Sel, rng: int | None,
                 exclude: Iterable[str] = (), limit: int = 0) -> list[str]:
    """The legal choices for one target of a card being played or resolving
    (stopping at ``limit`` when only their existence matters)."""
    ctl = ctx.controller
    out = []
    excluded = set(exclude)
    cards = game.state.cards
    src = ctx.data.get("src", "")
    needed = ""            # the zone a countered or destroyed target must be in
    reach = False
    fits = reaches          # in range; a Precise card read as a restriction: at its max range (G-21)
    if src in cards:
        cdef = game.cdef(src)
        if isinstance(spec, TargetSpec):
            needed = spec_zones(cdef).get(id(spec), "")
            roles = travel_roles(cdef).get(id(spec))
            if roles:
                # never a tile with the traveller's opponent in it (001 § Occupied Tiles)
                excluded |= unfit(ctx, cdef, roles, lambda s: spec_options(game, ctx, s, rng))
        keywords = cdef.keywords
        if keywords:
            reach = diagonal_step(cdef)        # Reach (reach.py)
            if exact_range(game, cdef):        # Precise read as a restriction (precise.py)
                fits = at_max_range
    mine = (player_ref(ctl), ctx.data.get("src")) if spec.other else ()
    also = ctx.data.get("range_from", "")     # a play drawing range from one more tile
    filters = spec.filters
    # nearly always no card says "can't be targeted": one look-up, not one per hero
    wary = game.any_static("cant_be_targeted")
    if rng is not None:
        rng = effective_range(game, ctl, rng)
    for ref in candidates(game, ctl, spec.noun, src):
        if needed:
            card = cards.get(ref)
            if card is not None and card.zone != needed:
                continue
        if ref in excluded or ref in mine:
            continue
        if rng is not None and not fits(game, ctl, tile_of(game, ref), rng, reach, src, also):
            continue        # ``in_range``
        if filters and not passes(ctx, ref, filters):
            continue
        if wary and ref.startswith("player:") and untargetable(game, ctl, int(ref[7:])):
            continue
        out.append(ref)
        if len(out) == limit:
            break
    return out


def within(nearest: float | None, rng: int | None) -> bool:
    """Whether the nearest choice (``nearest_choice``) is in range."""
    return nearest is not None and (rng is None or nearest <= rng)


def nearest_choice(game: "Game", ctl: int, noun: str, other: bool = False, src: str = "", *,
                   extra: list[str] | None = None, wary: bool | None = None) -> float | None:
    """The grid distance from ``ctl`` to the nearest legal choice of a player or tile noun
    without filters: None if there is none at all, infinity if ``ctl`` is off the board
    (only an unlimited range reaches then).  One number answers the question for every
    range, so a legal-action listing computes it once for all the cards in hand (unless a
    ``range_from`` is in play: then ``src``, the card asking, may be one it leaves out).
    A listing that already knows the ``extra`` origins and whether any card is ``wary``
    ("can't be targeted") passes them, since it asks for several nouns at once."""
    players = game.state.players
    here = players[ctl].position
    if extra is None:
        extra = extra_origins(game, ctl, src)     # [] unless a card moves where range is drawn from
    best: float | None = None
    if noun in PLAYER_NOUNS:
        side = PLAYER_NOUNS[noun]
        team = players[ctl].team
        # nearly always no card says "can't be targeted": one look-up skips asking per hero
        if wary is None:
            wary = game.any_static("cant_be_targeted")
        for p in players:
            if not p.position or p.flags.get("defeated"):
                continue
            if side == "enemy" and p.team == team or side == "ally" and (p.team != team or p.index == ctl):
                continue        # ``teams.on_side``, asked of every hero at every listing
            if other and p.index == ctl:
                continue
            if wary and p.index != ctl and untargetable(game, ctl, p.index):
                continue
            d = board.distance(here, p.position) if here else math.inf
            if extra:
                d = min(d, *(board.distance(o, p.position) for o in extra))
            if best is None or d < best:
                best = d
        return best
    if noun in TILE_NOUNS:
        # what ``is_empty`` asks of each tile, gathered in one pass over the heroes
        empty_only = TILE_NOUNS[noun]
        taken = {p.position for p in players} if empty_only else ()
        spaces = game.state.board.spaces
        if here and not extra:
            # the usual case: tiles in order of distance from the hero, the first fit wins
            for d, t in board.BY_DISTANCE[here]:
                if not empty_only or t not in taken and not spaces[t].cards:
                    return d
            return None
        for t in board.TILES:
            if empty_only and (t in taken or spaces[t].cards):
                continue
            if not here and not extra:
                return math.inf
            d = board.distance(here, t) if here else math.inf
            if extra:
                d = min(d, *(board.distance(o, t) for o in extra))
            if best is None or d < best:
                best = d
                if d == 0:
                    break
        return best
    raise ValueError(f"'{noun}' is not a player or tile noun")


def untargetable(game: "Game", ctl: int, player: int) -> bool:
    """Whether ``ctl``'s cards can't target ``player`` (can't beats can, IV-GOLD-2): a
    card's "you can't be targeted by enemies" (Wary), or one that says ``by_you`` (its own
    controller's cards, and never their own hero) ``unless_in_terrain`` (Wild Roots: other
    characters are targets only while they stand in Terrain; a character in a tile with
    Terrain may be chosen).  Asked only while such a card is in play."""
    players = game.state.players
    for cid, ab in applying(game, TARGETED, player):
        words = ab.args
        if "by_you" in words:
            if player == ctl or game.state.cards[cid].controller != ctl:
                continue
        elif players[ctl].team == players[player].team:
            continue
        if "unless_in_terrain" in words:
            here = players[player].position
            if here and game.state.board.spaces[here].terrain:
                continue
        return True
    return False


def resolve_ref(ctx: "Ctx", name: str) -> list[str]:
    """What a reference word means right now."""
    game = ctx.game
    if name == "you":
        return [player_ref(ctx.controller)]
    bound = ctx.bound(name)
    if bound is not None:
        return list(bound) if isinstance(bound, list) else [bound]
    if name == "this":
        return [ctx.source]
    if name == "them":
        for k, spec in enumerate(ctx.card().targets):
            refs = [r for r in ctx.targets(k) if kind(r) == "player"]
            if refs:
                return refs
        holder = game.state.cards[ctx.source].attached_to if ctx.source in game.state.cards else ""
        if holder.startswith("player:"):
            return [holder]
        # a card that remembers a player means them (Nemesis: "if they have more HP")
        who = remembered(game, ctx.source)
        return [player_ref(who)] if who is not None else []
    if name == "it":
        for k, spec in enumerate(ctx.card().targets):
            refs = [r for r in ctx.targets(k) if kind(r) == "card"]
            if refs:
                return refs
        return []
    if name == "its controller":
        return [player_ref(game.state.cards[c].controller) for c in resolve_ref(ctx, "it")
                if c in game.state.cards]
    if name == "their tile":
        return ["tile:" + t for t in (tile_of(game, r) for r in resolve_ref(ctx, "them")) if t]
    if name == "your tile":
        t = game.state.players[ctx.controller].position
        return ["tile:" + t] if t else []
    if name == "this tile":
        t = tile_of(game, ctx.source)
        return ["tile:" + t] if t else []
    # "that tile" is the tile an event names, bound when it triggers (Arcane Lock: the
    # tile the destroyed card was in); unbound, it names nothing
    return []


def select(ctx: "Ctx", sel: Sel) -> list[str]:
    game = ctx.game
    if sel.mode == "ref":
        return resolve_ref(ctx, sel.noun)
    if sel.mode == "target":
        return ctx.targets(sel.index)
    if sel.mode in ("each", "any"):
        refs = candidates(game, ctx.controller, sel.noun, ctx.source)
        return [r for r in refs if not (sel.other and r in (player_ref(ctx.controller), ctx.source))
                and passes(ctx, r, sel.filters)]
    if sel.mode == "choose":        # a triggered ability's target, picked as it resolves
        return list(ctx.data.get("bind", {}).get(choice_key(sel), []))
    return []


def choice_key(sel: Sel) -> str:
    """Where a triggered ability's pick is kept in its block's bindings (trigger_targets.py)."""
    return f"chosen:{sel.index}"
