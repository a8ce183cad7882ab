from __future__ import annotations

import pytest

from . import toygame


@pytest.fixture(scope="session", autouse=True)
def toy() -> toygame.ToyRules:
    return toygame.install()
