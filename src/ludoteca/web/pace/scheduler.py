"""The server's scheduler of correspondence clocks: it wakes at the next stored deadline.

Every clock is a row of ``pace_clocks`` (``store.pace_rows``), so the scheduler holds no
state of its own: it reads the earliest alarm or deadline, sleeps until then (or until a
room changed its clocks, or a test moved the clock), and hands each room with something due
to the room host, which loads the room here if nobody holds it (``RoomHost.open_room``). The
room's own pace decides what is due under its lock (``room.pacing``), so a second look at
the same deadline changes nothing. Other work on the same clock (the daily mail digest,
``notify.digest``) runs as a chore after the rooms. Started with the server, it is armed at
start-up from the store; in a cluster every worker runs one, and a room is handled by the
worker that owns it (or takes its lease), so a room handed over to another worker keeps its
clocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from ludoteca.web.pace.clock import PaceClock
from ludoteca.web.store import pace_rows
from ludoteca.web.store.dialect import Transacting

log = logging.getLogger("ludoteca.web")

MAX_SLEEP = 60.0
"""Seconds the scheduler sleeps at most (a clock stored by another worker is seen then)."""
RETRY_SLEEP = 1.0
"""Seconds before looking again at rooms that were due but could not be handled now."""


class DueRoom(Protocol):
    """What the scheduler asks of a room (``room.room.Room``)."""

    async def pace_due(self) -> None:
        """Ring the alarms and act on the deadlines due now."""
        ...


OpenRoom = Callable[[str], Awaitable[DueRoom | None]]
"""The room host's ``open_room``: the room if this process serves it (loaded if needed)."""

Chore = Callable[[int], int | None]
"""Other work due on the server's clock (``notify.digest.Digests.due``): called off the
event loop with the time now (ms), it does what is due and says when it is next due."""


class Scheduler:
    """Wakes at the next alarm or deadline of any room.

    Args:
        store: The store the clocks are in.
        clock: The server's pace clock.
        open_room: The room, held here, for a room id (None: served elsewhere, or gone).
        chores: Other work due on the same clock (the daily mail digest).
    """

    def __init__(
        self,
        store: Transacting,
        clock: PaceClock,
        open_room: OpenRoom,
        chores: Sequence[Chore] = (),
    ) -> None:
        self.store = store
        self.clock = clock
        self.open_room = open_room
        self.chores = tuple(chores)
        self._event = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        clock.listen(self.wake)

    def wake(self) -> None:
        """Look at the clocks again now (safe from any thread)."""
        self._loop.call_soon_threadsafe(self._event.set)

    async def run(self) -> None:
        """Until cancelled: sleep until something is due, then hand the due rooms over."""
        while True:
            self._event.clear()
            try:
                delay = await self._handle_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the correspondence clocks could not be read")
                delay = MAX_SLEEP
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._event.wait(), delay)

    async def _handle_due(self) -> float:
        """Hand every due room over; the seconds until the next thing due."""
        now = self.clock.now_ms()
        rooms = await asyncio.to_thread(pace_rows.due_rooms, self.store, now)
        handled_all = True
        for room_id in rooms:
            try:
                room = await self.open_room(room_id)
            except Exception:
                log.warning(
                    "room %s: its deadline could not be handled now", room_id, exc_info=True
                )
                room = None
            if room is None:
                handled_all = False
                continue
            try:
                await room.pace_due()
            except Exception:
                log.exception("room %s: its deadline failed", room_id)
                handled_all = False
        if rooms and not handled_all:
            return RETRY_SLEEP
        nxt = await asyncio.to_thread(pace_rows.next_wake, self.store)
        for chore in self.chores:
            try:
                chore_next = await asyncio.to_thread(chore, now)
            except Exception:
                log.exception("a scheduled chore failed")
                chore_next = now + int(MAX_SLEEP * 1000)
            if chore_next is not None:
                nxt = chore_next if nxt is None else min(nxt, chore_next)
        if nxt is None:
            return MAX_SLEEP
        wait = (nxt - self.clock.now_ms()) / 1000
        if wait <= 0 and rooms:
            # Every due room was handed over and something is still due: a clock its room
            # keeps for a reason of its own (a move being stored); look again shortly.
            return RETRY_SLEEP
        return min(MAX_SLEEP, max(0.0, wait))
