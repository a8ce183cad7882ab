"""A designer's keywords and effects declared in a card file (docs/language.md, "A designer's
keyword or effect"): compiled as if their body were written on the card, checked at load
time with locations, shown with their reminder, listed by the REPL's help, and played."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source, load_file
from cardsmith.dsl.render import render_text
from cardsmith.repl.commands import execute
from cardsmith.repl.session import Session
from cardsmith.runtime.core import effects as fx

OVERLOAD = 'keyword "Overload" N { at start of your turn: lose N power }\n'
CHILL = 'effect "Chill" N { deal N damage to target enemy }\n'
ATTACK = "  skill cryomancer pips blue\n  cost 1 action range 2 banner disarm\n  types attack\n"


def _card(text: str, name: str):
    return next(c for c in compile_source(text, "ivion") if c.name == name)


def test_a_keyword_compiles_as_if_its_body_were_written_with_the_number_filled_in():
    used = _card(OVERLOAD + 'card "Coil" {\n  trait\n  types passive\n  Overload 2\n}\n', "Coil")
    written = _card('card "Coil" {\n  trait\n  types passive\n  at start of your turn: lose 2 power\n}\n', "Coil")
    assert used.abilities == written.abilities
    assert used.effect == written.effect == ()
    assert used.uses[0].name == "Overload" and used.uses[0].args == (2,)


def test_an_effect_is_a_step_and_its_targets_join_the_cards():
    used = _card(CHILL + f'card "Bite" {{\n{ATTACK}  draw 1 card\n  Chill 3\n}}\n', "Bite")
    written = _card(f'card "Bite" {{\n{ATTACK}  draw 1 card\n  deal 3 damage to target enemy\n}}\n', "Bite")
    assert used.effect == written.effect and used.targets == written.targets
    assert used.uses[0].effect == (1,)


def test_each_distinct_argument_gets_its_own_numbers():
    text = OVERLOAD + ''.join(f'card "C{n}" {{\n  trait\n  types passive\n  Overload {n}\n}}\n' for n in (1, 3))
    cards = {c.name: c for c in compile_source(text, "ivion")}
    assert cards["C1"].abilities[0].body[0].amount == fx.Num(1)
    assert cards["C3"].abilities[0].body[0].amount == fx.Num(3)


def test_the_card_text_shows_the_use_with_its_reminder():
    coil = _card(OVERLOAD + 'card "Coil" {\n  trait\n  types passive\n  Overload 2\n}\n', "Coil")
    assert render_text(coil) == "Overload 2 (at the start of your turn, lose 2 power)."
    bite = _card(CHILL + f'card "Bite" {{\n{ATTACK}  Chill 3\n  draw 1 card\n}}\n', "Bite")
    assert render_text(bite).splitlines() == ["Chill 3 (deal 3 damage to target enemy).", "Draw 1 card."]


def test_an_imported_declaration_is_usable_and_survives_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSMITH_CACHE", str(tmp_path / "cache"))
    (tmp_path / "words.ivion").write_text(OVERLOAD)
    (tmp_path / "cards.ivion").write_text('import "words.ivion"\ncard "Coil" {\n  trait\n  types passive\n  Overload 4\n}\n')
    for _ in range(2):      # the second load reads the cache
        coil = load_file(tmp_path / "cards.ivion")[0]
        assert render_text(coil) == "Overload 4 (at the start of your turn, lose 4 power)."


@pytest.mark.parametrize("text, line, col, message", [
    (OVERLOAD + 'card "X" {\n  trait\n  Overlod 2\n}\n', 4, 3, "unknown keyword or effect 'Overlod'; did you mean 'Overload'?"),
    (OVERLOAD + 'card "X" {\n  trait\n  Overload\n}\n', 4, 3, "'Overload' takes 1 number (Overload N), not 0"),
    (OVERLOAD + 'card "X" {\n  trait\n  Overload 2 3\n}\n', 4, 3, "'Overload' takes 1 number (Overload N), not 2"),
    ('keyword "Deal" N { at start of your turn: lose N power }\n', 1, 1, "'Deal' is already ivion's verb 'deal'"),
    ('keyword "Cantrip" { draw 1 card }\n', 1, 1, "'Cantrip' is already ivion's keyword 'cantrip'"),
    ('effect "Chill" N { deal 2 damage to N }\n', 1, 37, "parameter 'N' is a number: it can't stand for who"),
    ('effect "Chill" N { travel N }\n', 1, 20, "'travel' takes no number"),
    ('effect "Chill" N { Chill N }\n', 1, 20, "'Chill' uses itself"),
    ('effect "Cold" N { Chill N }\n' + CHILL, 1, 19, "'Chill' is declared after this"),
    ('effect "Chill" { deal N damage to target enemy }\n', 1, 23, "'N' is no parameter here"),
    ('effect "Chill" N { at start of your turn: lose N power }\n', 1, 20, "effect 'Chill' holds an ability"),
    (OVERLOAD + OVERLOAD, 2, 1, "'Overload' is declared twice"),
    (OVERLOAD + 'card "X" {\n  trait\n  if you have 2 power then Overload 2\n}\n', 4, 28, "'Overload' is a keyword"),
    (CHILL + f'card "X" {{\n{ATTACK}  Chill 120\n}}\n', 6, 9, "number 120 is out of range"),
    ('keyword "Calm" { static max_power = 6 }\ncard "X" {\n  trait\n  gain 1 power\n  Calm\n}\n', 5, 3,
     "'Calm' is read as what the step before it acts on"),
    (CHILL + f'card "X" {{\n{ATTACK}  Chill 2\n  Chill 3\n}}\n', 0, 0, ""),
])
def test_problems_are_reported_where_they_are_written(text, line, col, message):
    if not message:         # two uses of an effect with targets: two targets, both fine
        card = _card(text, "X")
        assert len(card.targets) == 2 and [s.obj for s in card.effect][1] is None
        assert [c.value.index for s in card.effect for c in s.clauses if c.prep == "to"] == [0, 1]
        return
    with pytest.raises(CardError) as err:
        compile_source(text, "ivion")
    assert message in err.value.message
    assert (err.value.line, err.value.col) == (line, col)


@pytest.mark.parametrize("game, text", [
    ("sylvion", 'effect "Growth" N { draw N cards }\ncard "Grove" {\n  tree cost 2 vitality 3 copies 0\n  Growth 2\n}\n'),
    ("ikorr", 'effect "Tithe" N { gain N influence }\ncard "Priest" {\n  spell cost 1\n  Tithe 2\n}\n'),
])
def test_every_game_reads_the_declarations(game, text):
    card = compile_source(text, game)[0]
    assert card.uses and card.uses[0].args == (2,)
    assert "2" in render_text(card).splitlines()[0]


def test_the_keyword_plays_the_next_turn_through_the_repl(tmp_path):
    """001 § Learn to Play > How to Play > Start: "any effects that trigger at the start of
    your turn happen" (IV-TURN-3): Overload 2's trigger takes 2 power at alice's next start."""
    path = tmp_path / "storm.ivion"
    path.write_text(OVERLOAD + 'card "Storm Coil" {\n  trait pips blue\n  types passive\n  Overload 2\n}\n')
    session = Session(seed=1)
    for line in (f"cards {path}", "put Storm Coil into alice feats", "set alice power 4"):
        assert execute(session, line).ok, line
    help_text = execute(session, "help keywords").text
    assert "Overload N" in help_text and "lose N power" in help_text
    assert execute(session, "turn alice start").ok
    out = execute(session, "Storm Coil first")      # alice's other start-of-turn trigger waits
    assert out.ok, out.text
    assert "alice loses 2 power  [Storm Coil]" in out.text
    assert session.g.state.players[0].stats["power"] == 2


def test_the_documented_example_says_what_the_docs_say():
    """docs/language.md, "A designer's keywords and effects": the example's cards as shown."""
    from pathlib import Path

    from cardsmith.runtime.core.registry import get_game
    doc = (Path(__file__).resolve().parents[2] / "docs" / "language.md").read_text()
    section = doc.split("## A designer's keywords and effects", 1)[1].split("\n## ", 1)[0]
    example = section.split("```\n", 2)[1]
    cards = {c.name: c for c in compile_source(example, "ivion")}
    rules = get_game("ivion")
    assert render_text(cards["Storm Coil"], rules) == "Overload 2 (at the start of your turn, lose 2 power)."
    assert render_text(cards["Frost Lance"], rules).splitlines() == [
        "Chill 3 (deal 3 damage to target enemy; slow 1 them).", "Draw a card."]
    for line in render_text(cards["Storm Coil"], rules), *render_text(cards["Frost Lance"], rules).splitlines():
        assert line.replace("\n", " ") in " ".join(section.split())
