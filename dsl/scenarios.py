"""Scenario files (``.scenario``): parse into plain, located data; compile their cards.

A scenario is data, like a card file: loading one never runs code from it.  This module
only knows the scenario grammar (``grammars/scenario.tx``); what the names in a scenario
mean (players, properties, REPL commands) is checked by ``cardsmith.repl.scenario``,
which knows the games and the REPL.  Every object keeps its ``Loc`` so that a problem
found later, before or while the script runs, is reported as ``file:line:col``.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardsmith.runtime.core.effects import CardDef, Loc

from .errors import CardError, did_you_mean
from .index import target_name
from .scenario_decks import DeckCheck, DeckList, deck_check, deck_list

EXTENSION = ".scenario"
GRAMMAR = Path(__file__).parent / "grammars" / "scenario.tx"
_MM: list[Any] = []


# ---- the plain model -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Literal:
    value: Any                     # int, str, bool, or a tuple for a list literal
    loc: Loc = Loc()


@dataclass(frozen=True, slots=True)
class Named:
    """A path's ``["NAME"]``: the card of that name where the path points
    (``alice.hand["Icebolt"]``, ``tile b1.cards["Warrior's Banner"]``)."""
    name: str


@dataclass(frozen=True, slots=True)
class PathRef:
    """``bob.hp``, ``stack[2].fate``, ``card "Icebolt".zone``, ``tile b2.terrain``."""
    root_kind: str                 # name | card | tile
    root: str
    parts: tuple[tuple[str | int | Named, Loc], ...] = ()
    loc: Loc = Loc()

    def text(self) -> str:
        head = {"name": self.root, "card": f'card "{self.root}"', "tile": f"tile {self.root}"}[self.root_kind]
        return head + "".join(f'["{p.name}"]' if isinstance(p, Named) else f"[{p}]" if isinstance(p, int)
                              else f".{p}" for p, _ in self.parts)


@dataclass(frozen=True, slots=True)
class Sum:
    """``alice.hand.size + alice.deck.size - 1``: numbers added and taken away, left to right."""
    terms: tuple[Literal | PathRef, ...]
    ops: tuple[str, ...]           # "+" or "-", one between each two terms
    loc: Loc = Loc()

    def text(self) -> str:
        words = [t.text() if isinstance(t, PathRef) else str(t.value) for t in self.terms]
        return words[0] + "".join(f" {op} {w}" for op, w in zip(self.ops, words[1:]))


Operand = Literal | PathRef | Sum


@dataclass(frozen=True, slots=True)
class Compare:
    left: Operand
    op: str = ""                   # "" means: the left side must be true
    right: Operand | None = None


@dataclass(frozen=True, slots=True)
class LogCheck:
    text: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class Refused:
    reason: str
    command: str
    command_loc: Loc = Loc()


Condition = Compare | LogCheck | Refused | DeckCheck


@dataclass(frozen=True, slots=True)
class Line:
    """One script line: a REPL command, or an expectation."""
    kind: str                      # command | expect
    text: str                      # the source text of the line (for messages)
    loc: Loc
    command: str = ""
    condition: Condition | None = None
    under: tuple[str, ...] = ()    # `expect under original: ...`: only in the runs with one of these


@dataclass(frozen=True, slots=True)
class Section:
    kind: str                      # script | solution
    lines: tuple[Line, ...]
    loc: Loc


@dataclass(frozen=True, slots=True)
class CardEntry:
    name: str
    count: int = 1
    revealed: bool = False
    loc: Loc = Loc()
    used: bool = False             # a feat already played: locked until its owner's next turn
    values: tuple[tuple[str, int], ...] = ()   # a game's card numbers: (damage 2, ikorr 1)


@dataclass(frozen=True, slots=True)
class PileDef:
    """``beneath "CARD": ...`` in a player's block: the cards beneath that card of the
    player's (in play or in their feat zone), top first.  The Nth line naming the same
    card means its Nth copy, so a board with two Spellbooks can say both piles."""
    holder: str
    entries: tuple[PileEntry, ...]
    loc: Loc


@dataclass(frozen=True, slots=True)
class PileEntry:
    """A card of a pile: ``face`` is "up" or "down" when the line says (``"X" face up``),
    "" for the way the card above says its pile lies."""
    name: str
    count: int = 1
    face: str = ""
    loc: Loc = Loc()


@dataclass(frozen=True, slots=True)
class PlayerDef:
    name: str
    loc: Loc
    deck: tuple[str, Loc] | None = None
    position: tuple[str, Loc] | None = None
    flags: tuple[tuple[str, Loc], ...] = ()
    stats: tuple[tuple[str, int, Loc], ...] = ()
    zones: tuple[tuple[str, tuple[CardEntry, ...], Loc], ...] = ()
    piles: tuple[PileDef, ...] = ()


@dataclass(frozen=True, slots=True)
class AttachDef:
    card: str
    target: str
    loc: Loc
    owner: str = ""
    turns: int = 0
    until_end_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class TrapDef:
    """``trap PLAYER TILE``: a player's trap token on a tile (Ivion, G-21), with the place
    of each word, so a misspelt player or tile is pointed at."""
    player: str
    tile: str
    loc: Loc
    player_loc: Loc
    tile_loc: Loc


@dataclass(frozen=True, slots=True)
class Goal:
    kind: str                      # win | survive | condition
    loc: Loc
    hero: str = ""
    this_turn: bool = False
    turns: int = 0                 # 'within N turns'
    until_turn: int = 0            # 'survive until turn N'
    condition: Condition | None = None
    text: str = ""
    depth: int = 0                 # the solver's bound (choices), 0 = the solver's default


@dataclass(frozen=True, slots=True)
class RunAxis:
    """A ``ruleset A, B`` or ``option KEY A, B`` line: the scenario runs once under each
    value (``values`` as the game takes them, ``words`` as written, for ``under`` and ids)."""
    key: str                       # "ruleset", or the option's key
    values: tuple[Any, ...]
    words: tuple[str, ...]
    loc: Loc = Loc()


@dataclass(frozen=True, slots=True)
class ScenarioDef:
    name: str
    file: str
    source: str
    game: str
    loc: Loc = Loc()
    notes: tuple[str, ...] = ()
    ruleset: str = ""
    variant: str = ""
    seed: int = 0
    options: tuple[tuple[str, Any, Loc], ...] = ()
    imports: tuple[tuple[str, Loc], ...] = ()
    cards: tuple[tuple[str, int, int, Loc], ...] = ()     # (name, start, end, loc) in source
    players: tuple[PlayerDef, ...] = ()
    terrain: tuple[tuple[str, str, Loc], ...] = ()
    traps: tuple[TrapDef, ...] = ()
    attached: tuple[AttachDef, ...] = ()
    turn: tuple[str, str, Loc] | None = None     # (player, phase or "" for the first, where)
    turn_number: int = 0           # `turn alice action 3`: the game's turn count (0: as it starts)
    auto: bool | None = None
    used: tuple[tuple[str, Loc], ...] = ()   # once-per marks: (key with {PLAYER ZONE N} cards, loc)
    goal: Goal | None = None
    sections: tuple[Section, ...] = ()
    game_loc: Loc = Loc()
    runs: tuple[RunAxis, ...] = ()         # ruleset and option lines with several values
    following: int = -1                    # where the file's next scenario starts (-1: none)
    decklists: tuple[DeckList, ...] = ()     # `decklist "NAME" { ... }` (scenario_decks.py)

    def section(self, kind: str) -> Section | None:
        for s in self.sections:
            if s.kind == kind:
                return s
        return None


# ---- parsing ---------------------------------------------------------------------------

def scenario_metamodel(default_library: Any = None) -> Any:
    """A fresh scenario metamodel whose card names resolve through ``scoping.CardScope``
    (own ``card`` blocks, then imported card files, then the library)."""
    from .index import SCENARIO_WORDING
    from .loader import build_metamodel
    from .scoping import DECK_CARDS_PARAM, LIBRARY_PARAM, CardScope
    mm = build_metamodel(GRAMMAR)
    mm.model_param_defs.add(LIBRARY_PARAM, "the card library names resolve against")
    mm.model_param_defs.add(DECK_CARDS_PARAM, "model -> the cards its players' deck files import")
    mm.register_scope_providers({"*.card": CardScope(SCENARIO_WORDING, default_library=default_library)})
    return mm


def metamodel() -> Any:
    if not _MM:
        _MM.append(scenario_metamodel())
    return _MM[0]


def load_scenario(path: str | Path, library: Any = None, deck_cards: Any = None) -> ScenarioDef:
    """Read and parse a scenario file.  Raises ``CardError`` (file:line:col) on bad input."""
    from .loader import decode
    from .userfiles import read_bytes
    p = Path(path)
    return parse_scenario(decode(p, read_bytes(p)), str(path), library, deck_cards)


def parse_scenario(text: str, file: str = "<scenario>", library: Any = None, deck_cards: Any = None) -> ScenarioDef:
    """Parse a scenario.  With a ``library`` (a ``CardLibrary`` or a function from game to
    library) every card name of the board must resolve (see ``scoping.py``); without one,
    names the file does not define or import are kept as written.  ``deck_cards`` (a
    function from the textX model to the cards its players' deck files import) lets the
    board name those too, after the file's own imports and before the library."""
    from .loader import parse
    params: dict[str, Any] = {} if library is None else {"cards": library}
    if deck_cards is not None:
        params["deck_cards"] = deck_cards
    try:
        model = parse(metamodel(), text, file, "scenario", **params)
    except CardError as err:
        lines = text.splitlines()
        if err.file == file and err.line > len(lines) and lines:     # at its end: its last line
            last = max(k for k, ln in enumerate(lines) if ln.strip()) if any(ln.strip() for ln in lines) else 0
            err.line, err.col = last + 1, len(lines[last]) + 1
        trailing_comma(err, text)
        raise
    return _Reader(text, file, model._tx_parser).scenario(model)


def trailing_comma(err: CardError, text: str) -> None:
    """A syntax error right after a ``,`` is a list left open (``ruleset hh,`` then ``seed
    1`` or the next line): say so at the comma, naming the list, instead of "unexpected
    'seed'"."""
    lines = text.splitlines()
    if not err.message.startswith("unexpected ") or err.line < 1 or err.line > len(lines):
        return              # a semantic error (an unknown card after a comma) says its own
    pos = sum(len(ln) + 1 for ln in lines[: err.line - 1]) + max(err.col - 1, 0)
    before = re.sub(r"#[^\n]*", lambda m: " " * len(m.group(0)), text[:pos])  # comments
    stripped = before.rstrip()
    if not stripped.endswith(","):
        return
    at = len(stripped) - 1
    line = before.count("\n", 0, at) + 1
    col = at - (before.rfind("\n", 0, at) + 1) + 1
    head = lines[line - 1][: col - 1]
    found = re.findall(r"(?:^|\s)(ruleset|option\s+[a-z0-9_\-]+|[a-z][a-z0-9_\-]*:)\s", head)
    what = f"`{found[-1]}` list" if found else "list"
    value = re.findall(r"[^\s,]+", head)
    last = f" after {value[-1]}" if value and value[-1].startswith('"') else f" after '{value[-1]}'" if value else ""
    err.line, err.col = line, col
    err.message = f"a trailing ',' ends the {what}{last}: remove it, or write another value after it"
    err.hint = "cards are separated by commas: `hand: \"Icebolt\", \"Block\"`" if what.endswith(":` list") else \
        "values are separated by commas: `ruleset hh, original`, `option format 1v1, 2v2`"


class _Reader:
    """From the textX model to plain frozen data, keeping every location."""

    def __init__(self, text: str, file: str, parser: Any) -> None:
        self.text, self.file, self.parser = text, file, parser
        self.axes: tuple[RunAxis, ...] = ()

    def loc(self, obj: Any) -> Loc:
        line, col = self.parser.pos_to_linecol(obj._tx_position)
        return Loc(self.file, line, col)

    def at(self, pos: int) -> Loc:
        line, col = self.parser.pos_to_linecol(pos)
        return Loc(self.file, line, col)

    def seed(self, o: Any) -> int:
        """A ``seed N`` within the RNG's 64 bits (a larger one would repeat a smaller's game)."""
        from cardsmith.runtime.core.rng import MAX_SEED
        if not 0 <= o.seed <= MAX_SEED:
            raise self.fail(o, f"seed takes a whole number from 0 to {MAX_SEED}")
        return int(o.seed)

    def option(self, game: str, o: Any) -> tuple[str, tuple[Any, ...], Loc]:
        """An ``option KEY VALUE[, VALUE...]`` checked against the game's ``setup_options``
        and converted (``true`` as True), so the game's setup never reads a value it can't use."""
        from cardsmith.runtime.core.registry import get_game

        from .languages import known_games
        self.distinct(o, o.values, f"option '{o.key}'")
        if game not in known_games():
            return o.key, tuple(o.values), self.loc(o)      # the game line's own check says why
        table = get_game(game).setup_options
        spec = table.get(o.key)
        if spec is None:
            known = ", ".join(table)
            raise self.fail(o, f"unknown option '{o.key}' for {game}{did_you_mean(o.key, table)}",
                            f"options: {known}" if known else f"{game} takes no options")
        values = []
        src = self.src(o)
        col = src.find(o.key) + len(o.key)
        for raw in o.values:
            col = src.find(str(raw), col)
            at = col - 1 if col > 0 and src[col - 1] == '"' else col     # a quoted value: at its quote
            try:
                values.append(spec.read(raw))
            except ValueError as exc:
                raise self.fail(o, f"option '{o.key}' {exc}", spec.help, offset=at) from None
        return o.key, tuple(values), self.loc(o)

    def rulesets(self, game: str, o: Any) -> None:
        """Each ruleset of a ``ruleset A, B`` line must be one of the game's (said at its word)."""
        from cardsmith.runtime.core.registry import get_game

        from .languages import known_games
        self.distinct(o, o.rulesets, "ruleset")
        if game not in known_games():
            return
        known = get_game(game).rulesets
        src, col = self.src(o), len("ruleset")
        for word in o.rulesets:
            col = src.find(word, col)
            if word not in known:
                raise self.fail(o, f"unknown ruleset '{word}' for {game}" + did_you_mean(word, known),
                                "rulesets: " + ", ".join(known), offset=col)

    def distinct(self, o: Any, words: list[Any], what: str) -> None:
        if len(set(map(str, words))) < len(words):
            raise self.fail(o, f"{what} names a value twice", "list each value once")

    def src(self, obj: Any) -> str:
        return self.text[obj._tx_position:obj._tx_position_end].strip()

    def scenario(self, m: Any) -> ScenarioDef:
        ruleset = variant = ""
        seed = 0
        options, runs = [], []
        for o in m.options:
            kind = type(o).__name__
            if kind == "RulesetOption":
                self.rulesets(m.game, o)
                ruleset = o.rulesets[0]
                if len(o.rulesets) > 1:
                    runs.append(RunAxis("ruleset", tuple(o.rulesets), tuple(o.rulesets), self.loc(o)))
            elif kind == "VariantOption":
                variant = o.variant
            elif kind == "SeedOption":
                seed = self.seed(o)
            else:
                key, values, loc = self.option(m.game, o)
                options.append((key, values[0], loc))
                if len(values) > 1:
                    runs.append(RunAxis(key, values, tuple(str(v) for v in o.values), loc))
        self.axes = tuple(runs)
        imports, cards, players, terrain, attached = [], [], [], [], []
        traps: list[TrapDef] = []
        turn, auto, turn_number = None, None, 0
        used: list[tuple[str, Loc]] = []
        decklists: list[DeckList] = []
        for it in m.items:
            kind = type(it).__name__
            if kind == "Import":
                imports.append((it.importURI, self.loc(it)))
            elif kind == "CardBlock":
                cards.append((it.name, it._tx_position, it._tx_position_end, self.loc(it)))
            elif kind == "PlayerDecl":
                players.append(self.player(it))
            elif kind == "TerrainDecl":
                terrain.append((it.tile, it.kind, self.loc(it)))
            elif kind == "TrapDecl":
                traps.append(self.trap(it))
            elif kind == "AttachDecl":
                attached.append(AttachDef(target_name(it.card), it.target, self.loc(it), it.owner or "",
                                          it.turns or 0, bool(it.eot)))
            elif kind == "TurnDecl":
                if turn is not None:
                    raise self.fail(it, "the turn is set twice", "keep one `turn PLAYER [PHASE]` line")
                turn = (it.player, it.phase or "", self.loc(it))     # '': the game's first phase
                turn_number = it.number or 0
            elif kind == "AutoDecl":
                auto = it.value == "on"
            elif kind == "UsedDecl":
                used.append((it.key, self.loc(it)))
            elif kind == "DeckList":
                decklists.append(deck_list(it, self.text, m.game, self.loc(it)))
        seen: dict[str, Any] = {}
        for s in m.sections:
            if s.kind in seen:
                raise self.fail(s, f"a second '{s.kind}' section", "put all its lines in one section")
            seen[s.kind] = s
        game_pos = self.text.find("game", m._tx_position)
        return ScenarioDef(
            name=m.name, file=self.file, source=self.text, game=m.game, loc=self.loc(m),
            notes=tuple(n.text for n in m.notes), ruleset=ruleset, variant=variant, seed=seed,
            options=tuple(options), imports=tuple(imports), cards=tuple(cards),
            players=tuple(players), terrain=tuple(terrain), traps=tuple(traps), attached=tuple(attached),
            turn=turn, turn_number=turn_number, auto=auto, used=tuple(used), goal=self.goal(m.goal) if m.goal else None,
            sections=tuple(self.section(s) for s in m.sections), game_loc=self.at(max(game_pos, 0)),
            runs=self.axes, following=self.text.find("scenario", m.following._tx_position) if m.following else -1,
            decklists=tuple(decklists))

    def player(self, p: Any) -> PlayerDef:
        deck = position = None
        flags, stats, zones, piles = [], [], [], []
        for prop in p.props:
            kind = type(prop).__name__
            if kind == "PileDecl":
                for c in prop.cards:
                    if c.revealed:
                        raise self.fail(c, "a card beneath a card lies face up or face down",
                                        "write `face up` after its name, not `revealed`")
                cards = tuple(PileEntry(target_name(c.card), c.count or 1, c.face or "", self.loc(c)) for c in prop.cards)
                piles.append(PileDef(target_name(prop.card), cards, self.loc(prop)))
            elif kind == "ZoneDecl":
                entries = tuple(CardEntry(target_name(c.card), c.count or 1, bool(c.revealed), self.loc(c), bool(c.used),
                                          tuple((v.key, v.value) for v in c.values))
                                for c in prop.cards)
                zones.append((prop.kind, entries, self.loc(prop)))
            elif kind == "DeckProp":
                deck = (prop.deck, self.loc(prop))
            elif kind == "AtProp":
                position = (prop.tile, self.loc(prop))
            elif kind == "FlagsProp":
                # the flag words have no objects of their own: find each in the source
                pos = prop._tx_position
                for f in prop.flags:
                    pos = self.text.find(f, pos + 1)
                    flags.append((f, self.at(pos)))
            else:
                stats.append((prop.key, prop.value, self.loc(prop)))
        return PlayerDef(p.name, self.loc(p), deck, position, tuple(flags), tuple(stats), tuple(zones), tuple(piles))

    def trap(self, t: Any) -> TrapDef:
        # the two words have no objects of their own: find each in the source, in order
        at_player = self.text.find(t.player, t._tx_position + len("trap"))
        at_tile = self.text.find(t.tile, at_player + len(t.player))
        return TrapDef(t.player, t.tile, self.loc(t), self.at(at_player), self.at(at_tile))

    def goal(self, g: Any) -> Goal:
        w = g.what
        kind = type(w).__name__
        common = Goal("", self.loc(g), hero=g.hero or "", text=self.src(g), depth=g.depth or 0)
        if kind == "WinGoal":
            return replace(common, kind="win", this_turn=bool(w.horizon.this), turns=w.horizon.turns or 0)
        if kind == "SurviveGoal":
            return replace(common, kind="survive", until_turn=w.turn)
        cond = self.condition(w.condition)
        if isinstance(cond, Refused):
            raise self.fail(w, "a goal can't be a refusal", "use a comparison: goal bob.hp <= 10 this turn")
        if isinstance(cond, DeckCheck):
            raise self.fail(w, "a goal can't be a deck check", "check a deck in the script: expect deck \"NAME\" accepted")
        return replace(common, kind="condition", this_turn=bool(w.horizon.this), turns=w.horizon.turns or 0,
                       condition=cond)

    def section(self, s: Any) -> Section:
        lines = []
        for ln in s.lines:
            if type(ln).__name__ == "Command":
                text = strip_comment(ln.text)
                lines.append(Line("command", strip_comment(self.src(ln)), self.loc(ln), command=text,
                                  under=self.under(ln)))
            else:
                lines.append(Line("expect", self.src(ln), self.loc(ln), condition=self.condition(ln.body),
                                  under=self.under(ln)))
        return Section(s.kind, tuple(lines), self.loc(s))

    def under(self, ln: Any) -> tuple[str, ...]:
        """The runs an ``expect under A, B:`` (or ``under A, B: COMMAND``) line is for: each
        word a value of one of the scenario's several-valued ``ruleset``/``option`` lines."""
        if not ln.runs:
            return ()
        words = {w for axis in self.axes for w in axis.words}
        src = self.src(ln)
        col = src.find("under")
        for word in ln.runs:
            col = src.find(word, col)
            if word not in words:
                hint = ("runs: " + ", ".join(w for axis in self.axes for w in axis.words) if words else
                        "`under` names a run: give the scenario `ruleset A, B` or `option KEY A, B` first")
                raise self.fail(ln, f"no run '{word}' in this scenario" + did_you_mean(word, words), hint, offset=col)
        return tuple(ln.runs)

    def condition(self, c: Any) -> Condition:
        kind = type(c).__name__
        if kind == "Refused":
            cmd = strip_comment(c.command)
            return Refused(c.reason or "", cmd, self.at(self.text.find(c.command, c._tx_position)))
        if kind == "LogCheck":
            return LogCheck(c.text, bool(c.negated))
        if kind == "DeckCheck":
            return deck_check(c)
        left = self.operand(c.left)
        op = " ".join(c.op.split()) if c.op else ""
        right = self.operand(c.right) if c.right is not None else None
        return Compare(left, op, right)

    def operand(self, o: Any) -> Operand:
        kind = type(o).__name__
        if kind == "Sum":
            first = self.operand(o.first)
            if not o.tail:
                return first
            terms = (first, *(self.operand(t.term) for t in o.tail))
            return Sum(terms, tuple(t.op for t in o.tail), self.loc(o))   # type: ignore[arg-type]
        if kind == "ListValue":
            return Literal(tuple(_scalar(i.value) for i in o.items), self.loc(o))
        if kind == "Literal":
            return Literal(_scalar(o.value), self.loc(o))
        r = o.root
        rk = type(r).__name__
        if rk == "CardRoot":
            root_kind, root = "card", r.ref
        elif rk == "TileRoot":
            root_kind, root = "tile", r.key
        else:
            root_kind, root = "name", r.name
        parts = tuple((p.name, self.at(p._tx_position_end - len(p.name))) if type(p).__name__ == "AttrPart"
                      else (self.index(p), self.loc(p)) for p in o.parts)
        return PathRef(root_kind, root, parts, self.loc(o))

    def index(self, p: Any) -> int | Named:
        """``[N]`` or ``["NAME"]`` (a card named where the path points; not an empty name)."""
        if '"' not in self.src(p):
            return int(p.index)
        if not p.key:
            raise self.fail(p, "a card name in brackets can't be empty", 'write the card\'s name: alice.hand["Icebolt"]')
        return Named(p.key)

    def fail(self, obj: Any, message: str, hint: str = "", offset: int = 0) -> CardError:
        """An error at ``obj`` (``offset`` characters into it)."""
        loc = self.at(obj._tx_position + offset)
        return CardError(message, self.file, loc.line, loc.col, self.text, hint)


def _scalar(v: Any) -> Any:
    if v in ("true", "false"):
        return v == "true"
    return v


def strip_comment(text: str) -> str:
    """A command without its trailing ``# comment`` (a ``#`` inside quotes stays)."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted and (i == 0 or text[i - 1].isspace()):
            return text[:i].rstrip()
    return text.rstrip()


# ---- cards defined in the scenario -------------------------------------------------------

def scenario_cards(sdef: ScenarioDef) -> list[CardDef]:
    """Compile the scenario's own ``card`` blocks in the game's card language.

    The blocks are compiled in place: everything else in the file is blanked out (lines
    kept), so a card error carries its true line and column in the scenario file.
    """
    if not sdef.cards:
        return []
    from .loader import compile_source
    text = sdef.source
    keep = bytearray(len(text))
    for _, start, end, _ in sdef.cards:
        keep[start:end] = b"\x01" * (end - start)
    padded = "".join(ch if keep[i] or ch == "\n" else " " for i, ch in enumerate(text))
    try:
        return compile_source(padded, sdef.game, sdef.file)
    except CardError as err:
        err.source = text
        raise


def imported_cards(sdef: ScenarioDef) -> list[CardDef]:
    """The cards of the files the scenario imports (relative to the scenario file; a glob
    pattern imports every file it matches, in name order), from the compiled-card cache."""
    import glob

    from .loader import load_file
    out: list[CardDef] = []
    base = Path(sdef.file).parent
    for rel, loc in sdef.imports:
        found = sorted(glob.glob(str(base / rel)))
        if not found:
            from .userfiles import missing
            raise CardError(f"can't import '{rel}': {missing(str(base / rel))}", loc.file, loc.line, loc.col,
                            sdef.source, hint=f"imports are relative to the importing file: {base / rel}")
        for target in found:
            out.extend(load_file(target))
    return out


__all__ = ["ScenarioDef", "RunAxis", "Named", "PlayerDef", "PileDef", "PileEntry", "TrapDef", "Line", "Section", "Goal", "Compare", "LogCheck",
           "Refused", "PathRef", "Literal", "Sum", "load_scenario", "parse_scenario", "scenario_cards",
           "imported_cards", "EXTENSION", "GRAMMAR"]
