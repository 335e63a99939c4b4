"""The store in a SQLite file: one process (``ludoteca serve`` without ``--workers``)."""

from __future__ import annotations

import sqlite3
import time

from ludoteca.web.store.base import DEFAULT_TIMEOUT
from ludoteca.web.store.sql import SqlStore

WAL_PAUSE_SECONDS = 0.01
"""How long to wait before asking again for the lock that switching to WAL needs."""


class SqliteStore(SqlStore):
    """The store in a SQLite file (WAL journal; ``:memory:`` for tests).

    Args:
        path: The database file.
        timeout: Seconds a statement waits for another connection's lock.
    """

    def __init__(self, path: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        conn = sqlite3.connect(
            path, timeout=timeout, check_same_thread=False, isolation_level="DEFERRED"
        )
        if path != ":memory:":
            _use_wal(conn, timeout)
            conn.execute("PRAGMA synchronous=NORMAL")
        super().__init__(conn, "?")


def _use_wal(conn: sqlite3.Connection, timeout: float) -> None:
    """Switch ``conn``'s file to the WAL journal, waiting up to ``timeout`` for the lock.

    Two connections switching a new file at once each hold a shared lock and want the
    exclusive one; SQLite answers one of them "database is locked" at once rather than
    call its busy handler (that wait could never end). Having answered, it holds no lock,
    so asking again waits for the other switch like any lock (SQLite's advice for a
    deadlock it refuses). A file already in WAL needs no lock: most opens end at the first
    question.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
            time.sleep(WAL_PAUSE_SECONDS)
            continue
        return
