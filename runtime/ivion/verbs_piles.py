"""The verb that moves cards between the zones cards make (IV-ZONE-6, ``piles.py``):
piles beneath a card and the Collection outside the game.

``put [N card|cards] [SELECTOR] [named "NAME"] [at random] FROM TO``

- FROM: ``from collection``, ``from hand``, ``from discard``, ``from deck`` (the
  controller's: a search, Wish), or
  ``from beneath SELECTOR`` (the pile of that card); not needed with a SELECTOR naming the
  cards themselves (``put this card to collection``).
- TO: ``to ZONE`` (``hand``, ``deck top``, ``deck bottom``, ``discard``, ``feat zone``,
  ``collection``: the moved card's owner's), or ``beneath SELECTOR``.
- Which cards: N (1 if not given) of those ``named "NAME"`` (any without it), chosen by
  the card's controller one at a time, or ``at random``.  Fewer there, fewer move.

Stormstruck: ``put 3 cards named "Spark" from collection beneath this card``; Spellbook:
``put 1 card at random from beneath this card to hand``; Tourneygoer: ``put 1 card named
"Bullseye" from collection to deck top``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.state import Action, Decision
from cardsmith.runtime.core.words import register_tables

from .attach import detach
from .permissions import StaticText
from .piles import AT_CREATION, COLLECTION, FACE_DOWN, beneath, leaves_play, put_beneath
from .players import zone
from .verbs_base import IvionVerb
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary

#: ``to ZONE`` words: the kind of zone and whether the card goes on top (index 0)
DESTINATIONS: Final = {"hand": ("hand", None), "deck top": ("deck", 0), "deck bottom": ("deck", None),
                       "discard": ("discard", None), "feat zone": ("feats", None),
                       COLLECTION: (COLLECTION, None)}
#: a feat sent to one of these goes back to its feat zone instead (001 § Feats; IV-FEAT-5)
FEAT_RETURNS: Final = ("hand", "deck", "discard")
SOURCES: Final = {"collection": "your Collection", "hand": "your hand", "discard": "your discard",
                  "deck": "your deck"}
TO_TEXT: Final = {"hand": "into its owner's hand", "deck top": "on top of its owner's deck",
                  "deck bottom": "on the bottom of its owner's deck", "discard": "into its owner's discard",
                  "feat zone": "into its owner's feat zone", COLLECTION: "into its owner's Collection"}


#: the units that take only cards of a type (001 § Card Anatomy: a card's types)
_TYPED: Final = {"ability card": "ability", "ability cards": "ability", "attack card": "attack",
                 "attack cards": "attack"}


def _cards(refs: list[str]) -> list[str]:
    return [r for r in refs if not r.startswith(("player:", "tile:"))]


class Put(IvionVerb):
    help: ClassVar = "move cards between zones, piles beneath cards and the Collection"
    example: ClassVar = "put 1 card at random from beneath this card to hand"
    amount: ClassVar = "optional"
    units: ClassVar = ("card", "cards", "ability card", "ability cards", "attack card", "attack cards", "")
    obj: ClassVar = "optional"
    clauses: ClassVar = frozenset({"named", "random", "from_zone", "from_beneath", "zone", "beneath"})

    def check(self, step: "Step") -> list[str]:
        problems = super().check(step)
        if not (step.has("zone") or step.has("beneath")):
            problems.append("'put' needs where to: 'to ZONE' or 'beneath SELECTOR'")
        if step.has("zone") and step.has("beneath"):
            problems.append("'put' takes one of 'to ZONE' and 'beneath SELECTOR'")
        sources = step.has("from_zone") + step.has("from_beneath")
        if step.obj is None and sources != 1:
            problems.append("'put' needs where from: 'from collection', 'from hand', 'from discard', 'from deck' "
                            "or 'from beneath SELECTOR' (or the cards themselves: 'put this card ...')")
        if step.obj is not None and (sources or step.has("named") or step.amount is not None):
            problems.append("'put SELECTOR' moves the cards it names: no number, 'named' or 'from'")
        return problems

    # ---- text -----------------------------------------------------------------------
    def render(self, step: "Step", r: Any) -> str:
        if step.obj is not None:
            what = r.sel(step.obj)
        else:
            n = r.expr(step.amount) if step.amount is not None else "1"
            name = step.clause("named")
            if name:
                what = f'a card named "{name}"' if n == "1" else f'{n} cards named "{name}"'
            else:
                kind = _TYPED.get(step.unit, "")
                noun = f"{kind.capitalize()} card" if kind else "card"
                what = f"{'an' if kind == 'ability' or kind == 'attack' else 'a'} {noun}" if n == "1" else f"{n} {noun}s"
            if step.has("random"):
                what += " at random"
            if step.has("from_zone"):
                what += f" from {SOURCES.get(step.clause('from_zone'), step.clause('from_zone'))}"
            else:
                what += f" from beneath {r.sel(step.clause('from_beneath'))}"
        if step.has("beneath"):
            return f"put {what} beneath {r.sel(step.clause('beneath'))}"
        return f"put {what} {TO_TEXT.get(step.clause('zone'), 'to ' + str(step.clause('zone')))}"

    # ---- which cards ------------------------------------------------------------------
    @staticmethod
    def _source(ctx: "Ctx", step: "Step") -> list[str]:
        """The cards the step may take, in their zone's order, ``named`` ones only."""
        if step.has("from_zone"):
            kind = step.clause("from_zone")
            ids = ctx.game.state.zones.get(zone(kind, ctx.controller), [])
        else:
            holders = _cards(ctx.select(step.clause("from_beneath")))
            ids = ctx.game.state.zones.get(beneath(holders[0]), []) if holders else []
        name = step.clause("named")
        if name:
            key = name.casefold()
            ids = [c for c in ids if ctx.game.name(c).casefold() == key]
        kind = _TYPED.get(step.unit)
        if kind:        # 'put 1 ability card from discard to hand' (Restoration)
            ids = [c for c in ids if kind in ctx.game.cdef(c).header.types]
        return list(ids)

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        if step.obj is not None or step.has("random"):
            return None
        n = ctx.value(step.amount, 1)
        pool = [c for c in self._source(ctx, step) if c not in choices]
        if len(choices) >= n or not pool:
            return None
        names = {ctx.game.name(c) for c in pool}
        if len(pool) <= n - len(choices) or len(names) == 1:
            # nothing to choose: all of them go, or any one is as good as another
            choices.extend(pool[:n - len(choices)])
            return None
        game = ctx.game
        # one option per name (cards of one name are alike), in name order: a search of a
        # deck tells its player what is there, not where
        first: dict[str, str] = {}
        for c in pool:
            first.setdefault(game.name(c), c)
        return Decision(ctx.controller, "choose_card", f"{ctx.card().name}: choose a card to put",
                        [Action("choose_card", (c,), f"put {name}") for name, c in sorted(first.items())])

    def _chosen(self, ctx: "Ctx", step: "Step", choices: list) -> list[str]:
        if step.obj is not None:
            # a pending card stays where it is: its resolution decides where it goes
            return [c for c in _cards(ctx.select(step.obj))
                    if c in ctx.game.state.cards and ctx.game.state.cards[c].zone not in ("stack", "limbo")]
        if not step.has("random"):
            return [c for c in choices if c in ctx.game.state.cards]
        pool = self._source(ctx, step)
        out = []
        for _ in range(min(ctx.value(step.amount, 1), len(pool))):
            out.append(pool.pop(ctx.game.random_below(len(pool))))
        return out

    # ---- moving -----------------------------------------------------------------------
    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game, cause = ctx.game, ctx.card().name
        cards = self._chosen(ctx, step, choices)
        if not cards:
            where = step.clause("from_zone") or "beneath the card"
            game.log("put", f"no card to put from {where}", cause, ctx.controller)
            return
        if step.has("beneath"):
            holders = [h for h in _cards(ctx.select(step.clause("beneath"))) if h in game.state.cards]
            if not holders:
                game.log("put", "no card to put them beneath", cause, ctx.controller)
                return
            put_beneath(game, holders[0], [c for c in cards if c != holders[0]], cause)
            return
        kind, index = DESTINATIONS[step.clause("zone")]
        for cid in cards:
            self._to_zone(ctx, cid, kind, index, cause)

    @staticmethod
    def _to_zone(ctx: "Ctx", cid: str, kind: str, index: int | None, cause: str) -> None:
        game = ctx.game
        card = game.state.cards[cid]
        if kind in FEAT_RETURNS and game.cdef(cid).header.is_feat:
            kind, index = "feats", None         # 001 § Feats: it returns to the feat zone
        to = zone(kind, card.owner)
        if card.zone == "field":
            detach(game, cid)
        hidden = not card.revealed
        move(game, cid, to, index)
        into = game.rules.describe_zone(game, to)
        text = f"{card.name} is put into {into}" + (" (on top)" if index == 0 else "")
        if hidden and not card.revealed:
            game.log("put", text, cause, card.owner, private=True)
            game.log("put", f"a card is put into {into}", cause, card.owner)
        else:
            game.log("put", text, cause, card.owner)
        leaves_play(game, cid, to, cause)


def _has_pile(ctx: "Ctx", cond: Any) -> bool:
    """``cards_beneath``: there are cards beneath this card (Disguise has something to be
    replaced with only while its pile holds one)."""
    return bool(ctx.game.state.zones.get(beneath(ctx.source)))


def _pile_size(ctx: "Ctx", q: Any) -> int:
    return len(ctx.game.state.zones.get(beneath(ctx.source), ()))


def register(vocab: "Vocabulary") -> None:
    register_tables(vocab, conditions={"cards_beneath": (_has_pile, "there are cards beneath this card")},
                    quantities={"cards beneath": (_pile_size, "the number of cards beneath this card")})
    vocab.verb("put")(Put)
    vocab.static(FACE_DOWN)(StaticText("the cards beneath this card are face down"))
    vocab.static(AT_CREATION)(AtCreation())


class AtCreation:
    """``static beneath_at_creation = N, KIND, COPIES[, different|repeats]``: at character
    creation a deck puts N cards of KIND (an archetype, or a kind of card such as ``trait``)
    beneath this card, all different unless ``repeats``, and may hold up to COPIES of each of
    them (Spellbook: ``= 3, archmage, 2``; Disguise: ``= 3, trait, 0, repeats``).  Its shape
    is checked as the card compiles; what it asks of a deck, by ``cardsmith check``
    (``deck_piles.py``; docs/ivion/choices.md, "Piles beneath a card")."""

    REPEATS: ClassVar = ("different", "repeats")

    def check(self, args: tuple) -> list[str]:
        if (len(args) not in (3, 4) or not isinstance(args[0], int) or isinstance(args[1], int)
                or not isinstance(args[2], int) or args[0] < 1 or args[2] < 0
                or (len(args) == 4 and args[3] not in self.REPEATS)):
            return ["expected '= N, KIND, COPIES' and optionally ', different' or ', repeats' "
                    "(e.g. '= 3, archmage, 2', '= 3, trait, 0, repeats')"]
        return []

    def render(self, node: Any, r: Any) -> str:
        size, kind, copies = node.args[:3]
        kind = str(kind).replace("_", " ")
        noun = f"{kind}s" if kind in ("skill", "trait", "ultimate") else f"{kind.title()} cards"
        which = "" if node.args[3:] == ("repeats",) else "different "
        text = f"at character creation, {size} {which}{noun} go beneath this card"
        if kind == "trait":
            text += " (their colour requirements are not checked)"
        if copies:
            text += f"; your deck may hold up to {copies} copies of each"
        return text
