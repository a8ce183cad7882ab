"""An Ivion card's header line, as ``show`` prints it above the rules text."""
from __future__ import annotations

from cardsmith.runtime.ivion.header import IvionHeader, header_line


def test_header_line() -> None:
    h = IvionHeader(kind="skill", archetype="cryomancer", pips=("blue",), action_cost=1,
                    power_gain=1, range=2, banner=frozenset({"disarm", "slow"}),
                    types=frozenset({"debuff", "attack"}), instant=True)
    assert header_line(h) == ("Cryomancer skill - Instant Attack Debuff - Cost 1 action - "
                              "Gain 1 power - Range 2 - Banner: slow, disarm - Pips: blue")
    ult = IvionHeader(kind="ultimate", archetype="steward", hp=30, heroic=True, power_cost=2, action_cost=2)
    assert header_line(ult) == "Steward ultimate (30 HP) - Cost 2 actions and 2 power - Heroic"
    feat = IvionHeader(kind="trait", charged=True, charges=2, action_gain=2)
    assert header_line(feat) == "Trait - Gain 2 actions - Charged 2"
