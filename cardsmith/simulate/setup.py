"""How one game of a run is set up, as ``cardsmith play`` sets it up: the game's rules
object says whether it takes decks (``default_decks``), how a deck is handed over
(``deck_options``), its setup options and rulesets, and how each seat's AI is seeded.

A ``Spec`` is plain, hashable data (it travels to worker processes and Dask workers); a
``Table`` is a ``Spec`` made ready to deal games: the game's rules, the card library with
the decks' own cards, and the decks as the game's ``decks`` option takes them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardsmith.runtime.core.errors import CardsmithError


class SetupProblem(CardsmithError):
    """A run can't be set up: an unknown game, deck or option; the message says which."""


@dataclass(frozen=True)
class Spec:
    """What a worker needs to play the same games as every other worker."""
    game: str
    decks: tuple[str, ...] = ()                 # deck files or bundled names, side 0 first
    cards: tuple[str, ...] = ()                 # the designer's own card files or folders
    options: tuple[tuple[str, Any], ...] = ()   # setup options, already checked
    ai: str = "random"
    blank: str = ""                             # a card of the first deck played as one that does nothing
    opponent_ai: str = ""                       # the other side's AI, when not ``ai`` (a skill check)

    def with_decks(self, decks: tuple[str, ...]) -> "Spec":
        return replace(self, decks=decks)

    def without(self, card: str) -> "Spec":
        return replace(self, blank=card)


@dataclass
class Table:
    """A prepared ``Spec``: ``deal(seed, swapped)`` builds the game."""
    spec: Spec
    rules: Any
    library: Any
    decks: list[dict[str, Any]] = field(default_factory=list)

    def deal(self, seed: int, swapped: bool, history: bool = False) -> Any:
        """A new game with the decks in seat order (reversed when ``swapped``: deck A
        then plays side 1); ``history`` keeps undo steps (a replay opened in the REPL)."""
        from cardsmith.runtime.core import Game

        options = dict(self.spec.options)
        if self.decks:
            options["decks"] = list(reversed(self.decks)) if swapped else list(self.decks)
        return Game.new(self.rules, self.library, history=history, seed=seed, **options)

    def players(self, game: Any, seed: int, side: int = 0) -> list[Any]:
        """One AI per seat, each seeded from the game's seed (as ``cardsmith play`` does):
        ``spec.ai`` on the first deck's ``side``, ``spec.opponent_ai`` (if any) on the other."""
        from cardsmith.runtime.core.ai_kinds import make_ai

        other = self.spec.opponent_ai or self.spec.ai
        return [make_ai(self.spec.ai if p.team == side else other, self.rules.ai_seed(seed, p.index))
                for p in game.state.players]


def prepare(spec: Spec) -> Table:
    """The ``Table`` for ``spec``: rules, library and decks loaded and checked as
    ``cardsmith play`` loads them; raises ``SetupProblem`` (every located deck problem at
    once) or the loader's ``CardError``.  A game takes decks when its rules name
    ``default_decks``; ``deck_options`` hands each over as its setup takes it."""
    from cardsmith.dsl.decks import library_for_decks
    from cardsmith.play import DeckProblem, game_library, read_deck_defs
    from cardsmith.runtime.core.ai_kinds import make_ai

    rules = rules_for(spec.game)
    try:
        make_ai(spec.ai)                        # an unknown AI is said before any game starts
        make_ai(spec.opponent_ai or spec.ai)
    except CardsmithError as exc:
        raise SetupProblem(str(exc)) from None
    if spec.opponent_ai and not spec.decks:
        raise SetupProblem("--against-ai needs two sides: --decks A B")
    library = game_library(spec.game, [Path(p) for p in spec.cards])
    if not rules.default_decks:
        if spec.decks:
            raise SetupProblem(f"{spec.game} takes no decks (leave out --decks)")
        table = Table(spec, rules, library)
    else:
        if not spec.decks:
            raise SetupProblem(f"{spec.game} is played with decks: --decks A B "
                               f"(bundled: {', '.join(rules.bundled_decks())})")
        try:
            defs = read_deck_defs(list(spec.decks), library, rules)
        except DeckProblem as exc:
            raise SetupProblem(str(exc)) from None
        table = Table(spec, rules, library_for_decks(library, defs), [rules.deck_options(d) for d in defs])
    if spec.blank:
        blank_out(table, spec.blank)
    return table


def rules_for(game: str) -> Any:
    from cardsmith.runtime.core.errors import UnknownGame
    from cardsmith.runtime.core.registry import game_names, get_game

    try:
        return get_game(game)
    except UnknownGame as exc:
        raise SetupProblem(f"{exc} (games: {', '.join(game_names())})") from None


BLANK_SUFFIX = " (blank)"


def blank_out(table: Table, name: str) -> None:
    """Play the first deck's ``name`` as a copy with no rules text (no effect, targets,
    abilities or keywords; its cost and printed stats stay), under its own name so that the
    other deck's copies keep theirs."""
    from dataclasses import replace

    from cardsmith.runtime.core.cards import CardLibrary

    from .cardwatch import deck_names

    if name not in deck_names(table.decks[0]) or name not in table.library:
        raise SetupProblem(f"the first deck has no card named '{name}'")
    card = table.library.get(name)
    blank = replace(card, name=name + BLANK_SUFFIX, effect=(), targets=(), modes=0, abilities=(),
                    keywords=frozenset())
    table.library = table.library.merged(CardLibrary([blank]))
    first = dict(table.decks[0])
    first["cards"] = [(name + BLANK_SUFFIX if c == name else c) if isinstance(c, str) else
                      ([name + BLANK_SUFFIX, *c[1:]] if c[0] == name else c) for c in first["cards"]]
    table.decks = [first, *table.decks[1:]]


def read_options(game: str, pairs: list[str], ruleset: str | None) -> tuple[tuple[str, Any], ...]:
    """``KEY=VALUE`` setup options checked against the game's own table
    (``GameRules.setup_options``, as a scenario's ``option`` lines are), and the ruleset."""
    rules = rules_for(game)
    table = rules.setup_options
    out: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not eq or key not in table:
            known = ", ".join(f"{k}={o.describe()}" for k, o in table.items()) or "none"
            raise SetupProblem(f"--option '{pair}': {game} has no option '{key}' (options: {known})"
                               if eq else f"--option '{pair}': write KEY=VALUE (options: {known})")
        try:
            out[key] = table[key].read(value)
        except ValueError as exc:
            raise SetupProblem(f"--option {key} {exc}") from None
    if ruleset is not None:
        if ruleset not in rules.rulesets:
            raise SetupProblem(f"{game} has no ruleset '{ruleset}' (rulesets: {', '.join(rules.rulesets)})")
        out["ruleset"] = ruleset
    return tuple(sorted(out.items()))
