"""Verbs that act on the Field: travel, a card-granted move, terrain, attaching (001 §
Traveling, § Terrain, § Attached Cards; 000 § Occupied Tiles; 000 Fox & Forest § Glossary:
Away)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.effects import CardDef, Step
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.memo import per_definition
from cardsmith.runtime.core.state import Action, Decision
from cardsmith.runtime.core.verbs import verb_of

from . import board
from .attach import attach, detach
from .meta_counters import meta_counter_now
from .payments import settle_unless, unless_needs, unless_paid
from .destinations import opponents_tiles
from .places import is_empty, occupant, tile_of
from .turn import can_move, enter_tile
from .verbs_base import IvionVerb, players_in

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.registry import Vocabulary

TERRAIN_UNITS: Final = {"difficult terrain": "difficult", "enchanted terrain": "enchanted"}


class Travel(IvionVerb):
    """Change a player's tile; not a move.  The card's controller picks the destination.

    How far: ``up to N tiles`` (0..N, staying allowed), ``N tiles`` (exactly N: G-14,
    IV-TRAV-6), neither (one tile); ``towards X`` / ``away from X`` make each step of that
    count closer to or farther from X (IV-TRAV-4); ``to X`` names the tile(s) instead.  A
    tile with an opponent of the traveller is never offered (destinations.py, IV-TRAV-3)."""
    help: ClassVar = ("a player changes tile (not a move): up to N tiles, exactly N tiles, "
                      "towards, away from or to a place")
    example: ClassVar = "travel you up to 2 tiles towards target enemy"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"upto", "distance", "towards", "away", "to", "unless"})
    destination: ClassVar = "to"
    #: the farthest two tiles of the 4x4 Field are 6 steps apart
    FARTHEST: ClassVar = 6

    def check(self, step: "Step") -> list[str]:
        problems = super().check(step)
        if step.has("distance"):
            if step.has("upto"):
                problems.append("'travel' takes one of 'up to N tiles' and 'N tiles'")
            if step.has("to"):
                problems.append("'travel ... to PLACE' goes to that place: it takes no 'N tiles'")
            n = getattr(step.clause("distance"), "value", None)
            if n is not None and not 1 <= n <= self.FARTHEST:
                problems.append(f"'travel N tiles' needs N from 1 to {self.FARTHEST} "
                                f"(the Field is 4x4), not {n}")
        if step.has("upto") and step.has("to"):
            problems.append("'travel ... to PLACE' goes to that place: it takes no 'up to N tiles'")
        return problems

    def render(self, step: "Step", r: Any) -> str:
        text = f"Travel {r.sel(step.obj)}"
        if step.clause("upto") is not None:
            n = r.expr(step.clause("upto"))
            text += f" up to {n} tile{'s' if n != '1' else ''}"
        if step.clause("distance") is not None:
            n = r.expr(step.clause("distance"))
            text += f" {n} tile{'s' if n != '1' else ''}"
        if step.clause("towards") is not None:
            text += f" towards {r.sel(step.clause('towards'))}"
        if step.clause("away") is not None:
            text += f" away from {r.sel(step.clause('away'))}"
        if step.clause("to") is not None:
            text += f" to {r.sel(step.clause('to'))}"
        if not any(step.has(c) for c in ("upto", "distance", "towards", "away", "to")):
            text += " one tile"         # a bare travel goes one tile (destinations below)
        if step.clause("unless") is not None:
            text += " " + r.unless(step.clause("unless"))
        return text

    def destinations(self, ctx: "Ctx", step: "Step", player: int) -> list[str]:
        game = ctx.game
        here = game.state.players[player].position
        blocked = opponents_tiles(game, player)
        if step.clause("to") is not None:
            # A choice of tiles never offers an enemy's tile (001 § Occupied Tiles; IV-TRAV-3);
            # a single fixed one is kept, so the card is meta-countered at resolution.
            tiles: Any = list(dict.fromkeys(tile_of(game, r) for r in ctx.select(step.clause("to")) if tile_of(game, r)))
            return [t for t in tiles if t not in blocked] or tiles
        exact = step.clause("distance")
        steps = ctx.value(exact if exact is not None else step.clause("upto"), 1)
        pivot_sel = step.clause("towards") or step.clause("away")
        if pivot_sel is not None:
            pivots = [tile_of(game, r) for r in ctx.select(pivot_sel) if tile_of(game, r)]
            if not pivots:
                return [here]
            closer = step.clause("towards") is not None
            if exact is not None:
                tiles = board.monotone_exactly(here, pivots[0], steps, closer) - blocked
            else:
                tiles = board.paths_monotone(here, pivots[0], steps, blocked, closer)
        elif exact is not None:
            tiles = board.at_distance(here, steps) - blocked
        else:
            tiles = board.within(here, steps, blocked)
        out = sorted(tiles)
        if step.clause("upto") is not None:
            out.insert(0, here)
        return out or [here]

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        ask = unless_needs(ctx, step, choices)
        if ask is not None or unless_paid(choices):
            return ask
        players = players_in(ctx.select(step.obj))
        k = len(choices) - (1 if step.clause("unless") is not None else 0)
        if k >= len(players):
            return None
        p = players[k]
        options = self.destinations(ctx, step, p)
        if len(options) == 1:
            choices.append(options[0])
            return self.needs(ctx, step, choices)
        name = ctx.game.state.players[p].name
        return Decision(ctx.controller, "travel", f"{ctx.card().name}: where does {name} travel?",
                        [Action("tile", (t,), f"{name} to {t}" + (" (stay)" if t == ctx.game.state.players[p].position else ""))
                         for t in options])

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        if settle_unless(ctx, step, choices):
            return
        if step.clause("unless") is not None:
            choices = choices[1:]
        game = ctx.game
        for p, tile in zip(players_in(ctx.select(step.obj)), choices):
            me = game.state.players[p]
            if tile == me.position:
                continue
            foes = [o for o in occupant(game, tile) if game.state.players[o].team != me.team]
            if foes:
                meta_counter_now(game, ctx.data.get("item", ""), f"{me.name} can't travel into an enemy's tile ({tile})")
                return
            enter_tile(game, p, tile, ctx.card().name, moved=False, by=ctx.controller)


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


class MakeTerrain(IvionVerb):
    help: ClassVar = "make difficult or enchanted terrain at a tile"
    example: ClassVar = "make difficult terrain at target tile"
    units: ClassVar = tuple(TERRAIN_UNITS)
    clauses: ClassVar = frozenset({"at"})
    required: ClassVar = frozenset({"at"})

    def render(self, step: "Step", r: Any) -> str:
        return f"make {r.sel(step.clause('at'))} {step.unit.title()}"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        return self.pick(ctx, step.clause("at"), choices, 0, "choose a tile")[1]

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        refs, _ = self.pick(ctx, step.clause("at"), choices, 0, "choose a tile")
        made = []
        for ref in refs:
            t = tile_of(ctx.game, ref)
            if t:
                ctx.game.state.board.spaces[t].terrain = TERRAIN_UNITS[step.unit]
                ctx.game.log("terrain", f"{t} becomes {step.unit}", ctx.card().name, ctx.controller)
                made.append(t)
        if made:
            # one event per step, however many tiles: "after you create one or more
            # Terrain" (Stalker) triggers once
            ctx.game.emit("make_terrain", who=ctx.controller, tiles=made)


class Attach(IvionVerb):
    """Attach the resolving card (001 § Attached Cards; catalogue IV-ATT-8, D5).

    hh: the card attaches where the Attach effect is printed, so the effects before it see
    it still unresolved and those after it see it on the Field (001 § Playing Cards 3-3a:
    the effects occur top to bottom, then an unattached card goes to the discard).
    original: it attached at resolution step 2, before any effect (000 § Resolving Cards
    2), done by ``attach_before_effects``; this step then finds it on the Field already.
    A copy never attaches (001 § Glossary > COPY): it vanishes when it finishes."""
    help: ClassVar = "attach the resolving card to a tile or a player, for a time or until removed"
    example: ClassVar = "attach to target tile for 2 turns"
    clauses: ClassVar = frozenset({"to", "duration", "until_end_of_turn"})
    required: ClassVar = frozenset({"to"})
    attaches: ClassVar = True

    def render(self, step: "Step", r: Any) -> str:
        text = f"Attach to {r.sel(step.clause('to'))}"
        if step.clause("duration") is not None:
            text += f" with {r.expr(step.clause('duration'))} Duration"
        if any(c.prep == "until_end_of_turn" for c in step.clauses):
            text += " until the end of the turn"
        return text

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        """"Attach to an empty tile near ..." (tsv Blood Spatter): its controller picks the
        place as it resolves, among those that qualify."""
        return self.pick(ctx, step.clause("to"), choices, 0, "choose where it attaches")[1]

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        item = ctx.item
        card = ctx.game.state.cards.get(item.card) if item is not None else None
        if item is None or card is None or card.zone != "stack" or item.flags.get("copy"):
            return
        attach_now(ctx, step, self.pick(ctx, step.clause("to"), choices, 0, "")[0])


def attach_now(ctx: "Ctx", step: "Step", refs: list[str] | None = None) -> bool:
    """Attach the resolving card where ``step`` says (or to the first of ``refs``, picked),
    now; an occupied tile meta-counters it."""
    item = ctx.item
    if refs is None:
        refs = ctx.select(step.clause("to"))
    if item is None or not refs:
        return False
    ref = refs[0]
    if ref.startswith("tile:") and ref[5:] and not is_empty(ctx.game, ref[5:]):
        meta_counter_now(ctx.game, item.id, f"{ref[5:]} is no longer an empty tile")
        return False
    duration = ctx.value(step.clause("duration")) if step.clause("duration") is not None else 0
    attach(ctx.game, item.card, ref, duration=duration,
           until_end_of_turn=any(c.prep == "until_end_of_turn" for c in step.clauses))
    item.flags["attached"] = ref
    return True


@per_definition
def printed_attach(card: CardDef) -> Step | None:
    """The first step at the top level of a card's text whose verb ``attaches``, if any."""
    return next((n for n in card.effect if isinstance(n, Step) and verb_of(card, n).attaches), None)


def attach_before_effects(game: "Game", item: Any) -> bool:
    """000 § Resolving Cards 2: a card that attaches enters the Field before its effects.
    Only an Attach printed at the top level of the text can be placed then (one inside an
    "if" or a choice is not known to happen yet); it attaches where its step says."""
    step = printed_attach(game.cdef(item.card))
    if step is None or item.flags.get("copy"):
        return False
    where = step.clause("to")
    if where is not None and where.mode == "any":
        return False        # a place picked as it resolves: it attaches when its step runs
    ctx = Ctx(game, None, src=item.card, ctl=item.controller, item=item.id, bind={})
    return attach_now(ctx, step)


class Reattach(IvionVerb):
    """``reattach CARD to TILE``: move an attached card to another empty tile (tsv Chaos
    Storm, Hand Wave, Murder of Crows; IV-ATT-9).  The card stays on the Field: it is not
    destroyed, not played again, and keeps its tokens (Duration).  The card's controller
    picks the tile when the selector leaves a choice; with no empty tile it stays put."""
    help: ClassVar = "move an attached card to another empty tile"
    example: ClassVar = "reattach target attached card to target empty tile"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"to"})
    required: ClassVar = frozenset({"to"})

    def render(self, step: "Step", r: Any) -> str:
        return f"Reattach {r.sel(step.obj)} to {r.sel(step.clause('to'))}"

    def _tiles(self, ctx: "Ctx", step: "Step", choices: list):
        refs, need = self.pick(ctx, step.clause("to"), choices, 0, "choose a tile to reattach to")
        return [r for r in refs if r.startswith("tile:") and is_empty(ctx.game, r[5:])], need

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        return self._tiles(ctx, step, choices)[1]

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        cards = [r for r in ctx.select(step.obj) if r in game.state.cards and game.state.cards[r].zone == "field"]
        tiles, _ = self._tiles(ctx, step, choices)
        if not cards or not tiles:
            game.log("reattach", "nothing is reattached (no attached card or no empty tile)", ctx.card().name, ctx.controller)
            return
        cid, tile = cards[0], tiles[0][5:]
        card = game.state.cards[cid]
        detach(game, cid)
        card.attached_to = "tile:" + tile
        game.state.board.spaces[tile].cards.append(cid)
        game.log("reattach", f"{card.name} is reattached to {tile}", ctx.card().name, ctx.controller)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("reattach")(Reattach)
    vocab.verb("travel")(Travel)
    vocab.verb("move")(Move)
    vocab.verb("make")(MakeTerrain)
    vocab.verb("attach")(Attach)
