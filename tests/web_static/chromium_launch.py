"""Debian's chromium as the browser tests of tests/web_static launch it (never downloaded)."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags chromium keeps trying hosts this machine cannot reach.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
