"""Fixtures of the web tests: a store file and a running server over it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pg_cluster import Cluster
from pg_cluster import available as pg_available
from web_helpers import Server

from push_service import PushService
from smtp_sink import SmtpServer


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


@pytest.fixture
def push() -> Iterator[PushService]:
    """A local Web Push service (``tests/push_service.py``), stopped after the test."""
    with PushService() as service:
        yield service


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    """A real SMTP server (``aiosmtpd``) keeping the mails it gets, stopped after the test."""
    with SmtpServer() as server:
        yield server
