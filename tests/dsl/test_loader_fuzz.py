"""Changed card files of the three languages (tests/fuzzing/text.py's mutations of the
bundled cards): each is refused with a ``CardError`` that names the file and the place, or
compiles into cards that render their rules text and can be defined, put in a hand and
played in a REPL session without an internal error (tests/fuzzing/walks.py checks each
line).  More examples: ``HYPOTHESIS_PROFILE=ci``; a long run: ``benchmarks/fuzz_inputs.py``."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ..fuzzing.draw import SETTINGS, Drawn
from ..fuzzing.known import unless_known
from ..fuzzing.lines import in_folder
from ..fuzzing.loaders import EXTENSIONS, GAMES, card_input, load_cards, placed

@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_a_changed_card_file_is_refused_at_its_place_or_plays(game: str, data: st.DataObject) -> None:
    draw = Drawn(data)
    text = card_input(draw, game)
    with in_folder():
        outcome = unless_known(lambda: load_cards(draw, game, text))
    if outcome is not None and outcome[0] == "refused":
        assert placed(outcome[1], f"fuzz{EXTENSIONS[game]}"), outcome[1]
