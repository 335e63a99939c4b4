"""Fixtures of the web tests: a store file and a running server over it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pg_cluster import Cluster
from pg_cluster import available as pg_available
from web_helpers import Server


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "ludoteca.sqlite3")


@pytest.fixture
def server(db: str) -> Iterator[Server]:
    with Server(db) as running:
        yield running


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    if not pg_available():
        pytest.skip("PostgreSQL server binaries are not installed")
    cluster = Cluster()
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store of each kind: a SQLite file, a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()
