"""Fixtures of the web tests: a store file and a running server over it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import Server


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "ludoteca.sqlite3")


@pytest.fixture
def server(db: str) -> Iterator[Server]:
    with Server(db) as running:
        yield running
