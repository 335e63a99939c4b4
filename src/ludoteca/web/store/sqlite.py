"""The store in a SQLite file: one process (``ludoteca serve`` without ``--workers``)."""

from __future__ import annotations

import sqlite3

from ludoteca.web.store.base import DEFAULT_TIMEOUT
from ludoteca.web.store.sql import SqlStore


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
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
        super().__init__(conn, "?")
