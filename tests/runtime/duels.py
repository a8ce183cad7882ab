"""Helpers for tests that play real Ivion duels with the bundled sample decks."""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Iterator

import cardsmith.runtime.ivion as ivion
from cardsmith.dsl.decks import find_deck, load_deck
from cardsmith.dsl.loader import bundled_library
from cardsmith.runtime.core import Action, CardLibrary, Game

RULES = ivion.GAME


@lru_cache(maxsize=None)
def library() -> CardLibrary:
    """The bundled Ivion cards, compiled once per test process."""
    return bundled_library("ivion")


@lru_cache(maxsize=None)
def _decks() -> tuple:
    return tuple(load_deck(find_deck(name, RULES)).as_options() for name in RULES.default_decks)


def decks() -> list[dict]:
    return [{k: list(v) if isinstance(v, list) else v for k, v in d.items()} for d in _decks()]


def new_duel(seed: int = 0, ruleset: str = "hh", *, history: bool = False) -> Game:
    """The default duel (Steward vs Winterborn)."""
    return Game.new(RULES, library(), history=history, decks=decks(), seed=seed, ruleset=ruleset)


def load(data: dict, *, history: bool = False) -> Game:
    return Game.from_data(RULES, library(), data, history=history)


def random_actions(game: Game, seed: int, limit: int = 100_000) -> Iterator[Action]:
    """Yield random legal actions until the game ends (or ``limit``); the caller applies
    each one (so it can look at, save or copy the state the action is chosen in)."""
    rng = random.Random(seed)
    for _ in range(limit):
        actions = game.legal_actions()
        if game.state.over or not actions:
            return
        yield actions[rng.randrange(len(actions))]


def play_random(game: Game, seed: int, limit: int = 100_000) -> list[Action]:
    """Apply random legal actions until the game ends (or ``limit``); return them."""
    played = []
    for action in random_actions(game, seed, limit):
        game.apply(action)
        played.append(action)
    return played
