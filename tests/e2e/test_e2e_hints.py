"""The hint button of the web table, in a real browser: kind of move first, then the move."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from e2e.e2e_table import Frames, add_bot, create_room, sit, start, wait_until
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("lang", "kind", "move"), [("es", "Pista", "Pista"), ("en", "Hint", "Hint")]
)
def test_the_hint_button_gives_the_kind_then_the_move(
    server: Server, browser: Browser, tmp_path: Path, lang: str, kind: str, move: str
) -> None:
    locale = {"es": "es-ES", "en": "en-US"}[lang]
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    frames = Frames(page)
    create_room(page, server.url, "dweebies", 2)
    sit(page, frames, 0, "Ana")
    add_bot(page, frames, 1, "beginner")
    start(page, frames)
    wait_until(page, lambda: page.locator("#hint-button").count() > 0 or None, "hint button")
    page.locator("#hint-button").click()
    hint = wait_until(page, lambda: frames.last("hint"), "hint message", timeout=60)
    text = page.locator("#hint-text").inner_text()
    assert text == hint["kind"] and text.startswith(kind)
    shots = Path(os.environ.get("LUDOTECA_SHOTS", tmp_path))
    page.screenshot(path=str(shots / f"hint_kind_{lang}.png"))
    page.locator("#hint-button").click()
    wait_until(
        page, lambda: page.locator("#hint-text").inner_text() == hint["move"] or None, "move"
    )
    assert hint["move"].startswith(move)
    state = frames.last("state")
    assert state is not None
    legal = [m["text"] for m in state["legal"]]
    assert hint["action"] in legal
    page.screenshot(path=str(shots / f"hint_move_{lang}.png"))
    context.close()
