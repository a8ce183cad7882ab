"""Loading a scenario and checking every name in it before anything runs.

``prepare(path)`` parses the file, compiles its cards (imported and inline), and checks
players, stats, flags, zones, card names, phases, goal and every script line against the
game's REPL view and the card library.  The first problem is raised as a located
``CardError`` (``file:line:col``, the line, a caret and a hint).  Nothing here changes a
game: the board is built later by ``build``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsmith.dsl.decks import find_deck, load_deck
from cardsmith.dsl.errors import CardError, did_you_mean
from cardsmith.dsl.scenario_runs import load_scenarios, parse_scenarios, pick, split_item
from cardsmith.dsl.scenario_decks import DeckCheck
from cardsmith.dsl.userfiles import is_file
from cardsmith.dsl.scenarios import (Compare, Goal, Line, Literal, LogCheck, Named, PathRef, Refused,
                                     ScenarioDef, Sum, imported_cards,
                                     scenario_cards)
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.effects import Loc
from cardsmith.runtime.core.errors import CardsmithError

from ..card_names import unknown_card
from cardsmith.runtime.core.registry import game_names, get_game
from cardsmith.runtime.core.view import GameView
from ..commands import command_names, lookup, tokenize
from ..registry import games_with
from . import deck_checks
from .facts import PathError, kind_of
from .marks import prepared_check
from .problems import fail

CARD_ID = re.compile(r"^card\d+$")
#: the kinds of path that are lists of cards: a card name beside one is checked
CARD_LISTS = ("zone", "pile", "stack")
#: completion hints of a command's first argument that name a card
CARD_ARGS = ("card", "playable")
#: Commands that make no sense in a script: they leave, or replace the whole game
NOT_IN_SCRIPTS = {"define": "define cards at the top of the scenario: card \"Name\" { ... }",
                  "load": "a scenario builds its own board; `cardsmith repl FILE` opens saved games",
                  "quit": "a script ends where the file ends", "new": "a scenario starts its own game",
                  "save": "saving files from a scenario is not allowed"}


@dataclass
class Prepared:
    """A checked scenario, ready to build: the definition, its library and its names."""
    sdef: ScenarioDef
    library: CardLibrary
    view: GameView
    names: list[str]
    extra_cards: list[Any] = field(default_factory=list)
    #: what else the file holds (other scenarios, other runs), for ``repl`` and ``solve``
    notes: list[str] = field(default_factory=list)
    #: the run's label (``original-2v2``), "" for a scenario with one run
    label: str = ""

    @property
    def file(self) -> str:
        return self.sdef.file

    @property
    def goal(self) -> Goal:
        """The puzzle's goal; only a puzzle is solved, so asking a plain scenario is a bug."""
        if self.sdef.goal is None:
            raise CardError("not a puzzle (it has no `goal` line)", self.sdef.file)
        return self.sdef.goal


def prepare(path: str | Path | None = None, *, text: str | None = None, file: str = "<scenario>",
            scenario: str | None = None, under: str | None = None) -> Prepared:
    """Parse and check one run of a scenario file (or ``text``).  Raises ``CardError``.

    ``scenario`` names one of the file's scenarios and ``under`` one of its runs
    (``dsl.scenario_runs.pick``: the first of each by default; the prepared run's ``notes``
    then say what else the file holds).  The board's card names are resolved while the
    file is parsed (the scope provider of ``cardsmith.dsl.scoping``: the file's own cards,
    its imports, the cards its players' deck files import, then the game's library),
    nearest first, as the script's are.
    """
    bundled: dict[str, CardLibrary] = {}
    if text is not None:
        sdefs = parse_scenarios(text, file, lambda game: board_library(game, bundled), board_deck_cards)
    else:
        file = str(path)
        sdefs = load_scenarios(path, lambda game: board_library(game, bundled), board_deck_cards)  # type: ignore[arg-type]
    run, notes = pick(sdefs, file, scenario, under)
    prep = prepare_def(run.sdef, bundled.get(run.sdef.game))
    prep.notes, prep.label = notes, run.label
    return prep


def prepare_item(spec: str, scenario: str | None = None, under: str | None = None) -> Prepared:
    """``prepare`` a scenario file named as ``FILE`` or ``FILE::NAME[RUN]`` (a pytest item),
    with ``--scenario`` and ``--under`` (``repl`` and ``solve``); a name given both ways must
    agree."""
    path, name = split_item(spec)
    if name is not None and scenario is not None and name.casefold() != scenario.casefold():
        raise CardError(f"two scenarios asked for: {spec} and --scenario {scenario}", path, hint="give one of them")
    return prepare(path, scenario=name if name is not None else scenario, under=under)


def board_library(game: str, keep: dict[str, CardLibrary] | None = None) -> CardLibrary | None:
    """The cards a scenario's board may name besides its own and imported ones: the
    bundled cards and those the game derives from them (None: no such game here; the
    game's name is reported by ``prepare_def``).  The bundled cards are left in ``keep``
    untouched, for ``prepare_def`` to build the game's library on without loading them again.
    """
    from cardsmith.dsl.loader import bundled_library
    if game not in game_names():
        return None
    bundled = bundled_library(game)
    if keep is not None:
        keep[game] = bundled
    library = CardLibrary(bundled)
    get_game(game).game_view().extend_library(library)
    return library


def prepare_def(sdef: ScenarioDef, bundled: CardLibrary | None = None) -> Prepared:
    """Check a parsed scenario; ``bundled`` is the game's bundled cards if already loaded
    (the library grows from them: imported and own cards, then the derived ones)."""
    from cardsmith.dsl.loader import bundled_library
    games = game_names()
    if sdef.game not in games:
        raise fail(sdef, sdef.game_loc, f"no game '{sdef.game}' for scenarios" + did_you_mean(sdef.game, games),
                   "known: " + ", ".join(games))
    rules = get_game(sdef.game)
    view = rules.game_view()
    if sdef.ruleset and sdef.ruleset not in getattr(rules, "rulesets", (sdef.ruleset,)):
        raise fail(sdef, sdef.game_loc, f"unknown ruleset '{sdef.ruleset}'" + did_you_mean(sdef.ruleset, rules.rulesets),
                   "known: " + ", ".join(rules.rulesets))
    library = bundled if bundled is not None else bundled_library(sdef.game)
    extra = deck_imported_cards(sdef, rules) + imported_cards(sdef) + scenario_cards(sdef)
    for card in extra:
        library.add(card)
    view.extend_library(library)
    names = view.seat_names([p.name for p in sdef.players], {key: value for key, value, _ in sdef.options})
    prep = Prepared(sdef, library, view, names, extra)
    _check_board(prep)
    if sdef.goal is not None:
        _check_goal(prep, sdef.goal)
    for section in sdef.sections:
        for line in section.lines:
            check_line(prep, line)
    return prep


def deck_path(sdef: ScenarioDef, name: str, loc: Loc) -> Path:
    """A player's ``deck`` file: relative to the scenario, else a bundled deck's name."""
    try:
        return _deck_file(sdef.file, sdef.game, name)
    except CardsmithError as exc:
        raise fail(sdef, loc, str(exc), "a deck file (relative to the scenario) or a bundled deck name") from None


def _deck_file(scenario: str, game: str, name: str) -> Path:
    local = Path(scenario).parent / name
    return local if is_file(local) else find_deck(name, get_game(game))


def board_deck_cards(model: Any) -> list[Any]:
    """The cards the players' deck files import, for the board's names while the scenario
    is parsed (``dsl.scoping``'s ``deck_cards``).  A deck that can't be found adds nothing
    here: ``prepare_def`` reports it at its ``deck`` line.  A bad import in a deck file is
    reported where it stands in that file."""
    game = getattr(model, "game", "")
    if game not in game_names() or not get_game(game).default_decks:
        return []
    out: list[Any] = []
    for item in getattr(model, "items", None) or ():
        for prop in getattr(item, "props", None) or ():
            if type(prop).__name__ != "DeckProp":
                continue
            try:
                path = _deck_file(model._tx_filename or "", game, prop.deck)
                out += load_deck(path).imported
            except CardError:
                raise
            except (CardsmithError, OSError):
                continue
    return out


def deck_imported_cards(sdef: ScenarioDef, rules: Any) -> list[Any]:
    """The cards the players' deck files import (``import "FILE"`` in a deck), so the
    script may name them too; a bad import is located in the deck file.  Only for a game
    whose players have decks."""
    if not rules.default_decks:
        return []
    out: list[Any] = []
    for p in sdef.players:
        if p.deck is not None:
            out += load_deck(deck_path(sdef, *p.deck)).imported
    return out


# ---- the board -------------------------------------------------------------------------

def _card(prep: Prepared, name: str, loc: Loc) -> None:
    if name not in prep.library:
        raise fail(prep.sdef, loc, f"unknown card '{name}'" + did_you_mean(name, prep.library.names(prep.sdef.game)),
                   "define it with card \"Name\" { ... } or import its file")


def _player(prep: Prepared, name: str, loc: Loc) -> None:
    if name not in prep.names:
        raise fail(prep.sdef, loc, f"unknown player '{name}'" + did_you_mean(name, prep.names),
                   "players: " + ", ".join(prep.names))


def _check_board(prep: Prepared) -> None:
    sdef, view = prep.sdef, prep.view
    seen: set[str] = set()
    for p in sdef.players:
        if p.name in seen:
            raise fail(sdef, p.loc, f"player '{p.name}' is described twice", "one `player` block per player")
        seen.add(p.name)
        for key, _, loc in p.stats:
            if key not in view.stats and key not in view.player_values:
                known = sorted(set(view.stats) | set(view.player_values))
                raise fail(sdef, loc, f"unknown stat '{key}'" + did_you_mean(key, known),
                           "stats: " + ", ".join(known))
        for flag, loc in p.flags:
            if flag not in view.flags:
                raise fail(sdef, loc, f"unknown flag '{flag}'" + did_you_mean(flag, view.flags),
                           "flags: " + ", ".join(sorted(view.flags)))
        for kind, entries, loc in p.zones:
            if kind not in view.zone_kinds:
                raise fail(sdef, loc, f"unknown zone '{kind}'" + did_you_mean(kind, view.zone_kinds),
                           "zones: " + ", ".join(view.zone_kinds))
            for e in entries:       # the names were resolved when the file was parsed
                for key, _ in e.values:
                    if key not in view.card_values:
                        raise fail(sdef, e.loc, f"unknown card value '{key}'" + did_you_mean(key, view.card_values),
                                   "values: " + (", ".join(view.card_values) or f"none in {sdef.game}"))
        for pile in p.piles:
            if not view.has_piles:
                raise fail(sdef, pile.loc, f"{sdef.game} has no piles beneath cards",
                           "`beneath` lines are for " + games_with(lambda v: v.has_piles))
    most = len(view.default_options().get("names", ())) or len(sdef.players)
    if len(sdef.players) > most:
        raise fail(sdef, sdef.players[most].loc, f"too many players: this game's scenarios have {most}")
    for a in sdef.attached:
        if a.owner:
            _player(prep, a.owner, a.loc)
    _check_traps(prep)
    prepared_check(prep)
    if sdef.turn is not None:
        who, phase, loc = sdef.turn
        phase = phase or view.first_phase()
        _player(prep, who, loc)
        if phase not in view.phases():
            raise fail(sdef, loc, f"unknown phase '{phase}'" + did_you_mean(phase, view.phases()),
                       "phases: " + ", ".join(view.phases()))


def _check_traps(prep: Prepared) -> None:
    """``trap PLAYER TILE`` lines (G-21): a game with trap tokens, a known player, a tile,
    and no token written twice (one per player on a tile)."""
    sdef, view = prep.sdef, prep.view
    tiles = view.trap_tiles()
    seen: set[tuple[str, str]] = set()
    for t in sdef.traps:
        if not tiles:
            raise fail(sdef, t.loc, f"{sdef.game} has no trap tokens",
                       "`trap PLAYER TILE` is for " + games_with(lambda v: bool(v.trap_tiles())))
        _player(prep, t.player, t.player_loc)
        if t.tile not in tiles:
            raise fail(sdef, t.tile_loc, f"'{t.tile}' is not a tile" + did_you_mean(t.tile, tiles),
                       "tiles: " + ", ".join(tiles))
        if (t.player, t.tile) in seen:
            raise fail(sdef, t.loc, f"{t.tile} already holds {t.player}'s trap",
                       "one trap token per player on a tile (G-21): keep one of these lines")
        seen.add((t.player, t.tile))


def _check_goal(prep: Prepared, goal: Goal) -> None:
    if goal.hero:
        _player(prep, goal.hero, goal.loc)
    if goal.condition is not None:
        check_condition(prep, goal.condition, goal.loc)
    if goal.kind != "survive" and not goal.this_turn and goal.turns < 1:
        raise fail(prep.sdef, goal.loc, "a goal needs a horizon of at least one turn")


# ---- script lines ------------------------------------------------------------------------

def check_line(prep: Prepared, line: Line) -> None:
    if line.kind == "command":
        check_command(prep, line.command, line.loc)
    else:
        check_condition(prep, line.condition, line.loc)


def check_condition(prep: Prepared, cond: Any, loc: Loc) -> None:
    if isinstance(cond, Refused):
        check_command(prep, cond.command, cond.command_loc)
        return
    if isinstance(cond, LogCheck):
        return
    if isinstance(cond, DeckCheck):
        deck_checks.check_name(prep, cond, loc, fail)
        return
    assert isinstance(cond, Compare)
    kinds = [check_operand(prep, o) for o in (cond.left, cond.right) if o is not None]
    if cond.op in ("in", "not in") and cond.right is not None:      # the grammar gives 'in' a right side
        if kinds[1] not in (*CARD_LISTS, "names", "log", "str") and kinds[1] != "literal":
            raise fail(prep.sdef, cond.right.loc, f"'{cond.op}' needs a list on its right (a zone, the stack ...)")
        if kinds[1] in CARD_LISTS and isinstance(cond.left, Literal) and isinstance(cond.left.value, str):
            _card(prep, cond.left.value, cond.left.loc)
    if cond.op in ("==", "!=") and kinds[0] in CARD_LISTS and isinstance(cond.right, Literal) \
            and isinstance(cond.right.value, tuple):
        for v in cond.right.value:
            _card(prep, str(v), cond.right.loc)
    if cond.op in ("<", "<=", ">", ">=") and any(k in (*CARD_LISTS, "names", "str", "bool") for k in kinds):
        raise fail(prep.sdef, loc, f"'{cond.op}' compares numbers", "compare .size for a zone or the stack")


def check_operand(prep: Prepared, o: Any) -> str:
    if isinstance(o, Literal):
        return "literal"
    if isinstance(o, Sum):          # numbers only: a size, a stat, a count, a whole number
        for t in o.terms:
            kind = check_operand(prep, t)
            if kind not in ("int", "map*") and not (isinstance(t, Literal) and type(t.value) is int):
                raise fail(prep.sdef, t.loc, f"'{o.ops[0]}' adds numbers, and this is "
                           + ("a text or a list" if kind == "literal" else f"a {kind}"),
                           "add numbers: a zone's .size, a stat, a counter")
        return "int"
    assert isinstance(o, PathRef)
    if o.root_kind == "card" and not CARD_ID.match(o.root):
        _card(prep, o.root, o.loc)
    for part, at in o.parts:            # alice.hand["NAME"]: a card the game knows
        if isinstance(part, Named):
            _card(prep, part.name, at)
    try:
        return kind_of(o, prep.view, prep.names)
    except PathError as e:
        raise fail(prep.sdef, e.loc, e.message, e.hint) from None


def _col_of(text: str, word: str, loc: Loc) -> Loc:
    i = text.find(word)
    return Loc(loc.file, loc.line, loc.col + max(i, 0))


def check_command(prep: Prepared, text: str, loc: Loc) -> None:
    """A script line in the REPL's command language: quotes closed, a command or an option
    word first, and the card and player names it starts with known."""
    try:
        words = tokenize(text)
    except CardsmithError as exc:
        raise fail(prep.sdef, loc, f"bad command: {exc}") from None
    if not words:
        return
    head = words[0].casefold()
    cmd = lookup(head, prep.view)
    if cmd is not None and cmd.name in NOT_IN_SCRIPTS:
        raise fail(prep.sdef, loc, f"'{cmd.name}' can't be used in a scenario script", NOT_IN_SCRIPTS[cmd.name])
    vocabulary = prep.view.option_words
    if cmd is None and vocabulary and not head.isdecimal() and head not in vocabulary \
            and words[0] not in prep.names and not prep.library.name_words(words):
        raise fail(prep.sdef, loc, f"unknown command '{words[0]}'" + did_you_mean(head, [*command_names(prep.view), *vocabulary]),
                   "a script line is a REPL command (`help` in the REPL lists them) or an option's words")
    name = cmd.name if cmd is not None else head
    first = cmd.args[:1] if cmd is not None else ()
    if first == ("player",) and len(words) > 1 and words[1] not in prep.names and not words[1].isdecimal():
        raise fail(prep.sdef, _col_of(text, words[1], loc), f"unknown player '{words[1]}'"
                   + did_you_mean(words[1], prep.names), "players: " + ", ".join(prep.names))
    card_first = first and first[0] in CARD_ARGS or name in prep.view.play_words
    if card_first and len(words) > 1 and not CARD_ID.match(words[1]) and not prep.library.name_words(words[1:]):
        raise fail(prep.sdef, _col_of(text, words[1], loc),
                   unknown_card(prep.library, words[1:], names=prep.library.names(prep.sdef.game)),
                   "quote card names with spaces: play \"Warrior's Strike\" bob")
