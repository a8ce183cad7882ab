"""The completer, driven directly with prompt_toolkit Documents (no terminal)."""
from __future__ import annotations

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cardsmith.repl.completer import ReplCompleter


def complete(repl, text: str) -> list[tuple[str, int]]:
    completer = ReplCompleter(repl.session)
    doc = Document(text, len(text))
    return [(c.text, c.start_position) for c in completer.get_completions(doc, CompleteEvent(completion_requested=True))]


def texts(repl, text: str) -> list[str]:
    return [t for t, _ in complete(repl, text)]


def test_command_names(repl):
    assert complete(repl, "boa") == [("board", -3)]
    assert {"step", "stack", "status"} <= set(texts(repl, "st"))


def test_first_word_offers_options_too_without_duplicates(repl):
    got = texts(repl, "e")
    assert "empty" in got and "end turn" in got
    assert got.count("end") == 1


def test_card_names_with_spaces_replace_the_whole_name(repl):
    assert ("Warrior's Strike", -4) in complete(repl, "put Warr")
    assert ("Warrior's Banner", -4) in complete(repl, "put Warr")
    assert texts(repl, "show Ice") == ["Ice Flurry", "Ice Pick", "Icebolt", "Icepoint"]


def test_put_arguments_follow_the_card_name(repl):
    assert texts(repl, "put Warrior's Strike ") == ["into", "on"]
    assert texts(repl, "put Icebolt into ") == ["alice", "bob"]
    assert texts(repl, "put Icebolt into bob ") == ["hand", "deck", "discard", "feats", "removed", "relics", "traps", "trap_discard",
                                                         "collection", "feathers", "arrowheads", "master_arrow"]
    on = texts(repl, "put Icebolt on ")
    assert "bob" in on and "b2" in on and len(on) == 18


def test_players_stats_and_fixed_words(repl):
    assert texts(repl, "set ") == ["alice", "bob"]
    assert texts(repl, "set bob h") == ["hp"]
    assert texts(repl, "ai bob ") == ["random", "greedy", "search", "off"]
    assert texts(repl, "terrain b2 ") == ["difficult", "enchanted", "none"]
    assert texts(repl, "auto o") == ["on", "off"]


def test_play_offers_playable_cards(repl):
    assert set(texts(repl, "play ")) == {"play Tenacity", "play Battle Lust"}
    assert complete(repl, "play Ten") == [("play Tenacity", -8)]


def test_legal_targets_after_the_card(repl):
    repl("put Harmony into alice hand")
    repl("set alice power 2")
    assert texts(repl, "play Harmony ") == ["target alice", "alice"]
    assert complete(repl, "play Harmony al") == [("alice", -2)]
    repl("place bob b1")
    assert set(texts(repl, "play Harmony ")) == {"target alice", "alice", "target bob", "bob"}


def test_move_tiles_are_not_mistaken_for_card_ids(repl):
    # card ids ("card1") can't be mistaken for tiles ("c1"): only tiles are offered
    assert "card1" in repl.game.state.cards and "c1" not in repl.game.state.cards
    got = texts(repl, "move ")
    assert "move c1" in got and "move d2" in got
    assert not any("Shield" in t for t in got)


def test_nothing_after_a_complete_line(repl):
    assert texts(repl, "play Tenacity ") == []
    assert texts(repl, "end ") == []


def test_pending_question_words(repl):
    repl("set alice slow 3")
    repl("set alice disarm 1")
    repl("put Harmony into alice hand")
    repl("set alice power 2")
    repl("play Harmony alice")
    assert set(texts(repl, "rem")) == {"remove slow", "remove disarm"}


def test_define_blocks_complete_card_language_words(repl):
    assert texts(repl, 'define card "X" {\n  ') == []
    assert "deal" in texts(repl, 'define card "X" {\n  skill cryomancer\n  de')
    assert "banner" in texts(repl, 'define card "X" {\n  skill cryomancer  ban')


def test_paused_offers_no_options(repl):
    repl("put Harmony into alice hand")
    repl("set alice power 2")
    repl("play Harmony alice")
    repl("pass")
    assert texts(repl, "play ") == []
    assert texts(repl, "ste") == ["step"]


def test_save_scenario_paths(repl, tmp_path, monkeypatch):
    (tmp_path / "kassidy.cmds").write_text("")
    monkeypatch.chdir(tmp_path)
    assert ("sidy.cmds", 0) in complete(repl, "save scenario kas")
    assert ("sidy.cmds", 0) in complete(repl, "load kas")
