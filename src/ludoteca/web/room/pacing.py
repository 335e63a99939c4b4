"""A correspondence room's clocks, vacations, nudges and notices (``pace.rules``).

After every change the room calls :meth:`Pacer.changed`: each person whose move the game
waits on gets a clock (kept while they stay waiting; a seat whose move just came gets a new
one and a "your move" notice), the clocks are stored by the writer thread (``pace_clocks``)
and the scheduler is woken. The scheduler calls :meth:`Pacer.due` when an alarm or a
deadline comes: the alarm is a notice; the deadline is the room's policy (the game's
strongest bot moves for the person, the turn passes, or the game is lost). A seat's person
may take vacation days (its clock is pushed back) and nudge the others once a day. Nobody
is sent a notice while a socket of theirs is open on the room.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Collection, Sequence
from dataclasses import replace
from typing import Any, Protocol, cast

from ludoteca.engine.game import Game, Outcome, ranks_from_scores
from ludoteca.engine.i18n import LANGS, Lang, msg
from ludoteca.web.pace import rules
from ludoteca.web.pace.kit import Note, PaceKit
from ludoteca.web.pace.rules import Pace
from ludoteca.web.room.core import RoomCore
from ludoteca.web.room.events import seat_names
from ludoteca.web.room.live import Live
from ludoteca.web.room.seats import HUMAN, SeatState
from ludoteca.web.room.session import PLAYING, committed
from ludoteca.web.store import RoomRow, Store, pace_rows
from ludoteca.web.store.dialect import Transacting
from ludoteca.web.store.pace_rows import ClockRow, Subscription
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import Client, RoomError

log = logging.getLogger("ludoteca.web")

Clocks = tuple[list[ClockRow], dict[int, tuple[int, int]]]
"""A room's stored clocks and its current game's vacations (``seat → (used, until)``)."""

TIMEOUT_END = "timeout"
"""The ``end_reason`` of a game lost on time (the ``lose`` policy)."""


class Paced(RoomCore, Protocol):
    """What a :class:`Pacer` needs of its room (``room.Room`` is one)."""

    @property
    def seats(self) -> Sequence[SeatState]:
        """The seats, in seat order."""
        ...

    @property
    def clients(self) -> Collection[Client]:
        """The sockets that said ``hello``."""
        ...

    def names(self) -> tuple[str, ...]:
        """The seats' names in seat order."""
        ...

    def stand_in(self, live: Live, version: int, seat: int) -> Awaitable[bool]:
        """The game's default bot moves for ``seat`` (its time ran out)."""
        ...

    async def apply_or_retry(
        self, seat: int, action: Any, reason: dict[str, str] | None = None
    ) -> bool:
        """Apply a checked step (planned again later if not stored); whether it was."""
        ...

    async def forfeit(self, seat: int) -> None:
        """End the game: ``seat`` lost on time."""
        ...

    def timed_out(self, seat: int, label: dict[Lang, str]) -> None:
        """Tell every socket that ``seat``'s time ran out and ``label`` was played for it."""
        ...


class Pacer:
    """The pace of one room.

    Args:
        room: Its room (:class:`Paced`).
        store: The room's store (its pace tables, ``store.pace_rows``).
        kit: The server's pace clock, notices and scheduler.
        pace: The room's pace.
    """

    def __init__(self, room: Paced, store: Store, kit: PaceKit, pace: Pace) -> None:
        self.room = room
        self.store = cast(Transacting, store)
        self.rows = store
        self.kit = kit
        self.pace = pace
        self.game: Game[Any, Any] = room.session.game
        self.clocks: dict[int, ClockRow] = {}
        """Each waiting person's clock (as last stored)."""
        self.away: dict[int, tuple[int, int]] = {}
        """Each seat's vacation in the current game: ``(days used, away until ms)``."""
        self._game_no = 0

    @property
    def on(self) -> bool:
        """Whether the room is played by correspondence."""
        return self.pace.correspondence

    def now(self) -> int:
        """The server's pace clock (ms)."""
        return self.kit.clock.now_ms()

    # -------------------------------------------------------------------------------
    # Reading and showing

    def adopt(self, stored: Clocks, game_no: int) -> None:
        """The clocks and vacations stored for game ``game_no`` (``read_clocks``, read
        with the rest of the room when it is loaded).
        """
        clocks, away = stored
        self.clocks = {c.seat: c for c in clocks if c.game_no == game_no}
        self.away = dict(away)
        self._game_no = game_no

    def to_json(self) -> dict[str, Any]:
        """The pace and its running clocks, for the room's summary."""
        if not self.on:
            return rules.LIVE_PACE.to_json()
        return {
            **self.pace.to_json(),
            "now_ms": self.now(),
            "clocks": [
                {"seat": c.seat, "due_ms": c.due_ms, "alarm_ms": c.alarm_ms}
                for c in sorted(self.clocks.values(), key=lambda c: c.seat)
            ],
            "vacations": [
                {"seat": seat, "left": self.pace.vacation_days - used, "until_ms": until}
                for seat, (used, until) in sorted(self.away.items())
            ],
        }

    def time_left(self, seat: int) -> int | None:
        """Milliseconds ``seat`` has left for its move (None: no clock runs for it)."""
        clock = self.clocks.get(seat)
        return None if clock is None else clock.due_ms - self.now()

    # -------------------------------------------------------------------------------
    # After every change

    def changed(self, finished: bool) -> None:
        """After stored steps (or a start, a load, a seat handed over): the clocks of the
        people the game now waits on, stored; notices to those whose move it became, or
        to everyone at the end.
        """
        if not self.on:
            return
        room = self.room
        live = room.session.live
        if live is None:
            return
        if live.game_no != self._game_no:
            self._game_no = live.game_no
            self.away = {}
        now = self.now()
        clocks: dict[int, ClockRow] = {}
        if not finished and room.status == PLAYING:
            with room.session.calls():
                actors = live.actors()
            for seat in actors:
                if room.seats[seat].kind != HUMAN:
                    continue
                kept = self.clocks.get(seat)
                if kept is not None and _still_waiting(live, seat, kept):
                    clocks[seat] = kept
                    continue
                until = self.away.get(seat, (0, 0))[1]
                clocks[seat] = rules.new_clock(
                    room.id, seat, live.game_no, live.version, now, self.pace, until
                )
        fresh = [seat for seat, clock in clocks.items() if self.clocks.get(seat) is not clock]
        if clocks != self.clocks:
            self.clocks = clocks
            self._store_clocks()
        if finished:
            self._tell_end(live)
        for seat in fresh:
            self._tell(seat, "move")

    def _store_clocks(self) -> None:
        rows = list(self.clocks.values())
        room_id = self.room.id

        def done(error: BaseException | None) -> None:
            if error is not None:
                log.warning("room %s: its clocks were not stored: %s", room_id, error)
            self.kit.wake()

        self.rows.submit(lambda: pace_rows.set_clocks(self.store, room_id, rows), done)

    # -------------------------------------------------------------------------------
    # Alarms and deadlines (the scheduler)

    async def due(self) -> None:
        """Ring the alarms due and act on the first deadline passed (the others are looked
        at again once it is handled).
        """
        room = self.room
        async with room.lock:
            live = room.session.live
            if not self.on or live is None or room.status != PLAYING:
                if self.clocks or self.on:
                    self.clocks = {}
                    await committed(
                        self.rows, lambda: pace_rows.set_clocks(self.store, room.id, [])
                    )
                return
            now = self.now()
            late = [seat for seat, c in sorted(self.clocks.items()) if c.due_ms <= now]
            rang = [
                seat
                for seat, c in sorted(self.clocks.items())
                if seat not in late and not c.alarmed and c.alarm_ms <= now
            ]
            for seat in rang:
                self.clocks[seat] = replace(self.clocks[seat], alarmed=True)
                self._tell(seat, "alarm")
            if rang:
                rows = list(self.clocks.values())
                await committed(self.rows, lambda: pace_rows.set_clocks(self.store, room.id, rows))
            if not late:
                return
            seat, version = late[0], live.version
            if self.pace.policy == "lose":
                await room.forfeit(seat)
                return
            if self.pace.policy == "skip" and await self._skip(live, seat):
                return
        await room.stand_in(live, version, seat)

    async def _skip(self, live: Live, seat: int) -> bool:
        """The ``skip`` policy (under the room's lock): the seat's pass move, if the game
        offers one now (False: a bot moves instead).
        """
        room = self.room
        with room.session.calls():
            moves = [a for a in self.game.legal_actions(live.state, seat) if str(a) == "pass"]
        if not moves:
            log.warning("room %s: no pass for seat %s at its deadline", room.id, seat)
            return False
        before = live.version
        await room.apply_or_retry(seat, moves[0])
        if live.version > before:
            with room.session.calls():
                names = room.names()
                label: dict[Lang, str] = {
                    code: self.game.describe(moves[0], code, seat_names(names, code))
                    for code in ("es", "en")
                }
            room.timed_out(seat, label)
        return True

    # -------------------------------------------------------------------------------
    # A person's requests

    async def vacation(self, client: Client, days: int) -> None:
        """``client``'s seat takes ``days`` off (under the room's lock): its clock is pushed
        back, and a clock that starts while it is away starts at the end.

        Raises:
            RoomError: Not correspondence, not seated, no game, or not enough days left.
        """
        seat, live = self._seated(client)
        if not 1 <= days <= rules.MAX_VACATION_DAYS:
            raise RoomError("bad_message", msg("web.pace.bad_days", max=rules.MAX_VACATION_DAYS))
        used, until = self.away.get(seat, (0, 0))
        left = self.pace.vacation_days - used
        if days > left:
            raise RoomError("no_vacation", msg("web.pace.no_vacation_left", left=left, asked=days))
        now = self.now()
        until = max(until, now) + days * rules.DAY_MS
        used += days
        self.away[seat] = (used, until)
        clock = self.clocks.get(seat)
        if clock is not None:
            self.clocks[seat] = rules.on_vacation(clock, days, now)
        rows = list(self.clocks.values())
        room_id, game_no = self.room.id, live.game_no

        def write() -> None:
            pace_rows.save_vacation(self.store, room_id, game_no, seat, used, until)
            pace_rows.set_clocks(self.store, room_id, rows)

        await committed(self.rows, write)
        self.kit.wake()

    async def nudge(self, client: Client) -> list[int]:
        """``client``'s seat nudges the people the game waits on (once a day per game).

        Returns:
            The seats nudged.

        Raises:
            RoomError: Not correspondence, not seated, its own move, or nudged today.
        """
        seat, live = self._seated(client)
        waiting = [s for s in self.clocks if s != seat]
        if not waiting:
            key = "web.pace.nudge_self" if seat in self.clocks else "web.pace.nudge_nobody"
            raise RoomError("no_nudge", msg(key))
        room_id, game_no, now = self.room.id, live.game_no, self.now()
        last = await asyncio.to_thread(pace_rows.last_nudge, self.store, room_id, game_no, seat)
        if last is not None and now - last < rules.NUDGE_GAP_MS:
            hours = -(-(rules.NUDGE_GAP_MS - (now - last)) // rules.HOUR_MS)
            raise RoomError("nudged_today", msg("web.pace.nudge_wait", hours=hours))
        await committed(
            self.rows, lambda: pace_rows.save_nudge(self.store, room_id, game_no, seat, now)
        )
        for other in waiting:
            self._tell(other, "nudge", sender=seat)
        return waiting

    async def subscribe(self, client: Client, notify: p.Notify) -> None:
        """Keep ``client``'s seat's push subscription (in the socket's language).

        Raises:
            RoomError: Not seated, or an ``http://`` endpoint on a real server.
        """
        seat = client.seat
        if seat is None:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        if notify.endpoint.startswith("http://") and not self.kit.allow_http_push:
            raise RoomError("bad_subscription", msg("web.push.bad_subscription"))
        sub = Subscription(notify.endpoint, notify.p256dh, notify.auth, client.lang)
        room_id, now = self.room.id, self.now()
        await committed(self.rows, lambda: pace_rows.subscribe(self.store, room_id, seat, sub, now))

    def _seated(self, client: Client) -> tuple[int, Live]:
        if not self.on:
            raise RoomError("live_room", msg("web.pace.live_room"))
        seat = client.seat
        if seat is None:
            raise RoomError("not_seated", msg("web.error.not_seated"))
        live = self.room.session.live
        if live is None or self.room.status != PLAYING:
            raise RoomError("not_started", msg("web.pace.no_game"))
        return seat, live

    # -------------------------------------------------------------------------------
    # Notices

    def _connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.room.clients)

    def _tell(self, seat: int, kind: str, sender: int | None = None) -> None:
        """A notice to ``seat``'s person, unless they have the room open."""
        if self._connected(seat):
            return
        room = self.room
        game = self.game.info
        names = room.names()
        left = self.time_left(seat) or 0
        texts: dict[str, tuple[str, str]] = {}
        for lang in LANGS:
            code: Lang = "es" if lang == "es" else "en"
            named = seat_names(names, code)
            params = {"game": game.name(code), "name": named[seat], "left": ""}
            params["left"] = rules.left_text(left, code)
            if kind == "alarm":
                policy = msg(f"web.pace.policy.{self.pace.policy}").text(code)
                body = msg("web.push.alarm.body", policy=policy, **params).text(code)
            elif kind == "nudge":
                body = msg("web.push.nudge.body", **params).text(code)
            else:
                body = msg("web.push.move.body", **params).text(code)
            sender_name = named[sender] if sender is not None else ""
            title = msg(f"web.push.{kind}.title", from_name=sender_name, **params).text(code)
            texts[code] = (title, body)
        self.kit.notices.tell(
            Note(room.id, seat, kind, texts, f"/room/{room.id}", f"{room.id}-{seat}")
        )

    def _tell_end(self, live: Live) -> None:
        """The game ended: every person not at the table is told how."""
        room = self.room
        with room.session.calls():
            outcome = live.outcome()
        if outcome is None:
            return
        names = room.names()
        for seat, held in enumerate(room.seats):
            if held.kind != HUMAN or self._connected(seat):
                continue
            texts: dict[str, tuple[str, str]] = {}
            for lang in LANGS:
                code: Lang = "es" if lang == "es" else "en"
                title = msg("web.push.end.title", game=self.game.info.name(code)).text(code)
                texts[code] = (title, outcome.describe(code, seat_names(names, code)))
            self.kit.notices.tell(
                Note(room.id, seat, "end", texts, f"/room/{room.id}", f"{room.id}-{seat}")
            )


def read_clocks(store: Store, row: RoomRow) -> Clocks | None:
    """A correspondence room's stored clocks and vacations (None for a live room); blocking,
    called in the thread that reads the rest of the room.
    """
    if not rules.from_options(row.options).correspondence:
        return None
    rows = cast(Transacting, store)
    return (
        pace_rows.room_clocks(rows, row.id),
        pace_rows.vacations(rows, row.id, row.game_no),
    )


def _still_waiting(live: Live, seat: int, clock: ClockRow) -> bool:
    """Whether ``seat`` has not moved since its clock started (another seat's secret
    choice, or a chance step, leaves it facing the same decision).
    """
    if clock.game_no != live.game_no or clock.version > live.version:
        return False
    return all(live.steps.seat(i) != seat for i in range(clock.version, live.version))


def forfeit_outcome(players: int, seat: int, turns: int = 0) -> Outcome:
    """The outcome of a game ``seat`` lost on time: everyone else shares the win."""
    scores = tuple(0.0 if s == seat else 1.0 for s in range(players))
    return Outcome(
        scores,
        tuple(s for s in range(players) if s != seat),
        ranks_from_scores(scores),
        reason=msg("web.pace.lost_on_time", seat=seat),
        end_reason=TIMEOUT_END,
        turns=turns,
        figures={"timed_out": seat},
    )


def stored_forfeit(players: int, stored: dict[str, Any] | None) -> Outcome | None:
    """A stored game's outcome if it was lost on time (its state is not over)."""
    if not stored or stored.get("end_reason") != TIMEOUT_END:
        return None
    seat = stored.get("figures", {}).get("timed_out")
    if not isinstance(seat, int) or not 0 <= seat < players:
        return None
    return forfeit_outcome(players, seat, int(stored.get("turns", 0)))
