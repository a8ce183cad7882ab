"""What a player holding priority may do in the Action Phase, and why not otherwise.

One function per kind of action answers both questions, so the list of legal actions and
the refusal messages can't disagree (004 § Action Phase; § Champions; § Glossary).
Queue rule: cards, attacks, raids, Support, avatar powers and RUSH need an empty queue;
ACTION abilities may be used whenever you hold priority (004 § Activate ACTION Abilities).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith.runtime.core.effects import Activated, Sel, Step
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.core.priority import pending_items
from cardsmith.runtime.core.state import Action

from . import battlefield as bf
from .keywords import ATTACK_AGAIN, ATTACK_WHEN_SUMMONED, SUPPORT
from .targeting import in_range, options
from .zones import MAX_CHAMPIONS, IkorrState, cards_in, champions, kind_of, ready_influence, zone

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game


def my_phase(game: "Game", player: int) -> str:
    state: IkorrState = game.state  # type: ignore[assignment]
    if state.phase != "action":
        return "it is not the Action Phase"
    if state.players[player].team != state.active_team:
        return "it is not your team's turn"
    return ""


def queue_empty(game: "Game") -> bool:
    return not pending_items(game)


def cost_of(game: "Game", player: int, cid: str) -> int:
    h = game.cdef(cid).header
    cost = h.cost
    if h.kind == "spell":
        cost -= game.state.players[player].flags.get("spell_discount", 0)
    return max(0, cost)


def why_cant_play(game: "Game", player: int, cid: str) -> str:
    why = my_phase(game, player)
    if why:
        return why
    card = game.state.cards[cid]
    if card.zone != zone("hand", player):
        return "it is not in your hand"
    if not queue_empty(game):
        return "the queue is not empty"
    return _card_blocker(game, player, cid, ready_influence(game, player))


def _card_blocker(game: "Game", player: int, cid: str, ready: int) -> str:
    """What stops a card in hand being played in an open Action Phase with an empty queue."""
    cdef = game.cdef(cid)
    h = cdef.header
    if h.kind not in ("champion", "location", "spell"):
        return f"a{'n' if h.kind[0] in 'aeio' else ''} {h.kind} is not played from the hand"
    cost = cost_of(game, player, cid)
    if ready < cost:
        return f"it costs {cost} influence and you have {ready} ready"
    if h.kind == "champion" and len(champions(game, player)) >= MAX_CHAMPIONS:
        return f"you already control {MAX_CHAMPIONS} champions (004 § Champions)"
    if h.fabled:
        clash = bf.fabled_clash(game, cid, player)
        if clash:
            return clash + " (Fabled)"
    if cdef.targets:
        ctx = Ctx(game, None, src=cid, ctl=player, item="", bind={})
        for spec in cdef.targets:
            if not spec.upto and len(options(ctx, spec.noun, spec.filters, other=spec.other)) < spec.count:
                return f"it has no legal target ({spec.noun} in your targetable range)"
    return ""


def _champion_may_act(game: "Game", player: int, cid: str, verb: str) -> str:
    """What attacking and raiding both ask first: your Action Phase, your own champion,
    an empty queue ('' if all hold)."""
    why = my_phase(game, player)
    if why:
        return why
    card = game.state.cards.get(cid)
    if card is None or card.zone != zone("champions", player):
        return f"you can only {verb} with a champion you control"
    if not queue_empty(game):
        return "the queue is not empty"
    return ""


def why_cant_attack(game: "Game", player: int, cid: str, target: str | None = None) -> str:
    why = _champion_may_act(game, player, cid, "attack")
    if why:
        return why
    state = game.state
    name = state.cards[cid].name
    if bf.stunned(game, cid):
        return f"{name} is stunned"
    if bf.did(game, cid, "summoned") and not bf.allows(game, cid, ATTACK_WHEN_SUMMONED):
        return f"{name} was summoned this turn and is not Swift"
    if bf.did(game, cid, "supported"):
        return f"{name} supported this turn"
    if bf.did(game, cid, "attacked") and not bf.allows(game, cid, ATTACK_AGAIN):
        return f"{name} already attacked this turn (no Fury)"
    if bf.did(game, cid, "raided") and not bf.has_static(game, cid, "attack_and_raid"):
        return f"{name} raided this turn: a champion attacks or raids"
    if target is not None:
        t = state.cards.get(target)
        if t is None or kind_of(t.zone) != "champions":
            return "the target is not a champion on the battlefield"
        if state.players[t.controller].team == state.players[player].team:
            return "you attack opposing champions only"
        if not in_range(game, player, target):
            return f"{t.name} is not in your targetable range"
    return ""


def attack_targets(game: "Game", player: int) -> list[str]:
    state = game.state
    team = state.players[player].team
    return [c for p in state.players if p.team != team for c in champions(game, p.index)
            if in_range(game, player, c)]


def why_cant_raid(game: "Game", player: int, cid: str) -> str:
    why = _champion_may_act(game, player, cid, "raid")
    if why:
        return why
    state = game.state
    if state.turn == 1:
        return "champions cannot raid on the first turn of the game"
    name = state.cards[cid].name
    if bf.stunned(game, cid):
        return f"{name} is stunned"
    if bf.did(game, cid, "supported"):
        return f"{name} supported this turn"
    if bf.did(game, cid, "raided"):
        return f"{name} already raided this turn"
    if bf.did(game, cid, "attacked") and not bf.has_static(game, cid, "attack_and_raid"):
        return f"{name} attacked this turn: a champion attacks or raids"
    return ""


def why_cant_support(game: "Game", player: int, cid: str, target: str | None = None) -> str:
    why = my_phase(game, player)
    if why:
        return why
    state = game.state
    card = state.cards.get(cid)
    if card is None or card.zone != zone("champions", player) or not bf.allows(game, cid, SUPPORT):
        return "only a champion with Support you control can support"
    if not queue_empty(game):
        return "the queue is not empty"
    for what in ("attacked", "raided", "supported"):
        if bf.did(game, cid, what):
            return f"{card.name} {what} this turn: a supporting champion can't attack or raid that turn"
    if target is not None and target not in support_targets(game, player, cid):
        return "that champion can't receive this Support"
    return ""


def support_targets(game: "Game", player: int, cid: str) -> list[str]:
    want = game.cdef(cid).header.support
    out = []
    for p in game.state.players:
        for c in champions(game, p.index):
            if c != cid and in_range(game, player, c) and want in ("any", "", game.cdef(c).header.loyalty):
                out.append(c)
    return out


def activations(game: "Game", cid: str, kind: str) -> list[int]:
    return [i for i, ab in enumerate(game.cdef(cid).abilities) if isinstance(ab, Activated) and ab.kind == kind]


def ability_word(ab: Activated) -> str:
    """An activated ability as the rulebook names it: ACTION, avatar power, RUSH 3."""
    return {"action": "ACTION", "power": "avatar power", "rush": f"RUSH {ab.amount}"}[ab.kind]


def used_key(kind: str, cid: str, index: int, player: int) -> str:
    if kind == "rush":
        return f"game:rush:{player}"
    if kind == "power":
        return f"turn:power:{player}"
    return f"turn:action:{cid}:{index}"


def why_cant_activate(game: "Game", player: int, cid: str, index: int) -> str:
    why = my_phase(game, player)
    if why:
        return why
    state: IkorrState = game.state  # type: ignore[assignment]
    card = state.cards.get(cid)
    abilities = game.cdef(cid).abilities if card is not None else ()
    if card is None or index >= len(abilities) or not isinstance(abilities[index], Activated):
        return "that is not an activated ability"
    ab: Activated = abilities[index]  # type: ignore[assignment]
    if card.controller != player:
        return f"you don't control {card.name}"
    where = kind_of(card.zone)
    if ab.kind == "action" and where not in ("champions", "location"):
        return f"{card.name} is not on the battlefield"
    if ab.kind in ("power", "rush") and where != "avatar":
        return "only your avatar has avatar powers and RUSH abilities"
    if ab.kind in ("power", "rush") and not queue_empty(game):
        return "avatar powers and RUSH abilities need an empty queue"
    if state.used.get(used_key(ab.kind, cid, index, player)):
        return {"rush": "your RUSH ability was already used this game",
                "power": "your avatar power was already used this turn"}.get(
                    ab.kind, f"{card.name}'s ACTION ability was already used this turn")
    need = ab.cost("influence")
    if ready_influence(game, player) < need:
        return f"it costs {need} influence and you have {ready_influence(game, player)} ready"
    if ab.kind == "rush":
        team = state.players[player].team
        if state.secured[team] < (ab.amount or 0):
            return f"RUSH {ab.amount} destroys {ab.amount} secured Ikorr and your team has {state.secured[team]}"
    return _target_missing(game, player, cid, ab.body)


def _target_missing(game: "Game", player: int, cid: str, body: tuple) -> str:
    """An ability that targets needs something in range to target (004 § Abilities that
    Target): without one it can't be activated."""
    ctx = None
    for node in body:
        if not isinstance(node, Step):
            continue
        for sel in (node.obj, *(c.value for c in node.clauses)):
            if isinstance(sel, Sel) and sel.mode == "choose" and not sel.upto:
                ctx = ctx or Ctx(game, None, src=cid, ctl=player, item="", bind={})
                if not options(ctx, sel.noun, sel.filters, other=sel.other):
                    return f"it has no legal target ({sel.noun} in your targetable range)"
    return ""


def priority_options(game: "Game", player: int) -> list[Action]:
    """Every legal action for the priority holder (copies of a card in hand are one choice).

    Cheap tests (influence, use marks) run before the full ``why_cant_*`` checks: this is
    the engine's hottest path, asked at every priority."""
    if my_phase(game, player):
        return []
    state = game.state
    opts: list[Action] = []
    empty = queue_empty(game)
    ready = ready_influence(game, player)
    if empty:
        seen: set[str] = set()
        for cid in cards_in(game, "hand", player):
            name = state.cards[cid].name
            if name in seen:
                continue
            seen.add(name)
            cost = cost_of(game, player, cid)
            if cost <= ready and not _card_blocker(game, player, cid, ready):
                opts.append(Action("play", (cid,), f"play {name} ({cost})"))
        targets: list[tuple[str, str]] | None = None
        for cid in champions(game, player):
            name = ""                       # named only if it has an option
            if not why_cant_attack(game, player, cid):
                name = bf.who(game, cid)
                if targets is None:         # named once a listing, not once an attacker
                    targets = [(t, bf.who(game, t)) for t in attack_targets(game, player)]
                for t, their in targets:
                    opts.append(Action("attack", (cid, t), f"{name} attacks {their}"))
            if not why_cant_raid(game, player, cid):
                name = name or bf.who(game, cid)
                opts.append(Action("raid", (cid,), f"{name} raids ({game.cdef(cid).header.raid} Ikorr)"))
            if bf.allows(game, cid, SUPPORT) and not why_cant_support(game, player, cid):
                name = name or bf.who(game, cid)
                for t in support_targets(game, player, cid):
                    opts.append(Action("support", (cid, t), f"{name} supports {bf.who(game, t)}"))
    used = state.used
    for kind in ("champions", "location", "avatar"):
        for cid in cards_in(game, kind, player):
            for i, ab in enumerate(game.cdef(cid).abilities):
                if not isinstance(ab, Activated) or ab.cost("influence") > ready or \
                        used.get(used_key(ab.kind, cid, i, player)) or \
                        (ab.kind != "action" and not empty):
                    continue
                if not why_cant_activate(game, player, cid, i):
                    opts.append(Action("activate", (cid, i), f"{ability_word(ab)} of {bf.who(game, cid)}"))
    return opts


def why_not(game: "Game", player: int, action: Action) -> str:
    """A refusal message for an action that is not legal now ('' when no reason is known)."""
    a = action.args
    try:
        if action.kind == "play" and a:
            return why_cant_play(game, player, a[0])
        if action.kind == "attack" and a:
            return why_cant_attack(game, player, a[0], a[1] if len(a) > 1 else None)
        if action.kind == "raid" and a:
            return why_cant_raid(game, player, a[0])
        if action.kind == "support" and a:
            return why_cant_support(game, player, a[0], a[1] if len(a) > 1 else None)
        if action.kind == "activate" and len(a) == 2:
            return why_cant_activate(game, player, a[0], int(a[1]))
    except (KeyError, IndexError, TypeError, ValueError):
        return "it names no card in this game"
    return ""
