"""Backups of a store while its server runs, and restores into a new database.

SQLite: the online backup API of SQLite (``sqlite3.Connection.backup``) copies the
database into a new file in one read transaction: a consistent snapshot, while the server
goes on writing (WAL journal); the copy is checked with ``PRAGMA integrity_check``.
PostgreSQL: ``pg_dump --format=custom`` (one repeatable-read snapshot of the database,
without blocking the server's writes); ``pg_restore`` reads it back. A backup restores into
a store of its own kind, and only into a new one (a missing SQLite file, a PostgreSQL
database without Ludoteca's tables), so a restore can never mix two stores' rooms.

Errors are :class:`BackupError` with a code and a detail; the command line words them.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.web.store.pace_rows import PACE_TABLES

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"
TABLES = (
    "rooms",
    "seats",
    "games",
    "actions",
    "reasons",
    "chat",
    "creators",
    "schema_migrations",
    "join_codes",
    # 0003_people
    "people",
    "person_sessions",
    "passkeys",
    "sign_in_links",
    "passkey_challenges",
    "person_seats",
    "person_ratings",
    "rated_games",
    "unlisted_rooms",
    *PACE_TABLES,
)
"""The store's tables (``store.migrations``): a restore target must hold none of them."""


class BackupError(Exception):
    """A backup or restore refused: ``code`` says why, ``detail`` is what failed.

    Codes: ``source`` (the store cannot be read), ``out_exists``, ``write`` (the backup file
    cannot be written), ``tool`` (``pg_dump``/``pg_restore`` missing), ``tool_failed``,
    ``not_backup`` (the file is no backup), ``kind`` (a SQLite backup into PostgreSQL or the
    reverse), ``target_used`` (the target already holds a store), ``corrupt``.
    """

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


@dataclass(frozen=True, slots=True)
class BackupInfo:
    """What a backup holds: its kind (``sqlite`` or ``postgresql``), size and counts."""

    kind: str
    path: Path
    size: int
    rooms: int
    actions: int


def is_postgres(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL store (else it is a SQLite file)."""
    return url.startswith(("postgresql://", "postgres://"))


def sqlite_path(url: str) -> str:
    """The file of a SQLite store URL (``sqlite:///path`` or a plain path)."""
    return url[len("sqlite:///") :] if url.startswith("sqlite:///") else url


def backup(url: str, out: Path) -> BackupInfo:
    """Copy the store at ``url`` into the new file ``out`` while its server runs.

    Raises:
        BackupError: The store cannot be read, ``out`` exists or cannot be written, or
            ``pg_dump`` fails.
    """
    if out.exists():
        raise BackupError("out_exists", str(out))
    if is_postgres(url):
        return _pg_backup(url, out)
    return _sqlite_backup(sqlite_path(url), out)


def restore(source: Path, url: str) -> BackupInfo:
    """Restore the backup file ``source`` into the new store at ``url``.

    Raises:
        BackupError: ``source`` is no backup, is of the other kind, the target already
            holds a store, or the copy fails.
    """
    kind = backup_kind(source)
    if kind != ("postgresql" if is_postgres(url) else "sqlite"):
        raise BackupError("kind", kind)
    if kind == "postgresql":
        return _pg_restore(source, url)
    return _sqlite_restore(source, sqlite_path(url))


def backup_kind(source: Path) -> str:
    """``sqlite`` or ``postgresql``, read from the file's first bytes.

    Raises:
        BackupError: ``not_backup`` if the file is missing or neither.
    """
    try:
        with source.open("rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise BackupError("not_backup", _detail(error)) from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_DUMP_MAGIC):
        return "postgresql"
    raise BackupError("not_backup", str(source))


# SQLite -------------------------------------------------------------------------------


def _sqlite_backup(path: str, out: Path) -> BackupInfo:
    if not Path(path).is_file():
        raise BackupError("source", path)
    try:
        source = sqlite3.connect(path, timeout=30)  # WAL: read beside the server's writes
    except sqlite3.Error as error:
        raise BackupError("source", _detail(error)) from None
    try:
        _copy_sqlite(source, out, "write")
    finally:
        source.close()
    return _sqlite_info(out)


def _sqlite_restore(source: Path, path: str) -> BackupInfo:
    if path == ":memory:" or (Path(path).exists() and Path(path).stat().st_size > 0):
        raise BackupError("target_used", path)
    info = _sqlite_info(source)  # checks the backup before anything is written
    try:
        reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupError("not_backup", _detail(error)) from None
    try:
        _copy_sqlite(reader, Path(path), "target")
    finally:
        reader.close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode=WAL")  # as the server opens it
    return BackupInfo("sqlite", Path(path), Path(path).stat().st_size, info.rooms, info.actions)


def _copy_sqlite(source: sqlite3.Connection, out: Path, failure: str) -> None:
    """The online backup of ``source`` into the new file ``out`` (removed if it fails)."""
    try:
        target = sqlite3.connect(out)
    except sqlite3.Error as error:
        raise BackupError(failure, _detail(error)) from None
    try:
        with target:
            # In one step: one read transaction, a consistent snapshot that the server's
            # writes (WAL) never wait for. In several steps, each write of the server's
            # own connection would restart the copy from the start.
            source.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
    except sqlite3.Error as error:
        target.close()
        with contextlib.suppress(OSError):
            out.unlink()
        raise BackupError(failure, _detail(error)) from None
    target.close()


def _sqlite_info(path: Path) -> BackupInfo:
    """The counts of a SQLite file, after ``PRAGMA integrity_check``."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            check = conn.execute("PRAGMA integrity_check").fetchone()
            if check is None or check[0] != "ok":
                raise BackupError("corrupt", str(check[0] if check else path))
            rooms, actions = _counts(conn.cursor())
    except sqlite3.Error as error:
        raise BackupError("not_backup", _detail(error)) from None
    return BackupInfo("sqlite", path, path.stat().st_size, rooms, actions)


# PostgreSQL ---------------------------------------------------------------------------


def _pg_backup(url: str, out: Path) -> BackupInfo:
    rooms, actions = _pg_counts(url, "source")
    args = ["--format=custom", "--no-owner", "--no-privileges", f"--file={out}"]
    try:
        _run_tool("pg_dump", [*args, "--dbname", _without_password(url)], url)
    except BackupError:
        with contextlib.suppress(OSError):
            out.unlink()
        raise
    return BackupInfo("postgresql", out, out.stat().st_size, rooms, actions)


def _pg_restore(source: Path, url: str) -> BackupInfo:
    _run_tool("pg_restore", ["--list", str(source)], url)  # a readable archive, or refused
    import psycopg  # noqa: PLC0415 (only PostgreSQL users load it)

    try:
        with psycopg.connect(url, connect_timeout=10) as conn:
            found = [
                name
                for name in TABLES
                if conn.execute("SELECT to_regclass(%s)", (name,)).fetchone() != (None,)
            ]
    except psycopg.Error as error:
        raise BackupError("source", _detail(error)) from None
    if found:
        raise BackupError("target_used", ", ".join(found))
    args = ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"]
    _run_tool("pg_restore", [*args, "--dbname", _without_password(url), str(source)], url)
    rooms, actions = _pg_counts(url, "corrupt")
    return BackupInfo("postgresql", Path(url), source.stat().st_size, rooms, actions)


def _pg_counts(url: str, failure: str) -> tuple[int, int]:
    """Rooms and actions of the database at ``url``; ``failure`` is the code if unreadable."""
    import psycopg  # noqa: PLC0415

    try:
        with psycopg.connect(url, connect_timeout=10) as conn:
            return _counts(conn.cursor())
    except psycopg.Error as error:
        raise BackupError(failure, _detail(error)) from None


def tool(name: str) -> str:
    """The path of PostgreSQL's ``name`` (``pg_dump``...): on ``PATH``, else the newest
    of Debian's ``/usr/lib/postgresql/<version>/bin``.

    Raises:
        BackupError: ``tool`` if there is none.
    """
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if versions:
        return versions[-1]
    raise BackupError("tool", name)


def _run_tool(name: str, args: list[str], url: str) -> None:
    """Run ``pg_dump``/``pg_restore`` with the URL's password in ``PGPASSWORD``, never on
    its command line (where any user of the machine could read it).
    """
    env = dict(os.environ)
    password = _password(url)
    if password:
        env["PGPASSWORD"] = password
    try:
        done = subprocess.run(
            [tool(name), *args], check=False, env=env, capture_output=True, text=True, timeout=3600
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BackupError("tool_failed", f"{name}: {_detail(error)}") from None
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise BackupError("tool_failed", f"{name}: {lines[0] if lines else done.returncode}")


def _password(url: str) -> str | None:
    from psycopg.conninfo import conninfo_to_dict  # noqa: PLC0415

    try:
        value = conninfo_to_dict(url).get("password")
    except Exception:  # psycopg's ProgrammingError on a malformed URL: the tool says why
        return None
    return None if value is None else str(value)


def _without_password(url: str) -> str:
    """``url`` as a conninfo string without its password (passed in the environment)."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo  # noqa: PLC0415

    try:
        parts: dict[str, Any] = conninfo_to_dict(url)
    except Exception:  # a malformed URL: the tool reports it
        return url
    parts.pop("password", None)
    return make_conninfo(**parts)


# Both ---------------------------------------------------------------------------------


def _counts(cur: Any) -> tuple[int, int]:
    """Rooms and stored actions (zero for a database without the store's tables)."""
    counts = []
    for table in ("rooms", "actions"):
        try:
            cur.execute(f"SELECT COUNT(*) FROM {table}")
            counts.append(int(cur.fetchone()[0]))
        except Exception:  # no such table: an empty store
            cur.connection.rollback()
            counts.append(0)
    return counts[0], counts[1]


def _detail(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
