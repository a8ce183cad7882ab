"""Sylvion with two players, the end of the game, designer hooks, and the engine's
promises (save/load mid-decision, undo) (rulebook 002, cited by its headings)."""
from __future__ import annotations

import re

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.sylvion import sandbox

from .helpers import QUIET, TAIL, act, desolated, end_defense, game, labels, library, name_at, names

CALM = [[], [], [], ["Elemental 0", TAIL]]


# ---- two players --------------------------------------------------------------------

def test_partner_pays_and_cannot_refuse():
    """002 § Rules for Two Players: the active player plays from her hand; "Her partner
    must pay the cost for those cards by discarding card(s) from his hand. He may not
    refuse to pay."."""
    g = game(players=2, hands=[["Tree 3"], ["Owl", "Whale", "Fountain 1"]], stacks=CALM)
    g.run()
    assert g.pending.player == 0 and g.pending.kind == "defense"
    act(g, "play Tree 3")
    act(g, "a2")
    assert g.pending.player == 1 and g.pending.kind == "pick_cards"
    assert g.legal_actions(0) == []                       # the active player decides nothing
    assert all(a.kind == "pick" for a in g.legal_actions(1))   # no refusing, no passing
    assert {g.state.cards[a.args[0]].zone for a in g.legal_actions(1)} == {"hand:1"}
    g.apply(g.legal_actions(1)[0])
    g.apply(g.legal_actions(1)[0])
    assert name_at(g, "a2") == ["Tree 3"]
    assert len(g.state.zones["hand:1"]) == 1
    assert len(g.state.zones["hand:0"]) == 2             # her 2 reinforcements stay


def test_two_players_draw_two_and_alternate():
    """002 § Rules for Two Players: each turn one player is active and draws 2; the role
    alternates (A, B, A ...)."""
    g = game(players=2, hands=[["Tree 1"], ["Tree 2"]], stacks=[[TAIL, TAIL, TAIL]] + [[]] * 3)
    g.run()
    assert g.state.active == 0 and len(g.state.zones["hand:0"]) == 3 and len(g.state.zones["hand:1"]) == 1
    end_defense(g)
    assert g.state.turn == 2 and g.state.active == 1 and g.pending.player == 1
    assert len(g.state.zones["hand:1"]) == 3


def test_partner_without_cards_cannot_pay():
    """002 § Defense / § Rules for Two Players: the cost is paid from the partner's hand, so
    a card costing more than the partner holds can't be played."""
    g = game(players=2, hands=[["Fountain 4", "Tree 1"], ["Owl"]], stacks=CALM)
    g.run()
    opts = labels(g)
    assert not any(o.startswith("play Fountain 4") for o in opts)
    assert any(o.startswith("play Tree 1") for o in opts)


def test_total_silence_hides_the_partners_hand():
    """002 § Rules for Two Players (Total Silence): no information about the partner's
    hand reaches a player: not in the view, not in the log shown to them, not in the
    legal actions."""
    g = game(players=2, mode="silence", hands=[["Tree 3"], ["Owl", "Whale"]], stacks=CALM)
    g.run()
    view = g.view(0)
    assert {c["name"] for c in view["cards"].values() if c["zone"] == "hand:1"} == {"?"}
    assert {c["name"] for c in view["cards"].values() if c["zone"] == "hand:0"} >= {"Tree 3"}
    hidden = set(g.state.zones["hand:1"])
    assert not any(set(a.args) & hidden for a in g.legal_actions(0))
    assert any(e.private and e.player == 1 for e in g.state.log)     # something was hidden ...
    assert not any(e.private and e.player == 1 for e in g.log_for(0))  # ... and not shown to 0
    # the partner's own view has them
    assert {c["name"] for c in g.view(1)["cards"].values() if c["zone"] == "hand:1"} == {"Owl", "Whale"}


def test_pure_logistics_shows_both_hands():
    """002 § Rules for Two Players (Pure Logistics): players may show each other their hands."""
    g = game(players=2, mode="logistics", hands=[["Tree 3"], ["Owl", "Whale"]], stacks=CALM)
    g.run()
    assert {c["name"] for c in g.view(0)["cards"].values() if c["zone"] == "hand:1"} == {"Owl", "Whale"}


def test_silence_log_keeps_draws_private():
    """Total Silence: the names of drawn cards are logged privately; others see a count."""
    g = game(players=2, mode="silence", hands=[["Tree 3"], ["Owl"]], stacks=CALM)
    g.run()
    draws0 = [e for e in g.log_for(1) if e.kind == "draw" and "alder" in e.text]
    assert draws0 and all("cards" in e.text or "card" in e.text for e in draws0)
    assert all(not e.private for e in draws0)


# ---- the end ------------------------------------------------------------------------

def test_final_turn_then_final_assault_and_win():
    """002 § End of the Game / § Final Assault: after the last Ravage cards, the final turn
    plays its four steps, then the Elementals march until destroyed or in the forest; the
    Trees' vitality at least the Desolated Edges wins."""
    g = game(hand=["Tree 1"], stacks=[["Elemental 1"], [], [], []])
    sandbox.to_space(g, "Tree 4", "b4")
    sandbox.to_space(g, "Tree 3", "c4")
    g.run()
    assert g.pending.kind == "defense"                   # the final turn's Defense still happens
    end_defense(g)
    assert g.state.over and g.state.winner == 0
    assert g.state.result.startswith("won") and "7 against 7" in g.state.result
    assert desolated(g) == 0                             # every Edge flipped back to Bloom
    assert any(e.cause == "Final Assault" for e in g.state.log)


def test_final_assault_loses_when_vitality_is_short():
    """002 § Final Assault: "Otherwise, the forest has been reduced to ash and you lose"."""
    g = game(hand=["Tree 1"], stacks=[["Elemental 1"], [], [], []])
    sandbox.to_space(g, "Tree 4", "b4")
    g.run()
    end_defense(g)
    assert g.state.over and g.state.winner == -1
    assert "4 against 7" in g.state.result and g.state.result.startswith("lost")


def test_the_forests_margin_is_vitality_minus_desolated_edges_as_the_final_assault_counts():
    """002 § Final Assault: vitality against the Desolated Edges, as ``cardsmith simulate``
    reports the margin (``result_figures``): 7 against 7 is won by 0, though the Edges are
    Bloom again when it ends; 4 against 7 is lost by 3."""
    won = game(hand=["Tree 1"], stacks=[["Elemental 1"], [], [], []])
    sandbox.to_space(won, "Tree 4", "b4")
    sandbox.to_space(won, "Tree 3", "c4")
    won.run()
    end_defense(won)
    assert won.state.winner == 0 and won.rules.result_figures(won.state) == \
        {"bloom_edges": 12, "desolated_edges": 0, "margin": 0}
    lost = game(hand=["Tree 1"], stacks=[["Elemental 1"], [], [], []])
    sandbox.to_space(lost, "Tree 4", "b4")
    lost.run()
    end_defense(lost)
    assert lost.state.winner == -1 and lost.rules.result_figures(lost.state)["margin"] == -3


def test_final_assault_elementals_fight_on_the_way():
    """002 § Final Assault: each Elemental moves left "until it is destroyed"."""
    g = game(hand=["Tree 1"], stacks=[["Elemental 1"], [], [], []])
    sandbox.to_space(g, "Fountain 4", "a3")
    sandbox.to_space(g, "Tree 4", "b4")
    sandbox.to_space(g, "Tree 2", "c4")
    g.run()
    end_defense(g)
    assert g.state.result.startswith("won") and "6 against 6" in g.state.result
    assert name_at(g, "a3") == ["Fountain 4"]            # the stronger Fountain stays
    assert "Elemental 1" in names(g, "ravage discard")


# ---- designer hooks (not printed cards) ---------------------------------------------

def test_mobilization_phase_trigger_scheme():
    """Issue 5: the Mobilization phase is a hook for the advanced game; the designer
    scheme 'War Drums' (not printed) moves Blazing Elementals in it."""
    plain = game(hand=QUIET[:2], stacks=[["Blaze", TAIL], ["Elemental 1", TAIL], [], []])
    plain.run()
    drums = game(hand=QUIET[:2], stacks=[["Blaze", TAIL], ["Elemental 1", TAIL], [], []], schemes=["War Drums"])
    drums.run()
    assert name_at(plain, "b1") == ["Blazing Elemental 2"]
    assert name_at(drums, "b2") == ["Blazing Elemental 2"]
    assert any(e.text == "War Drums triggers" for e in drums.state.log)


def test_edge_flip_trigger_once_per_game():
    """Issue 5: triggers on Edge flips; 'Heartwood Sentinel' (designer card, not printed)
    blooms one Edge after the first Desolation, once per game."""
    g = game(hand=QUIET[:2], stacks=[[TAIL, TAIL]] + [[]] * 3, extra={"Heartwood Sentinel": 1})
    sandbox.to_space(g, "Heartwood Sentinel", "d4")
    sandbox.to_space(g, "Elemental 2", "b4")
    g.run()
    assert desolated(g) == 6 + 2 - 1
    assert g.library.get("Heartwood Sentinel").header.designer


def test_designer_cards_are_not_in_the_printed_game():
    """Designer cards have 'copies 0' and 'designer': a default game never holds them."""
    g = game()
    assert not any(c.name in ("Heartwood Sentinel", "War Drums") for c in g.state.cards.values())
    assert len(g.state.cards) == 24 + 48 + 16 + 12


def test_unknown_phase_is_a_load_time_error():
    """The language checks phase names against the game's phases, with a hint."""
    with pytest.raises(CardError) as err:
        compile_source('card "X" { scheme\n at start of mobilisation phase: draw 1 card }', "sylvion")
    assert "mobilization" in str(err.value)


# ---- engine promises ----------------------------------------------------------------

def test_save_and_load_while_the_partner_pays():
    """DESIGN.md: save to JSON at any decision point, mid-resolution included."""
    g = game(players=2, hands=[["Tree 3"], ["Owl", "Whale", "Fountain 1"]], stacks=CALM)
    g.run()
    act(g, "play Tree 3")
    act(g, "a2")
    saved = g.to_json()
    import json
    back = Game.from_data(get_game("sylvion"), library(), json.loads(saved))
    assert back.to_json() == saved
    action = g.legal_actions()[0]
    g.apply(action)
    back.apply(action)
    assert back.to_json() == g.to_json()


def test_undo_a_play():
    """DESIGN.md: any step can be undone."""
    g = game(hand=["Tree 1"], stacks=CALM)
    g.run()
    before = g.to_json()
    act(g, "play Tree 1")
    act(g, "a4")
    assert name_at(g, "a4") == ["Tree 1"]
    g.undo()
    g.undo()
    assert g.to_json() == before


# ---- the play command ----------------------------------------------------------------

def test_play_command_ends_with_won_or_lost_and_is_reproducible():
    """Issue 5: `cardsmith play sylvion` plays a whole game and ends with won or lost and
    why; the same options print the same bytes."""
    import io

    from cardsmith.play import main

    def play(*flags: str) -> list[str]:
        out = io.StringIO()
        assert main(["sylvion", *flags, "--seed", "5"], out) == 0
        return out.getvalue().splitlines()

    for players, mode in ((1, "logistics"), (2, "silence")):
        first = play("--players", str(players), "--mode", mode)
        again = play("--players", str(players), "--mode", mode)
        assert first == again
        assert first[-2].startswith(("won: ", "lost: ")) and len(first[-2]) > len("lost: ") + 10
        assert first[-1].split()[0] in ("WON", "LOST")
        if mode == "silence":                        # the printed log never names a drawn card
            draws = [line for line in first if " draws " in line]
            assert draws and all(re.search(r"draws \d+ cards?\b", line) for line in draws)


def test_cli_play_sylvion_two_players_silence():
    """`cardsmith play sylvion --players 2 --mode silence --seed N --ai greedy` prints a whole
    game ending with won or lost, the same bytes each time."""
    import io

    from cardsmith.cli import main

    runs = []
    for _ in range(2):
        out, err = io.StringIO(), io.StringIO()
        code = main(["play", "sylvion", "--players", "2", "--mode", "silence", "--seed", "3", "--ai", "greedy"],
                    out, err)
        assert code == 0, err.getvalue()
        runs.append(out.getvalue())
    assert runs[0] == runs[1]
    lines = runs[0].splitlines()
    assert lines[0].startswith("Sylvion (two players, Total Silence)")
    assert lines[-1].split()[0] in ("WON", "LOST") and lines[-2].startswith(("won: ", "lost: "))


def test_every_sylvion_card_renders_its_text():
    """DESIGN.md: each card's English text is rendered from its script; designer cards say
    they are not printed; phase and Edge triggers read as English."""
    from cardsmith.dsl.render import render_card

    texts = {c.name: render_card(c, get_game("sylvion")) for c in library()}
    assert "Support C" in texts["Blaze"] and "strength 4" in texts["Blaze"]
    assert "1 space left" in texts["Simoon"]
    assert "at the start of the mobilization phase" in texts["War Drums"].lower()
    assert "after an edge flips to desolated" in texts["Heartwood Sentinel"].lower()
    assert "not printed" in texts["War Drums"] and "not printed" in texts["Heartwood Sentinel"]
    assert all(name in text for name, text in texts.items())


def test_mobilization_python_hook():
    """Issue 5: a Mobilization phase hook: a variant's rules override ``mobilize`` and it
    runs every turn between the Supports and the Move step."""
    from cardsmith.runtime.sylvion import battlefield as bf
    from cardsmith.runtime.sylvion.game import make_rules
    from cardsmith.runtime.sylvion.rules import SylvionRules

    class Drill(SylvionRules):
        def mobilize(self, game):
            for eid in bf.elementals(game):
                game.state.cards[eid].counters["strength"] = 1
            game.log("mobilize", "the Ravage drills its Elementals: +1 strength")

    rules = make_rules(Drill)
    g = Game(rules, rules.new_state(library(), {"seed": 3}), library())
    sandbox.set_hand(g, 0, "Tree 1")
    sandbox.set_stacks(g, [["Elemental 2", TAIL], [], [], []])
    g.run()
    log = [e.text for e in g.state.log]
    assert log.index("the Ravage drills its Elementals: +1 strength") < log.index("the Elementals march one space left")
    eid = g.state.board.spaces["a1"].cards[0]
    assert bf.strength(g, eid) == 3
