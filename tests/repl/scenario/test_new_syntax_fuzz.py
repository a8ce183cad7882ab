"""Fuzzing the newest scenario syntax (issue 18): ``ZONE["NAME"]`` references, short answers
to prompts, ``ruleset``/``option`` lines with several values (a trailing comma too),
``under V:`` lines and several scenario blocks in one file.  Random and mutated text is
refused with a located message or runs, never an internal error; and a command the runner
refuses (forced questions answered on the way, docs/scenarios.md "Forced questions")
leaves the game exactly as it was.  More examples: ``HYPOTHESIS_PROFILE=ci``."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cardsmith.repl.scenario.build import new_session
from cardsmith.repl.scenario.check import prepare
from cardsmith.repl.scenario.forced import execute_past_forced
from cardsmith.repl.scenario.run import state_json

from ...fuzzing.draw import SETTINGS, Drawn
from ...fuzzing.known import unless_known
from ...fuzzing.loaders import placed, run_scenario
from ...fuzzing.text import Pool, mutate

HERE = Path(__file__).resolve().parents[2] / "scenarios" / "ivion"
NAMES = ('"T Bolt"', '"T Zap"', '"T Nix"', '"T Totem"', '"Attrition"', '"T Bolt', '"Nope"', '""', "T Bolt")
PATHS = ("alice.hand[{n}]", "bob.hand[{n}]", "alice.discard[{n}]", 'tile c1.cards[{n}]', "bob.attached[{n}]",
         "alice.hp[{n}]", "stack[{n}]", "alice.feats[{n}]", "card {n}", "alice.hand[{n}][{n}]")
PROPS = ("", ".revealed", ".owner", ".zone", ".counters.damage", ".beneath", ".beneath.size", ".attached", ".nope")
COMMANDS = ("play Attrition", 'play "T Bolt" bob', "option 2", "target", "target bob", "don't", "pass", "pay",
            "pay 1 action", "play", "play T", "choose", "1", "2", "99", "end", "undo", "step", "resolve",
            'respond "T Nix" "T Bolt"', "move c1", "bob", "t", "remove", "remove slow")
RULESETS = ("", " ruleset hh", " ruleset hh, original", " ruleset hh,", " ruleset original, hh, hh",
            " ruleset orignal", " ruleset hh, seed")
OPTIONS = ("", "option hand_limit 7, 8\n", "option hand_limit 7,\n", "option hand_limit x, 8\n",
           "option hand_limit 8\n", "option nope 1, 2\n")
UNDER = ("under hh: ", "under original: ", "under 7: ", "under 8, 7: ", "under nope: ", "under : ", "")


def expectation(draw: Drawn) -> str:
    path = draw.choice(PATHS).format(n=draw.choice(NAMES + ("1", "2", "0")))
    tail = draw.choice((" == \"T Bolt\"", " == alice", " == true", "", " contains \"T\"", " not contains 1"))
    return "expect " + draw.choice(UNDER) + path + draw.choice(PROPS) + tail


def block(draw: Drawn, k: int) -> str:
    lines = [f'scenario "S{k if draw.chance() > 0.1 else 0}"', 'note "fuzz"',
             "game ivion" + draw.choice(RULESETS) + " seed 1", f'import "{HERE / "cards.ivion"}"']
    lines.append(draw.choice(OPTIONS).rstrip("\n"))
    lines += [f'player alice deck "{HERE / "filler.deck"}" actions 3 power 3 at c2',
              '  hand: "Attrition", "T Bolt", "T Zap"',
              f'player bob deck "{HERE / "filler.deck"}" at c3', '  hand: "T Nix"',
              'attach "T Totem" to c1 owner bob', "turn alice", "", "script"]
    for _ in range(draw.integer(1, 8)):
        if draw.chance() < 0.5:
            lines.append("  " + draw.choice(UNDER) + draw.choice(COMMANDS))
        elif draw.chance() < 0.8:
            lines.append("  " + expectation(draw))
        else:
            lines.append("  expect refused: " + draw.choice(COMMANDS))
    return "\n".join(ln for ln in lines if ln) + "\n"


POOL = Pool(keywords=("scenario", "game", "ruleset", "option", "under", "expect", "refused", "script", ",", "[", "]", ":"),
            words=tuple(c.split()[0] for c in COMMANDS) + ("hh", "original", "hand", "cards", "tile", "c1"),
            names=tuple(n.strip('"') for n in NAMES if n.strip('"')), donors=COMMANDS)


def scenario_text(draw: Drawn) -> str:
    text = "\n".join(block(draw, k) for k in range(draw.integer(1, 3)))
    return mutate(draw, text, POOL) if draw.chance() < 0.4 else text


@SETTINGS
@given(data=st.data())
def test_new_syntax_is_refused_at_its_place_or_runs(data: st.DataObject) -> None:
    text = scenario_text(Drawn(data))
    path = HERE / "fuzz.scenario"
    outcome = unless_known(lambda: run_scenario(path, text))
    if outcome is not None and outcome[0] == "refused":
        assert placed(outcome[1], str(path)), outcome[1]


BOARD = HERE / "playing-forced-questions-answered-or-not.scenario"


@SETTINGS
@given(data=st.data())
def test_a_refused_command_leaves_the_game_as_it_was(data: st.DataObject) -> None:
    """Short answers, forced questions answered on the way, references in commands: a line
    the runner refuses changes nothing (the forced answers it took are taken back)."""
    draw = Drawn(data)
    session = new_session(prepare(BOARD))
    for _ in range(draw.integer(1, 6)):
        command = draw.choice(COMMANDS)
        if draw.chance() < 0.3:
            command = mutate(draw, command, POOL)
        before = state_json(session.g)
        result = execute_past_forced(session, command)
        assert "internal error" not in result.text, (command, result.text)
        if not result.ok:
            assert state_json(session.g) == before, command
