"""Cards that lower a maximum (IV-RES-4, IV-RES-5)."""
from __future__ import annotations

from cardsmith.runtime.ivion.resources import cap, gain

from .helpers import define, duel, give, stat

define('''card "T Low Cap" { skill warrior types aura
  static max_power = enemies, 2 }
card "T High Cap" { skill warrior types aura
  static max_power = 7 }''')


def _on_field(g, player: int, name: str) -> str:
    cid = give(g, player, name)
    g.move_card(cid, "field")
    g.card(cid).attached_to = f"player:{1 - player}"
    return cid


def test_a_lowered_cap_keeps_the_excess():
    """tsv Lullaby reminder ("They don't lose excess resources") (IV-RES-5)."""
    g = duel()
    _on_field(g, 0, "T Low Cap")
    g.state.players[1].stats["power"] = 4
    assert cap(g, 1, "power") == 2 and cap(g, 0, "power") == 5   # only the enemy's cap
    assert gain(g, 1, "power", 2, "test") == 0
    assert stat(g, 1, "power") == 4
    g.state.players[1].stats["power"] = 1
    assert gain(g, 1, "power", 3, "test") == 1 and stat(g, 1, "power") == 2


def test_lowered_beats_raised():
    """001 § Learn to Play > How to Play > End (Rule of Five; cards may change it);
    000 F&F § Rules Reference Glossary > Can't Beats Can (IV-RES-4, IV-GOLD-2)."""
    g = duel()
    cid = _on_field(g, 1, "T High Cap")
    g.card(cid).attached_to = "player:1"
    assert cap(g, 1, "power") == 7
    _on_field(g, 0, "T Low Cap")
    assert cap(g, 1, "power") == 2
