"""Targeting range by seat, and deck construction (rulebook 004 § Abilities that Target,
§ Deck Construction, § Infusions)."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.errors import CardsmithError
from cardsmith.runtime.core.interpreter import Ctx
from cardsmith.runtime.ikorr.decks import deck_problems
from cardsmith.runtime.ikorr.targeting import in_range_players, options

from .helpers import decks, library, new_game, put


def test_1v1_everyone_is_in_range():
    g = new_game()
    assert in_range_players(g, 0) == [0, 1] and in_range_players(g, 1) == [0, 1]


def test_3v3_range_is_across_and_adjacent_allies():
    """004 § Abilities that Target: the opposing player directly across, or the allied
    player(s) adjacent to you."""
    g = new_game("3v3")
    # seats: team 1 = players 0,1,2; team 2 = players 3,4,5; seat k faces seat k
    assert in_range_players(g, 0) == [0, 1, 3]
    assert in_range_players(g, 1) == [0, 1, 2, 4]
    assert in_range_players(g, 2) == [1, 2, 5]
    assert in_range_players(g, 4) == [1, 3, 4, 5]


def test_2v2_range():
    g = new_game("2v2")
    assert in_range_players(g, 0) == [0, 1, 2]
    assert in_range_players(g, 1) == [0, 1, 3]


def test_targets_outside_range_are_not_offered():
    """Champions of a player out of range can't be targeted (3v3, seat 0 vs seat 2's foe)."""
    g = new_game("3v3")
    near = put(g, "T Grunt", 3)
    far = put(g, "T Grunt", 5)
    ally_far = put(g, "T Grunt", 2)
    ctx = Ctx(g, None, src="", ctl=0, item="", bind={})
    got = options(ctx, "champion", ())
    assert near in got and far not in got and ally_far not in got


def test_attacks_only_reach_champions_in_range():
    from cardsmith.runtime.ikorr.actions import attack_targets
    g = new_game("3v3")
    near = put(g, "T Grunt", 3)
    far = put(g, "T Grunt", 4)
    assert attack_targets(g, 0) == [near]
    assert attack_targets(g, 1) == [far]


def test_sample_decks_are_legal():
    """004 § Deck Construction: both shipped sample decks pass every check."""
    for deck in decks().values():
        assert deck_problems(deck, library()) == []
        assert len(deck["cards"]) == 40


def _deck(**changes):
    deck = dict(decks()["Ember Regent"])
    deck["cards"] = list(deck["cards"])
    deck.update(changes)
    return deck


@pytest.mark.parametrize("change, message", [
    (dict(cards=["T Grunt"] * 2 + ["T Wall"] * 2), "a deck needs at least 40 cards; this one has 4"),
    (dict(avatar=""), "the deck names no avatar"),
    (dict(avatar="Amazonian Gladiator"), "\"Amazonian Gladiator\" is a champion, not an avatar"),
    (dict(influence=9), "the Influence Deck needs 10 influence cards; this one has 9"),
])
def test_deck_check_messages(change, message):
    """004 § Deck Construction: each violation is named clearly."""
    problems = deck_problems(_deck(**change), library())
    assert any(message in p for p in problems), problems


def test_at_most_two_copies():
    deck = _deck()
    deck["cards"][:3] = ["Venom Adept"] * 3
    deck["cards"] += ["Venom Adept"]
    problems = deck_problems(deck, library())
    assert any("copies of \"Venom Adept\": a deck holds at most 2 copies" in p for p in problems)


def test_aspects_must_match_the_avatar_or_be_none():
    deck = _deck()
    deck["cards"][0] = "Oracular Visions"
    deck["cards"][1] = "T Aspect Spell"
    problems = deck_problems(deck, library())
    assert any("\"Oracular Visions\" has aspect prophecy, which the avatar Ember Regent" in p for p in problems)
    assert any("\"T Aspect Spell\" has aspect fear" in p for p in problems)


def test_infusion_rules():
    """004 § Infusions: only on champions with an allowance; requirement <= allowance;
    at most 2 copies, 1 of a Unique infusion; infusions are not deck cards themselves."""
    deck = _deck()
    deck["cards"][0] = ["Amazonian Gladiator", "Winged Sandals"]       # requirement 3 > allowance 2
    deck["cards"][1] = ["Spear Volley", "Contemplate Impermanence"]    # a spell
    deck["cards"][2] = ["T Grunt", "T Sandals Too"]
    deck["cards"][3] = ["T Grunt", "T Sandals Too"]                    # Unique twice
    deck["cards"][4] = "Contemplate Impermanence"
    problems = deck_problems(deck, library())
    text = "\n".join(problems)
    assert "\"Winged Sandals\" needs an infusion allowance of 3; Amazonian Gladiator has 2" in text
    assert "\"Spear Volley\" has no infusion allowance, so it can't carry Contemplate Impermanence" in text
    assert "2 copies of infusion \"T Sandals Too\": it is Unique (1 allowed)" in text
    assert "\"Contemplate Impermanence\" is an infusion: a deck holds champions, locations and spells" in text


def test_unknown_and_foreign_cards():
    deck = _deck()
    deck["cards"][0] = "Amazonian Gladiatr"
    problems = deck_problems(deck, library())
    assert any("did you mean 'Amazonian Gladiator'" in p for p in problems)


def test_an_illegal_deck_is_refused_when_a_game_starts():
    from cardsmith.runtime.core import Game, get_game
    bad = _deck(influence=3)
    with pytest.raises(CardsmithError, match="deck 1 \\(Ember Regent\\) is not legal: the Influence Deck"):
        Game.new(get_game("ikorr"), library(), decks=[bad, decks()["Tide Oracle"]])


def test_wrong_number_of_decks_for_the_format():
    from cardsmith.runtime.core import Game, get_game
    with pytest.raises(CardsmithError, match="a 2v2 game needs 4 decks"):
        Game.new(get_game("ikorr"), library(), fmt="2v2", decks=[decks()["Tide Oracle"]] * 3)
    # two decks are one per team: every seat of a team plays its team's deck
    g = Game.new(get_game("ikorr"), library(), fmt="3v3", decks=[decks()["Tide Oracle"], decks()["Ember Regent"]])
    avatars = [g.name(g.state.zones[f"avatar:{p}"][0]) for p in range(6)]
    assert avatars == ["Tide Oracle"] * 3 + ["Ember Regent"] * 3
    with pytest.raises(CardsmithError, match="unknown format '4v4'"):
        Game.new(get_game("ikorr"), library(), fmt="4v4", decks=[decks()["Tide Oracle"]] * 2)


def test_a_team_format_refuses_too_few_names():
    """004 § Setting Up (one player a seat): a 2v2 game with two names (a scenario with two
    player blocks, `new ikorr format 2v2 names a b`) was an IndexError in setup."""
    from cardsmith.repl.commands import execute
    from cardsmith.repl.session import Session
    from cardsmith.runtime.core import Game, get_game
    with pytest.raises(CardsmithError, match="a 2v2 game needs 4 players' names, not 2"):
        Game.new(get_game("ikorr"), library(), fmt="2v2", names=["ann", "ben"],
                 decks=[decks()["Tide Oracle"], decks()["Ember Regent"]])
    session = Session("ikorr", seed=1)
    before = session.g.to_json()
    result = execute(session, "new ikorr format 2v2 names ann ben")
    assert not result.ok and "a 2v2 game needs 4 players' names, not 2" in result.text
    assert session.g.to_json() == before


def test_deck_files_with_avatar_and_infusions_are_checked_with_locations(tmp_path):
    """The deck language's Ikorr lines (avatar, CHAMPION with INFUSION), checked by the
    game's rules hook with each message at the line of the card it names."""
    from cardsmith.dsl.decks import check_deck, load_deck
    from cardsmith.runtime.core import get_game
    text = ['deck "Bad" for ikorr', 'avatar "Ember Regent"',
            '2 "Amazonian Gladiator" with "Winged Sandals"', '3 "Venom Adept"',
            '2 "Oracular Visions"']
    path = tmp_path / "bad.deck"
    path.write_text("\n".join(text) + "\n")
    deck = load_deck(path, use_cache=False)
    assert deck.leader == "Ember Regent" and deck.extras[0] == "Winged Sandals"
    errors = check_deck(deck, library(), get_game("ikorr"))
    by_line = {(e.line, str(e).split(": ", 1)[1].splitlines()[0]) for e in errors}
    assert (1, "a deck needs at least 40 cards; this one has 7") in by_line
    assert any(line == 3 and "needs an infusion allowance of 3" in m for line, m in by_line)
    assert any(line == 3 and "2 copies of infusion \"Winged Sandals\": it is Unique" in m for line, m in by_line)
    assert any(line == 4 and "3 copies of \"Venom Adept\"" in m for line, m in by_line)
    assert any(line == 5 and "aspect prophecy" in m for line, m in by_line)


def test_bundled_ikorr_deck_files_pass_the_deck_language_check():
    from cardsmith.dsl.decks import check_deck, deck_files, load_deck, resolve_deck
    from cardsmith.dsl.loader import bundled_cards_dir
    from cardsmith.runtime.core import get_game
    files = deck_files([bundled_cards_dir() / "ikorr"])
    assert len(files) == 2
    for f in files:
        deck = load_deck(f)
        assert check_deck(deck, library(), get_game("ikorr")) == [], f
        resolved = resolve_deck(deck, library(), get_game("ikorr"))
        assert resolved.size == 40 and resolved.leader in ("Ember Regent", "Tide Oracle")


def test_deck_lines_ikorr_has_no_use_for_are_refused_where_they_stand():
    """Feats, cards beneath a feat, a collection and other piles were left out of the game
    without a word; each is refused at its line."""
    from cardsmith.dsl.decks import check_deck, compile_deck
    from cardsmith.dsl.loader import bundled_cards_dir
    from cardsmith.runtime.core import get_game
    good = (bundled_cards_dir() / "ikorr" / "decks" / "tide-oracle.deck").read_text(encoding="utf-8")
    extra = ['feats "Field Medic"', 'beneath "Field Medic": "Hexing Mask"', 'collection 3 "Field Medic"',
             'pile feathers: "Field Medic"']
    text = good + "\n".join(extra) + "\n"
    first = len(good.splitlines()) + 1
    errors = check_deck(compile_deck(text, "extra.deck"), library(), get_game("ikorr"))
    assert [(e.line, e.message) for e in errors] == [
        (first, "a Rush of Ikorr deck has no feats (its leader is its 'avatar' line)"),
        (first + 1, "a Rush of Ikorr deck has no 'beneath' line: its cards are the deck's entries and its avatar"),
        (first + 2, "a Rush of Ikorr deck has no 'collection' line: its cards are the deck's entries and its avatar"),
        (first + 3, "a Rush of Ikorr deck has no 'pile' line: its cards are the deck's entries and its avatar")]
