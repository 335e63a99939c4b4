"""The room page tells people what happened (issue 13), against the real server.

A Mystery Date game of a person against two bots, played through the shell's move list:
the history panel lists every bot turn by name and, for each swap the person took part in,
the card they received; the result banner stays in sight wherever the page is scrolled; the
replay steps move by move and the history follows the frame.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

import pytest
from chromium_launch import CHROMIUM
from playwright.sync_api import Browser, Page, expect
from test_shell_live import browser, origin

__all__ = ["browser", "origin"]  # the fixtures, shared with the Tacocat game

STEPS_JS = "(els) => els.map((e) => Number(e.dataset.step))"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian chromium is not installed"
)


def create_room(origin: str, game: str, players: int) -> str:
    body = json.dumps({"game": game, "players": players}).encode()
    request = urllib.request.Request(
        origin + "/api/rooms",
        data=body,
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        room: str = json.loads(response.read())["room"]
        return room


def play_first_moves_to_the_end(page: Page, limit_s: float = 150) -> int:
    """Click the first offered move whenever it is my turn, until the game ends."""
    deadline = time.monotonic() + limit_s
    decisions = 0
    status = page.get_by_test_id("status")
    while status.get_attribute("data-status") != "finished":
        assert time.monotonic() < deadline, f"no end after {decisions} decisions"
        if page.locator("button.move").count() == 0:
            page.wait_for_timeout(40)
            continue
        version = status.get_attribute("data-version")
        page.locator("button.move").first.click()
        decisions += 1
        page.wait_for_function(
            """(version) => {
                const s = document.querySelector('[data-testid=status]');
                return s.dataset.version !== version || s.dataset.status === 'finished'
                    || document.querySelector('[data-testid=error]') !== null;
            }""",
            arg=version,
        )
        if page.get_by_test_id("error").count():
            page.get_by_test_id("error").locator("button").click()
    return decisions


def test_mystery_date_history_banner_and_replay(
    origin: str, browser: Browser, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(origin + "/room/" + create_room(origin, "mystery_date", 3))
    page.get_by_test_id("name-input").fill("Ana")
    page.get_by_test_id("sit-0").click()
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ana")
    page.get_by_test_id("bot-1").click()
    expect(page.get_by_test_id("seat-1")).to_have_attribute("data-kind", "bot")
    page.get_by_test_id("bot-2").click()
    expect(page.get_by_test_id("seat-2")).to_have_attribute("data-kind", "bot")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    history = page.get_by_test_id("history")
    expect(history.locator("li[data-kind=deal]").first).to_be_visible()
    play_first_moves_to_the_end(page)

    bots = [
        page.get_by_test_id(f"seat-{seat}").locator(".seat-name").inner_text() for seat in (1, 2)
    ]
    items = history.locator("li")
    kinds = items.evaluate_all(
        "(els) => els.map((e) => [e.dataset.kind, e.dataset.actor, e.textContent])"
    )
    assert kinds[0][0] == "game_end"  # newest first
    steps = items.evaluate_all(STEPS_JS)
    assert steps == sorted(steps, reverse=True)
    for seat, name in zip((1, 2), bots, strict=True):
        rolls = [text for kind, actor, text in kinds if kind == "roll" and actor == str(seat)]
        assert rolls and all(name in text for text in rolls)
    received = [text for kind, _, text in kinds if kind == "swap_received"]
    assert all(re.search(r"\b[A-Z][a-z]*\d\b|[BGOP]\d", text) for text in received), received
    assert not any(re.search(r"\bseat \d", text) for _, _, text in kinds)

    # The result banner stays on screen wherever the page is scrolled.
    banner = page.get_by_test_id("outcome")
    expect(banner).to_contain_text(re.compile(r"wins|Draw"))
    expect(banner).to_have_attribute("data-end-reason", re.compile(r"^(date|turn_limit)$"))
    # The result is one strip; its end panel opens on demand. Mystery Date's board spaces
    # are no result (a loser may stand further on): the panel leaves them out.
    expect(page.get_by_test_id("end-panel")).to_be_hidden()
    page.get_by_test_id("outcome-toggle").click()
    expect(page.get_by_test_id("outcome-figures")).to_be_visible()
    expect(page.get_by_test_id("end-panel")).not_to_contain_text("Spaces")
    page.get_by_test_id("outcome-toggle").click()
    expect(page.get_by_test_id("end-panel")).to_be_hidden()
    for y in (0, 2000, 10_000):
        page.evaluate("(y) => window.scrollTo(0, y)", y)
        box = banner.bounding_box()
        assert box is not None and 0 <= box["y"] < 844 and box["y"] + 20 < 844, (y, box)
    page.set_viewport_size({"width": 1100, "height": 820})
    swap = history.locator("li[data-kind=swap_received]")
    (swap.first if swap.count() else history).scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "mystery_date_history.png"))

    # Replay move by move: the history shows what had happened up to the frame.
    step = page.get_by_test_id("replay-step")
    total = int(step.get_attribute("data-total") or "0")
    page.get_by_test_id("replay-first").click()
    expect(step).to_have_attribute("data-move", "0")
    moves = int(step.get_attribute("data-moves") or "0")
    assert 0 < moves < total
    page.get_by_test_id("replay-next").click()
    expect(step).to_have_attribute("data-move", "1")
    shown = int(step.get_attribute("data-step") or "0")
    frame_steps = history.locator("li").evaluate_all(
        "(els) => els.map((e) => Number(e.dataset.step))"
    )
    assert frame_steps and max(frame_steps) < shown
    page.keyboard.press("End")
    expect(step).to_have_attribute("data-move", str(moves))
    assert errors == []
    context.close()
