"""Per-card figures (17lands' OH, GD, GIH, GNS, IWD) and card importance (a card blanked)."""
from __future__ import annotations

import pytest

from cardsmith.simulate.cardstats import card_figures
from cardsmith.simulate.cardwatch import deck_names
from cardsmith.simulate.setup import BLANK_SUFFIX, SetupProblem, Spec, prepare
from cardsmith.simulate.worker import play_one

IVION = Spec("ivion", ("steward", "winterborn"))


def test_a_game_records_which_cards_were_seen_and_played() -> None:
    table = prepare(IVION)
    names = deck_names(table.decks[0])
    for number in range(4):
        summary = play_one(table, 21, number)
        cards = summary["cards"]
        assert set(cards) == names
        opening = [n for n, r in cards.items() if r[0]]
        assert 1 <= len(opening) <= 5                       # a five-card opening hand (distinct names)
        assert not any(r[0] and r[1] for r in cards.values())   # drawn means drawn *later*
        assert all(r[0] or r[1] for r in cards.values() if r[2])  # played only after being in hand
        assert sum(r[2] for r in cards.values()) > 0
        if summary["won"]:                                   # the other hero went to 0 HP
            assert sum(r[3] for r in cards.values()) > 0


def game(won: bool, **cards: list[int]) -> dict:
    return {"won": won, "error": "", "cards": cards}


def test_seventeen_lands_figures_from_the_games() -> None:
    games = [game(True, Bolt=[1, 0, 2, 5, 0, 0]), game(True, Bolt=[0, 1, 1, 3, 0, 0]),
             game(True, Bolt=[0, 1, 0, 0, 0, 0]), game(False, Bolt=[1, 0, 0, 0, 0, 0]),
             game(True, Bolt=[0, 0, 0, 0, 0, 0]), game(False, Bolt=[0, 0, 0, 0, 0, 0]),
             game(False, Bolt=[0, 0, 0, 0, 0, 0]), game(False, Bolt=[0, 0, 0, 0, 0, 0])]
    f = card_figures(games)["Bolt"]
    assert f["games"] == 8
    assert (f["opening_hand"].hits, f["opening_hand"].n) == (1, 2)
    assert (f["drawn"].hits, f["drawn"].n) == (2, 2)
    assert (f["in_hand"].hits, f["in_hand"].n) == (3, 4)
    assert (f["not_seen"].hits, f["not_seen"].n) == (1, 4)
    iwd = f["improvement_when_drawn"]
    assert iwd.value == pytest.approx(0.5) and iwd.low < 0.5 < iwd.high
    assert (f["played_per_game"], f["damage_per_game"]) == (3 / 8, 1.0)


def test_importance_blanks_one_card_of_the_first_deck_only() -> None:
    plain = prepare(IVION)
    blanked = prepare(IVION.without("Hammer Strike"))
    assert "Hammer Strike" not in deck_names(blanked.decks[0])
    assert "Hammer Strike" + BLANK_SUFFIX in deck_names(blanked.decks[0])
    assert len(blanked.decks[0]["cards"]) == len(plain.decks[0]["cards"])
    assert blanked.decks[1] == plain.decks[1]
    card = blanked.library.get("Hammer Strike" + BLANK_SUFFIX)
    real = blanked.library.get("Hammer Strike")
    assert real.effect and not card.effect and not card.abilities and card.header == real.header
    assert play_one(blanked, 0, 0)["error"] == ""


def test_blanking_a_card_the_deck_lacks_is_refused() -> None:
    with pytest.raises(SetupProblem, match="the first deck has no card named 'Blizzard'"):
        prepare(IVION.without("Blizzard"))


def test_control_applied_is_counted_for_the_cards_that_apply_it() -> None:
    """Control a card gave the other side (001 § Control: Slow, Silence, Disarm tokens), read
    from the log's ``gain`` lines: only cards whose rules text applies Control have any, and
    Winterborn's slowing cards have some."""
    import re

    from cardsmith.dsl.render import render_card
    from cardsmith.runtime.core import get_game

    table = prepare(Spec("ivion", ("winterborn", "steward")))
    games = [play_one(table, 8, number) for number in range(6)]
    figures = card_figures(games)
    applied = {name: f["control_per_game"] for name, f in figures.items() if f["control_per_game"]}
    assert applied
    for name in applied:
        text = render_card(table.library.get(name), get_game("ivion"))
        assert re.search(r"\b(slow|silence|disarm)\b", text, re.I), (name, text)
