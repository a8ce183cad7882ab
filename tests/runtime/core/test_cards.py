"""The card library's derived-fact tables (``CardLibrary.derived``): a hot path's facts by
name must follow the library when a designer redefines a card (``define`` in the REPL)."""
from __future__ import annotations

import pytest

from cardsmith.runtime.core.cards import CardLibrary
from cardsmith.runtime.core.effects import CardDef
from cardsmith.runtime.core.errors import UnknownCard


def note_of(card: CardDef) -> str:
    return card.note.upper()


def test_derived_facts_are_computed_once_and_follow_a_redefinition():
    calls: list[str] = []

    def fact(card: CardDef) -> str:
        calls.append(card.name)
        return note_of(card)

    lib = CardLibrary([CardDef("Bolt", "toy", None, note="first")])
    table = lib.derived(fact)
    assert table["Bolt"][1] == "FIRST"
    assert table["Bolt"][1] == "FIRST"
    assert calls == ["Bolt"]                       # asked twice, computed once
    assert lib.derived(fact) is table              # one table per function

    redefined = CardDef("Bolt", "toy", None, note="second")
    lib.add(redefined)
    card, value = table["Bolt"]
    assert card is redefined and value == "SECOND"
    assert calls == ["Bolt", "Bolt"]


def test_derived_facts_of_an_unknown_card_raise_and_store_nothing():
    lib = CardLibrary([CardDef("Bolt", "toy", None)])
    table = lib.derived(note_of)
    with pytest.raises(UnknownCard):
        table["Blot"]
    assert "Blot" not in table
