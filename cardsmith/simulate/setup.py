"""How one game of a run is set up: the only module of the simulator that knows how a game
takes its decks and options (the ``cardsmith play`` way), so it is the one to rewire when
the games bring those through their rules objects.

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

    def deal(self, seed: int, swapped: bool) -> Any:
        """A new game with the decks in seat order (reversed when ``swapped``: deck A
        then plays side 1)."""
        from cardsmith.runtime.core import Game

        options = dict(self.spec.options)
        if self.decks:
            options["decks"] = list(reversed(self.decks)) if swapped else list(self.decks)
        return Game.new(self.rules, self.library, history=False, seed=seed, **options)

    def players(self, game: Any, seed: int, side: int = 0) -> list[Any]:
        """One AI per seat, each seeded from the game's seed (as ``cardsmith play`` does):
        ``spec.ai`` on the first deck's ``side``, ``spec.opponent_ai`` (if any) on the other."""
        from cardsmith.runtime.core.ai import make_ai, seed_for

        ai_seed = getattr(self.rules, "ai_seed", None) or seed_for
        other = self.spec.opponent_ai or self.spec.ai
        return [make_ai(self.spec.ai if p.team == side else other, ai_seed(seed, p.index))
                for p in game.state.players]


def deck_folder(game: str) -> Path:
    from cardsmith.dsl.loader import bundled_cards_dir
    return bundled_cards_dir() / game / "decks"


def bundled_decks(game: str) -> list[str]:
    return sorted(p.stem for p in deck_folder(game).glob("*.deck"))


def prepare(spec: Spec) -> Table:
    """The ``Table`` for ``spec``: rules, library and decks loaded and checked; raises
    ``SetupProblem`` (every located deck problem at once) or the loader's ``CardError``.

    Today's ``cardsmith play`` finds a game's decks among its bundled ``decks`` folder and
    hands them over as ``DeckDef.as_options()``; a game without such a folder takes none.
    """
    from cardsmith.dsl.decks import library_for_decks
    from cardsmith.play import DeckProblem, game_library, read_deck_defs
    from cardsmith.runtime.core.errors import UnknownGame
    from cardsmith.runtime.core.registry import game_names, get_game

    from cardsmith.runtime.core.ai import make_ai

    try:
        rules = get_game(spec.game)
        make_ai(spec.ai)                        # an unknown AI is said before any game starts
        make_ai(spec.opponent_ai or spec.ai)
    except UnknownGame as exc:
        raise SetupProblem(f"{exc} (games: {', '.join(game_names())})") from None
    except CardsmithError as exc:
        raise SetupProblem(str(exc)) from None
    if spec.opponent_ai and not spec.decks:
        raise SetupProblem("--against-ai needs two sides: --decks A B")
    library = game_library(spec.game, [Path(p) for p in spec.cards])
    if not spec.decks:
        if deck_folder(spec.game).is_dir():
            raise SetupProblem(f"{spec.game} is played with decks: --decks A B "
                               f"(bundled: {', '.join(bundled_decks(spec.game))})")
        return Table(spec, rules, library)
    if not deck_folder(spec.game).is_dir():
        raise SetupProblem(f"{spec.game} takes no decks (leave out --decks)")
    try:
        defs = read_deck_defs(list(spec.decks), library, rules, game=spec.game,
                              find=lambda name: find_deck(spec.game, name))
    except DeckProblem as exc:
        raise SetupProblem(str(exc)) from None
    table = Table(spec, rules, library_for_decks(library, defs), [d.as_options() for d in defs])
    if spec.blank:
        blank_out(table, spec.blank)
    return table


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


def find_deck(game: str, spec: str) -> Path:
    """A deck file, or the name of one of the game's bundled decks (file stem, any case)."""
    from cardsmith.dsl.userfiles import find_file
    from cardsmith.play import DeckProblem

    if find_file(Path(spec)) is not None:      # a folder, a pipe, a name too long: a CardError
        return Path(spec)
    for candidate in sorted(deck_folder(game).glob("*.deck")):
        if candidate.stem.casefold() == spec.casefold().removesuffix(".deck"):
            return candidate
    raise DeckProblem(f"no deck file or bundled {game} deck named '{spec}' "
                      f"(bundled: {', '.join(bundled_decks(game))})")


def read_options(game: str, pairs: list[str], ruleset: str | None) -> tuple[tuple[str, Any], ...]:
    """``KEY=VALUE`` setup options checked against the game's own table
    (``GameRules.setup_options``, as a scenario's ``option`` lines are), and the ruleset."""
    from cardsmith.runtime.core.errors import UnknownGame
    from cardsmith.runtime.core.registry import game_names, get_game

    try:
        rules = get_game(game)
    except UnknownGame as exc:
        raise SetupProblem(f"{exc} (games: {', '.join(game_names())})") from None
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
