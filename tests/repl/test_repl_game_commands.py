"""A game's own REPL commands come from its view (``GameView.commands``), and its words in
the shared commands' help from ``help_notes``: the REPL names no game (issue 15, point 1).

Ivion's view brings ``place``, ``terrain`` and ``trap`` (heroes on tiles, 001 § Core
Concepts; terrain, G-21 trap tokens); Sylvion's and Rush of Ikorr's bring none, so there
those words are no command, and say whose they are."""
from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cardsmith.repl.commands import command_names, execute, lookup
from cardsmith.repl.completer import ReplCompleter
from cardsmith.repl.session import Session

IVION_ONLY = ("place", "terrain", "trap")


def _completions(session: Session, text: str) -> list[str]:
    completer = ReplCompleter(session)
    return [c.text for c in completer.get_completions(Document(text, len(text)), CompleteEvent())]


def test_ivion_has_its_board_commands_in_help_and_completion():
    session = Session("ivion", seed=1)
    listing = execute(session, "help").text
    for name in IVION_ONLY:
        assert name in command_names(session.view) and lookup(name, session.view) is not None
        assert f"  {name}" in listing, name
        assert execute(session, f"help {name}").text.startswith(f"usage: {name} ")
    assert "trap" in _completions(session, "tr") and "place" in _completions(session, "pl")
    assert execute(session, "place alice b2").text.endswith("-> b2") and session.g.state.players[0].position == "b2"


@pytest.mark.parametrize("game", ["sylvion", "ikorr"])
def test_another_game_has_none_of_them_and_says_whose_they_are(game: str):
    session = Session(game, seed=1)
    listing = execute(session, "help").text
    name = session.player_names()[0]
    before = session.g.to_json()
    marks = len(session.marks)
    for cmd in IVION_ONLY:
        assert cmd not in command_names(session.view) and lookup(cmd, session.view) is None
        assert f"  {cmd} " not in listing, cmd
        result = execute(session, f"{cmd} {name} b2")
        assert not result.ok and f"'{cmd}' is not a command of {game}: it is ivion's" in result.text
        helped = execute(session, f"help {cmd}")
        assert not helped.ok and f"is not a command of {game}" in helped.text
    assert session.g.to_json() == before and len(session.marks) == marks
    assert "trap" not in _completions(session, "tr")


def test_a_view_command_is_one_undoable_edit_with_its_own_log_line():
    session = Session("ivion", seed=1)
    before = session.g.to_json()
    execute(session, "trap alice c3")
    assert session.g.state.log[-1].text == "alice: trap token set on c3 by hand"
    assert execute(session, "undo").ok and session.g.to_json() == before
    refused = execute(session, "trap alice q9")
    assert not refused.ok and "'q9' is not a tile" in refused.text and session.g.to_json() == before


def test_shared_commands_help_shows_each_game_its_own_words():
    ivion, ikorr, sylvion = (Session(g, seed=1) for g in ("ivion", "ikorr", "sylvion"))
    ivion_set, ikorr_set = execute(ivion, "help set").text, execute(ikorr, "help set").text
    assert "charge" in ivion_set and "initiative" in ivion_set and "secured" not in ivion_set
    assert "secured" in ikorr_set and "Ikorr" in ikorr_set and "Charged feat" not in ikorr_set
    sylvion_turn = execute(sylvion, "help turn").text
    assert "reveal" in sylvion_turn and "Ivion" not in sylvion_turn and "Ikorr" not in sylvion_turn
    assert "beneath Spellbook" in execute(ivion, "help put").text
    assert "Spellbook" not in execute(sylvion, "help put").text
