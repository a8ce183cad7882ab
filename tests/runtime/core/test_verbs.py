"""``Verb.pick_among``: a step's controller picks what it acts on as it runs, asked once,
and ``run`` acts on what ``needs`` found."""
from __future__ import annotations

from typing import Any

from cardsmith.runtime.core.effects import Filter, Step
from cardsmith.runtime.core.registry import _GAMES
from cardsmith.runtime.core.state import Action
from cardsmith.runtime.core.verbs import Verb, verb_of
from cardsmith.runtime.core.words import passes

from .pebbles import new_ctx, refs


class Throw(Verb):
    """Picks a pebble above a threshold the test moves."""
    above = 0

    def among(self, ctx: Any) -> list[str]:
        return [r for r in refs(ctx) if passes(ctx, r, (Filter("above", self.above),))]


def test_several_candidates_ask_the_controller_with_one_option_each() -> None:
    ctx, verb, choices = new_ctx(pebbles=4), Throw(), []
    verb.above = 2
    picked, ask = verb.pick_among(ctx, choices, 0, "which pebble?", lambda: verb.among(ctx))
    assert picked == [] and choices == []
    assert ask is not None and ask.player == 1 and ask.kind == "choose"
    assert ask.prompt == "Sling: which pebble?"
    assert ask.options == [Action("choose", ("p3",)), Action("choose", ("p4",))]
    assert [o.label for o in ask.options] == ["pebble 3", "pebble 4"]


def test_the_pick_made_is_used_without_asking_for_candidates_again() -> None:
    ctx, verb = new_ctx(), Throw()

    def never() -> list[str]:
        raise AssertionError("candidates asked after the pick was made")
    assert verb.pick_among(ctx, ["p1", "p5"], 1, "which?", never) == (["p5"], None)
    assert verb.pick_among(ctx, ["p1", "p5"], 0, "which?", never) == (["p1"], None)


def test_one_candidate_is_taken_and_recorded_so_run_finds_it() -> None:
    """``needs`` and ``run`` both call the pick; what ``needs`` found is in ``choices``, so
    ``run`` acts on it even if the candidates changed in between."""
    ctx, verb, choices = new_ctx(), Throw(), []
    verb.above = 5
    assert verb.pick_among(ctx, choices, 0, "which?", lambda: verb.among(ctx)) == (["p6"], None)
    assert choices == ["p6"]
    verb.above = 0
    assert verb.pick_among(ctx, choices, 0, "which?", lambda: verb.among(ctx)) == (["p6"], None)


def test_no_candidate_picks_nothing_and_is_recorded_only_when_asked() -> None:
    ctx, verb = new_ctx(), Throw()
    verb.above = 6
    quiet: list[str] = []
    assert verb.pick_among(ctx, quiet, 0, "which?", lambda: verb.among(ctx)) == ([], None)
    assert quiet == []
    kept: list[str] = []
    assert verb.pick_among(ctx, kept, 0, "which?", lambda: verb.among(ctx), record_none=True) == ([], None)
    assert kept == [""]
    # the recorded nothing stands in for the pick: the second slot is asked next
    verb.above = 3
    picked, ask = verb.pick_among(ctx, kept, 1, "and which?", lambda: verb.among(ctx))
    assert picked == [] and ask is not None and len(ask.options) == 3


class Shout(Throw):
    def asker(self, ctx: Any) -> str:
        return ctx.game.state.players[ctx.controller].name


def test_a_game_may_name_someone_else_as_asking() -> None:
    ctx = new_ctx(controller=0)
    _, ask = Shout().pick_among(ctx, [], 0, "which?", lambda: ["p1", "p2"])
    assert ask is not None and ask.prompt == "ann: which?" and ask.player == 0


class Fling(Verb):
    """Declares what it does, as a game's verbs do."""
    obj = "required"
    attaches = True
    remembers = True


def test_verb_of_finds_the_verb_the_card_s_game_registered(monkeypatch) -> None:
    """Rules ask a step's verb what it does; an alias is the same verb, so it attaches too."""
    ctx = new_ctx()
    rules = ctx.game.rules
    rules.vocab.verb("fling", "hurl")(Fling)
    rules.vocab.verb("throw")(Throw)
    monkeypatch.setitem(_GAMES, rules.name, rules)
    card = ctx.card()
    fling, hurl, throw = (verb_of(card, Step(name)) for name in ("fling", "hurl", "throw"))
    assert fling is hurl is rules.vocab.verbs["fling"] and isinstance(fling, Fling)
    assert (fling.attaches, fling.remembers, fling.counters, fling.destroys) == (True, True, False, False)
    assert not (throw.attaches or throw.counters or throw.destroys or throw.remembers)
