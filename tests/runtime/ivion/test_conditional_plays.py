"""Cards that may be played only while a condition holds (`playable if CONDITION`;
docs/ivion/choices.md § Conditions on playing a card): Inner Fire (a cap on your power:
`you have N or less UNIT`), Hurl Terrain (`you are near terrain`), Doom Bolt (`you are
controlled`) and Verdant Burst (`you have N cards in discard`, once per game).  Each is
refused with its reason while the condition fails, offered while it holds, and resolves."""
from __future__ import annotations

import pytest

from cardsmith.dsl.errors import CardError
from cardsmith.dsl.loader import compile_source
from cardsmith.runtime.ivion.playable import why_cant_play

from .helpers import act, deck, define, duel, find, give, hand, hand_card, play, setup, shown, stat



def _feat(g, name: str) -> str:
    return next(c for c in g.state.zones["feats:0"] if g.name(c) == name)


# ---- Inner Fire -----------------------------------------------------------------------------

@pytest.mark.parametrize("power, offered", [(0, True), (2, True), (3, False), (5, False)])
def test_inner_fire_only_with_two_power_or_less(power, offered):
    """tsv Inner Fire (only while you hold at most two power); 001 § Learn to Play > The
    Golden Rule (the card's text rules its play); choices.md § Conditions on playing a card."""
    g = duel(hands=(["Inner Fire"], []))
    setup(g, 0, power=power)
    assert (find(g, "play Inner Fire") is not None) == offered
    why = why_cant_play(g, 0, hand_card(g, "Inner Fire"))
    assert (why == "") == offered
    if not offered:
        assert "you have 2 or less power" in why


def test_inner_fire_draws_a_card_and_gains_a_power():
    """tsv Inner Fire (no cost, +1 power, draw a card); 001 § Playing Cards (resolve: the
    power is gained, then the text)."""
    g = duel(hands=(["Inner Fire"], []))
    setup(g, 0, power=2)
    deck_before = len(g.state.zones["deck:0"])
    play(g, "Inner Fire")
    assert stat(g, 0, "power") == 3 and stat(g, 0, "actions") == 3
    assert len(g.state.zones["deck:0"]) == deck_before - 1 and len(hand(g, 0)) == 1


# ---- Hurl Terrain ---------------------------------------------------------------------------

@pytest.mark.parametrize("terrain_at, kind, offered", [
    ("b2", "difficult", True),      # alice's own tile
    ("b3", "difficult", True),      # adjacent
    ("a2", "enchanted", True),      # any kind of terrain
    ("c3", "difficult", False),     # diagonal: not near (001 § Glossary: NEAR)
    ("d2", "difficult", False),     # two tiles away
    ("", "", False),                # no terrain on the Field
])
def test_hurl_terrain_only_near_terrain(terrain_at, kind, offered):
    """tsv Hurl Terrain (only while near terrain); 001 § Glossary: NEAR (in or adjacent,
    diagonals are not); choices.md § Conditions on playing a card."""
    g = duel(hands=(["Hurl Terrain"], []))
    if terrain_at:
        g.state.board.spaces[terrain_at].terrain = kind
    setup(g, 1, position="d4")
    setup(g, 0, position="b2")
    assert (find(g, "play Hurl Terrain") is not None) == offered
    if not offered:
        assert "you are near terrain" in why_cant_play(g, 0, hand_card(g, "Hurl Terrain"))


def test_hurl_terrain_deals_seven_and_makes_their_tile_difficult():
    """tsv Hurl Terrain (7 damage to the target; the tile they are in becomes Difficult
    Terrain; no range printed: no maximum, 001 § Resources > RANGE); 000 § Terrain (new
    terrain replaces the old)."""
    g = duel(hands=(["Hurl Terrain"], []))
    g.state.board.spaces["a1"].terrain = "difficult"
    g.state.board.spaces["d4"].terrain = "enchanted"
    setup(g, 1, position="d4")
    setup(g, 0, position="a1", power=0)
    play(g, "Hurl Terrain", "bob")
    assert stat(g, 1, "hp") == 40 - 7
    assert g.state.board.spaces["d4"].terrain == "difficult"
    assert stat(g, 0, "actions") == 1 and stat(g, 0, "power") == 2


# ---- Doom Bolt ------------------------------------------------------------------------------

def _doom(**alice):
    d = deck(feats=["Doom Bolt", "T Trait", "T Passive"])
    g = duel(decks=[d, deck()])
    setup(g, 1, position="b4")
    setup(g, 0, position="b1", actions=3, power=2, **alice)
    return g


def test_doom_bolt_is_refused_while_you_are_uncontrolled():
    """tsv Doom Bolt (only while you are Controlled); 000 § Control (Slow, Silence and Disarm
    are Control); choices.md § Conditions on playing a card."""
    g = _doom()
    assert find(g, "play Doom Bolt") is None
    assert "you are controlled" in why_cant_play(g, 0, _feat(g, "Doom Bolt"))


@pytest.mark.parametrize("control", ["slow", "silence", "disarm"])
def test_doom_bolt_is_played_while_controlled_and_resolves(control):
    """tsv Doom Bolt (Heroic: no Control stops it, 001 § Control > HEROIC CARDS; 6 damage,
    range 3).  With more Control than its cost of three, some is left after paying (hh: 001
    § Playing Cards 2), so the condition still holds as it resolves."""
    g = _doom(**{control: 4})
    play(g, "Doom Bolt", "bob")
    assert stat(g, 1, "hp") == 40 - 6
    assert stat(g, 0, control) == 1 and stat(g, 0, "actions") == 2 and stat(g, 0, "power") == 0


@pytest.mark.parametrize("ruleset, resolves", [("hh", False), ("original", True)])
def test_doom_bolt_paid_out_of_its_only_control(ruleset, resolves):
    """choices.md § Conditions on playing a card (judged again as it resolves; "A
    consequence under 001"): under hh paying takes the Control off (001 § Playing Cards 2),
    the condition fails, and the card is meta-countered, its resources back and the Control
    still gone (IV-META-3, IV-META-7); under original Control comes off as it resolves,
    after that check (000 § Resolving Cards 1 and 3), so it resolves."""
    d = deck(feats=["Doom Bolt", "T Trait", "T Passive"])
    g = duel(decks=[d, deck()], ruleset=ruleset)
    setup(g, 1, position="b4")
    setup(g, 0, position="b1", actions=3, power=2, slow=1)
    play(g, "Doom Bolt", "bob")
    assert stat(g, 1, "hp") == (40 - 6 if resolves else 40)
    assert stat(g, 0, "slow") == 0
    assert (stat(g, 0, "actions"), stat(g, 0, "power")) == ((2, 0) if resolves else (3, 2))


# ---- Verdant Burst --------------------------------------------------------------------------

def _verdant(discarded: int):
    d = deck(feats=["Verdant Burst", "T Trait", "T Passive"])
    g = duel(decks=[d, deck()])
    for _ in range(discarded):
        give(g, 0, "T Filler", "discard")
    setup(g, 0, actions=2, power=0)
    return g


@pytest.mark.parametrize("discarded, offered", [(14, False), (15, True), (16, True)])
def test_verdant_burst_needs_fifteen_cards_in_your_discard(discarded, offered):
    """tsv Verdant Burst (only with a discard of 15 cards or more); 001 § Zones (the
    discard is public: anyone can count it)."""
    g = _verdant(discarded)
    assert (find(g, "play Verdant Burst") is not None) == offered
    if not offered:
        assert "your discard holds at least 15 cards" in why_cant_play(g, 0, _feat(g, "Verdant Burst"))


def test_an_enemys_discard_does_not_count():
    """tsv Verdant Burst ("your discard")."""
    g = _verdant(0)
    for _ in range(15):
        give(g, 1, "T Filler", "discard")
    setup(g, 0)
    assert find(g, "play Verdant Burst") is None


def test_verdant_burst_gains_an_action_and_two_power_once_per_game():
    """tsv Verdant Burst (+1 action, +2 power; once per game); IV-FEAT-6 (a feat played once
    per game is never offered again, even after its controller's next turn starts)."""
    g = _verdant(15)
    play(g, "Verdant Burst")
    assert stat(g, 0, "actions") == 3 and stat(g, 0, "power") == 2
    assert find(g, "play Verdant Burst") is None
    act(g, "end the turn")
    act(g, "end the turn")
    assert g.state.active == 0 and len(g.state.zones["discard:0"]) >= 15
    assert find(g, "play Verdant Burst") is None
    assert "once per game" in why_cant_play(g, 0, _feat(g, "Verdant Burst"))


# ---- the words ------------------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [
    ("Inner Fire", "You may only play Inner Fire if you have 2 or less power."),
    ("Hurl Terrain", "You may only play Hurl Terrain if you are near terrain."),
    ("Hurl Terrain", "Make their tile Difficult Terrain."),
    ("Doom Bolt", "You may only play Doom Bolt if you are controlled."),
    ("Verdant Burst", "You may only play Verdant Burst if your discard holds at least 15 cards."),
    ("Toothy Grin", "You may only play Toothy Grin if you have just resolved an attack card targeting an enemy."),
    ("Loose Coins", "Attach to target empty tile within 2 tiles of an enemy last attacked by you."),
    ("Loose Coins", "After you enter this tile, gain 1 initiative and return this card to its owner's hand."),
])
def test_the_cards_render_their_conditions(name, words):
    """DESIGN § The language (rules text rendered from the script); cardsmith show."""
    assert words in shown(name)


@pytest.mark.parametrize("cond, message", [
    ("you have 2 power in discard", "only cards are counted in a zone"),
    ("you have 2 or less", "expected a unit"),
    ("you have or fewer cards", "'or fewer' needs a number"),
    ("you have no 2 or fewer cards", "'or fewer' needs a number"),
])
def test_bad_counts_are_load_errors(cond, message):
    """docs/language.md § Conditions (`N or less UNIT`; `cards in ZONE`): a condition that
    can't mean anything is refused with where it is, never run."""
    with pytest.raises(CardError, match=message):
        compile_source(f'card "X" {{ skill warrior types ability\n  playable if {cond}\n  gain 1 power }}', "ivion")


def test_at_most_in_an_effect_asks_every_player_it_selects():
    """docs/language.md § Conditions (`SELECTOR has N or less UNIT`): true when each player
    the selector picks has at most N."""
    define('''card "T Humble" { skill warrior types ability
      if each enemy has 1 or fewer cards in hand then gain 2 power else gain 1 power }''')
    for bob_cards, gained in ((1, 2), (2, 1)):
        g = duel(hands=(["T Humble"], ["T Filler"] * bob_cards))
        play(g, "T Humble")
        assert stat(g, 0, "power") == gained
