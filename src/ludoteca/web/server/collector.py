"""How the web server keeps the garbage collector's pauses short.

A served move leaves objects that live about as long as their room's next move (its state,
its steps, the messages on their way): under load the server holds hundreds of thousands of
them, each living for seconds. CPython's generational collector, left to itself, walks such
objects again and again as they are promoted, and its young collections grow unbounded: the
count that triggers one is lowered whenever *any* object dies, old ones included, so with
many old objects dying the young generation held 50,000-165,000 objects when collected,
pauses of 30-160 ms once a second, and a full pass stopped the loop for 100-350 ms. In a
1,000-game row of ``ludoteca bench web`` on one worker, disabling the collector took the
median move from 50 ms to 5 ms and the 99th percentile from 412 ms to 96 ms.

So :class:`Freezer` takes the collector's schedule in hand:

- automatic collection is off; every :data:`YOUNG_SECONDS` the loop collects the youngest
  generation (a pause proportional to what was made since and is still alive: a few ms)
  and freezes (``gc.freeze``) what survived, so no object is walked twice. A frozen object
  is still freed by its reference count as soon as nothing refers to it;
- every :data:`THAW_SECONDS` everything is unfrozen and collected in one full pass (one long
  pause per period), which frees the reference cycles that became garbage after being
  frozen, and the survivors are frozen again.

Cycles that die young (an exception's traceback, a task's bookkeeping) are freed by the next
young collection; the rest wait for the thaw, bounded by what one period makes.
"""

from __future__ import annotations

import asyncio
import gc

YOUNG_SECONDS = 0.1
"""Seconds between two collections of the youngest generation (see the module)."""
THAW_SECONDS = 300.0
"""How often the frozen objects are handed back to the collector (see the module)."""


class Freezer:
    """Runs the collector on the server's schedule (see the module).

    Args:
        loop: The server's event loop (the collections run on it, between callbacks).
        thaw_seconds: Seconds between full collections.
        young_seconds: Seconds between young collections.
    """

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        thaw_seconds: float = THAW_SECONDS,
        young_seconds: float = YOUNG_SECONDS,
    ):
        self.loop = loop
        self.thaw_seconds = thaw_seconds
        self.young_seconds = young_seconds
        self._was_enabled = gc.isenabled()
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        """Collect and freeze what start-up made; from now on the loop collects."""
        self._was_enabled = gc.isenabled()
        gc.disable()
        gc.collect()
        gc.freeze()
        self._timer = self.loop.call_later(self.young_seconds, self._young)

    def stop(self) -> None:
        """Give collection back to CPython (the objects frozen so far stay frozen)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._was_enabled:
            gc.enable()

    def _young(self) -> None:
        gc.collect(0)
        gc.freeze()
        self._timer = self.loop.call_later(self.young_seconds, self._young)

    async def thaw_now_and_then(self) -> None:
        """Every ``thaw_seconds``, a full collection of everything (while the server runs)."""
        while True:
            await asyncio.sleep(self.thaw_seconds)
            self.thaw()

    @staticmethod
    def thaw() -> None:
        """Unfreeze everything, collect it all, freeze the survivors."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
