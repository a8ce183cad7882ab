"""The scenario language: what parses, and every kind of bad input located before anything runs."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenarios import Compare, LogCheck, Refused, parse_scenario
from cardsmith.repl.scenario.check import prepare

from .conftest import BASE


def test_board_script_and_expectations_parse_with_locations():
    s = parse_scenario(BASE + 'terrain b2 difficult\nscript\n  play "T Bolt" bob\n  expect bob.hp == 37\n'
                       '  expect "T Bolt" in alice.discard\n  expect log contains "resolves"\n'
                       '  expect refused "not an option": move d4\n', "x.scenario")
    assert s.name == "Bolt" and s.notes == ("IV-PLAY-1",) and s.seed == 1
    assert [p.name for p in s.players] == ["alice", "bob"]
    alice = s.players[0]
    assert alice.position[0] == "c2" and alice.stats[0][:2] == ("actions", 3)
    assert [e.name for e in alice.zones[0][1]] == ["T Bolt", "T Zap"]
    assert s.terrain[0][:2] == ("b2", "difficult") and s.turn[:2] == ("alice", "")   # no phase written: the game's first
    lines = s.section("script").lines
    assert [ln.kind for ln in lines] == ["command", "expect", "expect", "expect", "expect"]
    assert lines[0].command == 'play "T Bolt" bob' and lines[0].loc.line == 14
    assert isinstance(lines[1].condition, Compare) and lines[1].condition.op == "=="
    assert lines[2].condition.op == "in" and isinstance(lines[3].condition, LogCheck)
    refused = lines[4].condition
    assert isinstance(refused, Refused) and refused.reason == "not an option" and refused.command == "move d4"
    assert (refused.command_loc.line, refused.command_loc.col) == (18, 35)


def test_a_trailing_comment_is_not_part_of_a_command():
    s = parse_scenario(BASE + 'script\n  play "T Bolt" bob   # the attack\n', "x.scenario")
    assert s.section("script").lines[0].command == 'play "T Bolt" bob'


def test_goal_kinds():
    for goal, kind in (("win this turn", "win"), ("win within 2 turns", "win"),
                       ("survive until turn 4", "survive"), ("bob.hp <= 10 this turn", "condition")):
        g = parse_scenario(BASE + f"goal {goal} depth 3\n", "x.scenario").goal
        assert g.kind == kind and g.depth == 3
    assert parse_scenario(BASE + "goal win within 2 turns\n", "x").goal.turns == 2


BAD = [
    # (text appended to BASE, line, col, message fragment, hint fragment)
    ('script\n  play "T Blot" bob\n', 13, 9, "unknown card 'T Blot'; did you mean 'T Bolt'?", "quote"),
    ('script\n  play T Blot bob\n', 13, 8, "unknown card 'T Blot'; did you mean 'T Bolt'?", "quote"),
    ("script\n  expect bbo.hp == 3\n", 13, 10, "unknown player or property 'bbo'; did you mean 'bob'?", "players: alice, bob"),
    ("script\n  expect bob.hpp == 3\n", 13, 14, "unknown property 'hpp' of a player; did you mean 'hp'?", "known:"),
    ("script\n  expect stack.top.fat == 3\n", 13, 20, "unknown property 'fat' of an item; did you mean 'fate'?", ""),
    ('script\n  expect "Icebolt2" in bob.hand\n', 13, 10, "unknown card 'Icebolt2'", ""),
    ("script\n  expect bob.hp ==\n", 13, 19, "unexpected end of file", ""),
    ("script\n  sett bob hp 3\n", 13, 3, "unknown command 'sett'; did you mean 'set'?", ""),
    ("script\n  set bbo hp 3\n", 13, 7, "unknown player 'bbo'", ""),
    ("script\n  define card \"X\" { }\n", 13, 3, "'define' can't be used in a scenario script", "card \"Name\""),
    ("script\n  expect bob.hand < 3\n", 13, 3, "'<' compares numbers", ".size"),
    ('player carol hp 3\n', 12, 1, "too many players", ""),
    ("terrain b2 lava\nscript\n  expect turn == 1\n", 0, 0, "", ""),     # reported when built (see below)
    # trap tokens (catalogue G-21 Trap / Spring; docs/ivion/choices.md: one per player on a tile)
    ("trap alcie b2\n", 12, 6, "unknown player 'alcie'; did you mean 'alice'?", "players: alice, bob"),
    ("trap alice b9\n", 12, 12, "'b9' is not a tile", "tiles: a1, b1"),
    ("trap alice b2\ntrap alice b2\n", 13, 1, "b2 already holds alice's trap", "one trap token per player"),
    ("trap alice B2\n", 12, 12, "expected a tile", ""),
    ("trap alice\nturn bob\n", 13, 1, "unexpected 'turn'; expected a tile", ""),
    ("script\n  trap alcie b2\n", 13, 8, "unknown player 'alcie'", "players: alice, bob"),
]


@pytest.mark.parametrize("extra,line,col,message,hint", [b for b in BAD if b[1]])
def test_bad_input_is_located_with_a_hint(write, extra, line, col, message, hint):
    path = write("bad.scenario", BASE + extra)
    with pytest.raises(CardError) as info:
        prepare(path)
    err = info.value
    assert (err.line, err.col) == (line, col), err.format()
    assert message in err.message
    assert hint in err.hint
    assert str(path) in err.format() and "^" in err.format()


def test_unknown_stat_flag_zone_and_phase(write):
    cases = [("player alice hpp 3", "unknown stat 'hpp'", 5), ("player alice flags second-wind", "", 0),
             ("player alice flags secnd-wind-used", "unknown flag", 5), ("player alice hands: ", "unknown zone 'hands'", 5),
             ("turn alice lunch", "unknown phase 'lunch'", 11)]
    for text, message, line in cases:
        if text.startswith("turn"):
            src = BASE.replace("turn alice\n", text + "\n")
        else:
            src = BASE.replace("player alice at c2 actions 3\n", text + "\n")
        path = write("bad.scenario", src)
        if not message:
            prepare(path)
            continue
        with pytest.raises(CardError) as info:
            prepare(path)
        assert message in info.value.message and info.value.line == line


def test_inline_card_errors_keep_their_scenario_line(write):
    path = write("bad.scenario", BASE + 'card "Oops" {\n  skill warrior  cost 1 action\n  deel 3 damage to target enemy\n}\n')
    with pytest.raises(CardError) as info:
        prepare(path)
    assert info.value.line == 14 and "deel" in info.value.format()


def test_a_board_that_cannot_be_built_is_reported_at_its_line(write):
    from cardsmith.repl.scenario.build import new_session
    path = write("bad.scenario", BASE + "terrain b2 lava\n")
    with pytest.raises(CardError) as info:
        new_session(prepare(path))
    assert info.value.line == 12 and "unknown terrain 'lava'" in info.value.message


def test_loading_never_runs_code(write, tmp_path):
    marker = tmp_path / "ran"
    path = write("evil.scenario", BASE + f'script\n  set bob hp 3  # __import__("os").system("touch {marker}")\n')
    prepare(path)
    assert not marker.exists()


def test_textx_language_is_registered():
    from textx import language_descriptions
    langs = language_descriptions()
    assert "cardsmith-scenario" in langs and langs["cardsmith-scenario"].pattern == "*.scenario"


def test_every_shipped_scenario_lexes_without_error_tokens():
    from pathlib import Path

    from pygments.token import Error

    from cardsmith.dsl.lexer import CardsmithLexer
    root = Path(__file__).resolve().parents[3]
    files = sorted([*root.glob("tests/scenarios/**/*.scenario"), *root.glob("cards/**/*.scenario")])
    assert len(files) >= 70
    lexer = CardsmithLexer()
    for f in files:
        text = f.read_text()
        toks = list(lexer.get_tokens_unprocessed(text))
        assert not [v for _, t, v in toks if t is Error], f
        assert "".join(v for _, _, v in toks) == text


def test_a_very_long_script_line_is_refused_where_it_stands(write):
    """Matching a line's words against card names tries no more words than the longest
    name has, so a 30,000-word line is refused as a short one is (repl/card_names.py)."""
    path = write("long.scenario", BASE + "script\n  play T Blot " + "zap " * 30_000 + "\n")
    with pytest.raises(CardError) as info:
        prepare(path)
    assert (info.value.line, info.value.col) == (13, 8)
    assert info.value.message == "unknown card 'T Blot'; did you mean 'T Bolt'?"
