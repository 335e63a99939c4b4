"""Issue 39, party mode in the browser: one table screen (1280×800) and three phones
(390×844) play a whole Gotcha game and a whole Mystery Date game.

The table screen is created from the lobby ("Create and open the table screen"), shows the
room's code, and starts the game from its own control (it holds the creator's token, no
seat). Each phone types the code on the join page, lands on the room as a phone, sits and
plays by clicking its moves list. Only the table screen sounds and reads Gotcha's new rules
aloud (in the room's language); the phones stay quiet (Web Audio and speechSynthesis are
counted by init scripts). A phone that goes back to the join page is offered its own seat
("Rejoin as ...") and gets it; the table screen survives a reload. With LUDOTECA_SCREENS set,
the table screen and a phone mid-game are pictured in docs/screens (both languages).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from e2e.e2e_axe import LANGS, every_way, overflow, switch_language, violations
from e2e.e2e_table import (
    Frames,
    click_move,
    moves_drawn,
    my_turn,
    outcome_shown,
    room,
    sit,
    wait_until,
)
from e2e.test_e2e_motion_sound import AUDIO_SPY, audio
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e

SPEECH_SPY = """
window.__said = [];
{
  class Utterance { constructor(text) { this.text = text; this.lang = ""; this.voice = null; } }
  if (typeof window.SpeechSynthesisUtterance !== "function") {
    window.SpeechSynthesisUtterance = Utterance;
  }
  Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
    speak: (u) => window.__said.push([u.lang, u.text]), cancel() {}, getVoices: () => [],
  }});
}
"""
"""speechSynthesis as the page sees it, each utterance kept ([lang, text]) instead of said."""

TABLE: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
GOTCHA_TURN = ("draw", "play", "vote")


def new_context(browser: Browser, locale: str, size: ViewportSize) -> BrowserContext:
    context = browser.new_context(locale=locale, viewport=size)
    context.set_default_timeout(15_000)
    context.add_init_script(AUDIO_SPY)
    context.add_init_script(SPEECH_SPY)
    return context


def open_table(
    context: BrowserContext, origin: str, game: str, players: int, options: dict[str, Any]
) -> tuple[Page, Frames, str]:
    """Create the room from the lobby as its table screen; returns the page, its frames and
    the code it shows."""
    page = context.new_page()
    frames = Frames(page)
    page.goto(origin + "/")
    page.get_by_test_id("game-select").select_option(game)
    page.get_by_test_id("players-select").select_option(str(players))
    for name, value in options.items():
        control = page.locator(f'[data-option="{name}"]')
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(label=str(value))
        else:
            control.fill(str(value))
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table")
    code = page.get_by_test_id("party-code").inner_text().strip()
    assert len(code) == 4 and code.isalpha() and code.isupper()
    return page, frames, code


def join_phone(
    context: BrowserContext, origin: str, code: str, seat: int, name: str, gotcha: bool
) -> tuple[Page, Frames]:
    """A phone types the code on the join page, lands on the room as a phone and sits."""
    page = context.new_page()
    frames = Frames(page)
    page.goto(origin + "/join")
    page.get_by_test_id("join-code").fill(code.lower())
    page.get_by_test_id("join-submit").click()
    page.wait_for_url("**/phone")
    sit(page, frames, seat, name, (30 + seat, ["glasses"]) if gotcha else None)
    return page, frames


def gotcha_move(state: dict[str, Any], rng: random.Random) -> str | None:
    """The turn's move (draw, play, vote) when this phone has one; now and then a buzz."""
    texts: list[str] = [move["text"] for move in state["legal"]]
    turn = [text for text in texts if text.split()[0] in GOTCHA_TURN]
    if turn:
        return rng.choice(turn)
    buzzes = [text for text in texts if text.startswith("buzz")]
    return rng.choice(buzzes) if buzzes and rng.random() < 0.03 else None


def any_move(state: dict[str, Any], rng: random.Random) -> str | None:
    text: str = rng.choice(state["legal"])["text"]
    return text


def play(
    table: Page,
    table_frames: Frames,
    phones: list[tuple[Page, Frames]],
    chooser: Any,
    *,
    until: Any = None,
    seed: int = 0,
    limit: int = 900,
) -> int:
    """The phones click their moves until the table screen shows the outcome (or ``until()``
    holds); returns the moves clicked."""
    rng = random.Random(seed)
    clicks = 0
    while not outcome_shown(table, table_frames) and not (until and until(clicks)):
        moved = False
        for page, frames in phones:
            state = my_turn(frames)
            if state is None or not moves_drawn(page, state):
                continue
            text = chooser(state, rng)
            if text is not None:
                clicks += click_move(page, frames, state, text)
                moved = True
        assert clicks < limit, f"no end after {clicks} moves"
        if not moved:
            table.wait_for_timeout(30)
    return clicks


def start_from_table(table: Page, frames: Frames, players: int) -> None:
    wait_until(table, lambda: all(s["kind"] == "human" for s in room(frames)["seats"]), "seated")
    table.get_by_test_id("start").click()
    state = wait_until(table, lambda: frames.last("state"), "the first state")
    assert state["you"] is None and state["legal"] == []  # the public view, no seat
    assert "hand" not in state["view"] or state["view"]["hand"] is None


def picture(pages: list[tuple[Page, str]]) -> None:
    """docs/screens: each page as it is now (LUDOTECA_SCREENS names the folder)."""
    folder = os.environ.get("LUDOTECA_SCREENS")
    if not folder:
        return
    for page, name in pages:
        page.evaluate("() => window.scrollTo(0, 0)")
        page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name))


def test_a_table_screen_and_three_phones_play_gotcha(server: Server, browser: Browser) -> None:
    contexts = [new_context(browser, "en-US", TABLE)]
    contexts += [new_context(browser, locale, PHONE) for locale in ("es-ES", "en-US", "en-US")]
    try:
        options = {"track_length": 4, "turn_limit": 8}
        table, table_frames, code = open_table(contexts[0], server.url, "gotcha", 3, options)
        names = ["Ana", "Bruno", "Carla"]
        phones = [
            join_phone(contexts[1 + seat], server.url, code, seat, names[seat], True)
            for seat in range(3)
        ]
        start_from_table(table, table_frames, 3)
        play(table, table_frames, phones, gotcha_move, until=lambda clicks: clicks >= 12)
        picture([(table, "party-table-gotcha-en.png"), (phones[0][0], "party-phone-gotcha-es.png")])
        clicks = play(table, table_frames, phones, gotcha_move, seed=1)
        assert clicks > 0
        final = table_frames.last("state")
        assert final is not None and final["outcome"] is not None
        said = table.evaluate("window.__said")
        assert said, "the table screen read no rule aloud"
        assert {lang for lang, _ in said} == {"en-US"}  # the room's language, English
        assert audio(table)["made"] == 1
        # Someone else's phone opening the code now finds the table full, and can watch.
        late = contexts[0].new_page()
        late.goto(f"{server.url}/join/{code}")
        assert (
            late.get_by_test_id("join-full").inner_text()
            == "This table is full: every seat is taken."
        )
        assert late.get_by_test_id("watch").is_visible()
        for page, _ in phones:
            assert page.evaluate("window.__said") == []
            assert audio(page)["made"] == 0, "a phone made a sound beside the table screen"
            assert page.get_by_test_id("outcome").is_visible()
            assert not page.locator(".gt-board [data-tab=table]").first.is_visible()
    finally:
        for context in contexts:
            context.close()


def test_a_table_screen_and_three_phones_play_mystery_date(
    server: Server, browser: Browser
) -> None:
    contexts = [new_context(browser, "es-ES", TABLE)]
    contexts += [new_context(browser, locale, PHONE) for locale in ("en-US", "es-ES", "es-ES")]
    try:
        options = {"turn_limit": 30}
        table, table_frames, code = open_table(contexts[0], server.url, "mystery_date", 3, options)
        names = ["Dora", "Eva", "Flor"]
        phones = [
            join_phone(contexts[1 + seat], server.url, code, seat, names[seat], False)
            for seat in range(3)
        ]
        start_from_table(table, table_frames, 3)
        play(table, table_frames, phones, any_move, until=lambda clicks: clicks >= 8)
        shots = ["party-table-mystery_date-es.png", "party-phone-mystery_date-en.png"]
        picture([(table, shots[0]), (phones[0][0], shots[1])])
        for page, _ in phones:  # quiet phones, the board's track on the table screen only
            assert audio(page)["made"] == 0
            assert not page.locator(".md-track").is_visible()
        assert table.locator(".md-track").is_visible()

        # A phone that went to sleep opens the join page again: its seat is offered back.
        page, frames = phones[2]
        page.goto(server.url + f"/join/{code}")
        rejoin = page.get_by_test_id("rejoin")
        assert rejoin.inner_text() == "Volver como Flor"
        welcomes = len(frames.of_type("welcome"))
        rejoin.click()
        page.wait_for_url("**/phone")
        wait_until(page, lambda: len(frames.of_type("welcome")) > welcomes, "the welcome back")
        assert frames.of_type("welcome")[-1]["seat"] == 2
        # The table screen reloaded comes back to the same room, still holding no seat.
        told = len(table_frames.received)
        table.reload()
        after = table_frames.received
        wait_until(table, lambda: any(m["type"] == "state" for m in after[told:]), "state again")
        welcome = next(m for m in after[told:] if m["type"] == "welcome")
        assert welcome["seat"] is None and welcome["creator"] is True

        play(table, table_frames, phones, any_move, seed=2)
        final = table_frames.last("state")
        assert final is not None and final["outcome"] is not None
        for page, _ in phones:
            wait_until(page, page.get_by_test_id("outcome").is_visible, "the outcome on a phone")
    finally:
        for context in contexts:
            context.close()


BOARD_DRAWN = """() => {
  const board = document.querySelector('.board');
  const status = document.querySelector('[data-testid=status]');
  return Boolean(board && status && board.dataset.version === status.dataset.version
    && board.dataset.lang === document.documentElement.lang);
}"""


def test_the_join_page_the_table_screen_and_a_phone_pass_axe(
    server: Server, browser: Browser
) -> None:
    """axe-core (WCAG 2.2 A/AA) on the join page (empty, and refusing a wrong code), the
    table screen (lobby and mid-game) at both sizes, and a phone (lobby and mid-game) at
    390×844, in Spanish and English; no view wider than its screen."""
    found: list[str] = []

    def check(page: Page, where: str, settled: Any, phone_only: bool = False) -> None:
        if phone_only:
            for lang in LANGS:
                switch_language(page, lang)
                settled()
                found.extend(
                    violations(page, f"{where} {lang}") + overflow(page, f"{where} {lang}")
                )
            return
        for way in every_way(page, settled):
            found.extend(violations(page, f"{where} {way}") + overflow(page, f"{where} {way}"))

    contexts = [
        browser.new_context(locale=locale, viewport=size, reduced_motion="reduce")
        for locale, size in (("en-US", TABLE), ("es-ES", PHONE))
    ]
    try:
        for context in contexts:
            context.set_default_timeout(15_000)
        table, table_frames, code = open_table(contexts[0], server.url, "gotcha", 3, {})
        phone = contexts[1].new_page()
        phone_frames = Frames(phone)
        phone.goto(server.url + "/join")
        check(phone, "join page", phone.get_by_test_id("join-code").wait_for)
        phone.set_viewport_size(PHONE)
        phone.get_by_test_id("join-code").fill("AEIO")
        phone.get_by_test_id("join-submit").click()
        check(phone, "join page refusing", phone.get_by_test_id("join-error").wait_for, True)
        phone.get_by_test_id("join-code").fill("")  # by keyboard: typed, then Enter
        phone.get_by_test_id("join-code").press_sequentially(code.lower())
        phone.keyboard.press("Enter")
        phone.wait_for_url("**/phone")
        check(phone, "phone lobby", phone.get_by_test_id("seat-0").wait_for, True)
        check(table, "table screen lobby", table.get_by_test_id("party-code").wait_for)
        table.set_viewport_size(TABLE)
        switch_language(phone, "en")
        sit(phone, phone_frames, 0, "Ana", (30, ["glasses"]))
        for seat in (1, 2):
            table.get_by_test_id(f"bot-{seat}").click()

        def seated() -> bool:
            return [s["kind"] for s in room(table_frames)["seats"]] == ["human", "bot", "bot"]

        wait_until(table, seated, "the bots seated")
        table.get_by_test_id("start").click()
        wait_until(table, lambda: table_frames.version() >= 6, "mid-game")
        check(table, "table screen mid-game", lambda: table.wait_for_function(BOARD_DRAWN))
        check(phone, "phone mid-game", lambda: phone.wait_for_function(BOARD_DRAWN), True)
    finally:
        for context in contexts:
            context.close()
    assert not found, "\n".join(found)
