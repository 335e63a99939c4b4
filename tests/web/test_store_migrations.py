"""The store's migrations: a store made before them upgrades in place, on both kinds."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from ludoteca.engine import registry
from ludoteca.engine.record import GameRecord
from ludoteca.engine.replay import replay
from ludoteca.web.store import migrations, open_store
from ludoteca.web.store.migrations import MIGRATIONS, Migration
from ludoteca.web.store.sql import SqlStore

OLD_STORE = Path(__file__).parent / "data" / "store_2026-12-06.sql"


def _load_old_store(url: str) -> None:
    """Write the store that main made on 2026-12-06 into the empty store at ``url``."""
    script = OLD_STORE.read_text(encoding="utf-8")
    if url.startswith("postgresql"):
        import psycopg  # noqa: PLC0415

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(script.encode())
        return
    import sqlite3  # noqa: PLC0415

    database = sqlite3.connect(url)
    database.executescript(script)
    database.close()


def _ledger(store: SqlStore) -> list[str]:
    return [row[0] for row in store._read("SELECT name FROM schema_migrations ORDER BY name", ())]


def test_a_store_made_before_migrations_upgrades_in_place(store_url: str) -> None:
    _load_old_store(store_url)
    store = open_store(store_url)
    try:
        assert isinstance(store, SqlStore)
        assert _ledger(store) == sorted(m.name for m in MIGRATIONS)
        assert {room.id for room in store.rooms()} == {"oldtaco1", "olddate1"}
        for room, game_id in (("oldtaco1", "tacocat"), ("olddate1", "mystery_date")):
            row = store.games(room)[0]
            record = GameRecord(
                game=game_id,
                version=registry.make(game_id).info.version,
                seed=row.seed,
                num_players=len(row.seats),
                options=row.options,
                seats=row.seats,
                actions=tuple(store.actions(room, 1)),
            )
            assert registry.make(game_id).outcome(replay(record)) is not None
        assert store.reasons("oldtaco1", 1) == {1: {"es": "Razón de prueba", "en": "A test reason"}}
        assert [line.text for line in store.chat("olddate1", 10)] == ["¡hola!"]
        assert store.games("olddate1")[0].outcome
    finally:
        store.close()
    again = open_store(store_url)
    try:
        assert isinstance(again, SqlStore)
        assert migrations.migrate(again) == []
    finally:
        again.close()


def test_stores_opened_at_once_apply_each_migration_once(store_url: str) -> None:
    opened: list[object] = []
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            opened.append(open_store(store_url))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        first = opened[0]
        assert isinstance(first, SqlStore)
        assert _ledger(first) == sorted(m.name for m in MIGRATIONS)
    finally:
        for store in opened:
            assert isinstance(store, SqlStore)
            store.close()


def test_a_failing_migration_changes_nothing(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store(store_url)
    assert isinstance(store, SqlStore)
    broken = Migration(
        "9999_broken",
        (
            "CREATE TABLE half_made (id TEXT PRIMARY KEY)",
            "ALTER TABLE no_such_table ADD COLUMN x TEXT",
        ),
    )
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, broken))
    try:
        with pytest.raises(Exception, match="no_such_table"):
            migrations.migrate(store)
        assert "9999_broken" not in _ledger(store)
        tables = (
            "SELECT name FROM sqlite_master WHERE name = 'half_made'"
            if store.dialect == "sqlite"
            else "SELECT tablename FROM pg_tables WHERE tablename = 'half_made'"
        )
        assert store._read(tables, ()) == []
        assert store.rooms() == []
    finally:
        store.close()
