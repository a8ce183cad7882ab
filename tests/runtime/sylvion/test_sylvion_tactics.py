"""Sylvion's rules of thumb (runtime/sylvion/tactics.py) in constructed positions, and the
search AI on Sylvion: legal, deterministic at an iteration budget.  No win rates here: those
are benchmarks/ai_ladder.py's."""
from __future__ import annotations

from cardsmith.runtime.core.ai import GreedyAI
from cardsmith.runtime.core.search import Budget, SearchAI
from cardsmith.runtime.sylvion import policy, sandbox

from .helpers import TAIL, act, game, labels, names
from .test_sylvion_combat_defense import CALM


def first(g) -> str:
    """The option the tactics put first (what the greedy's look-ahead and the search's
    rollouts play)."""
    return str(g.rules.order_actions(g, g.legal_actions())[0])


def test_hedgehogs_go_on_the_blaze():
    """002 § Blaze Cards: a revealed Blaze turns each standard Elemental stronger, a 0 into a
    4.  With Elementals 0 and 1 revealed beside a Blaze, the tactics play the Hedgehogs
    (a reaction, sylvion-intro.md) and target the Blaze, not an Elemental."""
    g = game(hand=["Hedgehogs", "Tree 1"], stacks=[["Blaze", TAIL], ["Elemental 0", TAIL], ["Elemental 0", TAIL],
                                                   ["Elemental 1", TAIL]])
    g.run()
    assert g.state.pending.kind == "react"
    assert first(g) == "play Hedgehogs"
    act(g, "play Hedgehogs")
    assert first(g) == "Blaze on stack a"


def test_hedgehogs_are_kept_when_nothing_threatens():
    """With only a weak Elemental revealed and no Blaze or Simoon, the Hedgehogs are kept."""
    g = game(hand=["Hedgehogs", "Tree 1"], stacks=[["Elemental 1", TAIL], [TAIL], [TAIL], [TAIL]])
    g.run()
    assert g.state.pending.kind == "react"
    assert first(g) == "let the revealed cards be"


def test_owl_first_and_trees_kept_before_the_last_defense():
    """002 § Defense: early in the game the tactics play the Owl first (three cards for
    two) and do not plant the Tree: it is kept for the last Defense; ending Defense ranks
    above planting it."""
    g = game(hand=["Owl", "Tree 4", "Fountain 1", "Fountain 2"], stacks=CALM)
    g.run()
    assert g.state.pending.kind == "defense"
    assert first(g) == "play Owl (discard 1)"
    ranked = [str(a) for a in policy.ranked(g, g.legal_actions(), g.rules._headers)]
    assert ranked.index("end Defense") < ranked.index("play Tree 4 (discard 3)")


def test_the_last_defense_plants_trees_where_nothing_reaches_them():
    """002 § Final Assault: after the last reveal the Elementals left march to the forest
    and destroy what stands in their way.  With an Elemental 3 at a1 and the stacks empty,
    the tactics plant the Tree (Reinforcements may have drawn an Owl to play first), and
    not in row a ahead of the Elemental."""
    g = game(hand=["Tree 4", "Fountain 1", "Fountain 2", "Tree 1"], stacks=[["Elemental 0"], [], [], []])
    sandbox.to_space(g, "Elemental 3", "a1")
    g.run()
    assert g.state.pending.kind == "defense"
    ranked = [str(a) for a in policy.ranked(g, g.legal_actions(), g.rules._headers)]
    assert ranked.index("play Tree 4 (discard 3)") < ranked.index("end Defense")
    act(g, "play Tree 4")
    assert g.state.pending.kind == "target"
    assert not first(g).startswith("a")


def test_payment_spares_the_elephant_and_the_owl():
    """002 § Defense: a cost is paid by discarding.  The tactics pay for Fountain 4 with the
    weak cards, never the Elephant or the Owl while others will do."""
    g = game(hand=["Fountain 4", "Elephant", "Owl", "Fountain 1", "Tree 1", "Tree 2"], stacks=CALM)
    g.run()
    act(g, "play Fountain 4")
    act(g, "a1")
    paid = []
    while g.state.pending.kind == "pick_cards":
        choice = first(g)
        paid.append(choice)
        act(g, choice)
    assert len(paid) == 3 and not any("Elephant" in p or "Owl" in p for p in paid)
    assert {"Elephant", "Owl"} <= set(names(g, "hand:0"))


def _search_game(seed: int, decisions: int) -> list[str]:
    g = game(seed=seed)
    g.run()
    ai = SearchAI(seed, Budget(iterations=8))
    out = []
    for _ in range(decisions):
        if g.state.over:
            break
        options = labels(g)
        action = ai.choose(g)
        assert str(action) in options            # only ever a legal action
        out.append(str(action))
        g.apply(action)
    return out


def test_search_is_legal_and_deterministic_at_an_iteration_budget():
    """The search plays only legal actions, and at an iteration budget the same seed plays
    the same game (issue 16)."""
    first_run = _search_game(3, 25)
    assert len(first_run) == 25
    assert first_run == _search_game(3, 25)


def test_greedy_keeps_the_owl_and_elephant_to_pay_for_a_tree():
    """The greedy's look-ahead settles a play by the tactics: paying for Tree 3 it keeps
    the Elephant and the Owl."""
    g = game(hand=["Tree 3", "Elephant", "Owl", "Fountain 1", "Tree 1"], stacks=CALM)
    g.run()
    act(g, "play Tree 3")
    ai = GreedyAI(2)
    while g.state.pending is not None and g.state.pending.kind != "defense":
        g.apply(ai.choose(g))
    assert {"Elephant", "Owl"} <= set(names(g, "hand:0"))
