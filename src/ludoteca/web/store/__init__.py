"""Where the web table keeps rooms, seats, games, actions and chat.

:class:`Store` is the protocol the rooms use (``store.base``); :func:`open_store` picks the
implementation by URL: ``postgresql://...`` (or ``postgres://``) opens :class:`PostgresStore`
(psycopg 3), anything else is a SQLite file path for :class:`SqliteStore` (stdlib ``sqlite3``;
``sqlite:///path`` works too, ``:memory:`` for a throwaway store). Both share the SQL and the
writer thread of ``store.sql``; ``store.fence`` keeps a stale cluster worker from writing.
This package imports nothing else of the web table.
"""

from __future__ import annotations

from ludoteca.web.store.base import (
    DEFAULT_DB,
    DEFAULT_TIMEOUT,
    ChatRow,
    Done,
    GameRow,
    RoomRow,
    SeatRow,
    Store,
)
from ludoteca.web.store.postgres import PostgresStore
from ludoteca.web.store.sql import CRASH_ENV
from ludoteca.web.store.sqlite import SqliteStore

__all__ = [
    "CRASH_ENV",
    "DEFAULT_DB",
    "DEFAULT_TIMEOUT",
    "ChatRow",
    "Done",
    "GameRow",
    "PostgresStore",
    "RoomRow",
    "SeatRow",
    "SqliteStore",
    "Store",
    "hide_password",
    "open_store",
]


def hide_password(url: str) -> str:
    """A store or Redis URL fit to print: ``postgresql://user:secret@host`` loses the secret."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    user = credentials.partition(":")[0]
    return f"{scheme}://{user}@{tail}"


def open_store(url: str, timeout: float = DEFAULT_TIMEOUT) -> Store:
    """The store for ``url``: PostgreSQL for ``postgresql://`` / ``postgres://``, else SQLite.

    Args:
        url: A PostgreSQL URL, ``sqlite:///path``, a file path or ``:memory:``.
        timeout: Seconds to connect, and for each statement (a lock held elsewhere fails
            the call then, instead of holding the store's thread for ever).
    """
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url, timeout)
    if url.startswith("sqlite:///"):
        url = url[len("sqlite:///") :]
    return SqliteStore(url or DEFAULT_DB, timeout)
