"""Sylvion's verbs: one small class each, registered in the game's vocabulary.

They are what the printed cards need (Simoon moves, Blaze replaces, the Animals move,
destroy, discard and draw, Trees and Fountains are placed) plus what a designer needs for
the advanced game and the expansions (flip Edges either way, reveal more Ravage cards,
deal damage to the forest).  Each verb says what it needs decided before it acts.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.choices import push_pick
from cardsmith.runtime.core.state import Action, Decision
from cardsmith.runtime.core.verbs import Verb

from . import battlefield as bf
from .turn import reveal_row
from .words import spec_options

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

ELEMENTAL_NOUNS: Final = frozenset({"elemental", "elementals", "standard elemental", "standard elementals",
                             "blazing elemental", "blazing elementals"})


def _cards(refs: list[str]) -> list[str]:
    return [r for r in refs if ":" not in r]


class SylvionVerb(Verb):
    def objects(self, ctx: "Ctx", step: "Step", choices: list, prompt: str) -> tuple[list[str], Decision | None]:
        """The step's object; "an elemental" (not a target) is picked when the step runs."""
        sel = step.obj
        if sel is None:
            return [], None
        if sel.mode not in ("any", "choose"):
            return ctx.select(sel), None
        return self.pick_among(ctx, choices, 0, prompt, lambda: spec_options(ctx, sel))


class Move(SylvionVerb):
    """``move each elemental 1 space left`` (Simoon, 002 § Simoon Cards);
    ``move target elemental up to 3 spaces right`` (Whale, sylvion-intro.md).

    Left is towards the forest: step by step, fighting what stands in the way and dealing
    damage on reaching the forest.  Right is back towards the stacks: the Elemental goes
    straight to its new space (never back onto its stack) and fights there only.
    """
    help: ClassVar = "move Elementals along their rows, left or right"
    example: ClassVar = "move each elemental 1 space left"
    obj: ClassVar = "required"
    nouns: ClassVar = ELEMENTAL_NOUNS
    clauses: ClassVar = frozenset({"distance", "upto", "dir"})

    def check(self, step: "Step") -> list[str]:
        problems = super().check(step)
        if step.has("distance") == step.has("upto"):
            problems.append("'move' needs how far: 'N spaces' or 'up to N spaces'")
        return problems

    def render(self, step: "Step", r: Any) -> str:
        far = step.clause("distance") if step.has("distance") else step.clause("upto")
        n = r.expr(far)
        upto = "up to " if step.has("upto") else ""
        way = step.clause("dir") or "left"
        towards = "towards the forest" if way == "left" else "away from the forest"
        return f"Move {r.sel(step.obj)} {upto}{n} space{'' if n == '1' else 's'} {way} ({towards})"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        refs, ask = self.objects(ctx, step, choices, "which Elemental moves?")
        if ask is not None or not step.has("upto") or len(_cards(refs)) != 1:
            return ask
        if len(choices) >= 2:
            return None
        eid = _cards(refs)[0]
        where = bf.position(ctx.game, eid)
        if where is None:
            return None
        most = ctx.value(step.clause("upto"))
        left = (step.clause("dir") or "left") == "left"
        row, n = where
        reach = [k for k in range(1, most + 1) if (left or n - k >= 1)]
        if not reach:
            return None
        if len(choices) == 0:
            choices.append(eid)
        opts = [Action("choose", (k,), f"{k} space{'s' if k > 1 else ''} "
                                       f"(to {'the forest' if left and n + k >= bf.FOREST else bf.space_key(row, n + k if left else n - k)})")
                for k in reach]
        return Decision(ctx.controller, "choose", f"{ctx.card().name}: how far does {ctx.game.name(eid)} move?", opts)

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        left = (step.clause("dir") or "left") == "left"
        cause = ctx.card().name
        if step.has("upto"):
            refs = _cards(choices[:1] if choices else self.objects(ctx, step, [], "")[0])
            far = int(choices[1]) if len(choices) > 1 else 0
            if not refs or not far:
                game.log("move", f"{cause}: nothing to move", cause)
                return
        else:
            refs = _cards(self.objects(ctx, step, choices, "")[0])
            far = ctx.value(step.clause("distance"))
        refs = [r for r in refs if bf.position(game, r) is not None]
        if not refs or far <= 0:
            return
        if left:
            for _ in range(far):
                bf.advance_all(game, cause, refs)
                refs = [r for r in refs if bf.position(game, r) is not None]
                if game.state.over:
                    return
        else:
            # nearest the stack first, so the ones behind find their space free
            for eid in sorted(refs, key=lambda c: bf.position(game, c)[1]):  # type: ignore[index]
                row, n = bf.position(game, eid)  # type: ignore[misc]
                dest = max(1, n - far)
                if dest >= n:
                    continue
                game.log("move", f"{game.name(eid)} is pushed back {bf.space_key(row, n)} -> {bf.space_key(row, dest)}", cause)
                bf.enter(game, eid, row, dest, cause)


class Destroy(SylvionVerb):
    """Destroyed cards are discarded; a Fountain destroyed draws a card (002 § Combat)."""
    help: ClassVar = "destroy cards in play: they are discarded (a Fountain draws a card)"
    example: ClassVar = "destroy target elemental"
    obj: ClassVar = "required"

    def render(self, step: "Step", r: Any) -> str:
        return f"Destroy {r.sel(step.obj)}"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        return self.objects(ctx, step, choices, "what is destroyed?")[1]

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for cid in _cards(self.objects(ctx, step, choices, "")[0]):
            if bf.position(ctx.game, cid) is not None:
                bf.destroy(ctx.game, cid, ctx.card().name)


class Discard(SylvionVerb):
    """``discard target ravage card just revealed`` (Hedgehogs) puts a card in play in its
    discard pile; ``discard 2 cards`` makes you discard from your hand."""
    help: ClassVar = "discard cards from your hand, or a card in play"
    example: ClassVar = "discard 1 card"
    amount: ClassVar = "optional"
    units: ClassVar = ("", "cards", "card")
    obj: ClassVar = "optional"

    def render(self, step: "Step", r: Any) -> str:
        if step.obj is not None:
            return f"Discard {r.sel(step.obj)}"
        n = r.expr(step.amount)
        return f"Discard {n} card{'' if n == '1' else 's'} from your hand"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        return self.objects(ctx, step, choices, "what is discarded?")[1]

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        if step.obj is None:
            me = ctx.controller
            push_pick(game, me, bf.hand(me), ctx.value(step.amount, 1), bf.SYLVAN_DISCARD,
                      prompt="discard a card", cause=ctx.card().name)
            return
        for cid in _cards(self.objects(ctx, step, choices, "")[0]):
            if bf.position(game, cid) is None:
                continue
            game.log("discard", f"{game.name(cid)} is discarded", ctx.card().name)
            bf.discard(game, cid)


class Draw(SylvionVerb):
    help: ClassVar = "draw cards from your deck"
    example: ClassVar = "draw 2 cards"
    amount: ClassVar = "required"
    units: ClassVar = ("cards", "card")

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount)
        return f"Draw {n} card{'' if n == '1' else 's'}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        bf.draw(ctx.game, ctx.controller, ctx.value(step.amount), ctx.card().name)


class Replace(SylvionVerb):
    """``replace each standard elemental with a blazing elemental`` (Blaze, 002 § Blaze
    Cards): strength 1, 2, 3 become a Blazing Elemental one stronger; 0 becomes 4; Blazing
    Elementals are not affected.  The replaced card goes to the Ravage discard."""
    help: ClassVar = "replace Elementals with Blazing Elementals"
    example: ClassVar = "replace each standard elemental with a blazing elemental"
    obj: ClassVar = "required"
    nouns: ClassVar = ELEMENTAL_NOUNS
    clauses: ClassVar = frozenset({"with"})
    required: ClassVar = frozenset({"with"})

    def check(self, step: "Step") -> list[str]:
        problems = super().check(step)
        w = step.clause("with")
        if w is not None and getattr(w, "noun", "") not in ("blazing elemental", "blazing elementals"):
            problems.append("'replace' only knows 'with a blazing elemental'")
        return problems

    def render(self, step: "Step", r: Any) -> str:
        return (f"Replace {r.sel(step.obj)} with a Blazing Elemental one point stronger "
                f"(a strength-0 Elemental becomes strength 4)")

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        cause = ctx.card().name
        targets = [c for c in _cards(ctx.select(step.obj)) if bf.header(game, c).kind == "elemental"]
        if not targets:
            game.log("blaze", f"{cause}: no standard Elemental in play, nothing happens", cause)
            return
        for eid in targets:
            blaze(game, eid, cause)


def blazing_strength(strength: int) -> int:
    """002 § Blaze Cards: 3, 2, 1 become 4, 3, 2; 0 becomes 4."""
    return 4 if strength == 0 else strength + 1


def blaze(game, eid: str, cause: str) -> None:
    where = bf.position(game, eid)
    if where is None:
        return
    want = blazing_strength(bf.header(game, eid).strength)
    supply = game.state.zones[bf.SUPPLY]
    new = next((c for c in supply if bf.header(game, c).strength == want), None)
    name = game.name(eid)
    if new is None:
        game.log("blaze", f"no Blazing Elemental of strength {want} is left: {name} stays as it is "
                          "(a reading: the rulebook assumes enough)", cause)
        return
    row, n = where
    if n == 0:
        # revealed this turn: the Blazing Elemental takes its place on top of the stack
        game.move_card(new, bf.stack_zone(row), index=0)
        game.state.cards[new].revealed = True
        game.move_card(eid, bf.RAVAGE_DISCARD)
    else:
        bf.discard(game, eid)
        bf.put(game, new, row, n)
    game.log("blaze", f"{name} {'at ' if n else 'on '}{bf.place_name(row, n)} becomes {game.name(new)}", cause)


class Place(SylvionVerb):
    """``place this card at target empty space``: Trees and Fountains go on an empty
    space of the battlefield (002 § Tree Cards; § Fountain Cards)."""
    help: ClassVar = "place a Tree or Fountain on an empty space"
    example: ClassVar = "place this card at target empty space"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"at"})
    required: ClassVar = frozenset({"at"})

    def render(self, step: "Step", r: Any) -> str:
        return f"Place {r.sel(step.obj)} on {r.sel(step.clause('at'))}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        spaces = [s for s in ctx.select(step.clause("at")) if s.startswith("space:")]
        for cid in _cards(ctx.select(step.obj)):
            if not spaces:
                return
            row, n = bf.parse_space(spaces.pop(0))
            if not bf.is_empty(game, row, n):
                game.log("place", f"{game.name(cid)} can't be placed: {bf.space_key(row, n)} is not empty",
                         ctx.card().name)
                continue
            bf.put(game, cid, row, n)
            game.log("place", f"{game.name(cid)} is placed at {bf.space_key(row, n)}", ctx.card().name,
                     ctx.controller)


class Bloom(SylvionVerb):
    """Flip Edges from Desolated to Bloom (the advanced game and expansions)."""
    help: ClassVar = "flip Desolated Edges back to Bloom"
    example: ClassVar = "bloom 1 edge"
    amount: ClassVar = "required"
    units: ClassVar = ("edges", "edge")
    max_amount: ClassVar = 12

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount)
        return f"Flip {n} Desolated Edge{'' if n == '1' else 's'} to Bloom"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        bf.heal(ctx.game, ctx.value(step.amount), ctx.card().name)


class Desolate(SylvionVerb):
    """Flip Edges to Desolated: damage to the forest (002 § The Battlefield).  ``deal N
    damage`` means the same."""
    help: ClassVar = "flip Edges to Desolated: damage to the forest"
    example: ClassVar = "desolate 1 edge"

    def example_for(self, name: str) -> str:
        return "deal 1 damage" if name == "deal" else self.example
    amount: ClassVar = "required"
    units: ClassVar = ("edges", "edge", "damage")
    max_amount: ClassVar = 12

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount)
        return f"Deal {n} damage to the forest (flip {n} Edge{'' if n == '1' else 's'} to Desolated)"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        bf.damage(ctx.game, ctx.value(step.amount), ctx.card().name)


class Reveal(SylvionVerb):
    """``reveal each row``: reveal the top card of those rows' Ravage stacks (002 §
    Reveal Ravage Cards).  A Support revealed this way outside the Reveal step resolves
    at once (a reading: the rulebook only reveals during that step)."""
    help: ClassVar = "reveal the top card of those rows' Ravage stacks"
    example: ClassVar = "reveal each row"
    obj: ClassVar = "required"
    nouns: ClassVar = frozenset({"row", "rows"})

    def render(self, step: "Step", r: Any) -> str:
        return f"Reveal the top Ravage card of {r.sel(step.obj)}"

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        return self.objects(ctx, step, choices, "which row?")[1]

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        for ref in self.objects(ctx, step, choices, "")[0]:
            if ref.startswith("row:"):
                cid = reveal_row(game, int(ref[4:]), ctx.card().name)
                if cid and bf.header(game, cid).kind == "support" and game.state.phase != "reveal":
                    game.push("support", card=cid)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("move")(Move)
    vocab.verb("destroy")(Destroy)
    vocab.verb("discard")(Discard)
    vocab.verb("draw")(Draw)
    vocab.verb("replace")(Replace)
    vocab.verb("place")(Place)
    vocab.verb("bloom")(Bloom)
    vocab.verb("desolate", "deal")(Desolate)
    vocab.verb("reveal")(Reveal)
