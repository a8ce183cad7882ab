"""Card references in deck and scenario files: textX references resolved by the indexed
scope provider (``cardsmith.dsl.scoping``), across imported files, with located errors."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from textx.exceptions import TextXSemanticError

from cardsmith.dsl import decks, scenarios
from cardsmith.dsl.decks import compile_deck, load_deck
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.dsl.scenarios import parse_scenario
from cardsmith.dsl.scoping import CardFile, CardRefError
from cardsmith.runtime.core.cards import CardLibrary

LIB = '''
card "Hammer Strike" { skill steward  deal 2 damage to target enemy }
card "Crushing Weight" { skill steward  draw 1 card }
card "Shield Slam" { ultimate steward hp 30 }
card "Strike" { trait }
'''
DECK = 'deck "D" for toy\nfeats "Shield Slam", "strike"\n3 "hammer strike"\n2 "Crushing Weight"\n'


def library() -> CardLibrary:
    return CardLibrary(compile_source(LIB, "toy", "lib.toy"))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---- decks ---------------------------------------------------------------------------------

def test_deck_names_are_references_to_the_library_cards() -> None:
    lib = library()
    model = decks._metamodel().model_from_str(DECK, file_name="d.deck", cards=lib)
    feats, hammer = model.lines[0].cards, model.lines[1].card
    assert hammer.card is lib.get("Hammer Strike")          # the compiled card itself
    assert feats[1].card is lib.get("Strike")
    deck = compile_deck(DECK, "d.deck", lib)
    assert deck.cards == ((3, "Hammer Strike"), (2, "Crushing Weight"))   # spelt as defined
    assert deck.feats == ("Shield Slam", "Strike")


def test_a_library_may_be_given_as_a_function_of_the_game() -> None:
    asked: list[str] = []

    def cards_for(game: str) -> CardLibrary:
        asked.append(game)
        return library()

    assert compile_deck(DECK, "d.deck", cards_for).size == 5
    assert asked == ["toy"]                                   # once per model, not per name


def test_unknown_name_is_a_located_semantic_error_with_a_hint() -> None:
    bad = DECK.replace('2 "Crushing Weight"', '2 "Crushing Wieght"')
    with pytest.raises(CardRefError) as info:
        decks._metamodel().model_from_str(bad, file_name="d.deck", cards=library())
    assert isinstance(info.value, TextXSemanticError)
    assert (info.value.line, info.value.col) == (4, 3)
    with pytest.raises(CardError) as err:
        compile_deck(bad, "d.deck", library())
    assert err.value.format().splitlines() == [
        "d.deck:4:3: unknown card \"Crushing Wieght\"; did you mean 'Crushing Weight'?",
        '    2 "Crushing Wieght"',
        "      ^"]


def test_unknown_feat_and_card_of_another_game() -> None:
    with pytest.raises(CardError) as info:
        compile_deck(DECK.replace('"strike"', '"strik"'), "d.deck", library())
    assert info.value.message == "unknown feat \"strik\"; did you mean 'Strike'?"
    assert (info.value.line, info.value.col) == (2, 22)
    with pytest.raises(CardError) as info:
        compile_deck(DECK.replace("for toy", "for ivion"), "d.deck", library())
    assert info.value.message == '"Shield Slam" is a toy card; this deck is for ivion'


def test_without_a_library_names_stay_as_written() -> None:
    deck = compile_deck(DECK.replace('"hammer strike"', '"No Such Card"'), "d.deck")
    assert deck.cards[0] == (3, "No Such Card")


def test_a_cached_deck_is_resolved_again_when_its_names_no_longer_resolve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = decks.compile_deck
    monkeypatch.setattr(decks, "compile_deck", lambda *a: compiled.append(a[1]) or real(*a))
    f = write(tmp_path / "d.deck", DECK)
    assert load_deck(f, library()).cards[0] == (3, "Hammer Strike")
    assert load_deck(f, library()).cards[0] == (3, "Hammer Strike")
    assert len(compiled) == 1                                      # the second came from the cache
    renamed = CardLibrary(compile_source(LIB.replace('"Hammer Strike"', '"Hammer Blow"'), "toy", "lib.toy"))
    with pytest.raises(CardError) as info:
        load_deck(f, renamed)
    assert len(compiled) == 2
    assert info.value.message.startswith('unknown card "hammer strike"; did you mean')
    assert (info.value.file, info.value.line, info.value.col) == (str(f), 3, 3)


# ---- scenarios -----------------------------------------------------------------------------

SCENARIO = '''scenario "refs"
game toy
import "a.toy"
card "Local Zap" { skill warrior  deal 1 damage to target enemy }
player alice
  hand: "local zap", "From B", 2 "Hammer Strike"
attach "From A" to b2
'''


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """a.toy imports sub/b.toy; the scenario imports a.toy."""
    write(tmp_path / "a.toy", 'import "sub/b.toy"\ncard "From A" { skill warrior  draw 1 card }\n')
    write(tmp_path / "sub" / "b.toy", 'card "From B" { skill warrior  draw 2 cards }\n')
    return write(tmp_path / "s.scenario", SCENARIO)


def test_scenario_names_resolve_to_own_imported_and_library_cards(files: Path) -> None:
    lib = library()
    model = scenarios.metamodel().model_from_file(str(files), cards=lib)
    hand = model.items[2].props[0].cards
    assert type(hand[0].card).__name__ == "CardBlock"             # the file's own card block
    assert hand[1].card.name == "From B" and hand[1].card.loc.file.endswith("b.toy")  # imported twice over
    assert hand[2].card is lib.get("Hammer Strike")
    assert model.items[3].card.name == "From A"
    [imported] = model._tx_model_repository.local_models
    assert isinstance(imported, CardFile)                            # compiled cards, not a textX model
    sdef = scenarios.load_scenario(files, lib)
    assert [e.name for e in sdef.players[0].zones[0][1]] == ["Local Zap", "From B", "Hammer Strike"]
    assert sdef.attached[0].card == "From A"


def test_own_cards_shadow_imported_ones_which_shadow_the_library(tmp_path: Path) -> None:
    write(tmp_path / "a.toy", 'card "Strike" { skill warrior  draw 3 cards }\n')
    f = write(tmp_path / "s.scenario", 'scenario "x"\ngame toy\nimport "a.toy"\n'
              'player alice\n  hand: "Strike", "Crushing Weight"\n')
    model = scenarios.metamodel().model_from_file(str(f), cards=library())
    strike, weight = model.items[1].props[0].cards
    assert strike.card.loc.file.endswith("a.toy") and weight.card.loc.file == "lib.toy"
    f.write_text(f.read_text() + 'card "Crushing Weight" { skill warrior }\n')
    model = scenarios.metamodel().model_from_file(str(f), cards=library())
    assert type(model.items[1].props[0].cards[1].card).__name__ == "CardBlock"


def test_a_glob_import_brings_every_matching_file(tmp_path: Path) -> None:
    for n in range(3):
        write(tmp_path / "cards" / f"c{n}.toy", f'card "Glob {n}" {{ skill warrior }}\n')
    f = write(tmp_path / "s.scenario", 'scenario "x"\ngame toy\nimport "cards/*.toy"\n'
              'player alice\n  hand: "Glob 0", "glob 2"\n')
    sdef = scenarios.load_scenario(f, library())
    assert [e.name for e in sdef.players[0].zones[0][1]] == ["Glob 0", "Glob 2"]
    assert len(scenarios.imported_cards(sdef)) == 3


def test_unknown_scenario_name_points_at_the_name(files: Path) -> None:
    files.write_text(SCENARIO.replace('"From B"', '"From C"'))
    with pytest.raises(CardError) as info:
        scenarios.load_scenario(files, library())
    err = info.value
    assert err.message == "unknown card 'From C'; did you mean 'From B'?"
    assert (err.file, err.line, err.col) == (str(files), 6, 22)
    assert err.hint == 'define it with card "Name" { ... } or import its file'
    assert err.format().splitlines()[2] == " " * (4 + 21) + "^"


@pytest.mark.parametrize("imported,message,hint", [
    ("nope.toy", "can't import 'nope.toy': no such file", "imports are relative to the importing file"),
    ("lib.ivion", "can't import 'lib.ivion': it holds ivion cards, this file is toy", ""),
    ("evil.py", "can't import 'evil.py': not a card file", "nothing else is read"),
])
def test_bad_imports_are_located_at_the_import(tmp_path: Path, imported: str, message: str, hint: str) -> None:
    write(tmp_path / "lib.ivion", "")
    write(tmp_path / "evil.py", f"open({str(tmp_path / 'ran')!r}, 'w').write('ran')\n")
    f = write(tmp_path / "s.scenario", f'scenario "x"\ngame toy\nimport "{imported}"\n')
    with pytest.raises(CardError) as info:
        scenarios.load_scenario(f, library())
    assert (info.value.message, info.value.line, info.value.col) == (message, 3, 1)
    assert hint in info.value.hint
    assert "^" in info.value.format()
    assert not (tmp_path / "ran").exists()


def test_an_error_inside_an_imported_file_is_located_in_that_file(files: Path) -> None:
    (files.parent / "sub" / "b.toy").write_text('card "From B" { skill warrior  dael 2 damage to them }\n')
    with pytest.raises(CardError) as info:
        scenarios.load_scenario(files, library())
    assert info.value.file.endswith("b.toy") and info.value.line == 1


def test_parsing_without_a_library_reads_nothing_else() -> None:
    sdef = parse_scenario('scenario "x"\ngame toy\nimport "nowhere.toy"\nplayer alice\n  hand: "Anything"\n')
    assert sdef.players[0].zones[0][1][0].name == "Anything" and sdef.imports[0][0] == "nowhere.toy"


# ---- loading is reading --------------------------------------------------------------------

def test_loading_never_runs_code_from_a_file(tmp_path: Path) -> None:
    """Card, deck and scenario files are data: text that looks like Python is a syntax
    error, and nothing in them (or in what they import) is executed."""
    ran = tmp_path / "ran"
    payload = f"__import__('os').system('touch {ran}')"
    card = write(tmp_path / "x.toy", f'card "X" {{ skill warrior }}\n{payload}\n')
    deck = write(tmp_path / "x.deck", f'deck "X" for toy\n1 "X"\n{payload}\n')
    scen = write(tmp_path / "x.scenario", f'scenario "x"\ngame toy\nimport "x.toy"\n{payload}\n')
    from cardsmith.dsl.loader import load_file
    for load in (lambda: load_file(card), lambda: load_deck(deck, library()),
                 lambda: scenarios.load_scenario(scen, library())):
        with pytest.raises(CardError):
            load()
    assert not ran.exists()


# ---- the warm path -------------------------------------------------------------------------

WARM = r'''
import json, sys
from cardsmith.dsl.decks import deck_files, load_deck
from cardsmith.dsl.loader import bundled_cards_dir, bundled_library
decks = [load_deck(p, bundled_library) for p in deck_files([bundled_cards_dir()])]
print(json.dumps({"decks": len(decks), "textx": "textx" in sys.modules}))
'''


def test_a_warm_deck_load_resolved_against_a_library_does_not_import_textx(tmp_path: Path) -> None:
    env = dict(os.environ, CARDSMITH_CACHE=str(tmp_path / "cache"))
    runs = [json.loads(subprocess.run([sys.executable, "-c", WARM], env=env, capture_output=True,
                                      text=True, check=True, timeout=300).stdout) for _ in range(2)]
    assert runs[0]["textx"] and runs[0]["decks"] >= 4
    assert runs[1] == {"decks": runs[0]["decks"], "textx": False}


# ---- the providers agree -------------------------------------------------------------------

def test_indexed_provider_resolves_what_textx_default_resolves(tmp_path: Path) -> None:
    """The benchmark's two contenders: textX's PlainName walk and the indexed dict, each
    behind ImportURI over textX models of the same card file."""
    from textx import clear_language_registrations, register_language
    from textx.scoping.providers import ImportURI, PlainNameImportURI

    from cardsmith.dsl.loader import build_metamodel, metamodel
    from cardsmith.dsl.languages import language
    from cardsmith.dsl.scoping import IndexedName
    write(tmp_path / "many.toy", "".join(f'card "C{n}" {{ skill warrior }}\n' for n in range(30)))
    f = write(tmp_path / "s.scenario", 'scenario "x"\ngame toy\nimport "many.toy"\nplayer alice\n  hand: '
              + ", ".join(f'"C{n}"' for n in range(0, 30, 3)) + "\n")
    register_language("cardsmith-test-toy", "*.toy", metamodel=metamodel(language("toy")))
    try:
        names = []
        for provider in (PlainNameImportURI(), ImportURI(IndexedName())):
            mm = build_metamodel(scenarios.GRAMMAR)
            mm.register_scope_providers({"*.card": provider})
            hand = mm.model_from_file(str(f)).items[1].props[0].cards
            assert all(type(e.card).__name__ == "IvionCard" for e in hand)
            names.append([e.card.name for e in hand])
        assert names[0] == names[1] == [f"C{n}" for n in range(0, 30, 3)]
    finally:
        clear_language_registrations()          # the entry points are read again when asked
