"""Deck files that ``import`` card files: names resolve against the imported cards first,
then the library; the deck carries those cards; bad imports are located like a
scenario's; the cache sees an imported file change; a warm load stays free of textX."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith.dsl import decks
from cardsmith.dsl.decks import check_deck, compile_deck, library_for_decks, load_deck, resolve_deck
from cardsmith.dsl.errors import CardError

from .test_references import library, write       # the same little library of toy cards

MINE = 'card "My Bolt" { skill steward  deal 3 damage to target enemy }\n' \
       'card "Crushing Weight" { skill steward  draw 3 cards }\n'
DECK = ('import "mine.toy"\ndeck "D" for toy\nfeats "Shield Slam", "Strike"\n'
        '3 "my bolt"\n2 "crushing weight"\n1 "Hammer Strike"\n')


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    write(tmp_path / "mine.toy", MINE)
    return write(tmp_path / "d.deck", DECK)


# ---- resolving -----------------------------------------------------------------------------

@pytest.mark.parametrize("given", ["library", "function", "none"])
def test_names_resolve_to_the_imported_cards_first_then_the_library(deck: Path, given: str) -> None:
    lib = library()
    arg = {"library": lib, "function": lambda game: lib, "none": None}[given]
    d = load_deck(deck, arg)
    assert [c.name for c in d.imported] == ["My Bolt", "Crushing Weight"]
    assert d.card_files == (str(deck.parent / "mine.toy"),)
    assert d.imports[0][0] == "mine.toy" and (d.imports[0][1].line, d.imports[0][1].col) == (1, 1)
    assert check_deck(d, lib) == []                      # the library alone lacks "My Bolt"
    final = resolve_deck(d, lib)
    assert final.cards == ((3, "My Bolt"), (2, "Crushing Weight"), (1, "Hammer Strike"))
    played = d.library_with(lib)                         # what a game plays with
    assert played.get("Crushing Weight").loc.file.endswith("mine.toy")     # the import shadows
    assert played.get("Hammer Strike") is lib.get("Hammer Strike") and "My Bolt" not in lib


def test_imports_may_stand_among_the_deck_lines_and_be_glob_patterns(tmp_path: Path) -> None:
    for n in range(2):
        write(tmp_path / "cards" / f"c{n}.toy", f'card "Glob {n}" {{ skill steward }}\n')
    f = write(tmp_path / "d.deck", 'deck "D" for toy\n1 "glob 0"\nimport "cards/*.toy"\n1 "Glob 1"\n')
    d = load_deck(f, library())
    assert d.cards == ((1, "Glob 0"), (1, "Glob 1"))
    assert [Path(p).name for p in d.card_files] == ["c0.toy", "c1.toy"]


def test_an_imported_file_s_own_imports_come_too(tmp_path: Path) -> None:
    write(tmp_path / "a.toy", 'import "sub/b.toy"\ncard "From A" { skill steward }\n')
    write(tmp_path / "sub" / "b.toy", 'card "From B" { skill steward }\n')
    f = write(tmp_path / "d.deck", 'import "a.toy"\ndeck "D" for toy\n1 "From B"\n')
    d = load_deck(f, library())
    assert d.cards == ((1, "From B"),) and {c.name for c in d.imported} == {"From A", "From B"}


def test_an_unknown_name_suggests_imported_cards_too(deck: Path) -> None:
    deck.write_text(DECK.replace('"my bolt"', '"My Blot"'))
    for given in (library(), None):
        with pytest.raises(CardError) as info:
            d = load_deck(deck, given)
            raise check_deck(d, library())[0]
        err = info.value
        assert err.message == "unknown card \"My Blot\"; did you mean 'My Bolt'?"
        assert (err.file, err.line, err.col) == (str(deck), 4, 3)


def test_compiling_text_reads_no_other_file() -> None:
    d = compile_deck('import "nowhere.toy"\ndeck "D" for toy\n1 "Anything"\n', "d.deck")
    assert d.imports[0][0] == "nowhere.toy" and d.imported == () and d.cards == ((1, "Anything"),)


# ---- bad imports ---------------------------------------------------------------------------

@pytest.mark.parametrize("imported,message,hint", [
    ("nope.toy", "can't import 'nope.toy': no such file", "imports are relative to the importing file"),
    ("lib.ivion", "can't import 'lib.ivion': it holds ivion cards, this file is toy", ""),
    ("evil.py", "can't import 'evil.py': not a card file", "nothing else is read"),
    ("other.deck", "can't import 'other.deck': not a card file", "nothing else is read"),
])
@pytest.mark.parametrize("given", ["library", "none"])
def test_bad_imports_are_located_at_the_import_as_in_a_scenario(
        tmp_path: Path, imported: str, message: str, hint: str, given: str) -> None:
    write(tmp_path / "lib.ivion", "")
    write(tmp_path / "other.deck", 'deck "O" for toy\n')
    write(tmp_path / "evil.py", f"open({str(tmp_path / 'ran')!r}, 'w').write('ran')\n")
    f = write(tmp_path / "d.deck", f'deck "D" for toy\n1 "Strike"\n  import "{imported}"\n')
    with pytest.raises(CardError) as info:
        load_deck(f, library() if given == "library" else None)
    err = info.value
    assert (err.message, err.file, err.line, err.col) == (message, str(f), 3, 3)
    assert hint in err.hint
    assert err.format().splitlines()[1:3] == [f'      import "{imported}"', "      ^"]
    assert not (tmp_path / "ran").exists()


@pytest.mark.parametrize("given", ["library", "none"])
def test_an_error_inside_an_imported_file_is_located_in_that_file(deck: Path, given: str) -> None:
    mine = deck.parent / "mine.toy"
    mine.write_text(MINE + 'card "Broken" {\n  skill steward\n  dael 2 damage to target enemy\n}\n')
    with pytest.raises(CardError) as info:
        load_deck(deck, library() if given == "library" else None)
    err = info.value
    assert Path(err.file).name == "mine.toy" and (err.line, err.col) == (5, 3)
    assert err.message.startswith("unknown verb 'dael'")
    mine.write_text(MINE + 'card "Broken" { skill steward\n')                 # a syntax error
    with pytest.raises(CardError) as info:
        load_deck(deck, library() if given == "library" else None)
    assert Path(info.value.file).name == "mine.toy" and info.value.line == 4


def test_an_import_cycle_among_the_imported_files_is_reported(tmp_path: Path) -> None:
    write(tmp_path / "a.toy", 'import "b.toy"\ncard "A" { trait }\n')
    write(tmp_path / "b.toy", 'import "a.toy"\ncard "B" { trait }\n')
    f = write(tmp_path / "d.deck", 'import "a.toy"\ndeck "D" for toy\n1 "A"\n')
    for given in (library(), None):
        with pytest.raises(CardError) as info:
            load_deck(f, given)
        assert info.value.message == "import cycle: a.toy -> b.toy -> a.toy"
        assert Path(info.value.file).name == "b.toy" and (info.value.line, info.value.col) == (1, 1)


def test_two_decks_importing_different_cards_of_one_name_clash(tmp_path: Path) -> None:
    write(tmp_path / "one" / "mine.toy", MINE)
    write(tmp_path / "two" / "mine.toy", MINE.replace("deal 3 damage", "deal 4 damage"))
    one = load_deck(write(tmp_path / "one" / "d.deck", DECK))
    two = load_deck(write(tmp_path / "two" / "d.deck", DECK))
    again = load_deck(write(tmp_path / "one" / "e.deck", DECK))
    lib = library()
    assert library_for_decks(lib, [one, again]).get("My Bolt") == one.imported[0]
    assert library_for_decks(lib, [one]) is not lib and "My Bolt" not in lib
    with pytest.raises(CardError) as info:
        library_for_decks(lib, [one, two])
    assert info.value.message.startswith('card "My Bolt" is defined twice')


# ---- the cache -----------------------------------------------------------------------------

def test_a_cached_deck_is_read_again_when_an_imported_file_changes(
        deck: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = decks.compile_deck
    monkeypatch.setattr(decks, "compile_deck", lambda *a: compiled.append(a[1]) or real(*a))
    assert load_deck(deck, library()).imported[0].name == "My Bolt"
    assert load_deck(deck, library()).imported[0].name == "My Bolt"
    assert len(compiled) == 1                                   # the second came from the cache
    (deck.parent / "mine.toy").write_text(MINE.replace('"My Bolt"', '"My Blast"'))
    with pytest.raises(CardError) as info:
        load_deck(deck, library())
    assert len(compiled) == 2
    assert info.value.message == "unknown card \"my bolt\"; did you mean 'My Blast'?"
    assert (info.value.file, info.value.line, info.value.col) == (str(deck), 4, 3)


WARM = r'''
import json, sys
from cardsmith.dsl.decks import load_deck
from cardsmith.dsl.loader import bundled_library
deck = load_deck(sys.argv[1], bundled_library)
print(json.dumps({"cards": [c.name for c in deck.imported], "textx": "textx" in sys.modules}))
'''


def test_a_warm_load_of_a_deck_with_imports_does_not_import_textx(tmp_path: Path) -> None:
    write(tmp_path / "mine.ivion", 'card "My Bolt" { skill winterborn  deal 3 damage to target enemy }\n')
    f = write(tmp_path / "d.deck", 'import "mine.ivion"\ndeck "D" for ivion\n3 "My Bolt"\n2 "Icebolt"\n')
    env = dict(os.environ, CARDSMITH_CACHE=str(tmp_path / "cache"))
    runs = [json.loads(subprocess.run([sys.executable, "-c", WARM, str(f)], env=env, capture_output=True,
                                      text=True, check=True, timeout=300).stdout) for _ in range(2)]
    assert runs[0] == {"cards": ["My Bolt"], "textx": True}
    assert runs[1] == {"cards": ["My Bolt"], "textx": False}
