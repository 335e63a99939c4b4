"""How the web server keeps the garbage collector's full passes short.

CPython's full (generation-2) collection walks every tracked object that is not frozen.
A server holding a thousand rooms and two thousand sockets tracks hundreds of thousands of
long-lived objects (each socket alone brings some two hundred: uvicorn's protocol, the
ASGI coroutines, websockets' buffers), and one full pass over them stopped the event loop
for 100-350 ms of CPU (more in wall time on a busy machine): every move in flight waited
that long. Those objects do not become garbage while their room or socket lives.

So :class:`Freezer` freezes (``gc.freeze``) whatever survives a full collection: the next
full pass walks only what was made since. A cycle of frozen objects that becomes garbage
later is not collected until the next thaw: every :data:`THAW_SECONDS` everything is
unfrozen, so the next full pass walks (and frees) it all once, and its survivors are frozen
again. One long pass per thaw period instead of one every few seconds.

It also lets the youngest generation grow to :data:`YOUNG` objects before it is collected
(CPython's default is 700). At a few hundred moves a second, an object that lived a few
milliseconds (a message on its way, a move's bookkeeping) had already survived two young
collections and been moved to the oldest generation, whose growth is what triggers full
passes: with the default, the server of one 1,000-game row of ``ludoteca bench web``
(rooms, seats, 10 s of warm-up, 10 s measured) made 13 full passes of 6-113 ms of CPU; with
20,000, one.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from typing import Any

THAW_SECONDS = 600.0
"""How often the frozen objects are handed back to the collector (see the module)."""
YOUNG = 20_000
"""Allocations between two collections of the youngest generation (see the module)."""


class Freezer:
    """Freezes what survives each full collection, thaws it all now and then.

    Args:
        loop: The server's event loop (the freeze runs on it, after the collection).
        thaw_seconds: Seconds between thaws.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, thaw_seconds: float = THAW_SECONDS):
        self.loop = loop
        self.thaw_seconds = thaw_seconds
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        """Collect and freeze what start-up made, then freeze after every full pass; a
        larger youngest generation.
        """
        gc.collect()
        gc.freeze()
        self._thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG, *self._thresholds[1:])
        gc.callbacks.append(self._collected)

    def stop(self) -> None:
        """Stop freezing (the objects frozen so far stay frozen); the old thresholds."""
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._collected)
        gc.set_threshold(*self._thresholds)

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        # Any thread may have run the collection: the freeze is done by the loop, once the
        # collection is over.
        if phase == "stop" and info.get("generation") == 2:
            with contextlib.suppress(RuntimeError):  # the loop closed (shutting down)
                self.loop.call_soon_threadsafe(gc.freeze)

    async def thaw_now_and_then(self) -> None:
        """Every ``thaw_seconds``, unfreeze everything (for as long as the server runs)."""
        while True:
            await asyncio.sleep(self.thaw_seconds)
            gc.unfreeze()
