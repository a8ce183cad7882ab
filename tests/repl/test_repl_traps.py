"""`trap PLAYER TILE [on|off]`: Ivion's trap tokens set and taken off by hand, through the
REPL's command layer.

Rule source: catalogue G-21 Trap / Spring (docs/ivion/rules.md Part 3: "trap tokens on tiles
and a separate Trap deck", from tsv Ye Olde Marge) and docs/ivion/choices.md § Season-3
keywords, Trap / Spring (a token per player on a tile, kept as a list of tiles in the owner's
flags).  No rulebook section defines traps: rulings.md § From reminder texts printed on cards
leaves Trap to the cards' reminder text."""
from __future__ import annotations

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from pygments.token import Keyword

from cardsmith.repl.commands import execute
from cardsmith.repl.completer import ReplCompleter
from cardsmith.repl.lexer import ReplLexer
from cardsmith.repl.session import Session
from cardsmith.repl.validator import ReplValidator


def traps(repl, player: int) -> list[str] | None:
    return repl.game.state.players[player].flags.get("traps")


def test_trap_sets_a_token_shown_on_the_board_and_off_takes_it_back(repl):
    """G-21: a token on a tile, owned by a player; the board shows it on the tile and in the
    owner's line (choices.md: "shown on the REPL board")."""
    assert "alice: trap set on c3 (traps: c3)" in repl("trap alice c3")
    assert "alice: trap set on b2 (traps: b2, c3)" in repl("trap alice b2")
    repl("trap bob b2")                          # another player's token may share the tile
    assert traps(repl, 0) == ["b2", "c3"] and traps(repl, 1) == ["b2"]
    board = repl("board")
    assert "traps b2,c3" in board and "traps b2" in board
    assert "^trap alice" in board
    assert "bob: trap taken off b2 (traps: none)" in repl("trap bob b2 off")
    assert traps(repl, 1) is None
    assert "trap token set on c3 by hand" in repl("log 10")


def test_setting_and_taking_off_a_trap_leaves_the_state_as_it_was(repl):
    """A hand edit put on and taken off again leaves no trace in the players' flags."""
    before = [dict(p.flags) for p in repl.game.state.players]
    repl("trap alice a1")
    repl("trap alice a1 off")
    assert [dict(p.flags) for p in repl.game.state.players] == before


def test_trap_edits_are_undone_and_redone(repl):
    repl("trap alice b2")
    repl("trap alice c3")
    repl("trap alice b2 off")
    assert traps(repl, 0) == ["c3"]
    repl("undo")
    assert traps(repl, 0) == ["b2", "c3"]
    repl("undo 2")
    assert traps(repl, 0) is None
    repl("redo 2")
    assert traps(repl, 0) == ["b2", "c3"]


def test_a_trap_set_by_hand_is_not_play_and_fires_nothing(repl):
    """choices.md Trap / Spring: the `trap` verb fires the event `trap`; setting a token by
    hand is a board edit, so an "after you trap" trigger stays quiet."""
    repl('define card "T Setter" {\n  trait types passive\n  after you trap: gain 1 power\n}')
    repl('put "T Setter" into alice feats')
    power = repl.stat(0, "power")
    repl("trap alice b2")
    assert repl.stat(0, "power") == power
    assert "sets a trap" not in repl("log 5")
    # the same trigger does fire when a card sets the trap
    repl('define card "T Snare" {\n  skill warrior  range 3\n  types ability\n  trap target tile\n}')
    repl('put "T Snare" into alice hand')
    repl('play "T Snare" c3')
    repl("pass")
    repl("resolve")
    assert traps(repl, 0) == ["b2", "c3"]
    assert repl.stat(0, "power") == power + 1


def test_bad_trap_commands_are_refused_naming_the_problem_and_change_nothing(repl):
    repl("trap alice b2")
    before = repl.game.to_json()
    marks = len(repl.session.marks)
    cases = [
        ("trap", "which player? (alice, bob)"),
        ("trap carol b2", "no player 'carol' (players: alice, bob)"),
        ("trap alice", "trap PLAYER TILE [on|off]"),
        ("trap alice z9", "'z9' is not a tile (a1..d4)"),
        ("trap alice b2", "b2 already holds alice's trap: one trap token per player on a tile (G-21)"),
        ("trap alice c3 off", "alice has no trap on c3 (alice's traps: b2)"),
        ("trap bob c3 off", "bob has no trap on c3 (bob's traps: none)"),
        ("trap alice c3 maybe", "trap PLAYER TILE [on|off] (not 'maybe')"),
        ("trap alice c3 on now", "trap PLAYER TILE [on|off]"),
    ]
    for line, message in cases:
        out = repl.fails(line)
        assert message in out, (line, out)
        assert "internal error" not in out
        assert repl.game.to_json() == before, line
        assert len(repl.session.marks) == marks, line


def test_a_game_without_trap_tokens_refuses_the_command():
    """``trap`` is Ivion's view's command: in Sylvion it is none, and says whose it is."""
    session = Session("sylvion", seed=1)
    name = session.player_names()[0]
    before = session.g.to_json()
    result = execute(session, f"trap {name} {session.view.spaces(session.g)[0]}")
    assert not result.ok and "'trap' is not a command of sylvion: it is ivion's" in result.text
    assert session.g.to_json() == before


def test_help_completion_validation_and_colours_know_the_trap_command(repl):
    detail = repl("help trap")
    assert detail.startswith("usage: trap PLAYER TILE [on|off]") and "G-21" in detail
    assert "  trap" in repl("help")
    completer = ReplCompleter(repl.session)

    def texts(text):
        return [c.text for c in completer.get_completions(Document(text, len(text)), CompleteEvent())]

    assert "trap" in texts("tr")
    assert texts("trap ") == ["alice", "bob"]
    assert "b2" in texts("trap alice ") and len(texts("trap alice ")) == 16
    assert texts("trap alice b2 ") == ["on", "off"]
    assert (Keyword, "trap") in list(ReplLexer().get_tokens("trap alice b2"))
    ReplValidator(repl.session).validate(Document("trap alice b2"))     # a command: no complaint
