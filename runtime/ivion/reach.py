"""The printed keyword {Reach} (tsv Bale, Execute, Haymaker): the card's range may be drawn
with one diagonal step (``board.reach_distance``), so it measures its own distances.

The pipeline asks it through the ``Keyword`` hooks (``diagonal_step``, ``own_distance``):
where a target is in range, still in range as the card resolves, or at its max range.
"""
from __future__ import annotations

from typing import Final

from cardsmith.runtime.core.keywords import Keyword


class Reach(Keyword):
    own_distance = True
    diagonal_step = True


REACH: Final = Reach("reach", "can draw range diagonally once")
