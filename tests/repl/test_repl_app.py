"""The terminal half: prompt_toolkit with pipe input, the validator, the lexer, key bindings."""
from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.validation import ValidationError
from pygments.token import Error, Keyword, Name, Number, String

from cardsmith.repl.app import UNSAVED, ReplApp, ask_yes, history_path
from cardsmith.repl.lexer import ReplLexer, grammar_keywords, verb_words
from cardsmith.repl.toolbar import width_of
from cardsmith.repl.validator import ReplValidator, line_col, position

ZAP = 'define card "Zap" {\n  skill cryomancer  cost 1 action  range 6\n  types attack\n  deal 3 damage to target enemy\n}'
BAD = 'define card "Zop" {\n  skill cryomancer  cost 1 action\n  dael 3 damage to target enemy\n}'
UP = "\x1b[A"


class Screen:
    """What the app printed, with the style of each piece, and the questions it asked."""

    def __init__(self) -> None:
        self.printed: list[tuple[str, str]] = []
        self.asked: list[str] = []

    def echo(self, text: str, style: str = "") -> None:
        self.printed.append((text, style))

    def confirm(self, message: str) -> bool:
        self.asked.append(message)
        return ask_yes(message)           # the real question, answered from the same input

    @property
    def texts(self) -> list[str]:
        return [t for t, _ in self.printed]

    def styled(self, style: str) -> list[str]:
        return [t for t, s in self.printed if s == style]


def run_app(repl, keys: str | list[str], history: InMemoryHistory | None = None) -> Screen:
    """Type ``keys`` into the app and run it until it leaves (or its input runs out).  A
    list is typed a piece at a time, with a pause between, like a person: the prompt
    loads its history while it starts, so Up typed at once may come before it."""
    screen = Screen()
    chunks = [keys] if isinstance(keys, str) else keys

    def typist(inp) -> None:
        for k, chunk in enumerate(chunks):
            if k:
                time.sleep(0.5)
            inp.send_text(chunk)
        inp.close()

    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ReplApp(repl.session, echo=screen.echo, confirm=screen.confirm,
                      history=history if history is not None else InMemoryHistory())
        thread = threading.Thread(target=typist, args=(inp,))
        thread.start()
        try:
            assert app.run() == 0
        finally:
            thread.join()
    return screen


def flat(text) -> str:
    return "".join(t for _, t in text)


def test_pipe_input_runs_commands_and_leaves_on_ctrl_d(repl):
    out = run_app(repl, "set bob hp 20\rboard\r\x04y")
    assert out.texts[0].startswith("cardsmith sandbox")
    assert "bob: hp 36 -> 20" in out.texts
    assert any("HP 20/36" in o for o in out.texts)


def test_a_failed_command_is_reported_in_colour_and_the_prompt_comes_back_empty(repl):
    """The bug: after `boad` the line stayed in the buffer and `board` was typed into it
    (`boardboad`).  Now the error (with script mode's did-you-mean) is printed in the
    error style and the next line starts empty; both lines are in the history."""
    history = InMemoryHistory()
    out = run_app(repl, "boad\rboard\rplay Icebolt bob\rset bob hp x\r\x04", history)
    assert out.styled("error") == ["error: unknown command 'boad'; did you mean 'board'?",
                                   out.styled("error")[1], out.styled("error")[2]]
    assert out.styled("error")[1].startswith("error: 'play Icebolt bob' is not an option now")
    assert "must be a whole number, not 'x'" in out.styled("error")[2]
    assert any("HP 36/36" in t for t in out.styled(""))          # `board` ran, alone
    assert not any("boardboad" in t for t in out.texts)
    assert list(history.get_strings()) == ["boad", "board", "play Icebolt bob", "set bob hp x"]


def test_up_brings_a_failed_line_back(repl):
    out = run_app(repl, ["boad\r", UP + "\r\x04"])
    assert out.styled("error") == ["error: unknown command 'boad'; did you mean 'board'?"] * 2


def test_ctrl_c_at_the_prompt_clears_the_line(repl):
    out = run_app(repl, "set bob hp 2" + "\x03" + "board\r\x04")
    assert not out.styled("error") and repl.stat(1, "hp") == 36
    assert any("HP 36/36" in t for t in out.texts)


def test_multi_line_define_block_and_errors_keep_the_session(repl):
    keys = ZAP.replace("\n", "\r") + "\r" + "bogus\r" + "\x03" + "put Zap into alice hand\r" + "quit\ry"
    out = run_app(repl, keys)
    assert "defined Zap" in out.texts
    assert any("Zap [" in o for o in out.texts)
    assert out.styled("error") == ["error: unknown command 'bogus'; `help` lists the commands"]
    assert "Zap" in repl.session.library


async def _until(check, seconds: float = 20.0) -> None:
    for _ in range(int(seconds * 50)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the app never got there")


def test_a_define_block_that_does_not_compile_stays_for_editing(repl):
    """The block stays in the buffer with the cursor on the error; the line above the
    toolbar says what and where, the toolbar says what to do; fixing it runs it."""
    screen = Screen()

    async def scenario() -> None:
        with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
            app = ReplApp(repl.session, echo=screen.echo, history=InMemoryHistory())
            buf = app.prompt.default_buffer
            task = asyncio.ensure_future(app.prompt.prompt_async("cardsmith> "))
            inp.send_text(BAD.replace("\n", "\r") + "\r")
            await _until(lambda: buf.validation_error is not None)
            assert buf.text == BAD
            assert buf.validation_error.message == "line 3, column 3: unknown verb 'dael'; did you mean 'deal'?"
            assert BAD[buf.cursor_position:].startswith("dael")
            toolbar = flat(app.toolbar())              # as drawn: the terminal's width (80 here)
            assert toolbar == "card not defined: line 3, column 3 (at the cursor) · fix it, then Enter"
            assert flat(app.toolbar(120, (3, 3))).endswith("then Enter · Ctrl-C drops it")
            inp.send_text("\x1b[3~" * 4 + "deal")      # Delete the word at the cursor, type it again
            await _until(lambda: buf.validation_error is None and "deal 3" in buf.text)
            assert flat(app.toolbar()).startswith("alice's turn: play")
            inp.send_text("\x1b\r")                  # Escape-Enter: run it now
            text = await task
            assert text == BAD.replace("dael", "deal")

    asyncio.run(scenario())


def test_an_unclosed_define_block_says_where_it_stops(repl):
    err = validate(repl, 'define card "X" {\n  skill cryomancer')
    assert err.message == "line 2, column 19: the card block is not closed: add '}'"


def test_history_path_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSMITH_HISTORY", str(tmp_path / "h"))
    assert history_path() == tmp_path / "h"


# ---- leaving with unsaved changes --------------------------------------------------------

def test_leaving_a_fresh_session_does_not_ask(repl):
    out = run_app(repl, "board\rlog\rhelp\r\x04")
    assert out.asked == []


def test_leaving_with_unsaved_changes_asks_once_and_no_keeps_the_repl(repl):
    out = run_app(repl, "set bob hp 20\r\x04n" + "player bob\r" + "quit\rn" + "\x04\r" + "\x04y")
    assert out.asked == [UNSAVED] * 4
    assert any("HP 20/36" in t for t in out.texts)              # `player bob` ran after the first no
    assert "bye" not in out.texts


def test_saving_loading_and_undoing_decide_whether_leaving_asks(repl, tmp_path):
    save = tmp_path / "g.json"
    assert run_app(repl, f"set bob hp 20\rsave {save}\r\x04").asked == []
    assert run_app(repl, "undo\r\x04y").asked == [UNSAVED]     # the game is no longer the saved one
    assert run_app(repl, f"load {save}\r\x04").asked == []
    assert run_app(repl, "ai bob greedy\r\x04y").asked == [UNSAVED]   # a setting a save keeps
    assert run_app(repl, f"save {save}\rreload\rstatus\rquit\r").asked == []
    assert run_app(repl, "new seed 3\r\x04y").asked == [UNSAVED]


def test_a_refused_or_cancelled_command_is_not_a_change(repl):
    out = run_app(repl, "set bob hp x\rplay Nothing\r\x04")
    assert out.asked == [] and len(out.styled("error")) == 2


# ---- the toolbar -------------------------------------------------------------------------

def bar(repl, width: int) -> str:
    return flat(ReplApp(repl.session, echo=lambda t, s: None, history=InMemoryHistory()).toolbar(width))


@pytest.mark.parametrize("width", [40, 80, 120, 200])
def test_toolbar_fits_the_width_decision_first(repl, width):
    repl("ai bob greedy")
    text = bar(repl, width)
    assert width_of(text) < width
    assert text.startswith("alice's turn: play")
    if width == 80:       # the AI, auto and the turn's details went before the decision was cut
        assert text == "alice's turn: play, move, expend initiative, remove Contr… (8 options) · turn 1"
    if width == 120:
        assert text == ("alice's turn: play, move, expend initiative, remove Control or end (8 options)"
                        " · turn 1: alice (main) · auto off")          # the AI went first
    if width >= 200:
        assert text.endswith(" · auto off · bob: greedy AI")


def test_toolbar_cuts_the_decision_last_and_keeps_who_and_how_many(repl):
    text = bar(repl, 60)
    assert text.startswith("alice's turn: play, move, expend") and text.endswith("… (8 options) · turn 1")
    assert width_of(text) < 60
    text = bar(repl, 40)
    assert text.startswith("alice's turn: play") and text.endswith("… (8 options)")
    assert width_of(bar(repl, 12)) < 12


def test_toolbar_shows_a_pause_and_the_end_of_the_game(repl):
    repl("put Harmony into alice hand")
    repl("set alice power 2")
    repl("play Harmony alice")
    repl("pass")
    assert bar(repl, 120).startswith("paused before Harmony (alice): step or resolve · turn 1")
    repl("resolve")
    repl(ZAP)
    repl("put Zap into alice hand")
    repl("set bob hp 3")
    repl("play Zap bob")
    repl("pass")
    repl("step")
    assert repl.game.state.over
    assert bar(repl, 80).startswith("game over: alice wins")


def test_the_walkthrough_shows_the_toolbar_as_it_is(repl):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "repl-walkthrough.md").read_text(encoding="utf-8")
    repl("new seed 1 names kassidy morgan first kassidy")
    repl("ai morgan greedy")
    for width in (120, 80):
        assert "\n" + bar(repl, width) + "\n" in doc


def test_toolbar_says_who_decides_for_another_game(repl):
    repl("new sylvion")
    text = bar(repl, 120)
    who = repl.game.state.players[repl.game.pending.player].name
    assert text.startswith(f"{who}: ") or text.startswith(who)
    assert f"({len(repl.game.pending.options)} options)" in text


# ---- validator ------------------------------------------------------------------------

def validate(repl, text: str) -> ValidationError | None:
    try:
        ReplValidator(repl.session).validate(Document(text))
    except ValidationError as exc:
        return exc
    return None


def test_validator_points_at_the_card_error(repl):
    err = validate(repl, BAD)
    assert err is not None and "line 3, column 3" in err.message and "dael" in err.message
    assert BAD[err.cursor_position:].startswith("dael")
    assert validate(repl, ZAP) is None


def test_validator_lets_every_other_line_through_to_be_reported(repl):
    """A typo, an open quote, a bad argument: execute reports them, the buffer empties."""
    for line in ("frob 3", 'put "Icebolt into bob hand', "3", "board", "", "end", "set bob hp x"):
        assert validate(repl, line) is None
    assert "not closed" in validate(repl, 'define card "X" {').message


def test_position():
    assert position("ab\ncd", 2, 2) == 4
    assert line_col("ab\ncd", 4) == (2, 2)


# ---- lexer ----------------------------------------------------------------------------

def tokens(text: str):
    return list(ReplLexer().get_tokens(text))


@pytest.mark.parametrize("text", ["set bob hp 20", 'put "Warrior\'s Strike" into alice hand 3', ZAP,
                                  "play Icebolt bob  # a comment", "move c1"])
def test_tokens_join_back_to_the_input(text):
    assert "".join(v for _, v in tokens(text)) == text + "\n"


def test_token_kinds():
    toks = tokens('put "Icebolt" on b2')
    assert (Keyword, "put") in toks and (String, '"Icebolt"') in toks and (Name.Constant, "b2") in toks
    assert (Number.Integer, "20") in tokens("set bob hp 20") or (Number, "20") in tokens("set bob hp 20")


def test_define_block_uses_card_keywords_and_no_error_tokens():
    toks = tokens(ZAP)
    kinds = {v: t for t, v in toks}
    assert kinds["deal"] in Name.Function and kinds["target"] in Keyword and kinds["types"] in Keyword
    assert not any(t in Error for t, _ in toks)


def test_grammar_keywords_and_verbs_are_known():
    kws = grammar_keywords()
    assert {"banner", "card", "target", "cost", "range"} <= set(kws)
    assert {"deal", "heal", "travel"} <= set(verb_words())


def test_bundled_cards_lex_without_errors_and_round_trip():
    cards = Path(__file__).resolve().parents[2] / "cards" / "ivion"
    checked = 0
    for path in cards.glob("*.ivion"):
        for chunk in path.read_text(encoding="utf-8").split("\ncard ")[1:]:
            text = "define card " + chunk.split("\n}", 1)[0] + "\n}"
            toks = tokens(text)
            assert "".join(v for _, v in toks) == text + "\n"
            assert not any(t in Error for t, _ in toks)
            assert (Keyword, "card") in toks
            checked += 1
    assert checked > 40
