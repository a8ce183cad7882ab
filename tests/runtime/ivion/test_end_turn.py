"""'End your turn' effects (IV-TURN-8)."""
from __future__ import annotations

from .helpers import act, define, duel, labels, pass_all, setup, stat

define('''card "T Nap Test" { skill warrior cost 1 action types ability
  end_turn
  gain 2 power }
card "T Shut Test" { skill warrior cost 1 action range 3 types ability
  end_turn target enemy }''')


def test_end_your_turn_finishes_the_card_then_only_ending_is_left():
    """tsv Rest / King's Feast reminder ("the next core action ... must be to end your turn") (IV-TURN-8)."""
    g = duel(hands=(["T Nap Test", "T Bolt"], []))
    setup(g, 1, position="c3")
    setup(g, 0, position="c2")
    assert any(label.startswith("play T Bolt") for label in labels(g))
    act(g, "play T Nap Test"); pass_all(g)
    assert stat(g, 0, "power") == 2                  # the rest of the card happened
    assert labels(g) == ["end the turn"]
    act(g, "end the turn")
    assert g.state.active == 1 and "end the turn" in labels(g) and len(labels(g)) > 1
    act(g, "end the turn")
    assert g.state.active == 0 and any(label.startswith("play T Bolt") for label in labels(g))


def test_no_turn_to_end_off_turn():
    """IV-TURN-8: a player whose turn it is not has no turn to end."""
    g = duel(hands=(["T Shut Test"], []))
    setup(g, 1, position="c3")
    setup(g, 0, position="c2")
    act(g, "play T Shut Test"); act(g, "bob"); pass_all(g)
    assert len(labels(g)) > 1
    assert not g.state.players[1].flags.get("must_end_turn")
