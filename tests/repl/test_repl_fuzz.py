"""Random and malformed command lines against the real REPL command layer, on the three
games, from a new game, a saved game or a bundled scenario's board (tests/fuzzing/walks.py): no line ends
in an internal error; a refused line leaves the game (``Game.to_data()``), its undo and redo
history, the session's bookkeeping and the card library exactly as they were; after an
accepted one the game answers ``legal_actions()``, renders, and survives
``to_data``/``from_data``.

Lines are drawn from what the game offers at that moment, from every registered command
with arguments of the kinds it takes, from real lines (the walkthrough, the scenarios'
scripts) and card definitions, mixed with wrong words, so the walk reaches deep states
(mid-resolution, triggers waiting, a game over) and then pokes at them.  More examples:
``HYPOTHESIS_PROFILE=ci``; a long run: ``benchmarks/fuzz_inputs.py --target repl-ivion``.
"""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsmith.repl.commands import command_names
from cardsmith.repl.session import Session

from ..fuzzing.draw import SETTINGS, Drawn, Seeded
from ..fuzzing.known import unless_known
from ..fuzzing.lines import Words, in_folder, real_lines
from ..fuzzing.walks import check_line, new_session, walk
from ..fuzzing.loaders import GAMES, Crash

@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_random_and_malformed_lines_never_crash_or_lose_state(game: str, data: st.DataObject) -> None:
    draw = Drawn(data)
    with in_folder():
        unless_known(lambda: walk(draw, new_session(draw, game), data.draw(st.integers(5, 20), label="lines")))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_long_seeded_walks_never_crash_or_lose_state(game: str, seed: int) -> None:
    """Hypothesis prefers short, simple walks; these go deep (a few hundred lines)."""
    with in_folder():
        unless_known(lambda: walk(Seeded(seed), Session(game, seed=seed), 250))


@pytest.mark.parametrize("game", GAMES)
def test_every_command_is_drawn_and_real_lines_are_found(game: str) -> None:
    """The walks reach every registered command (the game's own too: Ivion's ``trap``), and
    the corpus of real lines is there."""
    session = Session(game, seed=0)
    words = Words(Seeded(0), session)
    drawn = {words.command().split(" ")[0] for _ in range(600)}
    assert drawn == set(command_names(session.view))
    assert len(real_lines(game)) > 20


def test_the_check_catches_a_refusal_that_leaves_the_library_changed() -> None:
    """The check itself: a command that adds a card to the library in place and then
    refuses (execute can't undo that) is reported, and so is an internal error."""
    from cardsmith.repl import commands
    from cardsmith.runtime.core.errors import CommandError

    def leaky(session: Session, call: commands.Call) -> str:
        session.library.add(next(iter(Session("sylvion").library)))
        raise CommandError("refused after all")

    def broken(session: Session, call: commands.Call) -> str:
        return {}["x"]

    session = Session(seed=0)
    commands.command("leaky", "leaky", "a test's command")(leaky)
    commands.command("broken", "broken", "a test's command")(broken)
    try:
        with pytest.raises(Crash, match="was refused but changed"):
            check_line(session, "leaky")
        with pytest.raises(Crash, match="internal error"):
            check_line(session, "broken")
    finally:
        del commands.COMMANDS["leaky"], commands.COMMANDS["broken"]
