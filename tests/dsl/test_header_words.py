"""A misspelt header word is reported where it is written, with a "did you mean", in each
game's card language; and a designer's own archetype (Ivion) is declared in one line."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source, load_file
from cardsmith.dsl.render import render_card
from cardsmith.runtime.core.registry import get_game

IVION = '''card "Icebolt" {
  skill cryomancer  pips blue
  cost 1 action  generates 1 power  range 2  banner disarm
  types attack
  keywords cantrip
  deal 4 damage to target enemy
}
'''

SYLVION = '''card "Tree 3" {
  tree  cost 2  vitality 3  copies 2
  place this card at target empty space
}
card "Simoon" {
  support D  copies 8
  keywords reaction
  move each elemental 1 space left
}
'''

IKORR = '''card "Amazonian Gladiator" {
  champion  number "ROI-022"  cost 4  attack 3  health 3  raid 2  allowance 2
  aspects intuition  loyalty greek  traits "Human Warrior"
  keywords lethal
  ACTION (2 influence): deal 1 damage to target champion
}
'''

SOURCES = {"ivion": IVION, "sylvion": SYLVION, "ikorr": IKORR}


def error_of(game: str, good: str, bad: str) -> CardError:
    source = SOURCES[game]
    assert good in source
    with pytest.raises(CardError) as info:
        compile_source(source.replace(good, bad, 1), game, f"bad.{game}")
    return info.value


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_the_sources_compile_as_written(game: str) -> None:
    assert compile_source(SOURCES[game], game, f"good.{game}")


# (game, the header as written, its typo, the typo's word, line, column, message, hint)
CASES = [
    ("ivion", "range 2", "rnage 2", "rnage", 3, 37,
     "unknown header 'rnage'; did you mean 'range'?", "a 'range' header looks like: range N"),
    ("ivion", "cost 1 action", "cost 1 acton", "acton", 3, 10,
     "card \"Icebolt\": unknown resource 'acton'; did you mean 'action'? "
     "(resources: action, actions, power)", ""),
    ("ivion", "generates 1 power", "generates 1 powr", "powr", 3, 30,
     "card \"Icebolt\": unknown resource 'powr'; did you mean 'power'? "
     "(resources: action, actions, power)", ""),
    ("ivion", "banner disarm", "banner disarn", "disarn", 3, 53,
     "card \"Icebolt\": unknown Control kind 'disarn'; did you mean 'disarm'? "
     "(Control kinds: slow, silence, disarm)", ""),
    ("ivion", "pips blue", "pips blu", "blu", 2, 26,
     "card \"Icebolt\": unknown colour 'blu'; did you mean 'blue'? "
     "(colours: white, blue, black, green, red, gray, grey)", ""),
    ("ivion", "skill cryomancer", "skill cryomancr", "cryomancr", 2, 9,
     "card \"Icebolt\": unknown archetype 'cryomancr'; did you mean 'cryomancer'?",
     "a new archetype is declared before the file's cards: 'archetype cryomancr class COLOUR' "
     "or 'archetype cryomancr specialization COLOUR[, COLOUR]'"),
    ("ivion", "skill cryomancer", "skil cryomancer", "skil", 2, 3,
     "unknown header 'skil'; did you mean 'skill'?", "a 'skill' header looks like: skill ARCHETYPE"),
    ("ivion", "types attack", "types atack", "atack", 4, 9,
     "card \"Icebolt\": unknown card type 'atack'; did you mean 'attack'? "
     "(card types: attack, ability, buff, debuff, travel, aura, passive)", ""),
    ("ivion", "keywords cantrip", "keywords cantrp", "cantrp", 5, 12,
     "unknown keyword 'cantrp'; did you mean 'cantrip'?", None),
    ("sylvion", "tree  cost 2", "tre  cost 2", "tre", 2, 3,
     "unknown header 'tre'; did you mean 'tree'?", ""),
    ("sylvion", "vitality 3", "vitalty 3", "vitalty", 2, 17,
     "unknown header 'vitalty'; did you mean 'vitality'?", ""),
    ("sylvion", "keywords reaction", "keywords reacton", "reacton", 7, 12,
     "unknown keyword 'reacton'; did you mean 'reaction'?", None),
    ("ikorr", "attack 3", "atack 3", "atack", 2, 39,
     "unknown header 'atack'; did you mean 'attack'?", ""),
    ("ikorr", "aspects intuition", "aspects intution", "intution", 3, 11,
     "card \"Amazonian Gladiator\": unknown aspect 'intution'; did you mean 'intuition'? "
     "(aspects: ambition, curiosity, devotion, fear, intuition, prophecy)", ""),
    ("ikorr", "keywords lethal", "keywords lethl", "lethl", 4, 12,
     "unknown keyword 'lethl'; did you mean 'lethal'?", None),
    ("ikorr", "champion  number", "champon  number", "champon", 2, 3,
     "unknown header 'champon'; did you mean 'champion'?", ""),
]


@pytest.mark.parametrize("game, good, bad, word, line, col, message, hint", CASES,
                         ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_a_header_typo_is_reported_at_its_word(game: str, good: str, bad: str, word: str, line: int,
                                               col: int, message: str, hint: str | None) -> None:
    err = error_of(game, good, bad)
    assert (err.file, err.line, err.col) == (f"bad.{game}", line, col), err.format()
    assert err.message == message
    if hint is not None:
        assert err.hint == hint
    text = err.format().splitlines()
    assert text[0] == f"bad.{game}:{line}:{col}: {message}"
    assert text[1][4:] == SOURCES[game].replace(good, bad, 1).splitlines()[line - 1]
    assert text[1][4 + col - 1:].startswith(word)
    assert text[2] == " " * (4 + col - 1) + "^"


def test_the_headers_after_a_typo_still_read_as_headers() -> None:
    """'rnage 3' used to end the headers there, so 'types attack' two lines on was the
    syntax error: now only the typo is wrong, and fixing it makes the card compile."""
    err = error_of("ivion", "range 2", "rnage 2")
    assert "attack" not in err.message
    [card] = compile_source(IVION, "ivion")
    assert card.header.range == 2 and card.header.types == frozenset({"attack"})


def test_the_define_command_receives_the_same_location() -> None:
    """The REPL's ``define`` compiles with ``compile_source`` after blanking the word
    'define': the error's line and column are those of the word in the block."""
    from cardsmith.repl.validator import position
    text = "define " + IVION.replace("pips blue", "pips blu")
    source = " " * len("define") + text[len("define"):]
    with pytest.raises(CardError) as info:
        compile_source(source, "ivion", "define")
    err = info.value
    assert (err.line, err.col) == (2, 26)
    assert text[position(source, err.line, err.col):].startswith("blu\n")


# ---- a designer's archetype ---------------------------------------------------------------

DECLARED = '''archetype stormcaller class blue
archetype tidecaller specialization blue, green

card "Static Bolt" {
  skill stormcaller  pips blue
  cost 1 action  range 3  banner disarm
  types attack
  deal 3 damage to target enemy
}
card "Undertow" {
  ultimate tidecaller hp 38  pips blue, green
  types passive
  static max_hand = 8
}
'''


def test_a_declared_archetype_is_usable_and_shown_as_declared() -> None:
    bolt, undertow = compile_source(DECLARED, "ivion", "hero.ivion")
    line = bolt.header.archetype_def
    assert (line.name, line.kind, line.colours, line.designer) == ("stormcaller", "class", ("blue",), True)
    assert undertow.header.archetype_def.colours == ("blue", "green")
    rules = get_game("ivion")
    assert render_card(bolt, rules).splitlines()[1] == (
        "Stormcaller skill (a designer's class: blue) - Attack - Cost 1 action - Range 3 - "
        "Banner: disarm - Pips: blue")
    assert render_card(undertow, rules).splitlines()[1].startswith(
        "Tidecaller ultimate (38 HP; a designer's specialization: blue, green)")


def test_a_printed_archetype_is_shown_by_its_title() -> None:
    [card] = compile_source('card "M" {\n  skill ebon_mage  types ability\n  draw 1 card\n}\n', "ivion")
    assert card.header.archetype_def.kind == "specialization"
    assert render_card(card, get_game("ivion")).splitlines()[1].startswith("Ebon Mage skill")


def test_a_file_that_imports_the_declaration_may_use_it(tmp_path: Path) -> None:
    (tmp_path / "hero.ivion").write_text(DECLARED)
    (tmp_path / "more.ivion").write_text('import "hero.ivion"\ncard "Thunderclap" {\n'
                                         '  skill stormcaller  range 2  types attack\n'
                                         '  deal 2 damage to target enemy\n}\n')
    cards = load_file(tmp_path / "more.ivion", use_cache=False)
    assert [c.name for c in cards] == ["Thunderclap", "Static Bolt", "Undertow"]
    assert cards[0].header.archetype_def == cards[1].header.archetype_def
    # from the cache too: the file's entry keeps what its imports declared
    assert load_file(tmp_path / "more.ivion")[0].header.archetype_def.name == "stormcaller"
    assert load_file(tmp_path / "more.ivion")[0].header.archetype_def.name == "stormcaller"


def test_a_file_that_does_not_import_it_may_not(tmp_path: Path) -> None:
    (tmp_path / "hero.ivion").write_text(DECLARED)
    (tmp_path / "other.ivion").write_text('card "Thunderclap" {\n  skill stormcaller  range 2\n'
                                          '  deal 2 damage to target enemy\n}\n')
    with pytest.raises(CardError) as info:
        load_file(tmp_path / "other.ivion", use_cache=False)
    assert (info.value.line, info.value.col) == (2, 9)
    assert "unknown archetype 'stormcaller'" in info.value.message


@pytest.mark.parametrize("line, message, col", [
    ("archetype stormcaller clas blue", "unknown archetype kind 'clas'; did you mean 'class'? "
     "(archetype kinds: class, specialization)", 23),
    ("archetype stormcaller class blu", "unknown colour 'blu'; did you mean 'blue'? "
     "(colours: white, blue, black, green, red, gray, grey)", 29),
    ("archetype stormcaller class blue, red", "a class has one colour", 23),
    ("archetype wizard class blue", "'wizard' is already an Ivion class: use it without declaring it", 11),
])
def test_a_bad_declaration_is_reported_at_its_word(line: str, message: str, col: int) -> None:
    source = line + "\n" + DECLARED.split("\n", 1)[1]
    with pytest.raises(CardError) as info:
        compile_source(source, "ivion", "hero.ivion")
    assert (info.value.line, info.value.col, info.value.message) == (1, col, message)


def test_an_archetype_declared_twice_is_refused() -> None:
    with pytest.raises(CardError) as info:
        compile_source("archetype stormcaller class blue\n" + DECLARED, "ivion", "hero.ivion")
    assert (info.value.line, info.value.message) == (2, "'stormcaller' is declared twice")


def test_another_game_declares_nothing() -> None:
    with pytest.raises(CardError) as info:
        compile_source("archetype stormcaller class blue\n" + SYLVION, "sylvion", "x.sylvion")
    assert info.value.line == 1
