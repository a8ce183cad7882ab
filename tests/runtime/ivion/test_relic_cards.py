"""The printed Relics and the words they brought (001 § Rules Reference > Glossary >
RELICS; IV-KW-RELIC-1..3): ``gained_relic`` (Light of Dawn), ``gain_past_max`` of the
``(initiative)`` quantity (Pilgrim's Tome, Crystal Ball), a relic's aura (Radiant Mantle)."""
from __future__ import annotations

from cardsmith.dsl.loader import compile_source

from .helpers import act, deck, duel, log_text, pass_all, setup, stat, zone_names


def test_light_of_dawn_gains_a_relic_and_once_one_is_gained_deals_five_instead():
    """001 § Glossary > RELICS ("When you gain a random relic, draw the top card of this deck
    and immediately activate its effects"); tsv Light of Dawn ("if you've already gained a
    Relic this game, instead ...")."""
    g = duel(decks=[deck(relics=["Pilgrim's Tome"]), deck()],
             hands=(["Light of Dawn", "Light of Dawn"], []))
    setup(g, 0, actions=5)
    act(g, "play Light of Dawn"); pass_all(g)
    # the Tome: 3 power and 2 initiative, past the caps (the play's own 2 power first)
    assert stat(g, 0, "power") == 5 and stat(g, 0, "initiative") == 3
    assert zone_names(g, "relics", 0) == [] and "Pilgrim's Tome is removed from the game" in log_text(g)
    hp = stat(g, 1, "hp")
    act(g, "play Light of Dawn"); pass_all(g)
    assert stat(g, 1, "hp") == hp - 5
    assert "no relic left" not in log_text(g)        # the other branch: no relic is asked for


def test_crystal_ball_doubles_initiative_past_the_max():
    """tsv Crystal Ball ("gain an initiative for each you have; can exceed your max"); the Rule
    of Five (001 § Resources: at most 5 of a resource) gives way to 'past max'."""
    g = duel(decks=[deck(feats=["Crystal Ball", "Strike", "Resilience"]), deck()])
    setup(g, 0, power=3, initiative=4)
    act(g, "play Crystal Ball"); pass_all(g)
    assert stat(g, 0, "initiative") == 8 and stat(g, 0, "power") == 0


def test_radiant_mantle_takes_one_less_and_answers_an_attack():
    """tsv Radiant Mantle; 001 § Glossary > RELICS (activated at once, with no response)."""
    g = duel(decks=[deck(), deck(relics=["Radiant Mantle"])], hands=([], ["Light of Dawn"]))
    g.state.players[0].position, g.state.players[1].position = "b2", "b3"
    act(g, "end the turn")
    setup(g, 1, actions=3)
    act(g, "play Light of Dawn"); pass_all(g)
    [mantle] = [c for c in g.state.cards.values() if c.name == "Radiant Mantle"]
    assert mantle.zone == "field" and mantle.attached_to == "player:1"
    assert stat(g, 1, "power") == 2


def test_the_new_words_render_and_compile():
    """docs/language.md: `initiative` is a quantity, `gained_relic` a condition."""
    [card] = compile_source('card "X Ball" { trait  types ability  gain_past_max (initiative) initiative '
                            ' if gained_relic then draw 1 card }', "ivion")
    assert card.effect[0].amount.what == "initiative"
    assert card.effect[1].cond.name == "gained_relic"
