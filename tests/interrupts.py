"""Ctrl-C as a terminal delivers it, whatever way the suite was started.

Python turns SIGINT into ``KeyboardInterrupt`` only when SIGINT is not ignored when it
starts; a shell without job control (a script's ``command &``, many CI runners) starts a
background command with SIGINT ignored (POSIX), and that ignore is inherited by pytest,
its workers and every program a test starts. A test that presses Ctrl-C then waits for an
interrupt that never comes (``ludoteca simulate -n 100000`` runs on; a worker "playing for
an hour" is waited for). A test that sends SIGINT requests :func:`sigint_default`.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest


@pytest.fixture
def sigint_default() -> Iterator[None]:
    """Python's own SIGINT handler in this process for the test, the previous one after.

    A handler, unlike an ignore, is reset to the default by ``exec``, so a program the test
    starts meanwhile gets Python's ``KeyboardInterrupt`` too.
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
