"""Issue 39, browser: a Gotcha page samples its clock over its pings and stamps its presses.

The page's pings carry its ``performance.now()`` (``t``) and report the last pong's arrival
(``s``, ``r``); once the state shows a game clock it samples in a burst, and every ``act``
it sends carries ``at``, its press time on that clock, which the server accepts.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from e2e.e2e_table import Frames, add_bot, create_room, play_until, sit, start, wait_until
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e


def test_a_gotcha_page_samples_its_clock_and_stamps_its_presses(
    server: Server, context: BrowserContext
) -> None:
    page = context.new_page()
    frames = Frames(page)
    create_room(page, server.url, "gotcha", 3, {"track_length": 4, "turn_limit": 8})
    sit(page, frames, 0, "Ana", (34, ["glasses"]))
    for seat in (1, 2):
        add_bot(page, frames, seat)
    start(page, frames)

    def pings() -> list[dict[str, Any]]:
        return [m for m in frames.sent if m.get("type") == "ping"]

    def pongs() -> list[dict[str, Any]]:
        return [m for m in frames.received if m.get("type") == "pong" and "s" in m]

    # The burst: five samples back to back, each ping reporting the pong before it.
    wait_until(page, lambda: len(pongs()) >= 5, "five clock samples")
    assert all(isinstance(m["t"], int | float) for m in pings())
    reported = [m for m in pings() if "s" in m and "r" in m]
    assert len(reported) >= 4
    sent_s = [m["s"] for m in pongs()]
    assert [m["s"] for m in reported[:4]] == sent_s[:4]  # each reports the pong it got

    def acts() -> list[dict[str, Any]]:
        return [m for m in frames.sent if m.get("type") == "act"]

    play_until(page, frames, lambda: len(acts()) >= 2, seed=3)
    assert all(isinstance(m["at"], int | float) and m["at"] >= 0 for m in acts())
    later = [m["t"] for m in pings()]
    assert all(m["at"] >= later[0] for m in acts())  # one clock: presses after the first ping
    refused = [m for m in frames.received if m.get("type") == "error"]
    assert not [m for m in refused if m.get("code") == "bad_message"], refused
