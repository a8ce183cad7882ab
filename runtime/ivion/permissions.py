"""Static "can" and "can't" rules from cards, and how they meet the rulebook.

Two rules decide every conflict (001 § Learn to Play > How to Play > End, "The Golden
Rule"; 000 § The Fox and the Forest Rules Reference > Rules Reference Glossary > Can't
Beats Can; catalogue IV-GOLD-1, IV-GOLD-2):

* card text beats the rulebook: a card's ``can_X`` permits X even where a rule forbids it
  (``can_move`` lets a slowed hero move);
* can't beats can: a card's ``cant_X`` forbids X even where another card permits it.

So ``may(game, player, X, default)`` is: any ``cant_X`` -> False; else any ``can_X`` ->
True; else the rulebook's ``default``.

A static's first argument says whom it affects, from its controller's point of view:
``you`` (the default), ``enemies`` / ``opponents``, or ``all``.  Numbers that follow are
the rule's value (``static reduce_damage = you, 1``, or just ``= 1``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardsmith.runtime.core.effects import Static
from cardsmith.runtime.core.words import Word

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

SCOPES: Final = ("you", "enemies", "opponents", "all", "everyone")

#: The static rules this module gives meaning to (registered in ``words.register``).
RULES: Final = (
    "cant_move", "can_move",                 # moving (slow forbids it by the rules)
    "cant_gain_hp", "can_gain_hp",           # healing (exhaustion forbids it by the rules)
    "cant_be_targeted",                      # by enemies' cards (``TARGETED``: qualifiers)
    "cant_be_countered",                     # on the card itself, while it is unresolved
    "cant_be_stunned",
    "reduce_damage",                         # you take N less damage from each source
    "max_hand",                              # the end-of-turn hand limit
    "wounded_plus",                          # the Second Wind threshold moves up by N
)


def _affects(game: "Game", controller: int, args: tuple, player: int) -> bool:
    scope = str(args[0]) if args and str(args[0]) in SCOPES else "you"
    if scope in ("all", "everyone"):
        return True
    same = game.state.players[controller].team == game.state.players[player].team
    if scope == "you":
        return controller == player
    return not same


def value_args(args: tuple) -> list[int]:
    """The numbers of a static's arguments (its scope word skipped)."""
    return [int(a) for a in args if not (isinstance(a, str) and a in SCOPES) and str(a).lstrip("-").isdecimal()]


def applying(game: "Game", rule: str, player: int) -> list[tuple[str, "Static"]]:
    """Each (card id, static) of ``rule`` that affects ``player`` now.

    Asked for every enemy of every card in hand at each decision, and nearly always no
    card carries the rule: the listener index answers that without building anything."""
    if not game.any_static(rule):
        return []
    return [(cid, ab) for cid, ab in game.statics(rule)
            if _affects(game, game.card(cid).controller, ab.args, player)]


@lru_cache(maxsize=None)
def rule_names(what: str) -> tuple[str, str]:
    """The static rules that forbid and permit ``what`` ("cant_move", "can_move"), made
    once: every listing asks whether the hero may move, and a string built at each ask is
    a new one to allocate and hash."""
    return "cant_" + what, "can_" + what


def forbidden(game: "Game", player: int, what: str) -> str:
    """The name of a card that says ``player`` can't ``what`` ('' if none)."""
    for cid, _ in applying(game, rule_names(what)[0], player):
        return game.name(cid)
    return ""


def permitted(game: "Game", player: int, what: str) -> str:
    for cid, _ in applying(game, rule_names(what)[1], player):
        return game.name(cid)
    return ""


def may(game: "Game", player: int, what: str, default: bool) -> bool:
    """Can't beats can; can (card text) beats the rulebook's ``default``."""
    cant, can = rule_names(what)
    if not game.any_static(cant) and not game.any_static(can):
        return default              # nearly always: no card speaks of it (every listing asks)
    if forbidden(game, player, what):
        return False
    if permitted(game, player, what):
        return True
    return default


def total(game: "Game", rule: str, player: int) -> int:
    """The sum of the values of every ``rule`` static affecting ``player``."""
    return sum(sum(value_args(ab.args)) for _, ab in applying(game, rule, player))


#: the rule with qualifier words (``targeting.untargetable`` reads them; ``CantBeTargeted``)
TARGETED: Final = "cant_be_targeted"
#: ``by_you``: only its controller's cards are stopped, never from targeting their own
#: hero; ``unless_in_terrain``: a character in a tile with Terrain may be targeted
#: (Wild Roots: other characters are targets only while they stand in Terrain)
TARGETED_WORDS: Final = ("by_you", "unless_in_terrain")


class CantBeTargeted:
    """``cant_be_targeted``'s English, and its qualifier words checked as the card compiles.

    Plain, it is Wary's "you can't be targeted by enemies"; ``= all, by_you,
    unless_in_terrain`` is Wild Roots' limit (other characters are targets only while in
    Terrain): one rule for who may be chosen, so every place that picks targets asks it."""

    text: ClassVar = "can't be targeted"

    def check(self, args: tuple) -> list[str]:
        words = [str(a) for a in args]
        return [f"'{w}' is not a scope ({', '.join(SCOPES)}) or a qualifier ({', '.join(TARGETED_WORDS)})"
                for w in words if w not in SCOPES and w not in TARGETED_WORDS]

    def render(self, node, r) -> str:
        words = [str(a) for a in node.args]
        scope = words[0] if words and words[0] in SCOPES else "you"
        unless = " unless they're in Terrain" if "unless_in_terrain" in words else ""
        if "by_you" in words:
            return ("you can target other characters only while they are in Terrain" if unless
                    else "you can't target other characters")
        who = {"you": "you", "enemies": "your enemies", "opponents": "your opponents"}.get(scope, "characters")
        return f"{who} can't be targeted by enemies{unless}"


def card_says(game: "Game", cid: str, rule: str) -> bool:
    """Whether a card's own text carries a static rule (for a card on the stack)."""
    return any(isinstance(ab, Static) and ab.rule == rule for ab in game.cdef(cid).abilities)


class StaticText(Word):
    """A static rule that renders its own English (``{0}`` is its first number)."""

    def render(self, node: Any, r: Any) -> str:
        nums = value_args(node.args)
        return self.text.format(*nums) if nums else self.text
