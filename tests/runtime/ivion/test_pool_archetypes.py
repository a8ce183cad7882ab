"""Cards scripted for issue 19's pool, archetype by archetype, each played as its printed
data says (the tsv row named in each test); the smoke scenario and the header check cover
every one of them too (test_smoke_cards.py, test_printed_pool.py)."""
from __future__ import annotations

from .helpers import FEATS, act, deck, duel, end_turn, give, hand as _hand, labels, log_text, pass_all, setup, shown, stat, zone_names


def hand_of(g) -> list[str]:
    return _hand(g, 0)


def _near(g, **bob):
    setup(g, 0, position="b2", actions=3, power=5)
    setup(g, 1, position="b3", **bob)


def _with_feat(name: str, hands=((), ())):
    feats = [name if f == "T Ult" else f for f in FEATS]
    return duel(decks=[deck(feats=feats), deck()], hands=hands)


# ---- Executioner ----------------------------------------------------------------------

def test_behead_finishes_an_enemy_left_at_5_hp_or_less_by_an_attack():
    """tsv Behead (after you successfully Attack an enemy with 5 HP or less, 40 damage);
    "successfully" is an attack card that resolves (docs/ivion/choices.md)."""
    for hp, left in ((8, 0), (9, 6)):
        g = _with_feat("Behead", hands=(["T Bolt"], []))
        _near(g, hp=hp)
        act(g, "play T Bolt"); act(g, "target bob"); pass_all(g)
        assert stat(g, 1, "hp") == left


def test_make_your_peace_ends_the_turn_of_the_player_it_counters():
    """tsv Make Your Peace (counter unless they pay 3; if countered, end their turn);
    001 § Glossary: Counter."""
    g = duel(hands=(["T Bolt"], ["Make Your Peace"]))
    setup(g, 0, position="b2", actions=1, power=0)
    setup(g, 1, position="b3", actions=2, power=0)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with Make Your Peace"); act(g, "target T Bolt")
    pass_all(g)
    assert stat(g, 1, "hp") == 40 and "countered" in log_text(g)
    assert g.pending.player == 0 and all("end" in a.label for a in g.legal_actions())


# ---- Watcher --------------------------------------------------------------------------

def test_ravens_riddle_has_the_opponent_reveal_two_cards():
    """tsv Raven's Riddle (choose one: Silence 1 target opponent, or target opponent Reveals
    two cards from their hand); 001 § Additional Rules > Revealing Cards."""
    g = duel(hands=(["Raven's Riddle"], ["T Jab", "T Bolt", "T Zap"]))
    _near(g)
    act(g, "play Raven's Riddle"); act(g, "option 2"); act(g, "target bob"); pass_all(g)
    while g.pending.kind == "reveal":
        act(g, "reveal")
    assert sum(g.card(c).revealed for c in g.state.zones["hand:1"]) == 2
    assert stat(g, 1, "silence") == 0


def test_a_player_who_discards_or_reveals_agrees_with_the_verb():
    """The text is rendered from the script: 'target opponent reveals', 'they discard'."""
    assert "target opponent reveals 2 cards" in shown("Raven's Riddle")
    assert "Each player discards a card." in shown("Ire")
    assert "they discard a card" in shown("Murder of Crows")


# ---- Enchantress ----------------------------------------------------------------------

def test_lullaby_disarms_3_and_lowers_their_max_power_by_one():
    """tsv Lullaby (Disarm 3, attach; their max power is reduced by one, the excess kept);
    001 § Rule of Five (IV-RES-4, IV-RES-5)."""
    from cardsmith.runtime.ivion.resources import cap
    g = duel(hands=(["Lullaby"], []))
    _near(g, power=5)
    act(g, "play Lullaby"); act(g, "target bob"); pass_all(g)
    assert stat(g, 1, "disarm") == 3
    assert (cap(g, 1, "power"), cap(g, 0, "power"), stat(g, 1, "power")) == (4, 5, 5)
    assert "Enemies' max power is 4." in shown("Lullaby")


def test_spurn_makes_the_player_it_counters_discard_two():
    """tsv Spurn (counter unless they pay 3; if countered, they discard two cards)."""
    g = duel(hands=(["T Bolt", "T Jab", "T Zap"], ["Spurn"]))
    setup(g, 0, position="b2", actions=1, power=0)
    setup(g, 1, position="b3", actions=1, power=2)
    act(g, "play T Bolt"); act(g, "target bob")
    act(g, "respond with Spurn"); act(g, "target T Bolt")
    pass_all(g)
    while g.pending.kind == "discard":
        act(g, "discard")
    assert stat(g, 1, "hp") == 40 and len(g.state.zones["hand:0"]) == 0


# ---- Ebon Mage ------------------------------------------------------------------------

def _tainted(bob_actions: int, bob_power: int):
    g = duel(hands=(["Taint"], []))
    _near(g)
    act(g, "play Taint"); act(g, "target bob"); pass_all(g)
    end_turn(g)
    for _ in range(20):
        if g.pending.player == 1 and g.pending.kind == "main":
            break
        act(g, labels(g)[0])
    setup(g, 1, actions=bob_actions, power=bob_power)
    end_turn(g)
    return g


def test_taint_stuns_them_at_your_turns_start_and_you_gain_a_power():
    """tsv Taint (attach to target opponent; at the start of your turn Stun them, and after a
    Resource is removed so, gain 1 power); 001 § Glossary: Stun (a resource of their choice)."""
    g = _tainted(0, 2)
    while g.pending.kind == "stun":
        act(g, "lose 1 power")
    assert "bob is stunned\nalice gains 1 power" in log_text(g)
    assert stat(g, 1, "power") == 1


def test_taint_gives_nothing_when_they_have_no_resource_to_lose():
    """tsv Taint: with nothing removed there is no power to gain ('a resource' counts actions and power)."""
    g = _tainted(0, 0)
    assert "bob is stunned" not in log_text(g) and "Taint triggers" not in log_text(g)


# ---- Druid: Seek and typed puts -------------------------------------------------------

def _seeking(choice: str, deck_top: tuple[str, ...] = ("T Jab", "T Bolt")):
    g = duel(hands=(["Druidic Lore"], []))
    _near(g)
    for name in reversed(deck_top):
        g.move_card(give(g, 0, name), "deck:0", index=0)
    act(g, "play Druidic Lore"); pass_all(g)
    assert g.pending.kind == "seek" and "the top card is T Jab" in g.pending.prompt
    act(g, choice)
    return g


def test_seek_draws_the_top_card_when_kept():
    """tsv Druidic Lore (Seek: look at the top card of your deck; draw it, or discard it and draw the next)."""
    g = _seeking("draw T Jab")
    assert hand_of(g) == ["T Jab"] and "T Jab" not in zone_names(g, "discard", 0)


def test_seek_discards_the_top_card_and_draws_the_next():
    """tsv Druidic Lore (Seek's second way)."""
    g = _seeking("discard T Jab")
    assert hand_of(g) == ["T Bolt"] and zone_names(g, "discard", 0)[-2:] == ["T Jab", "Druidic Lore"]


def test_seek_on_an_empty_deck_is_a_draw_and_so_exhaustion():
    """001 § Rules Reference > Additional Rules > Exhaustion: a draw from an empty deck is 5 damage."""
    g = duel(hands=(["Druidic Lore"], []))
    _near(g)
    g.state.zones["deck:0"].clear()
    act(g, "play Druidic Lore"); pass_all(g)
    assert stat(g, 0, "hp") == 35 and "exhausted" in log_text(g)


def test_seek_is_a_verb_of_no_number():
    """The language: 'seek' takes nothing after it, and renders the keyword with its reminder."""
    import pytest

    from cardsmith.dsl.loader import compile_source
    from cardsmith.dsl.errors import CardError
    with pytest.raises(CardError, match="seek"):
        compile_source('card "X" { skill druid types ability seek 2 cards }', "ivion", "<test>")
    assert "Seek (look at the top card of your deck" in shown("Druidic Strike")


def test_restoration_returns_only_an_ability_card_from_the_discard():
    """tsv Restoration (choose one: destroy target card, or return an Ability card from your
    discard to your hand); the unit 'ability card' keeps only cards of that type."""
    g = duel(hands=(["Restoration"], []))
    _near(g)
    for name in ("T Jab", "Druidic Lore", "Blackout"):
        g.move_card(give(g, 0, name), "discard:0")
    act(g, "play Restoration"); pass_all(g)         # no card to destroy: the second way is the one left
    assert g.pending.kind == "choose_card"
    assert sorted(a.label for a in g.legal_actions()) == ["put Blackout", "put Druidic Lore"]
    act(g, "put Blackout")
    assert hand_of(g) == ["Blackout"] and "T Jab" in zone_names(g, "discard", 0)
    assert "put an Ability card from your discard" in shown("Restoration")


# ---- Huntsman -------------------------------------------------------------------------

def test_gravebrand_applies_the_control_kind_you_choose():
    """tsv Gravebrand (4 damage; an instance of a Control type of your choice); 001 § Control."""
    g = duel(hands=(["Gravebrand"], []))
    _near(g)
    act(g, "play Gravebrand"); act(g, "option 2"); act(g, "target bob"); pass_all(g)
    assert (stat(g, 1, "hp"), stat(g, 1, "slow"), stat(g, 1, "silence"), stat(g, 1, "disarm")) == (36, 0, 1, 0)



# ---- Incarnate ------------------------------------------------------------------------

def test_pulse_has_each_player_draw_then_reveal_a_card():
    """tsv Pulse (each player draws a card, then Reveals a card from their hand)."""
    g = duel(hands=(["Pulse", "T Jab"], ["T Bolt"]))
    _near(g)
    act(g, "play Pulse"); pass_all(g)
    for _ in range(10):
        if g.pending.kind != "reveal":
            break
        act(g, "reveal")
    for p in (0, 1):
        hand = g.state.zones[f"hand:{p}"]
        assert len(hand) == 2 and sum(g.card(c).revealed for c in hand) == 1
    assert "they draw a card and they reveal a card" in shown("Pulse")


def test_disperse_costs_4_hp_and_keeps_enemies_from_targeting_you_until_you_play_a_card():
    """tsv Disperse (deal 4 damage to yourself; attach until the end of the turn; you can't be
    targeted by enemies; after you play a card, destroy it); 001 § Glossary: Target."""
    from cardsmith.runtime.ivion.targeting import untargetable
    g = duel(hands=(["Disperse", "T Jab"], []))
    _near(g)
    act(g, "play Disperse"); pass_all(g)
    assert stat(g, 0, "hp") == 36 and untargetable(g, 1, 0) and not untargetable(g, 0, 1)
    act(g, "play T Jab"); act(g, "target bob"); pass_all(g)
    assert not untargetable(g, 1, 0) and "Disperse" in zone_names(g, "discard", 0)


# ---- Survivalist: after this card is sent to your discard -----------------------------

def test_axe_strikes_deals_4_then_3_more_once_it_is_in_the_discard():
    """tsv Axe Strikes (4 damage; after it is sent to your discard, 3 damage to target enemy):
    a resolved card goes to its owner's discard (001 § Playing Cards, Resolve), and that
    sets off its trigger, whose target is chosen as it resolves (G-31)."""
    g = duel(hands=(["Axe Strikes"], []))
    _near(g)
    act(g, "play Axe Strikes"); act(g, "target bob"); pass_all(g)
    for _ in range(10):
        if g.pending.kind == "main" and not g.state.stack:
            break
        act(g, "bob" if any("bob" in x for x in labels(g)) else labels(g)[0])
        pass_all(g)
    assert stat(g, 1, "hp") == 33 and "Axe Strikes" in zone_names(g, "discard", 0)


def test_a_card_discarded_from_the_hand_is_sent_to_the_discard_too():
    """tsv Recover (draw, then discard a card) discarding Sling Rock: Sling Rock's 'after it
    is sent to your discard' deals 2 (G-31: every way into the discard counts)."""
    g = duel(hands=(["Recover", "Sling Rock"], []))
    _near(g)
    setup(g, 0, power=0)
    act(g, "play Recover"); pass_all(g)
    act(g, "discard Sling Rock")
    for _ in range(10):
        if g.pending.kind == "main" and not g.state.stack:
            break
        act(g, "bob" if any("bob" in x for x in labels(g)) else labels(g)[0])
        pass_all(g)
    assert stat(g, 1, "hp") == 38
    assert stat(g, 0, "power") == 2                  # Recover generates 1, then its own trigger gains 1
    text = log_text(g)
    assert text.index("Sling Rock triggers") < text.index("Recover triggers")   # Recover resolves last


def test_from_the_discard_a_card_hears_only_its_own_arrival():
    """G-31: Wild Medicine in the discard does not heal at the start of your turn (its
    Duration trigger works only while attached, IV-ATT-1)."""
    g = duel(hands=([], []))
    _near(g, hp=30)
    cid = give(g, 0, "Wild Medicine")
    g.move_card(cid, "discard:0")
    g.reindex()
    setup(g, 0, hp=30)
    end_turn(g)
    for _ in range(20):
        if g.pending.player == 1 and g.pending.kind == "main":
            break
        act(g, labels(g)[0])
    end_turn(g)
    assert stat(g, 0, "hp") == 30 and "Wild Medicine" not in log_text(g)


def test_an_up_to_target_with_nothing_to_choose_is_played_at_none():
    """tsv Ice Pick (Destroy up to one target card): 'up to one' allows none, so with no card
    in play it is still played, resolves, and its discard trigger deals 2 (G-31)."""
    g = duel(hands=(["Ice Pick"], []))
    _near(g)
    act(g, "play Ice Pick"); pass_all(g)
    assert "Ice Pick resolves" in log_text(g) and "can't be played" not in log_text(g)
    assert stat(g, 1, "hp") == 38


# ---- Giant, Wizard --------------------------------------------------------------------

def test_giantskin_gains_a_power_for_the_first_attack_at_you_each_turn():
    """tsv Giantskin (after an Attack card resolves targeting you for the first time during
    each turn, gain 1 power)."""
    g = duel(hands=(["Giantskin", "T Jab", "T Jab"], ["T Zap", "T Zap"]))
    _near(g)
    act(g, "play Giantskin"); pass_all(g)
    setup(g, 0, power=0, actions=2)
    setup(g, 1, actions=2)
    # bob answers alice's plays: two instant attacks at alice in one turn
    for _ in range(2):
        act(g, "play T Jab"); act(g, "target bob")
        act(g, "respond with T Zap"); act(g, "target alice"); pass_all(g)
    assert stat(g, 0, "power") == 2 + 1          # each T Jab generates 1; Giantskin 1, once


def test_comet_hits_each_character_near_the_tile_and_enchants_the_tiles_near_it():
    """tsv Comet (13 damage to each character near target tile; each tile near it becomes
    Enchanted Terrain); 001 § Glossary: NEAR (the tile and those orthogonally next to it)."""
    g = duel(hands=(["Comet"], []))
    setup(g, 0, position="a1", actions=3, power=5)
    setup(g, 1, position="c3")
    act(g, "play Comet"); act(g, "c2"); pass_all(g)
    assert stat(g, 1, "hp") == 27 and stat(g, 0, "hp") == 40
    spaces = g.state.board.spaces
    assert {t for t in ("c2", "b2", "d2", "c1", "c3") if spaces[t].terrain == "enchanted"} == {"c2", "b2", "d2", "c1", "c3"}
    assert spaces["a1"].terrain == ""
