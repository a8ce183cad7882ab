"""Ivion's bookkeeping on players: resources, Control, mitigate, damage, healing, drawing.

Every change is logged with its cause, every cap is the Rule of Five unless a card's
static ability changes it (001 § Rule of Five; 000 § Maximum of 5), and spending (not
losing) resources removes Control (001 § Control > Removing Control).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .header import CONTROL_KINDS

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

RESOURCES = ("actions", "power")
CAPPED = ("actions", "power", "initiative", "slow", "silence", "disarm", "mitigate")
SECOND_WIND_AT = 20
NAMES = {"actions": "action", "power": "power", "initiative": "initiative", "mitigate": "mitigate",
         "slow": "slow", "silence": "silence", "disarm": "disarm", "hp": "HP"}


def amount(n: int, stat: str) -> str:
    """'1 action', '3 actions', '2 power'."""
    word = NAMES.get(stat, stat)
    return f"{n} {word}s" if word == "action" and n != 1 else f"{n} {word}"


def zone(kind: str, player: int) -> str:
    return f"{kind}:{player}"


def cap(game: "Game", player: int, stat: str) -> int:
    """The most of ``stat`` a player may have: 5, unless a static ability says otherwise."""
    best = 5
    for cid, ab in game.statics("max_" + stat):
        if game.card(cid).controller == player and ab.args:
            best = max(best, int(ab.args[0]))
    return best


def control_total(game: "Game", player: int) -> int:
    stats = game.state.players[player].stats
    return stats.get("slow", 0) + stats.get("silence", 0) + stats.get("disarm", 0)


def controlled(game: "Game", player: int) -> bool:
    return control_total(game, player) > 0


def enemies(game: "Game", player: int) -> list[int]:
    team = game.state.players[player].team
    return [p.index for p in game.state.players if p.team != team and not p.flags.get("defeated")]


def exhausted(game: "Game", player: int) -> bool:
    """No cards left in the deck (001 § Exhaustion)."""
    return not game.state.zones.get(zone("deck", player))


def gain(game: "Game", player: int, stat: str, n: int, cause: str) -> int:
    if n <= 0:
        return 0
    stats = game.state.players[player].stats
    before = stats.get(stat, 0)
    limit = cap(game, player, stat) if stat in CAPPED else 10**6
    stats[stat] = min(limit, before + n)
    got = stats[stat] - before
    who = game.state.players[player].name
    if got < n:
        game.log("gain", f"{who} gains {amount(got, stat)} ({n - got} over the cap of {limit})", cause, player)
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
    stats = game.state.players[player].stats
    total = 0
    for stat, n in amounts.items():
        if n <= 0:
            continue
        if stats.get(stat, 0) < n:
            raise ValueError(f"can't spend {n} {stat}: has {stats.get(stat, 0)}")
        stats[stat] -= n
        total += n
    if total:
        parts = ", ".join(amount(n, s) for s, n in amounts.items() if n > 0)
        game.log("spend", f"{game.state.players[player].name} spends {parts}", cause, player)
        if remove_control:
            control_comes_off(game, player, total, cause)
    return total


def control_comes_off(game: "Game", player: int, n: int, cause: str) -> None:
    """Queue the removal of up to ``n`` Control tokens, the player choosing which."""
    if n > 0 and controlled(game, player):
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
        game.emit(kind, who=source_player, target=target, amount=got, bind={"them": f"player:{target}"})
    return got


def damage(game: "Game", source_player: int, target: int, n: int, cause: str) -> int:
    """Deal damage: mitigate takes it first unless the target is exhausted; then HP."""
    if n <= 0 or game.state.over:
        return 0
    p = game.state.players[target]
    stats = p.stats
    absorbed = 0
    if stats.get("mitigate", 0) and not exhausted(game, target):
        absorbed = min(n, stats["mitigate"])
        stats["mitigate"] -= absorbed
    dealt = n - absorbed
    stats["hp"] = stats.get("hp", 0) - dealt
    extra = f" ({absorbed} mitigated)" if absorbed else ""
    game.log("damage", f"{p.name} takes {dealt} damage{extra}, HP {stats['hp']}", cause, target)
    if dealt:
        game.emit("damage", who=source_player, target=target, amount=dealt,
                  bind={"them": f"player:{target}"})
    check_hp(game, target, cause)
    return dealt


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
    if hp <= SECOND_WIND_AT and not p.flags.get("second_wind_used"):
        p.flags["second_wind_used"] = True
        game.log("second wind", f"{p.name} is at {hp} HP: second wind interrupts the turn", cause, target)
        game.push("second_wind", player=target)


def heal(game: "Game", target: int, n: int, cause: str) -> int:
    p = game.state.players[target]
    if exhausted(game, target):
        game.log("heal", f"{p.name} can't gain HP while exhausted", cause, target)
        return 0
    before = p.stats["hp"]
    p.stats["hp"] = min(p.stats.get("max_hp", before), before + n)
    got = p.stats["hp"] - before
    game.log("heal", f"{p.name} heals {got} HP, HP {p.stats['hp']}", cause, target)
    return got


def draw(game: "Game", player: int, n: int, cause: str) -> None:
    """Draw cards; an exhausted player takes 5 damage instead of each draw (001 § Exhaustion)."""
    for _ in range(n):
        if game.state.over:
            return
        if game.replaced("draw", who=player, bind={"them": f"player:{player}"}):
            continue
        deck = game.state.zones[zone("deck", player)]
        if not deck:
            game.log("exhausted", f"{game.state.players[player].name} is exhausted: 5 damage instead of a draw", cause, player)
            damage(game, player, player, 5, "exhaustion")
            continue
        cid = deck[0]
        game.move_card(cid, zone("hand", player))
        game.log("draw", f"{game.state.players[player].name} draws {game.name(cid)}", cause, player, private=True)
        game.log("draw", f"{game.state.players[player].name} draws a card", cause, player)
        game.emit("draw", who=player)


def send_home(game: "Game", cid: str, cause: str = "") -> None:
    """Where a card goes when it leaves play: feats to the feat zone, copies vanish,
    everything else to its owner's discard (001 § Feats; § Glossary: Copy, Relics)."""
    card = game.card(cid)
    from .header import IvionHeader  # local: avoid a cycle at import time
    header: IvionHeader = game.cdef(cid).header
    card.attached_to = ""
    card.counters.clear()
    card.controller = card.owner
    if card.token:
        game.remove_card(cid)
    elif header.is_feat:
        game.move_card(cid, zone("feats", card.owner))
    else:
        game.move_card(cid, zone("discard", card.owner))
        card.revealed = True


def player_of(ref: str) -> int:
    return int(ref.split(":", 1)[1])


def control_summary(game: "Game", player: int) -> str:
    stats = game.state.players[player].stats
    parts = [f"{k} {stats.get(k, 0)}" for k in CONTROL_KINDS if stats.get(k, 0)]
    return ", ".join(parts) or "none"
