"""The printed card list (``runtime/ivion/printed.py``) and the whole bundled pool against
it: every script of a printed card has the printed header (costs, gains, range, banner,
heroic, types, pips, HP, kind and archetype; shared/rules/README.md reads the columns)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.dsl.loader import bundled_library
from cardsmith.runtime.core.printed import pool_mismatches
from cardsmith.runtime.core.registry import get_game
from cardsmith.runtime.ivion import printed

ROOT = Path(__file__).resolve().parents[3]
DATA = next((p / "shared" / "data" / "ivion-cards.tsv" for p in ROOT.parents
             if (p / "shared" / "data" / "ivion-cards.tsv").is_file()), None)


def _pool():
    return [c for c in bundled_library("ivion") if c.game == "ivion"]


def test_every_scripted_printed_card_has_its_printed_header():
    found = pool_mismatches(printed.printed_cards(), _pool(), printed.script_header)
    assert found == {}, "\n".join(f"{n}: {'; '.join(p)}" for n, p in found.items())


def test_the_game_gives_the_list_through_its_rules():
    rules = get_game("ivion")
    assert rules.printed_cards() == printed.printed_cards()
    card = bundled_library("ivion").get("Shield Slam")
    assert rules.printed_header(card)["hp"] == 42


def test_the_list_holds_656_cards_and_names_repeated_ones_apart():
    cards = printed.printed_cards()
    assert len(cards) == 656
    assert [c.name for c in cards if c.name.startswith("Misfire")] == ["Misfire", "Misfire (2)", "Misfire (3)"]
    assert len({c.name for c in cards}) == 656


def test_a_row_without_rules_text_is_unscriptable_with_that_reason():
    blank = {c.name: c.unscriptable for c in printed.printed_cards() if c.unscriptable}
    assert set(blank) == {"Fight with Honor", "Winterheart", "Arcana", "Whet", "Finch"}
    assert set(blank.values()) == {printed.NO_TEXT}


def test_the_list_carries_no_rules_text():
    """Printed sentences stay out of the project: the text column says only whether there is some."""
    head, *rows = [line.split("\t") for line in printed.PRINTED_FILE.read_text("utf-8").splitlines()]
    assert printed.MECHANICS not in head
    col = head.index(printed.TEXT)
    assert {r[col] for r in rows} == {"yes", ""}


@pytest.mark.skipif(DATA is None, reason="the full printed data (shared/data/ivion-cards.tsv) is not here")
def test_the_list_is_the_printed_data_without_its_text():
    assert DATA is not None
    text = DATA.read_text("utf-8")
    assert printed.PRINTED_FILE.read_text("utf-8") == printed.strip(text.splitlines())
    assert [c.header for c in printed.read(text)] == [c.header for c in printed.printed_cards()]


def test_header_reads_each_column():
    """README (data): A+-/A '-',1 costs 1 action; P+-/P '+',2 gains 2 power; R blank: no limit."""
    row = dict.fromkeys(printed.PRINTED_FILE.read_text("utf-8").splitlines()[0].split("\t"), "")
    row.update({"Format": "Skill", "Card Name": "X", "Archetype": "Ebon Mage", "A+-": "-", "A": "1",
                "P+-": "+", "P": "2", "Slow": "Slow", "Disarm": "Disarm",
                "Hidden Types": "Instant Debuff Attack", "Colorpip 1": "Black", "Season tag": "S1"})
    h = printed.header(row)
    assert h == {"kind": "skill", "archetype": "ebon_mage", "action_cost": 1, "action_gain": 0,
                 "power_cost": 0, "power_gain": 2, "range": None, "hp": 0, "heroic": False,
                 "banner": frozenset({"slow", "disarm"}), "instant": True,
                 "types": frozenset({"debuff", "attack"}), "pips": ("black",)}
    assert printed.kind({**row, "Archetype": "", "Hidden Types": "Passive - Trait"}) == "trait"
    assert printed.kind({**row, "Archetype": "", "Hidden Types": "Trap", "A": "", "P": ""}) == "trap"
    assert printed.kind({**row, "Archetype": "", "Hidden Types": "Attack", "A": ""}) == "arrowhead"
