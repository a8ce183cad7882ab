"""A REPL session: one game, the card library it plays with, and the REPL's own settings.

The session is the terminal-free half of the REPL (the ptpython split): commands call its
methods and get text back, so tests and scripts drive it without a terminal.  It owns the
bookkeeping the engine leaves to its callers:

- every change goes through the ``Game``: actions through ``apply()``, hand edits after a
  ``checkpoint()``, stepping after a ``checkpoint()`` too, so ``undo`` walks back over all
  of them (including mid-resolution);
- ``marks`` remembers who made each undo step (a person, an AI, an edit, a step) so that
  ``undo`` takes back an AI's replies together with the move they answered;
- ``history`` keeps the state-changing command lines for ``save scenario``.
"""
from __future__ import annotations

import copy
import json
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from cardsmith import DEFAULT_GAME
from cardsmith.runtime.core import CardLibrary, Game, get_game
from cardsmith.runtime.core.ai import AI, seed_for
from cardsmith.runtime.core.ai_kinds import make_ai
from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.logtext import format_entry
from cardsmith.runtime.core.shapes import numeral
from cardsmith.runtime.core.state import Action

from .decks import default_decks, split_card_files
from .saves import SAVE_FORMAT, SAVE_VERSION
from cardsmith.runtime.core.errors import CommandError

ADVANCE_LIMIT = 20_000
GROUPED = ("ai", "chain")   # undo steps that belong to the step before them


def load_cards(game: str, paths: list[Path], defined: dict[str, str]) -> CardLibrary:
    """The bundled cards of ``game``, then extra card files, then cards defined in the REPL."""
    from cardsmith.dsl.loader import bundled_library, compile_source, load_library
    lib = bundled_library(game)
    if paths:
        lib = lib.merged(load_library(paths))
    for name, source in defined.items():
        for card in compile_source(source, game, f"<define {name}>"):
            lib.add(card)
    get_game(game).game_view().extend_library(lib)
    return lib


def default_options(game: str) -> dict[str, Any]:
    """The options of the game's default match (``new`` with none): its view's, and the
    decks its rules name (``GameRules.default_decks``), read from the bundled deck files."""
    options = get_game(game).game_view().default_options()
    decks = default_decks(get_game(game))
    if decks is not None:
        options["decks"] = decks
    return options


class Session:
    #: the budget of a bare ``hint`` ("": the game's default, ``search_iterations``); the
    #: fuzz walks lower it, as they run hundreds of lines
    hint_budget: str = ""

    def __init__(self, game: str = DEFAULT_GAME, *, start: bool = True, **options: Any) -> None:
        self.game_name = game
        self.view = get_game(game).game_view()
        self.card_paths: list[Path] = []
        self.defined: dict[str, str] = {}
        self.library = load_cards(game, self.card_paths, self.defined)
        self.ai: dict[int, AI] = {}
        self.auto = False
        self.game: Game | None = None
        self.marks: list[str] = []
        self.redo_marks: list[str] = []
        self.history: list[tuple[str, int, bool]] = []   # (command line, depth, sticky)
        self.scenario: Any = None        # the checked scenario this session was opened on
        self.start_auto = False          # ``auto`` as the recorded history starts
        self.unsaved = False             # changed since started, saved or loaded (``quit`` asks)
        if start:
            self.new_game(**options)

    # ---- the game ----------------------------------------------------------------------
    @property
    def g(self) -> Game:
        if self.game is None:
            raise CommandError("no game: start one with `new`")
        return self.game

    def switch_game(self, game: str) -> None:
        """Play another game: its view and its bundled cards (defined cards stay behind)."""
        if game == self.game_name:
            return
        view = get_game(game).game_view()
        library = load_cards(game, [], {})
        self.game_name, self.view, self.library = game, view, library
        self.card_paths, self.defined, self.ai = [], {}, {}
        self.game = None

    def new_game(self, *, seed: int = 0, ruleset: str | None = None, decks: list | None = None,
                 names: list[str] | None = None, first: int | None = None,
                 extra: dict[str, Any] | None = None) -> Game:
        options = default_options(self.game_name)
        options.update(extra or {})
        library = self.library
        files: list[Path] = []
        if decks is not None:
            options["decks"], library, files = self.deck_cards(decks)
        if names:
            options["names"] = names
        if ruleset:
            options["ruleset"] = ruleset
        if first is not None:
            options["first"] = first
        game = Game.new(get_game(self.game_name), library, seed=seed, **options)
        self.library = library
        self.card_paths += files
        self._adopt(game)
        return game

    def deck_cards(self, decks: list) -> tuple[list, CardLibrary, list[Path]]:
        """Decks as the game takes them, the library with the card files they import over
        the session's (a deck's names meant those cards), and the files not yet in
        ``card_paths`` (kept there, so ``reload`` and ``save`` keep the cards too)."""
        from cardsmith.dsl.loader import load_library

        decks, files = split_card_files(decks)
        files = [f for f in files if f not in self.card_paths]
        library = self.library.merged(load_library(files)) if files else self.library
        return decks, library, files

    def _adopt(self, game: Game) -> None:
        self.game = game
        self.marks, self.redo_marks, self.history = [], [], []
        self.start_auto = self.auto
        self._breakpoints()
        if game.pending is None and not game.state.over and game.state.agenda:
            game.run()

    def _breakpoints(self) -> None:
        if self.game is not None:
            self.game.breakpoints = set() if self.auto else set(self.view.step_frames)

    def player_index(self, name: str) -> int:
        for p in self.g.state.players:
            if p.name.casefold() == name.casefold():
                return p.index
        seat = numeral(name)
        if seat is not None and seat < len(self.g.state.players):
            return seat
        names = ", ".join(p.name for p in self.g.state.players)
        raise CommandError(f"no player '{name}' (players: {names})")

    def player_names(self) -> list[str]:
        return [p.name for p in self.game.state.players] if self.game else []

    # ---- all or nothing ---------------------------------------------------------------
    def savepoint(self) -> dict[str, Any]:
        """Everything a command line may change, so a refused line can be taken back whole:
        the session's own fields (copies of its lists and tables) and the game's state,
        undo and redo stacks and pause.  ``execute`` takes one before every line."""
        point = {k: (v.copy() if isinstance(v, (list, dict, set)) else v) for k, v in vars(self).items()}
        point["ai"] = copy.deepcopy(self.ai)     # their random generators move as they think
        game = self.game
        if game is not None:
            point["_game"] = (game, game._snapshot(), list(game._undo), list(game._redo),
                              game.paused, set(game.breakpoints), game.library)
        return point

    def restore(self, point: dict[str, Any]) -> None:
        """Back to a ``savepoint``: the game exactly as it was (undo and redo included)."""
        point = dict(point)
        saved_game = point.pop("_game", None)
        vars(self).clear()
        vars(self).update(point)
        if saved_game is not None:
            game, snapshot, undo, redo, paused, breakpoints, library = saved_game
            game._restore(snapshot)
            game._undo[:], game._redo[:] = undo, redo
            game.paused, game.breakpoints, game.library = paused, breakpoints, library
            self.game = game

    # ---- changing the game -----------------------------------------------------------
    def mark(self, kind: str) -> None:
        self.marks.append(kind)
        self.redo_marks.clear()

    def apply(self, action: Action, by: str = "human") -> None:
        self.g.apply(action)
        self.mark(by)

    @contextmanager
    def edit(self, what: str | Callable[[], str]) -> Iterator[None]:
        """A hand edit: checkpoint, change, log, re-ask the pending question.  All or nothing.
        ``what`` the log says may be worked out by the edit itself (a game's own command:
        ``registry.game_commands``), so it is read once the change is made."""
        game = self.g
        game.checkpoint()
        try:
            yield
            game.log("edit", what if isinstance(what, str) else what(), "hand edit")
            self._refresh()
        except BaseException:
            game.rollback()
            raise
        self.mark("edit")

    def _refresh(self) -> None:
        """Ask the pending question again, so its options fit the edited board."""
        game = self.g
        if game.state.over:
            return
        if game.state.pending is not None:
            game.state.pending = None
        if not game.paused and game.state.agenda:
            game.run()

    def advance(self) -> list[str]:
        """Let the AIs decide, and resolution run where it should, until a person must act
        or a ``step`` is due.  Returns a line per AI choice, each followed by the public log
        lines it caused (and those of resolution run on the way), so a person sees the
        computer's whole turn, not only its choices."""
        game = self.g
        lines: list[str] = []
        shown = len(game.state.log)
        for _ in range(ADVANCE_LIMIT):
            if game.state.over:
                break
            if game.paused:
                top = game.state.agenda[-1] if game.state.agenda else None
                if self.auto or top is None or not self.view.is_step_boundary(top, game):
                    game.resume()
                    continue
                break
            pending = game.pending
            if pending is None:
                break
            ai = self.ai.get(pending.player)
            if ai is None:
                break
            action = ai.choose(game)
            lines += self.log_since(shown)
            lines.append(f"{game.state.players[pending.player].name} ({ai.spec} AI): {action}")
            shown = len(game.state.log)
            self.apply(action, by="ai")
        return lines + self.log_since(shown)

    def step(self) -> None:
        """Resolve one stack item: run from this pause to the next resolution step."""
        game = self.g
        self._not_over()
        if not game.paused:
            raise CommandError("nothing waits to resolve" + (
                "" if game.pending is None else f": {game.state.players[game.pending.player].name} is deciding"))
        game.checkpoint()
        self.mark("step")
        game.resume()
        while game.paused and game.state.agenda and not self.view.is_step_boundary(game.state.agenda[-1], game):
            game.resume()

    def resolve(self) -> list[str]:
        """Resolve everything on the stack (AIs answering what they are asked on the way)."""
        game = self.g
        self._not_over()
        if not game.paused:
            raise CommandError("nothing waits to resolve")
        game.checkpoint()
        self.mark("step")
        lines: list[str] = []
        for _ in range(ADVANCE_LIMIT):
            while game.paused:
                game.resume()
            if not game.state.stack:
                break
            lines += self.advance_once_ai()
            if not game.paused:
                break
        return lines

    def _not_over(self) -> None:
        if self.g.state.over:
            raise CommandError(f"the game is over ({self.g.state.result}): nothing more resolves "
                               "(`stack` shows how it was left; `undo` goes back, `new` starts again)")

    def advance_once_ai(self) -> list[str]:
        """AI answers during ``resolve``; stops at a person's decision."""
        game = self.g
        lines = []
        while not game.state.over and game.pending is not None and game.pending.player in self.ai:
            ai = self.ai[game.pending.player]
            action = ai.choose(game)
            lines.append(f"{game.state.players[game.pending.player].name} ({ai.spec} AI): {action}")
            self.apply(action, by="ai")
            while game.paused:
                game.resume()
        return lines

    def set_auto(self, on: bool) -> None:
        self.auto = on
        self._breakpoints()

    def set_ai(self, player: int, kind: str) -> None:
        if kind in ("off", "none", "human"):
            self.ai.pop(player, None)
            return
        self.ai[player] = make_ai(kind, seed=seed_for(self.g.state.seed, player))

    # ---- undo / redo -----------------------------------------------------------------
    def undo(self, n: int = 1) -> int:
        """Undo ``n`` steps; an AI's replies go with the step they answered.  Returns how many."""
        game = self.g
        done = 0
        for _ in range(n):
            if not self.marks:
                break
            while self.marks:
                kind = self.marks.pop()
                game.undo()
                self.redo_marks.append(kind)
                if kind not in GROUPED:
                    break
            done += 1
        self._settle()
        return done

    def redo(self, n: int = 1) -> int:
        game = self.g
        done = 0
        for _ in range(n):
            if not self.redo_marks:
                break
            kind = self.redo_marks.pop()
            game.redo()
            self.marks.append(kind)
            while self.redo_marks and self.redo_marks[-1] in GROUPED:
                game.redo()
                self.marks.append(self.redo_marks.pop())
            done += 1
        self._settle()
        return done

    def _settle(self) -> None:
        """After undo/redo: the restored state under the cards as they are defined now
        (``define`` is not undone), paused again where it stood."""
        game = self.g
        game.reconcile()
        self._breakpoints()
        if game.state.pending is None and not game.state.over and game.state.agenda:
            top = game.state.agenda[-1]     # a `step until` stop (repl/stops.py) waits there again
            if top.kind in self.view.stop_frames and any(self.view.at_stop(game, top, s) for s in self.view.stops()):
                game.paused = top.kind
                return
            game.run()

    # ---- the card library --------------------------------------------------------------
    def define(self, source: str) -> list[str]:
        """Compile card source and add it to the library; the cards are playable at once."""
        from cardsmith.dsl.errors import CardError
        from cardsmith.dsl.loader import compile_source
        try:
            cards = compile_source(source, self.game_name, "<define>")
        except CardError as err:
            err.file = "define"   # textX makes the name a path; lines count from `define`
            raise
        if not cards:
            raise CommandError("no card in that text (write: card \"Name\" { ... })")
        if self.game is not None:
            refuse_redefining(self.game, [c.name for c in cards])
        # a new library, not the old one changed: a refused line puts the old one back
        self.library = self.library.merged(CardLibrary(cards))
        for card in cards:
            self.defined[card.name] = source if len(cards) == 1 else card.source or source
        if self.game is not None:
            self.game.library = self.library
            self.game.reindex()
            self._refresh()
        return [c.name for c in cards]

    def reload(self) -> int:
        """Re-read every card file, keeping the game; cards in play must still exist."""
        lib = load_cards(self.game_name, self.card_paths, self.defined)
        if self.game is not None:
            missing = sorted({c.name for c in self.game.state.cards.values() if c.name not in lib})
            if missing:
                raise CommandError("reload would lose cards in this game: " + ", ".join(missing))
            old = self.library
            refuse_redefining(self.game, [n for n in {c.name for c in self.game.state.cards.values()}
                                          if n in old and old.get(n) != lib.get(n)])
        self.library = lib
        if self.game is not None:
            self.game.library = lib
            self.game.reindex()
            self._refresh()
        return len(lib)

    def add_card_file(self, path: str) -> int:
        from cardsmith.dsl.loader import load_library
        added = load_library([path])
        self.card_paths.append(Path(path))
        self.library = self.library.merged(added)
        if self.game is not None:
            self.game.library = self.library
            self.game.reindex()
            self._refresh()
        return len(added)

    # ---- saving ------------------------------------------------------------------------
    def save(self, path: str) -> None:
        """Write the game as a saved game (JSON) that ``load`` reads back exactly."""
        from .saves import write_text
        write_text(path, json.dumps(self.saved_data(), sort_keys=True) + "\n")
        self.unsaved = False

    def saved_data(self) -> dict[str, Any]:
        """The saved game: the state, and every card it may name that is not bundled (the
        session's card files and definitions, and those of the scenario it was opened on)."""
        files, defined = scenario_sources(self.scenario)
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game_name,
                "state": self.g.to_data(), "defined": {**defined, **self.defined},
                "card_files": list(dict.fromkeys([*files, *(str(p) for p in self.card_paths)])),
                "ai": {str(i): ai.spec for i, ai in self.ai.items()}, "auto": self.auto}

    def load(self, path: str) -> None:
        """Load a saved game, checked whole first: a refused file leaves the session as it was."""
        from .saves import read_save, saved_game
        self.take(saved_game(read_save(path), path))

    def take(self, loaded: Any) -> None:
        """Play on a checked saved game (``saves.saved_game``)."""
        self.game_name, self.view, self.card_paths, self.defined = \
            loaded.game_name, loaded.view, loaded.card_paths, loaded.defined
        self.library = loaded.library
        self.auto = loaded.auto
        self._adopt(loaded.game)
        self.ai = {}
        for i, kind in loaded.ai.items():
            self.set_ai(i, kind)
        self.unsaved = False

    def load_scenario(self, path: str) -> list[str]:
        """Open a scenario file's board, as ``cardsmith repl FILE.scenario`` does (its script
        not run): the session becomes the one the scenario builds.  ``FILE::NAME[RUN]``
        picks a scenario of the file and a run; the notes say what else the file holds."""
        from cardsmith.dsl.errors import CardError
        from cardsmith.dsl.scenario_runs import split_item

        from .scenario.build import new_session
        from .scenario.check import prepare_item
        from .saves import read_text
        read_text(split_item(path)[0])  # a file name that can't be read says why, as `load` does
        try:
            other = new_session(prepare_item(path))
        except CardError as exc:
            raise CommandError(exc.format()) from None
        self.become(other)
        return list(other.scenario.notes)

    def become(self, other: Session) -> None:
        """Be ``other`` from now on (a scenario's board, a replay at a turn), in place: the
        REPL, its completer and toolbar hold this object."""
        vars(self).clear()
        vars(self).update(vars(other))

    # ---- history for scenarios ---------------------------------------------------------
    def record(self, line: str, depth_before: int, sticky: bool = False) -> None:
        """Remember a command that changed something (dropping undone ones it replaces)."""
        if len(self.marks) > depth_before or sticky:
            self.history = [h for h in self.history if h[2] or h[1] <= depth_before]
            self.history.append((line, len(self.marks), sticky))

    # ---- reading the log --------------------------------------------------------------
    def log_since(self, start: int, *, private: bool = False) -> list[str]:
        """The log from entry ``start`` on, as ``cardsmith play`` prints it (``logtext``);
        ``private`` adds the entries only one player sees (and leaves out their public
        "draws a card" twins)."""
        headers = self.g.rules.log_headers
        out = []
        for e in self.g.state.log[start:]:
            if e.private and not private:
                continue
            if not e.private and private and e.kind == "draw" and "draws a card" in e.text:
                continue
            out.append(format_entry(e, headers))
        return out

    def status(self) -> str:
        """What happens next: the game's end, a pause before resolution, or a decision."""
        game = self.g
        s = game.state
        if s.over:
            return f"game over: {s.result}" + (f" (play stopped with {len(s.stack)} on the stack: `stack`)"
                                               if s.stack else "")
        if game.paused:
            nxt = self.view.next_to_resolve(game)
            return f"paused: next to resolve: {nxt or game.paused} (`step` resolves it, `resolve` runs to the end)"
        pending = game.pending
        if pending is None:
            return "nothing to decide"
        who = s.players[pending.player].name
        if pending.player in self.ai:
            return f"{who} ({self.ai[pending.player].spec} AI) is deciding: {pending.prompt}"
        if pending.kind in self.view.quiet_decisions:
            return f"{who} to act: {pending.prompt} (`legal` lists {len(pending.options)} options)"
        lines = [f"{who} to decide: {pending.prompt}"]
        lines += [f"  {k}. {a}" for k, a in enumerate(pending.options, 1)]
        return "\n".join(lines)

    def find_card(self, text: str, player: int | None = None) -> str:
        """A card instance by id ('card12') or by name, looking in the player's hand first."""
        s = self.g.state
        if text in s.cards:
            return text
        if text not in self.library:
            self.library.get(text)  # raises with a did-you-mean
        name = self.library.get(text).name
        players = [player] if player is not None else [p.index for p in s.players]
        order = []
        for i in players:
            kinds = sorted(self.view.zone_kinds, key=lambda k: k != "hand")   # the hand first
            order += [self.view.zone_key(k, i) for k in kinds]
        order += ["stack", "field"]
        for zone_key in order:
            for cid in s.zones.get(zone_key, ()):
                if s.cards[cid].name == name and (player is None or zone_key in ("stack", "field")
                                                  or s.cards[cid].owner == player):
                    return cid
        whose = f"{s.players[player].name}'s" if player is not None else "any"
        raise CommandError(f"there is no {name} in {whose} zones")


def scenario_sources(prep: Any) -> tuple[list[str], dict[str, str]]:
    """The card files a scenario imports and the source of each card it defines itself."""
    if prep is None:
        return [], {}
    import glob
    sdef = prep.sdef
    base = Path(sdef.file).parent
    files = [str(Path(f).resolve()) for rel, _ in sdef.imports for f in sorted(glob.glob(str(base / rel)))]
    return files, {name: sdef.source[start:end] for name, start, end, _ in sdef.cards}


#: how the "in use" refusal names the agenda frames games use
FRAME_WORDS = {"order_triggers": "a triggered ability waiting to resolve",
               "block": "an effect being carried out", "resolve_item": "the {stack} item resolving",
               "play": "a card being played"}


def _mentions(data: Any, cid: str) -> bool:
    if isinstance(data, str):
        return data == cid
    if isinstance(data, dict):
        return any(_mentions(v, cid) for v in data.values())
    if isinstance(data, (list, tuple)):
        return any(_mentions(v, cid) for v in data)
    return False


def in_use(game: Game, cid: str) -> str:
    """What the game still holds on to about this card, in a few words ('' if nothing):
    the source or target of something triggered, being played or resolving.  A hand edit
    must not take such a card away, or the game could not go on (its next step would
    look up a card that is gone)."""
    state = game.state
    if any(_mentions(t, cid) for t in state.triggered):
        return FRAME_WORDS["order_triggers"]
    word = game.rules.stack_word
    for item in state.stack:
        if item.card == cid:
            return f"a card on the {word}"
        if _mentions(item.targets, cid):
            return f"a target of {game.name(item.card) if item.card in state.cards else item.card} on the {word}"
    for frame in reversed(state.agenda):
        if _mentions(frame.data, cid):
            return FRAME_WORDS.get(frame.kind, f"the game's '{frame.kind}' step").format(stack=word)
    return ""


def refuse_in_use(game: Game, ids: list[str], doing: str) -> None:
    """Refuse a hand edit that would move or remove a card the game still needs."""
    for cid in ids:
        use = in_use(game, cid)
        if use:
            raise CommandError(f"{game.name(cid)} [{cid}] can't be {doing} now: {use} refers to it; "
                               "answer the pending question or `resolve` first (or `undo`)")


def refuse_redefining(game: Game, names: list[str]) -> None:
    """Refuse a new definition of a card the game still needs as it is (a waiting trigger or
    a resolving effect names its abilities by position)."""
    for cid, card in game.state.cards.items():
        if card.name in names and (use := in_use(game, cid)):
            raise CommandError(f"{card.name} can't be redefined now: {use} refers to {card.name} [{cid}]; "
                               "answer the pending question or `resolve` first (or `undo`)")


def describe_error(exc: BaseException) -> str:
    """One readable message for any error a command can raise."""
    if isinstance(exc, CardsmithError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"
