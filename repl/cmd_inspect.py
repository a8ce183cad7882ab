"""Commands that look at the game (board, stack, hands, log, cards, explanations), help,
and the session's files (save, load, save scenario)."""
from __future__ import annotations


from cardsmith.dsl.render import render_card
from cardsmith.runtime.core.errors import CommandError
from cardsmith.runtime.core.registry import did_you_mean, game_names

from . import language_help
from .registry import (COMMANDS, TOPICS, Call, Quit, command, command_names, game_commands, lookup, no_words,
                       other_games_command, take_card, take_int)
from .replay_open import is_replay, load_replay
from .saves import SCENARIO, format_of, is_scenario, shown
from .session import Session


def _who(session: Session, words: list[str]) -> int:
    """The named player, or whoever is deciding, or the active player."""
    if words:
        return session.player_index(words[0])
    game = session.g
    if game.pending is not None:
        return game.pending.player
    return game.state.active


@command("board", "board", "the field: heroes, terrain, attached cards, and each player's numbers",
         topic="inspect", records="no")
def cmd_board(session: Session, call: Call) -> str:
    no_words(call)
    board = session.view.render_board(session.g)
    return board if session.g.state.over else board + "\n" + session.status()


@command("stack", "stack", "what waits to resolve: the played cards (top first) and the turn's steps still to come",
         details="Each card: controller, targets, what was paid, fate (pending, resolving, resolved, "
                 "countered, meta-countered, with the reason).  A game shows it in its own words "
                 "(a queue; a turn's Supports, march and reinforcements waiting).",
         topic="inspect", records="no", aliases=("queue",))
def cmd_stack(session: Session, call: Call) -> str:
    no_words(call)
    return session.view.render_stack(session.g)


@command("hand", "hand [PLAYER]", "a player's hand (default: whoever is deciding)",
         topic="inspect", records="no", args=("player",))
def cmd_hand(session: Session, call: Call) -> str:
    player = _who(session, call.words)
    game = session.g
    key = session.view.zone_key("hand", player)
    ids = game.state.zones.get(key, ())
    name = game.state.players[player].name
    if not ids:
        return f"{name}'s hand is empty"
    lines = [f"{name}'s hand ({len(ids)}):"]
    for cid in ids:
        card = game.state.cards[cid]
        shown = " (revealed)" if card.revealed else ""
        lines.append(f"  {cid:>4}  {session.view.card_summary(game, cid)}{shown}")
    return "\n".join(lines)


@command("player", "player [PLAYER]", "everything about a player: numbers, flags, feats, discard",
         topic="inspect", records="no", args=("player",))
def cmd_player(session: Session, call: Call) -> str:
    return session.view.render_player(session.g, _who(session, call.words), full=True)


@command("log", "log [N|all] [private]", "the last N log lines (default 20); `private` adds hidden draws",
         topic="inspect", records="no", args=("log",))
def cmd_log(session: Session, call: Call) -> str:
    words = [w.casefold() for w in call.words]
    private = "private" in words
    words = [w for w in words if w != "private"]
    entries = session.g.state.log
    if words and words[0] == "all":
        start = 0
    else:
        n, _ = take_int(words, "the number of lines", minimum=1) if words else (20, [])
        start = max(0, len(entries) - n)
    lines = session.log_since(start, private=private)
    return "\n".join(lines) if lines else "the log is empty"


@command("show", "show CARD", "a card's costs, banner and rules text", topic="inspect", records="no",
         args=("card",), examples=("show Icebolt",))
def cmd_show(session: Session, call: Call) -> str:
    name, rest = take_card(session, call.words)
    if rest:
        raise CommandError(f"unexpected '{' '.join(rest)}'")
    game = session.g
    if name in game.state.cards:
        cid = name
        card = game.state.cards[cid]
        where = session.view.zone_label(game, card.zone)
        return render_card(game.cdef(cid), game.rules) + f"\n[{cid} in {where}]"
    text = render_card(session.library.get(name), game.rules)
    if name in session.defined:
        text += "\n(defined in this session)"
    return text


@command("legal", "legal", "the options of the pending decision, numbered", topic="inspect", records="no")
def cmd_legal(session: Session, call: Call) -> str:
    no_words(call)
    game = session.g
    if game.paused or game.state.over or game.pending is None:
        return session.status()
    who = game.state.players[game.pending.player].name
    lines = [f"{who} to decide: {game.pending.prompt}"]
    lines += [f"  {k}. {a}" for k, a in enumerate(game.legal_actions(), 1)]
    return "\n".join(lines)


@command("why", "why CARD [PLAYER]", "why a card can or can't be played right now",
         topic="inspect", records="no", args=("card", "player"), examples=("why Icebolt", "why Block bob"))
def cmd_why(session: Session, call: Call) -> str:
    name, rest = take_card(session, call.words, session.player_names())
    player = _who(session, rest)
    if len(rest) > 1:
        raise CommandError(f"unexpected '{' '.join(rest[1:])}'")
    game = session.g
    try:
        cid = session.find_card(name, player)
    except CommandError:
        return f"{name} can't be played by {game.state.players[player].name}: it is not in their hand or feat zone"
    return session.view.why(game, player, cid)


@command("status", "status", "whose turn it is and what is being decided", topic="inspect", records="no")
def cmd_status(session: Session, call: Call) -> str:
    no_words(call)
    game = session.g
    head = session.view.status_line(game)
    ai = ", ".join(f"{game.state.players[i].name}: {a.name}" for i, a in sorted(session.ai.items()))
    extra = f"auto {'on' if session.auto else 'off'}" + (f" · AI {ai}" if ai else "")
    last = "" if game.state.over and head else session.status()
    return "\n".join(x for x in (head, extra, last) if x)


@command("library", "library [TEXT]", "card names in the library (those containing TEXT)",
         topic="inspect", records="no")
def cmd_library(session: Session, call: Call) -> str:
    text = " ".join(call.words).casefold()
    names = sorted(n for n in session.library.names() if text in n.casefold())
    if not names:
        return f"no card name contains '{text}'"
    return f"{len(names)} cards: " + ", ".join(names)


@command("help", "help [COMMAND | TOPIC]", "the list of commands, one command in detail, or the card language",
         details="Topics on the card language of the session's game, generated from its words: "
                 "language, verbs, verb NAME, keywords, conditions, units, nouns, filters, events, "
                 "quantities, statics, abilities.",
         topic="inspect", records="no", args=("help",), examples=("help verb deal", "help language"))
def cmd_help(session: Session, call: Call) -> str:
    if call.words and call.words[0].casefold() in language_help.topics():
        try:
            return language_help.show(session.game_name, call.words, session.library)
        except LookupError as exc:
            raise CommandError(str(exc.args[0])) from None
    view = session.view
    if call.words:
        cmd = lookup(call.words[0], view)
        if cmd is None:
            elsewhere = other_games_command(call.words[0], session.game_name, game_names())
            if elsewhere:
                raise CommandError(f"'{call.words[0].casefold()}' is not a command of {session.game_name}: "
                                   f"it is {elsewhere}'s (`help` lists {session.game_name}'s commands)")
            close = did_you_mean(call.words[0], [*command_names(view), *language_help.topics()])
            raise CommandError(f"no command or help topic '{call.words[0]}'{close} (`help` lists them)")
        lines = [f"usage: {cmd.usage}", "", cmd.summary + "."]
        if cmd.details:
            lines += ["", cmd.details]
        words = _game_words(session, cmd.name)
        if words:
            lines += ["", f"in {session.game_name}: " + "; ".join(words) + "."]
        if cmd.name in view.help_notes:
            lines += ["", view.help_notes[cmd.name]]
        examples = (*cmd.examples, *view.help_examples.get(cmd.name, ()))
        if examples:
            lines += ["", "examples:"] + [f"  {e}" for e in examples]
        if cmd.aliases:
            lines += ["", "also: " + ", ".join(cmd.aliases)]
        return "\n".join(lines)
    lines = ["commands (`help COMMAND` for more):"]
    own = game_commands(view)
    for topic, title in TOPICS.items():
        lines.append(f"{title}:")
        for name in command_names(view):
            cmd = COMMANDS.get(name) or own[name]
            if cmd.topic == topic:
                usage = cmd.usage.split(" | ")[0]
                if len(usage) > 44:
                    usage = usage[:usage.rfind(" ", 0, 40)] + " ..."
                lines.append(f"  {usage:<44} {cmd.summary}")
    lines += ["", "the card language: `help language`, `help verbs`, `help verb NAME`, `help keywords`, "
              "`help conditions`, `help units` (also nouns, filters, events, quantities, statics, abilities)"]
    lines += ["", "When a question is pending, answer with " + session.view.option_examples + ".",
              "Several answers fit on one line: `play Harmony alice slow slow`.",
              "Multi-line `define` blocks end when the braces balance.  Ctrl-C clears the line, or "
              "stops a running command (the game stays as it was); Ctrl-D leaves (asking first if "
              "there are unsaved changes)."]
    return "\n".join(lines)


def _first_names(table: dict[str, str]) -> list[str]:
    """A table of typed words (aliases included) -> keys: the first word typed for each key."""
    seen: dict[str, str] = {}
    for word, key in table.items():
        seen.setdefault(key, word)
    return list(seen.values())


def _game_words(session: Session, name: str) -> list[str]:
    """The session's game's words a shared command takes (``help set``: its stats, flags
    and values; ``help put``: its zones; ``help turn``: its phases), from its view."""
    view = session.view
    lists: dict[str, list[tuple[str, list[str]]]] = {
        "set": [("stats", _first_names(view.stats)), ("flags", _first_names(view.flags)),
                ("player values", list(view.player_values)), ("card values", list(view.card_values))],
        "put": [("zones", list(view.zone_kinds))],
        "turn": [("phases", list(view.phases()))],
    }
    return [f"{what}: {', '.join(words)}" for what, words in lists.get(name, []) if words]


@command("save", "save FILE | save scenario FILE",
         "save the game: FILE.json a saved game, FILE.scenario the board and commands as a scenario file",
         details="The format follows the file's extension: .json is a saved game, which loads back "
                 "exactly, even in the middle of resolving the stack, with the cards defined in this "
                 "session; .scenario is a scenario file (docs/scenarios.md) holding the board the session "
                 "started from, every command since (undone ones left out) and expectations on the state "
                 "reached: `cardsmith run FILE` replays and checks it, `cardsmith repl FILE` and `load FILE` "
                 "open its board.  `save scenario FILE` writes a scenario whatever the name.",
         topic="session", records="no", args=("save",),
         examples=("save duel.json", "save kassidy.scenario", "save scenario kassidy.txt"))
def cmd_save(session: Session, call: Call) -> str:
    words = call.words
    if len(words) == 2 and words[0].casefold() == "scenario":
        return _save_scenario(session, words[1])
    if len(words) != 1:
        raise CommandError("save FILE | save scenario FILE")
    if format_of(words[0]) == SCENARIO:
        return _save_scenario(session, words[0])
    session.save(words[0])
    return f"game saved to {words[0]}"


def _save_scenario(session: Session, path: str) -> str:
    # imported when a scenario is saved: the writer checks what it wrote with the scenario
    # checker, which reads the command table this module fills (full by then)
    from .scenario.write import save_scenario
    n = save_scenario(session, path)
    session.unsaved = False
    return (f"scenario saved to {path} (the board, {n} commands and expectations on where they lead; "
            f"`cardsmith run {path}` replays it)")


@command("load", "load FILE | load FILE.replay turn N",
         "load a saved game (.json), a scenario file's board (.scenario) or a replay at a turn (.replay); "
         "undo history starts afresh",
         details="A saved game is checked whole before it is played: a file that is not one, or one "
                 "whose contents don't fit together, is refused with the field that is wrong, and the "
                 "game stays as it was.  A scenario file opens its board as `cardsmith repl FILE` does "
                 "(its script is not run): its first scenario and run, or the one `load \"FILE::NAME[RUN]\"` "
                 "names (as pytest names it), and the others are listed.  A replay (`cardsmith simulate --replays DIR` writes them) is "
                 "played back through the engine and checked against its digest, then opened at the start "
                 "of turn N (at its first decision without `turn N`), as `cardsmith repl FILE --turn N` "
                 "does: `undo` goes back a decision at a time, `redo` plays the recorded actions on.  "
                 "Nothing in any of these files is run as code (docs/replays.md).",
         topic="session", records="no", args=("path", "load-turn"),
         examples=("load duel.json", "load kassidy.scenario", 'load "rules.scenario::Control timing[original]"',
                   "load out/longest.replay turn 12"))
def cmd_load(session: Session, call: Call) -> str:
    words, turn = call.words, None
    if len(words) == 3 and words[1].casefold() == "turn":
        turn, _ = take_int(words[2:], "the turn")
        words = words[:1]
    if len(words) != 1:
        raise CommandError("load FILE | load FILE.replay turn N")
    path = words[0]
    if is_replay(path):
        return f"loaded {path}\n{load_replay(session, path, turn)}"
    if turn is not None:
        raise CommandError(f"load {shown(path)} turn {turn}: `turn N` opens a replay file at a turn, and "
                           f"{shown(path)} is not one (a .replay file `cardsmith simulate --replays DIR` writes)")
    from cardsmith.dsl.scenario_runs import split_item   # textX is loaded only for scenarios
    if is_scenario(split_item(path)[0]):
        notes = session.load_scenario(path)
        return f"opened the board of {path} (its script is not run)\n" + "".join(f"note: {n}\n" for n in notes) \
            + session.status()
    session.load(path)
    return f"loaded {path}\n{session.status()}"


@command("quit", "quit", "leave the REPL (Ctrl-D does too)",
         details="With changes since the session started, was saved or loaded, the REPL asks "
                 "first (y leaves; Enter or n stays).  A script never asks.",
         topic="session", records="no", aliases=("exit",))
def cmd_quit(session: Session, call: Call) -> str:
    raise Quit()
