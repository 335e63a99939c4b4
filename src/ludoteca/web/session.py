"""A room's authoritative game: reading, checking, applying and storing its steps.

The :class:`Session` owns the room's :class:`~ludoteca.web.live.Live` game. It reads a
person's action (stamping realtime ones with the game clock), checks it against the rules,
applies it with the chance steps that follow and stores those steps. A step is stored
before anyone hears of it: if the store refuses, the game is put back exactly as it was
(state, steps, chance stream, clock anchor) and :class:`RoomError` ``server_error`` is
raised, so nothing was applied and nothing is broadcast. Sockets, seats and bots are the
room's business.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from typing import Any

from ludoteca.engine import runner
from ludoteca.engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from ludoteca.engine.game import Game, Seat
from ludoteca.engine.i18n import msg
from ludoteca.web import clock
from ludoteca.web.client import RoomError, now_ms
from ludoteca.web.live import Live, Step
from ludoteca.web.store import Store

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

    def read(self, seat: Seat, text: str) -> Any:
        """A person's action text as a checked action of ``seat`` (a realtime one stamped
        at the game clock now).

        Raises:
            RoomError: ``unreadable_action``, ``not_your_turn`` or ``illegal``.
        """
        live = self.current()
        with self.calls():
            try:
                if self.realtime:
                    action = clock.stamp(self.game, text, self.now())
                else:
                    action = self.game.parse_action(text)
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
        live = self.current()
        before = (live.state, len(live.steps), live.chance_rng.getstate(), live.anchor)
        with self.calls():
            steps = live.play(seat, action)
        try:
            self._store(live, steps)
        except Exception:
            log.exception("room %s: the store refused step %s", self.room_id, before[1])
            live.state, count, rng_state, live.anchor = before
            del live.steps[count:]
            live.chance_rng.setstate(rng_state)
            raise RoomError("server_error", msg("web.error.store")) from None
        return steps

    def draw(self) -> list[Step]:
        """Draw and store the chance steps the game is waiting on (none if it waits on a
        player).

        Raises:
            RoomError: ``server_error`` if the store refused them; they are then undone.
        """
        live = self.current()
        before = (live.state, len(live.steps), live.chance_rng.getstate())
        with self.calls():
            steps = live.resolve_chance()
        try:
            self._store(live, steps)
        except Exception:
            log.exception("room %s: the store refused the chance steps", self.room_id)
            live.state, count, rng_state = before
            del live.steps[count:]
            live.chance_rng.setstate(rng_state)
            raise RoomError("server_error", msg("web.error.store")) from None
        return steps

    def _store(self, live: Live, steps: list[Step]) -> None:
        if steps:
            entries = [(entry.seat, entry.text) for entry in steps]
            self.store.add_actions(
                self.room_id, live.game_no, live.version - len(steps), entries, now_ms()
            )


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
