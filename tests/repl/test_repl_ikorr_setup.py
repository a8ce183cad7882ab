"""Setting up a Rush of Ikorr board by hand: a team's secured Ikorr, a player's ready and
exerted influence, a champion's damage, stored Ikorr and slot (``set``, ``put ... VALUE N``),
each edit logged, undoable and refused with a reason when the game can't hold it."""
from __future__ import annotations

from cardsmith.runtime.ikorr.zones import ready_influence, zone

from .conftest import Driver


def _ikorr(r: Driver) -> Driver:
    r("new ikorr seed 1")
    r("first 0")
    r("keep")
    r("keep")
    return r


def test_set_secured_is_the_teams_pile_logged_and_undone(repl):
    r = _ikorr(repl)
    s = r.game.state
    out = r("set alice secured 7")
    assert "team 1: secured Ikorr 0 -> 7" in out
    assert s.secured == [7, 0]
    assert "secured 0 -> 7" in s.log[-1].text
    assert "secured Ikorr 7/10" in r("board")
    r("undo")
    assert r.game.state.secured == [0, 0]
    r("redo")
    assert r.game.state.secured == [7, 0]


def test_secured_can_not_reach_the_target(repl):
    r = _ikorr(repl)
    before = r.game.to_json()
    assert "below the target of 10" in r.fails("set bob secured 10")
    assert r.game.to_json() == before
    assert "must be at least 0" in r.fails("set bob secured -1")


def test_ready_and_exerted_split_the_influence_zone(repl):
    r = _ikorr(repl)
    g = r.game
    deck_before = len(g.state.zones[zone("influence_deck", 0)])
    r("set alice ready 4")
    assert ready_influence(g, 0) == 4
    assert len(g.state.zones[zone("influence", 0)]) == 4
    assert len(g.state.zones[zone("influence_deck", 0)]) == deck_before - 3   # taken from the Influence Deck
    r("set alice exerted 3")
    assert ready_influence(g, 0) == 1
    assert "influence 1 ready / 3 exerted (of 4)" in r("board")
    r("set alice ready 2")                     # grows the zone, the exerted ones stay exerted
    assert len(g.state.zones[zone("influence", 0)]) == 5
    assert "only 5 influence cards" in r.fails("set alice exerted 6")
    assert "10 at most" in r.fails("set alice ready 8")
    r("set alice ready 0")
    assert len(g.state.zones[zone("influence", 0)]) == 3
    total = sum(len(g.state.zones[zone(k, 0)]) for k in ("influence", "influence_deck"))
    assert total == 10                         # cards conserved: put back on the Influence Deck


def test_the_new_numbers_play_by_the_rules(repl):
    """Ready influence set by hand pays for a card; secured Ikorr set by hand feeds RUSH."""
    r = _ikorr(repl)
    assert "RUSH 3" not in r("legal")
    r("set alice secured 3")
    assert "RUSH 3 of alice's Ember Regent (avatar)" in r("legal")
    r("put \"Scarab Swarm\" into alice hand")
    assert "costs 3 influence and you have 1 ready" in r.fails("play \"Scarab Swarm\"")
    r("set alice ready 3")
    r("play \"Scarab Swarm\"")
    r("slot 1")
    assert r.game.state.players[0].stats["exerted"] == 3


def test_champion_damage_stored_ikorr_and_slot(repl):
    r = _ikorr(repl)
    out = r("put \"Scarab Swarm\" into alice champions damage 2 ikorr 1 slot 3")
    cid = r.game.state.zones[zone("champions", 0)][0]
    assert "damage 0 -> 2" in out and "slot 1 -> 3" in out
    assert f"slot 3: Scarab Swarm ({cid}), attack 2, health 3, 2 damage, 1 Ikorr" in r("board")
    r("set \"Scarab Swarm\" damage 0 ikorr 4")
    c = r.game.state.cards[cid].counters
    assert (c["damage"], c["ikorr"], c["slot"]) == (0, 4, 2)
    assert "Scarab Swarm" in r.game.state.log[-1].text
    r(f"set {cid} damage 1")
    assert r.game.state.cards[cid].counters["damage"] == 1
    r("undo")
    assert r.game.state.cards[cid].counters["damage"] == 0


def test_card_values_are_refused_with_reasons(repl):
    r = _ikorr(repl)
    r("put \"Scarab Swarm\" into alice champions")
    r("put \"Stonebound Sentinel\" into alice champions slot 2")
    before = r.game.to_json()
    assert "damage must stay below it" in r.fails("set \"Scarab Swarm\" damage 3")
    assert "slot 2 holds Stonebound Sentinel" in r.fails("set \"Scarab Swarm\" slot 2")
    assert "slots are 1 to 6" in r.fails("set \"Scarab Swarm\" slot 7")
    assert "no Great Pyramid in play" in r.fails("set \"Great Pyramid\" ikorr 1")
    r("put \"Great Pyramid\" into bob location ikorr 2")
    assert "only champions have damage" in r.fails("set \"Great Pyramid\" damage 1")
    assert "values: damage, ikorr, slot" in r.fails("set \"Scarab Swarm\" frob 1")
    count = len(r.game.state.cards)
    assert "is not on the battlefield" in r.fails("put \"Ikorr Courier\" into alice hand damage 1")
    assert len(r.game.state.cards) == count      # nothing half-done
    r("undo")
    assert r.game.to_json() == before


def test_expectations_read_the_new_numbers(tmp_path):
    import io

    from cardsmith.cli import main
    path = tmp_path / "values.scenario"
    path.write_text('''scenario "set by hand"
note "004 § Victory Condition"
game ikorr seed 1
player alice secured 9 ready 2
player bob

script
  first 0
  keep
  keep
  expect alice.secured == 9
  expect bob.secured == 0
  expect alice.ready == 3
  set bob secured 4
  expect bob.secured == 4
''', encoding="utf-8")
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=out) == 0, out.getvalue()


def test_help_documents_the_ikorr_edits(repl):
    text = _ikorr(repl)("help set")
    assert "secured" in text and "damage" in text and "ready" in text


def test_a_champion_put_by_hand_takes_the_first_free_slot(repl):
    r = _ikorr(repl)
    r('put "Scarab Swarm" into alice champions')
    r('put "Field Medic" into alice champions slot 4')
    r('put "Ikorr Courier" into alice champions')
    slots = [r.game.state.cards[c].counters["slot"] for c in r.game.state.zones[zone("champions", 0)]]
    assert slots == [0, 3, 1]
    cid = r.game.state.zones[zone("champions", 0)][0]
    r(f'put {cid} into alice hand')
    assert "slot" not in r.game.state.cards[cid].counters
