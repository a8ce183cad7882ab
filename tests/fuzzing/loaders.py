"""The file loaders as fuzz targets: card files of the three languages, decks, scenarios.

An input is a real file of the project changed by ``text.mutate`` (``*_input``); the
target loads it the way the command line does.  A ``CardError`` is the refusal we promise; a card,
deck or scenario that loads is then used as a designer would (a card defined in the REPL,
put in a hand and played; a deck started as a game and played; a scenario run), and
whatever goes wrong there is a crash too.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from .draw import Draw
from .text import Pool, grammar_keywords, mutate

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "cards"
SCENARIOS = ROOT / "tests" / "scenarios"
GAMES = ("ivion", "sylvion", "ikorr")
EXTENSIONS = {"ivion": ".ivion", "sylvion": ".sylvion", "ikorr": ".ikorr"}
Verdict = tuple[str, str]
#: a file's refusal starts with its place: FILE:LINE:COL (line 1 or more)
PLACED = re.compile(r"^[^\n]+:[1-9]\d*:\d+: ")


def placed(message: str, file: str) -> bool:
    """Whether a refusal names the file and the line and column in it."""
    return message.startswith(f"{file}:") and bool(PLACED.match(message))

#: how an effect nests in each card language: a mutation wraps a line in these many times
NESTING = (("if you have 1 power { ", " }"), ("choose one { ", " } or { draw 1 card }"),
           ("{ ", " }"), ("for each enemy: { ", " }"), ("(", ")"))


class Crash(Exception):
    """Something the target got back that is a bug of ours although nothing raised: an
    internal error reported by the REPL, a refused command that changed the game."""


# ---- the corpus ---------------------------------------------------------------------------

def blocks(text: str) -> list[str]:
    """A card file's top-level parts: each ``card`` block whole, and each other line."""
    out: list[str] = []
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        if not line.startswith("card "):
            if line.strip() and not line.lstrip().startswith("#"):
                out.append(line)
            k += 1
            continue
        depth, start = 0, k
        while k < len(lines):
            depth += lines[k].count("{") - lines[k].count("}")
            k += 1
            if depth <= 0 and "{" in "".join(lines[start:k]):
                break
        out.append("\n".join(lines[start:k]))
    return out


@lru_cache(maxsize=None)
def card_units(game: str) -> tuple[str, ...]:
    """Small real card texts of a game: one to three consecutive cards of a bundled file,
    with the file's declarations (archetypes, imports) in front."""
    out = []
    for path in sorted((CARDS / game).glob(f"*{EXTENSIONS[game]}")):
        parts = blocks(path.read_text(encoding="utf-8"))
        head = [p for p in parts if not p.startswith("card ")]
        cards = [p for p in parts if p.startswith("card ")]
        for k in range(0, len(cards), 2):
            out.append("\n".join(head + cards[k:k + 1 + k % 3]) + "\n")
    return tuple(out)


@lru_cache(maxsize=None)
def library(game: str) -> Any:
    """The bundled cards with those the game derives from them (what a session plays with)."""
    from cardsmith.dsl.loader import bundled_library
    from cardsmith.runtime.core import get_game
    lib = bundled_library(game).merged(type(bundled_library(game))())
    get_game(game).game_view().extend_library(lib)
    return lib


@lru_cache(maxsize=None)
def vocabulary(game: str) -> tuple[str, ...]:
    from cardsmith.runtime.core import get_game
    vocab = get_game(game).vocab
    words: set[str] = set()
    for table in ("verbs", "nouns", "filters", "conditions", "events", "quantities", "statics",
                  "activations", "keywords"):
        words |= set(getattr(vocab, table))
    return tuple(sorted(words))


@lru_cache(maxsize=None)
def card_pool(game: str) -> Pool:
    names = tuple(sorted(library(game).names(game)))
    return Pool(grammar_keywords("common.tx", f"{game}.tx"), vocabulary(game), names,
                card_units(game), NESTING)


@lru_cache(maxsize=None)
def deck_files() -> tuple[Path, ...]:
    return tuple(sorted(CARDS.glob("*/decks/*.deck")) + sorted(SCENARIOS.glob("*/*.deck")))


@lru_cache(maxsize=None)
def deck_pool() -> Pool:
    names = tuple(n for g in GAMES if g != "sylvion" for n in sorted(library(g).names(g)))
    donors = tuple(p.read_text(encoding="utf-8") for p in deck_files())
    files = tuple(p.name for p in sorted(SCENARIOS.glob("*/*")) if p.suffix != ".md")
    return Pool(grammar_keywords("deck.tx"), GAMES + files + ("paragon", "herocrafting", "standard", "1v1"),
                names, donors)


@lru_cache(maxsize=None)
def scenario_files() -> tuple[Path, ...]:
    return tuple(sorted(SCENARIOS.glob("*/*.scenario")) + sorted(CARDS.glob("*/puzzles/*.scenario")))


@lru_cache(maxsize=None)
def scenario_pool(game: str) -> Pool:
    from cardsmith.repl.commands import command_names
    from cardsmith.runtime.core import get_game
    view = get_game(game).game_view()
    files = [p for p in scenario_files() if p.parent.name == game or (game == "ivion" and "puzzles" in p.parts)]
    words = (*command_names(view), *view.stats, *view.flags, *view.zone_kinds, *view.phases(), *view.player_values,
             *view.card_values, *view.terrain_kinds(), "alice", "bob", "carol", "dave", "stack.size", "log",
             "alice.hp", "bob.hand", "expect", "refused", "contains", "in", "not", "==", "!=", "<=",
             "under hh:", "under original:", "under 2v2, 3v3:", "ruleset hh, original", "option format 1v1, 2v2",
             "\nscenario \"Another\"\ngame ivion\n", "\nscenario \"Another\"\ngame ikorr\noption format 2v2\n",
             *(f"{c}{r}" for c in "abcde" for r in "12345"))
    return Pool(grammar_keywords("scenario.tx"), words, tuple(sorted(library(game).names(game))),
                tuple(p.read_text(encoding="utf-8") for p in files), NESTING)


def scenario_game(path: Path) -> str:
    found = re.search(r"^game\s+(\w+)", path.read_text(encoding="utf-8"), re.M)
    return found.group(1) if found else "ivion"


# ---- the targets ----------------------------------------------------------------------------

def card_input(draw: Draw, game: str) -> str:
    return mutate(draw, draw.choice(card_units(game)), card_pool(game))


def load_cards(draw: Draw, game: str, text: str) -> Verdict:
    """Compile card text as ``define`` and ``cardsmith check`` do; if it compiles, render
    its rules text and play it (``walks.play_defined``)."""
    from cardsmith.dsl.errors import CardError
    from cardsmith.dsl.loader import compile_source
    from cardsmith.dsl.render import render_card
    from cardsmith.runtime.core import get_game
    try:
        cards = compile_source(text, game, f"fuzz{EXTENSIONS[game]}")
    except CardError as exc:
        return "refused", exc.format()
    for card in cards:
        render_card(card, get_game(game))
    if cards:
        from .walks import play_defined
        play_defined(draw, game, text, [c.name for c in cards])
    return "accepted", ""


def deck_input(draw: Draw) -> tuple[Path, str]:
    path = draw.choice(deck_files())
    return path, mutate(draw, path.read_text(encoding="utf-8"), deck_pool())


def load_deck(draw: Draw, path: Path, text: str) -> Verdict:
    """Read deck text (as if it were the file at ``path``) as ``cardsmith check`` does: names
    resolved against the game's cards, imports read, the game's deck rules checked; if it
    is good, start a game with it as ``new decks A B`` does and play on."""
    from cardsmith.dsl.decks import check_deck, compile_deck, read_imports
    from cardsmith.dsl.errors import CardError
    from cardsmith.runtime.core import get_game
    try:
        deck, _ = read_imports(compile_deck(text, str(path), _deck_library), use_cache=False)
        errors = check_deck(deck, _deck_library(deck.game), get_game(deck.game))
    except CardError as exc:
        return "refused", exc.format()
    if errors:
        return "refused", errors[0].format()
    from .walks import play_deck
    return play_deck(draw, deck)


def _deck_library(game: str) -> Any:
    return library(game) if game in GAMES else None


def scenario_input(draw: Draw) -> tuple[Path, str]:
    path = draw.choice(scenario_files())
    return path, mutate(draw, path.read_text(encoding="utf-8"), scenario_pool(scenario_game(path)))


def run_scenario(path: Path, text: str) -> Verdict:
    """Check and run scenario text (as if it were the file at ``path``) as ``cardsmith run``
    does: each scenario of the file and each of its ruleset/option runs (the first four),
    its board built, its script run, a puzzle's solution checked against its goal; a
    puzzle without a solution is searched by ``cardsmith solve`` for a few hundred
    positions only (the solver's own search is its benchmark's, not a loader's)."""
    from cardsmith.dsl.errors import CardError
    from cardsmith.repl.scenario.runs import plan
    outcomes = []
    try:
        for planned in plan(text=text, file=str(path))[:4]:
            outcomes.append(_run_prepared(planned.prepare()))
    except CardError as exc:
        return "refused", exc.format()
    for failure in (f for outcome in outcomes for f in outcome.failures):   # every failed line is reported
        if "internal error" in failure.message:
            raise Crash(f"{failure.loc}: {failure.line}: {failure.message}")
    return "accepted", ""


def _run_prepared(prep: Any) -> Any:
    """One run of a scenario, its failures collected (a puzzle's search kept small)."""
    from cardsmith.repl.scenario.build import new_session
    from cardsmith.repl.scenario.run import Outcome, check_puzzle, run_lines
    from cardsmith.repl.scenario.solver import solve
    sdef = prep.sdef
    outcome = Outcome(sdef.file, sdef.name)
    script, solution = sdef.section("script"), sdef.section("solution")
    session = new_session(prep)
    if script is not None:
        run_lines(script.lines, session, outcome)
    if sdef.goal is not None and solution is not None and solution.lines:
        check_puzzle(prep, outcome, uniqueness=False)
    elif sdef.goal is not None:
        solve(prep, depth=min(sdef.goal.depth or 2, 3), node_limit=300)
    return outcome


# ---- replays ----------------------------------------------------------------------------------

#: the games a replay corpus holds: each of the three games, as simulate plays them
REPLAY_SPECS = (("ivion", ("steward", "winterborn")), ("ikorr", ("ember-regent", "tide-oracle")), ("sylvion", ()))
REPLAY_WORDS = ("format", "version", "game", "decks", "cards", "options", "ai", "opponent_ai", "seed", "swapped",
                "digest", "actions", "what", "turns", "result", "true", "false", "null", "[]", "{}", "[[", "]]",
                "cardsmith-replay", "cardsmith-save", "random", "greedy", "search:5")


@lru_cache(maxsize=None)
def replay_texts() -> tuple[str, ...]:
    """Real replay files, as ``cardsmith simulate --replays`` writes them: two games of each
    game, the first deck on either side."""
    from cardsmith.simulate import replay
    from cardsmith.simulate.setup import Spec
    out = []
    for game, decks in REPLAY_SPECS:
        for number in range(2):
            data, _ = replay.record(Spec(game, decks), 7, number, "a game of the fuzz corpus")
            out.append(replay.dumps(data))
    return tuple(out)


@lru_cache(maxsize=None)
def replay_pool() -> Pool:
    import json
    kinds = sorted({a[0] for t in replay_texts() for a in json.loads(t)["actions"]})
    args = sorted({json.dumps(a[1]) for t in replay_texts() for a in json.loads(t)["actions"]})
    decks = tuple(n for _, d in REPLAY_SPECS for n in d)
    return Pool(tuple(f'"{w}"' for w in REPLAY_WORDS), tuple(f'"{k}"' for k in kinds) + tuple(args), decks,
                replay_texts(), (("[", "]"), ("{\"x\": ", "}")))


def replay_input(draw: Draw) -> str:
    """A real replay changed: in its JSON (a field or an action deleted, retyped, renamed,
    duplicated, reordered: ``save_corpus.mutate``) or in its text."""
    import random

    from ..repl.save_corpus import mutate as mutate_json
    text = draw.choice(replay_texts())
    if draw.chance() < 0.7:
        return mutate_json(text, random.Random(draw.integer(0, 2 ** 32)))
    return mutate(draw, text, replay_pool())


REPLAY_FILE = "fuzz.replay"
#: a replay's refusal names the file, then the field (``actions[57]: ...``) or what the file is not
REPLAY_PLACED = re.compile(r"^fuzz\.replay(: ([a-z_]+|\"[^\"]*\"|\"[^\"]*\.\.\.)(\[[^\]]*\])?: | is not (a|a cardsmith) replay|: can't read)"
                           r"|^can't read fuzz\.replay")


def load_replay(draw: Draw, text: str) -> Verdict:
    """Open replay text (as the file ``fuzz.replay``, in the current folder) as
    ``cardsmith repl FILE --turn N`` does; a replay that opens is then used as a person
    would (``save_corpus.exercise``: the views, a dozen legal moves, undo)."""
    import random

    from cardsmith.repl.replay_open import replay_session
    from cardsmith.runtime.core.errors import CardsmithError

    from ..repl.save_corpus import exercise
    Path(REPLAY_FILE).write_text(text, encoding="utf-8", errors="surrogatepass")
    turn = draw.choice((None, 0, 1, 2, 3, 5, 8, 13, 40, 10 ** 6))
    try:
        session, _ = replay_session(REPLAY_FILE, turn)
    except CardsmithError as exc:
        return "refused", str(exc)
    try:
        exercise(session, random.Random(draw.integer(0, 2 ** 16)))
    except CardsmithError:
        pass                    # a refusal the game explains is no crash
    return "accepted", ""
