"""A card that ends the game halfway through resolving: the stack is shown as play left it
(the item interrupted, those below it never resolved), and stepping, resolving and the
options all say the game is over (a judge stops play the moment a player wins)."""
from __future__ import annotations

import pytest

from .conftest import Driver

ZAP = ('define card "Zap" {\n  skill cryomancer  pips blue\n  cost 1 power  range 2  instant\n'
       '  types attack\n  deal 5 damage to target enemy\n}')


@pytest.fixture
def lethal(repl: Driver) -> Driver:
    """alice's Warrior's Strike at bob (1 HP) waits on the stack, about to resolve."""
    for line in ("place alice b1", "place bob b2", "set bob hp 1", "set alice power 3",
                 "put \"Warrior's Strike\" into alice hand", "play Warrior's Strike bob", "pass"):
        repl(line)
    return repl


def test_the_stack_shows_the_item_the_game_ended_in_as_interrupted(lethal):
    out = lethal("step")
    assert "alice wins" in out
    stack = lethal("stack")
    assert stack.startswith("the game is over (alice wins")
    assert "nothing more resolves" in stack
    assert "fate: interrupted (the game ended while it resolved)" in stack
    assert "fate: resolving" not in stack and "->" not in stack


def test_step_resolve_and_legal_say_the_game_is_over(lethal):
    lethal("step")
    before = lethal.game.to_json()
    for line in ("step", "resolve"):
        out = lethal.fails(line)
        assert "the game is over (alice wins" in out and "nothing more resolves" in out
        assert "nothing waits to resolve" not in out
    assert lethal("legal").startswith("game over: alice wins")
    assert "nothing is being decided: game over" in lethal.fails("1")
    assert lethal.game.to_json() == before
    lethal("undo")                                 # and undo goes back to before the step
    assert "next to resolve: Warrior's Strike" in lethal("stack")


def test_an_item_below_the_one_that_ended_the_game_never_resolved(repl):
    repl(ZAP)
    for line in ("place alice b1", "place bob b2", "set alice hp 2", "set alice power 3",
                 "set bob power 2", "put \"Warrior's Strike\" into alice hand", "put Zap into bob hand",
                 "play Warrior's Strike bob", "respond Zap", "target alice"):
        repl(line)
    repl("pass")
    assert "bob wins" in repl("resolve")
    stack = repl("stack")
    zap, strike = stack.splitlines()[1:]
    assert "Zap [" in zap and zap.endswith("fate: interrupted (the game ended while it resolved)")
    assert "Warrior's Strike [" in strike and strike.endswith("fate: never resolved (the game ended first)")
