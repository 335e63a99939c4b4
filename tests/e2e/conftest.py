"""Fixtures of the browser tests: a real `ludoteca serve` per worker and Debian's chromium.

Every pytest-xdist worker that runs a browser test starts its own server on a free port and
its own SQLite file, and its own chromium; nothing is shared between workers. Bots are unpaced
and the realtime clock is stopped so that games run as fast as the pages can click.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

from ludoteca.loadbench.process import Server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: real-browser test (Playwright + Debian chromium)")


def start_server(db: Path) -> Server:
    """A started test server on ``db`` (a free port, bots unpaced)."""
    # Bots move at once; Gotcha's clock is stopped and bots' timed choices run at once.
    server = Server(db, bot_delay=0.0, clock_scale=0.0)
    server.start()
    return server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """This worker's server, shared by its browser tests (each test opens its own rooms)."""
    running = start_server(tmp_path_factory.mktemp("e2e-server") / "ludoteca.sqlite3")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, on its own database file, that the test may restart."""
    running = start_server(tmp_path / "restart.sqlite3")
    try:
        yield running
    finally:
        running.stop()


# Module scope, not session: Playwright's sync API allows one instance per thread at a time,
# and the tests of tests/web_static (in the same xdist worker) open their own between modules.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (.ci/run does)")
    launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        yield launched
    finally:
        launched.close()


def open_context(browser: Browser) -> BrowserContext:
    """A fresh browser profile (own localStorage) with English as the browser's language."""
    opened = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    opened.set_default_timeout(15_000)
    return opened


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """One fresh browser profile."""
    opened = open_context(browser)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def other_context(browser: Browser) -> Iterator[BrowserContext]:
    """A second, separate browser profile (another person)."""
    opened = open_context(browser)
    try:
        yield opened
    finally:
        opened.close()
