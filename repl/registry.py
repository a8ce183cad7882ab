"""The table of the REPL's commands, each registered by its module with ``@command``
(``cmd_setup``, ``cmd_play``, ``cmd_inspect``; ``commands`` imports them all, so the table
is full wherever a line is run), and what their handlers share: the tokenizer, reading a
card, a number or a player from typed words, and matching words against the options of the
pending decision.

A game's own commands (Ivion's ``trap``) come from its view (``GameView.commands``):
``game_commands`` makes them commands of that game only, which ``lookup`` and
``command_names`` add when given the session's view.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Collection, Iterable

from cardsmith.runtime.core.errors import CardsmithError, CommandError
from cardsmith.runtime.core.registry import game_names, get_game
from cardsmith.runtime.core.shapes import MAX_INT, numeral
from cardsmith.runtime.core.state import Action

from .card_names import unknown_card
from .short_answers import short_answer
from .session import Session

if TYPE_CHECKING:
    from cardsmith.runtime.core.engine import Game
    from cardsmith.runtime.core.view import GameView, ViewCommand


@dataclass
class Call:
    """One parsed command line."""
    line: str
    name: str
    words: list[str]
    rest: str              # the raw text after the command word (``define`` reads it)


@dataclass
class Command:
    name: str
    func: Callable[[Session, Call], "str | None"]
    usage: str
    summary: str
    details: str = ""
    topic: str = ""
    records: str = "state"      # no | state | sticky: how ``save scenario`` keeps it
    args: tuple[str, ...] = ()  # completion hints per argument position
    aliases: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()


@dataclass
class Result:
    text: str = ""
    ok: bool = True
    quit: bool = False
    extra: dict = field(default_factory=dict)


COMMANDS: dict[str, Command] = {}
ALIASES: dict[str, str] = {}
TOPICS = {"setup": "setting up a board", "play": "playing and stepping",
          "inspect": "looking at the game", "session": "files and the session"}


class Quit(Exception):
    """Raised by ``quit``: the REPL leaves."""


class Unavailable(CommandError):
    """A line that names no action the game could weigh now: nothing is being decided,
    resolution is paused, or the pending question offers nothing of that kind (``unleash``
    with no unleash question).  Not the rules refusing an action, which a scenario's
    ``expect refused`` asks for (issue 18)."""


def command(name: str, usage: str, summary: str, *, details: str = "", topic: str = "",
            records: str = "state", args: tuple[str, ...] = (), aliases: tuple[str, ...] = (),
            examples: tuple[str, ...] = ()) -> Callable:
    def deco(fn: Callable) -> Callable:
        COMMANDS[name] = Command(name, fn, usage, summary, details, topic, records, args, aliases, examples)
        for alias in aliases:
            ALIASES[alias] = name
        return fn
    return deco


def lookup(name: str, view: "GameView | None" = None) -> Command | None:
    """A command by name or alias (the table is full once ``commands`` is imported), or
    one of ``view``'s game's own (``game_commands``)."""
    key = name.casefold()
    found = COMMANDS.get(ALIASES.get(key, key))
    if found is None and view is not None:
        found = game_commands(view).get(key)
    return found


def command_names(view: "GameView | None" = None) -> list[str]:
    """The shared commands' names, and those of ``view``'s game's own."""
    return sorted([*COMMANDS, *(game_commands(view) if view is not None else ())])


#: a game view's class -> its own commands as the REPL runs them
_GAME_COMMANDS: dict[type, dict[str, Command]] = {}


def game_commands(view: "GameView") -> dict[str, Command]:
    """The commands ``view``'s game brings (``GameView.commands``), as REPL commands of the
    setup topic: the player named first read as every command reads one, and the run one
    undoable edit whose log line the game's command gives."""
    table = _GAME_COMMANDS.get(type(view))
    if table is None:
        table = _GAME_COMMANDS[type(view)] = {
            c.name: Command(c.name, _run_game_command(c), c.usage, c.summary, c.details, "setup",
                            args=c.args, examples=c.examples) for c in view.commands}
    return table


def _run_game_command(spec: "ViewCommand") -> Callable[[Session, Call], str]:
    def run(session: Session, call: Call) -> str:
        player, words = None, list(call.words)
        if spec.args[:1] == ("player",):
            if not words:
                raise CommandError("which player? (" + ", ".join(session.player_names()) + ")")
            player, words = session.player_index(words[0]), words[1:]
        said: list[tuple[str, str]] = []
        with session.edit(lambda: said[0][0]):
            said.append(spec.run(session.view, session.g, player, words))
        return said[0][1]
    return run


def other_games_command(name: str, here: str, games: Iterable[str]) -> str:
    """Which of the other ``games`` have ``name`` as a command of their own ('' if none):
    asked only when a word is no command here, so only then are those games built."""
    key = name.casefold()
    return ", ".join(g for g in games if g != here and key in {c.name for c in get_game(g).game_view().commands})


def games_with(test: Callable[["GameView"], bool]) -> str:
    """The registered games whose view passes ``test`` ("ivion", "a or b"; "no game" if none),
    for a hint on something only some games have; asked only on an error, so only then are
    the games built."""
    games = [g for g in game_names() if test(get_game(g).game_view())]
    return " or ".join(games) if games else "no game"


# ---- parsing ---------------------------------------------------------------------------

def tokenize(text: str) -> list[str]:
    """Split on spaces; "double quotes" group words.  Apostrophes are letters (Warrior's)."""
    words: list[str] = []
    cur: list[str] = []
    quoted = in_quote = False
    for ch in text:
        if ch == '"':
            in_quote = not in_quote
            quoted = True
        elif ch.isspace() and not in_quote:
            if cur or quoted:
                words.append("".join(cur))
            cur, quoted = [], False
        else:
            cur.append(ch)
    if in_quote:
        raise CommandError("a quote is not closed")
    if cur or quoted:
        words.append("".join(cur))
    return words


def norm(text: str) -> str:
    return " ".join(text.casefold().replace('"', "").split())


def take_card(session: Session, words: list[str], ends: Collection[str] = ()) -> tuple[str, list[str]]:
    """The longest run of leading words naming a card (or a card id); the rest.  Words that
    name no card are refused whole, with the closest name: ``ends`` are the words the
    command takes after a card (``into``, a player's name), where the unknown name stops."""
    if not words:
        raise CommandError("which card?")
    if words[0] in session.g.state.cards:
        return words[0], words[1:]
    k = session.library.name_words(words)
    if k:
        return session.library.get(" ".join(words[:k])).name, words[k:]
    raise CommandError(unknown_card(session.library, words, ends))


def no_words(call: Call) -> None:
    """A command that takes nothing refuses what was typed after it (``board x`` is a typo
    for something, not a board)."""
    if call.words:
        raise CommandError(f"`{call.name}` takes no words after it (unexpected '{' '.join(call.words)}')")


def take_int(words: list[str], what: str, *, minimum: int = 0,
             maximum: int = MAX_INT) -> tuple[int, list[str]]:
    """A leading whole number within bounds; the upper one is what a saved game may hold
    (``shapes.MAX_INT``), so a board the REPL sets up can always be saved and loaded."""
    if not words:
        raise CommandError(f"missing {what}")
    word = words[0]
    shown = word if len(word) <= 40 else word[:37] + "..."
    try:
        n = int(word) if len(word) <= 40 else None
    except ValueError:
        n = None
    if n is None:
        raise CommandError(f"{what} must be a whole number, not '{shown}'")
    if n < minimum:
        raise CommandError(f"{what} must be at least {minimum}")
    if n > maximum:
        raise CommandError(f"{what} must be at most {maximum}")
    return n, words[1:]


# ---- matching typed words against the pending decision ------------------------------

def option_names(view: "GameView", game: "Game", action: Action) -> list[str]:
    names = [norm(str(action))]
    names += [norm(a) for a in view.option_aliases(game, action)]
    return names


def find_option(view: "GameView", game: "Game", words: list[str]) -> tuple[Action | None, list[str]]:
    """The option the longest run of leading words names (a number, a label or an alias).
    Only as many words are tried as the longest label or alias has, so a line's length
    doesn't matter; of two options with one name, the first in the list is meant."""
    options = game.legal_actions()
    k = numeral(words[0]) if words else None
    if k is not None:
        return (options[k - 1], words[1:]) if 1 <= k <= len(options) else (None, words)
    named: dict[str, Action] = {}
    longest = 0
    for action in options:
        for name in option_names(view, game, action):
            named.setdefault(name, action)
            longest = max(longest, name.count(" ") + 1)
    for k in range(min(len(words), longest), 0, -1):
        found = named.get(norm(" ".join(words[:k])))
        if found is not None:
            return found, words[k:]
    return None, words


def echo(words: list[str], most: int = 12) -> str:
    """Typed words as an error quotes them: a very long line is cut after ``most`` words."""
    if len(words) <= most:
        return " ".join(words)
    return " ".join(words[:most]) + f" ... ({len(words):,} words)"


def match_option(session: Session, words: list[str]) -> tuple[Action, list[str]]:
    """Like ``find_option``, but explains what is wrong when nothing fits."""
    game = session.g
    if game.paused:
        nxt = session.view.next_to_resolve(game)
        raise Unavailable(f"resolution is paused before {nxt or game.paused}: `step` or `resolve` first"
                          " (or `auto on`)")
    options, decision = game.legal_actions(), game.pending
    if not options or decision is None:       # after the end, the rules refuse every action
        raise (CommandError if game.state.over else Unavailable)("nothing is being decided: " + session.status())
    action, rest = find_option(session.view, game, words)
    if action is not None:
        return action, rest
    action = short_answer(session.view, game, words, option_names, norm)   # 'pay 3 actions'
    if action is not None:
        return action, []
    if words and words[0].isdecimal():
        raise Unavailable(f"there are {len(options)} options; {words[0]} is not one of them (`legal` lists them)")
    typed = echo(words)
    spelled = {norm(n): n for a in options for n in [*session.view.option_aliases(game, a), str(a)]}
    close = difflib.get_close_matches(norm(" ".join(words)), list(spelled), n=1, cutoff=0.6)
    hint = f"; did you mean '{spelled[close[0]]}'?" if close else ""
    unknown = _unknown_played(session, words)
    if unknown:
        hint, close = f": {unknown}", [unknown]
    if not close and len(words) == 2 and words[1].isdecimal():
        # 'play 1': a number answers by its place in the list, on its own.
        hint = f"; to answer by number, type '{words[1]}' (or 'choose {words[1]}')"
    reason = _refusal(session, words, decision.player)
    listing = "\n".join(f"  {k}. {a}" for k, a in enumerate(options, 1))
    text = f"'{typed}' is not an option now{hint}{reason}\n{decision.prompt}\n{listing}"
    if reason or not _stray_answer(session, words):
        raise CommandError(text)        # the rules refuse this action now
    raise Unavailable(text)


def _stray_answer(session: Session, words: list[str]) -> bool:
    """Whether the words answer a kind of question that isn't pending: their first word is
    one of the game's ``answer_words`` (``unleash``, ``target`` ...) and no option of the
    pending decision starts with it.  Such a line names no action the rules could refuse."""
    key = norm(words[0]) if words else ""
    if key not in session.view.answer_words:
        return False
    return not any(name.split(" ")[0] == key for a in session.g.legal_actions()
                   for name in option_names(session.view, session.g, a) if name)


def decider(game: Game) -> int:
    """The player the pending question is for (none pending: nothing to answer)."""
    if game.pending is None:
        raise CommandError("nothing is being decided")
    return game.pending.player


def _unknown_played(session: Session, words: list[str]) -> str:
    """``unknown card ...; did you mean ...?`` when the words play a card that doesn't
    exist ('' when they name one, or play nothing)."""
    if len(words) < 2 or norm(words[0]) not in session.view.play_words or words[1].isdecimal() \
            or words[1] in session.g.state.cards or session.library.name_words(words[1:]):
        return ""
    return unknown_card(session.library, words[1:])


def _refusal(session: Session, words: list[str], player: int) -> str:
    """If the words name a card the deciding ``player`` can't play, say why (``why``); if they
    name another action the game can read (``attack X Y`` ...), the rules' reason it is refused."""
    game = session.g
    if len(words) >= 2 and norm(words[0]) in session.view.play_words:
        try:
            name, _ = take_card(session, words[1:])
            cid = session.find_card(name, player)
        except CardsmithError:
            return ""
        return "\n" + session.view.why(game, player, cid)
    try:
        action = session.view.typed_action(game, player, words)
    except CardsmithError:
        return ""
    if action is None:
        return ""
    reason = game.rules.why_not(game, action)
    # the rules' "not an option now" only repeats what the message already says
    return "" if "is not an option now" in reason else "\n" + reason


def run_choices(session: Session, words: list[str]) -> str:
    """Apply the option the words name, then keep answering the same player's next questions
    with the remaining words.  All or nothing: a later word that fits nothing undoes the
    earlier ones."""
    game = session.g
    start = len(game.state.log)
    applied = 0
    try:
        while True:
            try:
                action, words = match_option(session, words)
            except Unavailable as exc:
                if not applied:
                    raise
                # the rest answers the questions the first action asked: refusing it is the rules'
                raise CommandError(str(exc)) from None
            who = decider(game)
            session.apply(action, by="human" if not applied else "chain")
            applied += 1
            if not words:
                break
            if game.pending is None or game.pending.player != who:
                raise CommandError(f"'{echo(words)}' is left over: {game.state.players[who].name} has nothing more to decide")
    except BaseException:
        for _ in range(applied):
            game.rollback()
            session.marks.pop()
        raise
    lines = session.log_since(start)
    lines += session.advance()
    lines.append(session.status())
    return "\n".join(lines)


# ---- running a line --------------------------------------------------------------------

def is_block_open(text: str) -> bool:
    """A ``define`` block goes on until its braces balance (multi-line input)."""
    stripped = text.strip()
    if not stripped.startswith("define"):
        return False
    depth, seen, in_str = 0, False, False
    for ch in stripped:
        if ch == '"':
            in_str = not in_str
        elif not in_str and ch == "{":
            depth += 1
            seen = True
        elif not in_str and ch == "}":
            depth -= 1
    return not seen or depth > 0


def split_command(line: str) -> tuple[str, str]:
    text = line.strip()
    head, _, rest = text.partition(" ")
    if "\n" in head:
        head, _, more = head.partition("\n")
        rest = more + (" " + rest if rest else "")
    return head, rest
