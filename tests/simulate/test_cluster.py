"""--cluster: the same games on a real Dask cluster (a ``distributed.LocalCluster`` with two
worker processes) as on local workers."""
from __future__ import annotations

import io
import sys

import pytest

from cardsmith.simulate.pool import DaskPool, MissingExtra
from cardsmith.simulate.run import Plan, run
from cardsmith.simulate.setup import Spec

IKORR = Spec("ikorr", ("ember-regent", "tide-oracle"))


def test_a_dask_cluster_plays_the_same_games_as_local_workers() -> None:
    distributed = pytest.importorskip("distributed", reason="Dask isn't installed (pip install 'cardsmith[cluster]')")
    plan = Plan((IKORR,), ("ember-regent",), seed=5, games=8, workers=2)
    local = run(plan, io.StringIO(), progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = run(Plan(plan.arms, plan.labels, plan.seed, plan.games, cluster=cluster.scheduler_address),
                     io.StringIO(), progress=False)
        assert remote.workers == 2
    assert remote.numbers == local.numbers == list(range(8))
    assert remote.tally.games(0, remote.numbers) == local.tally.games(0, local.numbers)


def test_without_dask_the_cluster_flag_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)       # as if it weren't installed
    with pytest.raises(MissingExtra, match=r"pip install 'cardsmith\[cluster\]'"):
        DaskPool("tcp://127.0.0.1:1")
