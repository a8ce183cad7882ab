"""Turn structure, resources and initiative (IV-TURN-*, IV-RES-*, IV-INIT-*)."""
from __future__ import annotations

from .helpers import act, duel, end_turn, find, give, hand, labels, setup, stat


def test_start_of_turn_draws_gains_three_actions_and_one_initiative():
    """001 § Learn to Play > How to Play > Start; 000 § Parts of a Turn > Start of Turn (IV-TURN-3)."""
    g = duel()
    end_turn(g)                                      # player 1's first turn: they do draw
    assert g.state.active == 1
    assert len(hand(g, 1)) == 1
    assert stat(g, 1, "actions") == 3 and stat(g, 1, "initiative") == 1


def test_actions_and_power_are_capped_at_five_and_kept_between_turns():
    """001 § Learn to Play > How to Play > End ("Rule of Five"); 001 § Core Concepts > Resources (IV-RES-4, IV-RES-6)."""
    g = duel()
    setup(g, 0, actions=4, power=4)
    end_turn(g)
    assert stat(g, 0, "actions") == 4 and stat(g, 0, "power") == 4   # kept
    end_turn(g)
    assert stat(g, 0, "actions") == 5                                 # 4 + 3, capped at 5
    assert "alice gains 1 action (2 more would pass the cap of 5)" in [e.text for e in g.state.log[-8:]]


def test_initiative_is_lost_at_end_of_turn():
    """001 § Learn to Play > How to Play > End; 000 § Game Concepts > Initiative (IV-INIT-4)."""
    g = duel()
    assert stat(g, 0, "initiative") == 1
    end_turn(g)
    assert stat(g, 0, "initiative") == 0


def test_initiative_draws_a_card():
    """001 § Core Concepts > Resources > INITIATIVE (IV-INIT-2)."""
    g = duel()
    act(g, "expend initiative: draw a card")
    assert len(hand(g, 0)) == 1 and stat(g, 0, "initiative") == 0
    assert find(g, "expend initiative") is None


def test_initiative_is_not_a_resource_and_removes_no_control():
    """001 § Rules Reference > Glossary > CANTRIP ("initiative tokens are not resources") (IV-INIT-5)."""
    g = duel()
    setup(g, 0, disarm=2)
    act(g, "expend initiative: draw a card")
    assert stat(g, 0, "disarm") == 2


def test_only_the_active_player_plays_outside_a_response():
    """000 § Responding to Cards > Instants ("only time you may play an Instant card during your enemy's turn is immediately after they play a card") (IV-INST-2, IV-TURN-1)."""
    g = duel(hands=([], ["T Zap"]))
    assert g.pending.player == 0
    assert all("T Zap" not in l for l in labels(g))


def test_no_moving_or_initiative_while_a_card_is_unresolved():
    """001 § Core Concepts > Playing Cards ("Important: Players cannot take other game actions ... while cards are unresolved") (IV-TURN-5)."""
    g = duel(hands=(["T Far"], ["T Zap"]))
    act(g, "play T Far")
    act(g, "target bob")
    # the only choices now are the enemy's response options
    assert g.pending.kind == "respond"
    assert not any(l.startswith(("move", "expend")) for l in labels(g))


def test_turns_alternate_until_a_hero_falls():
    """001 § Learn to Play > How to Play (IV-TURN-1)."""
    g = duel()
    seen = []
    for _ in range(4):
        seen.append(g.state.active)
        end_turn(g)
    assert seen == [0, 1, 0, 1]


def test_end_of_turn_effects_happen_before_the_hand_limit():
    """000 § Parts of a Turn > End of Turn 1-2; 001 § Learn to Play > How to Play > End (IV-TURN-7)."""
    from .helpers import define
    define('''card "T Dusk Draw" { trait types passive
      at end of your turn: draw 2 cards }''')
    g = duel(decks=None)
    give(g, 0, "T Dusk Draw", "feats")
    g.reindex()
    for _ in range(6):
        give(g, 0, "T Filler")
    end_turn(g)
    # 6 + 2 drawn at the end = 8 > 7: the hand limit asks for a discard
    assert g.pending.kind == "discard"
    act(g, "discard")
    assert len(hand(g, 0)) == 7


def test_mitigate_takes_damage_first_caps_at_five_and_lapses_at_your_next_turn():
    """rulings.md (Mitigate: "takes damage before your HP, and lasts until the start of your next turn"; "Max 5"); 000 § Additional Rules > Maximum of 5; G-10 (IV-KW-MIT-1..3)."""
    g = duel(hands=(["Cryostasis", "T Ward"], ["T Bolt"]))
    setup(g, 0, power=2)
    act(g, "play Cryostasis")
    from .helpers import pass_all
    pass_all(g)
    act(g, "play T Ward"); pass_all(g)
    assert stat(g, 0, "mitigate") == 5                # 5 + 3, capped
    end_turn(g)
    setup(g, 1, position="d3")
    act(g, "play T Bolt"); act(g, "target alice"); pass_all(g)
    assert stat(g, 0, "hp") == 40 and stat(g, 0, "mitigate") == 2
    end_turn(g)
    assert stat(g, 0, "mitigate") == 0                # lapsed at the start of alice's turn


def test_initiative_is_capped_at_five():
    """001 § Learn to Play > How to Play > End ("Rule of Five": initiative); rulings.md (Patient) (IV-INIT-6)."""
    g = duel()
    setup(g, 0, initiative=5)
    end_turn(g)
    g.state.players[0].stats["initiative"] = 5        # as if a card kept it (Patient)
    end_turn(g)
    assert stat(g, 0, "initiative") == 5
