"""The server's clock for correspondence deadlines, nudges and vacations.

Deadlines are stored as wall-clock milliseconds, so they survive restarts and changes of
worker. Tests move this clock (never sleep for days): with ``LUDOTECA_TEST_CLOCK=1`` in the
server's environment (test-only; never set it on a real server) the route
``POST /api/test/clock`` adds an offset to it (``routes.testclock``); otherwise that route
does not exist and the offset stays 0.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

TEST_CLOCK_ENV = "LUDOTECA_TEST_CLOCK"
"""Test-only: ``1`` lets ``POST /api/test/clock`` move the server's pace clock."""


def test_clock_enabled() -> bool:
    """Whether this process's environment enables the test-only clock route."""
    return os.environ.get(TEST_CLOCK_ENV, "") == "1"


class PaceClock:
    """Wall-clock milliseconds plus an offset that only tests move."""

    def __init__(self) -> None:
        self.offset_ms = 0
        self._listeners: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def now_ms(self) -> int:
        """The server's time now (ms since the epoch, the offset added)."""
        return int(time.time() * 1000) + self.offset_ms

    def listen(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever the clock is moved (the scheduler wakes)."""
        with self._lock:
            self._listeners.append(listener)

    def advance(self, ms: int) -> int:
        """Move the clock forward by ``ms`` (tests only); the new time."""
        with self._lock:
            self.offset_ms += max(0, ms)
            listeners = list(self._listeners)
        for listener in listeners:
            listener()
        return self.now_ms()
