"""Paths a person names: one clear, located message for every way reading one fails."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardsmith.dsl import userfiles
from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import load_file
from cardsmith.runtime.core.effects import Loc

LONG = "a" * 300
CARD = 'card "C%d" {\n  skill warrior pips gray\n  types ability\n  gain 1 power\n}\n'


def test_kind_tells_files_folders_and_nothing(tmp_path: Path) -> None:
    (tmp_path / "f.ivion").write_text("")
    assert userfiles.kind(tmp_path / "f.ivion") == "file"
    assert userfiles.kind(tmp_path) == "folder"
    assert userfiles.kind(tmp_path / "nothing.ivion") is None
    assert userfiles.kind(tmp_path / "f.ivion" / "under") is None     # not a folder: nothing there


def test_a_name_too_long_is_said_so_not_an_oserror(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        userfiles.kind(tmp_path / f"{LONG}.ivion")
    assert "file name too long" in info.value.message
    assert not userfiles.is_file(tmp_path / f"{LONG}.ivion")
    with pytest.raises(CardError) as info:
        load_file(tmp_path / f"{LONG}.ivion")
    assert "can't read file: file name too long" in info.value.format()


def test_a_file_over_the_limit_is_refused_unread_with_the_limit_and_how_to_split(tmp_path: Path) -> None:
    big = tmp_path / "big.ivion"
    text = "".join(CARD % i for i in range(userfiles.MAX_FILE_BYTES // len(CARD % 0) + 10))
    big.write_text(text)
    with pytest.raises(CardError) as info:
        load_file(big)
    err = info.value
    assert "may be at most 1.0 MB" in err.message and "the file is 1.0 MB" in err.message
    assert "import" in err.hint and "split" in err.hint
    assert len(err.format()) < 400
    big.write_text(text[: userfiles.MAX_FILE_BYTES - 200].rsplit("card", 1)[0])
    assert len(load_file(big)) > 1000                      # just under: read and parsed


def test_an_import_over_the_limit_is_located_at_the_import(tmp_path: Path) -> None:
    (tmp_path / "big.ivion").write_bytes(b"#" * (userfiles.MAX_FILE_BYTES + 1))
    main = tmp_path / "main.ivion"
    main.write_text('import "big.ivion"\n' + CARD % 0)
    with pytest.raises(CardError) as info:
        load_file(main)
    assert (info.value.line, info.value.col) == (1, 1)
    assert "can't import 'big.ivion': the file is 1.0 MB" in info.value.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_a_card_file_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.ivion"
    os.mkfifo(fifo)
    assert userfiles.kind(fifo) == "other"
    with pytest.raises(CardError) as info:
        userfiles.read_bytes(fifo)
    assert "it is a device or pipe, not a file" in info.value.message


def test_dev_zero_behind_a_link_is_refused(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    (tmp_path / "zero.ivion").symlink_to("/dev/zero")
    with pytest.raises(CardError) as info:
        load_file(tmp_path / "zero.ivion")
    assert "not a file" in info.value.message


def test_a_folder_is_not_read_as_a_file(tmp_path: Path) -> None:
    (tmp_path / "cards.ivion").mkdir()
    with pytest.raises(CardError) as info:
        userfiles.read_bytes(tmp_path / "cards.ivion", at=Loc("main.ivion", 3, 1))
    assert info.value.message == "can't import 'cards.ivion': it is a folder, not a file"
    assert info.value.where == "main.ivion:3:1"


def test_why_an_import_matched_nothing(tmp_path: Path) -> None:
    assert userfiles.missing(str(tmp_path / "none.ivion")) == "no such file"
    assert userfiles.missing(str(tmp_path / f"{LONG}.ivion")).startswith("file name too long")
    assert userfiles.missing(str(tmp_path / f"{LONG}*.ivion")) == "no such file"   # a pattern


def test_a_nul_byte_in_a_name_is_said_so_not_a_valueerror(tmp_path: Path) -> None:
    """Found by benchmarks/fuzz_inputs.py: a deck's `import "a<NUL>b"` reached os.stat."""
    with pytest.raises(CardError) as info:
        userfiles.kind(tmp_path / "a\0b.deck")
    assert "can't hold a NUL byte" in info.value.message
    assert not userfiles.is_file(tmp_path / "a\0b.deck")


# ---- files and folders named together: one expansion for every caller ------------------

def _tree(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    for name in ("b.toy", "a.toy", "sub/c.toy", "d.deck", "sub/e.deck", "notes.txt"):
        (tmp_path / name).write_text("")
    return tmp_path


def test_expand_lists_every_problem_and_the_files_it_found(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    files, problems = userfiles.expand([root / "sub", root / "gone", root / "notes.txt", root / f"{LONG}.toy"],
                                       lambda f: f.suffix == ".toy")
    assert files == [root / "sub" / "c.toy", root / "notes.txt"]         # a file named is taken as given
    assert problems[0] == f"{root / 'gone'}: no such file or folder"
    assert "file name too long" in problems[1] and len(problems) == 2


def test_card_files_expands_folders_as_expand_does_and_raises_its_first_problem(tmp_path: Path) -> None:
    from cardsmith.dsl.loader import card_files, load_library
    root = _tree(tmp_path)
    assert card_files([root, root / "notes.txt"]) == [root / "a.toy", root / "b.toy", root / "sub" / "c.toy",
                                                      root / "notes.txt"]
    _, [problem] = userfiles.expand([root / "gone"], lambda f: True)
    for read in (card_files, load_library):
        with pytest.raises(CardError) as info:
            read([root / "a.toy", root / "gone"])
        assert info.value.format() == problem                  # the message check lists
    with pytest.raises(CardError, match="file name too long"):
        card_files([root / f"{LONG}.toy"])


def test_deck_files_expands_folders_as_expand_does_and_refuses_a_file_that_is_no_deck(tmp_path: Path) -> None:
    from cardsmith.dsl.decks import deck_files
    root = _tree(tmp_path)
    assert deck_files([root]) == [root / "d.deck", root / "sub" / "e.deck"]
    assert deck_files([root / "sub" / "e.deck"]) == [root / "sub" / "e.deck"]
    with pytest.raises(CardError) as info:
        deck_files([root / "gone.deck"])
    assert info.value.format() == f"{root / 'gone.deck'}: no such file or folder"
    with pytest.raises(CardError) as info:
        deck_files([root / "a.toy"])
    assert info.value.format() == f"{root / 'a.toy'}: not a deck file (a deck file's name ends in .deck)"
