"""Random and malformed command lines against the real REPL command layer, on the default
Ivion duel, Sylvion and Rush of Ikorr: no line may end in an internal error, and a refused
line leaves the game exactly as it was (``Game.to_json()``, the undo and redo stacks and
the session's own undo bookkeeping).

Lines are drawn from what the game offers at that moment (its players, zones, cards,
places, stats, the pending options), mixed with wrong words, so the walk reaches deep
states (mid-resolution, triggers waiting, a game over) and then pokes at them.  More
examples: ``HYPOTHESIS_PROFILE=ci``.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session

NUMBERS = ["0", "1", "2", "3", "5", "-1", "99999999999999999999", "x", "1.5"]
JUNK = ['"', '""', "{", "}", "\\", "card999", "nobody", "zzz", "#", "--", "é", "all", "top", "bottom",
        "into", "on", "owner", "for", "turns", "until", "end", "of", "turn", "on", "off"]
PHASES = ["main", "start", "end", "reveal", "defense", "action", "setup", "bogus"]
SHORT = ["step", "resolve", "undo", "redo", "undo 3", "redo 2", "auto on", "auto off", "board", "stack",
         "legal", "status", "log", "log all", "pass", "end", "choose", "play", "show", "why", "help bogus",
         "load /nonexistent/x.json", "cards /nonexistent", 'define card "Q" {', 'define card "Q" { bogus }',
         "new nosuchgame", "new seed x", "new names a", "new first zed", "new decks a b",
         "save /nonexistent/dir/x.json", "save scenario /nonexistent/dir/x.scenario", "bogus", "1 2 3",
         'define card "Resilience" {\n trait pips gray\n types passive\n}']   # a feat that triggers
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class Drawn:
    """Choices drawn by Hypothesis (shrinkable)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, items: list) -> object:
        return self.data.draw(st.sampled_from(items))

    def integer(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi))

    def chance(self) -> float:
        return self.data.draw(st.floats(0, 1))


class Seeded:
    """Choices from a seeded generator: long walks, the same on every run."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)

    def choice(self, items: list) -> object:
        return self.rnd.choice(items)

    def integer(self, lo: int, hi: int) -> int:
        return self.rnd.randint(lo, hi)

    def chance(self) -> float:
        return self.rnd.random()


class Words:
    """Draws the words of a line from what the session's game has right now."""

    def __init__(self, draw: "Drawn | Seeded", session: Session) -> None:
        self.draw, self.s = draw, session
        self.library = sorted(c.name for c in session.library._cards.values())

    def pick(self, items: list[str], junk: float = 0.1) -> str:
        if not items or self.draw.chance() < junk:
            return self.draw.choice(JUNK + NUMBERS + PHASES)
        return self.draw.choice(items)

    def player(self) -> str:
        return self.pick(self.s.player_names())

    def zone(self) -> str:
        return self.pick(list(self.s.view.zone_kinds))

    def card(self) -> str:
        ids = list(self.s.g.state.cards)
        if ids and self.draw.chance() < 0.5:
            return self.pick(ids)
        return '"' + self.pick(self.library, junk=0) + '"'

    def place(self) -> str:
        return self.pick(self.s.view.spaces(self.s.g))

    def number(self) -> str:
        return self.pick([str(n) for n in range(8)], junk=0.15)

    def line(self) -> str:
        s, view, draw = self.s, self.s.view, self.draw
        options = s.g.legal_actions()
        kind = draw.integer(0, 9)
        if kind < 4 and options:               # answer the pending question (by number or words)
            k = draw.integer(0, len(options) - 1)
            return str(k + 1) if draw.chance() < 0.7 else str(options[k])
        if kind < 5:
            return draw.choice(SHORT)
        stats = list(view.stats) + list(view.player_values) or ["hp"]
        values = list(view.card_values) or ["damage"]
        forms = [
            lambda: f"empty {self.player()} {self.zone()}",
            lambda: f"delete {self.card()}",
            lambda: f"delete {self.card()} {self.player()}",
            lambda: f"put {self.card()} into {self.player()} {self.zone()}",
            lambda: f"put {self.card()} into {self.player()} {self.zone()} {self.pick(['top', 'bottom', '2'])}",
            lambda: f"put {self.card()} into {self.player()} {self.zone()} {self.pick(values)} {self.number()}",
            lambda: f"put {self.card()} on {self.pick([self.player(), self.place()])} owner {self.player()}"
                    f" for {self.number()} turns",
            lambda: f"set {self.player()} {self.pick(stats)} {self.number()}",
            lambda: f"set {self.player()} {self.pick(list(view.flags))} {self.pick(['on', 'off', 'maybe'])}",
            lambda: f"set {self.card()} {self.pick(values)} {self.number()}",
            lambda: f"place {self.player()} {self.place()}",
            lambda: f"terrain {self.place()} {self.pick([*view.terrain_kinds(), 'none', 'lava'])}",
            lambda: f"turn {self.player()} {self.pick(list(view.phases()) + PHASES)}",
            lambda: f"turn {self.player()} {self.pick(list(view.phases()))} {self.number()}",
            lambda: f"reveal {self.player()} {self.pick(['all', self.card()])}",
            lambda: f"hide {self.player()} {self.pick(['all', self.card()])}",
            lambda: f"play {self.card()}",
            lambda: f"why {self.card()} {self.player()}",
            lambda: f"show {self.card()}",
            lambda: f"hand {self.player()}",
            lambda: f"ai {self.player()} {self.pick(['random', 'greedy', 'off', 'smart'])}",
            lambda: f"undo {self.number()}",
            lambda: f"redo {self.number()}",
            lambda: " ".join(self.pick([], junk=1) for _ in range(draw.integer(1, 4))),
        ]
        return forms[draw.integer(0, len(forms) - 1)]()


def _walk(draw: "Drawn | Seeded", session: Session, lines: int) -> None:
    words = Words(draw, session)
    for _ in range(lines):
        line = words.line()
        game = session.g
        before = (game.to_json(), len(game._undo), len(game._redo), list(session.marks),
                  list(session.redo_marks))
        result = execute(session, line)
        assert "internal error" not in result.text, (line, result.text)
        if not result.ok:
            game = session.g
            after = (game.to_json(), len(game._undo), len(game._redo), list(session.marks),
                     list(session.redo_marks))
            assert after == before, f"{line!r} was refused but changed the game:\n{result.text}"
        if result.quit:
            break
        # the views and the status line work on whatever state was reached
        for look in ("board", "stack", "status", "legal"):
            out = execute(session, look)
            assert out.ok and "internal error" not in out.text, (look, out.text)


@pytest.mark.parametrize("game", ["ivion", "sylvion", "ikorr"])
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 4))
def test_random_and_malformed_lines_never_crash_or_lose_state(game, data, seed):
    _walk(Drawn(data), _session(game, seed), data.draw(st.integers(10, 60), label="lines"))


@pytest.mark.parametrize("game", ["ivion", "sylvion", "ikorr"])
@pytest.mark.parametrize("seed", range(3))
def test_long_seeded_walks_never_crash_or_lose_state(game, seed):
    """Hypothesis prefers short, simple walks; these go deep (a few hundred lines)."""
    _walk(Seeded(seed), _session(game, seed), 250)


def _session(game: str, seed: int) -> Session:
    return Session(seed=seed) if game == "ivion" else Session(game, seed=seed)
