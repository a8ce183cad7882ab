"""Hypothesis invariants for Rush of Ikorr (issue 6): random legal play in every format
keeps cards conserved, at most 6 champions, influence at most 10, secured Ikorr never
negative, and the game ends exactly when a team reaches its target."""
from __future__ import annotations

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardsmith.runtime.ikorr.header import MAX_INFLUENCE
from cardsmith.runtime.ikorr.zones import MAX_CHAMPIONS, zone

from .helpers import new_game


class IkorrGame(RuleBasedStateMachine):
    @initialize(fmt=st.sampled_from(["1v1", "2v2", "3v3"]), seed=st.integers(0, 10_000),
                first=st.sampled_from([None, 0, 1]), mulligan=st.booleans())
    def start(self, fmt, seed, first, mulligan):
        self.game = new_game(fmt, seed=seed, first=first, mulligan=mulligan, history=False)
        self.total = len(self.game.state.cards)

    @precondition(lambda self: not self.game.state.over)
    @rule(pick=st.integers(0, 10_000))
    def act(self, pick):
        options = self.game.legal_actions()
        assert options, "the game is not over, so someone must have something to decide"
        self.game.apply(options[pick % len(options)])

    @precondition(lambda self: self.game.state.over)
    @rule()
    def game_over(self):
        assert not self.game.legal_actions()

    @invariant()
    def cards_are_conserved(self):
        state = self.game.state
        assert len(state.cards) == self.total
        listed = [cid for ids in state.zones.values() for cid in ids]
        assert sorted(listed) == sorted(state.cards)
        for cid, card in state.cards.items():
            assert cid in state.zones[card.zone]

    @invariant()
    def limits_hold(self):
        state = self.game.state
        for p in state.players:
            assert len(state.zones[zone("champions", p.index)]) <= MAX_CHAMPIONS
            assert len(state.zones[zone("location", p.index)]) <= 1
            influence = len(state.zones[zone("influence", p.index)])
            assert influence <= MAX_INFLUENCE
            assert 0 <= p.stats.get("exerted", 0) <= influence
        for cid, card in state.cards.items():
            assert card.counters.get("ikorr", 0) >= 0 and card.counters.get("damage", 0) >= 0

    @invariant()
    def secured_never_negative_and_victory_is_exact(self):
        state = self.game.state
        assert all(n >= 0 for n in state.secured)
        reached = [t for t, n in enumerate(state.secured) if n >= state.target]
        assert state.over == bool(reached)
        if state.over:
            assert state.winner in reached

    @invariant()
    def queue_is_empty_between_turns(self):
        state = self.game.state
        if state.phase in ("start", "draw", "end"):
            assert not state.stack


TestIkorrInvariants = IkorrGame.TestCase
TestIkorrInvariants.settings = settings(max_examples=20, stateful_step_count=150, deadline=None,
                                        suppress_health_check=[HealthCheck.too_slow])


def test_random_games_finish_in_every_format():
    """Full random games end with a winning team (no hang, no crash)."""
    import random
    for fmt in ("1v1", "2v2", "3v3"):
        for seed in range(5):
            g = new_game(fmt, seed=seed, first=None, mulligan=True, history=False)
            r = random.Random(seed)
            steps = 0
            while not g.state.over:
                g.apply(r.choice(g.legal_actions()))
                steps += 1
                assert steps < 20_000
            assert g.state.winner in (0, 1) and "wins with" in g.state.result
