"""Issue 38, browser: pictures on the How to play pages and on a game in Spanish.

Every game's How to play page draws its components and one example turn, a picture per
step of the engine's ``example`` section, in both languages. A Mystery Date table in Spanish
played to its middle shows each outfit card's piece and the door as pictures, at 1280x800
and 390x844 (with ``LUDOTECA_SCREENS=<dir>`` the pictures of docs/screens are written
there, beside the English ones of test_e2e_family.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from e2e.e2e_family import mid_game, open_table
from e2e.test_e2e_family import DESKTOP, PHONE, shoot
from ludoteca.engine import registry
from ludoteca.engine.how_to_play import how_to_play
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e


def test_how_to_play_draws_the_components_and_an_example_turn(
    server: Server, browser: Browser
) -> None:
    context = browser.new_context(locale="en-US", viewport=DESKTOP)  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    for lang in ("en", "es"):
        page.evaluate(f"localStorage.setItem('ludoteca.lang', '{lang}')")
        for game_id in registry.available_games():
            steps = how_to_play(game_id, lang).section("example").paragraphs
            assert len(steps) >= 3
            page.goto(f"{server.url}/how/{game_id}")
            figure = page.get_by_test_id("guide-components-picture")
            components = figure.locator("svg.guide-picture")
            expect(components).to_have_count(1)
            assert components.evaluate("s => s.querySelectorAll('*').length") > 40
            example = page.get_by_test_id("guide-example").locator("li")
            expect(example).to_have_count(len(steps))
            assert example.locator("figcaption").all_inner_texts() == list(steps)
            drawn = example.evaluate_all(
                "items => items.map((li) => li.querySelector('svg.guide-picture')"
                " ? li.querySelector('svg').querySelectorAll('*').length : 0)"
            )
            assert all(count > 3 for count in drawn), (game_id, drawn)
            # The pictures repeat the words beside them: hidden from screen readers.
            hidden = page.locator(".guide-picture").evaluate_all(
                "ss => ss.every((s) => s.getAttribute('aria-hidden') === 'true')"
            )
            assert hidden
    assert errors == []
    context.close()


def test_mystery_date_in_spanish_shows_outfit_pieces_and_the_door(
    server: Server, browser: Browser
) -> None:
    context = browser.new_context(locale="es-ES", viewport=DESKTOP)  # type: ignore[arg-type]
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    frames, _ = open_table(page, server.url, "mystery_date")
    mid_game(page, frames, "mystery_date")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_test_id("sound-switch")).to_have_text("Sonido: sí")
    screens = os.environ.get("LUDOTECA_SCREENS")
    for phone in (False, True):
        if phone:
            page.set_viewport_size(PHONE)  # type: ignore[arg-type]
            page.reload()
        expect(page.locator(".md-track")).to_be_visible()
        state = frames.last("state")
        assert state is not None and state["you"] == 0
        hand = state["view"]["hand"]
        # Each kind of card held is drawn once with its piece (copies as a count).
        pieces = page.locator(".md-hand-svg [data-piece]")
        expect(pieces).to_have_count(len(set(hand)))
        expect(page.locator(".md-door-picture")).to_have_count(1)
        if screens:
            shoot(page, Path(screens) / f"mystery_date-es-{'phone' if phone else 'desktop'}.png")
    assert errors == []
    context.close()
