"""The room registry: every room of a server over one store.

:class:`Rooms` creates rooms (checking every field, storing each with its seats), finds
them, reads back the ones a restart or an idle sweep left only in the store (replaying their
games) and unloads idle ones. Each room's own handling is :class:`ludoteca.web.room.room.Room`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError, RulesError
from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.pace import rules as pace_rules
from ludoteca.web.room.bots import default_agent
from ludoteca.web.room.history import CHAT_HISTORY
from ludoteca.web.room.live import Live
from ludoteca.web.room.pacing import Clocks, read_clocks, stored_forfeit
from ludoteca.web.room.room import HINTS_OPTION, MAX_ROOM_ID, MAX_TURN_SECONDS, Room
from ludoteca.web.room.seats import SeatState, hash_token
from ludoteca.web.room.session import FINISHED, LOBBY, PLAYING, calls, committed
from ludoteca.web.room.settings import Settings
from ludoteca.web.store import ChatRow, GameRow, RoomRow, SeatRow, Store
from ludoteca.web.wire.client import RoomError, now_ms

log = logging.getLogger("ludoteca.web")


class Rooms:
    """Every room of the server, over one store.

    Args:
        store: Where rooms live.
        settings: Bot pacing and the realtime clock.
    """

    def __init__(
        self,
        store: Store,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.clock = clock
        """Seconds, for idle rooms (``time.monotonic``; tests hand in their own)."""
        self.rooms: dict[str, Room] = {}
        self.before_create: Callable[[str], None] | None = None
        """Called with a new room's id just before it is stored (``web.cluster``: the
        worker takes the room's fence first)."""

    def create(self, game_id: str, players: object, options: object, turn_seconds: object) -> Room:
        """A new room in the lobby.

        Raises:
            RoomError: ``unknown_game``, ``bad_players``, ``bad_option`` or ``bad_message``.
        """
        row, seats, creator = self._new_room(game_id, players, options, turn_seconds)
        self._store_new(row, seats, creator)
        return self._add_new(row, seats, creator)

    async def create_async(
        self, game_id: str, players: object, options: object, turn_seconds: object
    ) -> Room:
        """:meth:`create`, stored by the store's writer thread (with the other writes of
        its batch) while the event loop goes on.

        Raises:
            RoomError: As :meth:`create`; ``server_error`` if the store refused the room.
        """
        row, seats, creator = self._new_room(game_id, players, options, turn_seconds)
        try:
            await committed(self.store, lambda: self._store_new(row, seats, creator))
        except RoomError:
            raise
        except Exception:
            log.exception("room %s: the store refused it", row.id)
            raise RoomError("server_error", msg("web.error.store")) from None
        return self._add_new(row, seats, creator)

    def _store_new(self, row: RoomRow, seats: list[SeatState], creator: str) -> None:
        if self.before_create is not None:
            self.before_create(row.id)
        self.store.create_room(row, [seat.row() for seat in seats], hash_token(creator))

    def _add_new(self, row: RoomRow, seats: list[SeatState], creator: str) -> Room:
        room = Room(self.store, self.settings, self.clock, row, seats)
        room.creator_hash, room.creator_token = hash_token(creator), creator
        self.rooms[row.id] = room
        return room

    def _new_room(
        self, game_id: str, players: object, options: object, turn_seconds: object
    ) -> tuple[RoomRow, list[SeatState], str]:
        """A new room's row, free seats and creator token, every field checked."""
        try:
            game = registry.make(game_id)
        except GameSetupError as error:
            raise RoomError("unknown_game", error.message) from None
        if not isinstance(players, int) or isinstance(players, bool):
            raise RoomError("bad_players", msg("web.error.bad_field", field="players", kind="int"))
        try:
            runner.check_players(game.info, players)
        except GameSetupError as error:
            raise RoomError("bad_players", error.message) from None
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RoomError("bad_option", msg("web.error.bad_field", field="options", kind="{}"))
        options = dict(options)
        hints = options.pop(HINTS_OPTION, True)
        if not isinstance(hints, bool):
            raise RoomError("bad_option", msg("web.error.bad_field", field="hints", kind="bool"))
        pace = pace_rules.parse_pace(options.pop(pace_rules.PACE_OPTION, None), game, turn_seconds)
        spec = game.info.profiles
        if spec is not None and spec.option in options:
            raise RoomError("bad_option", msg("web.error.profiles_option", option=spec.option))
        try:
            resolved = options_mod.resolve(game.info, options)
        except GameSetupError as error:
            raise RoomError("bad_option", error.message) from None
        given: dict[str, Any] = {name: resolved[name] for name in options}
        if hints is False:
            given[HINTS_OPTION] = False
        if pace.correspondence:
            given[pace_rules.PACE_OPTION] = pace.to_json()
        try:  # every option checked now, as the first game will be set up (seed aside)
            with calls(game):
                runner.new_game(game, players, 0, dict(resolved))
        except GameSetupError as error:
            raise RoomError("bad_option", error.message) from None
        if (
            not isinstance(turn_seconds, int)
            or isinstance(turn_seconds, bool)
            or not 0 <= turn_seconds <= MAX_TURN_SECONDS
        ):
            raise RoomError("bad_message", msg("web.error.bad_turn_seconds", max=MAX_TURN_SECONDS))
        room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        row = RoomRow(room_id, game.info.id, players, given, turn_seconds, LOBBY, 0, now_ms())
        return row, [SeatState(seat) for seat in range(players)], secrets.token_urlsafe(24)

    def get(self, room_id: str) -> Room | None:
        """The room with that id, if any: from memory, else read again from the store (a
        room that expired while idle comes back as it was; its game goes on).
        """
        room = self.rooms.get(room_id)
        if room is not None or not 0 < len(room_id) <= MAX_ROOM_ID:
            return room
        return self._loaded(room_id, self._fetch(room_id))

    async def get_async(self, room_id: str) -> Room | None:
        """:meth:`get`, the store read in a thread while the event loop goes on."""
        room = self.rooms.get(room_id)
        if room is not None or not 0 < len(room_id) <= MAX_ROOM_ID:
            return room
        return self._loaded(room_id, await asyncio.to_thread(self._fetch, room_id))

    async def stored_summary(self, room_id: str, lang: Lang) -> dict[str, Any] | None:
        """The summary of a room nobody holds in memory, from its stored rows (read in a
        thread), without loading it; None if there is no such room. No socket is open on
        such a room: only its bots count as connected.
        """

        def read() -> tuple[RoomRow, list[SeatRow], Clocks | None] | None:
            row = self.store.room(room_id)
            if row is None:
                return None
            return row, self.store.seats(room_id), read_clocks(self.store, row)

        found = await asyncio.to_thread(read)
        if found is None:
            return None
        row, seat_rows, clocks = found
        room = Room(self.store, self.settings, self.clock, row, _seat_states(seat_rows))
        if clocks is not None:
            room.pacer.adopt(clocks, row.game_no)
        try:
            return room.summary(lang)
        finally:
            room.close()

    def peek(self, room_id: str) -> Room | None:
        """A room read from the store and replayed to where it stopped, neither kept nor
        started (no bot or timer of it runs), for reading its state where no process holds
        it (``routes.my_games``); None if there is no such room or it does not load. Safe
        in a thread; the caller closes it.
        """
        stored = self._fetch(room_id)
        if stored is None or isinstance(stored, BaseException):
            return None
        try:
            return self._build(stored)
        except (RulesError, StopIteration, KeyError, ValueError) as error:
            log.error("room %s does not load: %s", room_id, error)
            return None

    def _fetch(self, room_id: str) -> _Stored | BaseException | None:
        """Everything stored of a room (None: no such room; the error if the read failed)."""
        try:
            row = self.store.room(room_id)
            return None if row is None else self._read(row)
        except Exception as error:
            return error

    def _loaded(self, room_id: str, stored: _Stored | BaseException | None) -> Room | None:
        """The room built from :meth:`_fetch`'s answer, kept and resumed (None if none)."""
        if stored is None:
            return None
        try:
            if isinstance(stored, BaseException):
                raise stored
            room = self._build(stored)
        except (RulesError, StopIteration, KeyError, ValueError) as error:
            log.error("room %s does not load: %s", room_id, error)
            return None
        except Exception:  # the store failing (a lost connection): logged, not a crash
            log.exception("room %s could not be read from the store", room_id)
            return None
        if room.id in self.rooms:  # loaded meanwhile (another socket's read came first)
            room.close()
            return self.rooms[room.id]
        self.rooms[room_id] = room
        room.resume()
        return room

    def sweep(self) -> list[str]:
        """Unload every room no socket has been open on for ``Limits.idle_seconds``: its
        bots and timers stop, its records stay in the store (``get`` reads it again).

        Returns:
            The ids of the rooms unloaded.
        """
        now = self.clock()
        idle = self.settings.limits.idle_seconds
        gone = [
            room
            for room in self.rooms.values()
            if not room.sockets and room.idle_since is not None and now - room.idle_since >= idle
        ]
        for room in gone:
            room.close()
            del self.rooms[room.id]
        return [room.id for room in gone]

    def load(self) -> None:
        """Read every stored room and replay each game in progress (server start)."""
        for row in self.store.rooms():
            try:
                self.rooms[row.id] = self._load(row)
            except (RulesError, StopIteration, KeyError, ValueError) as error:
                log.error("room %s does not load: %s", row.id, error)

    def _load(self, row: RoomRow) -> Room:
        return self._build(self._read(row))

    def _read(self, row: RoomRow) -> _Stored:
        """The store's reads of a room (safe in a thread: nothing of the room is built).

        A torn record is read as it should have been stored (:func:`mend`): a game stored
        without its room's update becomes the room's game; a room whose current game is
        missing goes back to the lobby.
        """
        games = self.store.games(row.id) if row.game_no >= 1 or row.status != LOBBY else []
        if not games and row.status == LOBBY and row.game_no == 0:
            games = self.store.games(row.id)  # a first game stored without the room's update
        stored = row
        row, game_row = mend_game(row, games)
        steps = [] if game_row is None else self.store.actions(row.id, row.game_no)
        reasons = {} if game_row is None else self.store.reasons(row.id, row.game_no)
        return _Stored(
            row,
            self.store.seats(row.id),
            self.store.creator_hash(row.id),
            self.store.chat(row.id, CHAT_HISTORY),
            game_row,
            steps,
            reasons,
            stored,
            read_clocks(self.store, row),
        )

    def _build(self, stored: _Stored) -> Room:
        """A room from its stored rows, its game replayed to where it stopped; a torn
        record (:meth:`_read`, :func:`mend_seats`) is repaired in the store too.
        """
        row, game_row, steps = stored.row, stored.game, stored.steps
        seat_rows, repairs = mend_seats(row, game_row, stored.seats)
        original = stored.original or row
        if repairs or row != original:
            self._repair(row, original, repairs)
        seats = _seat_states(seat_rows)
        room = Room(self.store, self.settings, self.clock, row, seats, stored.chat)
        room.creator_hash = stored.creator_hash
        if game_row is not None:
            with room.session.calls():
                live = Live.restore(
                    room.game, row.game_no, game_row.seed, game_row.options, row.players, steps
                )
            live.reasons = dict(stored.reasons)
            live.forfeit = stored_forfeit(row.players, game_row.outcome)
            room.begin(live)
            if stored.clocks is not None:
                room.pacer.adopt(stored.clocks, row.game_no)
            with room.session.calls():
                outcome = live.outcome()
            if outcome is not None and row.status == PLAYING:
                # The last step was stored but not the end (a crash in between): end it now
                # (by the writer thread: the event loop never waits on the store).
                result = outcome.to_json()
                self.store.submit(
                    lambda: self.store.finish_game(row.id, row.game_no, result, FINISHED),
                    _logged(row.id),
                )
                room.status = FINISHED
        return room

    def resume(self) -> list[asyncio.Task[None]]:
        """Start the bots and timers of every game in progress (tasks on the running loop).

        Returns:
            The rooms' resuming tasks (their chance draws stored, their bots planned).
        """
        return [task for room in self.rooms.values() if (task := room.resume()) is not None]

    def close(self) -> None:
        """Cancel every room's tasks."""
        for room in self.rooms.values():
            room.close()

    def _repair(self, row: RoomRow, original: RoomRow, seats: list[SeatRow]) -> None:
        """Store the repair of a torn room (by the writer thread) and say so in the log."""
        what = []
        if row.game_no != original.game_no or row.status != original.status:
            what.append(f"game {original.game_no} {original.status} -> {row.game_no} {row.status}")
        if seats:
            what.append(f"{len(seats)} missing seats restored")
        log.warning(msg("web.room_repaired", room=row.id, what="; ".join(what)).text("en"))

        def write() -> None:
            if row != original:
                self.store.update_room(row.id, row.status, row.game_no)
            for seat in seats:
                self.store.save_seat(row.id, seat)

        self.store.submit(write, _logged(row.id))


def mend_game(row: RoomRow, games: list[GameRow]) -> tuple[RoomRow, GameRow | None]:
    """A room's row and current game as they should have been stored: the newest stored
    game is the room's (a game row stored without the room's update is adopted: playing,
    or finished if it has an outcome); a room naming a game that is not stored goes back
    to the lobby after the newest one there is.
    """
    newest = max(games, key=lambda game: game.game_no, default=None)
    current = next((game for game in games if game.game_no == row.game_no), None)
    if newest is not None and newest.game_no > row.game_no:
        status = PLAYING if newest.outcome is None else FINISHED
        return replace(row, game_no=newest.game_no, status=status), newest
    if row.game_no >= 1 and current is None:
        number = 0 if newest is None else newest.game_no
        status = LOBBY if newest is None or newest.outcome is None else FINISHED
        if status == FINISHED:
            return replace(row, game_no=number, status=status), newest
        return replace(row, game_no=number, status=LOBBY), None
    if row.game_no == 0 and row.status != LOBBY:
        return replace(row, game_no=0, status=LOBBY), None
    return row, current


def mend_seats(
    row: RoomRow, game: GameRow | None, seats: list[SeatRow]
) -> tuple[list[SeatRow], list[SeatRow]]:
    """A room's seats, every missing one restored, and those restored (to be stored): free
    in the lobby; during or after a game, a bot under the name the game recorded (no one
    holds a token to it, so no one could sit there again: the table's strongest bot
    plays it on).
    """
    held = {seat.seat: seat for seat in seats if 0 <= seat.seat < row.players}
    restored = []
    for number in range(row.players):
        if number in held:
            continue
        if row.status == LOBBY or game is None:
            seat = SeatRow(number, "free", "", "", None, "")
        else:
            name = game.seats[number] if number < len(game.seats) else f"Bot {number}"
            seat = SeatRow(number, "bot", name, default_agent(row.game), None, "")
        held[number] = seat
        restored.append(seat)
    return [held[number] for number in range(row.players)], restored


class _Stored(NamedTuple):
    """What the store holds of a room: its row (as mended, :func:`mend_game`; ``original``
    as stored), seats, creator token's hash, last chat lines, and its current game's row,
    steps and bots' reasons (None and none before the first game).
    """

    row: RoomRow
    seats: list[SeatRow]
    creator_hash: str
    chat: list[ChatRow]
    game: GameRow | None
    steps: list[tuple[int, str]]
    reasons: dict[int, dict[str, str]]
    original: RoomRow | None = None
    clocks: Clocks | None = None


def _logged(room_id: str) -> Callable[[BaseException | None], None]:
    """A writer-thread ``done`` that logs a refused repair of ``room_id`` (the room's state
    in memory is right; the store is repaired again at its next load).
    """

    def done(error: BaseException | None) -> None:
        if error is not None:
            log.warning("room %s: its repair was not stored: %s", room_id, error)

    return done


def _seat_states(rows: list[SeatRow]) -> list[SeatState]:
    """A room's seats as stored, ready for a :class:`Room`."""
    return [SeatState(s.seat, s.kind, s.name, s.agent, s.profile, s.token_hash) for s in rows]
