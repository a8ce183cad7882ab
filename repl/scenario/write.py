"""``save scenario FILE``: a REPL session written as a scenario file.

The board is the one the session's history starts from (the game as it was set up, or
as the scenario that opened the session described it), written declaratively: players
with every stat, flag, position and zone in order, terrain, attached cards, whose turn.
The script is every state-changing command since, undone ones left out, followed by
expectations on the state reached, so ``cardsmith run FILE`` replays the session and
checks that it arrives where the session did.  Card ids differ between games: commands
naming a card by id (``put c12 ...``) may need a name instead.
"""
from __future__ import annotations

import copy
import os
import pickle
from pathlib import Path
from typing import Any

from ..session import Session


def q(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


def start_state(session: Session) -> Any:
    """The state the recorded history starts from."""
    game = session.g
    n = len(session.marks)
    if n and len(game._undo) >= n:
        data, log = game._undo[len(game._undo) - n]
        state = pickle.loads(data)
        state.log = list(log)
        return state
    return game.state


def _at(session: Session, state: Any) -> Any:
    """The session's game looking at ``state`` (the view reads a game's values)."""
    game = copy.copy(session.g)
    game.state = state
    return game


def board_text(session: Session, state: Any, target: Path) -> list[str]:
    view = session.view
    at = _at(session, state)
    stat_keys = [k for k in dict.fromkeys(view.stats.values()) if k not in view.board_values]
    flag_keys = {v: k for k, v in view.flags.items()}   # state key -> one spelling
    out: list[str] = []
    for p in state.players:
        stats = " ".join(f"{k.replace('_', '-') if k not in view.stats else k} {view.stat_value(state, p.index, k)}"
                         for k in stat_keys if k in view.stats)
        values = " ".join(f"{k} {view.player_value(at, p.index, k)}" for k in view.board_values)
        head = " ".join(w for w in (f"player {p.name}", stats, values) if w)
        if p.position and view.has_places:
            head += f" at {p.position}"
        flags = [flag_keys[f] for f, on in p.flags.items() if on is True and f in flag_keys]
        if flags:
            head += " flags " + ", ".join(flags)
        out.append(head)
        for kind in view.zone_kinds:
            if kind in view.shared_zone_kinds and p.index > 0:
                continue                    # one zone for the table: written once
            ids = state.zones.get(view.zone_key(kind, p.index), [])
            names = []
            for c in ids:
                card = state.cards[c]
                values = [f"{k} {n}" for k in view.card_values
                          if kind in view.value_zones
                          and (n := view.card_value(at, c, k)) != view.card_value_default(at, c, k)]
                names.append(q(card.name) + (" revealed" if card.revealed and kind == "hand" else "")
                             + (" used" if kind == "feats" and state.used.get(f"feat:{c}") else "")
                             + (f" ({', '.join(values)})" if values else ""))
            out += _wrap(f"  {kind}: ", names)
    for key, space in state.board.spaces.items():
        if space.terrain and space.terrain in view.terrain_kinds():    # not the game's own (a forest)
            out.append(f"terrain {key} {space.terrain}")
    for cid in state.zones.get("field", ()):
        card = state.cards[cid]
        ref = card.attached_to
        target_word = state.players[int(ref[7:])].name if ref.startswith("player:") else ref.partition(":")[2] or ref
        line = f"attach {q(card.name)} to {target_word} owner {state.players[card.controller].name}"
        if card.counters.get("duration"):
            line += f" for {card.counters['duration']} turns"
        if card.counters.get("until_end_of_turn"):
            line += " until end of turn"
        out.append(line)
    if state.phase not in ("", "setup"):     # still setting up (Ikorr's mulligan): the seed's game
        phases = view.phases() or ("main",)
        phase = state.phase if state.phase in phases else phases[0]
        number = f" {state.turn}" if state.turn > 1 else ""
        out.append(f"turn {state.players[state.active].name} {phase}{number}")
    return out


def _wrap(prefix: str, items: list[str], width: int = 96) -> list[str]:
    if not items:
        return [prefix.rstrip()]
    lines, cur = [], prefix
    for k, item in enumerate(items):
        piece = item + ("," if k < len(items) - 1 else "")
        if len(cur) + len(piece) + 1 > width and cur.strip() != prefix.strip():
            lines.append(cur.rstrip())
            cur = " " * len(prefix)
        cur += piece + " "
    lines.append(cur.rstrip())
    return lines


def card_lines(session: Session, target: Path) -> list[str]:
    """Imports and inline cards: from the scenario that opened the session, and ``define``s."""
    out: list[str] = []
    prep = getattr(session, "scenario", None)
    if prep is not None:
        base = Path(prep.sdef.file).parent
        for rel, _ in prep.sdef.imports:
            path = (base / rel).resolve()
            out.append(f"import {q(os.path.relpath(path, target.resolve().parent))}")
        for _, start, end, _ in prep.sdef.cards:
            out.append(prep.sdef.source[start:end])
    for card in session.card_paths:
        out.append(f"import {q(os.path.relpath(Path(card).resolve(), target.resolve().parent))}")
    for source in session.defined.values():
        out.append(source.strip())
    return out


def final_expectations(session: Session) -> list[str]:
    s = session.g.state
    view = session.view
    out = []
    for p in s.players:
        if "hp" in view.stats:
            out.append(f"expect {p.name}.hp == {p.stats.get('hp', 0)}")
        for kind in ("hand", "discard"):
            if kind in view.zone_kinds:
                out.append(f"expect {p.name}.{kind}.size == {len(s.zones.get(view.zone_key(kind, p.index), ()))}")
        if p.position:
            out.append(f'expect {p.name}.position == "{p.position}"')
    out += view.final_expectations(session.g)
    out.append(f"expect stack.size == {len(s.stack)}")
    if s.over:
        out.append("expect over")
    else:
        out.append(f"expect active == {s.players[s.active].name}")
    return out


def scenario_text(session: Session, path: str, name: str = "") -> str:
    target = Path(path)
    state = start_state(session)
    name = name or target.stem.replace("_", " ").replace("-", " ")
    lines = [f"scenario {q(name)}", 'note "saved from the REPL with `save scenario`"',
             f"game {session.game_name} ruleset {state.ruleset} seed {state.seed}"]
    lines += [f"option {k} {v}" for k, v in session.view.saved_options(state).items()] + [""]
    cards = card_lines(session, target)
    if cards:
        lines += cards + [""]
    if state.stack:
        lines.append("# the history starts with cards on the stack: a scenario can't describe that board;"
                     " use `save FILE` for an exact copy")
    lines += board_text(session, state, target)
    if not getattr(session, "start_auto", False):
        lines.append("auto off")
    lines += ["", "script"]
    depth = len(session.marks)
    for line, d, sticky in session.history:
        if sticky or d <= depth:
            if line.split(None, 1)[0].casefold() not in ("define", "new", "load"):
                lines.append("  " + line)
    lines += ["  " + e for e in final_expectations(session)]
    return "\n".join(lines) + "\n"


def save_scenario(session: Session, path: str) -> int:
    """Write the scenario; returns how many script commands it holds."""
    from ..views.base import CommandError
    text = scenario_text(session, path)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"can't write {path}: {exc.strerror}") from None
    return sum(1 for h in session.history if h[2] or h[1] <= len(session.marks))
