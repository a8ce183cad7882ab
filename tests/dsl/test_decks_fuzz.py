"""Changed deck files (the bundled and test decks, changed by tests/fuzzing/text.py): each is
refused with a ``CardError`` naming the deck file and the place, or is a deck that starts a
game (``new decks``) which plays on without an internal error.  More examples:
``HYPOTHESIS_PROFILE=ci``; a long run: ``benchmarks/fuzz_inputs.py --target decks``."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ..fuzzing.draw import SETTINGS, Drawn
from ..fuzzing.known import unless_known
from ..fuzzing.lines import in_folder
from ..fuzzing.loaders import deck_input, load_deck, placed


@SETTINGS
@given(data=st.data())
def test_a_changed_deck_is_refused_at_its_place_or_starts_a_game(data: st.DataObject) -> None:
    draw = Drawn(data)
    path, text = deck_input(draw)
    with in_folder():
        outcome = unless_known(lambda: load_deck(draw, path, text))
    if outcome is not None and outcome[0] == "refused":
        assert placed(outcome[1], str(path)), outcome[1]
