"""The Pygments lexer: lossless, no Error tokens on our files, knows every grammar keyword."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygments import lex
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, String, Token

from cardsmith.dsl.lexer import CardsmithLexer, known_words
from cardsmith.dsl.loader import bundled_cards_dir

from .grammar_words import keyword_words, quoted_keywords

SAMPLE = '''# a comment
import "base.ivion"
card "Icebolt" {
  skill cryomancer  pips blue
  cost 1 action  generates 1 power  range 2  banner disarm
  types attack
  deal 4 damage to target enemy as Foe
  advantage: deal 2 more damage to Foe
  at start of an enemy's turn: return it to its owner's hand
  deal (cards in hand of them) damage to them
  static max_power = 6
}
'''


def tokens(text: str) -> list[tuple[object, str]]:
    return list(lex(text, CardsmithLexer()))


def bundled_files() -> list[Path]:
    root = bundled_cards_dir()
    return sorted(p for p in root.rglob("*")
                  if p.suffix in (".ivion", ".sylvion", ".ikorr", ".deck", ".scenario"))


def test_tokens_join_back_to_the_input() -> None:
    assert "".join(v for _, v in tokens(SAMPLE)) == SAMPLE


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\r"), max_size=200))
def test_any_text_round_trips(text: str) -> None:
    joined = "".join(v for _, v in tokens(text))
    # Pygments adds a final newline when the input lacks one (and turns CR LF into LF);
    # nothing else may change
    assert joined == text or joined == text + "\n"


def test_classification() -> None:
    kinds = {v: t for t, v in tokens(SAMPLE)}
    assert kinds["card"] is Keyword.Declaration
    assert kinds['"Icebolt"'] in String
    assert kinds["# a comment"] in Comment
    assert kinds["4"] in Number
    assert kinds["deal"] is Name.Function           # a game's verb
    assert kinds["Foe"] is Name.Variable            # a bound name
    assert kinds["enemy's"] is Name.Builtin
    assert kinds["damage"] is Keyword.Type
    assert kinds["advantage"] is Name.Attribute


def test_card_is_a_noun_when_no_name_follows() -> None:
    kinds = [(t, v) for t, v in tokens("counter target card") if v.strip()]
    assert kinds[-1] == (Name.Builtin, "card")


def test_unterminated_string_is_an_error() -> None:
    assert any(t is Error for t, _ in tokens('card "oops\n'))


def test_every_bundled_file_lexes_without_error_tokens() -> None:
    files = bundled_files()
    assert len(files) >= 3, "the bundled cards should be there"
    for f in files:
        text = f.read_text("utf-8")
        toks = tokens(text)
        bad = [v for t, v in toks if t is Error]
        assert not bad, f"{f}: {bad[:5]}"
        assert "".join(v for _, v in toks) == text


def test_every_grammar_keyword_is_known_to_the_lexer() -> None:
    words = keyword_words()
    assert {"card", "deck", "feats", "advantage", "enemy's", "{"} <= words   # the scan works
    for word in sorted(words):
        if word[0].isalpha():
            assert word in known_words() or word in ("card", "deck"), f"lexer doesn't know '{word}'"
        [(token, value), *_] = tokens(word)
        assert value == word
        assert token is not Error and token not in (Name.Function, Name.Variable), (word, token)


def test_ability_words_are_keywords() -> None:
    kinds = {v: t for t, v in tokens("DEATH: draw 1 card  ACTION (2 influence): draw 1 card")}
    assert kinds["DEATH"] is Keyword.Pseudo and kinds["ACTION"] is Keyword.Pseudo
    assert kinds["influence"] is Keyword.Type


def test_multiword_keywords_lex_without_names() -> None:
    for kw in quoted_keywords():
        for token, value in tokens(kw):
            assert token is not Error, kw
            assert token not in (Name.Function, Name.Variable) or not value.strip(), (kw, value)


def test_registered_with_pygments() -> None:
    assert isinstance(get_lexer_by_name("cardsmith"), CardsmithLexer)
    for name in ("x.ivion", "x.sylvion", "x.deck", "x.scenario"):
        assert isinstance(get_lexer_for_filename(name), CardsmithLexer)


def test_pygmentize_colours_a_file(tmp_path: Path) -> None:
    f = tmp_path / "a.ivion"
    f.write_text(SAMPLE)
    out = subprocess.run([sys.executable, "-m", "pygments", "-f", "raw", str(f)],
                         capture_output=True, text=True, check=True).stdout
    assert "Token.Keyword.Declaration\t'card'" in out
    assert "Token.Error" not in out


@pytest.mark.parametrize("token", [Token.Keyword, Token.Name.Builtin])
def test_token_types_are_standard(token: object) -> None:
    assert token in Token
