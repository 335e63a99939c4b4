"""Why the bot did that, in a real browser: the bot's reason in the table's history."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from e2e.e2e_table import Frames, add_bot, create_room, play_until, sit, start, wait_until
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
