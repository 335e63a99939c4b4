"""Issue 38, accessibility: axe-core finds no WCAG 2.2 A/AA violation anywhere a family goes.

The lobby, every How to play page, and every game's room before the game, at its start,
mid-game, at the end (the end panel folded and open) and in replay; each at desktop
1280×800 and phone 390×844, in Spanish and in English (``e2e_axe.every_way``). One
browser; a game per test, played against bots through the moves list. Motion is reduced
so that axe sees the settled screen, not a frame in the middle of an animation. Each view
also must not be wider than its screen (a phone would cut it at an edge), and each target of
a room, scrolled to, must land clear of the floating bars (the strip at the top, the replay
bar and a board's tab bar at the bottom); at the end, with every target of the room caught
under a button of the top strip, axe's target-size rule must still pass.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from e2e.e2e_axe import (
    every_way,
    hidden_when_scrolled_to,
    overflow,
    target_size_at_the_replay_bar,
    target_size_under_the_strip,
    violations,
)
from e2e.e2e_table import (
    Frames,
    add_bot,
    create_room,
    outcome_shown,
    play_until,
    random_move,
    sit,
    start,
    wait_until,
)
from e2e.test_e2e_games import CHOOSERS, GAMES
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e

MID_GAME = 6
"""The version (steps played) a room is checked at as "mid-game"."""

BOARD_DRAWN = """() => {
  const board = document.querySelector('.board');
  const status = document.querySelector('[data-testid=status]');
  const step = document.querySelector('[data-testid=replay-step]');
  if (!board || !status) return false;
  if (step && step.getAttribute('aria-busy') === 'true') return false;
  const shown = board.getAttribute('data-version');
  const lang = document.documentElement.lang;
  return (shown === status.dataset.version || shown === 'replay') && board.dataset.lang === lang;
}"""
"""True once the board shows the state the status line names (or a replay frame), drawn in
the page's language."""


@pytest.fixture
def axe_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh profile, English first, motion reduced."""
    opened = browser.new_context(
        locale="en-US", viewport={"width": 1280, "height": 800}, reduced_motion="reduce"
    )
    opened.set_default_timeout(15_000)
    try:
        yield opened
    finally:
        opened.close()


def test_the_lobby_and_every_how_to_play_page(server: Server, axe_context: BrowserContext) -> None:
    page = axe_context.new_page()
    found: list[str] = []
    page.goto(server.url + "/")
    for way in every_way(page, page.locator(".game-card").first.wait_for):
        found += violations(page, f"lobby {way}") + overflow(page, f"lobby {way}")
    for game in GAMES:
        page.goto(f"{server.url}/how/{game}")

        def drawn() -> None:
            page.wait_for_function(
                "() => { const g = document.querySelector('[data-testid=guide]');"
                " return g && g.lang === document.documentElement.lang; }"
            )

        for way in every_way(page, drawn):
            where = f"how to play {game} {way}"
            found += violations(page, where) + overflow(page, where)
    assert not found, "\n".join(found)


READ_ALOUD = {"gotcha": ".gt-say"}
"""Per game, the targets of its replay checked partly under the replay bar (Gotcha's
read-aloud button of each area and mat once failed axe's target-size rule there, under a
sticky bar)."""


ROOM_TARGETS = ", ".join(
    f".room-{part} :is(button, a[href], input, select, summary)" for part in ("main", "side")
)
"""Every target of the room's page outside its floating bars (checked under the top strip's
controls at the end of the game, where the strip has its buttons)."""


def check_room(
    page: Page,
    phase: str,
    found: list[str],
    near_the_bar: str | None = None,
    under_the_strip: bool = False,
) -> None:
    """Add the room's violations in every way to ``found``: axe's, a view wider than its
    screen, a target still under a floating bar once scrolled to, (``near_the_bar``, in
    replay) axe's target-size with those targets partly under the replay bar and
    (``under_the_strip``) with every target of the room under each control of the top strip
    over it."""

    def drawn() -> None:
        page.wait_for_function(BOARD_DRAWN)

    for way in every_way(page, drawn):
        where = f"{phase} {way}"
        found += violations(page, where) + overflow(page, where)
        found += hidden_when_scrolled_to(page, where)
        if near_the_bar:
            found += target_size_at_the_replay_bar(page, near_the_bar, where)
        if under_the_strip:
            found += target_size_under_the_strip(page, ROOM_TARGETS, where)


def check_lobby_room(page: Page, phase: str, found: list[str]) -> None:
    """Add the room's violations before the game (no board yet) to ``found``."""
    for way in every_way(page, lambda: page.get_by_test_id("seat-0").wait_for()):
        found += violations(page, f"{phase} {way}") + overflow(page, f"{phase} {way}")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_room_at_every_phase(server: Server, axe_context: BrowserContext, game: str) -> None:
    players, options, agent = GAMES[game]
    page = axe_context.new_page()
    frames = Frames(page)
    create_room(page, server.url, game, players, options)
    found: list[str] = []
    profile = (34, ["glasses", "jeans"]) if game == "gotcha" else None
    check_lobby_room(page, f"{game} table", found)
    page.get_by_test_id("lang-switch").select_option("en")
    sit(page, frames, 0, "Ana", profile)
    for seat in range(1, players):
        add_bot(page, frames, seat, agent)
    check_lobby_room(page, f"{game} table full", found)
    page.get_by_test_id("lang-switch").select_option("en")
    start(page, frames)
    check_room(page, f"{game} start", found)
    chooser = CHOOSERS.get(game, random_move)
    mid = lambda: frames.version() >= MID_GAME or outcome_shown(page, frames)  # noqa: E731
    play_until(page, frames, mid, chooser)
    check_room(page, f"{game} mid-game", found)
    play_until(page, frames, lambda: outcome_shown(page, frames), chooser, seed=1)
    check_room(page, f"{game} end", found, under_the_strip=True)
    page.get_by_test_id("outcome-toggle").click()  # the end panel: a table per screen width
    wait_until(page, page.get_by_test_id("end-panel").is_visible, "the end panel")
    check_room(page, f"{game} end panel", found, under_the_strip=True)
    page.get_by_test_id("outcome-toggle").click()
    wait_until(page, page.get_by_test_id("end-panel").is_hidden, "the end panel folded")
    page.get_by_test_id("replay-prev").click()
    wait_until(page, lambda: frames.last("replay"), "the replay's first frame")
    check_room(page, f"{game} replay", found, READ_ALOUD.get(game))
    assert not found, "\n".join(found)
