"""The store's schema as named migrations, applied in order, each once.

Every store (a SQLite file, a PostgreSQL database) records the migrations it holds in the
``schema_migrations`` table. Opening a store applies the ones it lacks, all in one
transaction, under a lock (PostgreSQL: an advisory lock; SQLite: ``BEGIN IMMEDIATE``), so
several workers starting at once upgrade it once; a store made before this ledger existed
(its tables made by ``CREATE TABLE IF NOT EXISTS``) takes ``0001_base`` as a no-op and the
later ones as an upgrade in place.

A new table or column is a new :class:`Migration` at the end of :data:`MIGRATIONS`, never
an edit of one already released: stores in the field hold the old ones.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ludoteca.web.store.dialect import Transacting, mark
from ludoteca.web.store.digest_rows import DIGEST_MIGRATION
from ludoteca.web.store.invite_rows import INVITE_MIGRATION
from ludoteca.web.store.pace_rows import PACE_MIGRATION

LEDGER = """CREATE TABLE IF NOT EXISTS schema_migrations (
        name TEXT PRIMARY KEY,
        applied_ms BIGINT NOT NULL
    )"""
"""The ledger of applied migrations (made under the lock: PostgreSQL's ``IF NOT EXISTS``
is not safe against a concurrent ``CREATE``)."""

PG_LOCK_KEY = 7_242_026
"""The advisory lock's key that serializes migrations between PostgreSQL workers."""


@dataclass(frozen=True)
class Migration:
    """One step of the schema.

    Attributes:
        name: Its stable name (``NNNN_what``), the ledger's key.
        statements: The SQL run, in order, on both kinds of store.
        postgresql: Statements that replace ``statements`` on PostgreSQL, where the two
            dialects differ; None: the same statements.
    """

    name: str
    statements: tuple[str, ...]
    postgresql: tuple[str, ...] | None = None

    def for_dialect(self, dialect: str) -> tuple[str, ...]:
        """The statements to run on a ``sqlite`` or ``postgresql`` store."""
        if dialect == "postgresql" and self.postgresql is not None:
            return self.postgresql
        return self.statements


BASE = (
    """CREATE TABLE IF NOT EXISTS rooms (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        turn_seconds INTEGER NOT NULL,
        status TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        created_ms BIGINT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        room_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        agent TEXT NOT NULL,
        profile TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (room_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS games (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        outcome TEXT NOT NULL,
        PRIMARY KEY (room_id, game_no)
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (room_id, game_no, idx)
    )""",
    """CREATE TABLE IF NOT EXISTS reasons (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        texts TEXT NOT NULL,
        PRIMARY KEY (room_id, game_no, idx)
    )""",
    """CREATE TABLE IF NOT EXISTS chat (
        room_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        seat INTEGER,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (room_id, idx)
    )""",
    """CREATE TABLE IF NOT EXISTS creators (
        room_id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL
    )""",
)


"""The tables of the first release (rooms, seats, games, steps, reasons, chat, creators)."""

JOIN_CODES = (
    """CREATE TABLE IF NOT EXISTS join_codes (
        code TEXT PRIMARY KEY,
        room_id TEXT NOT NULL UNIQUE,
        created_ms BIGINT NOT NULL
    )""",
)
"""Party mode's join codes (``web.room.codes``): a room's four letters, kept across restarts."""

PEOPLE = (
    """CREATE TABLE people (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        lang TEXT NOT NULL,
        colour TEXT NOT NULL,
        email TEXT NOT NULL,
        ratings_ms BIGINT NOT NULL,
        created_ms BIGINT NOT NULL
    )""",
    "CREATE INDEX people_by_name ON people (name_key)",
    """CREATE TABLE person_sessions (
        token_hash TEXT PRIMARY KEY,
        person_id TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    )""",
    "CREATE INDEX person_sessions_by_person ON person_sessions (person_id)",
    """CREATE TABLE passkeys (
        credential_id TEXT PRIMARY KEY,
        person_id TEXT NOT NULL,
        public_key TEXT NOT NULL,
        sign_count BIGINT NOT NULL,
        created_ms BIGINT NOT NULL
    )""",
    "CREATE INDEX passkeys_by_person ON passkeys (person_id)",
    """CREATE TABLE sign_in_links (
        token_hash TEXT PRIMARY KEY,
        person_id TEXT NOT NULL,
        expires_ms BIGINT NOT NULL
    )""",
    """CREATE TABLE passkey_challenges (
        id TEXT PRIMARY KEY,
        challenge TEXT NOT NULL,
        person_id TEXT NOT NULL,
        expires_ms BIGINT NOT NULL
    )""",
    """CREATE TABLE person_seats (
        room_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        person_id TEXT NOT NULL,
        token TEXT NOT NULL,
        joined_ms BIGINT NOT NULL,
        PRIMARY KEY (room_id, seat)
    )""",
    "CREATE INDEX person_seats_by_person ON person_seats (person_id)",
    """CREATE TABLE person_ratings (
        person_id TEXT NOT NULL,
        game TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (person_id, game)
    )""",
    """CREATE TABLE rated_games (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        PRIMARY KEY (room_id, game_no)
    )""",
    """CREATE TABLE unlisted_rooms (
        room_id TEXT PRIMARY KEY
    )""",
)
"""People (``web.people``): profiles, their browser sessions, passkeys, e-mail sign-in
links and passkey challenges (tokens only as hashes), the seats they sit in, their opt-in
ratings per game (and which games were rated), and the rooms left out of the open list."""

MIGRATIONS: tuple[Migration, ...] = (
    Migration("0001_base", BASE),
    Migration("0002_join_codes", JOIN_CODES),
    Migration("0003_people", PEOPLE),
    Migration("0004_pace", PACE_MIGRATION),
    Migration("0005_digests", DIGEST_MIGRATION),
    Migration("0006_invites", INVITE_MIGRATION),
)
"""Every migration, oldest first."""


def migrate(store: Transacting) -> list[str]:
    """Apply the migrations ``store`` lacks, in order, in one transaction.

    Args:
        store: The store just opened.

    Returns:
        The names applied now (empty when the store was up to date).
    """
    dialect = store.dialect
    placeholder = mark(dialect)

    def work(cur: Any) -> list[str]:
        if dialect == "sqlite":
            cur.execute("BEGIN IMMEDIATE")
        else:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", (PG_LOCK_KEY,))
        cur.execute(LEDGER)
        cur.execute("SELECT name FROM schema_migrations")
        done = {row[0] for row in cur.fetchall()}
        applied = []
        for migration in MIGRATIONS:
            if migration.name in done:
                continue
            for statement in migration.for_dialect(dialect):
                cur.execute(statement)
            cur.execute(
                f"INSERT INTO schema_migrations (name, applied_ms) "
                f"VALUES ({placeholder}, {placeholder})",
                (migration.name, int(time.time() * 1000)),
            )
            applied.append(migration.name)
        return applied

    result: list[str] = store.transact(work)
    return result
