"""A hero's HP: damage (reductions, mitigate, Third Wind's floor), healing, defeat, and the
points where Second Wind starts (second_wind.py has the rest: damage starts it, so it
starts here, with no import at each call).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .permissions import applying, may, total, value_args
from .players import exhausted, player_ref

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

SECOND_WIND_AT: Final = 20


def wounded_at(game: "Game", player: int) -> int:
    """The Second Wind threshold (IV-SW-1, G-7): 20 HP in the original rulebook; in the
    default ruleset the hero's HP tracker, whose wounded side the card data does not give,
    so the option ``wounded_at`` (default 20, or a per-player list).  Cards add to it
    (``static wounded_plus = N``, Coward)."""
    base = SECOND_WIND_AT
    if game.state.ruleset != "original":
        opt = game.state.options.get("wounded_at", SECOND_WIND_AT)
        base = int(opt[player]) if isinstance(opt, (list, tuple)) else int(opt)
    return base + total(game, "wounded_plus", player)


def start_second_wind(game: "Game", player: int, why: str, cause: str) -> None:
    """Use a Second Wind now: it interrupts whatever is happening (001 § Additional Rules >
    Second Wind; IV-SW-2).  The triggers already waiting wait in the frame and are let go
    when it is done, so the Second Wind goes before them."""
    p = game.state.players[player]
    p.flags["second_wind_used"] = True
    game.log("second wind", f"{p.name} {why}: second wind interrupts the turn", cause, player)
    held, game.state.triggered = game.state.triggered, []
    game.push("second_wind", player=player, held=held)


def again_at(game: "Game", player: int) -> int | None:
    """Third Wind's threshold (``static second_wind_again_at = N``), or None."""
    found = [v for _, ab in applying(game, "second_wind_again_at", player) for v in value_args(ab.args)]
    return max(found) if found else None


def floor_damage(game: "Game", player: int, dealt: int, cause: str) -> tuple[int, bool]:
    """Third Wind (tsv): "if you would be reduced to N or less HP for the first time, you
    are instead reduced to N HP".  Returns the damage that gets through and whether the
    extra Second Wind is due.  It is a replacement, not a reduction, so it works while the
    hero is exhausted (choices.md)."""
    p = game.state.players[player]
    n = again_at(game, player) if dealt > 0 and not p.flags.get("third_wind_used") else None
    hp = p.stats.get("hp", 0)
    if n is None or hp - dealt > n:
        return dealt, False
    p.flags["third_wind_used"] = True
    kept = max(0, hp - n)
    if kept < dealt:
        game.log("third wind", f"{p.name} would be at {max(hp - dealt, 0)} HP: instead at {min(hp, n)}", cause, player)
    return kept, True


def damage(game: "Game", source_player: int, target: int, n: int, cause: str, *,
           settle: bool = True) -> int:
    """Deal damage (IV-RES-10, G-10): reductions first, then mitigate, then HP.

    An exhausted hero's damage can't be reduced (001 § Additional Rules > Exhaustion;
    IV-EXH-2): neither by reductions nor by mitigate, which is what reduces the damage a
    hero takes (G-8); the option ``exhaustion_blocks_mitigate`` set false lets mitigate
    absorb even then, reading it as taking the damage rather than reducing it.
    Third Wind's floor comes last: it replaces how far the HP drops (``floor_damage``).
    ``settle=False`` leaves the check for defeat and Second Wind to the caller, which damages
    several heroes at once and then calls ``settle_hp`` (G-22).
    """
    if n <= 0 or game.state.over:
        return 0
    p = game.state.players[target]
    stats = p.stats
    tired = exhausted(game, target)
    reduced = 0
    if not tired:
        reduced = min(n, total(game, "reduce_damage", target))
    n -= reduced
    absorbed = 0
    if stats.get("mitigate", 0) and not (tired and game.state.options.get("exhaustion_blocks_mitigate")):
        absorbed = min(n, stats["mitigate"])
        stats["mitigate"] -= absorbed
    dealt, again = floor_damage(game, target, n - absorbed, cause)
    stats["hp"] = max(0, stats.get("hp", 0) - dealt)      # HP never reads below 0 (000 § Introduction)
    extra = "".join([f" ({reduced} reduced)" if reduced else "", f" ({absorbed} mitigated)" if absorbed else ""])
    game.log("damage", f"{p.name} takes {dealt} damage{extra}, HP {max(stats['hp'], 0)}", cause, target)
    if dealt:
        game.emit("damage", who=source_player, target=target, amount=dealt,
                  bind={"them": player_ref(target)})
    if again:
        p.flags["second_wind_due"] = p.flags.get("second_wind_due", 0) + 1
    if settle:
        check_hp(game, target, cause)
    return dealt


def settle_hp(game: "Game", targets: list[int], cause: str) -> None:
    """After one event damaged several heroes at once (one step: "deal 12 damage to each
    character in them"), check them together (G-22).  Heroes of more than one side at 0 HP
    end the game by the option ``both_at_zero``: ``draw`` (the default), ``active_loses``,
    ``active_wins``; with ``sequential`` the damage never gets here (it is dealt and
    checked one hero at a time, the first at 0 losing)."""
    state = game.state
    down = [t for t in dict.fromkeys(targets) if state.players[t].stats.get("hp", 0) <= 0]
    sides = {state.players[t].team for t in down}
    if len(sides) > 1 and not state.over:
        rule = state.options.get("both_at_zero", "draw")
        names = " and ".join(state.players[t].name for t in down)
        active = state.players[state.active]
        state.over = True
        if rule == "active_loses":
            state.winner = next(q.team for q in state.players if q.team != active.team)
            state.result = f"{names} are at 0 HP at once ({cause}): {active.name}, the active player, loses"
        elif rule == "active_wins":
            state.winner = active.team
            state.result = f"{names} are at 0 HP at once ({cause}): {active.name}, the active player, wins"
        else:
            state.winner = -1
            state.result = f"draw: {names} are at 0 HP at once ({cause})"
        game.log("game over", state.result, cause)
        return
    # Second Winds in turn order, the active player's first (001 § Simultaneous Effects):
    # the frame pushed last runs first.
    order = sorted(dict.fromkeys(targets), key=lambda t: (t - state.active) % len(state.players))
    for t in reversed(order):
        check_hp(game, t, cause)


def check_hp(game: "Game", target: int, cause: str) -> None:
    p = game.state.players[target]
    hp = p.stats.get("hp", 0)
    if hp <= 0 and not game.state.over:
        p.stats["hp"] = max(hp, 0)
        winners = [q for q in game.state.players if q.team != p.team]
        game.state.over = True
        game.state.winner = winners[0].team if winners else -1
        names = " and ".join(q.name for q in winners)
        game.state.result = f"{names} wins: {p.name} is at 0 HP ({cause})"
        game.log("game over", game.state.result, cause)
        return
    if game.state.over:
        return
    first = not p.flags.get("second_wind_used") and hp <= wounded_at(game, target)
    # Third Wind's extra Second Wind goes after the first one, so it is pushed first.
    for _ in range(p.flags.pop("second_wind_due", 0)):
        start_second_wind(game, target, f"is at {hp} HP and winds again", cause)
    if first:
        start_second_wind(game, target, f"is at {hp} HP", cause)


def heal(game: "Game", target: int, n: int, cause: str) -> int:
    """Gain HP up to the maximum (IV-RES-11).  An exhausted hero can't gain HP (IV-EXH-2)
    unless a card says they can; a card's "can't gain HP" beats both (IV-GOLD-2)."""
    p = game.state.players[target]
    if not may(game, target, "gain_hp", not exhausted(game, target)):
        why = "exhausted" if exhausted(game, target) else "a card forbids it"
        game.log("heal", f"{p.name} can't gain HP ({why})", cause, target)
        return 0
    before = p.stats["hp"]
    p.stats["hp"] = min(p.stats.get("max_hp", before), before + n)
    got = p.stats["hp"] - before
    game.log("heal", f"{p.name} heals {got} HP, HP {p.stats['hp']}", cause, target)
    return got
