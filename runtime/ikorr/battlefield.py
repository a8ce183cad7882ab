"""Champions and locations on the battlefield: stats, damage, death, leaving, Ikorr.

Cites 004 § Champions & Fabled Champions, § Attack/Raid with Champions, § Glossary
(Battle, Death, Destroy, Heal, Lethal, Reanimate, Retreat, Secure, Store, Stun, Void) and
§ Victory Condition.  A card's marks live in its counters: ``damage`` and ``ikorr`` (stored
Ikorr) stay until healed, secured or the card leaves; ``summoned``, ``attacked``,
``raided``, ``supported`` hold the turn number they happened in; ``stun_until`` the last
turn a stun lasts; ``attack_bonus`` lasts until the end of the turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardsmith.runtime.core import keywords

from .zones import MAX_CHAMPIONS, IkorrState, champions, kind_of, on_battlefield, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game

#: counters that survive leaving the battlefield (Reanimate remembers it came back once)
KEEP: Final = ("reanimated",)


def who(game: "Game", cid: str) -> str:
    """A card as logs and prompts name it: its controller's, and where it stands on the
    battlefield ("bob's Stonebound Sentinel (slot 6)", "alice's Great Pyramid (location)"),
    so two champions of one name are told apart."""
    card = game.state.cards[cid]
    owner = game.state.players[card.controller].name
    where = card.zone
    if where.startswith("champions:"):
        return f"{owner}'s {card.name} (slot {card.counters.get('slot', 0) + 1})"
    if where.startswith(("location:", "avatar:")):
        return f"{owner}'s {card.name} ({kind_of(where)})"
    return f"{owner}'s {card.name}"


def counter(game: "Game", cid: str, key: str) -> int:
    return game.state.cards[cid].counters.get(key, 0)


def add_counter(game: "Game", cid: str, key: str, n: int) -> None:
    c = game.state.cards[cid].counters
    c[key] = c.get(key, 0) + n
    if c[key] == 0:
        del c[key]


# ---- stats (passive abilities apply while their card is on the battlefield) -----------

def attack_of(game: "Game", cid: str) -> int:
    card = game.state.cards[cid]
    h = game.cdef(cid).header
    value = h.attack + card.counters.get("attack_bonus", 0)
    for src, st in game.statics("loyal_attack"):
        # "Egyptian champions you control have +1 attack" (Troublesome Tanuki, 004 § Passive)
        if game.state.cards[src].controller == card.controller and st.args and \
                h.loyalty == st.args[0]:
            value += int(st.args[1]) if len(st.args) > 1 else 1
    return max(0, value)


def health_of(game: "Game", cid: str) -> int:
    return game.cdef(cid).header.health


def allows(game: "Game", cid: str, what: str) -> bool:
    """Whether one of the champion's keywords allows it ``what`` (keywords.py: Swift, Fury,
    Support)."""
    return keywords.allows(game.cdef(cid), what)


def has_static(game: "Game", cid: str, rule: str) -> bool:
    return any(src == cid for src, _ in game.statics(rule))


def stunned(game: "Game", cid: str) -> bool:
    """Stun: until the end of the next turn the champion can't attack, raid or secure."""
    return game.state.turn <= game.state.cards[cid].counters.get("stun_until", -1)


def did(game: "Game", cid: str, what: str) -> bool:
    return game.state.cards[cid].counters.get(what, -1) == game.state.turn


# ---- Ikorr -----------------------------------------------------------------------------

def store(game: "Game", cid: str, n: int, cause: str) -> None:
    """Store: place Ikorr on the designated subject (004 § Glossary)."""
    if n <= 0 or not on_battlefield(game, cid):
        return
    add_counter(game, cid, "ikorr", n)
    game.log("store", f"{who(game, cid)} stores {n} Ikorr (now {counter(game, cid, 'ikorr')})", cause,
             game.state.cards[cid].controller)


def secure(game: "Game", team: int, n: int, cause: str) -> None:
    """Add Ikorr to a team's secured pile, then check victory (004 § Victory Condition)."""
    state: IkorrState = game.state  # type: ignore[assignment]
    if n <= 0 or state.over:
        return
    state.secured[team] += n
    game.log("secure", f"team {team + 1} secures {n} Ikorr ({state.secured[team]}/{state.target})", cause)
    check_victory(game)


def check_victory(game: "Game") -> None:
    state: IkorrState = game.state  # type: ignore[assignment]
    if state.over:
        return
    for team, n in enumerate(state.secured):
        if n >= state.target:
            state.over = True
            state.winner = team
            names = ", ".join(p.name for p in state.players if p.team == team)
            state.result = f"team {team + 1} ({names}) wins with {n} secured Ikorr"
            game.log("win", state.result, "004 § Victory Condition")
            return


def destroy_secured(game: "Game", team: int, n: int, cause: str) -> None:
    """RUSH costs: destroy secured Ikorr (never below zero; the check is before paying)."""
    state: IkorrState = game.state  # type: ignore[assignment]
    state.secured[team] = max(0, state.secured[team] - n)
    game.log("rush", f"team {team + 1} destroys {n} secured Ikorr ({state.secured[team]} left)", cause)


# ---- damage and death ------------------------------------------------------------------

def damage(game: "Game", cid: str, n: int, cause: str, *, lethal: bool = False) -> None:
    """Mark damage (it stays until healed, 004 § Attack note); Lethal marks a kill."""
    if n <= 0 or not on_battlefield(game, cid) or game.cdef(cid).header.kind != "champion":
        return
    add_counter(game, cid, "damage", n)
    if lethal:
        game.state.cards[cid].counters["lethal_hit"] = 1
    game.log("damage", f"{who(game, cid)} takes {n} damage ({counter(game, cid, 'damage')} damage on it, "
             f"health {health_of(game, cid)})"
             + (" - Lethal" if lethal else ""), cause, game.state.cards[cid].controller)


def heal(game: "Game", cid: str, n: int, cause: str) -> bool:
    """Heal: remove damage counters from a champion (004 § Glossary).  Whether any came off."""
    have = counter(game, cid, "damage")
    if have and n > 0 and on_battlefield(game, cid):
        add_counter(game, cid, "damage", -min(n, have))
        game.log("heal", f"{who(game, cid)} heals {min(n, have)} damage", cause, game.state.cards[cid].controller)
        game.emit("heal", card=cid, who=game.state.cards[cid].controller, bind={"it": cid})
        return True
    return False


def dead(game: "Game", cid: str) -> bool:
    c = game.state.cards[cid].counters
    return c.get("lethal_hit", 0) > 0 or c.get("damage", 0) >= health_of(game, cid)


def check_deaths(game: "Game", cause: str) -> None:
    """Every champion with lethal damage dies; all at once, so battle is simultaneous."""
    state = game.state
    doomed = [cid for p in state.players for cid in champions(game, p.index) if dead(game, cid)]
    for cid in doomed:
        if on_battlefield(game, cid):
            die(game, cid, cause)


def die(game: "Game", cid: str, cause: str) -> None:
    """A champion dies: to the graveyard, DEATH triggers; Reanimate brings it back at the
    next end phase, and the next time it would die it is voided instead (004 § Glossary)."""
    card = game.state.cards[cid]
    if card.counters.get("reanimated"):
        game.log("void", f"{who(game, cid)} would die again after Reanimate: it is voided instead", "Reanimate",
                 card.controller)
        leave(game, cid, zone("void", card.owner), cause, keep=False)
        return
    game.log("death", f"{who(game, cid)} dies", cause, card.controller)
    game.emit("death", card=cid, who=card.controller, bind={"it": cid})
    leave(game, cid, zone("graveyard", card.owner), cause)
    keywords.after_death(game, cid, game.cdef(cid))        # Reanimate (keywords.py)


def leave(game: "Game", cid: str, to: str, cause: str, *, keep: bool = True) -> None:
    """A card leaves the battlefield: its stored Ikorr and damage go with it unless a card
    catches them (Great Pyramid, on the 'leave' event, sees how much it held)."""
    card = game.state.cards[cid]
    held = card.counters.get("ikorr", 0)
    was_champion = kind_of(card.zone) == "champions"
    ctl = card.controller
    if was_champion:
        game.emit("leave", card=cid, who=ctl, bind={"it": cid, "held": held})
    card.counters = {k: v for k, v in card.counters.items() if keep and k in KEEP}
    card.controller = card.owner
    game.move_card(cid, to)


def summon(game: "Game", cid: str, player: int, cause: str, slot: int | None = None) -> bool:
    """Put a champion onto ``player``'s battlefield; SUMMON triggers (004 § Glossary: Summon)."""
    here = champions(game, player)
    if len(here) >= MAX_CHAMPIONS:
        game.log("summon", f"{game.name(cid)} can't be summoned: {game.state.players[player].name} "
                 f"already controls {MAX_CHAMPIONS} champions", cause, player)
        return False
    card = game.state.cards[cid]
    card.controller = player
    taken = {game.state.cards[c].counters.get("slot", -1) for c in here}
    if slot is None or slot in taken:
        slot = min(s for s in range(MAX_CHAMPIONS) if s not in taken)
    game.move_card(cid, zone("champions", player))
    card.counters["slot"] = slot
    card.counters["summoned"] = game.state.turn
    game.log("summon", f"{game.state.players[player].name} summons {game.name(cid)} in slot {slot + 1}", cause, player)
    game.emit("summon", card=cid, who=player, bind={"it": cid})
    return True


def fabled_clash(game: "Game", cid: str, player: int) -> str:
    """Fabled: one of that name per battlefield (004 § Champions/Locations; § Glossary)."""
    h = game.cdef(cid).header
    if not h.fabled:
        return ""
    name = h.base or game.name(cid)
    for kind in ("champions", "location"):
        for other in game.state.zones.get(zone(kind, player), ()):
            oh = game.cdef(other).header
            if oh.fabled and (oh.base or game.name(other)) == name:
                return f"{game.state.players[player].name} already controls the Fabled {name}"
    return ""
