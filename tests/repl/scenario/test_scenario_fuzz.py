"""Changed scenario and puzzle files (the bundled ones, changed by tests/fuzzing/text.py):
each is refused with a ``CardError`` at its place in the file, or builds its board and runs
its script (and a puzzle's solution) with no internal error on any line.  More examples:
``HYPOTHESIS_PROFILE=ci``; a long run: ``benchmarks/fuzz_inputs.py --target scenarios``."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ...fuzzing.draw import SETTINGS, Drawn
from ...fuzzing.known import unless_known
from ...fuzzing.lines import in_folder
from ...fuzzing.loaders import placed, run_scenario, scenario_input


@SETTINGS
@given(data=st.data())
def test_a_changed_scenario_is_refused_at_its_place_or_runs(data: st.DataObject) -> None:
    path, text = scenario_input(Drawn(data))
    with in_folder():
        outcome = unless_known(lambda: run_scenario(path, text))
    if outcome is not None and outcome[0] == "refused":
        assert placed(outcome[1], str(path)), outcome[1]
