"""The engine around Rush of Ikorr: refusals, saving, undo, the loop guard, the card
language (DESIGN.md § The engine; issue 6 § loop guard)."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import bundled_library, compile_source
from cardsmith.runtime.core import Game, get_game
from cardsmith.runtime.core.errors import IllegalAction, LoopDetected
from cardsmith.runtime.core.state import Action

from .helpers import act, give_influence, library, new_game, pass_turn, play, put, refresh


def test_illegal_actions_name_the_reason_and_change_nothing():
    g = new_game()
    c = put(g, "T Grunt", 0)
    refresh(g)
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(Action("raid", (c,)))
    assert "cannot raid on the first turn of the game" in str(err.value)
    with pytest.raises(IllegalAction):
        g.apply(Action("attack", ("nope", "c1")))
    assert g.to_json() == before


def test_save_and_load_mid_resolution_gives_an_equal_game():
    """A game saved while a player chooses (Oracular Visions' order) loads back equal."""
    g = new_game()
    give_influence(g, 0, 3)
    put(g, "Oracular Visions", 0, "hand")
    put(g, "Berserker of the Pass with Winged Sandals", 0)
    refresh(g)
    act(g, "play", next(a.args[0] for a in g.legal_actions() if a.kind == "play"
                        and g.name(a.args[0]) == "Oracular Visions"))
    act(g, "pass")
    assert g.pending.kind == "arrange"
    data = g.to_json()
    twin = Game.from_data(get_game("ikorr"), library(), g.to_data())
    assert twin.to_json() == data and twin.state == g.state
    for game in (g, twin):
        game.apply(game.legal_actions()[-1])
    assert twin.to_json() == g.to_json()


def test_loaded_game_finds_infused_champions_in_a_fresh_library():
    """Infused champions are derived definitions: a game loaded against a library that
    never saw them rebuilds them (GameRules.prepare)."""
    g = new_game()
    data = g.to_data()
    fresh = bundled_library("ikorr")
    assert "Ikorr Courier with Contemplate Impermanence" not in fresh
    twin = Game.from_data(get_game("ikorr"), fresh, data)
    assert "Ikorr Courier with Contemplate Impermanence" in fresh
    assert twin.to_json() == g.to_json()


def test_undo_and_redo():
    g = new_game()
    pass_turn(g)
    before = g.to_json()
    act(g, "pass")
    g.undo()
    assert g.to_json() == before
    g.redo()
    assert g.to_json() != before


def test_same_seed_same_game():
    import random

    def run(seed):
        g = new_game(seed=seed, history=False)
        r = random.Random(seed)
        while not g.state.over:
            g.apply(r.choice(g.legal_actions()))
        return g.to_json()

    assert run(7) == run(7)


def test_loop_guard_names_the_repeating_cards():
    """Issue 6: cards that would repeat forever stop with an error naming them.  T Echo and
    T Mender each damage and heal themselves whenever an opposing champion heals, so each
    one's heal sets off the other's; nothing ever asks a player anything."""
    g = new_game()
    put(g, "T Echo", 0)
    put(g, "T Mender", 1)
    put(g, "Field Medic", 0, "hand")
    give_influence(g, 0, 5)
    refresh(g)
    echo = [c for c in g.state.zones["champions:0"] if g.name(c) == "T Echo"][0]
    g.state.cards[echo].counters["damage"] = 1
    before = g.to_json()
    play(g, "Field Medic")
    with pytest.raises(LoopDetected) as err:
        act(g, "pass")
        if g.pending is not None and g.pending.kind == "choose":
            act(g, "choose", echo)
    assert set(err.value.cards[:2]) == {"T Echo", "T Mender"}
    assert "endless loop: T " in str(err.value) and "repeat forever" in str(err.value)
    assert g.to_json() != before          # the play itself stood; the looping step was undone
    assert g.pending is not None and g.pending.kind in ("priority", "choose")


def test_every_bundled_card_of_every_game_still_compiles():
    """Grammar changes for Ikorr keep Ivion's and Sylvion's cards compiling."""
    lib = bundled_library(use_cache=False)
    games = {c.game for c in lib}
    assert {"ivion", "ikorr"} <= games
    assert len(lib.names("ikorr")) >= 36


@pytest.mark.parametrize("source, message", [
    ('card "X" { champion cost 11 attack 1 health 1 }', "cost 11 is impossible"),
    ('card "X" { champion cost 1 attack 1 }', "a champion needs 'health N'"),
    ('card "X" { spell cost 1 attack 2 }', "only champions have attack"),
    ('card "X" { spell location cost 1 }', "a card has one kind; this one says spell and location"),
    ('card "X" { avatar aspects fear, hope }', "unknown aspect 'hope'"),
    ('card "X" { spell cost 1 unique }', "only infusions are Unique"),
    ('card "X" { champion cost 1 health 1  DYING: draw 1 card }', "'DYING' is not an ability word"),
    ('card "X" { avatar aspects fear  RUSH: draw 1 card }', "'RUSH' needs a number"),
    ('card "X" { champion cost 1 health 1  DEATH (1 influence): draw 1 card }', "takes no number or cost"),
    ('card "X" { spell cost 1  shuffle 2 cards }', "'shuffle' takes no number"),
    ('card "X" { spell cost 1  store 1 ikorr }', "'store' needs a 'on' clause"),
])
def test_card_errors_are_located_and_clear(source, message):
    with pytest.raises(CardError) as err:
        compile_source(source, "ikorr", "x.ikorr")
    assert message in str(err.value)
    assert err.value.line == 1


def test_rulebook_cards_compile_to_what_their_text_says():
    lib = library()
    glad = lib.get("Amazonian Gladiator")
    h = glad.header
    assert (h.kind, h.cost, h.attack, h.health, h.raid, h.allowance, h.aspects, h.loyalty) == \
        ("champion", 4, 3, 3, 2, 2, ("intuition",), "greek")
    assert glad.keywords == frozenset({"quick_strike"})
    assert [(a.kind, a.costs) for a in glad.abilities] == [("action", (("influence", 2),))]
    sandals = lib.get("Winged Sandals").header
    assert sandals.unique and sandals.fabled and sandals.requirement == 3
    ix = lib.get("Ix Chel, Lady Rainbow")
    assert ix.header.aspects == ("curiosity", "prophecy")
    assert [(a.kind, a.amount) for a in ix.abilities] == [("power", None), ("rush", 3)]


def test_private_and_public_knowledge():
    """004 § Glossary Private/Public Knowledge: hands and decks are private, counts public;
    avatars are hidden until revealed together (§ Setting Up 4)."""
    g = new_game(mulligan=True)
    seen = g.view(1)
    hand0 = g.state.zones["hand:0"]
    assert all(seen["cards"][c]["name"] == "?" for c in seen["zones"]["hand:0"])
    assert len(seen["zones"]["hand:0"]) == len(hand0) == 5
    assert all(seen["cards"][c]["name"] != "?" for c in seen["zones"]["hand:1"])
    assert all(seen["cards"][c]["name"] == "?" for c in seen["zones"]["avatar:0"])
    while g.pending.kind == "mulligan":
        act(g, "keep")
    seen = g.view(1)
    assert [seen["cards"][c]["name"] for c in seen["zones"]["avatar:0"]] == ["Ember Regent"]
    assert all(seen["cards"][c]["name"] == "?" for c in seen["zones"]["deck:1"])
