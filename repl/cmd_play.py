"""Commands that decide, hand players to the AI, step through the stack, and undo."""
from __future__ import annotations

from typing import Callable

from cardsmith.runtime.core.ai_kinds import check_ai

from .registry import Call, command, no_words, run_choices, take_int
from .session import Session
from cardsmith.runtime.core.errors import CommandError


@command("play", "play CARD [ANSWERS...]", "play a card from hand or feat zone (or respond with an instant)",
         details="Words after the card answer the questions that follow, in order: its targets, "
                 "the option of a 'choose one', unleash ...  `play Harmony alice` plays Harmony "
                 "and targets alice.  Unanswered questions are listed with numbers.",
         topic="play", args=("playable",), examples=("play Icebolt bob", "play Crush 2 bob"))
def cmd_play(session: Session, call: Call) -> str:
    if not call.words:
        raise CommandError("play which card? (`legal` lists what can be played)")
    return run_choices(session, ["play", *call.words])


@command("move", "move TILE", "move your hero one tile (1 action; 2 into difficult terrain)",
         topic="play", args=("move-tile",), examples=("move b2",))
def cmd_move(session: Session, call: Call) -> str:
    if not call.words:
        raise CommandError("move where? (`legal` lists the tiles)")
    return run_choices(session, ["move", *call.words])


@command("pass", "pass", "don't respond to the card on the stack", topic="play")
def cmd_pass(session: Session, call: Call) -> str:
    return run_choices(session, ["pass", *call.words])


@command("end", "end", "end the turn", topic="play")
def cmd_end(session: Session, call: Call) -> str:
    return run_choices(session, ["end", *call.words])


@command("choose", "choose N|OPTION", "answer the pending question by number or by its words",
         details="Bare numbers and option words work without `choose` too: `2`, `target bob`, "
                 "`remove slow`, `respond Block`, `spend action` ...",
         topic="play", args=("option",), examples=("choose 2", "remove slow"))
def cmd_choose(session: Session, call: Call) -> str:
    if not call.words:
        raise CommandError("choose what? (`legal` lists the options)")
    try:
        return run_choices(session, call.words)
    except CommandError:
        # options spelled "choose X" (a 'choose' decision) are typed `choose X` too
        if call.words[0].casefold() == "choose" or call.words[0].isdecimal():
            raise
        try:
            return run_choices(session, ["choose", *call.words])
        except CommandError:
            pass
        raise


@command("ai", "ai PLAYER random|greedy|search[:BUDGET]|off", "hand a player to the computer, or take them back",
         details="random picks uniformly among the legal options; greedy tries each on a copy of "
                 "the game and keeps the best-scoring; search looks ahead (Monte Carlo tree "
                 "search over what the player can't see), by default for the game's number of "
                 "iterations: `search:800` for 800, `search:0.5s` for half a second a decision.  "
                 "An AI also answers its questions during resolution.  With `auto off` it still "
                 "waits for your `step`.",
         topic="play", records="sticky", args=("player", "ai"),
         examples=("ai bob greedy", "ai bob search", "ai bob search:0.5s", "ai bob off"))
def cmd_ai(session: Session, call: Call) -> str:
    usage = "ai PLAYER random|greedy|search[:BUDGET]|off"
    if len(call.words) != 2:
        raise CommandError(usage)
    if call.words[1].casefold() not in ("off",):
        problem = check_ai(call.words[1])
        if problem:
            raise CommandError(f"{problem}; {usage}")
    player = session.player_index(call.words[0])
    kind = call.words[1].casefold()
    session.set_ai(player, kind)
    name = session.g.state.players[player].name
    head = f"{name} is played by hand" if kind == "off" else f"{name} is played by the {session.ai[player].spec} AI"
    start = len(session.g.state.log)
    lines = [head] + session.log_since(start) + session.advance()
    lines.append(session.status())
    return "\n".join(lines)


@command("auto", "auto on|off", "resolve the stack automatically, or stop before each card (default off)",
         topic="play", records="sticky", args=("onoff",))
def cmd_auto(session: Session, call: Call) -> str:
    if len(call.words) != 1 or call.words[0].casefold() not in ("on", "off"):
        raise CommandError("auto on|off")
    on = call.words[0].casefold() == "on"
    session.set_auto(on)
    start = len(session.g.state.log)
    lines = [f"automatic resolution {'on' if on else 'off'}"]
    lines += session.log_since(start) + session.advance()
    lines.append(session.status())
    return "\n".join(lines)


def _changes(session: Session, before: dict, start: int) -> list[str]:
    after = session.view.picture(session.g)
    lines = session.log_since(start)
    diff = session.view.diff(session.g, before, after)
    if diff:
        lines.append("changes:")
        lines += [f"  {d}" for d in diff]
    return lines


@command("step", "step [until STOP]", "resolve the next card on the stack and show what changed",
         details="After nobody responds, the stack waits (unless `auto on`).  Each `step` resolves "
                 "one card: its Control banner and targets are checked again, then its effect runs. "
                 "What changed (HP, resources, Control, cards moving) is listed.  `step until STOP` "
                 "runs on to a point inside the turn the game names (its stops, below), with "
                 "nothing decided on the way.",
         topic="play")
def cmd_step(session: Session, call: Call) -> str:
    game = session.g
    nxt = session.view.next_to_resolve(game)
    before = session.view.picture(game)
    start = len(game.state.log)
    if call.words and call.words[0] == "until":
        from .stops import step_until
        stop = " ".join(call.words[1:])
        step_until(session, stop)
        lines = [f"stopped {stop}"] + _changes(session, before, start)
        lines.append(session.status())
        return "\n".join(lines)
    no_words(call)
    session.step()
    lines = [f"resolving {nxt}" if nxt else "stepping"] + _changes(session, before, start)
    lines += session.advance()
    lines.append(session.status())
    return "\n".join(lines)


@command("resolve", "resolve", "resolve everything on the stack", topic="play")
def cmd_resolve(session: Session, call: Call) -> str:
    no_words(call)
    game = session.g
    before = session.view.picture(game)
    start = len(game.state.log)
    ai_lines = session.resolve()
    lines = _changes(session, before, start) + ai_lines + session.advance()
    lines.append(session.status())
    return "\n".join(lines)


@command("undo", "undo [N]", "take back the last N steps (actions, edits, stack steps; default 1)",
         details="An AI's replies are taken back together with the step they answered.  Undo works "
                 "in the middle of resolving the stack too.",
         topic="play", records="no", examples=("undo", "undo 5"))
def cmd_undo(session: Session, call: Call) -> str:
    return _history(session, call, "undo", "undid", session.marks, session.undo)


@command("redo", "redo [N]", "do again what undo took back", topic="play", records="no")
def cmd_redo(session: Session, call: Call) -> str:
    return _history(session, call, "redo", "redid", session.redo_marks, session.redo)


def _history(session: Session, call: Call, verb: str, past: str, marks: list, step: Callable[[int], int]) -> str:
    """``undo [N]`` / ``redo [N]``: N steps through the session's history."""
    n, rest = take_int(call.words, "the number of steps", minimum=1) if call.words else (1, [])
    if rest:
        raise CommandError(f"{verb} [N]")
    if not marks:
        raise CommandError(f"nothing to {verb}")
    done = step(n)
    return f"{past} {done} step{'s' if done != 1 else ''}\n{session.status()}"
