"""Piles beneath a card in scenario files: `beneath "CARD": ...` lines in a player's block,
built through the REPL's `put CARD beneath CARD`, written back by `save scenario`, so a
board with Spellbook's pile (face down) or Stormstruck's Sparks (face up) replays to the
game it was saved from; and the player zones that belong to no deck (the Collection, the
Fletcher's Feather deck, Arrowhead deck and Master Arrow) are set and written the same way.

Rule source: catalogue IV-ZONE-6 and docs/ivion/choices.md, "Piles beneath a card", "The
Collection" and "The Fletcher's Feather deck ...": a card's pile is the zone
`beneath:CARD ID`, face down when the card's script says `static beneath_face_down`."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.scenarios import parse_scenario
from cardsmith.repl.commands import execute
from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.runtime.ivion.players import beneath

from .conftest import replay, saved_after

# Spellbook, Stormstruck and Spark are bundled (cards/ivion/card_zones.ivion); Finch and
# Bodkin are the Fletcher's (cards/ivion/fletcher.ivion).
HEAD = '''scenario "Piles"
game ivion seed 1
import "CARDS"
player alice at c2
  feats: "Spellbook", "T Passive", "Spellbook"
'''
TAIL = '''player bob at c3
  feats: "T Passive"
attach "Stormstruck" to b1 owner alice
turn alice
'''


def names(game, ids) -> list[str]:
    return [game.state.cards[c].name for c in ids]


def pile_of(session, holder_name: str, nth: int = 1) -> list[tuple[str, bool]]:
    """(name, revealed) of the cards beneath alice's Nth card of that name (feats, then field)."""
    g = session.g
    holders = [c for c in session.view.pile_holders(g, 0) if g.state.cards[c].name == holder_name]
    return [(g.state.cards[c].name, g.state.cards[c].revealed) for c in g.state.zones.get(beneath(holders[nth - 1]), ())]


def test_beneath_lines_parse_into_the_player_with_their_places():
    s = parse_scenario(HEAD + '  beneath "Spellbook": "T Bolt", 2 "T Zap" face up\n'
                       '  beneath "Spellbook":\n' + TAIL, "x.scenario")
    alice = s.players[0]
    assert [p.holder for p in alice.piles] == ["Spellbook", "Spellbook"]
    first, second = alice.piles
    assert [(e.name, e.count, e.face) for e in first.entries] == [("T Bolt", 1, ""), ("T Zap", 2, "up")]
    assert (first.loc.line, first.loc.col) == (6, 3)
    assert (first.entries[1].loc.line, first.entries[1].loc.col) == (6, 34)
    assert second.entries == ()
    assert [z[0] for z in alice.zones] == ["feats"]      # a pile is not a zone of the player's


def test_a_board_with_piles_is_built_face_down_or_up_as_the_card_says(write):
    path = write("p.scenario", HEAD + '  beneath "Spellbook": "T Bolt", 2 "T Zap" face up\n'
                 '  beneath "Spellbook": "T Nix"\n'
                 '  beneath "Stormstruck": "Spark", "Spark"\n' + TAIL +
                 'script\n  expect card "T Nix".zone contains "beneath Spellbook"\n')
    session = replay(path)
    # Spellbook's pile is face down (static beneath_face_down); `face up` turns a card up
    assert pile_of(session, "Spellbook") == [("T Bolt", False), ("T Zap", True), ("T Zap", True)]
    assert pile_of(session, "Spellbook", 2) == [("T Nix", False)]     # the second line: the second copy
    assert pile_of(session, "Stormstruck") == [("Spark", True), ("Spark", True)]   # in play, face up
    g = session.g
    assert all(g.state.cards[c].owner == 0 for c in g.state.zones[beneath(session.view.pile_holders(g, 0)[0])])


def test_a_listed_pile_replaces_the_one_the_deck_made(write):
    path = write("p.scenario", HEAD + '  beneath "Spellbook": "T Bolt"\n' + TAIL)
    session = new_session(prepare(path))
    assert execute(session, 'put "T Zap" beneath Spellbook').ok
    assert pile_of(session, "Spellbook") == [("T Bolt", False), ("T Zap", False)]
    # the board again, through the scenario: exactly the listed card
    again = new_session(prepare(path))
    assert pile_of(again, "Spellbook") == [("T Bolt", False)]


def test_save_scenario_writes_the_piles_and_the_board_replays_the_same(write, tmp_path):
    path = write("p.scenario", HEAD + '  beneath "Spellbook":\n  beneath "Spellbook": "T Bolt", "T Zap" face up\n'
                 '  collection: "Spark", "Spark"\n  feathers: "Finch"\n  arrowheads: "Bodkin"\n' + TAIL)
    session = new_session(prepare(path))
    saved = tmp_path / "saved.scenario"
    text = saved_after(session, saved, 'put "T Nix" beneath Stormstruck face down', 'put Spark into alice master_arrow')
    # the first Spellbook holds nothing: an empty line keeps the second line on the second copy
    assert '  beneath "Spellbook":\n  beneath "Spellbook": "T Bolt", "T Zap" face up\n' in text
    assert '  collection: "Spark", "Spark"' in text and '  feathers: "Finch"' in text
    again = replay(saved)
    a, b = session.g.state, again.g.state
    for holder_name, nth in (("Spellbook", 1), ("Spellbook", 2), ("Stormstruck", 1)):
        assert pile_of(session, holder_name, nth) == pile_of(again, holder_name, nth), holder_name
    assert pile_of(again, "Stormstruck") == [("T Nix", False)]
    for kind in ("collection", "feathers", "arrowheads", "master_arrow", "feats", "hand"):
        assert names(session.g, a.zones.get(f"{kind}:0", ())) == names(again.g, b.zones.get(f"{kind}:0", ())), kind
    assert names(again.g, b.zones["master_arrow:0"]) == ["Spark"]


BAD = [
    # (player-block lines, line, col, message fragment)
    ('  beneath "Spelbook": "T Bolt"\n', 6, 11, "unknown card 'Spelbook'; did you mean 'Spellbook'?"),
    ('  beneath "Spellbook": "T Blot"\n', 6, 24, "unknown card 'T Blot'"),
    ('  beneath "T Bolt": "T Zap"\n', 6, 3, 'alice has no "T Bolt" in play or in their feat zone'),
    ('  beneath "Spellbook":\n  beneath "Spellbook":\n  beneath "Spellbook": "T Zap"\n', 8, 3,
     'alice has no copy 3 of "Spellbook"'),
    ('  beneath "Spellbook": "T Zap" face sideways\n', 6, 37, "expected 'up', 'down'"),
    ('  beneath "Spellbook": "T Zap" revealed\n', 6, 24, "face up or face down"),
    ('  beneath "Spellbook" "T Zap"\n', 6, 23, "expected ':'"),
]


@pytest.mark.parametrize("extra,line,col,message", BAD)
def test_bad_pile_lines_are_located(write, extra, line, col, message):
    path = write("bad.scenario", HEAD + extra + TAIL)
    with pytest.raises(CardError) as info:
        new_session(prepare(path))
    err = info.value
    assert message in err.message, err.format()
    assert (err.line, err.col) == (line, col), err.format()


def test_a_pile_line_in_a_game_without_piles_is_refused_at_its_line(tmp_path):
    path = tmp_path / "s.scenario"
    path.write_text('scenario "x"\ngame sylvion seed 1\nplayer alder\n  beneath "Owl": "Whale"\n', encoding="utf-8")
    with pytest.raises(CardError) as info:
        prepare(path)
    assert "no piles beneath cards" in info.value.message
    assert (info.value.line, info.value.col) == (4, 3)


def test_the_repl_refuses_a_pile_beneath_a_card_not_in_play(write):
    session = new_session(prepare(write("p.scenario", HEAD + TAIL)))
    before = session.g.state.zones.copy()
    holder = session.view.pile_holders(session.g, 0)[0]
    hand = session.g.state.zones["hand:0"][0]
    for line, why in (('put "T Zap" beneath "T Bolt"', "no T Bolt"),
                      ('put "T Zap" beneath Spellbook face sideways', "unexpected 'face sideways'"),
                      (f"put {holder} beneath {holder}", "beneath itself"),
                      (f'put "T Zap" beneath {hand}', "not in play or in a feat zone")):
        result = execute(session, line)
        assert not result.ok and why in result.text, (line, result.text)
    assert session.g.state.zones.keys() == before.keys()
