"""Hypothesis: random legal play keeps Sylvion's books straight (issue 5).

After every step: all 72 cards (48 Ravage, 24 Sylvan) plus the 16 set-aside Blazing
Elementals and the 12 Edges are each in exactly one zone, and where their zone says;
exactly 12 Edges; a battlefield card stands in the space it is attached to; until the game
ends there is a legal action; a save/load round trip gives an equal state.  At the end of
every Defense step (paused there with the engine's breakpoints) no hand holds more than 10.
"""
from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.sylvion import battlefield as bf

from .helpers import library

EXPECTED = Counter({"sylvan": 24, "ravage": 48, "supply": 16, "edge": 12})


class SylvionMachine(RuleBasedStateMachine):
    game: Game

    @initialize(seed=st.integers(0, 10_000), players=st.sampled_from([1, 2]),
                mode=st.sampled_from(["logistics", "silence"]))
    def start(self, seed, players, mode):
        self.game = Game.new(get_game("sylvion"), library(), history=False, seed=seed, players=players, mode=mode)
        self.game.breakpoints = {"turn"}
        self.defense_checks = 0
        self._settle()

    def _settle(self):
        """Run through breakpoints, checking the hand limit at each end of Defense."""
        g = self.game
        while g.paused:
            frame = g.state.agenda[-1]
            if frame.kind == "turn" and frame.data.get("phase") == "defense" and frame.data.get("step") == "end":
                for p in g.state.players:
                    assert len(g.state.zones[bf.hand(p.index)]) <= 10, "hand limit broken after Defense"
                self.defense_checks += 1
            g.resume()

    @rule(pick=st.integers(0, 10_000))
    def act(self, pick):
        g = self.game
        if g.state.over:
            return
        options = g.legal_actions()
        # lean towards playing cards, so hands and boards get busy
        plays = [a for a in options if a.kind not in ("end", "pass")]
        pool = plays if plays and pick % 4 else options
        g.apply(pool[pick % len(pool)])
        self._settle()

    @invariant()
    def cards_accounted_for(self):
        state = self.game.state
        seen: dict[str, str] = {}
        for zone, ids in state.zones.items():
            for cid in ids:
                assert cid not in seen, f"{cid} is in {seen.get(cid)} and {zone}"
                seen[cid] = zone
                assert state.cards[cid].zone == zone
        assert set(seen) == set(state.cards)
        sides = Counter(self.game.cdef(c).header.side for c in state.cards)
        assert sides == EXPECTED
        assert len(state.zones[bf.EDGES]) == 12

    @invariant()
    def battlefield_is_consistent(self):
        state = self.game.state
        for key, space in state.board.spaces.items():
            for cid in space.cards:
                assert state.cards[cid].zone == "field" and state.cards[cid].attached_to == "space:" + key
            if key.endswith("5"):
                assert not space.cards, "nothing stays in the forest"
            assert len([c for c in space.cards if self.game.cdef(c).header.is_defender]) <= 1
        for cid in state.zones["field"]:
            assert state.cards[cid].attached_to.startswith("space:")

    @invariant()
    def always_a_decision_until_the_end(self):
        g = self.game
        if g.state.over:
            assert g.state.result.startswith(("won", "lost"))
        else:
            assert g.legal_actions()

    @invariant()
    def save_load_round_trip(self):
        g = self.game
        saved = g.to_json()
        back = Game.from_data(g.rules, g.library, json.loads(saved), history=False)
        assert back.to_json() == saved


SylvionMachine.TestCase.settings = settings(max_examples=12, stateful_step_count=60, deadline=None,
                                            suppress_health_check=[HealthCheck.too_slow])
TestSylvionInvariants = SylvionMachine.TestCase
