"""Issue 7, browser: a page reload mid-game resumes the seat; a server restart mid-game keeps
the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.e2e_table import (
    Frames,
    add_bot,
    create_room,
    moves_drawn,
    my_turn,
    outcome_shown,
    play_until,
    room,
    shown_moves,
    sit,
    start,
    wait_until,
)
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e


def waiting_for_me(page: Page, frames: Frames) -> dict[str, Any] | None:
    """The last state if only this page's seat may act and its moves are drawn, else None
    (then nothing changes on the server until this seat moves)."""
    state = my_turn(frames)
    if state is None or state["actors"] != [state["you"]] or not moves_drawn(page, state):
        return None
    return state


def tacocat_against_a_bot(page: Page, frames: Frames, origin: str, moves: int) -> dict[str, Any]:
    """Start Tacocat against a bot and play at least ``moves`` moves, up to a state where the
    server waits for this seat only; returns that state."""
    create_room(page, origin, "tacocat", 2)
    sit(page, frames, 0, "Ana")
    add_bot(page, frames, 1)
    start(page, frames)

    def acts() -> int:
        return sum(1 for m in frames.sent if m["type"] == "act")

    play_until(page, frames, lambda: acts() >= moves and waiting_for_me(page, frames) is not None)
    state = waiting_for_me(page, frames)
    assert state is not None
    return state


def states_after(frames: Frames, mark: int) -> list[dict[str, Any]]:
    return [m for m in frames.received[mark:] if m.get("type") == "state"]


def test_a_page_reload_mid_game_resumes_the_seat(server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    frames = Frames(page)
    before = tacocat_against_a_bot(page, frames, server.url, 4)
    moves_before = shown_moves(page)
    mark = len(frames.received)

    page.reload()

    welcome = wait_until(
        page, lambda: [m for m in frames.received[mark:] if m["type"] == "welcome"], "welcome"
    )
    assert welcome[0]["seat"] == 0, "the reloaded page did not get its seat back"
    after = wait_until(page, lambda: states_after(frames, mark), "a state after the reload")[0]
    assert after["you"] == 0
    assert after["version"] == before["version"]
    assert after["view"] == before["view"]
    assert after["legal"] == before["legal"]
    wait_until(page, lambda: shown_moves(page) == moves_before, "the same moves drawn again")
    assert room(frames)["seats"][0]["connected"] is True
    assert frames.sockets == 2

    played = play_until(page, frames, lambda: len(states_after(frames, mark)) > 6, max_moves=20)
    assert played > 0
    assert any(m["last"] and m["last"]["seat"] == 0 for m in states_after(frames, mark))


def test_a_server_restart_mid_game_keeps_the_game(
    own_server: Server, context: BrowserContext
) -> None:
    page = context.new_page()
    frames = Frames(page)
    before = tacocat_against_a_bot(page, frames, own_server.url, 3)
    mark = len(frames.received)

    own_server.stop()
    wait_until(
        page, lambda: page.get_by_test_id("reconnecting").is_visible(), "the reconnecting banner"
    )
    own_server.start()

    after = wait_until(
        page, lambda: states_after(frames, mark), "a state after the restart", timeout=30
    )[0]
    welcomes = [m for m in frames.received[mark:] if m["type"] == "welcome"]
    assert welcomes and welcomes[0]["seat"] == 0, "the seat token no longer works after a restart"
    assert after["you"] == 0
    assert after["version"] == before["version"]
    assert after["view"] == before["view"]
    assert after["legal"] == before["legal"]
    wait_until(page, lambda: not page.get_by_test_id("reconnecting").is_visible(), "banner gone")

    play_until(page, frames, lambda: outcome_shown(page, frames))
    final = frames.last("state")
    assert final is not None and final["outcome"] is not None
    assert final["version"] > before["version"]
