"""``words.passes``: a reference passes a selector's filters as the game's filter words test them."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.effects import Filter
from cardsmith.runtime.core.words import passes

from .pebbles import new_ctx, refs


def test_no_filters_let_everything_pass() -> None:
    ctx = new_ctx()
    assert all(passes(ctx, r, ()) for r in refs(ctx))


def test_every_filter_must_pass_and_a_filter_reads_its_argument() -> None:
    ctx = new_ctx(pebbles=8)
    even_above_3 = (Filter("even"), Filter("above", 3))
    assert [r for r in refs(ctx) if passes(ctx, r, even_above_3)] == ["p4", "p6", "p8"]
    assert [r for r in refs(ctx) if passes(ctx, r, (Filter("above", 6),))] == ["p7", "p8"]


def test_a_negated_filter_passes_what_the_word_refuses() -> None:
    ctx = new_ctx()
    odd = (Filter("even", negated=True),)
    assert [r for r in refs(ctx) if passes(ctx, r, odd)] == ["p1", "p3", "p5"]
    odd_not_above_3 = (Filter("even", negated=True), Filter("above", 3, negated=True))
    assert [r for r in refs(ctx) if passes(ctx, r, odd_not_above_3)] == ["p1", "p3"]


def test_filters_are_asked_in_order_and_stop_at_the_first_failure() -> None:
    """A later filter is not tested once one fails: a game's costly filter words (range,
    line of sight) sit after cheap ones and are spared."""
    ctx = new_ctx()
    asked: list[str] = []
    ctx.game.rules.vocab.filters["even"].fn = lambda c, ref, arg: asked.append(ref) or ref == "p2"
    assert not passes(ctx, "p5", (Filter("above", 5), Filter("even")))
    assert asked == []
    assert passes(ctx, "p2", (Filter("above", 1), Filter("even")))
    assert asked == ["p2"]


def test_a_word_the_game_never_registered_is_an_error_not_a_pass() -> None:
    ctx = new_ctx()
    with pytest.raises(KeyError):
        passes(ctx, "p1", (Filter("shiny"),))
