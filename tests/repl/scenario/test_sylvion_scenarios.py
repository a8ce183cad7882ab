"""Scenario language on Sylvion: a held board, the Edges as a stat, a player's own log."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.facts import plain, walk

BOARD = """scenario "held"
game sylvion seed 1
option players 2
option mode silence
player alder desolated 9
  hand: "Tree 1"
  deck: "Owl", "Whale"
player briar
  hand: "Fountain 1"
  ravage-a: "Elemental 2", "Elemental 3"
  ravage-b:
  ravage-c:
  ravage-d:
attach "Fountain 4" to c2
"""


def _session(text: str):
    return new_session(prepare(text=text, file="t.scenario"))


def test_the_board_is_built_before_turn_one_and_the_turn_starts_without_a_turn_line():
    s = _session(BOARD)
    g = s.g
    assert g.state.turn == 1 and g.state.active == 0 and g.pending.kind == "defense"
    names = {k: [g.name(c) for c in sp.cards] for k, sp in g.state.board.spaces.items() if sp.cards}
    assert names == {"a1": ["Elemental 2"], "c2": ["Fountain 4"]}
    assert s.history == []                  # the built board is where undo and save start


def test_desolated_is_read_from_the_edges():
    s = _session(BOARD)
    assert sum(1 for e in s.g.state.zones["edges"] if s.g.state.cards[e].counters["desolated"]) == 9


def test_a_players_log_leaves_out_the_partners_private_lines():
    s = _session(BOARD)
    texts = [e.text for e in s.g.state.log]
    assert "alder draws Owl, Whale" in texts
    prep = prepare(text=BOARD + 'script\n  expect "x" in briar.log\n  expect "x" in alder.log\n', file="t.scenario")
    lines = prep.sdef.section("script").lines
    briar = plain(walk(lines[0].condition.right, s.g, s.view), s.g, s.view)
    alder = plain(walk(lines[1].condition.right, s.g, s.view), s.g, s.view)
    assert "alder draws 2 cards" in briar and "alder draws Owl, Whale" not in briar
    assert "alder draws Owl, Whale" in alder


def test_a_misspelt_zone_is_caught_before_the_board_is_built():
    with pytest.raises(CardError) as err:
        prepare(text=BOARD + "script\n  expect briar.ravage-e.size == 0\n", file="t.scenario")
    assert "ravage-e" in str(err.value)


def test_the_documented_sylvion_board_builds():
    """docs/scenarios.md's "Sylvion boards" example stays true: it parses, builds and starts."""
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[3] / "docs" / "scenarios.md").read_text()
    block = re.search(r"### Sylvion boards.*?```\n(.*?)```", doc, re.S).group(1)
    s = _session('scenario "doc"\n' + block)
    g = s.g
    assert g.state.options["players"] == 2 and g.state.turn == 1 and g.pending.player == 0
    assert [g.name(c) for c in g.state.board.spaces["c1"].cards] == ["Fountain 2"]
    assert sum(1 for e in g.state.zones["edges"] if g.state.cards[e].counters["desolated"]) == 9
