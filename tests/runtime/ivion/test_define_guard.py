"""``helpers.define`` never replaces a card in the shared test library: the library is shared
by every test of the worker, so replacing a same-named card made tests depend on which ran
before them (T Two, T Smash).  The same card again is fine; a different one raises."""
from __future__ import annotations

import pytest

from .helpers import CardClash, define, library

CARD = 'card "T Guard Probe" { skill warrior cost 1 action range 2 types attack\n  deal 1 damage to target enemy }'


def test_the_same_card_may_be_defined_again():
    assert define(CARD) == ["T Guard Probe"]
    assert define(CARD) == ["T Guard Probe"]


def test_a_different_card_of_that_name_is_refused_and_nothing_changes():
    define(CARD)
    before = library().get("T Guard Probe")
    other = CARD.replace("deal 1", "deal 3") + '\ncard "T Guard Probe Two" { trait types passive }'
    with pytest.raises(CardClash, match="a different card named 'T Guard Probe'"):
        define(other)
    assert library().get("T Guard Probe") == before
    assert "T Guard Probe Two" not in library()       # all or nothing


def test_a_bundled_or_helper_card_is_not_replaced():
    with pytest.raises(CardClash, match="'T Filler'"):
        define('card "T Filler" { trait types passive }')
