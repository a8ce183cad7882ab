"""Core services games share: board shapes, per-player views, picking cards.

These drive the real engine with a tiny game defined here (two players, hands hidden from
each other), so they test the core without any real game's rules.
"""
from __future__ import annotations

import pytest

from cardsmith.runtime.core import interpreter
from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.choices import push_pick
from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.engine import Game
from cardsmith.runtime.core.errors import IllegalAction
from cardsmith.runtime.core.rules import FrameHandler, GameRules
from cardsmith.runtime.core.state import Action, Board, GameState, Player


class _Start(FrameHandler):
    kind = "start"

    def run(self, game, frame):
        game.pop(frame)
        # player 1 pays for player 0: the partner decides while 0 is active
        push_pick(game, 1, "hand:1", 2, "discard", prompt="pay 2", cause="partner pays")


class _Toy(GameRules):
    name = "toy-views"

    def __init__(self):
        super().__init__()
        interpreter.install(self)
        self.handler(_Start)

    def new_state(self, library, options):
        state = GameState(game=self.name)
        game = Game(self, state, library, history=False)
        for i in range(2):
            state.players.append(Player(i, f"p{i}"))
            state.zones[f"hand:{i}"] = []
            for name in ("A", "B", "C"):
                game.create_card(name, i, f"hand:{i}")
        state.zones["discard"] = []
        game.log("draw", "p0 draws A", player=0, private=True)
        game.log("note", "everyone sees this")
        game.push("start")
        return state

    def zone_visible(self, state, zone, viewer):
        return not zone.startswith("hand:") or zone == f"hand:{viewer}"


def _game() -> Game:
    lib = CardLibrary(CardDef(n, "toy-views", None) for n in ("A", "B", "C"))
    return Game.new(_Toy(), lib)


def test_board_grid_at_line_where():
    board = Board.grid("rows", 4, 5, key=lambda r, c: f"{'abcd'[r]}{c + 1}",
                       terrain=lambda r, c: "forest" if c == 4 else "")
    assert len(board.spaces) == 20
    assert board.at(2, 4).key == "c5" and board.at(2, 4).terrain == "forest"
    assert board.at(4, 0) is None
    assert [s.key for s in board.line(1)] == ["b1", "b2", "b3", "b4", "b5"]
    board.spaces["b3"].cards.append("c9")
    assert board.where("c9").key == "b3" and board.where("c1") is None


def test_partner_decides_and_others_see_no_options():
    game = _game()
    assert game.pending.player == 1
    assert game.legal_actions(0) == []
    assert game.legal_actions(1) == game.legal_actions()
    assert all(a.kind == "pick" for a in game.legal_actions(1))


def test_pick_cards_moves_then_takes_the_rest_without_asking():
    game = _game()
    game.apply(game.legal_actions()[0])
    # one more pick is needed from two cards: still a choice
    assert game.pending is not None
    game.apply(game.legal_actions()[0])
    assert len(game.state.zones["discard"]) == 2 and len(game.state.zones["hand:1"]) == 1
    assert game.pending is None


def test_view_masks_hidden_zones_and_private_log():
    game = _game()
    mine = game.view(0)
    names = {c["name"] for c in mine["cards"].values() if c["zone"] == "hand:1"}
    assert names == {"?"}
    # hidden cards lose their ids too: nothing links them to where they were seen before
    assert mine["zones"]["hand:1"] == ["?hand:1:0", "?hand:1:1", "?hand:1:2"]
    assert not set(game.state.zones["hand:1"]) & set(mine["cards"])
    assert {c["name"] for c in mine["cards"].values() if c["zone"] == "hand:0"} == {"A", "B", "C"}
    assert mine["pending"]["options"] == []
    assert [e["text"] for e in mine["log"]] == ["p0 draws A", "everyone sees this"]
    theirs = game.view(1)
    assert [e["text"] for e in theirs["log"]] == ["everyone sees this"]
    assert theirs["pending"]["options"]
    assert len(game.log_for(None)) == 2 and len(game.log_for(1)) == 1


def test_illegal_pick_leaves_state_untouched():
    game = _game()
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(Action("pick", ("nope",)))
    assert game.to_json() == before


def test_create_cards_keeps_order_at_an_index_and_checks_every_name_first():
    from cardsmith.runtime.core.errors import UnknownCard

    game = _game()
    hand = game.state.zones["hand:0"]
    before = list(hand)
    made = game.create_cards(["C", "A"], 0, "hand:0", index=1)
    assert hand == [before[0], *made, *before[1:]]
    assert [game.name(c) for c in made] == ["C", "A"]
    one = game.create_card("b", 0, "hand:0", index=0)      # a name in another case
    assert hand[0] == one and game.name(one) == "B"
    cards = len(game.state.cards)
    with pytest.raises(UnknownCard):
        game.create_cards(["A", "Nope"], 0, "hand:0")
    assert len(game.state.cards) == cards and game.state.zones["hand:0"][0] == one


def test_the_generic_view_sets_any_number_without_a_games_cap():
    """The Rule of Five's note ("above the usual cap of 5") is Ivion's, not every game's."""
    from cardsmith.runtime.core.view import GenericView
    game = _game()
    view = GenericView(game.rules.name)
    assert view.set_stat(game, 0, "pebbles", 7) == ""
    assert game.state.players[0].stats["pebbles"] == 7
    assert view.first_phase() == "main"         # a game naming no phases
