"""Replay files: one game of a run as plain data, which the REPL opens at any turn
(``cardsmith repl FILE.replay --turn N``).

A replay holds what deals the game (the game, its decks and card files, setup options,
the AIs and the seed, whether the seats were swapped: a ``Spec`` and a deal, as
``worker.play_one`` plays it) and the list of actions taken, each as its kind and
arguments.  Loading it deals the game again through the real engine and applies the
actions one by one, each checked against the options of the decision it answers; nothing
in the file is ever run as code.  The final state's digest (``worker.state_digest``) must
then be the recorded one, so a changed file, or cards, decks or rules that are no longer
those it was recorded with, are refused rather than shown as the game they are not.

Every refusal is a ``ReplayProblem`` naming the file and the field (``actions[57]``:
which decision, whose, at which turn), and nothing is opened.  docs/replays.md has the
format.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from cardsmith.repl.saves import parse_json, read_text, shown, write_text
from cardsmith.runtime.core.errors import CardsmithError, CommandError
from cardsmith.runtime.core.shapes import brief, key

from .setup import Spec, Table, prepare, rules_for
from .worker import DECISION_LIMIT, play_one, state_digest, table_for

FORMAT: Final = "cardsmith-replay"
VERSION: Final = 1
EXTENSION: Final = ".replay"
#: the fields that deal and replay the game; the others only say what the game was
NEEDED: Final = ("format", "version", "game", "decks", "cards", "options", "ai", "opponent_ai",
                 "seed", "swapped", "digest", "actions")
SAID: Final = ("what", "turns", "decisions", "result")
#: the outliers of a run worth replaying, by the name of their file (``report.outliers``)
OUTLIERS: Final = {"longest": "the longest game", "shortest_win": "the shortest win of the first deck",
                   "shortest_loss": "the shortest loss of the first deck",
                   "largest_turn_damage": "the game with the most damage in one turn"}


class ReplayProblem(CommandError):
    """A replay file that can't be opened; the message names the file and the field."""


@dataclass
class Replayed:
    """A replay dealt and played through: the game at its end (with its undo steps, one
    an action), and the turn each action was taken in."""
    spec: Spec
    table: Table
    game: Any
    turns: list[int]           # turns[k]: the turn in which action k was taken
    data: dict[str, Any]
    result: str = ""           # how the game ended ("" if the actions stop before its end)
    last_turn: int = 0

    @property
    def actions(self) -> int:
        return len(self.turns)


# ---- writing -------------------------------------------------------------------------

def record(spec: Spec, run_seed: int, number: int, what: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play game ``number`` of a run again, keeping its actions: the replay's data, and
    the game's summary (the same as the run's: the games are deterministic)."""
    from cardsmith.runtime.core import codec

    if spec.blank:
        raise ReplayProblem("a game with a blanked card (--importance) is not written as a replay")
    actions: list[Any] = []
    summary = play_one(table_for(spec), run_seed, number, record=actions)
    if summary["error"]:
        raise ReplayProblem(f"game {number} stopped on an engine error: {summary['error']}")
    data = {"format": FORMAT, "version": VERSION, "what": what, "game": spec.game,
            "decks": [_portable(d) for d in spec.decks], "cards": [str(Path(c).resolve()) for c in spec.cards],
            "options": dict(spec.options), "ai": spec.ai, "opponent_ai": spec.opponent_ai,
            "seed": summary["seed"], "swapped": summary["swapped"], "turns": summary["turns"],
            "decisions": summary["decisions"], "result": summary["result"], "digest": summary["digest"],
            "actions": [[a.kind, codec.encode(a.args)] for a in actions]}
    return data, summary


def _portable(deck: str) -> str:
    """A deck as the replay names it: a file by its absolute path, a bundled deck by name."""
    path = Path(deck)
    return str(path.resolve()) if path.is_file() else deck


def dumps(data: dict[str, Any]) -> str:
    """The replay's text: one field a line, then one action a line."""
    head = [f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in data.items() if k != "actions"]
    actions = ",\n".join(f"    {json.dumps(a)}" for a in data["actions"])
    return "{\n" + ",\n".join(head) + ',\n  "actions": [\n' + actions + "\n  ]\n}\n"


def write_outliers(plan: Any, outliers: dict[str, dict[str, Any]], games: dict[int, dict[str, Any]],
                   folder: Path) -> dict[str, str]:
    """Write the run's outlier games (``report.outliers``, of the first arm; ``games``: its
    summaries by number) into ``folder`` as ``longest.replay`` ...: the file of each, by
    outlier.  Each is played again, and must be the very game the run played."""
    folder.mkdir(parents=True, exist_ok=True)
    written: dict[str, str] = {}
    spec = plan.arms[0]
    for name, said in OUTLIERS.items():
        found = outliers.get(name)
        if found is None:
            continue
        what = f"{said} of a `cardsmith simulate {spec.game}` run from seed {plan.seed} (its game {found['game']})"
        data, summary = record(spec, plan.seed, found["game"], what)
        summary.pop("digest")
        if summary != games[found["game"]]:     # a timed search AI (search:2s) plays another game
            raise ReplayProblem(f"game {found['game']} played again is not the game the run played (its AIs "
                                "don't repeat their choices), so it has no replay")
        path = folder / f"{name}{EXTENSION}"
        write_text(str(path), dumps(data))
        written[name] = str(path)
    return written


# ---- reading -------------------------------------------------------------------------

def read(path: str) -> dict[str, Any]:
    """A replay file's top level, each field checked for its kind (``ReplayProblem``)."""
    try:
        text = read_text(path)
    except CommandError as exc:
        raise ReplayProblem(str(exc)) from None
    return parse(text, path)


def parse(text: str, path: str) -> dict[str, Any]:
    """A replay's text (``path`` names it in messages), each field checked for its kind."""
    name = shown(path)
    try:
        data = parse_json(text, path)
    except CommandError as exc:
        raise ReplayProblem(str(exc).replace("not a saved game", "not a replay")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayProblem(f"{name} is not a cardsmith replay (no \"format\": \"{FORMAT}\")")
    return check_fields(data, name)


def check_fields(data: dict[str, Any], name: str) -> dict[str, Any]:
    def refuse(where: str, problem: str) -> ReplayProblem:
        return ReplayProblem(f"{name}: {where}: {problem}")

    for field in data:
        if field not in NEEDED and field not in SAID:
            raise refuse(field if field.isidentifier() and len(field) < 40 else brief(field), "is not part of a replay")
    for field in NEEDED:
        if field not in data:
            raise refuse(field, "is missing")
    if data["version"] != VERSION:
        raise refuse("version", f"{brief(data['version'])}: this cardsmith reads version {VERSION}")
    if type(data["game"]) is not str:
        raise refuse("game", f"{brief(data['game'])} is not a game's name")
    for field in ("decks", "cards"):
        value = data[field]
        if type(value) is not list or len(value) > 16 or any(
                type(v) is not str or not v or "\x00" in v or len(v) > 4096 for v in value):
            raise refuse(field, "is not a list of deck names or file names" if field == "decks"
                         else "is not a list of file names")
    if type(data["options"]) is not dict or any(type(v) not in (str, int, bool) for v in data["options"].values()):
        raise refuse("options", "is not an object of option names and values")
    for field in ("ai", "opponent_ai", "digest", *(f for f in ("what", "result") if f in data)):
        if type(data[field]) is not str or len(data[field]) > 400:
            raise refuse(field, f"{brief(data[field])} is not a short text")
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed < 2 ** 63:
        raise refuse("seed", f"{brief(seed)} is not a seed (a whole number from 0)")
    if type(data["swapped"]) is not bool:
        raise refuse("swapped", f"{brief(data['swapped'])} is not true or false")
    actions = data["actions"]
    if type(actions) is not list or len(actions) > DECISION_LIMIT:
        raise refuse("actions", f"is not a list of at most {DECISION_LIMIT} actions")
    for k, a in enumerate(actions):
        if type(a) is not list or len(a) != 2 or type(a[0]) is not str or type(a[1]) is not list:
            raise refuse(f"actions[{k}]", f"{brief(a)} is not an action ([KIND, [ARGUMENTS]])")
    return data


def spec_of(data: dict[str, Any], name: str) -> Spec:
    """The ``Spec`` a replay's fields name: game, AIs and options checked here, each where it
    is written; decks and card files when they are loaded (``deal``)."""
    from cardsmith.runtime.core.ai_kinds import check_ai

    from .setup import SetupProblem

    def refuse(where: str, problem: str) -> ReplayProblem:
        return ReplayProblem(f"{name}: {where}: {problem}")

    try:
        rules = rules_for(data["game"])
    except SetupProblem as exc:
        raise refuse("game", str(exc)) from None
    for field in ("ai", "opponent_ai"):
        problem = check_ai(data[field]) if data[field] or field == "ai" else ""
        if problem:
            raise refuse(field, f"{brief(data[field])} is not an AI: {problem}")
    options: dict[str, Any] = {}
    table = rules.setup_options
    for option, value in data["options"].items():
        if option == "ruleset":
            if value not in rules.rulesets:
                raise refuse(key("options", option), f"{brief(value)} is not a ruleset of {rules.name} "
                                                     f"({', '.join(rules.rulesets)})")
            options[option] = value
            continue
        if option not in table:
            raise refuse(key("options", option), f"is not an option of {rules.name} "
                                                 f"({', '.join(table) or 'it has none'})")
        try:
            options[option] = table[option].read(value)
        except ValueError as exc:
            raise refuse(key("options", option), str(exc)) from None
    return Spec(rules.name, tuple(data["decks"]), tuple(data["cards"]), tuple(sorted(options.items())),
                data["ai"], opponent_ai=data["opponent_ai"])


def deal(data: dict[str, Any], name: str) -> tuple[Spec, Table, Any]:
    """The replay's game as it was dealt, with undo steps kept."""
    from cardsmith.dsl.errors import CardError

    spec = spec_of(data, name)
    for k, card_file in enumerate(spec.cards):
        if not Path(card_file).exists():
            raise ReplayProblem(f"{name}: cards[{k}]: {shown(card_file)}: no such file or folder")
    try:
        table = prepare(spec)
    except CardError as exc:
        raise ReplayProblem(f"{name}: cards: {exc.format()}") from None
    except CardsmithError as exc:
        raise ReplayProblem(f"{name}: decks: {exc}") from None
    return spec, table, table.deal(data["seed"], data["swapped"] and bool(table.decks), history=True)


def replay(path: str, data: dict[str, Any] | None = None) -> Replayed:
    """Read and play a replay file through to its end, every action checked against the
    decision it answers, then the digest; ``ReplayProblem`` at the first that is wrong."""
    name = shown(path)
    data = read(path) if data is None else check_fields(data, name)
    spec, table, game = deal(data, name)
    turns: list[int] = []
    for k, (kind, args) in enumerate(data["actions"]):
        where = f"{name}: actions[{k}]"
        state = game.state
        if state.over:
            raise ReplayProblem(f"{where}: the game was over after {k} actions ({state.result}); "
                                f"the file has {len(data['actions'])}")
        pending = game.pending
        if pending is None or game.paused:
            raise ReplayProblem(f"{where}: the game waits for no decision here")
        wanted = (kind, _tuples(args))
        chosen = next((o for o in pending.options if (o.kind, o.args) == wanted), None)
        if chosen is None:
            who = state.players[pending.player].name
            raise ReplayProblem(f"{where}: {brief([kind, args])} is not one of the {len(pending.options)} options "
                                f"of {who}'s decision in turn {state.turn} ({pending.prompt})")
        turns.append(state.turn)
        game.apply(chosen)
    digest = state_digest(game)
    if digest != data["digest"]:
        raise ReplayProblem(f"{name}: digest: its actions play to another game than the one recorded "
                            f"(ending {game.state.result or 'unfinished'}, in turn {game.state.turn}): "
                            "the file was changed, or the cards, decks or rules are not those it was "
                            "recorded with")
    return Replayed(spec, table, game, turns, data, game.state.result if game.state.over else "",
                    game.state.turn)


def seek(replayed: Replayed, turn: int | None) -> tuple[int, str]:
    """Step the replayed game back (undo) to the start of ``turn``: its first decision
    (``None``: the game's first).  A turn past the game's end leaves it at its end.  Returns
    how many actions stay applied, and a sentence saying where the game now stands."""
    game, turns = replayed.game, replayed.turns
    if turn is None:
        at = 0
    else:
        at = next((k for k, t in enumerate(turns) if t >= turn), len(turns))
    for _ in range(len(turns) - at):
        game.undo()
    total = len(turns)
    if at == total:
        where = (f"turn {turn} is past the end of this game (its last turn is {replayed.last_turn}): "
                 if turn is not None else "")
        return at, f"{where}opened at its end, after all {total} actions (`undo` goes back)"
    now = turns[at]
    start = f"the start of turn {now}" if turn is None or now == turn else \
        f"the start of turn {now} (turn {turn} has no decision)"
    return at, (f"opened at {start}, before action {at + 1} of {total} (`undo` goes back, "
                "`redo` plays the recorded actions on)")


def describe(replayed: Replayed) -> str:
    """What the replayed game is, for the REPL's first lines."""
    data, spec = replayed.data, replayed.spec
    decks = " vs ".join(spec.decks) + (" (seats swapped)" if data["swapped"] and spec.decks else "")
    ais = spec.ai + (f" against {spec.opponent_ai}" if spec.opponent_ai else "")
    what = data.get("what") or "a recorded game"
    return (f"replay: {what}\n  {spec.game}{': ' + decks if decks else ''}, seed {data['seed']}, {ais} AI; "
            f"{replayed.actions} actions, {replayed.result or 'unfinished'}")


def _tuples(value: Any) -> Any:
    """JSON's lists as the tuples an action's arguments are."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value
