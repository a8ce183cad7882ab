"""What a worker does: play a chunk of games and send back one small summary per game.

A summary is plain data (numbers, short strings, lists and dicts of them), so it pickles
cheaply to the parent or over a Dask cluster, and nothing of a game outlives it: a worker's
memory stays flat however many games it plays.  The prepared ``Table`` of each ``Spec`` is
kept for the worker's life (loading the cards is the slow part of a first game).
"""
from __future__ import annotations

import hashlib
from typing import Any

from .cardwatch import CardWatch, deck_names, damage_in
from .jobs import Chunk, deal_of, game_seed, swapped
from .setup import Spec, Table, prepare

DECISION_LIMIT = 50_000      # a game that long is an engine bug: it is reported, not played on
_TABLES: dict[Spec, Table] = {}


def table_for(spec: Spec) -> Table:
    table = _TABLES.get(spec)
    if table is None:
        table = _TABLES[spec] = prepare(spec)
    return table


def play_chunk(spec: Spec, seed: int, chunk: Chunk) -> list[dict[str, Any]]:
    """The summaries of the chunk's games, in game order."""
    table = table_for(spec)
    return [play_one(table, seed, game) for game in range(chunk.start, chunk.stop)]


def play_one(table: Table, run_seed: int, number: int, record: list[Any] | None = None) -> dict[str, Any]:
    """Play game ``number`` of the run to its end.  ``side`` is the first deck's team;
    ``won`` says whether that side won (a game without decks: whether team 0 did).  An
    engine error ends the game with ``error`` set instead of stopping the whole run.
    ``record`` (a replay being written, ``replay.py``) gets every action taken, and the
    summary the final state's digest; a run's own games keep nothing of the kind."""
    seed = game_seed(run_seed, deal_of(number, bool(table.decks)))
    side = 1 if swapped(number) and table.decks else 0
    summary: dict[str, Any] = {"game": number, "seed": seed, "swapped": side == 1}
    decisions = 0
    rules = table.rules
    race: dict[int, list[float]] | None = {} if rules.race_name else None
    try:
        game = table.deal(seed, side == 1)
        ais = table.players(game, seed, side)
        watch = CardWatch(game, side, deck_names(table.decks[0])) if table.decks else None
        state = game.state
        while not state.over:
            pending = game.pending
            if pending is None or decisions >= DECISION_LIMIT:
                raise RuntimeError(f"the game stopped after {decisions} decisions with no result")
            if watch is not None:
                watch.look(state)
            if race is not None and state.turn not in race:
                race[state.turn] = by_side(rules.race(state), side)
            action = ais[pending.player].choose(game)
            if record is not None:
                record.append(action)
            game.apply(action)
            decisions += 1
            state = game.state
    except Exception as exc:                 # one broken game must not lose the thousands played
        summary.update(error=f"{type(exc).__name__}: {exc}"[:300], decisions=decisions,
                       won=False, draw=False, winner=-1, turns=0, players=[], cards={}, damage={}, figures={})
        return summary
    summary.update(
        error="", winner=state.winner, won=state.winner == side, draw=state.winner < 0 and bool(table.decks),
        turns=state.turn, decisions=decisions, result=state.result[:120],
        players=[{"team": p.team, "stats": dict(p.stats)} for p in state.players],
        damage=damage_by_turn(state), figures=rules.result_figures(state),
        cards=watch.record(state) if watch is not None else {})
    if race is not None:
        summary["race"] = race
    if record is not None:
        summary["digest"] = state_digest(game)
    return summary


def by_side(standing: tuple[float, ...], side: int) -> list[float]:
    """A race's standing with the first deck's team first, then the others in order."""
    return [standing[side], *(v for team, v in enumerate(standing) if team != side)] if standing else []


def state_digest(game: Any) -> str:
    """A fingerprint of a game's whole state (its board, zones, log, random generator ...):
    two games with the same digest are the same game, to the byte of its saved form."""
    return hashlib.sha256(game.to_json().encode()).hexdigest()


def damage_by_turn(state: Any) -> dict[int, int]:
    """Damage logged in each turn (``damage`` lines, the number in the line), turns with none
    left out."""
    out: dict[int, int] = {}
    for e in state.log:
        if e.kind == "damage":
            out[e.turn] = out.get(e.turn, 0) + damage_in(e.text)
    return out
