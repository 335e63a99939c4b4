"""The store in PostgreSQL (psycopg 3): what several worker processes share
(``ludoteca serve --workers N``; their fences are ``store.fence``).
"""

from __future__ import annotations

import contextlib
from typing import Any

from ludoteca.web.store.base import DEFAULT_TIMEOUT
from ludoteca.web.store.sql import SqlStore

_ADD_ACTIONS_UNNEST = (
    "INSERT INTO actions (room_id, game_no, idx, seat, text, at_ms) SELECT * FROM unnest("
    "%s::text[], %s::integer[], %s::integer[], %s::integer[], %s::text[], %s::bigint[])"
)


class PostgresStore(SqlStore):
    """The store in PostgreSQL (psycopg 3).

    Args:
        url: A ``postgresql://`` connection URL.
        timeout: Seconds to connect (unless the URL says ``connect_timeout``) and for each
            statement (``statement_timeout``: a table locked elsewhere fails the call after
            it, instead of holding the store's thread for as long as the lock lasts).
    """

    def __init__(self, url: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        import psycopg  # noqa: PLC0415 (only PostgreSQL users load it)

        self._url = url
        self._psycopg = psycopg
        self._timeout = timeout
        super().__init__(self._connect(), "%s")

    def _connect(self) -> Any:
        """A new connection with the connect and statement timeouts."""
        given = self._psycopg.conninfo.conninfo_to_dict(self._url)
        extra: dict[str, Any] = {}
        if "connect_timeout" not in given:
            extra["connect_timeout"] = max(1, round(self._timeout))
        conn = self._psycopg.connect(self._url, **extra)
        milliseconds = str(max(1, round(self._timeout * 1000)))
        conn.execute("SELECT set_config('statement_timeout', %s, false)", (milliseconds,))
        conn.commit()
        return conn

    def _insert_actions(self, cur: Any, rows: list[tuple[Any, ...]]) -> None:
        """One ``INSERT ... SELECT FROM unnest(...)`` of every row, a column per array: one
        statement for the server to run, where ``executemany`` ran one per row.
        """
        cur.execute(_ADD_ACTIONS_UNNEST, [list(column) for column in zip(*rows, strict=True)])

    def _reconnect_if_broken(self) -> None:
        """After the database restarted or the network dropped, the call that saw the
        failure raised; the next one opens a new connection.
        """
        if self._conn.closed or self._conn.broken:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = self._connect()
