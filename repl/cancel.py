"""Ctrl-C while a command runs: the command stops and the session goes back to how it was.

Python turns Ctrl-C into ``KeyboardInterrupt`` at whatever line happens to be running, so a
command can stop anywhere: halfway through parsing a card file, in an AI's look-ahead, in
the middle of a move.  ``commands.execute`` therefore takes its savepoint and puts it back
with Ctrl-C only *noted*: an interrupted restore would leave the session half in one state
and half in the other.  While the command itself runs, the first Ctrl-C raises, once;
a second one pressed while the session is put back is noted and dropped.
"""
from __future__ import annotations

import signal
from contextlib import contextmanager
from types import FrameType
from typing import Any, Iterator


class Interrupts:
    """The SIGINT handler while a command runs: raise when armed, else only count."""

    def __init__(self) -> None:
        self.armed = False
        self.noted = 0

    def handler(self, signum: int, frame: FrameType | None) -> None:
        if self.armed:
            self.armed = False        # one KeyboardInterrupt per arming: the restore after it runs whole
            raise KeyboardInterrupt
        self.noted += 1

    @contextmanager
    def live(self) -> Iterator[None]:
        """Ctrl-C stops the block (also one pressed just before it, while it was held)."""
        if self.noted:
            self.noted = 0
            raise KeyboardInterrupt
        self.armed = True
        try:
            yield
        finally:
            self.armed = False


@contextmanager
def held() -> Iterator[Interrupts]:
    """Within the block Ctrl-C is only noted, except inside ``Interrupts.live()``.

    Only the main thread receives signals; elsewhere (and where SIGINT is ignored, as in
    a job started in the background) nothing is installed and the block runs as it is.
    """
    ctl = Interrupts()
    previous: Any = None
    installed = False
    try:
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
            previous = signal.signal(signal.SIGINT, ctl.handler)
            installed = True
    except ValueError:                  # not the main thread
        pass
    try:
        yield ctl
    finally:
        if installed:
            signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)
