"""A triggered ability's ``target`` selectors (docs/language.md, "Selectors": in a triggered
ability, ``target`` is picked when it resolves): compiled to picks numbered in the ability,
from 0 in each, never to the card's own targets, which are chosen as it is played."""
from __future__ import annotations

from cardsmith.dsl.loader import compile_source
from cardsmith.dsl.render import render_text
from cardsmith.runtime.core import effects as fx

SOURCE = '''
card "Pick Two" {
  trait  range 2  types passive
  after you move: { deal 1 damage to target enemy  slow 1 another target character }
  at end of your turn: stun up to 1 opponent
}
card "Played Target" {
  skill warrior  cost 1 action  range 2  types attack
  deal 2 damage to target enemy
  after you stun an opponent: deal 1 damage to target enemy
}
'''


def _picks(ability: fx.Trigger) -> list[fx.Sel]:
    out: list[fx.Sel] = []
    for step in ability.body:
        for sel in (step.obj, *(c.value for c in step.clauses)):
            if isinstance(sel, fx.Sel) and sel.mode == "choose":
                out.append(sel)
    return out


def test_an_abilitys_targets_are_picks_numbered_from_zero_in_each_ability() -> None:
    pick_two, _ = compile_source(SOURCE, "ivion")
    first, second = pick_two.abilities
    assert [(s.noun, s.index, s.other) for s in _picks(first)] == [("enemy", 0, False), ("character", 1, True)]
    assert [(s.noun, s.index, s.upto) for s in _picks(second)] == [("opponent", 0, True)]
    assert pick_two.targets == ()


def test_a_played_cards_targets_and_its_abilitys_picks_are_kept_apart() -> None:
    _, played = compile_source(SOURCE, "ivion")
    assert [t.noun for t in played.targets] == ["enemy"]
    [pick] = _picks(played.abilities[0])
    assert pick.index == 0
    assert "target enemy" in render_text(played)
