"""The one difference of SQL text between the two stores: SQLite's driver takes ``?``
placeholders, psycopg (PostgreSQL) takes ``%s``. Every statement is written with ``?``.
"""

from __future__ import annotations


def mark(dialect: str) -> str:
    """The placeholder of a ``sqlite`` or ``postgresql`` store."""
    return "?" if dialect == "sqlite" else "%s"


def in_dialect(sql: str, dialect: str) -> str:
    """``sql``, written with ``?`` placeholders, as the ``dialect``'s driver takes it."""
    return sql if dialect == "sqlite" else sql.replace("?", "%s")
