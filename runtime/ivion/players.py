"""Ivion's bookkeeping on players: resources, Control, mitigate, damage, healing, drawing.

Every change is logged with its cause, every cap is the Rule of Five unless a card's
static ability changes it (001 § Rule of Five; 000 § Maximum of 5), and spending (not
losing) resources removes Control (001 § Control > Removing Control).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core.state import card_zone

from .header import IvionHeader
from .permissions import _affects, applying, may, total, value_args

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

RESOURCES: Final = ("actions", "power")
CAPPED: Final = ("actions", "power", "initiative", "slow", "silence", "disarm", "mitigate", "poison", "luck")
#: caps that are engine options rather than the Rule of Five (G-21: "max Poison", cap 5
#: assumed; Luck tokens, capped like every token by the Rule of Five until a card says more)
CAP_OPTIONS: Final = {"poison": "max_poison", "luck": "max_luck"}
#: the static that changes each cap (``static max_power = N``), named once
CAP_RULES: Final = {stat: "max_" + stat for stat in CAPPED}
SECOND_WIND_AT: Final = 20
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


@lru_cache(maxsize=None)
def player_ref(i: int) -> str:
    """"player:0", the reference to a hero: targets, bindings and events name heroes so
    hundreds of times a game, so each is made once."""
    return f"player:{i}"


@lru_cache(maxsize=None)
def beneath(card_id: str) -> str:
    """The zone of the cards beneath a card ("beneath:card12", IV-ZONE-6; piles.py)."""
    return card_zone("beneath", card_id)


@lru_cache(maxsize=None)
def zone(kind: str, player: int) -> str:
    """A player's zone name ("hand:0"): a few dozen names asked for hundreds of times a
    game, so each is made once."""
    return f"{kind}:{player}"


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


def control_total(game: "Game", player: int) -> int:
    stats = game.state.players[player].stats
    return stats.get("slow", 0) + stats.get("silence", 0) + stats.get("disarm", 0)


def controlled(game: "Game", player: int) -> bool:
    return control_total(game, player) > 0


def enemies(game: "Game", player: int) -> list[int]:
    team = game.state.players[player].team
    return [p.index for p in game.state.players if p.team != team and not p.flags.get("defeated")]


def exhausted(game: "Game", player: int) -> bool:
    """No cards left in the deck, or made exhausted by a card (001 § Rules Reference >
    Additional Rules > Exhaustion; IV-EXH-1)."""
    return bool(game.state.players[player].flags.get("exhausted")) or \
        not game.state.zones.get(zone("deck", player))


#: Zones whose cards every player may see (001 § Additional Rules > Zones; IV-ZONE-1).
PUBLIC_KINDS: Final = ("discard", "feats", "field", "stack", "removed", "limbo", "trap_discard", "rules", "master_arrow")
#: ... and those some or all may not see: the piles beneath cards (IV-ZONE-6) show only
#: their face-up (revealed) cards; a Collection, outside the game, its owner only; a
#: Fletcher's Feather and Arrowhead decks no one (the Master Arrow is public)
PRIVATE_KINDS: Final = frozenset(("deck", "hand", "relics", "traps", "beneath", "collection", "feathers", "arrowheads"))


def is_public(zone_name: str) -> bool:
    return zone_name.split(":", 1)[0] in PUBLIC_KINDS


def move(game: "Game", cid: str, to: str, index: int | None = None) -> None:
    """Move a card; a card going from a private zone to a public one becomes revealed and
    stays face up even if it goes back to a private zone (001 § Additional Rules > Revealing
    Cards; IV-ZONE-3, G-27)."""
    card = game.state.cards[cid]
    was = card.zone
    game.move_card(cid, to, index)
    if was.split(":", 1)[0] in PRIVATE_KINDS and is_public(to) and not card.revealed:
        card.revealed = True
        where = game.rules.describe_zone
        game.log("reveal", f"{card.name} is revealed", f"from {where(game, was)} to {where(game, to)}", card.owner)


def shuffle_deck(game: "Game", player: int, cause: str = "") -> None:
    """Shuffle a deck; the revealed cards in it are no longer revealed (001 § Additional
    Rules > Revealing Cards; IV-ZONE-4; option ``shuffle_unreveals``)."""
    deck = zone("deck", player)
    if game.state.options.get("shuffle_unreveals", True):
        for cid in game.state.zones.get(deck, ()):
            game.state.cards[cid].revealed = False
    game.shuffle(deck)
    game.log("shuffle", f"{game.state.players[player].name} shuffles their deck", cause, player)


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


def gain(game: "Game", player: int, stat: str, n: int, cause: str) -> int:
    if n <= 0:
        return 0
    p = game.state.players[player]
    stats = p.stats
    before = stats.get(stat, 0)
    limit = cap(game, player, stat) if stat in CAPPED else 10**6
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


# ---- Second Wind's starting points (second_wind.py has the rest): damage starts it and
# Third Wind's floor changes what damage does, so they live here, with no import at each call.

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
    IV-EXH-2).  Mitigate is not a reduction (the damage is taken, mitigate takes it first),
    so it still absorbs unless the option ``exhaustion_blocks_mitigate`` is set (G-8).
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


def draw(game: "Game", player: int, n: int, cause: str) -> None:
    """Draw cards; an exhausted player takes 5 damage instead of each draw (001 § Exhaustion)."""
    for _ in range(n):
        if game.state.over:
            return
        if game.replaced("draw", who=player, bind={"them": player_ref(player)}):
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


def clear_counters(card) -> None:
    """A card leaving play loses its Duration and the like; a feat keeps its charges, which
    belong to the feat for the whole game (G-20)."""
    charge = card.counters.get("charge")
    card.counters.clear()
    if charge is not None:
        card.counters["charge"] = charge


def send_home(game: "Game", cid: str, cause: str = "") -> None:
    """Where a card goes when it leaves play: feats to the feat zone, copies vanish,
    everything else to its owner's discard (001 § Feats; § Glossary: Copy, Relics)."""
    card = game.card(cid)
    cdef = game.cdef(cid)
    header: IvionHeader = cdef.header
    # A card attached to this one goes too: its object changed zones (000 § The Fox and
    # the Forest Rules Reference > Rules Reference Glossary > Attach; IV-ATT-6); it is
    # destroyed, heard while everything is still where it was.
    riders = [c for c in game.state.zones.get("field", ()) if game.state.cards[c].attached_to == cid]
    if riders:
        from .attach import destroyed
        for other in riders:
            destroyed(game, other, None)
    if card.attached_to.startswith("tile:"):
        cards = game.state.board.spaces[card.attached_to[5:]].cards
        if cid in cards:
            cards.remove(cid)
    card.attached_to = ""
    clear_counters(card)
    card.controller = card.owner
    if not header.is_feat and game.state.zones.get(beneath(cid)):
        # It leaves play: the cards beneath it go too (a feat stays in play; piles.py)
        from .piles import release
        release(game, cid, cause)
    for other in riders:
        game.log("destroy", f"{game.state.cards[other].name} is destroyed: what it was attached to left",
                 card.name, game.state.cards[other].controller)
        send_home(game, other)
    if card.token:
        game.remove_card(cid)
    elif header.is_feat:
        move(game, cid, zone("feats", card.owner))
    elif cdef.has("relic"):
        # A relic that would enter the discard is removed from the game instead
        # (001 § Rules Reference > Glossary > RELICS; IV-KW-RELIC-3).
        move(game, cid, zone("removed", card.owner))
        game.log("relic", f"{card.name} is removed from the game (a relic never goes to the discard)",
                 cause or card.name, card.owner)
    else:
        move(game, cid, zone("discard", card.owner))


def player_of(ref: str) -> int:
    return int(ref.split(":", 1)[1])

