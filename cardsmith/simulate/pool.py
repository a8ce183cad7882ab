"""Where chunks of games are played: in this process, in local worker processes, or on a
Dask cluster.  Each pool takes ``submit(key, chunk_args)`` and hands back finished chunks
from ``next_done()`` as ``(key, summaries)``; ``stop()`` abandons what is still running
(Ctrl-C), ``close()`` waits for nothing more and releases the workers.
"""
from __future__ import annotations

import queue
import signal
from collections import deque
from typing import Any

from .worker import play_chunk


class SerialPool:
    """One worker: the chunks run here, one at a time, when their results are asked for."""
    workers = 1

    def __init__(self) -> None:
        self.waiting: deque[tuple[Any, tuple]] = deque()

    def submit(self, key: Any, args: tuple) -> None:
        self.waiting.append((key, args))

    def next_done(self) -> tuple[Any, list]:
        key, args = self.waiting.popleft()
        return key, play_chunk(*args)

    def stop(self) -> None:
        self.waiting.clear()

    def close(self) -> None:
        self.waiting.clear()


def _ignore_interrupt() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (otherwise each would print
    its own traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalPool:
    """``workers`` local processes (``multiprocessing.Pool``: it can be terminated at once)."""

    def __init__(self, workers: int) -> None:
        import multiprocessing
        self.workers = workers
        self.done: queue.Queue[tuple[Any, Any, BaseException | None]] = queue.Queue()
        self.pool = multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupt)

    def submit(self, key: Any, args: tuple) -> None:
        self.pool.apply_async(play_chunk, args, callback=lambda r: self.done.put((key, r, None)),
                              error_callback=lambda e: self.done.put((key, None, e)))

    def next_done(self) -> tuple[Any, list]:
        while True:
            try:       # a timeout, so that Ctrl-C is noticed while waiting
                key, result, error = self.done.get(timeout=0.2)
            except queue.Empty:
                continue
            if error is not None:
                raise error
            return key, result

    def stop(self) -> None:
        self.pool.terminate()
        self.pool.join()

    def close(self) -> None:
        self.pool.close()
        self.pool.join()


class DaskPool:
    """An existing Dask distributed cluster at ``address`` (``tcp://HOST:PORT``); its
    workers need cardsmith installed (the same version: the games must be the same)."""

    def __init__(self, address: str) -> None:
        try:
            from distributed import Client, as_completed
        except ImportError:
            raise MissingExtra("--cluster needs Dask distributed: pip install 'cardsmith[cluster]'") from None
        self.client = Client(address, timeout="20s")
        self.workers = max(1, sum(w.get("nthreads", 1) for w in self.client.scheduler_info()["workers"].values()))
        self.completed = as_completed()
        self.keys: dict[Any, Any] = {}        # a Dask future's key: a string or a tuple

    def submit(self, key: Any, args: tuple) -> None:
        future = self.client.submit(play_chunk, *args, pure=False)
        self.keys[future.key] = key
        self.completed.add(future)

    def next_done(self) -> tuple[Any, list]:
        future = next(self.completed)
        return self.keys.pop(future.key), future.result()

    def stop(self) -> None:
        self.client.cancel(list(self.completed.futures))
        self.close()

    def close(self) -> None:
        self.client.close()


class MissingExtra(Exception):
    """An optional part isn't installed; the message says how to install it."""


def make_pool(workers: int, cluster: str | None) -> SerialPool | LocalPool | DaskPool:
    if cluster:
        return DaskPool(cluster)
    return SerialPool() if workers <= 1 else LocalPool(workers)
