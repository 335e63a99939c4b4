"""A room's authoritative game: reading, checking, applying and storing its steps.

The :class:`Session` owns the room's :class:`~ludoteca.web.room.live.Live` game. It reads a
person's action (stamping realtime ones with the game clock), checks it against the rules,
applies it with the chance steps that follow and stores those steps. A step is stored
before anyone hears of it: if the store refuses, the game is put back exactly as it was
(state, steps, chance stream, clock anchor) and :class:`RoomError` ``server_error`` is
raised, so nothing was applied and nothing is broadcast. The rooms call the ``_async``
forms, which hand the write to the store's writer thread (``Store.submit``) and return once
it is committed, so the event loop serves other rooms meanwhile (the room's lock is held:
no one of this room hears of the step before it is stored). Sockets, seats and bots are the
room's business.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from ludoteca.engine import runner
from ludoteca.engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from ludoteca.engine.game import Game, Seat
from ludoteca.engine.i18n import msg
from ludoteca.web.room import clock
from ludoteca.web.room.live import Live, Step
from ludoteca.web.store import Store
from ludoteca.web.telemetry import metrics
from ludoteca.web.wire.client import RoomError, now_ms
from ludoteca.web.wire.clocksync import ms_of_monotonic

log = logging.getLogger("ludoteca.web")

LOBBY, PLAYING, FINISHED = "lobby", "playing", "finished"
"""A room's status: seating people, a game in progress, the last game over."""

_REALTIME_CALLS = threading.RLock()
"""A realtime game's rules may memoise their last state in module globals (Gotcha's do),
which is not safe from two threads at once: every call into a realtime game, on the loop or
in a bot's thread, holds this lock. Turn-based games keep no such globals and need none."""


def calls(game: Game[Any, Any]) -> contextlib.AbstractContextManager[Any]:
    """Hold while calling into ``game`` (a lock for realtime games, see above)."""
    return _REALTIME_CALLS if game.info.realtime else contextlib.nullcontext()


class Session:
    """The game a room is playing, and the store its steps go to.

    Args:
        store: Where the steps are kept.
        room_id: The room.
        game: The room's game.
        clock_scale: Real ms per game ms (``Settings.clock_scale``) for realtime games.
    """

    def __init__(
        self, store: Store, room_id: str, game: Game[Any, Any], clock_scale: float = 1.0
    ) -> None:
        self.store = store
        self.room_id = room_id
        self.game = game
        self.realtime = game.info.realtime
        self.clock_scale = clock_scale
        self.live: Live | None = None

    def calls(self) -> contextlib.AbstractContextManager[Any]:
        """Hold while calling into the game (see :func:`calls`)."""
        return calls(self.game)

    def current(self) -> Live:
        """The game in progress (a room asks only once it has one)."""
        assert self.live is not None
        return self.live

    def now(self) -> int:
        """The realtime game's clock now (call under :meth:`calls`)."""
        live = self.current()
        return clock.game_now(
            clock.clock_of(self.game.view(live.state, None)),
            (time.monotonic() - live.anchor) * 1000,
            self.clock_scale,
            clock.timed(self.game).max_gap_ms,
        )

    def game_time(self, at: float) -> int:
        """The realtime game's clock at server time ``at`` (``clocksync.server_ms``): the
        state's clock if ``at`` is before its last step was applied (call under
        :meth:`calls`).
        """
        live = self.current()
        return clock.game_now(
            clock.clock_of(self.game.view(live.state, None)),
            at - ms_of_monotonic(live.anchor),
            self.clock_scale,
            clock.timed(self.game).max_gap_ms,
        )

    def read(self, seat: Seat, text: str, at: float | None = None) -> Any:
        """A person's action text as a checked action of ``seat`` (a realtime one stamped
        at the game time of server time ``at``, else of now).

        Raises:
            RoomError: ``unreadable_action``, ``not_your_turn`` or ``illegal``.
        """
        live = self.current()
        with self.calls():
            try:
                if self.realtime:
                    t = self.now() if at is None else self.game_time(at)
                    action = clock.stamp(self.game, text, t)
                else:
                    action = _parsed(self.game, text)
            except InvalidActionError as error:
                raise RoomError("unreadable_action", error.message, action=text) from None
            check(self.game, live.state, seat, action, text)
        return action

    def play(self, seat: Seat, action: Any) -> list[Step]:
        """Apply a checked action and the chance that follows, and store the steps.

        Returns:
            The stored steps, the player's first.

        Raises:
            RoomError: ``server_error`` if the store refused the steps; the game is then
                as it was before the call.
        """
        steps, undo = self._advance(lambda live: live.play(seat, action))
        self._settle(steps, undo, self._write(steps))
        return steps

    async def play_async(
        self, seat: Seat, action: Any, reason: dict[str, str] | None = None
    ) -> list[Step]:
        """:meth:`play`, the steps stored by the writer thread while the loop goes on; a
        bot's ``reason`` for the move (one text per language) is kept and stored with it.
        """
        steps, undo = self._advance(lambda live: live.play(seat, action))
        if reason is not None and steps:
            undo.live.reasons[undo.count] = reason
        await self._settle_async(steps, undo)
        return steps

    def draw(self) -> list[Step]:
        """Draw and store the chance steps the game is waiting on (none if it waits on a
        player).

        Raises:
            RoomError: ``server_error`` if the store refused them; they are then undone.
        """
        steps, undo = self._advance(lambda live: live.resolve_chance())
        self._settle(steps, undo, self._write(steps))
        return steps

    async def draw_async(self) -> list[Step]:
        """:meth:`draw`, the steps stored by the writer thread while the loop goes on."""
        steps, undo = self._advance(lambda live: live.resolve_chance())
        await self._settle_async(steps, undo)
        return steps

    def _advance(self, move: Callable[[Live], list[Step]]) -> tuple[list[Step], _Undo]:
        """Apply ``move`` to the game; the steps and how to put the game back."""
        live = self.current()
        undo = _Undo(live, live.state, len(live.steps), live.anchor)
        with self.calls():
            steps = move(live)
        return steps, undo

    def _write(self, steps: list[Step]) -> Callable[[], None]:
        """The store write of ``steps`` (the last ones of the game)."""
        live = self.current()
        entries = [(entry.seat, entry.text) for entry in steps]
        first, game_no, at = live.version - len(steps), live.game_no, now_ms()
        reason = live.reasons.get(first)

        def write() -> None:
            self.store.add_actions(self.room_id, game_no, first, entries, at)
            if reason is not None:
                self.store.add_reason(self.room_id, game_no, first, reason)

        return write

    def _settle(self, steps: list[Step], undo: _Undo, write: Callable[[], None]) -> None:
        if not steps:
            return
        try:
            write()
        except Exception:
            self._refused(undo)

    async def _settle_async(self, steps: list[Step], undo: _Undo) -> None:
        if not steps:
            return
        try:
            await committed(self.store, self._write(steps))
        except Exception:
            self._refused(undo)

    def _refused(self, undo: _Undo) -> None:
        """The store refused the steps: the game as it was, ``server_error`` raised."""
        log.exception("room %s: the store refused step %s", self.room_id, undo.count)
        live = undo.live
        live.state, live.anchor = undo.state, undo.anchor
        live.truncate(undo.count)
        live.rewind_chance()
        raise RoomError("server_error", msg("web.error.store")) from None


async def committed(store: Store, write: Callable[[], None]) -> None:
    """Run ``write`` (calls of ``store``'s write methods) in the store's writer thread and
    return once it is committed; the event loop serves everything else meanwhile.

    Raises:
        Exception: What ``write`` or the commit raised (nothing of it was stored).
    """
    loop = asyncio.get_running_loop()
    stored: asyncio.Future[None] = loop.create_future()

    def done(error: BaseException | None) -> None:  # in the writer thread
        # A loop closed meanwhile (the server stopped) awaits nothing; raising here would
        # end the writer thread and every write queued behind this one.
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(_settle_future, stored, error)

    started = time.perf_counter()
    store.submit(write, done)
    try:
        await stored
    finally:
        metrics.STORE_WRITE_SECONDS.observe(time.perf_counter() - started)


def _settle_future(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


class _Undo:
    """What puts a game back as it was before a refused step."""

    __slots__ = ("anchor", "count", "live", "state")

    def __init__(self, live: Live, state: Any, count: int, anchor: float):
        self.live = live
        self.state = state
        self.count = count
        self.anchor = anchor


def check(game: Game[Any, Any], state: Any, seat: Seat, action: Any, text: str) -> None:
    """Whether ``seat`` may take ``action`` now.

    Raises:
        RoomError: ``not_your_turn`` or ``illegal``, with the rule's id and the action text.
    """
    try:
        runner.check(game, state, seat, action)
    except NotYourTurnError as error:
        raise RoomError(
            "not_your_turn", msg("web.error.illegal", reason=error.reason), error.rule_id, text
        ) from None
    except IllegalActionError as error:
        raise RoomError(
            "illegal", msg("web.error.illegal", reason=error.reason), error.rule_id, text
        ) from None


_PARSED: dict[tuple[str, str], Any] = {}
_PARSED_LIMIT = 1 << 14


def _parsed(game: Game[Any, Any], text: str) -> Any:
    """``game.parse_action(text)`` remembered: actions are immutable values and most texts
    recur (an unreadable text raises and is not remembered).
    """
    key = (game.info.id, text)
    action = _PARSED.get(key)
    if action is None:
        action = game.parse_action(text)
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[key] = action
    return action
