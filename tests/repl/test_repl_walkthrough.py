"""docs/repl-walkthrough.md replayed: the rulebook's Kassidy example (000 § Control >
Example) rebuilt with documented commands, every output as written, the Control coming
off as the rules say, and undo back to the start."""
from __future__ import annotations

from pathlib import Path

from cardsmith.repl.commands import command_names, execute
from cardsmith.repl.session import Session
from cardsmith.repl.transcript import parse, replay, update

DOC = Path(__file__).resolve().parents[2] / "docs" / "repl-walkthrough.md"
KASSIDY, MORGAN = 0, 1
TYPO = "boad"          # the walk-through shows what a mistyped command does


def test_every_output_is_as_written():
    steps = replay(DOC.read_text(encoding="utf-8"), Session())
    assert len(steps) > 40
    bad = [f"line {s.line}: {s.command}\n  expected {s.expected}\n  actual   {s.actual}" for s in steps if not s.ok]
    assert not bad, "walkthrough drifted (python -m cardsmith.repl.transcript --update docs/repl-walkthrough.md):\n" \
        + "\n".join(bad[:3])


def test_only_documented_commands_are_used():
    session = Session()
    help_text = execute(session, "help").text
    names = command_names(session.view)
    for step in parse(DOC.read_text(encoding="utf-8")):
        word = step.command.split()[0]
        assert word in names or word.isdigit() or f"`{word} " in help_text or word == TYPO, word


def test_the_rules_happen_as_the_rulebook_says():
    session = Session()
    snapshots = {}
    for step in parse(DOC.read_text(encoding="utf-8")):
        result = execute(session, step.command)
        assert result.ok or step.command in ("undo", TYPO), (step.command, result.text)
        st = session.g.state
        k = st.players[KASSIDY].stats
        snapshots.setdefault(step.command, []).append(
            (k["slow"], k["disarm"], st.players[KASSIDY].position, st.over, session.g.to_json()))
    # Slowed 3 and Disarmed 2 at the start
    assert snapshots["set kassidy disarm 2"][0][:2] == (3, 2)
    # Harmony paid: the three Slow come off, the Disarm stays
    assert snapshots["1"][0][:2] == (0, 2)
    # two moves, one Disarm each
    assert snapshots["move b2"][0][:3] == (0, 1, "b2")
    assert snapshots["move b3"][0][:3] == (0, 0, "b3")
    # the attack wins
    assert snapshots["step"][-1][3] is True
    # undo all the way: the game as `new` left it
    new_state = snapshots["new seed 1 names kassidy morgan first kassidy"][0][4]
    assert snapshots["undo 30"][0][4] == new_state
    # redo everything: the win again
    assert snapshots["redo 100"][0][3] is True


def test_update_rewrites_a_drifted_output():
    text = "```text\ncardsmith> set morgan hp 6\nsomething old\n```\n"
    session = Session()
    execute(session, "new names kassidy morgan")
    steps = replay(text, session)
    assert not steps[0].ok
    assert update(text, steps) == "```text\ncardsmith> set morgan hp 6\nmorgan: hp 36 -> 6\n```\n"
