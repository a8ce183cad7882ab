"""Changed replay files (real replays of the three games, changed in their JSON or their
text by tests/fuzzing): each is refused with a ``CardsmithError`` naming the file and the
field, or opens in the REPL at a turn and plays on (views, legal moves, undo) without any
other exception.  More examples: ``HYPOTHESIS_PROFILE=ci``; a long run:
``benchmarks/fuzz_inputs.py --target replays``."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ..fuzzing.draw import SETTINGS, Drawn
from ..fuzzing.known import unless_known
from ..fuzzing.lines import in_folder
from ..fuzzing.loaders import REPLAY_PLACED, load_replay, replay_input


@SETTINGS
@given(data=st.data())
def test_a_changed_replay_is_refused_with_its_field_or_opens_and_plays_on(data: st.DataObject) -> None:
    draw = Drawn(data)
    text = replay_input(draw)
    with in_folder():
        outcome = unless_known(lambda: load_replay(draw, text))
    if outcome is not None and outcome[0] == "refused":
        assert REPLAY_PLACED.match(outcome[1]), outcome[1]


def test_the_corpus_holds_every_game() -> None:
    import json

    from ..fuzzing.loaders import replay_texts
    games = [json.loads(t)["game"] for t in replay_texts()]
    assert sorted(set(games)) == ["ikorr", "ivion", "sylvion"]
