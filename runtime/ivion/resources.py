"""Resources and tokens: gaining, losing, spending and refunding them within their caps,
and the Control that spending removes.

Every change is logged with its cause, every cap is the Rule of Five unless a card's
static ability changes it (001 § Rule of Five; 000 § Maximum of 5), and spending (not
losing) resources removes Control (001 § Control > Removing Control).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

from .permissions import SCOPES, _affects, value_args
from .players import control_total, player_ref

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

RESOURCES: Final = ("actions", "power")
CAPPED: Final = ("actions", "power", "initiative", "slow", "silence", "disarm", "mitigate", "poison", "luck")
#: caps that are engine options rather than the Rule of Five (G-21: "max Poison", cap 5
#: assumed; Luck tokens, capped like every token by the Rule of Five until a card says more)
CAP_OPTIONS: Final = {"poison": "max_poison", "luck": "max_luck"}
#: the static that changes each cap (``static max_power = N``), named once
CAP_RULES: Final = {stat: "max_" + stat for stat in CAPPED}
#: a player's flag: their next turn's start gives no initiative (Elfshot); the card's name
NO_INITIATIVE: Final = "no_initiative"
NAMES: Final = {"actions": "action", "power": "power", "initiative": "initiative", "mitigate": "mitigate",
                "slow": "slow", "silence": "silence", "disarm": "disarm", "hp": "HP",
                "poison": "Poison", "luck": "Luck"}


@lru_cache(maxsize=1024)
def amount(n: int, stat: str) -> str:
    """'1 action', '3 actions', '2 power' (every gain and spend logs one: each made once)."""
    word = NAMES.get(stat, stat)
    return f"{n} {word}s" if word == "action" and n != 1 else f"{n} {word}"


def cap(game: "Game", player: int, stat: str) -> int:
    """The most of ``stat`` a player may have: 5 (or the engine option for Poison and
    Luck, G-21), unless a static ability says otherwise.

    ``static max_power = [SCOPE,] N`` sets the cap to N for the players its scope names
    (``you`` by default, ``enemies`` for a card attached to an opponent, Lullaby).  Cards
    may raise or lower a cap (IV-RES-4); where one raises and another lowers, the lowest
    lowered cap holds (can't beats can, IV-GOLD-2)."""
    option = CAP_OPTIONS.get(stat)
    best = int(game.state.options.get(option, 5)) if option else 5
    rule = CAP_RULES.get(stat) or "max_" + stat
    if not game.any_static(rule):       # every gain asks; nearly no card says
        return best
    lowered: int | None = None
    raised = best
    for cid, ab in game.statics(rule):
        values = value_args(ab.args)
        if not values or not _affects(game, game.card(cid).controller, ab.args, player):
            continue
        if values[0] < best:
            lowered = values[0] if lowered is None else min(lowered, values[0])
        else:
            raised = max(raised, values[0])
    return lowered if lowered is not None else raised


def gain(game: "Game", player: int, stat: str, n: int, cause: str, *, exceed: bool = False) -> int:
    """Add ``n`` of ``stat`` within its cap; ``exceed``: past it (tsv Shield Wall: "This can
    cause them to exceed their max"; IV-RES-4: cards may exceed a cap)."""
    if n <= 0:
        return 0
    p = game.state.players[player]
    stats = p.stats
    before = stats.get(stat, 0)
    limit = cap(game, player, stat) if stat in CAPPED and not exceed else 10**6
    # Over a lowered cap already: they keep what they have, and gain nothing (IV-RES-5).
    after = stats[stat] = max(before, min(limit, before + n))
    got = after - before
    who = p.name
    if not got:
        game.log("gain", f"{who} gains nothing: {amount(n, stat)} would pass the cap of {limit}", cause, player)
    elif got < n:
        game.log("gain", f"{who} gains {amount(got, stat)} ({n - got} more would pass the cap of {limit})",
                 cause, player)
    else:
        game.log("gain", f"{who} gains {amount(got, stat)}", cause, player)
    return got


def lose(game: "Game", player: int, stat: str, n: int, cause: str) -> int:
    """Lose (not spend): no Control comes off (001 § Glossary: Stun)."""
    stats = game.state.players[player].stats
    got = min(n, stats.get(stat, 0))
    if got:
        stats[stat] -= got
        game.log("lose", f"{game.state.players[player].name} loses {amount(got, stat)}", cause, player)
    return got


def spend(game: "Game", player: int, amounts: dict[str, int], cause: str, *,
          remove_control: bool = True) -> int:
    """Spend resources; then Control comes off, one token per resource spent."""
    p = game.state.players[player]
    stats = p.stats
    total = 0
    parts = []
    for stat, n in amounts.items():
        if n <= 0:
            continue
        if stats.get(stat, 0) < n:
            raise ValueError(f"can't spend {n} {stat}: has {stats.get(stat, 0)}")
        stats[stat] -= n
        total += n
        parts.append(amount(n, stat))
    if total:
        game.log("spend", f"{p.name} spends {', '.join(parts)}", cause, player)
        if remove_control:
            control_comes_off(game, player, total, cause)
    return total


def control_comes_off(game: "Game", player: int, n: int, cause: str) -> None:
    """Queue the removal of up to ``n`` Control tokens, the player choosing which."""
    if n > 0 and control_total(game, player) > 0:
        game.push("remove_control", player=player, n=n, cause=cause)


def refund(game: "Game", player: int, amounts: dict[str, int], cause: str) -> None:
    """Give back what was paid, within the caps (rulings.md: the refund obeys the rule of 5)."""
    for stat, n in amounts.items():
        if stat in RESOURCES and n > 0:
            got = gain(game, player, stat, n, cause)
            if got < n:
                game.log("refund", f"{amount(n - got, stat)} of the refund is lost to the cap", cause, player)


def apply_control(game: "Game", source_player: int, target: int, kind: str, n: int, cause: str) -> int:
    got = gain(game, target, kind, n, cause)
    if got:
        game.emit(kind, who=source_player, target=target, amount=got, bind={"them": player_ref(target)})
    return got


class CapText:
    """The English of ``static max_STAT = [SCOPE,] N`` (a card's text is rendered from its
    script): "Enemies' max power is 4." (Lullaby), "Your max power is 6."."""

    def __init__(self, stat: str) -> None:
        self.stat = stat

    def render(self, node, r) -> str:
        args = [str(a) for a in node.args]
        scope = args[0] if args and args[0] in SCOPES else "you"
        whose = {"you": "your", "enemies": "enemies'", "opponents": "opponents'"}.get(scope, "each player's")
        values = value_args(node.args)
        n = values[0] if values else 5
        return f"{whose} max {NAMES.get(self.stat, self.stat)} is {n}"
