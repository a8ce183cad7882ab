"""``save scenario FILE``: a REPL session written as a scenario file.

The board is the one the session's history starts from (the game as it was set up, or
as the scenario that opened the session described it), written declaratively: players
with every stat, flag, position and zone in order, terrain, trap tokens, attached cards,
whose turn.  The script is every state-changing command since, undone ones left out, followed by
expectations on the state reached, so ``cardsmith run FILE`` replays the session and
checks that it arrives where the session did.  Card ids differ between games: commands
naming a card by id (``put c12 ...``) may need a name instead.
"""
from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardsmith.dsl.errors import CardError
from cardsmith.runtime.core.errors import CommandError

from ..commands import lookup
from ..saves import write_text
from ..session import Session
from .check import prepare
from .marks import mark_lines

if TYPE_CHECKING:
    from cardsmith.runtime.core.view import GameView


def q(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


def state_at(session: Session, depth: int) -> Any:
    """The state after the first ``depth`` undo steps of the session (None if not kept)."""
    game = session.g
    back = len(session.marks) - depth
    if back == 0:
        return game.state
    if len(game._undo) < back:
        return None
    data, log = game._undo[len(game._undo) - back]
    state = pickle.loads(data)
    state.log = list(log)
    return state


def start_state(session: Session) -> Any:
    """The state the recorded history starts from."""
    return start_point(session)[0]


def start_point(session: Session) -> tuple[Any, int]:
    """The board a scenario starts from, and its undo depth: the state the recorded history
    starts from, or, if that is in the middle of a play (a game loaded with cards on the
    stack), the first state after it, between two recorded commands, that is not.  A
    scenario board can't hold a stack, so the commands before that point are left out."""
    n = len(session.marks)
    depths = [0] + sorted({d for _, d, sticky in session.history if not sticky and 0 < d <= n})
    first_why = ""
    for depth in depths:
        state = state_at(session, depth)
        if state is None:
            continue
        why = session.view.mid_play(_at(session, state))
        if not why:
            return state, depth
        first_why = first_why or why
    if state_at(session, 0) is None:     # no history kept: the board as it is (best effort)
        return session.g.state, n
    raise CommandError(
        f"save scenario: a scenario's board is a moment between plays, and this session starts in "
        f"the middle of one ({first_why}), with no such moment since. Resolve the stack first "
        "(`resolve`, or answer what is asked) and `save scenario` again; `save FILE` keeps an "
        "exact copy of this moment")


def _at(session: Session, state: Any) -> Any:
    """The session's game looking at ``state`` (the view reads a game's values)."""
    g = session.g
    return type(g)(g.rules, state, g.library, history=False)


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
                card_values = [f"{k} {n}" for k in view.card_values
                          if kind in view.value_zones
                          and (n := view.card_value(at, c, k)) != view.card_value_default(at, c, k)]
                names.append(q(card.name) + (" revealed" if card.revealed and kind == "hand" else "")
                             + (" used" if kind == "feats" and state.used.get(f"feat:{c}") else "")
                             + (f" ({', '.join(card_values)})" if card_values else ""))
            out += _wrap(f"  {kind}: ", names)
        out += _pile_lines(view, at, p.index)
    for key, space in state.board.spaces.items():
        if space.terrain and space.terrain in view.terrain_kinds():    # not the game's own (a forest)
            out.append(f"terrain {key} {space.terrain}")
    for player, tile in view.traps(at):         # trap tokens (G-21): one line each
        out.append(f"trap {state.players[player].name} {tile}")
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


def _pile_lines(view: Any, at: Any, player: int) -> list[str]:
    """``beneath "CARD": ...`` lines for the piles beneath a player's cards (Ivion's), in the
    order the board builds them: the Nth line naming a card is its Nth copy, so an earlier
    copy without a pile gets an empty line.  A card lying otherwise than the card above
    says its pile lies is written ``face up`` or ``face down``."""
    state = at.state
    holders = view.pile_holders(at, player)
    out: list[str] = []
    for k, holder in enumerate(holders):
        ids = view.pile(at, holder)
        if not ids:
            continue
        name = state.cards[holder].name
        before = [h for h in holders[:k] if state.cards[h].name == name]
        written = sum(1 for line in out if line.startswith(f"  beneath {q(name)}:"))
        out += [f"  beneath {q(name)}:"] * (len(before) - written)
        down = view.pile_face_down(at, holder)
        names = [q(state.cards[c].name) + ("" if state.cards[c].revealed != down else
                                            " face up" if down else " face down") for c in ids]
        out += _wrap(f"  beneath {q(name)}: ", names)
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
    out += pile_expectations(session)
    out += view.final_expectations(session.g)
    out.append(f"expect stack.size == {len(s.stack)}")
    if s.over:
        out.append("expect over")
    else:
        out.append(f"expect active == {s.players[s.active].name}")
    return out


def pile_expectations(session: Session) -> list[str]:
    """``expect`` lines on the piles beneath cards where the session ended (Ivion's,
    IV-ZONE-6): which cards, top first, and which lie face up.  A card in a player's zone is
    named by its place there (``bob.feats[2]``); one elsewhere (attached) by its name, when
    no other card has it (card ids differ between games)."""
    view, game = session.view, session.g
    if not view.has_piles:
        return []
    s = game.state
    out: list[str] = []
    for p in s.players:
        for holder in view.pile_holders(game, p.index):
            ids = view.pile(game, holder)
            if not ids:
                continue
            card = s.cards[holder]
            kind, _, owner = card.zone.partition(":")
            if kind in view.zone_kinds and owner.isdecimal():
                ref = f"{s.players[int(owner)].name}.{kind}[{s.zones[card.zone].index(holder) + 1}]"
            elif sum(1 for c in s.cards.values() if c.name == card.name) == 1:
                ref = f"card {q(card.name)}"
            else:
                continue
            out.append(f"expect {ref}.beneath == [{', '.join(q(s.cards[c].name) for c in ids)}]")
            out.append(f"expect {ref}.beneath.face_up == "
                       f"[{', '.join(q(s.cards[c].name) for c in ids if s.cards[c].revealed)}]")
    return out


def scenario_text(session: Session, path: str, name: str = "") -> str:
    target = Path(path)
    state, start = start_point(session)
    name = name or target.stem.replace("_", " ").replace("-", " ")
    lines = [f"scenario {q(name)}", 'note "saved from the REPL with `save scenario`"',
             f"game {session.game_name} ruleset {state.ruleset} seed {state.seed}"]
    lines += [f"option {k} {v}" for k, v in session.view.saved_options(state).items()] + [""]
    cards = card_lines(session, target)
    if cards:
        lines += cards + [""]
    lines += board_text(session, state, target)
    lines += used_lines(session, state)
    if not getattr(session, "start_auto", False):
        lines.append("auto off")
    lines += ["", "script"]
    lines += ["  " + line for line in script_lines(session, start)]
    lines += ["  " + e for e in final_expectations(session)]
    return checkable("\n".join(lines) + "\n", target, session.view)


def checkable(text: str, target: Path, view: "GameView | None" = None) -> str:
    """The scenario with each answer the scenario checker can't tell from a typo written as
    ``choose WORDS``, which the REPL reads the same way.  A person may answer with any
    option's words (Rush of Ikorr: ``we go first``, ``shuffle back Scout's Map``; Ivion:
    ``respond with Block``), while a script line must start with a command or a word the
    game lists as an option word, so the saved file would not load."""
    for _ in range(200):
        try:
            prepare(text=text, file=str(target))
            return text
        except CardError as err:
            lines = text.split("\n")
            k = err.line - 1
            if "script" not in lines or not lines.index("script") < k < len(lines):
                return text
            words = lines[k].split()
            if not words or words[0] == "expect" or lookup(words[0], view) is not None:
                return text          # a real problem: `cardsmith run` reports it at its line
            lines[k] = "  choose " + lines[k].strip()
            text = "\n".join(lines)
    return text


def script_lines(session: Session, start: int) -> list[str]:
    """The recorded commands after the board (at undo depth ``start``), undone ones left out."""
    depth = len(session.marks)
    return [line for line, d, sticky in session.history
            if (sticky or start < d <= depth) and line.split(None, 1)[0].casefold() not in ("define", "new", "load")]


def used_lines(session: Session, state: Any) -> list[str]:
    """``used`` lines: the once-per marks of the board (what was used this turn or game)."""
    at = _at(session, state)
    skip = {key for cid in state.cards if (key := session.view.entry_mark(at, cid))}
    try:
        return mark_lines(at, session.view, skip)
    except ValueError as exc:
        raise CommandError(f"save scenario: {exc}; `save FILE` keeps an exact copy") from None


def save_scenario(session: Session, path: str) -> int:
    """Write the scenario; returns how many script commands it holds."""
    text = scenario_text(session, path)
    write_text(path, text)
    return len(script_lines(session, start_point(session)[1]))
