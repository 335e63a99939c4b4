"""The people tables (migration ``0003_people``) on both kinds of store, and in a store
that main made on 2026-12-06, upgraded in place."""

from __future__ import annotations

from pathlib import Path

import pytest
from pg_cluster import Cluster
from test_store_migrations import _load_old_store

from ludoteca.web.people import profiles as profiles_module
from ludoteca.web.people.profiles import SESSION_MS, Profiles
from ludoteca.web.store import open_store
from ludoteca.web.store.backup import backup, restore
from ludoteca.web.store.sql import SqlStore


def test_a_store_from_2026_12_06_gains_the_people_tables_and_keeps_its_rooms(
    store_url: str,
) -> None:
    _load_old_store(store_url)
    store = open_store(store_url)
    try:
        assert isinstance(store, SqlStore)
        applied = [r[0] for r in store._read("SELECT name FROM schema_migrations", ())]
        assert "0003_people" in applied
        profiles = Profiles(store)
        person, token = profiles.create({"name": "Ana", "lang": "es"})
        seat = store.seats("oldtaco1")[0]
        profiles.link_seat(person.id, "oldtaco1", seat.seat, "a-token")
        assert profiles.by_session(token) == person
        assert profiles.people_at("oldtaco1") == {seat.seat: person}
        assert [s.room_id for s in profiles.seats_of(person.id)] == ["oldtaco1"]
        profiles.rows.unlist("olddate1")
        assert profiles.rows.unlisted(["oldtaco1", "olddate1"]) == {"olddate1"}
        assert {room.id for room in store.rooms()} == {"oldtaco1", "olddate1"}
    finally:
        store.close()


def test_sign_in_links_and_challenges_work_once_and_expire(store_url: str) -> None:
    store = open_store(store_url)
    try:
        assert isinstance(store, SqlStore)
        profiles = Profiles(store)
        person, _ = profiles.create({"name": "Bea"})
        rows = profiles.rows
        rows.add_link(person.id, "h1", expires_ms=2_000)
        rows.add_link(person.id, "h2", expires_ms=1_000)
        assert rows.use_link("h2", now_ms=1_500) is None  # expired
        assert rows.use_link("h1", now_ms=1_500) == person.id
        assert rows.use_link("h1", now_ms=1_500) is None  # used
        rows.add_challenge("c1", "abc", person.id, expires_ms=2_000)
        assert rows.take_challenge("c1", now_ms=1_000) == ("abc", person.id)
        assert rows.take_challenge("c1", now_ms=1_000) is None
    finally:
        store.close()


def test_a_session_expires_with_its_cookie(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(store_url)
    try:
        assert isinstance(store, SqlStore)
        profiles = Profiles(store)
        person, first = profiles.create({"name": "Caro"})
        began = person.created_ms  # the first session's start
        monkeypatch.setattr(profiles_module, "now_ms", lambda: began + SESSION_MS)
        assert profiles.by_session(first) == person  # its last moment
        assert profiles.session_count(person.id) == 1
        monkeypatch.setattr(profiles_module, "now_ms", lambda: began + SESSION_MS + 1)
        assert profiles.by_session(first) is None
        assert profiles.session_count(person.id) == 0
        second = profiles.sign_in(person.id)  # and the expired session is deleted
        assert profiles.by_session(second) == person
        assert profiles.by_session(first) is None
        stored = store._read(
            "SELECT COUNT(*) FROM person_sessions WHERE person_id = ?", (person.id,)
        )
        assert [tuple(row) for row in stored] == [(1,)]
    finally:
        store.close()


def test_a_backup_carries_the_people_and_a_restore_keeps_them_signed_in(
    store_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    store = open_store(store_url)
    try:
        assert isinstance(store, SqlStore)
        profiles = Profiles(store)
        person, token = profiles.create({"name": "Ana", "lang": "es"})
        profiles.link_seat(person.id, "room1", 0, "seat-token")
    finally:
        store.close()
    if store_url.startswith("postgresql"):
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        target, out = cluster.new_database(), tmp_path / "people.pgdump"
    else:
        target, out = str(tmp_path / "restored.sqlite3"), tmp_path / "people.sqlite3"
    backup(store_url, out)
    restore(out, target)
    again = open_store(target)
    try:
        assert isinstance(again, SqlStore)
        restored = Profiles(again)
        assert restored.by_session(token) == person
        assert [s.room_id for s in restored.seats_of(person.id)] == ["room1"]
    finally:
        again.close()
