"""Changed replay files (real replays of the three games, changed in their JSON or their
text by tests/fuzzing): each is refused with a ``CardsmithError`` naming the file and the
field, or opens in the REPL at a turn and plays on (views, legal moves, undo) without any
other exception; loaded from inside the REPL (``load FILE.replay turn N``, the real
command layer), a refused one leaves the session exactly as it was.  More examples: ``HYPOTHESIS_PROFILE=ci``; a long run:
``benchmarks/fuzz_inputs.py --target replays``."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardsmith.repl.commands import execute

from ..fuzzing.draw import SETTINGS, Drawn
from ..fuzzing.known import unless_known
from ..fuzzing.lines import in_folder
from ..fuzzing.loaders import REPLAY_FILE, REPLAY_PLACED, load_replay, replay_input
from ..fuzzing.walks import check_line


@SETTINGS
@given(data=st.data())
def test_a_changed_replay_is_refused_with_its_field_or_opens_and_plays_on(data: st.DataObject) -> None:
    draw = Drawn(data)
    text = replay_input(draw)
    with in_folder():
        outcome = unless_known(lambda: load_replay(draw, text))
    if outcome is not None and outcome[0] == "refused":
        assert REPLAY_PLACED.match(outcome[1]), outcome[1]


@SETTINGS
@given(data=st.data())
def test_a_changed_replay_loaded_in_the_repl_is_refused_whole_or_opens(data: st.DataObject) -> None:
    from pathlib import Path

    from cardsmith.repl.session import Session

    draw = Drawn(data)
    text = replay_input(draw)
    game = draw.choice(("ivion", "ikorr", "sylvion"))
    turn = draw.choice(("", " turn 0", " turn 2", " turn 7", " turn 1000"))
    with in_folder():
        Path(REPLAY_FILE).write_text(text, encoding="utf-8", errors="surrogatepass")
        session = Session(game, seed=draw.integer(0, 3))
        line = f"load {REPLAY_FILE}{turn}"

        def attempt() -> tuple[str, str]:
            verdict = check_line(session, line)
            return verdict, execute(session, line).text if verdict == "refused" else ""
        verdict = unless_known(attempt)
    if verdict is not None and verdict[0] == "refused":      # check_line: nothing changed
        assert REPLAY_PLACED.match(verdict[1].removeprefix("error: ")), verdict[1]


def test_the_corpus_holds_every_game() -> None:
    import json

    from ..fuzzing.loaders import replay_texts
    games = [json.loads(t)["game"] for t in replay_texts()]
    assert sorted(set(games)) == ["ikorr", "ivion", "sylvion"]
