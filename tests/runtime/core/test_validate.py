"""A saved state is checked whole before it is played (runtime/core/validate.py): real
states of all three games load, at every kind of point; broken ones are refused with the
field that is wrong named by its path."""
from __future__ import annotations

import json
import random

import pytest

from cardsmith.repl.session import Session
from cardsmith.runtime.core import get_game
from cardsmith.runtime.core.shapes import SaveProblem
from cardsmith.runtime.core.validate import checked_game


def _session_at(game: str, seed: int, want) -> Session:
    """A random session of ``game`` played until ``want(session)`` holds."""
    session = Session(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if want(session):
            return session
        g = session.g
        if g.state.over:
            break
        if g.paused:
            session.step()
            continue
        session.apply(rng.choice(g.legal_actions()))
    pytest.fail(f"no random {game} session reached the point wanted")


def _data(session: Session) -> dict:
    return json.loads(session.g.to_json())


def _load(session: Session, data: dict):
    return checked_game(get_game(session.game_name), session.library, data)


def _refused(session: Session, change, path: str, words: str = "") -> str:
    data = _data(session)
    change(data)
    with pytest.raises(SaveProblem) as err:
        _load(session, data)
    assert err.value.path == path, str(err.value)
    assert words in err.value.problem, str(err.value)
    return str(err.value)


@pytest.mark.parametrize("game", ["ivion", "sylvion", "ikorr"])
def test_every_decision_of_real_games_loads_back_equal(game: str) -> None:
    """Nothing real is refused: at each decision of two random games (the stack in use,
    effects mid-resolution, the end), the checked load gives the same state and options."""
    kinds = set()
    for seed in (1, 2):
        session = Session(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            g = session.g
            loaded = _load(session, _data(session))
            assert loaded.state == g.state
            assert loaded.legal_actions() == g.legal_actions()
            if g.state.over:
                break
            kinds.add(g.state.agenda[-1].kind if g.state.agenda else "")
            if g.paused:
                session.step()
                continue
            session.apply(rng.choice(g.legal_actions()))
    assert len(kinds) >= 3, kinds


def test_a_card_id_that_is_no_card_is_named_where_it_is() -> None:
    session = _session_at("ivion", 1, lambda s: len(s.g.state.zones["hand:1"]) >= 4)
    message = _refused(session, lambda d: d["zones"]["hand:1"].__setitem__(3, "card999999"),
                       'state.zones["hand:1"][3]', "not a card in this game")
    assert "card999999" in message


def test_a_card_in_two_zones_is_refused() -> None:
    session = Session("ivion", seed=1)

    def twice(d: dict) -> None:
        d["zones"]["discard:0"].append(d["zones"]["hand:0"][0])
    _refused(session, twice, 'state.zones["discard:0"][0]', 'the card says it is in "hand:0"')


def test_a_stat_of_the_wrong_type_and_an_rng_out_of_range() -> None:
    session = Session("ivion", seed=1)
    _refused(session, lambda d: d["players"][0]["stats"].__setitem__("hp", "lots"),
             'state.players[0].stats["hp"]', "not a whole number")
    _refused(session, lambda d: d.__setitem__("rng", -1), "state.rng", "from 0 to")
    _refused(session, lambda d: d["players"][1]["stats"].__setitem__("hp", 10 ** 30),
             'state.players[1].stats["hp"]', "not a whole number from")


def test_missing_and_unknown_fields() -> None:
    session = Session("sylvion", seed=1)
    _refused(session, lambda d: d.pop("stack"), "state", 'the field "stack" is missing')
    _refused(session, lambda d: d.__setitem__("junk", 1), "state.junk", "not a field")
    _refused(session, lambda d: d["players"][0].__setitem__("flags", []), "state.players[0].flags",
             "not an object")


def test_a_pending_decision_for_no_player_or_not_the_one_asked() -> None:
    session = Session("ivion", seed=1)
    _refused(session, lambda d: d["pending"].__setitem__("player", 7), "state.pending.player",
             "not a player's number")

    options = session.g.legal_actions()
    k = next(i for i, o in enumerate(options) if o.kind == "play")

    def other_card(d: dict) -> None:
        d["pending"]["options"][k]["args"] = [d["zones"]["deck:0"][0]]     # a card in the deck, not the hand
    message = _refused(session, other_card, f"state.pending.options[{k}].args[0]",
                       "the pending decision must be the one its step asks")
    assert f'it would be "{options[k].args[0]}"' in message


def test_frames_the_game_does_not_know_or_whose_data_is_wrong() -> None:
    session = _session_at("ivion", 2, lambda s: s.g.state.agenda[-1].kind == "respond")
    top = len(session.g.state.agenda) - 1
    _refused(session, lambda d: d["agenda"][top].__setitem__("kind", "dance"), f"state.agenda[{top}].kind",
             "is not a step of ivion")
    _refused(session, lambda d: d["agenda"][top]["data"].__setitem__("player", 5),
             f'state.agenda[{top}].data["player"]', "not a player's number")
    _refused(session, lambda d: d["agenda"][0]["data"].__setitem__("stage", "nap"),
             'state.agenda[0].data["stage"]', "is not one of")
    _refused(session, lambda d: d["agenda"][top]["data"].__setitem__("junk", 1),
             f'state.agenda[{top}].data["junk"]', "not something this part of the game holds")


def test_stack_items_and_the_id_counter() -> None:
    session = _session_at("ivion", 2, lambda s: bool(s.g.state.stack))
    _refused(session, lambda d: d["stack"][0].__setitem__("card", "card424242"), "state.stack[0].card",
             "not a card in this game")
    _refused(session, lambda d: d["stack"][0].__setitem__("fate", "lost"), "state.stack[0].fate", "not one of")
    _refused(session, lambda d: d.__setitem__("next_id", 3), "state.next_id", "a new card would take an id in use")


def test_a_block_frame_mid_resolution_must_point_into_its_card() -> None:
    session = _session_at("ikorr", 1, lambda s: any(f.kind == "block" for f in s.g.state.agenda))
    k = next(i for i, f in enumerate(session.g.state.agenda) if f.kind == "block")
    _refused(session, lambda d: d["agenda"][k]["data"].__setitem__("path", [99]),
             f'state.agenda[{k}].data["path"]', "is not a place in")


def test_the_listener_index_must_be_the_cards_own() -> None:
    session = Session("ivion", seed=1)
    listening = next(k for k, v in session.g.state.listeners.items() if v)

    def drop(d: dict) -> None:
        d["listeners"][listening] = []
    _refused(session, drop, f'state.listeners["{listening}"]', "listens for it where it is")


def test_zone_names_the_game_does_not_have() -> None:
    session = Session("ikorr", seed=1)

    def pocket(d: dict) -> None:
        cid = d["zones"]["deck:0"].pop()
        d["zones"]["pocket:0"] = [cid]
        d["cards"][cid]["zone"] = "pocket:0"
    _refused(session, pocket, 'state.zones["pocket:0"]', "is not a Rush of Ikorr zone")
