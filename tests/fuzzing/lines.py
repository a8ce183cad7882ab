"""REPL lines as a fuzz target: sequences of command lines against the real command layer
(``repl.commands.execute``) on the three games, each line checked where it lands.

Lines are drawn from what the game offers at that moment (its players, zones, cards,
places, stats, the pending options), from every registered command with arguments of
the kinds its completion hints name, from real lines (the REPL walkthrough, the bundled
scenarios' scripts) as they are or changed, and from card definitions; mixed with wrong
words, so a walk reaches deep states (mid-resolution, paused, the game over, after undo)
and then pokes at them.

After every line (``check_line``): no internal error; a refused line left the game
(``Game.to_data()``), its undo and redo history, the session's bookkeeping and the card
library exactly as they were; after an accepted one the game still answers
``legal_actions()``, its board, stack and status render, and its state survives
``to_data``/``from_data`` unchanged.
"""
from __future__ import annotations

import atexit
import contextlib
import json
import re
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardsmith.repl.commands import COMMANDS, TOPICS, command_names, execute
from cardsmith.repl.saves import parse_save, saved_game
from cardsmith.repl.session import GROUPED, Session

from ..repl.save_corpus import game_saves

from .draw import Draw
from .loaders import CARDS, GAMES, ROOT, Crash, card_pool, card_units, scenario_files, scenario_game
from .text import NUMBERS, SPECIAL, Pool, mutate

JUNK = ('"', '""', "{", "}", "\\", "card999", "card0", "nobody", "zzz", "#", "--", "é", "all", "top", "bottom",
        "into", "on", "beneath", "owner", "for", "turns", "until", "end", "of", "turn", "off", "face", "up", "down",
        "\x00", "\t", "İ", "ß", "🃏", "x" * 300)
PHASES = ("main", "start", "end", "reveal", "defense", "action", "setup", "bogus")
SHORT = ("step", "resolve", "undo", "redo", "undo 3", "redo 2", "auto on", "auto off", "board", "stack",
         "legal", "status", "log", "log all", "pass", "end", "choose", "play", "show", "why", "help bogus",
         "load /nonexistent/x.json", "cards /nonexistent", 'define card "Q" {', 'define card "Q" { bogus }',
         "new nosuchgame", "new seed x", "new names a", "new first zed", "new decks a b", "undo 99999999999999999999",
         "redo -1", "log -3", "log 99999999999999999999", "new seed -1", "new seed 99999999999999999999",
         "save /nonexistent/dir/x.json", "save scenario /nonexistent/dir/x.scenario", "bogus", "1 2 3",
         "0", "-1", "99999999999999999999", "choose 0", "choose -1", "help", "library", "library x",
         'define card "Resilience" {\n trait pips gray\n types passive\n}')   # a feat that triggers
#: player names in the real lines; a line taken from them names the session's players instead
CORPUS_PLAYERS = frozenset({"alice", "bob", "carol", "dave", "kassidy", "morgan", "warden"})
#: where a walk's ``save`` and ``load`` lines write and read: one private folder a process,
#: also the working folder while lines run (``save scenario bob`` writes ./bob)
FOLDER = Path(tempfile.mkdtemp(prefix="cardsmith-fuzz-"))
atexit.register(shutil.rmtree, FOLDER, ignore_errors=True)


def in_folder() -> contextlib.chdir:
    """Run fuzzed lines and files inside ``FOLDER``: what they write stays there."""
    return contextlib.chdir(FOLDER)


# ---- real lines -----------------------------------------------------------------------------

@lru_cache(maxsize=None)
def real_lines(game: str) -> tuple[str, ...]:
    """Command lines people wrote: the bundled scenarios' scripts and solutions (the
    command of an ``expect refused``), and for Ivion the REPL walkthrough."""
    out: list[str] = []
    if game == "ivion":
        walkthrough = (ROOT / "docs" / "repl-walkthrough.md").read_text(encoding="utf-8")
        out += re.findall(r"^cardsmith> (.+)$", walkthrough, re.M)
    for path in scenario_files():
        if scenario_game(path) != game:
            continue
        inside = False
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped in ("script", "solution"):
                inside = True
            elif not line.startswith((" ", "\t")):
                inside = False
            elif inside and stripped and not stripped.startswith("#"):
                refused = re.match(r'expect refused(?: "[^"]*")?:\s*(.+)', stripped)
                if refused:
                    out.append(refused.group(1))
                elif not stripped.startswith("expect"):
                    out.append(stripped)
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=None)
def line_pool(game: str) -> Pool:
    cards = card_pool(game)
    return Pool(tuple(command_names()) + cards.keywords, cards.words, cards.names, real_lines(game))


# ---- drawing lines from the session's game ----------------------------------------------------

class Words:
    """Draws the words of a line from what the session's game has right now."""

    def __init__(self, draw: Draw, session: Session, focus: tuple[str, ...] = ()) -> None:
        self.draw, self.s = draw, session
        self.game = session.game_name
        self.library = sorted(session.library.names(session.game_name)) or ["Strike"]
        self.focus = focus          # card names a walk is about (a card just defined)
        self.saves: list[str] = []

    def pick(self, items: Any, junk: float = 0.1) -> str:
        items = list(items)
        if not items or self.draw.chance() < junk:
            return self.draw.choice(JUNK + NUMBERS[:12] + PHASES)
        return self.draw.choice(items)

    def player(self) -> str:
        return self.pick(self.s.player_names())

    def zone(self) -> str:
        return self.pick(self.s.view.zone_kinds)

    def card(self) -> str:
        ids = list(self.s.game.state.cards) if self.s.game else []
        if ids and self.draw.chance() < 0.4:
            return self.pick(ids)
        names = self.focus if self.focus and self.draw.chance() < 0.5 else self.library
        name = self.pick(names, junk=0)
        return '"' + name + '"' if " " in name or self.draw.chance() < 0.5 else name

    def place(self) -> str:
        return self.pick(self.s.view.spaces(self.s.game) if self.s.game else [])

    def number(self) -> str:
        return self.pick([str(n) for n in range(8)], junk=0.15)

    def path(self) -> str:
        k = self.draw.integer(0, 9)
        if k < 3:
            return str(FOLDER / f"s{self.draw.integer(0, 3)}{self.draw.choice(('.json', '.scenario', '.txt', ''))}")
        if k < 5:
            return str(self.draw.choice(sorted((CARDS / self.game).glob("*.*")) + [CARDS / self.game]))
        if k < 6 and self.saves:
            return self.draw.choice(self.saves)
        return self.draw.choice(("/nonexistent/x.json", "/proc/1", "/dev/null", "", str(FOLDER), '"a b.json"', "x" * 300,
                                 str(FOLDER / "no such.json"), "~/x.json", "C:\\x.json"))

    def option(self) -> str:
        options = self.s.game.legal_actions() if self.s.game else []
        if options and self.draw.chance() < 0.8:
            k = self.draw.integer(0, len(options) - 1)
            return str(k + 1) if self.draw.chance() < 0.5 else str(options[k])
        return self.pick([], junk=1)

    def argument(self, kind: str) -> str:
        """A word of the kind a command's completion hint names (``Command.args``)."""
        view = self.s.view
        table: dict[str, Any] = {
            "player": self.player, "zone": self.zone, "card": self.card, "hand-card": self.card,
            "playable": self.card, "tile": self.place, "move-tile": self.place, "path": self.path,
            "option": self.option, "player-or-tile": lambda: self.draw.choice((self.player, self.place))(),
            "ai": lambda: self.pick(("random", "greedy", "off", "none", "human", "smart")),
            "onoff": lambda: self.pick(("on", "off", "maybe")),
            "help": lambda: self.pick([*command_names(), *TOPICS, "language", "keywords", "verbs"]),
            "log": lambda: self.pick(("5", "all", "private", "0", "-1", "99999999999999999999")),
            "game": lambda: self.pick([*GAMES, "seed", "names", "first", "decks", "ruleset"]),
            "put-how": lambda: self.pick(("into", "on", "beneath")),
            "stat": lambda: self.pick([*view.stats, *view.flags, *view.player_values]),
            "terrain": lambda: self.pick([*view.terrain_kinds(), "lava"]),
            "phase": lambda: self.pick([*view.phases(), *PHASES]),
            "save": lambda: self.draw.choice(("scenario", self.path())),
        }
        return table.get(kind, lambda: self.pick([], junk=1))()

    def command(self) -> str:
        """Any registered command, with arguments of the kinds it takes, then a few more."""
        cmd = COMMANDS[self.draw.choice(command_names())]
        if cmd.name == "quit":
            return "quit"
        words = [self.argument(kind) for kind in cmd.args[:self.draw.integer(0, len(cmd.args))]]
        words += [self.argument(self.draw.choice(("card", "player", "option", "number", "junk")))
                  if kind != "number" else self.number() for kind in [""] * self.draw.choice((0, 0, 0, 1, 2))]
        return " ".join([cmd.name, *words])

    def real(self) -> str:
        """A line people wrote, with this game's players, perhaps changed."""
        line = self.draw.choice(real_lines(self.game) or SHORT)
        players = self.s.player_names()
        if players:
            line = re.sub(r"\b\w+\b", lambda m: self.draw.choice(players) if m.group() in CORPUS_PLAYERS else m.group(),
                          line)
        return mutate(self.draw, line, line_pool(self.game)) if self.draw.chance() < 0.4 else line

    def define(self) -> str:
        source = self.draw.choice(card_units(self.game))
        if self.draw.chance() < 0.6:
            source = mutate(self.draw, source, card_pool(self.game))
        return "define " + source

    def save_line(self) -> str:
        path = str(FOLDER / f"w{self.draw.integer(0, 2)}{self.draw.choice(('.json', '.scenario'))}")
        if self.draw.chance() < 0.5 or not self.saves:
            self.saves.append(path)
            return f"save {path}"
        return f"load {self.draw.choice(self.saves)}"

    def line(self) -> str:
        s, draw = self.s, self.draw
        options = s.game.legal_actions() if s.game else []
        kind = draw.integer(0, 19)
        if kind < 7 and options:               # answer the pending question (by number or words)
            if self.focus and draw.chance() < 0.6:
                about = [k for k, a in enumerate(options) if any(n in str(a) for n in self.focus)]
                if about:
                    return str(draw.choice(about) + 1)
            return self.option()
        if kind < 8 and s.game is not None and s.game.paused:
            return draw.choice(("step", "resolve", "step", "auto on"))
        if kind < 9:
            return draw.choice(SHORT)
        if kind < 11:
            return self.command()
        if kind < 13:
            return self.real()
        if kind < 14:
            return self.define() if draw.chance() < 0.5 else self.save_line()
        if s.game is None:
            return draw.choice(("new", f"new {self.game}", "new seed 3"))
        view = s.view
        stats = list(view.stats) + list(view.player_values) or ["hp"]
        values = list(view.card_values) or ["damage"]
        forms = [
            lambda: f"empty {self.player()} {self.zone()}",
            lambda: f"delete {self.card()}",
            lambda: f"delete {self.card()} {self.player()}",
            lambda: f"put {self.card()} into {self.player()} {self.zone()}",
            lambda: f"put {self.card()} into {self.player()} {self.zone()} {self.pick(['top', 'bottom', '2', '-1'])}",
            lambda: f"put {self.card()} into {self.player()} {self.zone()} {self.pick(values)} {self.number()}",
            lambda: f"put {self.card()} on {self.pick([self.player(), self.place()])} owner {self.player()}"
                    f" for {self.number()} turns",
            lambda: f"put {self.card()} beneath {self.card()} {self.pick(['face up', 'face down', ''])}",
            lambda: f"set {self.player()} {self.pick(stats)} {self.number()}",
            lambda: f"set {self.player()} {self.pick(list(view.flags))} {self.pick(['on', 'off', 'maybe'])}",
            lambda: f"set {self.card()} {self.pick(values)} {self.number()}",
            lambda: f"place {self.player()} {self.place()}",
            lambda: f"terrain {self.place()} {self.pick([*view.terrain_kinds(), 'none', 'lava'])}",
            lambda: f"trap {self.player()} {self.place()} {self.pick(['on', 'off'])}",
            lambda: f"turn {self.player()} {self.pick(list(view.phases()) + list(PHASES))}",
            lambda: f"turn {self.player()} {self.pick(list(view.phases()))} {self.number()}",
            lambda: f"reveal {self.player()} {self.pick(['all', self.card()])}",
            lambda: f"hide {self.player()} {self.pick(['all', self.card()])}",
            lambda: f"play {self.card()}",
            lambda: f"play {self.card()} {self.option()}",
            lambda: f"why {self.card()} {self.player()}",
            lambda: f"show {self.card()}",
            lambda: f"hand {self.player()}",
            lambda: f"ai {self.player()} {self.pick(['random', 'greedy', 'off', 'smart'])}",
            lambda: f"undo {self.number()}",
            lambda: f"redo {self.number()}",
            lambda: " ".join(self.pick([], junk=1) for _ in range(draw.integer(1, 4))),
        ]
        return forms[draw.integer(0, len(forms) - 1)]()


# ---- checking one line ---------------------------------------------------------------------

def _state(session: Session) -> tuple:
    """Everything a refused line must leave as it was."""
    game = session.game
    library = session.library
    about_game: tuple = ()
    if game is not None:
        about_game = (id(game), game.to_json(), list(game._undo), list(game._redo), game.paused,
                      id(game.library), len(game.library))
    return (session.game_name, id(library), tuple(library.names()), list(session.marks),
            list(session.redo_marks), len(session.history), dict(session.defined), list(session.card_paths),
            {i: ai.name for i, ai in session.ai.items()}, session.auto, about_game)


def check_line(session: Session, line: str, draw: Draw | None = None) -> str:
    """Run one line and check what it left (module docstring): "refused" or "accepted";
    raises ``Crash`` for an internal error or a refused line that changed something.  With
    ``draw``, an accepted line is sometimes also undone and redone (``check_undo``), or the
    game saved and loaded back (``check_saved``)."""
    before = _state(session)
    game_before, marks_before = session.game, list(session.marks)
    result = execute(session, line)
    if "internal error" in result.text:
        raise Crash(f"{line!r}: {result.text}")
    if not result.ok:
        if _state(session) != before:
            raise Crash(f"{line!r} was refused but changed the game or the session: {result.text[:300]}")
        return "refused"
    if session.game is None:
        return "accepted"
    check_game(session)
    if draw is not None and session.game is game_before:
        roll = draw.chance()
        if roll < 0.25:
            check_undo(session, line, before[-1][1], marks_before)
        elif roll < 0.3:
            check_saved(session, line)
    return "accepted"


def check_game(session: Session) -> None:
    """The game reached answers, renders, and survives saving as data."""
    from cardsmith.runtime.core.engine import Game
    game = session.g
    game.legal_actions()
    for look in ("board", "stack", "status"):
        out = execute(session, look)
        if not out.ok or "internal error" in out.text:
            raise Crash(f"`{look}` after an accepted line: {out.text[:500]}")
    text = game.to_json()
    again = Game.from_data(game.rules, game.library, json.loads(text), history=False)
    if again.to_json() != text:
        raise Crash("the state changed on its way through to_data/from_data")


def check_undo(session: Session, line: str, before: str, marks_before: list[str]) -> None:
    """A line that made one undo step of its own (a person's move, an edit, a step; not an
    AI's reply, which goes back with the move before it): ``undo`` gives back the game as
    it was before the line, and ``redo`` the game the line made."""
    marks = session.marks
    if len(marks) <= len(marks_before) or marks[:len(marks_before)] != marks_before \
            or marks[len(marks_before)] in GROUPED:
        return
    after = session.g.to_json()
    steps = sum(1 for mark in marks[len(marks_before):] if mark not in GROUPED)   # what `undo N` counts
    for word, want in (("undo", before), ("redo", after)):
        result = execute(session, f"{word} {steps}" if steps > 1 else word)
        if not result.ok or "internal error" in result.text:
            raise Crash(f"`{word}` after {line!r}: {result.text[:500]}")
        if session.g.to_json() != want:
            raise Crash(f"`{word}` after {line!r} did not give back the game {'before' if word == 'undo' else 'after'} it")


def check_saved(session: Session, line: str) -> None:
    """The game saved as a file (``save X.json``) loads back, in a new session, as the same
    game."""
    path = FOLDER / "roundtrip.json"
    result = execute(session, f"save {path}")
    if not result.ok:
        raise Crash(f"`save` after {line!r}: {result.text[:500]}")
    other = Session(session.game_name, start=False)
    loaded = execute(other, f"load {path}")
    if not loaded.ok or other.g.to_json() != session.g.to_json():
        raise Crash(f"the game after {line!r}, saved and loaded, is not the same game: {loaded.text[:300]}")


def walk(draw: Draw, session: Session, lines: int, focus: tuple[str, ...] = (),
         seen: list[str] | None = None, verdicts: list[str] | None = None) -> list[str]:
    """``lines`` lines on one session; the verdict of each (also added to ``verdicts``).
    Each line is added to ``seen`` before it runs (what led to a crash)."""
    words = Words(draw, session, focus)
    verdicts = verdicts if verdicts is not None else []
    for _ in range(lines):
        line = words.line()
        if seen is not None:
            seen.append(line)
        verdicts.append(check_line(session, line, draw))
        if session.game_name != words.game:         # `new OTHER` or `load`: words of that game
            words = Words(draw, session, focus)
    return verdicts


# ---- where walks start ---------------------------------------------------------------------

#: ``new`` lines that start each game in its other shapes (team formats, two wardens, a
#: ruleset), besides the default game
VARIANTS = {"ivion": ("new ruleset original", "new names kassidy morgan first morgan"),
            "sylvion": ("new sylvion players 2", "new sylvion players 2 mode silence", "new sylvion mode silence"),
            "ikorr": ("new ikorr format 2v2", "new ikorr format 3v3")}


def new_session(draw: Draw, game: str, seen: list[str] | None = None) -> Session:
    """Where a walk starts: a fresh game (a seed drawn, perhaps in another shape), a saved
    game of a real session (tests/repl/save_corpus.py: mid-resolution, cards on the stack,
    the game over), or the board of one of the game's bundled scenarios with a part of its
    script already run.  ``seen`` gets how it was made, as comment lines and the lines run."""
    seen = seen if seen is not None else []
    start = draw.integer(0, 9)
    if start < 4:
        seed = draw.integer(0, 5)
        seen.append(f"# Session({game!r}, seed={seed})")
        session = Session(game, seed=seed)
        if start == 0:
            line = f"{draw.choice(VARIANTS[game])} seed {seed}"
            seen.append(line)
            execute(session, line)
        return session
    if start < 6:
        k = draw.integer(0, len(game_saves(game)) - 1)
        seen.append(f"# the saved game save_corpus.game_saves({game!r})[{k}]")
        session = Session(game, start=False)
        session.take(saved_game(parse_save(game_saves(game)[k], "save.json"), "save.json"))
        return session
    from cardsmith.repl.scenario.build import new_session as scenario_session
    path = draw.choice([p for p in scenario_files() if scenario_game(p) == game])
    prep = _prepared(str(path))
    seen.append(f"# the board of {path.relative_to(ROOT)}")
    session = scenario_session(prep)
    script = prep.sdef.section("script") or prep.sdef.section("solution")
    if script is not None:
        commands = [ln.command for ln in script.lines if ln.kind == "command"]
        for command in commands[:draw.integer(0, len(commands))]:
            seen.append(command)
            execute(session, command)
    return session


@lru_cache(maxsize=64)
def _prepared(path: str) -> Any:
    from cardsmith.repl.scenario.check import prepare
    return prepare(path)    # a scenario is not changed by building a session on it


# ---- using what a loader accepted ----------------------------------------------------------

_SESSIONS: dict[str, Session] = {}


def _base(game: str) -> Session:
    if game not in _SESSIONS:
        _SESSIONS[game] = Session(game, seed=1)
    return _SESSIONS[game]


def play_defined(draw: Draw, game: str, source: str, names: list[str], lines: int = 8) -> None:
    """Define cards in a REPL session, put them in the hand of the player to act, and play
    on for a few lines, mostly choosing the options that name them; the session is put
    back afterwards."""
    session = _base(game)
    point = session.savepoint()
    try:
        if check_line(session, "define " + source) == "accepted":
            who = session.g.pending.player if session.g.pending else 0
            player = session.g.state.players[who].name
            for name in names:
                check_line(session, f'put "{name}" into {player} hand')
            walk(draw, session, lines, tuple(names))
    finally:
        session.restore(point)


def play_deck(draw: Draw, deck: Any, lines: int = 8) -> tuple[str, str]:
    """Start a game with the deck for every player, as ``new decks A B`` does, and play on."""
    from cardsmith.repl.decks import CARD_FILES
    from cardsmith.repl.views import get_view
    from cardsmith.runtime.core.errors import CardsmithError
    if deck.game not in GAMES or get_view(deck.game).default_options().get("decks") is None:
        return "accepted", ""
    session = _base(deck.game)
    point = session.savepoint()
    options = deck.as_options()
    if deck.card_files:
        options[CARD_FILES] = list(deck.card_files)
    seats = len(get_view(deck.game).default_options()["decks"])
    try:
        try:
            session.new_game(decks=[options] * seats, seed=draw.integer(0, 5))
        except CardsmithError as exc:
            return "refused", str(exc)
        walk(draw, session, lines)
    finally:
        session.restore(point)
    return "accepted", ""


def try_lines(draw: Draw, game: str, lines: int, seen: list[str] | None = None,
              verdicts: list[str] | None = None) -> list[str]:
    """A walk of ``lines`` lines from a new starting point of ``game``."""
    return walk(draw, new_session(draw, game, seen), lines, seen=seen, verdicts=verdicts)
