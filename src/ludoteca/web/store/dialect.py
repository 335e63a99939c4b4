"""SQL both stores take: SQLite's driver takes ``?`` placeholders, psycopg (PostgreSQL)
takes ``%s``, and every statement here is written with ``?``; and one statement run in a
transaction of its own, for the store modules beside ``store.sql``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol


class Transacting(Protocol):
    """What the store modules need of a store (``store.sql.SqlStore``)."""

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        ...

    def transact(self, work: Callable[[Any], Any]) -> Any:
        """Run ``work(cursor)`` in one write transaction; its result."""
        ...


def mark(dialect: str) -> str:
    """The placeholder of a ``sqlite`` or ``postgresql`` store."""
    return "?" if dialect == "sqlite" else "%s"


def in_dialect(sql: str, dialect: str) -> str:
    """``sql``, written with ``?`` placeholders, as the ``dialect``'s driver takes it."""
    return sql if dialect == "sqlite" else sql.replace("?", "%s")


def run(store: Transacting, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """One statement (``?`` placeholders) in its own transaction; its rows, if any."""
    text = in_dialect(sql, store.dialect)

    def work(cur: Any) -> list[tuple[Any, ...]]:
        cur.execute(text, tuple(params))
        return [tuple(row) for row in cur.fetchall()] if cur.description else []

    rows: list[tuple[Any, ...]] = store.transact(work)
    return rows
