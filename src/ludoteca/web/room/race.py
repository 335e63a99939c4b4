"""A realtime room's race: people's actions judged in the order they were pressed.

A person's action in a realtime game (Gotcha's buzz, chat, emote, draw...) arrives as a
:class:`Press`: its stamp (``wire.clocksync``: the page's press time corrected to server
time, or its arrival for a page that sends none) and the time from which it may be judged,
``due``. A press is held until every press that could have been made before it has had time
to arrive: its stamp plus the longest :attr:`ClockSync.reach` of the other seats' sockets
(:meth:`Race.hold`). That is as short as the other sockets' own trips allow: with no other
synced socket it is at once (a press is judged on arrival, as before stamps), on a loopback
about 10 ms, with a seat on a 200 ms link about that seat's longest one-way trip. Then the
presses are judged in press order (ties in arrival order), each at the game time of its
stamp; what is no longer legal by then (a breach already buzzed) is refused to its sender
as any late action is. The engine never sees a clock: the time is in the action's value.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import msg
from ludoteca.web.room import clock
from ludoteca.web.room.bots import Pilot
from ludoteca.web.room.core import RoomCore
from ludoteca.web.room.session import PLAYING
from ludoteca.web.telemetry import metrics
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client, RoomError
from ludoteca.web.wire.clocksync import Stamp, monotonic_of, server_ms

log = logging.getLogger("ludoteca.web")


@dataclass(slots=True, order=True)
class Press:
    """One person's realtime action waiting to be judged (ordered by press time, then by
    arrival).

    Attributes:
        at: Server ms of the press (``stamp.at``).
        seq: Arrival order in the room.
        due: Server ms from which it may be judged.
        client: Its socket (errors go there).
        seat: The seat that pressed.
        text: The action's text without its time.
        version: The state version the page pressed on.
        stamp: How the press was placed in server time.
        game_no: The room's game it was pressed in (a rematch started meanwhile makes it
            stale).
    """

    at: float
    seq: int
    due: float = field(compare=False)
    client: Client = field(compare=False)
    seat: int = field(compare=False)
    text: str = field(compare=False)
    version: int = field(compare=False)
    stamp: Stamp = field(compare=False)
    game_no: int = field(compare=False, default=0)


class Queue:
    """The presses of one room not judged yet, in press order."""

    __slots__ = ("_seq", "pending")

    def __init__(self) -> None:
        self.pending: list[Press] = []
        self._seq = 0

    def add(
        self,
        client: Client,
        seat: int,
        text: str,
        version: int,
        stamp: Stamp,
        hold: float,
        game_no: int = 0,
    ) -> Press:
        """Hold a press until ``hold`` ms after its stamp (never before its arrival)."""
        self._seq += 1
        due = max(stamp.arrived, stamp.at + hold)
        press = Press(stamp.at, self._seq, due, client, seat, text, version, stamp, game_no)
        bisect.insort(self.pending, press)
        return press

    def take_due(self, now: float) -> list[Press]:
        """The presses to judge at server time ``now``: in press order, up to the first
        that must still wait (a later press is never judged before an earlier one).
        """
        return self.take_while(lambda press: press.due <= now)

    def take_while(self, earlier: Callable[[Press], bool]) -> list[Press]:
        """The presses from the first, in press order, while ``earlier`` holds."""
        count = 0
        for press in self.pending:
            if not earlier(press):
                break
            count += 1
        taken, self.pending = self.pending[:count], self.pending[count:]
        return taken

    def next_due(self) -> float | None:
        """When the first press may be judged (None: nothing waits)."""
        return self.pending[0].due if self.pending else None


class Table(RoomCore, Protocol):
    """What a :class:`Race` needs of its room (``room.Room`` is one)."""

    @property
    def pilot(self) -> Pilot:
        """Its bots (a proposal timed before a press wins)."""
        ...

    @property
    def clients(self) -> set[Client]:
        """The sockets that said ``hello``."""
        ...

    def names(self) -> tuple[str, ...]:
        """The seats' names in seat order."""
        ...

    async def apply(self, seat: Seat, action: Any, reason: dict[str, str] | None = None) -> None:
        """Apply a checked action, store it, broadcast, go on (under the lock)."""
        ...


class Race:
    """The people's realtime actions of one room, judged in press order.

    Args:
        table: Its room.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.queue = Queue()
        self._timer: asyncio.TimerHandle | None = None

    async def press(self, client: Client, seat: int, act: p.Act, arrived: float) -> None:
        """A seated person's checked ``act`` that arrived at server time ``arrived``: held
        as long as fairness needs, then judged (call under the room's lock).
        """
        sync = client.clock
        stamp = Stamp(arrived, 0.0, arrived) if sync is None else sync.stamp(act.at, arrived)
        game_no = self.table.session.current().game_no
        self.queue.add(client, seat, act.action, act.version, stamp, self.hold(seat), game_no)
        await self.judge(self.queue.take_due(server_ms()))

    def hold(self, seat: int) -> float:
        """How long after its stamp a press of ``seat`` waits: until a press made before it
        on any other seat's socket has had time to arrive (their longest reach, ms).
        """
        reaches = [
            c.clock.reach
            for c in self.table.clients
            if c.clock is not None and c.seat is not None and c.seat != seat
        ]
        return max(reaches, default=0.0)

    async def before_bot(self, action: Any) -> bool:
        """Before a bot's (or a stand-in's) realtime ``action``: judge the presses made
        before its time, due or not. True if they changed the game (the bot's action
        belongs to the state before: it is dropped and the bots plan again).
        """
        if not self.queue.pending:
            return False
        session = self.table.session
        before = session.current().version
        with session.calls():
            t = clock.timed(session.game).action_time(action)
        await self.judge(self.queue.take_while(lambda press: self._game_time(press) <= t))
        return session.current().version != before

    def _game_time(self, press: Press) -> int:
        with self.table.session.calls():
            return self.table.session.game_time(press.at)

    async def judge(self, presses: list[Press]) -> None:
        """Play ``presses`` in press order, each at its stamp's game time (after a bot's
        proposal timed before it); a refusal goes to its sender. Then wait for the next
        press's time. Call under the room's lock.
        """
        table = self.table
        for press in presses:
            try:
                await self._judge_one(press)
            except RoomError as error:
                press.client.error(error, table.names())
            except Exception:
                log.exception("room %s: a press could not be judged", table.id)
                press.client.error(RoomError("server_error", msg("web.error.server")))
        self._arm()

    async def _judge_one(self, press: Press) -> None:
        table = self.table
        live = table.session.current()
        if live.game_no != press.game_no:  # a rematch began while the press waited
            raise RoomError("stale", msg("web.error.game_over"), action=press.text)
        if table.status != PLAYING:
            code = "stale" if press.version < live.version else "illegal"
            raise RoomError(code, msg("web.error.game_over"), action=press.text)
        if press.client.seat != press.seat:  # the seat was left while the press waited
            raise RoomError("not_seated", msg("web.error.not_seated"))
        pending = table.pilot.due_proposal(self._game_time(press))
        if pending is not None:  # a bot's action timed before the press wins the race
            await table.apply(pending.seat, pending.action)
            metrics.BOT_ACTIONS.inc()
        action = table.session.read(press.seat, press.text, press.at)
        stamp = press.stamp
        log.info(
            "room %s: seat %s pressed %.1f ms before arrival (± %.1f ms%s): %s",
            table.id,
            press.seat,
            stamp.arrived - stamp.at,
            stamp.error,
            ", clamped" if stamp.clamped else "",
            action,
        )
        anchor = live.anchor
        await table.apply(press.seat, action)
        metrics.PERSON_ACTIONS.inc()
        # The game clock goes on from the press, not from when it was judged: a press made
        # between the two (held meanwhile) gets its own later time, not this one's.
        live.anchor = max(anchor, monotonic_of(press.at))

    def _arm(self) -> None:
        """Judge the first waiting press when its time comes."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        due = self.queue.next_due()
        if due is not None:
            delay = max(0.0, due - server_ms()) / 1000
            self._timer = asyncio.get_running_loop().call_later(delay, self._due)

    def _due(self) -> None:
        self._timer = None
        self.table.pilot.spawn(self._judge_due())

    async def _judge_due(self) -> None:
        async with self.table.lock:
            await self.judge(self.queue.take_due(server_ms()))

    def close(self) -> None:
        """Stop waiting (the room is closed; presses not judged yet are dropped)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
