"""The terminal half: prompt_toolkit with pipe input, the validator, the lexer, key bindings."""
from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.validation import ValidationError
from pygments.token import Error, Keyword, Name, Number, String

from cardsmith.repl.app import ReplApp, history_path
from cardsmith.repl.lexer import ReplLexer, grammar_keywords, verb_words
from cardsmith.repl.validator import ReplValidator, position

ZAP = 'define card "Zap" {\n  skill cryomancer  cost 1 action  range 6\n  types attack\n  deal 3 damage to target enemy\n}'


def run_app(repl, keys: str) -> list[str]:
    out: list[str] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text(keys)
        app = ReplApp(repl.session, echo=out.append, history=InMemoryHistory())
        assert app.run() == 0
    return out


def test_pipe_input_runs_commands_and_leaves_on_ctrl_d(repl):
    out = run_app(repl, "set bob hp 20\rboard\r\x04")
    assert out[0].startswith("cardsmith sandbox")
    assert "bob: hp 36 -> 20" in out
    assert any("HP 20/36" in o for o in out)


def test_multi_line_define_block_and_errors_keep_the_session(repl):
    keys = ZAP.replace("\n", "\r") + "\r" + "bogus\r" + "\x03" + "put Zap into alice hand\r" + "quit\r"
    out = run_app(repl, keys)
    assert "defined Zap" in out
    assert any("Zap [" in o for o in out)
    assert "Zap" in repl.session.library


def test_toolbar_shows_turn_player_and_decision(repl):
    app = ReplApp(repl.session, echo=lambda s: None, history=InMemoryHistory())
    text = "".join(t for _, t in app.toolbar().formatted_text) if hasattr(app.toolbar(), "formatted_text") else \
        str(app.toolbar().value)
    assert "turn 1" in text and "alice's turn (main)" in text and "alice: main" in text
    repl("put Harmony into alice hand")
    repl("set alice power 2")
    repl("play Harmony alice")
    repl("pass")
    text = str(app.toolbar().value)
    assert "paused before Harmony (alice)" in text


def test_history_path_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSMITH_HISTORY", str(tmp_path / "h"))
    assert history_path() == tmp_path / "h"


# ---- validator ------------------------------------------------------------------------

def validate(repl, text: str) -> ValidationError | None:
    try:
        ReplValidator(repl.session).validate(Document(text))
    except ValidationError as exc:
        return exc
    return None


def test_validator_points_at_the_card_error(repl):
    text = 'define card "Zop" {\n  skill cryomancer  cost 1 action\n  dael 3 damage to target enemy\n}'
    err = validate(repl, text)
    assert err is not None and "line 3, column 3" in err.message and "dael" in err.message
    assert text[err.cursor_position:].startswith("dael")
    assert validate(repl, ZAP) is None


def test_validator_other_lines(repl):
    assert "unknown command 'frob'" in validate(repl, "frob 3").message
    assert "quote is not closed" in validate(repl, 'put "Icebolt into bob hand').message
    assert "not closed" in validate(repl, 'define card "X" {').message
    assert validate(repl, "3") is None and validate(repl, "board") is None and validate(repl, "") is None
    assert validate(repl, "end") is None


def test_position():
    assert position("ab\ncd", 2, 2) == 4


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
