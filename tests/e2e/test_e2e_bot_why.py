"""Why the bot did that, in a real browser: the bot's reason in the table's history."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from e2e.e2e_table import (
    Frames,
    add_bot,
    create_room,
    outcome_shown,
    play_until,
    room,
    sit,
    start,
    wait_until,
)
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("lang", "words"), [("es", "partidas simuladas desde lo que ve"), ("en", "games simulated")]
)
def test_the_history_says_why_the_search_bot_played_its_move(
    server: Server, browser: Browser, tmp_path: Path, lang: str, words: str
) -> None:
    locale = {"es": "es-ES", "en": "en-US"}[lang]
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    frames = Frames(page)
    create_room(page, server.url, "dweebies", 2)
    sit(page, frames, 0, "Ana")
    add_bot(page, frames, 1, "ismcts")
    start(page, frames)

    def reasons() -> dict[str, object] | None:
        return next(
            (
                m["why"]
                for m in reversed(frames.of_type("state"))
                if m.get("why") and words in str(m["why"]["text"])
            ),
            None,
        )

    play_until(page, frames, lambda: reasons() is not None, max_moves=40, timeout=120)
    why = reasons()
    assert why is not None and why["seat"] == 1
    item = page.locator(".history-item.why", has_text=str(why["text"])).first
    wait_until(page, lambda: item.is_visible() or None, "the why line in the history")
    text = item.inner_text()
    assert str(why["text"]) in text and "%" in text
    shots = Path(os.environ.get("LUDOTECA_SHOTS", tmp_path))
    item.screenshot(path=str(shots / f"bot_why_{lang}.png"))  # the history line alone
    context.close()


def test_the_bots_reasons_survive_a_reload_and_show_in_the_replay(
    server: Server, browser: Browser, tmp_path: Path
) -> None:
    context = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    frames = Frames(page)
    create_room(page, server.url, "tacocat", 2)
    sit(page, frames, 0, "Ana")
    add_bot(page, frames, 1, "casual")
    start(page, frames)

    def told() -> dict[int, str]:
        """Every reason the page was sent so far, by step."""
        found: dict[int, str] = {}
        for message in frames.of_type("state"):
            for why in message.get("whys") or []:
                found[int(why["step"])] = str(why["text"])
        return found

    play_until(page, frames, lambda: len(told()) >= 3, max_moves=60, timeout=120)
    before = told()
    shown = page.locator(".history-item.why")
    wait_until(page, lambda: shown.count() >= 3 or None, "three reasons in the history")
    page.reload()
    # The reloaded page's first state carries every reason so far, and its history shows them.
    wait_until(page, lambda: shown.count() >= len(before) or None, "the reasons after a reload")
    texts = shown.all_inner_texts()
    assert all(text in texts for text in before.values()), (before, texts)
    assert all(text.startswith(_bot_name(frames)) for text in texts)

    play_until(page, frames, lambda: outcome_shown(page, frames), max_moves=200, timeout=240)
    page.get_by_test_id("replay-first").click()
    wait_until(page, lambda: frames.last("replay"), "the replay's first frame")
    for _ in range(6):  # a few moves on: the bot's reasons for them are in the replay's history
        page.get_by_test_id("replay-next").click()
    replayed = page.locator("[data-testid=history] .history-item.why")
    wait_until(page, lambda: replayed.count() >= 1 or None, "a reason in the replay")
    last = frames.last("replay")
    assert last is not None and last["whys"]
    assert all(why["text"] in told().values() for why in last["whys"])
    shots = Path(os.environ.get("LUDOTECA_SHOTS", tmp_path))
    page.screenshot(path=str(shots / "bot_why_replay_es.png"))
    context.close()


def _bot_name(frames: Frames) -> str:
    return str(room(frames)["seats"][1]["name"])
