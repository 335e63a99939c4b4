"""The daily e-mail digest's rows (migration ``0005_digests``).

``mail_digests`` holds one row per person who asked for the digest: the hour and time
zone they picked, when the next one is due (``next_ms``, server ms) and when the last one
was sent. Sending is claimed by moving ``next_ms`` forward in one ``UPDATE ... WHERE
next_ms = <the value read>``: of several workers (or a worker before and after a restart)
that read the same due row, exactly one changes it, so a person gets one digest a day.

Every function takes the store (``store.sql.SqlStore``: ``dialect`` and ``transact``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.web.store.dialect import Transacting, in_dialect, run

DIGEST_TABLES = ("mail_digests",)
"""The tables of migration ``0005_digests``."""

DIGEST_MIGRATION = (
    """CREATE TABLE IF NOT EXISTS mail_digests (
        person_id TEXT PRIMARY KEY,
        hour INTEGER NOT NULL,
        tz TEXT NOT NULL,
        next_ms BIGINT NOT NULL,
        last_sent_ms BIGINT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS mail_digests_next ON mail_digests (next_ms)",
)
"""The statements of migration ``0005_digests`` (the same on SQLite and PostgreSQL)."""


@dataclass(frozen=True, slots=True)
class DigestRow:
    """A person's digest choice and schedule (times: the server's ms; 0: never sent)."""

    person_id: str
    hour: int
    tz: str
    next_ms: int
    last_sent_ms: int


def _sql(store: Transacting, sql: str) -> str:
    return in_dialect(sql, store.dialect)


def _row(row: tuple[Any, ...]) -> DigestRow:
    return DigestRow(str(row[0]), int(row[1]), str(row[2]), int(row[3]), int(row[4]))


_COLUMNS = "person_id, hour, tz, next_ms, last_sent_ms"


def save(store: Transacting, person_id: str, hour: int, tz: str, next_ms: int) -> None:
    """Turn a person's digest on (or change its hour): the next one is due at ``next_ms``."""
    run(
        store,
        f"INSERT INTO mail_digests ({_COLUMNS}) VALUES (?, ?, ?, ?, 0) "
        "ON CONFLICT (person_id) DO UPDATE SET hour = excluded.hour, tz = excluded.tz, "
        "next_ms = excluded.next_ms",
        (person_id, hour, tz, next_ms),
    )


def drop(store: Transacting, person_id: str) -> None:
    """Turn a person's digest off."""
    run(store, "DELETE FROM mail_digests WHERE person_id = ?", (person_id,))


def of(store: Transacting, person_id: str) -> DigestRow | None:
    """A person's digest, if they asked for one."""
    rows = run(store, f"SELECT {_COLUMNS} FROM mail_digests WHERE person_id = ?", (person_id,))
    return _row(rows[0]) if rows else None


def due(store: Transacting, now_ms: int, limit: int = 100) -> list[DigestRow]:
    """The digests due at ``now_ms`` (at most ``limit``, the oldest due first)."""
    rows = run(
        store,
        f"SELECT {_COLUMNS} FROM mail_digests WHERE next_ms <= ? ORDER BY next_ms LIMIT ?",
        (now_ms, limit),
    )
    return [_row(row) for row in rows]


def next_due(store: Transacting) -> int | None:
    """When the earliest digest is due (server ms), None when nobody asked for one."""
    rows = run(store, "SELECT MIN(next_ms) FROM mail_digests", ())
    value = rows[0][0] if rows else None
    return None if value is None else int(value)


def claim(store: Transacting, row: DigestRow, next_ms: int, now_ms: int) -> bool:
    """Take the digest ``row`` (as read) to send now; the next one is due at ``next_ms``.

    Returns:
        Whether this caller took it (False: another worker did, or the person changed it).
    """
    text = _sql(
        store,
        "UPDATE mail_digests SET next_ms = ?, last_sent_ms = ? "
        "WHERE person_id = ? AND next_ms = ? AND hour = ? AND tz = ?",
    )

    def work(cur: Any) -> int:
        cur.execute(text, (next_ms, now_ms, row.person_id, row.next_ms, row.hour, row.tz))
        return int(cur.rowcount)

    changed: int = store.transact(work)
    return changed == 1
