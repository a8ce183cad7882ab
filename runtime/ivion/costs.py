"""What a card costs to play now: its printed cost less the cost reductions in play.

A reduction is a static on a card in play (attached, or a feat in the feat zone):

    static reduce_cost = [SCOPE,] N [, TYPE ...] [, actions | power]

"attack cards you play cost 1 less resource" is ``static reduce_cost = you, 1, attack``.
SCOPE says whose cards (``you`` by default, ``enemies``, ``all``); TYPE words limit it to
cards of those types (``attack``, ``ability``, ``buff``, ``debuff``, ``travel``, ``aura``,
``instant``); ``actions`` or ``power`` limits it to that part of the cost ("costs up to 2
actions less"); ``second`` limits it to the second card of those types the player plays
during their own turn (Accursed Strength).

Rules (rulings.md § From reminder texts: "cost reductions can't reduce an action or power
cost to zero"; catalogue IV-RES-9, G-17): for "N less resources" the player chooses which
part is reduced; a part of 1 or more never goes below the floor (option
``cost_reduction_floor``, default 1), a part of 0 stays 0, so a reduction never makes a
gain, and one that can't apply does nothing.  Playing for free or with cantrip costs 0,
whatever the reductions.

Nearly always no card carries the rule: ``reduces`` answers that from the listener index
with one dictionary look-up, so the playability check stays as cheap as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.words import Word

from .permissions import SCOPES, applying

if TYPE_CHECKING:
    from cardsmith.runtime.core.effects import CardDef
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.interpreter import Ctx
    from cardsmith.runtime.core.registry import Vocabulary
    from cardsmith.runtime.core.state import StackItem

RULE: Final = "reduce_cost"
TYPE_WORDS: Final = frozenset({"attack", "ability", "buff", "debuff", "travel", "aura", "instant"})
PARTS: Final = {"actions": "actions", "action": "actions", "power": "power"}


def reduces(game: "Game") -> bool:
    """Whether any card in play carries a cost reduction (one look-up)."""
    return game.any_static(RULE)


def _matches(game: "Game", player: int, cdef: "CardDef", words: list[str]) -> bool:
    types = [w for w in words if w in TYPE_WORDS]
    h = cdef.header
    if types and not any((h.instant if w == "instant" else w in h.types) for w in types):
        return False
    if "second" in words:
        # the card being paid for would be the second of its kind this turn
        return game.state.active == player and \
            any(played_this_turn(game, player, t) == 1 for t in (types or ("any",)))
    return True


def _kinds(cdef: "CardDef") -> list[str]:
    h = cdef.header
    return ["any", *sorted(h.types), *(["instant"] if h.instant else [])]


def played_this_turn(game: "Game", player: int, kind: str) -> int:
    """How many cards of a type (``any``: at all) the player played during their own turn."""
    return game.state.used.get(f"turn:played_{kind}:{player}", 0)


def note_play(game: "Game", item: "StackItem", cdef: "CardDef") -> None:
    """Count a card played during its controller's own turn, by type; the stack item keeps
    its place in the count (``nth``) for "your second Attack card" (Accursed Strength).
    The ``turn:`` marks clear at the start of every turn."""
    me = item.controller
    if game.state.active != me:
        return
    used = game.state.used
    for kind in _kinds(cdef):
        key = f"turn:played_{kind}:{me}"
        used[key] = used.get(key, 0) + 1
        item.flags[f"nth_{kind}"] = used[key]


def reductions(game: "Game", player: int, cdef: "CardDef") -> dict[str, int]:
    """How much less ``player`` pays for this card: ``{"any": N, "actions": N, "power": N}``."""
    out = {"any": 0, "actions": 0, "power": 0}
    for _, ab in applying(game, RULE, player):
        words = [str(a) for a in ab.args if isinstance(a, str) and a not in SCOPES]
        nums = [int(a) for a in ab.args if isinstance(a, int) or str(a).isdecimal()]
        if not nums or not _matches(game, player, cdef, words):
            continue
        part = next((PARTS[w] for w in words if w in PARTS), "any")
        out[part] += nums[0]
    return out


def options(game: "Game", player: int, cdef: "CardDef", extra: int = 0) -> list[dict[str, int]]:
    """Each cost the player may choose to pay for this card now, cheapest choices only.

    One entry (the printed cost) unless a reduction applies; with "N less resources" and
    both parts reducible, one entry per way of splitting N (G-17).  ``extra`` is a one-off
    reduction of the play itself ("play a card for 1 less resource": To the Fray)."""
    h = cdef.header
    printed = {"actions": h.action_cost, "power": h.power_cost}
    if not extra and not reduces(game):
        return [printed]
    less = reductions(game, player, cdef) if reduces(game) else {"any": 0, "actions": 0, "power": 0}
    less["any"] += extra
    if not any(less.values()):
        return [printed]
    floor = int(game.state.options.get("cost_reduction_floor", 1))

    def reduced(part: str, by: int) -> int:
        n = printed[part]
        return n if n == 0 else max(min(n, floor), n - by)

    found: list[dict[str, int]] = []
    for to_actions in range(less["any"] + 1):
        cost = {"actions": reduced("actions", to_actions + less["actions"]),
                "power": reduced("power", less["any"] - to_actions + less["power"])}
        if cost not in found:
            found.append(cost)
    # keep only the choices nothing else beats on both parts
    return [c for c in found
            if not any(o != c and o["actions"] <= c["actions"] and o["power"] <= c["power"] for o in found)]


def affordable(game: "Game", player: int, cdef: "CardDef", extra: int = 0) -> list[dict[str, int]]:
    """The costs the player can pay now (in ``options`` order)."""
    stats = game.state.players[player].stats
    return [c for c in options(game, player, cdef, extra)
            if all(stats.get(k, 0) >= n for k, n in c.items())]


def describe(cost: dict[str, int]) -> str:
    parts = [f"{cost['actions']} action{'s' if cost['actions'] != 1 else ''}" if cost["actions"] else "",
             f"{cost['power']} power" if cost["power"] else ""]
    return " + ".join(p for p in parts if p) or "nothing"


def _played_item(ctx: "Ctx"):
    """The stack entry of the card a "play" trigger is about (bound as ``it``)."""
    cid = ctx.bound("it") or ""
    for item in reversed(ctx.game.state.stack):
        if item.card == cid:
            return item
    return None


def _cost_reduced(ctx: "Ctx", cond) -> bool:
    item = _played_item(ctx)
    return bool(item is not None and item.flags.get("reduced"))


def _second_attack(ctx: "Ctx", cond) -> bool:
    item = _played_item(ctx)
    return bool(item is not None and item.flags.get("nth_attack") == 2)


def register(vocab: "Vocabulary") -> None:
    """Conditions for "after you play your second Attack card ..., if its cost was reduced"
    (Accursed Strength): they read the card the ``play`` trigger is about."""
    vocab.condition("cost_reduced")(Word("its cost was reduced", _cost_reduced))
    vocab.condition("second_attack")(Word("it is your second Attack card this turn", _second_attack))


class ReduceCost:
    """The static's English, for ``cardsmith show`` (a card's text comes from its script)."""

    def render(self, node, r) -> str:
        args = [str(a) for a in node.args]
        scope = args[0] if args and args[0] in SCOPES else "you"
        nums = [a for a in args if a.isdecimal()]
        n = nums[0] if nums else "0"
        types = [a.capitalize() for a in args if a in TYPE_WORDS]
        part = next((PARTS[a] for a in args if a in PARTS), "")
        second = "the second " if "second" in args else ""
        whose = {"you": "you play", "enemies": "enemies play", "opponents": "opponents play"}.get(scope, "anyone plays")
        what = (" or ".join(types) + (" card" if second else " cards")) if types else ("card" if second else "cards")
        unit = part if part else ("Resource" if n == "1" else "Resources")
        if second:
            return (f"{second}{what} {whose} during your turn costs {n} less {unit} "
                    f"(action and power costs can't be reduced to zero this way)")
        return (f"{what} {whose} cost {n} less {unit} "
                f"(action and power costs can't be reduced to zero this way)")
