"""The store over SQL, shared by SQLite (``store.sqlite``) and PostgreSQL (``store.postgres``).

Both speak the same SQL (written with ``?`` placeholders; PostgreSQL gets ``%s``). Every
call commits before it returns, so an accepted action is durable before it is broadcast.
Calls are synchronous and short; a lock makes one connection safe to share between the
event loop and the bot threads.

The rooms' hot writes (a move's steps) go through :meth:`Store.submit` instead: a writer
thread runs every write queued meanwhile in ONE transaction and tells each write's caller
only once it is committed, so the event loop never waits on
the database and the room still broadcasts a step only after it is stored. A batch that
fails is rolled back; the write that failed fails alone and the others are committed each
in a transaction of their own.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.web.store.base import ChatRow, Done, GameRow, RoomRow, SeatRow
from ludoteca.web.store.migrations import migrate

CRASH_ENV = "LUDOTECA_CRASH_AT_WRITE"
"""Tests only: ``N`` kills the process (``os._exit``, as kill -9 would) just before the Nth
write transaction of a room commits (a room's write, or a writer batch of steps), to check
that every room write is atomic and nothing acknowledged is lost
(``tests/web/test_crash.py``). Transactions of no room (``transact``: migrations, the
server's keys, people, clocks) are not counted, so N counts the same writes however many
of those a start makes."""

BATCH_LIMIT = 512
"""Most writes the writer thread commits in one transaction."""


class SqlStore:
    """The shared implementation over a DB-API connection (``?`` placeholders)."""

    def __init__(self, conn: Any, placeholder: str) -> None:
        self._conn = conn
        self._ph = placeholder
        self.guard: Callable[[Any, str], None] | None = None
        """Called with the cursor and the room at the start of every write transaction of
        a room (``store.fence``: the cluster's lease check); None: no check."""
        self.guard_all: Callable[[Any, Collection[str]], None] | None = None
        """The same check for every room a writer batch wrote, in one statement at the end
        of the batch (before its commit); None: :attr:`guard` once per room instead."""
        self._lock = threading.Lock()
        self._batch = threading.local()
        """``.cursor`` while the writer thread runs a batch: write calls join it."""
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._crash_at = 0
        migrate(self)
        crash = os.environ.get(CRASH_ENV, "")
        self._crash_at = int(crash) if crash.isdigit() else 0
        self._writes = 0

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``: what a migration's statements are written for."""
        return "sqlite" if self._ph == "?" else "postgresql"

    def _sql(self, text: str) -> str:
        return text if self._ph == "?" else text.replace("?", self._ph)

    @contextlib.contextmanager
    def _cursor(self, write: bool = True, room: str | None = None) -> Iterator[Any]:
        """A cursor in its own transaction: committed at the end, rolled back on an error
        (PostgreSQL refuses every later statement of a failed transaction). A write for
        ``room`` first passes :attr:`guard` (the cluster's fence) in the same transaction.
        """
        joined = getattr(self._batch, "cursor", None)
        if joined is not None:  # the writer's batch: one transaction, committed by it
            if room is not None and self.guard is not None and room not in self._batch.guarded:
                if self.guard_all is None:
                    self.guard(joined, room)  # its row lock holds until the batch commits
                self._batch.guarded.add(room)  # else checked with the others at the end
            yield joined
            return
        with self._lock:
            self._reconnect_if_broken()
            cur = self._conn.cursor()
            try:
                if room is not None and self.guard is not None:
                    self.guard(cur, room)
                yield cur
                if write and room is not None:
                    self._before_commit()
                self._conn.commit()
            except BaseException:
                with contextlib.suppress(Exception):  # a broken connection cannot roll back
                    self._conn.rollback()
                raise
            finally:
                with contextlib.suppress(Exception):
                    cur.close()

    def _before_commit(self) -> None:
        if self._crash_at:
            self._writes += 1
            if self._writes >= self._crash_at:
                os._exit(137)

    def submit(self, write: Callable[[], None], done: Done) -> None:
        """Run ``write`` (calls of this store's write methods) in the writer thread, in one
        transaction with the other writes queued meanwhile; then call ``done`` (in that
        thread) with ``None`` once committed, or with the exception if ``write`` or the
        commit failed.
        """
        if self._writer is None:
            self._writer = threading.Thread(
                target=self._write_batches, name="ludoteca-store-writer", daemon=True
            )
            self._writer.start()
        self._queue.put(_Job(write, done))

    def _write_batches(self) -> None:
        """The writer thread: take what is queued, commit it as one batch, until closed."""
        while True:
            job = self._queue.get()
            if job is None:
                return
            jobs = [job]
            stop = False
            while len(jobs) < BATCH_LIMIT:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.append(more)
            self._commit_batch(jobs)
            if stop:
                return

    def _commit_batch(self, jobs: list[_Job]) -> None:
        """Run ``jobs`` in one transaction; on a failure, roll back, fail the write that
        failed and commit each of the others on its own.
        """
        failed: int | None = None
        error: BaseException | None = None
        with self._lock:
            cur = None
            try:
                self._reconnect_if_broken()
                cur = self._conn.cursor()
                self._batch.cursor = cur
                self._batch.guarded = set()
                self._batch.actions = []
                for index, job in enumerate(jobs):
                    failed = index
                    job.write()
                failed = None  # from here a failure is not one job's: each is tried alone
                self._flush_batch(cur)
                self._before_commit()
                self._conn.commit()
            except Exception as raised:
                error = raised
                with contextlib.suppress(Exception):  # a broken connection cannot roll back
                    self._conn.rollback()
            finally:
                self._batch.cursor = None
                self._batch.actions = []
                if cur is not None:
                    with contextlib.suppress(Exception):
                        cur.close()
        if error is None:
            for job in jobs:
                job.done(None)
            return
        if len(jobs) == 1:
            jobs[0].done(error)
            return
        for index, job in enumerate(jobs):
            if index == failed:
                job.done(error)
            else:
                self._commit_batch([job])

    def _flush_batch(self, cur: Any) -> None:
        """The end of a writer batch: every step it holds in one ``executemany`` and every
        room it wrote through :attr:`guard_all` in one statement. Each costs one round trip
        to the database, and so one wait for the GIL after it, whatever the batch's size
        (a statement per write made the writer thread queue behind the event loop for the
        GIL hundreds of times per batch).
        """
        rows = self._batch.actions
        if rows:
            self._insert_actions(cur, rows)
        if self.guard_all is not None and self._batch.guarded:
            self.guard_all(cur, self._batch.guarded)

    def _insert_actions(self, cur: Any, rows: list[tuple[Any, ...]]) -> None:
        """Insert many steps' rows (``_ADD_ACTION``'s columns) with ``cur``."""
        cur.executemany(self._sql(_ADD_ACTION), rows)

    def _reconnect_if_broken(self) -> None:
        """Replace a connection that was lost (PostgreSQL only; SQLite files stay open)."""

    def _write(self, text: str, params: Sequence[Any], room: str | None = None) -> None:
        with self._cursor(room=room) as cur:
            cur.execute(self._sql(text), tuple(params))

    def transact(self, work: Callable[[Any], Any]) -> Any:
        """Run ``work(cursor)`` in one write transaction; its result (``store.fence``)."""
        with self._cursor() as cur:
            return work(cur)

    def ping(self) -> None:
        """Reach the database once (raises if it cannot be reached)."""
        self._read("SELECT 1", ())

    def _read(self, text: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        with self._cursor(write=False) as cur:
            cur.execute(self._sql(text), tuple(params))
            return [tuple(row) for row in cur.fetchall()]

    def create_room(
        self, room: RoomRow, seats: Sequence[SeatRow] = (), creator_hash: str = ""
    ) -> None:
        """Insert a new room, its seats and its creator's token hash (one transaction)."""
        with self._cursor(room=room.id) as cur:
            cur.execute(
                self._sql(
                    "INSERT INTO rooms (id, game, players, options, turn_seconds, status,"
                    " game_no, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                ),
                (
                    room.id,
                    room.game,
                    room.players,
                    _dump(room.options),
                    room.turn_seconds,
                    room.status,
                    room.game_no,
                    room.created_ms,
                ),
            )
            for seat in seats:
                cur.execute(self._sql(_SAVE_SEAT), _seat_params(room.id, seat))
            if creator_hash:
                cur.execute(
                    self._sql("INSERT INTO creators (room_id, token_hash) VALUES (?, ?)"),
                    (room.id, creator_hash),
                )

    def creator_hash(self, room_id: str) -> str:
        """The hash of the room's creator token ("" if it has none)."""
        rows = self._read("SELECT token_hash FROM creators WHERE room_id = ?", (room_id,))
        return str(rows[0][0]) if rows else ""

    def update_room(self, room_id: str, status: str, game_no: int) -> None:
        """Set a room's status and current game number."""
        self._write(_UPDATE_ROOM, (status, game_no, room_id), room_id)

    def rooms(self) -> list[RoomRow]:
        """Every room, oldest first."""
        rows = self._read(
            "SELECT id, game, players, options, turn_seconds, status, game_no, created_ms"
            " FROM rooms ORDER BY created_ms, id",
            (),
        )
        return [_room_row(r) for r in rows]

    def room(self, room_id: str) -> RoomRow | None:
        """One room, if it exists."""
        rows = self._read(
            "SELECT id, game, players, options, turn_seconds, status, game_no, created_ms"
            " FROM rooms WHERE id = ?",
            (room_id,),
        )
        return _room_row(rows[0]) if rows else None

    def save_seat(self, room_id: str, seat: SeatRow) -> None:
        """Insert or replace one seat."""
        self._write(_SAVE_SEAT, _seat_params(room_id, seat), room_id)

    def seats(self, room_id: str) -> list[SeatRow]:
        """A room's seats in seat order."""
        rows = self._read(
            "SELECT seat, kind, name, agent, profile, token_hash FROM seats"
            " WHERE room_id = ? ORDER BY seat",
            (room_id,),
        )
        return [SeatRow(int(r[0]), r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]

    def add_game(self, room_id: str, game: GameRow, status: str | None = None) -> None:
        """Insert a new game of a room (and, with ``status``, make it the room's current
        game with that status, in the same transaction).
        """
        with self._cursor(room=room_id) as cur:
            cur.execute(
                self._sql(
                    "INSERT INTO games (room_id, game_no, seed, options, seats, outcome)"
                    " VALUES (?, ?, ?, ?, ?, ?)"
                ),
                (
                    room_id,
                    game.game_no,
                    game.seed,
                    _dump(game.options),
                    _dump(list(game.seats)),
                    _dump(game.outcome),
                ),
            )
            if status is not None:
                cur.execute(self._sql(_UPDATE_ROOM), (status, game.game_no, room_id))

    def finish_game(
        self, room_id: str, game_no: int, outcome: dict[str, Any], status: str | None = None
    ) -> None:
        """Store a game's outcome (and, with ``status``, the room's, in one transaction)."""
        with self._cursor(room=room_id) as cur:
            cur.execute(
                self._sql("UPDATE games SET outcome = ? WHERE room_id = ? AND game_no = ?"),
                (_dump(outcome), room_id, game_no),
            )
            if status is not None:
                cur.execute(self._sql(_UPDATE_ROOM), (status, game_no, room_id))

    def games(self, room_id: str) -> list[GameRow]:
        """A room's games in order."""
        rows = self._read(
            "SELECT game_no, seed, options, seats, outcome FROM games"
            " WHERE room_id = ? ORDER BY game_no",
            (room_id,),
        )
        return [
            GameRow(
                int(r[0]), int(r[1]), json.loads(r[2]), tuple(json.loads(r[3])), json.loads(r[4])
            )
            for r in rows
        ]

    def add_action(
        self, room_id: str, game_no: int, index: int, seat: int, text: str, at_ms: int
    ) -> None:
        """Store the ``index``-th step of a game (seat -1: chance)."""
        self._write(_ADD_ACTION, (room_id, game_no, index, seat, text, at_ms), room_id)

    def add_actions(
        self, room_id: str, game_no: int, first: int, steps: Sequence[tuple[int, str]], at_ms: int
    ) -> None:
        """Store consecutive steps from index ``first`` in one transaction (in a writer
        batch: with every other step of the batch, at its end).
        """
        rows = [
            (room_id, game_no, first + offset, seat, text, at_ms)
            for offset, (seat, text) in enumerate(steps)
        ]
        with self._cursor(room=room_id) as cur:
            if cur is getattr(self._batch, "cursor", None):
                self._batch.actions.extend(rows)
            else:
                cur.executemany(self._sql(_ADD_ACTION), rows)

    def actions(self, room_id: str, game_no: int) -> list[tuple[int, str]]:
        """A game's steps ``(seat, text)`` in order."""
        rows = self._read(
            "SELECT seat, text FROM actions WHERE room_id = ? AND game_no = ? ORDER BY idx",
            (room_id, game_no),
        )
        return [(int(r[0]), r[1]) for r in rows]

    def add_reason(self, room_id: str, game_no: int, index: int, texts: dict[str, str]) -> None:
        """Store a bot's reason for the ``index``-th step of a game, by language."""
        self._write(_ADD_REASON, (room_id, game_no, index, _dump(texts)), room_id)

    def reasons(self, room_id: str, game_no: int) -> dict[int, dict[str, str]]:
        """A game's stored bot reasons, by step index."""
        rows = self._read(
            "SELECT idx, texts FROM reasons WHERE room_id = ? AND game_no = ?", (room_id, game_no)
        )
        return {int(r[0]): json.loads(r[1]) for r in rows}

    def add_chat(self, room_id: str, line: ChatRow) -> None:
        """Append a chat line."""
        with self._cursor(room=room_id) as cur:
            cur.execute(
                self._sql("SELECT COALESCE(MAX(idx), -1) FROM chat WHERE room_id = ?"), (room_id,)
            )
            index = int(cur.fetchone()[0]) + 1
            cur.execute(
                self._sql(
                    "INSERT INTO chat (room_id, idx, seat, name, text, at_ms)"
                    " VALUES (?, ?, ?, ?, ?, ?)"
                ),
                (room_id, index, line.seat, line.name, line.text, line.at_ms),
            )

    def chat(self, room_id: str, limit: int) -> list[ChatRow]:
        """The last ``limit`` chat lines, oldest first."""
        rows = self._read(
            "SELECT seat, name, text, at_ms FROM chat WHERE room_id = ? ORDER BY idx DESC LIMIT ?",
            (room_id, limit),
        )
        return [
            ChatRow(None if r[0] is None else int(r[0]), r[1], r[2], int(r[3]))
            for r in reversed(rows)
        ]

    def room_code(self, room_id: str) -> str | None:
        """The room's join code, if it was given one."""
        rows = self._read("SELECT code FROM join_codes WHERE room_id = ?", (room_id,))
        return str(rows[0][0]) if rows else None

    def code_room(self, code: str) -> str | None:
        """The room a join code names, if any."""
        rows = self._read("SELECT room_id FROM join_codes WHERE code = ?", (code,))
        return str(rows[0][0]) if rows else None

    def claim_code(self, room_id: str, code: str, at_ms: int, stale_before_ms: int) -> bool:
        """Give ``room_id`` the join code ``code`` if no live room holds it (one
        transaction): a code that is free, or held by a room gone or created before
        ``stale_before_ms`` and not playing, is taken; else nothing changes.

        Returns:
            Whether the room now holds ``code``.
        """
        # No room fence: a code is no room's state, any worker may hand one out (the
        # table's keys keep a code and a room to one pairing).
        with self._cursor() as cur:
            cur.execute(
                self._sql(
                    "SELECT j.room_id, r.created_ms, r.status FROM join_codes j"
                    " LEFT JOIN rooms r ON r.id = j.room_id WHERE j.code = ?"
                ),
                (code,),
            )
            held = cur.fetchone()
            if held is not None:
                holder, created, status = held
                live = created is not None and (created >= stale_before_ms or status == "playing")
                if holder == room_id or live:
                    return bool(holder == room_id)
                cur.execute(self._sql("DELETE FROM join_codes WHERE code = ?"), (code,))
            cur.execute(
                self._sql("INSERT INTO join_codes (code, room_id, created_ms) VALUES (?, ?, ?)"),
                (code, room_id, at_ms),
            )
            return True

    def close(self) -> None:
        """Finish the queued writes and release the connection."""
        writer, self._writer = self._writer, None
        if writer is not None:
            self._queue.put(None)
            writer.join()
        with self._lock:
            self._conn.close()


@dataclass(frozen=True, slots=True)
class _Job:
    """One queued write and what to call once it is committed (or failed)."""

    write: Callable[[], None]
    done: Done


_UPDATE_ROOM = "UPDATE rooms SET status = ?, game_no = ? WHERE id = ?"
_ADD_ACTION = (
    "INSERT INTO actions (room_id, game_no, idx, seat, text, at_ms) VALUES (?, ?, ?, ?, ?, ?)"
)
_ADD_REASON = (
    "INSERT INTO reasons (room_id, game_no, idx, texts) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (room_id, game_no, idx) DO UPDATE SET texts = excluded.texts"
)
_SAVE_SEAT = (
    "INSERT INTO seats (room_id, seat, kind, name, agent, profile, token_hash)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (room_id, seat) DO UPDATE SET"
    " kind = excluded.kind, name = excluded.name, agent = excluded.agent,"
    " profile = excluded.profile, token_hash = excluded.token_hash"
)


def _room_row(r: tuple[Any, ...]) -> RoomRow:
    return RoomRow(r[0], r[1], int(r[2]), json.loads(r[3]), int(r[4]), r[5], int(r[6]), int(r[7]))


def _seat_params(room_id: str, seat: SeatRow) -> tuple[Any, ...]:
    return (
        room_id,
        seat.seat,
        seat.kind,
        seat.name,
        seat.agent,
        _dump(seat.profile),
        seat.token_hash,
    )


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
