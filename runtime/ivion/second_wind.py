"""Second Wind and the cards that change it (IV-SW-*, G-7).

The rulebooks give one Second Wind per game, the first time the hero is wounded
(001 § Rules Reference > Additional Rules > Second Wind; 000 § Game Concepts > Second
Wind).  Cards change that (IV-SW-4, tsv):

* ``second_wind``: a card uses it voluntarily (Cry Havoc, Epiphany); it is then used and
  the wounded threshold no longer fires it;
* ``instead of you second wind: ...``: a card replaces it (Invoke, Transcend, Godsend).  A
  replaced Second Wind still counts as used (Frenzy, Cry Havoc: G-7); only a card with
  ``static counts_as_second_wind`` (Godsend) also fires "after you second wind" triggers;
* ``static second_wind_again_at = N`` (Third Wind): the first time the hero would be reduced
  to N HP or less they are at N instead, and Second Wind again;
* ``invoke``: Invoke's effect on its own, which is not a Second Wind (Apotheosis).

Every Second Wind, whatever started it, is one ``second_wind`` frame: replacements are
offered there, so a replaced Third Wind or a voluntary one is replaced too.  Damage starts
it: ``hp.start_second_wind`` and Third Wind's ``hp.floor_damage`` live with damage.
"""
from __future__ import annotations

from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.rules import FrameHandler
from cardsmith.runtime.core.shapes import BOOL, CARDS, PLAYER, TRIGGER, ListOf, Record
from cardsmith.runtime.core.state import Action, Decision, Frame
from cardsmith.runtime.core.words import Word

from .header import CONTROL_KINDS
from .hp import start_second_wind
from .permissions import StaticText, applying
from .playable import target_plan_exists
from .players import player_ref, zone
from .verbs_base import IvionVerb
from .zones import move

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import Step
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary


def counts(game: "Game", player: int) -> bool:
    """Does this player's replacement count as the Second Wind itself (Godsend)?"""
    return bool(applying(game, "counts_as_second_wind", player))


class SecondWindFrame(FrameHandler):
    """Look at the top five, keep two, the rest to the bottom in any order
    (001 § Rules Reference > Additional Rules > Second Wind; IV-SW-3).  With fewer than
    five cards in the deck, look at them all and keep up to two (G-7); taking them is not a
    draw, so exhaustion does not turn it into damage.  A card's ``instead of you second
    wind`` replaces the whole of it (IV-SW-4)."""
    kind: ClassVar = "second_wind"
    fields: ClassVar = Record({"player": PLAYER},
                              {"held": ListOf(TRIGGER), "looked": CARDS, "keep": CARDS, "order": CARDS, "replaced": BOOL})

    def run(self, game: "Game", frame: Frame) -> None:
        d = frame.data
        me = d["player"]
        if "replaced" not in d:
            d["replaced"] = game.replaced("second_wind", who=me, bind={"them": player_ref(me)})
            if d["replaced"]:
                return          # the replacing effect runs on top of this frame first
        if d["replaced"]:
            game.pop(frame)
            game.state.triggered[:0] = d.get("held", [])
            if counts(game, me):
                game.emit("second_wind", who=me)
            return
        deck = game.state.zones[zone("deck", me)]
        if "looked" not in d:
            d["looked"] = list(deck[:5])
        looked = d["looked"]
        name = game.name
        if "keep" not in d and self._ask(
                game, d, me, "keep", combinations(looked, min(2, len(looked))),
                lambda g: "keep " + " + ".join(sorted(name(c) for c in g)),
                "second_wind", f"{game.state.players[me].name}'s second wind: keep two"):
            return
        if "order" not in d and self._ask(
                game, d, me, "order", permutations([c for c in looked if c not in d["keep"]]),
                lambda g: "to the bottom: " + ", ".join(name(c) for c in g),
                "second_wind_order", "Second wind: order for the bottom of your deck (first listed goes first)"):
            return
        game.pop(frame)
        for c in d["keep"]:
            game.move_card(c, zone("hand", me))
        for c in d["order"]:
            game.move_card(c, zone("deck", me))
        game.log("second wind", f"{game.state.players[me].name} keeps {len(d['keep'])} and puts {len(d['order'])} on the bottom",
                 "001 § Second Wind", me)
        game.state.triggered[:0] = d.get("held", [])
        game.emit("second_wind", who=me)

    @staticmethod
    def _ask(game: "Game", d: dict, me: int, key: str, groups: Any, label: Any, kind: str, prompt: str) -> bool:
        """Ask for one of ``groups`` (cards to keep, or an order), one option per distinct
        label; with one option or none there is nothing to ask."""
        opts, seen = [], set()
        for group in groups:
            text = label(group)
            if text not in seen:
                seen.add(text)
                opts.append(Action(key, tuple(group), text))
        if len(opts) <= 1:
            d[key] = list(opts[0].args) if opts else []
            return False
        game.ask(me, kind, prompt, opts)
        return True

    def decide(self, game: "Game", frame: Frame, action: Action) -> None:
        key = "keep" if action.kind == "keep" else "order"
        frame.data[key] = list(action.args)


class UseSecondWind(IvionVerb):
    """``second_wind``: use your Second Wind now (Cry Havoc, Epiphany).  It is then used:
    the wounded threshold won't bring another (IV-SW-4).  Cards pair it with
    ``if used_second_wind``, which is checked first ("if you've already used it, instead")."""
    help: ClassVar = "use your Second Wind now"
    example: ClassVar = "second_wind"

    def render(self, step: "Step", r: Any) -> str:
        return "use your Second Wind"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        start_second_wind(ctx.game, ctx.controller, "uses their second wind", ctx.card().name)


class Invoke(IvionVerb):
    """``invoke``: Invoke's effect (tsv Invoke): remove all Control from yourself, reveal
    the top three cards of your deck, you may play one of them for free, the rest go to
    your discard.  On its own (Apotheosis) it is not a Second Wind: nothing is marked used
    and no "after you second wind" trigger fires.  The card to play is picked among the
    three before the change happens (a verb never asks halfway through); with the Control
    gone, a banner no longer stops any of them."""
    help: ClassVar = "Invoke's effect: remove all your Control, reveal your hand and draw"
    example: ClassVar = "invoke"

    def render(self, step: "Step", r: Any) -> str:
        return ("Invoke (remove all Control from yourself and reveal the top three cards of your deck; "
                "you may play one of them for Free, and the rest go to your discard)")

    def needs(self, ctx: "Ctx", step: "Step", choices: list) -> Decision | None:
        if choices:
            return None
        game, me = ctx.game, ctx.controller
        top = game.state.zones[zone("deck", me)][:3]
        opts = [Action("free", (c,), f"play {game.name(c)} for free") for c in top
                if not game.cdef(c).header.passive and target_plan_exists(game, me, c)[0]]
        if not opts:
            choices.append("")
            return None
        opts.append(Action("free", ("",), "play none of them"))
        names = ", ".join(game.name(c) for c in top)
        return Decision(me, "play_free", f"{ctx.card().name}: Invoke reveals {names}: play one for free?", opts)

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game, me = ctx.game, ctx.controller
        p = game.state.players[me]
        cause = ctx.card().name
        for k in CONTROL_KINDS:
            if p.stats.get(k, 0):
                game.log("control", f"{p.name} removes {p.stats[k]} {k} (Invoke)", cause, me)
                p.stats[k] = 0
        top = list(game.state.zones[zone("deck", me)][:3])
        chosen = choices[0] if choices else ""
        for c in top:
            game.card(c).revealed = True
        game.log("reveal", f"{p.name} reveals {', '.join(game.name(c) for c in top) or 'nothing'} (Invoke)", cause, me)
        for c in top:
            if c != chosen:
                move(game, c, zone("discard", me))
        if chosen and chosen in top:
            move(game, chosen, "limbo")
            game.push("play", card=chosen, ctl=me, response=True, free=True, origin=zone("discard", me))


class TakeBottom(IvionVerb):
    """``take_bottom N cards``: put the bottom N cards of your deck into your hand
    (Epiphany).  Not a draw: an empty deck gives nothing and no exhaustion damage."""
    help: ClassVar = "put the bottom cards of your deck into your hand"
    example: ClassVar = "take_bottom 2 cards"
    amount: ClassVar = "optional"
    units: ClassVar = ("card", "cards", "")

    def render(self, step: "Step", r: Any) -> str:
        n = r.expr(step.amount) if step.amount is not None else "1"
        return "put the bottom card of your deck into your hand" if n == "1" else \
            f"put the bottom {n} cards of your deck into your hand"

    def run(self, ctx: "Ctx", step: "Step", choices: list) -> None:
        game, me = ctx.game, ctx.controller
        for _ in range(ctx.value(step.amount, 1)):
            deck = game.state.zones[zone("deck", me)]
            if not deck:
                game.log("take", f"{game.state.players[me].name}'s deck is empty: nothing to take", ctx.card().name, me)
                return
            game.move_card(deck[-1], zone("hand", me))
            game.log("take", f"{game.state.players[me].name} puts the bottom card of their deck into their hand",
                     ctx.card().name, me)


STATICS: Final = {
    "counts_as_second_wind": "this counts as your Second Wind",
    "second_wind_again_at": "if you would be reduced to {0} or less HP for the first time, you are instead "
                            "reduced to {0} HP and you Second Wind again",
    "takes_first_turn": "you take the first turn",
}


def _used(ctx: "Ctx", cond: Any) -> bool:
    return bool(ctx.game.state.players[ctx.controller].flags.get("second_wind_used"))


def register(vocab: "Vocabulary") -> None:
    vocab.verb("second_wind")(UseSecondWind)
    vocab.verb("invoke")(Invoke)
    vocab.verb("take_bottom")(TakeBottom)
    vocab.condition("used_second_wind")(Word("you've already used your Second Wind", _used))
    for name, text in STATICS.items():
        vocab.static(name)(StaticText(text))
