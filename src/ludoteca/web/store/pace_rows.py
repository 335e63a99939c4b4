"""What a room's pace and its notifications keep in the store (migration ``0004_pace``).

- ``pace_clocks``: each waiting seat's deadline in a correspondence room (its game and the
  state version it waits on, when its alarm rings and whether it rang). The server's
  scheduler reads the earliest one, so clocks survive restarts and changes of worker.
- ``pace_vacations``: the vacation days a seat took in a game and until when it is away.
- ``push_subscriptions`` and ``push_seats``: a browser's Web Push subscription (endpoint and
  keys, its language) and the seats it speaks for.
- ``nudges``: when a seat last nudged the others in a game (one a day).
- ``site_keys``: the server's own keys (the VAPID key pair, made at first start).

Every function takes the store (``store.sql.SqlStore``: ``dialect`` and ``transact``) and
runs in one transaction (joining the writer thread's batch when called inside it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.web.store.dialect import Transacting, mark, run

PACE_TABLES = (
    "pace_clocks",
    "pace_vacations",
    "push_subscriptions",
    "push_seats",
    "nudges",
    "site_keys",
)
"""The tables of migration ``0004_pace``."""

PACE_MIGRATION = (
    """CREATE TABLE IF NOT EXISTS pace_clocks (
        room_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        game_no INTEGER NOT NULL,
        version INTEGER NOT NULL,
        started_ms BIGINT NOT NULL,
        due_ms BIGINT NOT NULL,
        alarm_ms BIGINT NOT NULL,
        alarmed INTEGER NOT NULL,
        PRIMARY KEY (room_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS pace_clocks_due ON pace_clocks (due_ms)",
    """CREATE TABLE IF NOT EXISTS pace_vacations (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        days_used INTEGER NOT NULL,
        until_ms BIGINT NOT NULL,
        PRIMARY KEY (room_id, game_no, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS push_subscriptions (
        endpoint TEXT PRIMARY KEY,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL,
        lang TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS push_seats (
        room_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        endpoint TEXT NOT NULL,
        PRIMARY KEY (room_id, seat, endpoint)
    )""",
    """CREATE TABLE IF NOT EXISTS nudges (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        from_seat INTEGER NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (room_id, game_no, from_seat)
    )""",
    """CREATE TABLE IF NOT EXISTS site_keys (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
)
"""The statements of migration ``0004_pace`` (the same on SQLite and PostgreSQL)."""


@dataclass(frozen=True, slots=True)
class ClockRow:
    """One waiting seat's clock in a correspondence room (times: the server's ms)."""

    room_id: str
    seat: int
    game_no: int
    version: int
    started_ms: int
    due_ms: int
    alarm_ms: int
    alarmed: bool


@dataclass(frozen=True, slots=True)
class Subscription:
    """A browser's Web Push subscription (RFC 8030 endpoint, RFC 8291 keys)."""

    endpoint: str
    p256dh: str
    auth: str
    lang: str


# ---------------------------------------------------------------------------------------
# Clocks


def set_clocks(store: Transacting, room_id: str, clocks: Sequence[ClockRow]) -> None:
    """Replace a room's clocks by ``clocks`` (none: the room waits on nobody)."""
    placeholder = mark(store.dialect)
    marks = ", ".join([placeholder] * 8)

    def work(cur: Any) -> None:
        cur.execute(f"DELETE FROM pace_clocks WHERE room_id = {placeholder}", (room_id,))
        for c in clocks:
            cur.execute(
                f"INSERT INTO pace_clocks (room_id, seat, game_no, version, started_ms, due_ms, "
                f"alarm_ms, alarmed) VALUES ({marks})",
                (
                    c.room_id,
                    c.seat,
                    c.game_no,
                    c.version,
                    c.started_ms,
                    c.due_ms,
                    c.alarm_ms,
                    int(c.alarmed),
                ),
            )

    store.transact(work)


def room_clocks(store: Transacting, room_id: str) -> list[ClockRow]:
    """A room's clocks, in seat order."""
    rows = run(
        store,
        "SELECT room_id, seat, game_no, version, started_ms, due_ms, alarm_ms, alarmed "
        "FROM pace_clocks WHERE room_id = ? ORDER BY seat",
        (room_id,),
    )
    return [_clock(row) for row in rows]


def next_wake(store: Transacting) -> int | None:
    """The earliest time (server ms) a clock needs the scheduler: an alarm not rung yet or
    a deadline; None when no clock runs.
    """
    rows = run(
        store,
        "SELECT MIN(CASE WHEN alarmed = 0 AND alarm_ms < due_ms THEN alarm_ms ELSE due_ms END) "
        "FROM pace_clocks",
    )
    value = rows[0][0] if rows else None
    return None if value is None else int(value)


def due_rooms(store: Transacting, now_ms: int, limit: int = 100) -> list[str]:
    """The rooms with a deadline passed or an alarm due at ``now_ms`` (at most ``limit``)."""
    rows = run(
        store,
        "SELECT DISTINCT room_id FROM pace_clocks WHERE due_ms <= ? "
        "OR (alarmed = 0 AND alarm_ms <= ?) ORDER BY room_id LIMIT ?",
        (now_ms, now_ms, limit),
    )
    return [str(row[0]) for row in rows]


def _clock(row: tuple[Any, ...]) -> ClockRow:
    return ClockRow(
        str(row[0]),
        int(row[1]),
        int(row[2]),
        int(row[3]),
        int(row[4]),
        int(row[5]),
        int(row[6]),
        bool(row[7]),
    )


# ---------------------------------------------------------------------------------------
# Vacations


def vacations(store: Transacting, room_id: str, game_no: int) -> dict[int, tuple[int, int]]:
    """Each seat's vacation in a game: ``seat → (days used, away until ms)``."""
    rows = run(
        store,
        "SELECT seat, days_used, until_ms FROM pace_vacations WHERE room_id = ? AND game_no = ?",
        (room_id, game_no),
    )
    return {int(r[0]): (int(r[1]), int(r[2])) for r in rows}


def save_vacation(
    store: Transacting, room_id: str, game_no: int, seat: int, days_used: int, until_ms: int
) -> None:
    """Store a seat's vacation days used in a game and until when it is away."""
    run(
        store,
        "INSERT INTO pace_vacations (room_id, game_no, seat, days_used, until_ms) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (room_id, game_no, seat) DO UPDATE SET "
        "days_used = excluded.days_used, until_ms = excluded.until_ms",
        (room_id, game_no, seat, days_used, until_ms),
    )


# ---------------------------------------------------------------------------------------
# Nudges


def last_nudge(store: Transacting, room_id: str, game_no: int, seat: int) -> int | None:
    """When ``seat`` last nudged in that game (server ms), if ever."""
    rows = run(
        store,
        "SELECT at_ms FROM nudges WHERE room_id = ? AND game_no = ? AND from_seat = ?",
        (room_id, game_no, seat),
    )
    return int(rows[0][0]) if rows else None


def save_nudge(store: Transacting, room_id: str, game_no: int, seat: int, at_ms: int) -> None:
    """``seat`` nudged at ``at_ms``."""
    run(
        store,
        "INSERT INTO nudges (room_id, game_no, from_seat, at_ms) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (room_id, game_no, from_seat) DO UPDATE SET at_ms = excluded.at_ms",
        (room_id, game_no, seat, at_ms),
    )


# ---------------------------------------------------------------------------------------
# Push subscriptions and mail addresses


def subscribe(store: Transacting, room_id: str, seat: int, sub: Subscription, now_ms: int) -> None:
    """Keep ``sub`` (its keys and language updated) and link it to a room's seat."""
    run(
        store,
        "INSERT INTO push_subscriptions (endpoint, p256dh, auth, lang, created_ms) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET "
        "p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang",
        (sub.endpoint, sub.p256dh, sub.auth, sub.lang, now_ms),
    )
    run(
        store,
        "INSERT INTO push_seats (room_id, seat, endpoint) VALUES (?, ?, ?) "
        "ON CONFLICT (room_id, seat, endpoint) DO NOTHING",
        (room_id, seat, sub.endpoint),
    )


def unsubscribe(store: Transacting, endpoint: str) -> None:
    """Forget a subscription (the person turned it off, or the push service said 404/410)."""
    run(store, "DELETE FROM push_seats WHERE endpoint = ?", (endpoint,))
    run(store, "DELETE FROM push_subscriptions WHERE endpoint = ?", (endpoint,))


def seat_subscriptions(store: Transacting, room_id: str, seat: int) -> list[Subscription]:
    """The subscriptions that speak for a room's seat, newest first."""
    rows = run(
        store,
        "SELECT s.endpoint, s.p256dh, s.auth, s.lang FROM push_subscriptions s "
        "JOIN push_seats p ON p.endpoint = s.endpoint WHERE p.room_id = ? AND p.seat = ? "
        "ORDER BY s.created_ms DESC",
        (room_id, seat),
    )
    return [Subscription(str(r[0]), str(r[1]), str(r[2]), str(r[3])) for r in rows]


def forget_seat(store: Transacting, room_id: str, seat: int) -> None:
    """A seat changed hands: its push links are no one's any more."""
    run(store, "DELETE FROM push_seats WHERE room_id = ? AND seat = ?", (room_id, seat))


def clocks_of(store: Transacting, seats: Sequence[tuple[str, int]]) -> list[tuple[str, str, int]]:
    """The running clocks of ``seats`` (``(room, seat)``: a person's seats) as ``(room,
    game id, due ms)``, the least time left first (the mail digest's order).
    """
    found: list[tuple[str, str, int]] = []
    for room_id, seat in seats:
        rows = run(
            store,
            "SELECT c.room_id, r.game, c.due_ms FROM pace_clocks c JOIN rooms r "
            "ON r.id = c.room_id WHERE c.room_id = ? AND c.seat = ?",
            (room_id, seat),
        )
        found += [(str(r[0]), str(r[1]), int(r[2])) for r in rows]
    return sorted(found, key=lambda row: row[2])


# ---------------------------------------------------------------------------------------
# The server's keys


def site_key(store: Transacting, name: str) -> str | None:
    """A stored server key, if made."""
    rows = run(store, "SELECT value FROM site_keys WHERE name = ?", (name,))
    return str(rows[0][0]) if rows else None


def keep_site_key(store: Transacting, name: str, value: str) -> str:
    """Store ``value`` under ``name`` unless a key is there already (another worker made
    one first); the key kept.
    """
    run(
        store,
        "INSERT INTO site_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
        (name, value),
    )
    kept = site_key(store, name)
    assert kept is not None
    return kept
