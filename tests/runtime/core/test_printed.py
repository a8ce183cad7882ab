"""The core's count of a game's printed cards against its scripts (``runtime/core/printed.py``),
on a made-up printed list: no game is named."""
from __future__ import annotations

from cardsmith.runtime.core.printed import NOT_YET, PrintedCard, coverage, header_mismatches, pool_mismatches

LIST = (
    PrintedCard("Bolt", (("season", "one"), ("school", "fire")), (("cost", 1),)),
    PrintedCard("Spark", (("season", "one"), ("school", "fire")), (("cost", 0),), pending="needs sparks"),
    PrintedCard("Blank", (("season", "two"), ("school", "fire")), unscriptable="no text printed"),
    PrintedCard("Wave", (("season", "two"), ("school", "water")), (("cost", 2), ("range", None))),
)


def test_counts_names_in_any_case_overall_and_by_each_grouping():
    report = coverage(LIST, ["bolt", "WAVE", "Homebrew"])
    assert (report.overall.scripted, report.overall.printed) == (2, 4)
    groups = dict(report.by_grouping)
    assert [(t.group, t.scripted, t.printed) for t in groups["season"]] == [("one", 1, 2), ("two", 1, 2)]
    assert [(t.group, t.scripted, t.printed) for t in groups["school"]] == [("fire", 1, 3), ("water", 1, 1)]
    assert report.unprinted == ("Homebrew",)


def test_each_unscripted_card_has_its_reason():
    report = coverage(LIST, ["Bolt"])
    assert [(c.name, why) for c, why in report.unscripted] == [
        ("Spark", "needs sparks"), ("Blank", "no text printed"), ("Wave", NOT_YET)]


def test_a_card_with_nothing_printed_to_script_is_never_counted_scripted():
    """A header-only script of such a card (kept for a sample deck) scripts none of its rules."""
    report = coverage(LIST, ["Blank"])
    assert report.overall.scripted == 0
    assert ("Blank", "no text printed") in [(c.name, why) for c, why in report.unscripted]


def test_header_mismatches_name_each_fact_printed_and_scripted():
    assert header_mismatches(LIST[3], {"cost": 2, "range": None}) == []
    assert header_mismatches(LIST[3], {"cost": 1, "range": 3}) == [
        "cost: printed 2, scripted 1", "range: printed none, scripted 3"]
    assert header_mismatches(LIST[0], {}) == ["cost: printed 1, scripted none"]


def test_pool_mismatches_look_only_at_scripted_printed_cards():
    class Card:
        def __init__(self, name, cost):
            self.name, self.cost = name, cost
    found = pool_mismatches(LIST, [Card("BOLT", 3), Card("Wave", 2), Card("Homebrew", 9)],
                            lambda c: {"cost": c.cost, "range": None})
    assert found == {"Bolt": ["cost: printed 1, scripted 3"]}
