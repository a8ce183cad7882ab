"""Verbs that act on cards: destroy, counter, return, play (for free), copy
(001 § Attached Cards; § Glossary: Copy, Free; rulings.md: counter vs destroy)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.state import Action, Decision

from . import costs, nemesis
from .attach import destroyed, detach
from .frenzy import grants_frenzy
from .hardcast import needs_reveal
from .in_hand import only_names
from .leave_play import clear_counters, send_home
from .meta_counters import failed_to_resolve
from .nouns import TILE_NOUNS
from .payments import settle_unless, unless_needs
from .permissions import card_says
from .piles import leaves_play
from .places import tile_of
from .play_grants import exact_only, grants
from .playable import banner_block, play_if_holds, target_plan_exists
from .players import zone
from .precise import GAINED
from .resources import control_comes_off
from .targeting import spec_options
from .verbs_base import IvionVerb, players_in
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.registry import Vocabulary


def _cards(refs: list[str]) -> list[str]:
    return [r for r in refs if not r.startswith(("player:", "tile:"))]


class Destroy(IvionVerb):
    """Only resolved, attached cards can be destroyed (000 § Destroying Cards)."""
    help: ClassVar = "destroy an attached card: it goes to its owner's discard"
    example: ClassVar = "destroy target attached card"
    obj: ClassVar = "required"
    destroys: ClassVar = True

    def render(self, step: "Step", r: Any) -> str:
        return f"Destroy {r.sel(step.obj)}"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for cid in _cards(ctx.select(step.obj)):
            card = ctx.game.state.cards.get(cid)
            if card is None or card.zone != "field":
                ctx.game.log("destroy", f"{card.name if card else cid} is not attached: nothing to destroy",
                             ctx.card().name, ctx.controller)
                continue
            destroyed(ctx.game, cid, ctx.controller)
            detach(ctx.game, cid)
            ctx.game.log("destroy", f"{card.name} is destroyed", ctx.card().name, ctx.controller)
            send_home(ctx.game, cid)


class Counter(IvionVerb):
    """A countered card does not resolve and goes to its owner's discard; what was paid
    stays spent (001 § Counters; 000 § Counters)."""
    help: ClassVar = "a card on the stack does not resolve and goes to its owner's discard"
    example: ClassVar = "counter target card unless its controller pays 1 resource"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"unless"})
    counters: ClassVar = True

    def render(self, step: "Step", r: Any) -> str:
        text = f"Counter {r.sel(step.obj)}"
        if step.clause("unless") is not None:
            text += " " + r.unless(step.clause("unless"))
        return text

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        return unless_needs(ctx, step, choices)

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game = ctx.game
        if settle_unless(ctx, step, choices):
            game.log("counter", f"the counter is paid off: {', '.join(game.name(c) for c in _cards(ctx.select(step.obj)))} stays",
                     ctx.card().name)
            return
        for cid in _cards(ctx.select(step.obj)):
            item = next((it for it in game.state.stack if it.card == cid and it.fate == "pending"), None)
            if item is None:
                continue
            if card_says(game, cid, "cant_be_countered"):
                # "Can't be countered" beats counter effects (IV-CNTR-7, IV-GOLD-2).
                game.log("counter", f"{game.name(cid)} can't be countered", ctx.card().name, ctx.controller)
                continue
            item.fate = "countered"
            item.reason = f"countered by {ctx.card().name}"
            game.state.used[f"turn:countered:{cid}"] = 1
            game.log("counter", f"{game.name(cid)} is countered by {ctx.card().name}; its cost stays spent",
                     ctx.card().name, ctx.controller)
            if game.state.ruleset == "original":
                control_comes_off(game, item.controller, sum(item.paid.values()), f"{game.name(cid)} countered")
            send_home(game, cid)
            failed_to_resolve(game, item)


class Return(IvionVerb):
    help: ClassVar = "return a card to its owner's hand"
    example: ClassVar = "return target attached card to hand"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"zone"})
    required: ClassVar = frozenset({"zone"})

    def render(self, step: "Step", r: Any) -> str:
        return f"Return {r.sel(step.obj)} to its owner's hand"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for cid in _cards(ctx.select(step.obj)):
            card = ctx.game.state.cards.get(cid)
            if card is None or card.zone != "field":
                continue
            detach(ctx.game, cid)
            header = ctx.game.cdef(cid).header
            card.controller = card.owner
            clear_counters(card)
            dest = zone("feats" if header.is_feat else "hand", card.owner)
            ctx.game.move_card(cid, dest)
            leaves_play(ctx.game, cid, dest, ctx.card().name)
            card.revealed = True
            ctx.game.log("return", f"{card.name} returns to {ctx.game.state.players[card.owner].name}'s hand",
                         ctx.card().name, ctx.controller)


class PlayFree(IvionVerb):
    """``play that card for free`` / ``play a card [for free | for N less resources]``: a
    card played by an effect.  For free it is played as if it cost 0 actions and 0 power, so
    it gains nothing either (001 § Rules Reference > Glossary > FREE; IV-KW-FREE-1/2);
    otherwise it pays its cost, less N for this play (To the Fray; a reduction never takes a
    part to 0, IV-RES-9).  "a card" is a card from your hand, chosen when the step runs
    (Divine Strength, True Focus, Sucker Punch); you may also play nothing.  ``an attack card``
    and the type filters narrow it; ``targeting SELECTOR`` means the card must be able to
    target one of them, and then does.  The card is played in full: its banner, Hardcast,
    targets and a response window (IV-PLAY-9).  ``play a card from PLAYER`` lets that player
    play a card from their own hand (Realization: "Target player may play a card");
    ``play it for free from TILE`` plays it drawing range from that tile too, when played
    and as it resolves (Arcane Lock: "drawing range from the tile it was in"; IV-RANGE-7)."""
    help: ClassVar = "play a card from a hand or a discard now, for free or for less"
    example: ClassVar = "play target attack card for free"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"free", "less", "from"})

    def render(self, step: "Step", r: Any) -> str:
        there = self._from_tile(step)
        if there is not None:
            where = "the tile it was in" if there.mode == "ref" and there.noun == "that tile" else r.sel(there)
            how = " for Free" if step.has("free") else ""
            return f"play {r.sel(step.obj)}{how}, drawing range from {where}"
        if step.has("free"):
            return f"play {r.sel(step.obj)} for Free"
        less = step.clause("less")
        tail = ""
        if less is not None:
            n = r.expr(less)
            tail = f" for {n} less Resource{'' if n == '1' else 's'}"
        if step.has("from"):
            return f"{r.subject(step.clause('from'))} may play {r.sel(step.obj)}{tail}"
        return f"{'' if step.optional or not self._from_hand(step) else 'you may '}play {r.sel(step.obj)}{tail}"

    @staticmethod
    def _from_tile(step: "Step") -> Any:
        """The ``from`` clause when it names a tile (where range is also drawn from), else None."""
        there = step.clause("from")
        if there is None or not (there.noun in TILE_NOUNS or there.noun.endswith("tile")):
            return None
        return there

    @classmethod
    def _player(cls, ctx: "Ctx", step: "Step") -> int | None:
        """Who plays: the ``from`` player (None if they are gone), else the controller."""
        if not step.has("from") or cls._from_tile(step) is not None:
            return ctx.controller
        players = players_in(ctx.select(step.clause("from")))
        return players[0] if players else None

    def _from_hand(self, step: "Step") -> bool:
        return step.obj is not None and step.obj.mode == "any" and \
            step.obj.noun in ("card", "cards", "attack card", "attack cards")

    @staticmethod
    def _kind_ok(cdef: Any, sel: Any) -> bool:
        h = cdef.header
        if sel.noun.startswith("attack") and "attack" not in h.types:
            return False
        for f in sel.filters:
            if f.name in ("attack", "aura", "instant", "ability"):
                has = h.instant if f.name == "instant" else f.name in h.types
                if has == f.negated:
                    return False
        return True

    @staticmethod
    def _marks_ok(ctx: "Ctx", cid: str, sel: Any) -> bool:
        """The card filters other than types: ``with hardcast``, ``with frenzy``."""
        filters = ctx.game.rules.vocab.filters
        return all(filters[f.name].test(ctx, cid, f.arg) != f.negated
                   for f in sel.filters if f.name.startswith("with "))

    @staticmethod
    def _must(ctx: "Ctx", sel: Any) -> list[str]:
        return [r for f in sel.filters if f.name == "targeting" and f.arg is not None and not f.negated
                for r in ctx.select(f.arg)]

    @staticmethod
    def _can_target(game: Any, me: int, cid: str, refs: list[str], precise: bool = False) -> bool:
        """Whether the card can target one of ``refs`` (any target if there are none);
        ``precise``: with the Precise this play gives it (play_grants.py)."""
        cdef = game.cdef(cid)
        ctx = Ctx(game, None, src=cid, ctl=me, item="", bind={}, targets=[])
        options = [r for spec in cdef.targets for r in spec_options(game, ctx, spec, cdef.header.range)]
        if precise:
            options = exact_only(game, me, cid, options)
        return any(r in refs for r in options) if refs else bool(options)

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        if not self._from_hand(step) or choices:
            return None
        game, me = ctx.game, self._player(ctx, step)
        if me is None:
            choices.append("")
            return None
        free = step.has("free")
        less = ctx.value(step.clause("less"), 0) if step.has("less") else 0
        must = self._must(ctx, step.obj)
        precise = bool(grants(ctx.card()).get(GAINED))
        how = " for free" if free else f" for {less} less" if less else ""
        opts = []
        only = only_names(game, me)
        for cid in game.state.zones.get(zone("hand", me), ()):
            cdef = game.cdef(cid)
            h = cdef.header
            # too dear for resources alone, it may still be paid with charges at a player
            # they are for (Nemesis), and must then target them
            at = must
            if not free and not costs.affordable(game, me, cdef, less):
                at = nemesis.covering(game, me, cdef, less, must)
                if not at:
                    continue
            if (only is not None and cdef.name not in only) \
                    or h.passive or not self._kind_ok(cdef, step.obj) or banner_block(game, me, h) \
                    or needs_reveal(game, cid) \
                    or (h.play_if is not None and not play_if_holds(game, me, cid, h.play_if)) \
                    or not target_plan_exists(game, me, cid)[0] \
                    or ((at or precise) and not self._can_target(game, me, cid, at, precise)) \
                    or not self._marks_ok(ctx, cid, step.obj):
                continue
            opts.append(Action("free", (cid,), f"play {game.name(cid)}{how}"))
        if not opts:
            choices.append("")
            return None
        opts.append(Action("free", ("",), "play nothing"))
        return Decision(me, "play_free", f"{ctx.card().name}: play a card{how}?", opts)

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        from_hand = self._from_hand(step)
        refs = [c for c in choices if c] if from_hand else _cards(ctx.select(step.obj))
        extra: dict[str, Any] = {}
        if step.has("less"):
            extra["less"] = ctx.value(step.clause("less"), 0)
        if from_hand and self._must(ctx, step.obj):
            extra["must_target"] = self._must(ctx, step.obj)
        if self._from_tile(step) is not None:
            tiles = [t for t in (tile_of(ctx.game, r) for r in ctx.select(step.clause("from"))) if t]
            if not tiles:
                return          # the tile is not known: the card can't be played as it says
            extra["range_from"] = tiles[0]
        player = self._player(ctx, step)
        if grants_frenzy(ctx.card()):
            extra["frenzy"] = True          # "That card has Frenzy even if ..." (Succeed)
        extra.update(grants(ctx.card()))    # Bullseye: Precise and extra damage for the card it plays
        for cid in refs:
            if cid in ctx.game.state.cards and ctx.game.card(cid).zone not in ("stack", "field"):
                origin = ctx.game.card(cid).zone
                if from_hand:
                    ctx.data["bind"]["it"] = cid            # "that card": "After it resolves" (Bullseye)
                move(ctx.game, cid, "limbo")
                # ``effect``: the playing card's stack entry (Bullseye's attack resolves
                # within it: stack.py), or True for a triggered ability's play
                ctx.game.push("play", card=cid, ctl=player, response=True, free=step.has("free"),
                              effect=ctx.data.get("item") or True, origin=origin, **extra)


class Copy(IvionVerb):
    """``copy SELECTOR [for free]``: play an identical version of a card.  It never
    attaches and never goes to a discard; otherwise it is played like a normal card: it
    pays its cost unless the copy is for free, obeys its banner, picks its own targets and
    can be answered (001 § Rules Reference > Glossary > COPY; IV-KW-COPY-1)."""
    help: ClassVar = "play an identical copy of a card (it never attaches)"
    example: ClassVar = "copy target attack card for free"
    obj: ClassVar = "required"
    clauses: ClassVar = frozenset({"free"})

    def render(self, step: "Step", r: Any) -> str:
        return f"Copy {r.sel(step.obj)}" + (" for Free" if step.has("free") else "")

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        for cid in _cards(ctx.select(step.obj)):
            if cid not in ctx.game.state.cards:
                continue
            twin = ctx.game.create_card(ctx.game.name(cid), ctx.controller, "limbo", token=True)
            ctx.game.card(twin).revealed = True
            ctx.game.push("play", card=twin, ctl=ctx.controller, response=True,
                          free=step.has("free"), copy=True)


def register(vocab: "Vocabulary") -> None:
    vocab.verb("destroy")(Destroy)
    vocab.verb("counter")(Counter)
    vocab.verb("return")(Return)
    vocab.verb("play")(PlayFree)
    vocab.verb("copy")(Copy)
