"""Invitations to a room's open seat (migration ``0006_invites``).

``invites`` holds one row per (room, invited person): who invited them (their person id
and the name they sat under) and when. A room holds at most a few at once: :func:`add`
counts and inserts in one statement, after locking the room's row on PostgreSQL, so two
invitations sent at the same moment cannot pass the limit together. A row ends when its
person declines or the room's game starts (``people.invites`` drops it then); it goes with
either person (``store.people.PeopleStore.delete_person``).

Every function takes the store (``store.sql.SqlStore``: ``dialect`` and ``transact``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.web.store.dialect import Transacting, in_dialect, run

INVITE_TABLES = ("invites",)
"""The tables of migration ``0006_invites``."""

INVITE_MIGRATION = (
    """CREATE TABLE IF NOT EXISTS invites (
        room_id TEXT NOT NULL,
        person_id TEXT NOT NULL,
        from_person_id TEXT NOT NULL,
        from_name TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        PRIMARY KEY (room_id, person_id)
    )""",
    "CREATE INDEX IF NOT EXISTS invites_by_person ON invites (person_id)",
)
"""The statements of migration ``0006_invites`` (the same on SQLite and PostgreSQL)."""


@dataclass(frozen=True, slots=True)
class InviteRow:
    """One invitation: to ``person_id``, into ``room_id``, from ``from_person_id``."""

    room_id: str
    person_id: str
    from_person_id: str
    from_name: str
    created_ms: int


_COLUMNS = "room_id, person_id, from_person_id, from_name, created_ms"


def _sql(store: Transacting, sql: str) -> str:
    return in_dialect(sql, store.dialect)


def _rows(store: Transacting, sql: str, params: tuple[Any, ...]) -> list[InviteRow]:
    rows = run(store, sql, params)
    return [InviteRow(str(r[0]), str(r[1]), str(r[2]), str(r[3]), int(r[4])) for r in rows]


def add(store: Transacting, row: InviteRow, most: int) -> bool:
    """Store ``row`` unless its room already holds ``most`` invitations (or this one).

    Returns:
        Whether it was stored.
    """
    lock = _sql(store, "SELECT id FROM rooms WHERE id = ? FOR UPDATE")
    insert = _sql(
        store,
        f"INSERT INTO invites ({_COLUMNS}) SELECT ?, ?, ?, ?, ? "
        "WHERE (SELECT COUNT(*) FROM invites WHERE room_id = ?) < ? "
        "AND NOT EXISTS (SELECT 1 FROM invites WHERE room_id = ? AND person_id = ?)",
    )

    def work(cur: Any) -> int:
        if store.dialect != "sqlite":
            cur.execute(lock, (row.room_id,))
        cur.execute(
            insert,
            (
                row.room_id,
                row.person_id,
                row.from_person_id,
                row.from_name,
                row.created_ms,
                row.room_id,
                most,
                row.room_id,
                row.person_id,
            ),
        )
        return int(cur.rowcount)

    stored: int = store.transact(work)
    return stored == 1


def of_room(store: Transacting, room_id: str) -> list[InviteRow]:
    """A room's invitations, oldest first."""
    sql = f"SELECT {_COLUMNS} FROM invites WHERE room_id = ? ORDER BY created_ms, person_id"
    return _rows(store, sql, (room_id,))


def of_person(store: Transacting, person_id: str) -> list[InviteRow]:
    """The invitations a person has, newest first."""
    sql = f"SELECT {_COLUMNS} FROM invites WHERE person_id = ? ORDER BY created_ms DESC, room_id"
    return _rows(store, sql, (person_id,))


def sent_by(store: Transacting, person_id: str) -> list[InviteRow]:
    """The invitations a person sent (their data export)."""
    sql = f"SELECT {_COLUMNS} FROM invites WHERE from_person_id = ? ORDER BY created_ms"
    return _rows(store, sql, (person_id,))


def drop(store: Transacting, room_id: str, person_id: str) -> None:
    """End one invitation (declined, or its person sat down)."""
    _rows(store, "DELETE FROM invites WHERE room_id = ? AND person_id = ?", (room_id, person_id))


def drop_room(store: Transacting, room_id: str) -> None:
    """End every invitation to a room (its game started, or it is gone)."""
    _rows(store, "DELETE FROM invites WHERE room_id = ?", (room_id,))


def played_with(store: Transacting, person_id: str, except_room: str, most: int) -> list[str]:
    """The people who sat in a room with ``person_id`` (other than ``except_room``), the
    most recent first, at most ``most``.
    """
    text = _sql(
        store,
        "SELECT o.person_id, MAX(o.joined_ms) AS last FROM person_seats m "
        "JOIN person_seats o ON o.room_id = m.room_id "
        "WHERE m.person_id = ? AND o.person_id <> ? AND m.room_id <> ? "
        "GROUP BY o.person_id ORDER BY last DESC, o.person_id LIMIT ?",
    )

    def work(cur: Any) -> list[str]:
        cur.execute(text, (person_id, person_id, except_room, most))
        return [str(row[0]) for row in cur.fetchall()]

    found: list[str] = store.transact(work)
    return found
