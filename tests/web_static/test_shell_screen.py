"""Issue 38, the screen: the lobby's status, the bot menu, the timed-out notice, Gotcha's
emote palette and the folded result, in chromium against the fake site (shell_fake_site)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium_launch import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import Browser, Page, expect, sync_playwright
from shell_fake_site import ORIGIN, open_fake
from shell_samples import FakeLobby, FakeTable

EMOTES = ["clap", "air_guitar", "salute", "wave", "bow", "wink"]
STATIC = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "static"


def test_every_screen_string_exists_in_both_languages() -> None:
    text = (STATIC / "room_text.js").read_text(encoding="utf-8")
    es_block = text[text.index("  es: {") : text.index("  en: {")]
    en_block = text[text.index("  en: {") : text.index("export function s(")]
    key = re.compile(r'^\s+"([\w.]+)":', re.MULTILINE)
    es_keys, en_keys = key.findall(es_block), key.findall(en_block)
    assert es_keys and sorted(es_keys) == sorted(en_keys)
    used: set[str] = set()
    for path in STATIC.glob("*.js"):
        source = path.read_text(encoding="utf-8")
        if "room_text.js" in source:
            used |= set(re.findall(r'\bs(?:creenText)?\("([\w.]+)"', source))
    assert used and sorted(k for k in used if k not in es_keys) == []


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def new_page(browser: Browser, lang: str = "en", phone: bool = False) -> Page:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(locale=f"{lang}-{lang.upper()}", viewport=size)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    return context.new_page()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_bot_menu_offers_the_levels_then_the_named_bots(browser: Browser, lang: str) -> None:
    page = new_page(browser, lang)
    open_fake(page, FakeLobby("tacocat"))
    page.goto(ORIGIN + "/room/sample")
    menu = page.get_by_test_id("agent-select")
    groups = menu.locator("optgroup")
    expect(groups).to_have_count(2)
    levels = groups.nth(0).locator("option")
    assert levels.evaluate_all("os => os.map(o => o.value)") == [
        "beginner",
        "casual",
        "strong",
        "strongest",
    ]
    first = {"en": "Beginner — plays loosely", "es": "Principiante — juega sin pensar mucho"}
    expect(levels.first).to_have_text(first[lang])
    expect(groups.nth(1)).to_have_attribute("label", {"en": "More bots", "es": "Más bots"}[lang])
    named = groups.nth(1).locator("option").evaluate_all("os => os.map(o => o.textContent)")
    assert named and all(" — " in text for text in named), named
    page.context.close()


def test_status_says_ready_once_every_seat_is_taken(browser: Browser) -> None:
    page = new_page(browser)
    open_fake(page, FakeLobby("tacocat"))
    page.goto(ORIGIN + "/room/sample")
    status = page.get_by_test_id("status")
    expect(status).to_have_text("Waiting for players")
    page.get_by_test_id("name-input").fill("Ana")
    page.get_by_test_id("sit-0").click()
    expect(status).to_have_text("Waiting for players")
    page.get_by_test_id("bot-1").click()
    expect(page.get_by_test_id("seat-1")).to_contain_text("bot")
    expect(status).to_have_text("Every seat is taken: ready to start")
    page.context.close()


def test_a_timed_out_turn_is_a_neutral_notice_not_a_refusal(browser: Browser) -> None:
    table = FakeTable("tacocat")
    # The fake site sends the table's kept lines after the hello: the server's notice.
    table.chat.append(
        {
            "type": "timed_out",
            "seat": 1,
            "message": "Bruno's time ran out: a bot played for that seat.",
        }
    )
    page = new_page(browser, phone=True)
    open_fake(page, table)
    page.goto(ORIGIN + "/room/sample")
    notice = page.get_by_test_id("notice")
    expect(notice).to_contain_text("Bruno's time ran out")
    expect(page.get_by_test_id("error")).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("Move refused")
    box = notice.bounding_box()
    assert box is not None and box["height"] < 60  # one quiet line, not a toast over the hand
    notice.get_by_role("button").click()
    expect(notice).to_have_count(0)
    page.context.close()


class EmoteTable(FakeTable):
    """A Tacocat table whose moves list is Gotcha's emotes and a buzz (the list is all the
    shell draws of them)."""

    def state_message(self, seat: int | None = None, deadline_s: float | None = None) -> Any:
        message = super().state_message(seat, deadline_s)
        message["legal"] = [{"text": f"emote {e}", "label": f"emotes {e}"} for e in EMOTES] + [
            {"text": "buzz m2 2", "label": "buzzes! Mat 2: Carla"}
        ]
        return message


def test_emotes_are_one_palette(browser: Browser) -> None:
    page = new_page(browser)
    open_fake(page, EmoteTable("tacocat"))
    page.goto(ORIGIN + "/room/sample")
    palette = page.locator(".moves-list .emote-palette")
    expect(palette).to_have_count(1)
    expect(palette.locator("legend")).to_have_text("Emotes")
    buttons = palette.locator("button.move")
    expect(buttons).to_have_count(len(EMOTES))
    assert buttons.all_inner_texts() == EMOTES
    expect(page.locator(".moves-list > button.move")).to_have_count(1)  # the buzz
    buttons.nth(1).click()
    page.context.close()


def test_the_result_is_a_strip_that_leaves_the_board_in_sight(browser: Browser) -> None:
    table = FakeTable("tacocat")
    table.finish()
    page = new_page(browser, phone=True)
    open_fake(page, table)
    page.goto(ORIGIN + "/room/sample")
    strip = page.get_by_test_id("outcome")
    expect(strip).to_be_visible()
    expect(page.get_by_test_id("end-panel")).to_be_hidden()
    board = page.locator(".board svg").first
    for y in (0, 400, 900):
        page.evaluate("(y) => window.scrollTo(0, y)", y)
        box = strip.bounding_box()
        assert box is not None and box["height"] <= 0.15 * 844, box
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(page.get_by_test_id("rematch")).to_be_in_viewport()
    expect(board).to_be_in_viewport()
    page.get_by_test_id("outcome-toggle").click()
    expect(page.get_by_test_id("end-panel")).to_be_visible()
    expect(page.get_by_test_id("outcome-toggle")).to_have_attribute("aria-expanded", "true")
    page.context.close()
