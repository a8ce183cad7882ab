"""Bad input never crashes the REPL and never loses state: hand edits that would take away a
card the game still needs are refused with a reason, a refused line leaves the game (undo
and redo included) exactly as it was, and a play the board can no longer pay for is taken
back instead of failing halfway."""
from __future__ import annotations

from .conftest import Driver

TWO_TRIGGERS = (
    'define card "Tone" {\n trait pips blue\n types passive\n at start of your turn: gain 1 power\n}',
    'define card "Ttwo" {\n trait pips blue\n types passive\n at start of your turn: gain 1 mitigate\n}',
    "put Tone into alice feats",
    "put Ttwo into alice feats",
)


def _triggers_waiting(repl: Driver) -> None:
    for line in TWO_TRIGGERS:
        repl(line)
    out = repl("turn alice start")
    assert "Which of your triggered abilities resolves first?" in out


def test_emptying_feats_while_their_triggers_wait_is_refused(repl):
    _triggers_waiting(repl)
    before = repl.game.to_json()
    out = repl.fails("empty alice feats")
    assert "internal error" not in out
    assert "can't be taken out of the game now" in out and "triggered ability" in out
    assert "`resolve`" in out and "`undo`" in out
    assert repl.game.to_json() == before
    assert "alice gains 1 power  [Tone]" in repl("Tone first")   # the game goes on where it was


def test_deleting_or_moving_a_waiting_trigger_source_is_refused(repl):
    _triggers_waiting(repl)
    tone = next(c for c in repl.game.state.zones["feats:0"] if repl.game.name(c) == "Tone")
    before = repl.game.to_json()
    assert "can't be taken out of the game now" in repl.fails(f"delete {tone}")
    assert "can't be moved now" in repl.fails(f"put {tone} into alice hand")
    assert repl.game.to_json() == before


def test_a_refused_edit_keeps_the_redo_history(repl):
    repl("place alice b1")
    repl("place bob b3")
    repl("undo")
    assert repl.fails("place alice zz9")      # a refused edit ...
    repl("redo")                              # ... leaves the step to redo where it was
    assert repl.game.state.players[1].position == "b3"


def test_a_refused_line_leaves_undo_and_redo_as_they_were(repl):
    repl("set alice hp 30")
    repl("set alice hp 20")
    repl("undo")
    undo, redo = len(repl.game._undo), len(repl.game._redo)
    marks, redo_marks = list(repl.session.marks), list(repl.session.redo_marks)
    for bad in ("turn nobody", "set alice hp x", "play Nothing", "put Icebolt into alice nowhere",
                "empty alice", "1 2 3 4", '"', "terrain q9 lava"):
        before = repl.game.to_json()
        repl.fails(bad)
        assert repl.game.to_json() == before, bad
        assert (len(repl.game._undo), len(repl.game._redo)) == (undo, redo), bad
        assert (repl.session.marks, repl.session.redo_marks) == (marks, redo_marks), bad
    repl("redo")
    assert repl.stat(0, "hp") == 20


def test_ikorr_a_play_the_board_can_no_longer_pay_for_is_taken_back(repl):
    repl("new ikorr seed 3")
    repl("1")
    while "keep the rest" in repl("legal"):
        repl("1")
    me = repl.game.pending.player
    name = repl.game.state.players[me].name
    repl(f'put "Hexing Mask" into {name} hand')
    repl(f'put "Scarab Swarm" into {repl.game.state.players[1 - me].name} champions')
    repl(f"set {name} ready 2")
    out = repl("play Hexing Mask")
    assert "choose the target champion for Hexing Mask" in out
    repl(f"empty {name} influence")
    out = repl("1")                          # the first target: paying is due now
    assert "internal error" not in out
    assert "can't pay for Hexing Mask any more" in out and "taken back" in out
    hand = repl.game.state.zones[f"hand:{me}"]
    assert "Hexing Mask" in [repl.game.name(c) for c in hand]
    assert not repl.game.state.stack


def test_ivion_a_play_the_player_can_no_longer_pay_for_is_taken_back(repl):
    repl("place alice b1")
    repl("place bob b3")
    repl("put Harmony into alice hand")
    repl("set alice power 2")
    assert "choose target" in repl("play Harmony")
    repl("set alice actions 0")
    repl("set alice power 0")
    out = repl("target alice")
    assert "internal error" not in out
    assert "Harmony can't be played: its cost can't be paid any more" in out
    assert "Harmony" in [repl.game.name(c) for c in repl.game.state.zones["hand:0"]]
    assert not repl.game.state.stack


def test_commands_that_take_nothing_refuse_extra_words(repl):
    for line in ("board x", "stack x", "legal 2", "status now", "step x", "resolve all"):
        out = repl.fails(line)
        assert "takes no words after it" in out and "unexpected" in out, line


def test_redefining_a_card_whose_trigger_waits_is_refused(repl):
    _triggers_waiting(repl)
    before = repl.game.to_json()
    out = repl.fails('define card "Tone" {\n trait pips blue\n types passive\n}')
    assert "Tone can't be redefined now: a triggered ability waiting to resolve refers to Tone" in out
    assert repl.game.to_json() == before
    assert "gain 1 power" in repl("show Tone")           # the library kept the old definition
    assert "alice gains 1 power  [Tone]" in repl("Tone first")


def test_numbers_a_save_could_not_hold_are_refused_where_typed(repl, tmp_path):
    """A board the REPL sets up can always be saved and loaded back: numbers past what a
    saved game may hold (runtime/core/shapes.MAX_INT) are refused by the command, and a
    number too long to read is shown cut short."""
    before = repl.game.to_json()
    assert "at most 1000000" in repl.fails("set bob hp 1000001")
    long_number = "9" * 5000
    out = repl.fails(f"set bob hp {long_number}")
    assert "must be a whole number" in out and len(out) < 200
    assert repl.game.to_json() == before
    repl("set bob hp 1000000")
    repl(f"save {tmp_path / 'big.json'}")
    repl(f"load {tmp_path / 'big.json'}")
    assert repl.stat(1, "hp") == 1000000


def test_digits_int_cannot_read_are_words_not_numbers(repl):
    """'²' and '①' are digits to str.isdigit() but not to int(): each of these lines was an
    internal error (a ValueError); now each is refused with a reason, the game untouched."""
    before = repl.game.to_json()
    for line, reason in (("²", "unknown command '²'"), ("choose ①", "'①' is not an option now"),
                         ("put Icebolt into alice hand ²", "unexpected '²'"), ("hand ²", "no player '²'"),
                         ("new first ²", "no player '²'")):
        text = repl.fails(line)
        assert reason in text and "internal error" not in text, (line, text)
    assert repl.game.to_json() == before
