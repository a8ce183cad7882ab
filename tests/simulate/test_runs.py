"""Runs on the real engine: the same seed gives the same games for one worker or two, the
first deck really sits on side 1 in the swapped games, a comparison meets the same deals,
and --precision stops at the same game whatever the workers."""
from __future__ import annotations

import io

from cardsmith.simulate.run import Plan, run
from cardsmith.simulate.setup import Spec, prepare

IVION = Spec("ivion", ("steward", "winterborn"))


def played(plan: Plan) -> list[list[dict]]:
    outcome = run(plan, io.StringIO(), progress=False)
    return [outcome.tally.games(arm, outcome.numbers) for arm in range(len(plan.arms))]


def test_one_worker_and_two_play_the_same_games() -> None:
    plan = Plan((IVION,), ("steward",), seed=11, games=8, workers=1)
    alone = played(plan)
    together = played(Plan(plan.arms, plan.labels, plan.seed, plan.games, workers=2))
    assert alone == together
    assert [s["game"] for s in alone[0]] == list(range(8))
    assert all(not s["error"] for s in alone[0])
    assert len({s["turns"] for s in alone[0]}) > 1          # real, different games


def test_another_seed_deals_other_games() -> None:
    first = played(Plan((IVION,), ("steward",), seed=1, games=4))
    other = played(Plan((IVION,), ("steward",), seed=2, games=4))
    assert [s["seed"] for s in first[0]] != [s["seed"] for s in other[0]]


def deck_names(table, deck: dict) -> set[str]:
    return {c if isinstance(c, str) else c[0] for c in deck["cards"]}


def test_a_swapped_game_seats_the_first_deck_on_side_1() -> None:
    table = prepare(IVION)
    steward, winterborn = (deck_names(table, d) for d in table.decks)
    assert steward != winterborn
    for swapped, side0 in ((False, steward), (True, winterborn)):
        game = table.deal(5, swapped)
        seat0 = {game.state.cards[c].name for z in ("deck:0", "hand:0") for c in game.state.zones[z]}
        assert seat0 <= side0 and not seat0 <= (steward if swapped else winterborn)
    summaries = played(Plan((IVION,), ("steward",), seed=3, games=6))[0]
    assert [s["swapped"] for s in summaries] == [False, True] * 3
    # 'won' is the first deck's side winning, whichever seat it had
    assert all(s["won"] == (s["winner"] == (1 if s["swapped"] else 0)) for s in summaries)


def test_a_deck_compared_with_itself_meets_the_same_deals() -> None:
    from cardsmith.simulate.tally import Tally

    plan = Plan((IVION, IVION), ("steward#1", "steward#2"), seed=4, games=6, workers=2)
    outcome = run(plan, io.StringIO(), progress=False)
    assert outcome.tally.games(0, outcome.numbers) == outcome.tally.games(1, outcome.numbers)
    d = outcome.tally.paired(0, 1, outcome.numbers)
    assert (d.gained, d.lost, d.difference, d.p_value) == (0, 0, 0.0, 1.0)
    assert isinstance(outcome.tally, Tally)


def test_precision_stops_at_the_same_checkpoint_for_any_number_of_workers() -> None:
    # random solo Sylvion is lost nearly every time: 200 games give an interval under ±5 points
    spec = Spec("sylvion")
    stops = []
    for workers in (1, 2):
        outcome = run(Plan((spec,), ("sylvion",), seed=0, games=2000, precision=0.05, workers=workers),
                      io.StringIO(), progress=False)
        assert outcome.precise
        assert outcome.tally.win_rate(0, outcome.numbers).half_width <= 0.05
        stops.append(outcome.numbers)
    assert stops[0] == stops[1] == list(range(200))


def test_a_game_of_a_run_replays_with_cardsmith_play() -> None:
    from cardsmith.cli import main

    for s in played(Plan((IVION,), ("steward",), seed=9, games=2))[0]:
        decks = ["winterborn", "steward"] if s["swapped"] else ["steward", "winterborn"]
        out, err = io.StringIO(), io.StringIO()
        assert main(["play", "ivion", "--seed", str(s["seed"]), "--decks", *decks], out, err) == 0, err.getvalue()
        winner = ("alice", "bob")[s["winner"]]
        assert out.getvalue().splitlines()[-1] == (f"winner: {winner} after {s['turns']} turns "
                                                   f"and {s['decisions']} decisions")


def test_damage_per_turn_and_the_largest_turn() -> None:
    from cardsmith.simulate.report import figures

    outcome = run(Plan((IVION,), ("steward",), seed=2, games=4), io.StringIO(), progress=False)
    games = outcome.tally.games(0, outcome.numbers)
    assert all(sum(g["damage"].values()) > 0 for g in games)     # every duel ends at 0 HP
    fig = figures(outcome)
    largest = fig["outliers"]["largest_turn_damage"]
    assert largest["damage"] == max(max(g["damage"].values()) for g in games)
    assert largest["damage"] == fig["arms"][0]["largest_turn_damage"]["max"]
    longest = fig["outliers"]["longest"]
    assert longest["turns"] == max(g["turns"] for g in games) == fig["arms"][0]["turns"]["max"]


def test_the_ikorr_race_and_the_forests_margin_come_from_the_games_rules() -> None:
    """Rush of Ikorr: "You win the game by securing a specified number of Ikorr" (004, Object
    of the Game); Sylvion: "The Edge cards ... represent the forest's vitality" (002,
    Overview and Setup), 12 of them."""
    from cardsmith.simulate.worker import play_one

    race = prepare(Spec("ikorr", ("ember-regent", "tide-oracle")))
    for number in range(2):
        s = play_one(race, 1, number)
        f = s["figures"]
        assert f["secured_by_winner"] >= 10 > f["secured_by_loser"]            # 1v1: 10 to win
        assert f["race_margin"] == f["secured_by_winner"] - f["secured_by_loser"]
        assert f"with {f['secured_by_winner']} secured Ikorr" in s["result"]
    forest = prepare(Spec("sylvion"))
    for number in range(3):
        s = play_one(forest, 1, number)
        f = s["figures"]
        assert f["bloom_edges"] + f["desolated_edges"] == 12
        if "every Edge is already Desolated" in s["result"]:
            assert f["desolated_edges"] == 12
        assert f["margin"] < 0 or s["won"]


def test_a_sylvion_run_plays_every_game_on_a_deal_of_its_own() -> None:
    """A Sylvion game has no seats to swap (002: the wardens against the forest's Ravage, no
    decks), so each game is a new deal: no two share a seed, and the games differ."""
    games = played(Plan((Spec("sylvion"),), ("sylvion",), seed=1, games=8, workers=1))[0]
    assert len({g["seed"] for g in games}) == 8 and not any(g["swapped"] for g in games)
    assert len({(g["turns"], g["decisions"], g["result"]) for g in games}) > 4
    ivion = played(Plan((IVION,), ("steward",), seed=1, games=4, workers=1))[0]
    assert ivion[0]["seed"] == ivion[1]["seed"] != ivion[2]["seed"] == ivion[3]["seed"]
