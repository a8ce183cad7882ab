"""Abilities that work from the hand (``static works_in_hand``; docs/ivion/choices.md
"Cards that work from the hand"): Bellow and Thinking Time, printed Hardcast cards
(rulings.md § Hardcast; tsv card data)."""
from __future__ import annotations

from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import act, define, duel, end_turn, find, give, hand, labels, pass_all, setup, stat

define('''
card "T Muse" { trait types passive
  at start of your turn: play a card for free }
''')


def _attacked(bellow_where: str = "hand"):
    g = duel(hands=(["T Bolt", "T Bolt"], []))
    bellow = give(g, 1, "Bellow", bellow_where)
    setup(g, 1, position="c1")
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    return g, bellow


def test_bellow_may_be_revealed_from_the_hand_after_an_attack_on_you():
    """tsv Bellow (revealed from the hand once an attack aimed at you resolves); rulings.md (Hardcast: only play it if it is revealed)."""
    g, bellow = _attacked()
    assert g.pending.player == 1 and g.pending.kind == "may"
    act(g, "yes")
    assert g.state.cards[bellow].revealed
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    assert g.pending.kind == "main" and g.pending.player == 0     # already revealed: no question
    end_turn(g)
    setup(g, 1, actions=3, power=0)
    stats_before = stat(g, 0, "actions")
    act(g, "play Bellow"); pass_all(g)
    act(g, "lose 1 action")
    assert stat(g, 1, "power") == 3 and stat(g, 1, "initiative") == 2
    assert stat(g, 0, "actions") == stats_before - 1


def test_bellow_works_only_from_its_owners_hand():
    """in_hand.py: a card works from the hand only where its text says (the deck is not the hand)."""
    g, _ = _attacked("deck")
    assert g.pending.kind == "main" and g.pending.player == 0


def test_declining_leaves_bellow_hidden():
    """tsv Bellow ("you may"); rulings.md (Hardcast)."""
    g, bellow = _attacked()
    act(g, "no")
    assert not g.state.cards[bellow].revealed
    assert "Hardcast" in why_cant_play(g, 1, bellow)
    # the trigger of a hidden card is not named to the other player (001 § Zones: hands are private)
    assert not any("Bellow" in e.text for e in g.log_for(0))
    assert any("Bellow triggers" in e.text for e in g.log_for(1))


def test_revealing_bellow_triggers_looming():
    """tsv Looming (revealing a Hardcast card stuns each opponent) with tsv Bellow."""
    g = duel(hands=(["T Bolt"], []))
    give(g, 1, "Bellow")
    give(g, 1, "Looming", "feats")
    setup(g, 1, position="c1")
    setup(g, 0, power=1)
    act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
    act(g, "yes")
    act(g, "lose 1 action")
    assert stat(g, 0, "actions") == 1                 # 3 - 1 for T Bolt - 1 stunned


def test_thinking_time_revealed_in_hand_allows_only_thinking_time():
    """tsv Thinking Time (while it is revealed in hand, only cards of its name may be played; it draws three)."""
    g = duel(hands=(["Thinking Time", "T Filler"], []))
    assert find(g, "play T Filler") is not None and find(g, "play Thinking Time") is None   # hidden
    tt = next(c for c in g.state.zones["hand:0"] if g.name(c) == "Thinking Time")
    end_turn(g)
    act(g, "reveal Thinking Time")
    end_turn(g)
    assert g.state.cards[tt].revealed
    plays = [a for a in labels(g) if a.startswith("play ")]
    assert plays == ["play Thinking Time"]
    assert "only play cards so named" in why_cant_play(g, 0, next(c for c in g.state.zones["hand:0"] if g.name(c) == "T Filler"))
    before = len(hand(g, 0))
    act(g, "play Thinking Time"); pass_all(g)
    assert len(hand(g, 0)) == before - 1 + 3 and stat(g, 0, "power") == 2
    assert find(g, "play T Filler") is not None      # no revealed Thinking Time left in hand


def test_thinking_time_also_limits_a_card_played_by_an_effect():
    """tsv Thinking Time ("you may only play"): a card played by an effect is played (IV-PLAY-9)."""
    g = duel(hands=(["Thinking Time", "T Filler"], []))
    give(g, 0, "T Muse", "feats")
    tt = next(c for c in g.state.zones["hand:0"] if g.name(c) == "Thinking Time")
    g.state.cards[tt].revealed = True
    g.reindex()
    end_turn(g)
    end_turn(g)
    assert g.pending.kind == "play_free"
    assert sorted(labels(g)) == ["play Thinking Time for free", "play nothing"]
