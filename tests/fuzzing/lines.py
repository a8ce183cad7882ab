"""REPL lines to fuzz the command layer with, drawn from what the session's game has
right now: its players, zones, cards, places, stats and the pending options; every
registered command with arguments of the kinds its completion hints name; real lines (the
REPL walkthrough, the bundled scenarios' scripts) as they are or changed; card definitions;
mixed with wrong words.  ``walks.py`` runs them and checks what each one left."""
from __future__ import annotations

import atexit
import contextlib
import re
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardsmith.repl.commands import COMMANDS, TOPICS, command_names, game_commands
from cardsmith.repl.session import Session
from cardsmith.runtime.core.registry import get_game

from .draw import Draw
from .loaders import CARDS, GAMES, ROOT, card_pool, card_units, replay_texts, scenario_files, scenario_game
from .text import NUMBERS, Pool, mutate

JUNK = ('"', '""', "{", "}", "\\", "card999", "card0", "nobody", "zzz", "#", "--", "é", "all", "top", "bottom",
        "into", "on", "beneath", "owner", "for", "turns", "until", "end", "of", "turn", "off", "face", "up", "down",
        "\x00", "\t", "İ", "ß", "🃏", "x" * 300, "²", "①", "３", "٣", "-0", "+1")
PHASES = ("main", "start", "end", "reveal", "defense", "action", "setup", "bogus")
SHORT = ("step", "resolve", "undo", "redo", "undo 3", "redo 2", "auto on", "auto off", "board", "stack",
         "legal", "status", "log", "log all", "pass", "end", "choose", "play", "show", "why", "help bogus",
         "load /nonexistent/x.json", "cards /nonexistent", 'define card "Q" {', 'define card "Q" { bogus }',
         "new nosuchgame", "new seed x", "new names a", "new first zed", "new decks a b", "undo 99999999999999999999",
         "redo -1", "log -3", "log 99999999999999999999", "new seed -1", "new seed 99999999999999999999",
         "save /nonexistent/dir/x.json", "save scenario /nonexistent/dir/x.scenario", "bogus", "1 2 3",
         "0", "-1", "99999999999999999999", "choose 0", "choose -1", "help", "library", "library x",
         'define card "Resilience" {\n trait pips gray\n types passive\n}')   # a feat that triggers
#: search AIs a walk hands a player to, cheap enough to play a game out, and budgets refused
SEARCH = ("search:1", "search:2", "search:0", "search:x", "search:1.5", "search:-1s", "search:0s", "search:",
          "search:99999999999999999999", "search:2:3", "search,greedy", "SEARCH:1", "search:1e9s", "search:nans")
#: ``hint`` with a budget: cheap ones, and words it refuses
HINTS = ("", "1", "3", "0", "-1", "x", "0.01s", "0s", "nans", "infs", "1 2", "99999999999999999999", "²", "3s 3")
#: player names in the real lines; a line taken from them names the session's players instead
CORPUS_PLAYERS = frozenset({"alice", "bob", "carol", "dave", "kassidy", "morgan", "warden"})
#: where a walk's ``save`` and ``load`` lines write and read: one private folder a process,
#: also the working folder while lines run (``save scenario bob`` writes ./bob)
FOLDER = Path(tempfile.mkdtemp(prefix="cardsmith-fuzz-"))
atexit.register(shutil.rmtree, FOLDER, ignore_errors=True)


def in_folder() -> contextlib.chdir:
    """Run fuzzed lines and files inside ``FOLDER``: what they write stays there."""
    return contextlib.chdir(FOLDER)


@lru_cache(maxsize=None)
def replay_files() -> tuple[str, ...]:
    """The replay corpus (``loaders.replay_texts``: real games of the three games) as files
    in ``FOLDER``, for ``load FILE.replay turn N``, and one of them changed (its seed) so
    that it no longer plays back to its digest."""
    import json
    paths = []
    for k, text in enumerate(replay_texts()):
        path = FOLDER / f"r{k}.replay"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    changed = json.loads(replay_texts()[0])
    changed["seed"] += 1
    (FOLDER / "changed.replay").write_text(json.dumps(changed), encoding="utf-8")
    return (*paths, str(FOLDER / "changed.replay"), str(FOLDER / "none.replay"))


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
    return Pool(tuple(command_names(get_game(game).game_view())) + cards.keywords, cards.words, cards.names, real_lines(game))


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
        if k < 7:
            return self.draw.choice(replay_files())
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
            "ai": lambda: self.pick(("random", "greedy", "off", "none", "human", "smart", *SEARCH)),
            "onoff": lambda: self.pick(("on", "off", "maybe")),
            "help": lambda: self.pick([*command_names(view), *TOPICS, "language", "keywords", "verbs"]),
            "log": lambda: self.pick(("5", "all", "private", "0", "-1", "99999999999999999999")),
            "game": lambda: self.pick([*GAMES, "seed", "names", "first", "decks", "ruleset"]),
            "put-how": lambda: self.pick(("into", "on", "beneath")),
            "stat": lambda: self.pick([*view.stats, *view.flags, *view.player_values]),
            "terrain": lambda: self.pick([*view.terrain_kinds(), "lava"]),
            "phase": lambda: self.pick([*view.phases(), *PHASES]),
            "save": lambda: self.draw.choice(("scenario", self.path())),
            "load-turn": lambda: self.pick(("turn 0", "turn 1", "turn 3", "turn 12", "turn", "turn x", "turn -1",
                                            "turn 99999999999999999999", "round 2")),
        }
        return table.get(kind, lambda: self.pick([], junk=1))()

    def command(self) -> str:
        """Any registered command (the game's own too), with arguments of the kinds it takes,
        then a few more."""
        view = self.s.view
        cmd = COMMANDS.get(name := self.draw.choice(command_names(view))) or game_commands(view)[name]
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
        if self.draw.chance() < 0.2:
            return f"load {self.draw.choice(replay_files())} turn {self.draw.integer(0, 30)}"
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
            lambda: f"ai {self.player()} {self.pick(['random', 'greedy', 'off', 'smart', *SEARCH])}",
            lambda: f"hint {self.pick(list(HINTS))}",
            lambda: f"undo {self.number()}",
            lambda: f"redo {self.number()}",
            lambda: " ".join(self.pick([], junk=1) for _ in range(draw.integer(1, 4))),
        ]
        return forms[draw.integer(0, len(forms) - 1)]()
