"""docs/scenarios.md stays true: it names every keyword of the scenario grammar, and its
first example runs and passes."""
from __future__ import annotations

import io
import re
from pathlib import Path

from cardsmith.cli import main

from ...dsl.grammar_words import quoted_keywords
from .conftest import CARDS

DOC = Path(__file__).resolve().parents[3] / "docs" / "scenarios.md"


def test_every_scenario_keyword_is_documented():
    text = DOC.read_text()
    missing = sorted(k for k in quoted_keywords(only="scenario.tx") if f"`{k}`" not in text)
    assert not missing, f"docs/scenarios.md never mentions: {missing}"


def test_the_first_example_passes(tmp_path):
    example = re.findall(r"```\n(scenario .*?)```", DOC.read_text(), re.S)[0]
    path = tmp_path / "doc.scenario"
    path.write_text(example.replace('import "cards.ivion"', f'import "{CARDS}"'))
    out = io.StringIO()
    assert main(["run", str(path)], out=out, err=io.StringIO()) == 0, out.getvalue()


def test_every_expectation_shown_parses(tmp_path):
    from cardsmith.dsl.scenarios import parse_scenario
    block = re.search(r"### Expectations.*?```\n(.*?)```", DOC.read_text(), re.S).group(1)
    parse_scenario('scenario "x"\ngame ivion\nscript\n' + block, "doc")
