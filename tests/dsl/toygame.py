"""A small stand-in game for the language's own tests.

It uses Ivion's card header (its grammar, reader and header checks) under the name ``toy``
(extension ``.toy``), with a handful of verbs and words of its own, so the language's tests
don't depend on how far the real Ivion vocabulary has got, and can't break when a real
verb's shape changes.  It brings its card language the way any game does: its rules name
the card header (``card_header``) and its vocabulary the words (``vocab.words``); the
language builds the toy's grammar from those on first use.
"""
from __future__ import annotations

from typing import Any

from cardsmith.runtime.core.effects import Step
from cardsmith.runtime.core.registry import _GAMES, register_game
from cardsmith.runtime.core.rules import GameRules
from cardsmith.runtime.core.verbs import Verb
from cardsmith.runtime.ivion import header_reader
from cardsmith.runtime.ivion.header import header_line, make_header


class ToyRules(GameRules):
    name = "toy"
    card_header = header_reader

    def make_header(self, fields: dict[str, Any], where: str) -> object:
        return make_header(fields, where)

    def render_header(self, header: Any) -> str:
        return header_line(header)


class Deal(Verb):
    amount = "required"
    units = ("damage",)
    clauses = frozenset({"to"})
    required = frozenset({"to"})
    max_amount = 20

    def render(self, step: Step, r: Any) -> str:
        more = " more" if step.more else ""
        return f"deal {r.expr(step.amount)}{more} damage {r.clause_of(step, 'to')}"


class Heal(Verb):
    amount = "required"
    units = ("hp", "")
    obj = "optional"


class Gain(Verb):
    amount = "required"
    units = ("action", "actions", "power", "initiative", "mitigate")


class Draw(Verb):
    amount = "optional"
    units = ("card", "cards")


class Move(Verb):
    obj = "optional"
    clauses = frozenset({"upto", "to", "towards", "away"})


class Counter(Verb):
    obj = "required"
    nouns = frozenset({"card"})
    clauses = frozenset({"unless"})


class Stun(Verb):
    obj = "required"


class Attach(Verb):
    obj = "optional"
    clauses = frozenset({"to", "duration", "until_end_of_turn"})


class Discard(Verb):
    amount = "optional"
    units = ("card", "cards")
    obj = "optional"


class Cond:
    def test(self, ctx: Any, cond: Any) -> bool:
        return True


class Quantity:
    def value(self, ctx: Any, expr: Any) -> int:
        return 1


def build(cls: type[ToyRules] = ToyRules) -> ToyRules:
    rules = cls()
    v = rules.vocab
    for name, cls in [("deal", Deal), ("heal", Heal), ("gain", Gain), ("draw", Draw),
                      ("move", Move), ("counter", Counter), ("stun", Stun), ("attach", Attach),
                      ("discard", Discard)]:
        v.verb(name)(cls)
    for noun in ["enemy", "enemies", "player", "players", "tile", "tiles", "empty tile", "card",
                 "cards", "character", "characters", "attached card", "opponent"]:
        v.noun(noun)(object())
    for f in ["near", "in terrain", "controlled", "targeting", "attack", "within"]:
        v.filter(f)(object())
    for c in ["advantage", "breach", "frenzy", "has", "countered", "controlled", "wounded"]:
        v.condition(c)(Cond())
    for e in ["turn_start", "turn_end", "stun", "second_wind", "enter", "play", "deal"]:
        v.event(e)(object())
    v.quantity("cards in hand")(Quantity())
    v.static("max_power")(object())
    v.keywords.update({"cantrip": "draw a card after it resolves", "once_per_game": "once a game"})
    v.words(units=("damage", "power", "cards", "card", "actions", "action", "initiative", "mitigate", "hp",
                   "control", "terrain"),
            labels=("advantage", "breach", "frenzy"),
            zones=("its owner's hand", "hand", "deck top", "deck bottom", "discard"),
            distances=("tiles", "tile"),
            reserved=("near", "within", "last", "controlled", "uncontrolled", "targeting", "attached",
                      "adjacent", "exhausted", "revealed", "instant", "attack", "aura", "damage", "actions",
                      "action", "power", "initiative", "mitigate", "hp", "cards", "control", "difficult",
                      "enchanted", "terrain", "advantage", "breach", "frenzy", "unleash", "unleashed"))
    return rules


def install() -> ToyRules:
    """Register the toy game (idempotent): its card language comes with it."""
    if "toy" not in _GAMES:
        register_game(build())
    return _GAMES["toy"]  # type: ignore[return-value]
