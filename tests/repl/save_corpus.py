"""Real saved games and ways to break them, for the saved-game tests and
``benchmarks/fuzz_saves.py``.

The saves come from real sessions of all three games, played with random legal answers
(stepping through resolution where the REPL pauses), taken at many points: main-phase
decisions, targets being chosen, cards on the stack, effects paused mid-resolution, the
game over; and from the end of bundled scenario files.  A mutation changes one thing in a
save the way an edited or damaged file would: a key deleted or added, a value of another
type, another id swapped in, a number made huge or negative, a list cut short.
"""
from __future__ import annotations

import copy
import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

from cardsmith.repl.session import Session

GAMES = ("ivion", "sylvion", "ikorr")
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def saved(session: Session) -> dict[str, Any]:
    """What ``save FILE.json`` writes for the session, as parsed JSON."""
    return json.loads(json.dumps(session.saved_data(), sort_keys=True))


def interesting(session: Session) -> bool:
    """A moment worth keeping besides the sampled ones: something on the stack, a paused
    resolution, a choice inside a resolving effect or a play, the game over."""
    game = session.g
    state = game.state
    top = state.agenda[-1].kind if state.agenda else ""
    return bool(state.stack) or bool(game.paused) or state.over or top not in ("turn", "action_window", "setup")


def play_session(game: str, seed: int, steps: int, every: int) -> Iterator[dict[str, Any]]:
    """Saves along one random session of ``game``."""
    session = Session(game, seed=seed)
    rng = random.Random(seed)
    for step in range(steps):
        g = session.g
        if step % every == 0 or (interesting(session) and rng.random() < 0.3):
            yield saved(session)
        if g.state.over:
            return
        if g.paused:
            session.step()
            continue
        options = g.legal_actions()
        if not options:
            return
        session.apply(rng.choice(options))


@lru_cache(maxsize=None)
def game_saves(game: str, seeds: int = 3, steps: int = 400, every: int = 25) -> tuple[str, ...]:
    """Saves of ``game`` as JSON text (cached: each test copies what it changes)."""
    out = []
    for seed in range(seeds):
        out += [json.dumps(d, sort_keys=True) for d in play_session(game, seed, steps, every)]
    return tuple(out)


@lru_cache(maxsize=None)
def scenario_saves(limit: int = 12) -> tuple[str, ...]:
    """Saves of the sessions that bundled scenario files leave, a few of each game."""
    from cardsmith.repl.scenario.build import new_session
    from cardsmith.repl.scenario.check import prepare
    from cardsmith.repl.scenario.run import Outcome, run_lines
    out = []
    for game in GAMES:
        files = sorted((SCENARIOS / game).glob("*.scenario"))
        for path in files[::max(1, len(files) // limit)][:limit]:
            try:
                prep = prepare(path)
                session = new_session(prep)
                run_lines(prep.sdef.section("script").lines, session, Outcome(str(path), prep.sdef.name))
            except Exception:       # noqa: BLE001 - a scenario that can't run gives no save
                continue
            out.append(json.dumps(saved(session), sort_keys=True))
    return tuple(out)


def all_saves() -> list[str]:
    return [s for g in GAMES for s in game_saves(g)] + list(scenario_saves())


# ---- mutations --------------------------------------------------------------------------
def _places(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every (path, value) in a parsed save, the root included."""
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _places(v, path + (k,))
    elif isinstance(data, list):
        for k, v in enumerate(data):
            yield from _places(v, path + (k,))


def _parent(data: Any, path: tuple) -> Any:
    for k in path[:-1]:
        data = data[k]
    return data


def _ids(data: Any) -> list[str]:
    """The card and stack ids a save holds (an earlier change may have left any part of
    it another type)."""
    state = data.get("state") if isinstance(data, dict) else None
    state = state if isinstance(state, dict) else {}
    cards, stack = state.get("cards"), state.get("stack")
    out = list(cards) if isinstance(cards, dict) else []
    out += [it["id"] for it in stack if isinstance(it, dict) and isinstance(it.get("id"), str)] \
        if isinstance(stack, list) else []
    return out or ["card1"]


def _other(value: Any, rng: random.Random, data: dict) -> Any:
    """A value of another type, or another plausible value of the same type."""
    if isinstance(value, bool):
        return rng.choice([not value, 0, "yes", None])
    if isinstance(value, int):
        return rng.choice([-1, -value - 1, value + 1, 10 ** rng.randint(3, 30), 2 ** 64, 0, 1, 3.5, str(value),
                           None, True])
    if isinstance(value, str):
        return rng.choice([rng.choice(_ids(data)), "", value + "x", "card999999", "player:9", "tile:z9",
                           "hand:7", 5, None, [value], value + "²", "hand:²"])
    if isinstance(value, list):
        return rng.choice([{}, "x", None, value * 2, [None], [1.5]])
    if isinstance(value, dict):
        return rng.choice([[], "x", None, {**value, "junk": 1}])
    return rng.choice([0, "x", [], {}])


def mutate(text: str, rng: random.Random) -> str:
    """One save, changed in one to three places."""
    data = json.loads(text)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        places = list(_places(data))[1:]
        if not places:
            break
        # most of a save is its log and its card list: aim at the state's other parts too
        weighty = [p for p in places if "log" not in p[0]]
        path, value = rng.choice(weighty if weighty and rng.random() < 0.8 else places)
        parent = _parent(data, path)
        last = path[-1]
        kind = rng.randrange(7)
        if kind == 0:                                       # delete a key / an entry
            del parent[last]
        elif kind == 1 and isinstance(value, (dict, list)):  # add a junk key / truncate a list
            if isinstance(value, dict):
                value[rng.choice(["junk", "card", "stage", "player", "ctl", "item", "src", "x"])] = \
                    rng.choice([1, "card2", None, [], "junk"])
            else:
                del value[rng.randrange(len(value) + 1):]
        elif kind == 2 and isinstance(value, str):          # swap in another id
            parent[last] = rng.choice(_ids(data))
        elif kind == 3 and isinstance(value, int) and not isinstance(value, bool):   # huge / negative
            parent[last] = rng.choice([-value - 1, -1, 10 ** 9, 10 ** 18, 2 ** 63, -(2 ** 63), 999_999])
        elif kind == 4 and isinstance(value, list) and value:  # reorder / duplicate an entry
            if rng.random() < 0.5:
                value.append(copy.deepcopy(rng.choice(value)))
            else:
                rng.shuffle(value)
        elif kind == 5 and isinstance(parent, dict):        # rename a key
            parent[str(last) + rng.choice(["_", "s", "x", "²"])] = parent.pop(last)
        else:                                               # change a value's type or value
            parent[last] = _other(value, rng, data)
    return json.dumps(data)


# ---- what an accepted save must survive ---------------------------------------------------
def exercise(session: Session, rng: random.Random, moves: int = 12) -> None:
    """Look at the game every way the REPL does and play on a few random legal moves
    (with undo): what a person does with a loaded game.  Raises whatever goes wrong."""
    from cardsmith.repl.commands import execute
    for line in ("board", "stack", "hand", "status", "legal", "log 5", "player"):
        result = execute(session, line)
        if "internal error" in result.text:
            raise AssertionError(f"`{line}` after load: {result.text}")
    game = session.g
    for _ in range(moves):
        if game.state.over:
            break
        if game.paused:
            session.step()
            continue
        options = game.legal_actions()
        if not options:
            break
        session.apply(rng.choice(options))
        if rng.random() < 0.2 and session.marks:
            session.undo()
    for line in ("board", "stack", "status"):
        result = execute(session, line)
        if "internal error" in result.text:
            raise AssertionError(f"`{line}` after playing on: {result.text}")


Loader = Callable[[str], Session]


def count_by_game(saves: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for text in saves:
        game = json.loads(text)["game"]
        counts[game] = counts.get(game, 0) + 1
    return counts


def cache_card_libraries() -> None:
    """Build each library a save names once (the real loader, remembered): thousands of
    loads of the same cards would otherwise spend most of their time re-reading them."""
    import cardsmith.repl.session as session_module
    real = session_module.load_cards
    if getattr(real, "remembered", False):
        return
    built: dict[Any, Any] = {}

    def load_cards(game: str, paths: list[Path], defined: dict[str, str]) -> Any:
        k = (game, tuple(map(str, paths)), tuple(sorted(defined.items())))
        if k not in built:
            built[k] = real(game, paths, defined)
        return built[k].merged(type(built[k])())      # a copy: the game may add derived cards

    load_cards.remembered = True        # type: ignore[attr-defined]
    session_module.load_cards = load_cards


_SESSIONS: dict[str, Session] = {}


def load_and_use(text: str, rng: random.Random) -> tuple[str, str]:
    """("refused", message) or ("accepted", ""): load the text as `load` does, then use the
    game (``exercise``).  Any other exception is the caller's crash."""
    from cardsmith.repl.saves import parse_save, saved_game
    from cardsmith.runtime.core.errors import CardsmithError
    try:
        loaded = saved_game(parse_save(text, "save.json"), "save.json")
    except CardsmithError as exc:
        return "refused", str(exc)
    session = _SESSIONS.get(loaded.game_name)
    if session is None:
        session = _SESSIONS[loaded.game_name] = Session(loaded.game_name, start=False)
    session.take(loaded)
    try:
        exercise(session, rng)
    except CardsmithError:
        pass                    # a refusal the game explains (a loop it detects) is no crash
    return "accepted", ""


def names_a_field(message: str) -> bool:
    """Whether a refusal says where: a path into the save, or what the file itself is."""
    import re
    return bool(re.search(r"save\.json: (state\b|\w+(\[[^\]]*\])?: )", message)
                or "is not a saved game" in message or "is not a cardsmith saved game" in message)
