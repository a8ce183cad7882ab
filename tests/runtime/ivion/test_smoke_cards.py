"""A smoke scenario for every bundled Ivion card a hero plays (skills from the hand, feats
from the feat zone): on a legal board (001 § Setup: two heroes on the Field, alice's main
step with 3 actions and 5 power, bob next to her with a Slow token), the card resolves, or
the engine refuses it and says why (001 § Playing Cards 1: a card that can't be played
now names the reason; a card whose targets go is meta-countered, IV-CNTR-8).  Every choice
the card asks is answered with the first option offered, every response window passed.

The cards of the Feather, Arrowhead and Trap decks are played by other cards, not by a hero
(IV-ZONE-6, G-21); their tests are test_fletcher*.py and test_season3.py."""
from __future__ import annotations

import pytest

from cardsmith.dsl.loader import bundled_library
from cardsmith.runtime.ivion.playable import why_cant_play
from cardsmith.runtime.ivion.players import zone

from .helpers import FEATS, deck, duel, give, labels, library, refresh

PLAYED_BY_HEROES = ("skill", "ultimate", "trait")


def _cards() -> list[str]:
    return sorted(c.name for c in bundled_library("ivion") if c.game == "ivion"
                  and c.header.kind in PLAYED_BY_HEROES and not c.header.passive)


def _board(name: str):
    kind = library().get(name).header.kind  # the shared library: loaded once a process
    feats = [name if f == {"ultimate": "T Ult", "trait": "T Trait"}.get(kind) else f for f in FEATS]
    g = duel(decks=[deck(feats=feats), deck()])
    if kind == "skill":
        give(g, 0, name)
    a, b = g.state.players
    a.position, b.position = "b2", "b3"
    a.stats.update(actions=3, power=5, initiative=1)
    b.stats.update(slow=1)
    refresh(g)
    where = zone("hand", 0) if kind == "skill" else zone("feats", 0)
    cid = next(c for c in g.state.zones[where] if g.name(c) == name)
    return g, cid


@pytest.mark.parametrize("name", _cards())
def test_the_card_resolves_or_is_refused_with_its_reason(name):
    g, cid = _board(name)
    play = next((a for a in g.legal_actions() if a.kind == "play" and a.args and a.args[0] == cid), None)
    if play is None:
        reason = why_cant_play(g, 0, cid)
        assert reason, f"{name} is not offered and no reason is given; options: {labels(g)}"
        return
    g.apply(play)
    for _ in range(80):
        if g.pending is None or g.state.winner != -1:
            break
        if g.pending.kind == "main" and g.pending.player == 0 and not g.state.stack:
            break
        options = g.legal_actions()
        assert options, f"{name}: asked '{g.pending.prompt}' with no options"
        passing = [a for a in options if a.label == "don't respond"]
        g.apply(passing[0] if passing else options[0])
    else:
        pytest.fail(f"{name} did not finish: still asked '{g.pending.prompt}'")
    said = [e.text for e in g.state.log if e.kind in ("resolve", "meta-counter") and e.text.startswith(name + " ")]
    assert said, f"{name} neither resolved nor was meta-countered: " + " | ".join(e.text for e in g.state.log[-8:])
