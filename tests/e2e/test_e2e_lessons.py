"""Issue 43, the lessons in the browser: each game's lesson completed by a scripted
newcomer on a desktop (1280×800, English) and a phone (390×844, Spanish), one wrong try
per lesson answered by its rule; progress kept in the browser and a lesson resumed where
it was left; the closing game against the gentle bot in a real room; axe-core on the
lesson page at both sizes in both languages. One browser (the module's), a context per
size. With ``LUDOTECA_SCREENS=<dir>`` the pictures of docs/screens are written there.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from e2e.e2e_axe import every_way, overflow, violations
from e2e.e2e_lesson import VERDICT, WAIT, click_move, go_through, open_lesson, step_shown, wrong_try
from e2e.e2e_table import css_string, wait_until
from lesson_tries import tries
from ludoteca.engine.i18n import Lang
from ludoteca.lessons import lesson, lesson_games
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e

SIZES: dict[str, tuple[ViewportSize, Lang]] = {
    "desktop": ({"width": 1280, "height": 800}, "en"),
    "phone": ({"width": 390, "height": 844}, "es"),
}
"""Each size the lesson is gone through at, and the browser's language there."""
SCREENED = ("tacocat", "dweebies")
"""The two lessons whose steps are pictured in docs/screens."""


def sized(browser: Browser, size: str) -> tuple[BrowserContext, Page, list[str]]:
    """A fresh profile of ``size`` in its language, motion reduced, and its script errors."""
    viewport, lang = SIZES[size]
    context = browser.new_context(
        locale="en-US" if lang == "en" else "es-ES", viewport=viewport, reduced_motion="reduce"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, errors


@pytest.fixture
def contexts(browser: Browser) -> Iterator[dict[str, tuple[BrowserContext, Page, list[str]]]]:
    """A desktop and a phone profile."""
    opened = {size: sized(browser, size) for size in SIZES}
    try:
        yield opened
    finally:
        for context, _page, _errors in opened.values():
            context.close()


def stored(page: Page) -> dict[str, Any]:
    """This browser's saved lesson progress (``ludoteca.lesson.*``)."""
    found: dict[str, Any] = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage)"
        ".filter((k) => k.startsWith('ludoteca.lesson.')).map((k) => [k, localStorage[k]]))"
    )
    return {key: json.loads(value) for key, value in found.items()}


@pytest.mark.parametrize("game", lesson_games())
def test_a_newcomer_completes_the_lesson_on_a_desktop_and_a_phone(
    server: Server, contexts: dict[str, tuple[BrowserContext, Page, list[str]]], game: str
) -> None:
    taught = lesson(game)
    for size, (_context, page, errors) in contexts.items():
        lang = SIZES[size][1]
        run = go_through(page, server.url, game, lang, resume_at=1 if size == "desktop" else None)
        assert run.wrong_rule, f"{game} {size}: no wrong try"
        assert run.steps_seen == [step.id for step in taught.steps]
        saved = stored(page)
        assert all(saved[f"ludoteca.lesson.{step.id}"] is True for step in taught.steps), saved
        assert saved[f"ludoteca.lesson.at.{game}"] == "end"
        assert page.locator(".lesson-dot.done").count() == len(taught.steps)
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]  # type: ignore[index]
        assert errors == [], errors
    # The closing game: a real room, the person in the first seat, the gentle bot in the rest.
    page = contexts["desktop"][1]
    page.get_by_test_id("lesson-name").fill("Lucía")
    page.get_by_test_id("lesson-final").click()
    page.wait_for_url("**/room/**")
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing", timeout=WAIT)
    room_id = page.url.rsplit("/", 1)[1]
    room = page.evaluate(f"fetch('/api/rooms/{room_id}').then((r) => r.json())")
    seats = room["seats"]
    assert seats[0]["kind"] == "human" and seats[0]["name"] == "Lucía"
    assert [seat["kind"] for seat in seats[1:]] == ["bot"] * (len(seats) - 1)
    assert {seat["agent"] for seat in seats[1:]} == {taught.final_bot}
    # The room links back to the lesson.
    expect(page.get_by_test_id("room-learn")).to_have_attribute(
        "href", f"/learn/{game}", timeout=WAIT
    )
    assert contexts["desktop"][2] == []


def test_a_lesson_left_is_resumed_and_can_be_restarted(
    server: Server, contexts: dict[str, tuple[BrowserContext, Page, list[str]]]
) -> None:
    game = lesson_games()[0]
    taught = lesson(game)
    _context, page, errors = contexts["desktop"]
    page.goto(server.url + "/")
    page.get_by_test_id(f"learn-{game}").click()
    page.get_by_test_id("lesson-step-title").wait_for()
    first = taught.steps[0]
    step_shown(page, first.id)
    # The first step asks the person's name; the board names them by it from then on.
    page.get_by_test_id("lesson-you").fill("Lucía")
    page.get_by_test_id("lesson-you-save").click()
    expect(page.locator(".board")).to_contain_text("Lucía", timeout=WAIT)
    assert page.evaluate("JSON.parse(localStorage.getItem('ludoteca.name'))") == "Lucía"
    if first.kind == "do":
        click_move(page, tries(game, first.id).right)
    page.get_by_test_id("lesson-continue").click()
    step_shown(page, taught.steps[1].id)
    # Left (the lobby), then opened again from How to play: back on the step it was on.
    page.goto(server.url + f"/how/{game}")
    page.get_by_test_id("guide-learn").click()
    step_shown(page, taught.steps[1].id)
    assert page.locator(".lesson-dot.done").count() == 1
    page.get_by_test_id("lesson-restart").click()
    step_shown(page, first.id)
    assert page.locator(".lesson-dot.done").count() == 0
    assert stored(page)[f"ludoteca.lesson.{first.id}"] is False
    # A step of the lesson the browser asked for that the server does not know: told so.
    page.evaluate(f"localStorage.setItem('ludoteca.lesson.at.{game}', JSON.stringify('gone'))")
    page.reload()
    step_shown(page, first.id)
    page.goto(server.url + "/learn/chess")
    expect(page.get_by_test_id("lesson-failed")).to_contain_text("chess", timeout=WAIT)
    assert errors == [e for e in errors if "404" in e], errors


def test_axe_finds_nothing_on_the_lesson_page(server: Server, browser: Browser) -> None:
    context, page, errors = sized(browser, "desktop")
    found: list[str] = []
    screens = os.environ.get("LUDOTECA_SCREENS")
    try:
        for game in lesson_games():
            taught = lesson(game)
            step = next(s for s in taught.steps if s.kind == "do")
            page.set_viewport_size(SIZES["desktop"][0])
            open_lesson(page, server.url, game)
            for earlier in taught.steps[: taught.steps.index(step)]:
                step_shown(page, earlier.id)
                if earlier.kind == "do":
                    click_move(page, tries(game, earlier.id).right)
                page.get_by_test_id("lesson-continue").click()
            step_shown(page, step.id)
            wrong_try(page, game, step.id, "en", tries(game, step.id))

            def settled(step_id: str = step.id) -> None:
                step_shown(page, step_id)
                expect(page.locator(VERDICT)).to_be_visible(timeout=WAIT)
                wait_until(
                    page,
                    lambda: (
                        page.locator(".board").get_attribute("data-lang")
                        == page.evaluate("document.documentElement.lang")
                    ),
                    "the board redrawn",
                )

            for way in every_way(page, settled):
                found += violations(page, f"{game} {way}") + overflow(page, f"{game} {way}")
                if screens and game in SCREENED:
                    size, lang = way.split()
                    picture = Path(screens) / f"lesson-{game}-{size}-{lang}.png"
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(picture), full_page=size == "phone")
        found += _end_screen(page, server.url, lesson_games()[0])
    finally:
        context.close()
    assert not found, "\n".join(found)
    assert errors == [], errors


def _end_screen(page: Page, origin: str, game: str) -> list[str]:
    """axe on the first step (with its name form) and the end screen of ``game``'s lesson
    (reached by marking every step done)."""
    taught = lesson(game)
    first = taught.steps[0].id
    page.evaluate(f"localStorage.setItem('ludoteca.lesson.at.{game}', JSON.stringify('{first}'))")
    page.goto(f"{origin}/learn/{game}")
    found: list[str] = []
    for way in every_way(page, page.get_by_test_id("lesson-you").wait_for):
        found += violations(page, f"{game} first {way}") + overflow(page, f"{game} first {way}")
    for step in taught.steps:
        page.evaluate(f"localStorage.setItem('ludoteca.lesson.{step.id}', 'true')")
    page.evaluate(f"localStorage.setItem('ludoteca.lesson.at.{game}', JSON.stringify('end'))")
    page.goto(f"{origin}/learn/{game}")
    for way in every_way(page, page.get_by_test_id("lesson-end").wait_for):
        found += violations(page, f"{game} end {way}") + overflow(page, f"{game} end {way}")
    return found


def test_a_lesson_goes_by_keyboard_alone(
    server: Server, contexts: dict[str, tuple[BrowserContext, Page, list[str]]]
) -> None:
    """Tab and Enter only: Continue, then the step's move in the moves list; the focus goes
    to each new step's title and, after the move, to Continue."""
    game = "dweebies" if "dweebies" in lesson_games() else lesson_games()[0]
    taught = lesson(game)
    _context, page, errors = contexts["desktop"]
    open_lesson(page, server.url, game)
    for index, step in enumerate(taught.steps[:3]):
        step_shown(page, step.id)
        if index:
            assert page.evaluate("document.activeElement.id") == "lesson-step-title"
        if step.kind == "do":
            right = tries(game, step.id).right
            _tab_to(page, f"button.move[data-action={css_string(right)}]")
            page.keyboard.press("Enter")
            expect(page.locator(VERDICT)).to_have_attribute("data-ok", "true", timeout=WAIT)
        _tab_to(page, "[data-testid=lesson-continue]")
        page.keyboard.press("Enter")
    step_shown(page, taught.steps[3].id)
    assert errors == [], errors


def _tab_to(page: Page, selector: str, limit: int = 120) -> None:
    """Press Tab until ``selector`` has the focus (at most ``limit`` times), opening with
    Enter the folded group of moves that holds it (as a keyboard user does)."""
    for _ in range(limit):
        if page.evaluate(f"document.activeElement.matches({json.dumps(selector)})"):
            return
        folded = page.evaluate(
            "(sel) => { const a = document.activeElement; const g = a.closest('details');"
            " return a.tagName === 'SUMMARY' && !g.open && Boolean(g.querySelector(sel)); }",
            selector,
        )
        page.keyboard.press("Enter" if folded else "Tab")
    raise AssertionError(f"Tab never reached {selector}")
