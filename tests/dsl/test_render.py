"""English rules text rendered from compiled cards."""
from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsmith.dsl.loader import compile_source
from cardsmith.dsl.render import (Renderer, header_line, render_card, render_lines, render_text,
                                  third_person)
from cardsmith.runtime.core import effects as fx

from .toygame import ToyRules


def text_of(body: str, rules: ToyRules, header: str = "skill warrior") -> list[str]:
    [card] = compile_source(f'card "X" {{\n  {header}\n{body}\n}}', "toy")
    return render_lines(card, rules)


@pytest.mark.parametrize("body, expected", [
    ("deal 4 damage to target enemy", "Deal 4 damage to target enemy."),
    ("deal 4 damage to target enemy\nadvantage: deal 2 more damage to them",
     "Advantage - deal 2 more damage to them."),
    ("frenzy: draw 1 card", "Frenzy - draw 1 card."),
    ("choose one { heal 2 hp } or { draw 2 cards  gain 1 power }",
     "Choose one - heal 2 hp; or draw 2 cards and gain 1 power."),
    ("for each enemy near you: deal 1 damage to it", "For each enemy near you, deal 1 damage to it."),
    ("for each enemies in terrain { deal 1 damage to it }", "For each enemy in terrain, deal 1 damage to it."),
    ("if you have 2 power then gain 1 action", "If you have at least 2 power, gain 1 action."),
    ("if you have no power then gain 1 power", "If you have no power, gain 1 power."),
    ("if them is not controlled then stun them else draw 1 card",
     "If they are not controlled, stun them; otherwise, draw 1 card."),
    ("counter target card unless its controller pays 2 resources",
     "Counter target card unless its controller pays 2 resources."),
    ("counter target card unless you spend 1 resource", "Counter target card unless you spend 1 resource."),
    ("you may move up to 2 tiles towards target enemy", "You may move up to 2 tiles towards target enemy."),
    ("move away from target enemy", "Move away from target enemy."),
    ("attach this card to target empty tile for 2 turns", "Attach this card to target empty tile for 2 turns."),
    ("attach this card to you until end of turn", "Attach this card to you until the end of the turn."),
    ("stun up to 2 enemies", "Stun up to 2 target enemies."),
    ("stun another target enemy", "Stun another target enemy."),
    ("stun each enemy near you", "Stun each enemy near you."),
    ("stun all enemies", "Stun all enemies."),
    ("stun an enemy", "Stun an enemy."),
    ("stun target enemy controlled", "Stun target controlled enemy."),
    ("stun target enemy not in terrain", "Stun target enemy not in terrain."),
    ("stun target enemy as Foe\ndeal 1 damage to Foe", "Deal 1 damage to that enemy."),
    ("deal (cards in hand of them) damage to target enemy",
     "Deal the number of cards in hand of them damage to target enemy."),
    ("at end of your turn: draw 1 card", "At the end of your turn, draw 1 card."),
    ("at start of each turn: draw 1 card", "At the start of each turn, draw 1 card."),
    ("at start of an enemy's turn: draw 1 card", "At the start of each enemy's turn, draw 1 card."),
    ("after you stun an enemy: gain 1 power", "After you stun an enemy, gain 1 power."),
    ("after an enemy enter this tile: deal 1 damage to it",
     "After an enemy enters this tile, deal 1 damage to it."),
    ("once per turn after you stun an enemy: gain 1 power",
     "Once per turn, after you stun an enemy, gain 1 power."),
    ("after you stun an enemy for the first time this turn: draw 1 card",
     "After you stun an enemy for the first time this turn, draw 1 card."),
    ("instead of you second wind: draw 2 cards", "If you would second wind, instead draw 2 cards."),
    ("static max_power = 6", "Max power 6."),
])
def test_constructs(toy: ToyRules, body: str, expected: str) -> None:
    assert expected in text_of(body, toy)


def test_keywords_come_first(toy: ToyRules) -> None:
    lines = text_of("draw 1 card", toy, "skill warrior\n  keywords once per game, cantrip")
    assert lines == ["Cantrip. Once per game.", "Draw 1 card."]


def test_game_objects_can_render_themselves(toy: ToyRules) -> None:
    class Wounded:
        def test(self, ctx: Any, cond: Any) -> bool:
            return True

        def render(self, cond: fx.Cond, r: Renderer) -> str:
            return f"{r.subject(cond.subject)} {'are' if cond.subject.noun == 'you' else 'is'} hurt"

    old = toy.vocab.conditions["wounded"]
    toy.vocab.conditions["wounded"] = Wounded()
    try:
        assert text_of("if you are wounded then draw 1 card", toy) == ["If you are hurt, draw 1 card."]
    finally:
        toy.vocab.conditions["wounded"] = old


def test_rules_can_render_the_header(toy: ToyRules) -> None:
    [card] = compile_source('card "X" { skill warrior }', "toy")

    class Rules:
        def render_header(self, header: Any) -> str:
            return "custom"

    assert header_line(card, Rules()) == "custom"
    assert header_line(card, toy) == "Warrior skill"
    assert header_line(card) == "Warrior skill"             # the card's game, asked by name


def test_render_card_has_name_header_text_and_note(toy: ToyRules) -> None:
    [card] = compile_source('card "Bolt" { skill wizard  range 2  note "test card"\n'
                            '  deal 3 damage to target enemy }', "toy")
    assert render_card(card, toy) == ("Bolt\nWizard skill - Range 2\nDeal 3 damage to target enemy.\n"
                                      "(test card)")


def test_unknown_verb_falls_back_to_the_script(toy: ToyRules) -> None:
    step = fx.Step("smite", fx.Num(2), "damage", None, (fx.Clause("to", fx.Sel("ref", "them")),))
    assert Renderer(toy).step(step) == "smite 2 damage to them"
    assert Renderer(None).step(step) == "smite 2 damage to them"


def test_activated_and_keyword_abilities(toy: ToyRules) -> None:
    r = Renderer(toy)
    draw = fx.Step("draw", fx.Num(1), "card")
    assert r.ability(fx.Activated("action", None, (("influence", 2),), (draw,))) == \
        "Action (2 influence): draw 1 card"
    assert r.ability(fx.Activated("rush", 3, (), (draw,))) == "Rush 3: draw 1 card"
    assert r.ability(fx.Trigger("death", None, None, (), (draw,))) == "Death: draw 1 card"
    step = fx.Step("discard", fx.Num(1), "card", None, (fx.Clause("random"),))
    assert r.step(step) == "discard 1 card at random"


def test_third_person() -> None:
    assert [third_person(w) for w in ("stun", "pass", "play", "carry", "second wind")] == [
        "stuns", "passes", "plays", "carries", "second winds"]


# ---- stability: the same structure always reads the same -----------------------------------

STEPS = st.sampled_from([
    "deal {n} damage to target enemy", "heal {n} hp", "gain {n} power", "draw {n} cards",
    "stun target enemy", "move up to {n} tiles", "counter target card unless its controller pays {n} resources",
    "discard {n} cards", "attach this card to target empty tile for {n} turns",
])
WRAPS = st.sampled_from(["{s}", "advantage: {s}", "breach: {s}", "if you have {n} power then {s}",
                         "for each enemy near you: {s}", "you may {s}", "at end of your turn: {s}",
                         "after you stun an enemy: {s}", "choose one {{ {s} }} or {{ draw 1 card }}"])


@st.composite
def statements(draw: st.DrawFn) -> tuple[str, int | None]:
    n = draw(st.integers(1, 9))
    step = draw(STEPS)
    wrap = draw(WRAPS)
    if wrap.startswith("you may") and step.startswith(("counter", "attach")):
        wrap = "{s}"
    # "if you have 1 power" reads "if you have power": the number shows only above 1 there
    shown = n if "{n}" in step or ("{n}" in wrap and n > 1) else None
    return wrap.format(s=step.format(n=n), n=n), shown


@settings(max_examples=60, deadline=None)
@given(st.lists(statements(), min_size=1, max_size=5), st.sampled_from([" ", "\n   ", "  # note\n "]))
def test_rendering_is_stable_and_complete(toy: ToyRules, stmts: list[tuple[str, int | None]],
                                          sep: str) -> None:
    parts = [s for s, _ in stmts]
    [card] = compile_source('card "G" {\n  skill warrior\n' + "\n".join(parts) + "\n}", "toy")
    # layout and comments don't change the structure, so they can't change the text
    [card2] = compile_source('card "G" {' + sep + "skill warrior" + sep + sep.join(parts) + sep + "}", "toy")
    assert card2 == card
    lines = render_lines(card, toy)
    assert lines == render_lines(card2, toy)
    assert len(lines) == len(card.effect) + len(card.abilities)
    for line in lines:
        assert line[0].isupper() and line.endswith("."), line
        assert not re.search(r"None|Sel\(|Num\(|Clause\(|\{|\}|  ", line), line
    text = render_text(card, toy)
    for _, n in stmts:
        if n is not None:
            assert str(n) in text


@pytest.mark.parametrize("who, expected", [
    ("you", "After you draw your opening hand, draw a card."),
    ("an enemy", "After an enemy draws their opening hand, draw a card."),
])
def test_an_event_whose_object_is_the_subjects_own(who: str, expected: str) -> None:
    """The event draw_opening_hand (IV-SETUP-7; Nemesis, Tourneygoer) names no owner: the
    renderer gives the opening hand to whoever draws it, not "you draw opening hand"."""
    from cardsmith.runtime.core import get_game
    [card] = compile_source(f'card "X" {{\n  trait types passive\n  after {who} draw_opening_hand: draw 1 card\n}}',
                            "ivion")
    assert expected in render_lines(card, get_game("ivion"))
