"""Issue 38, browser: what the page shows a person names people and things, never ids.

Each game is played to its end in chromium in one of the two languages (the page's own,
from the browser's locale; the room is created from the lobby with its defaults), and the
page's text, its tooltips (``title``), accessible names (``aria-label``) and the SVG
boards' titles and texts are read every few moves, at the end and in a replay. Every
string is checked against the ids of ``people_read`` and against the moves' text forms
(``place Y1 f6``, ``buzz a1 2``: the protocol's, which the page shows by their labels).
The typed-move box is left out: its example is the notation one types there.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from e2e.e2e_record import stored_game
from e2e.e2e_table import (
    Frames,
    add_bot,
    create_room,
    outcome_shown,
    play_until,
    rematch,
    room,
    sit,
    start,
    wait_until,
)
from e2e.test_e2e_games import gotcha_move
from ludoteca.loadbench.process import Server
from people_read import offending, report, text_forms

pytestmark = pytest.mark.e2e

GAMES: dict[str, tuple[str, int, dict[str, Any], str | None]] = {
    # language, players, options (as the lobby form sets them), bot level
    "gotcha": ("en", 3, {"track_length": 4, "turn_limit": 8}, None),
    "mystery_date": ("es", 3, {"turn_limit": 30}, None),
    "dweebies": ("es", 2, {}, None),
    "tile_up": ("en", 2, {"board_size": 9}, "greedy"),
    "tacocat": ("es", 2, {}, None),
}
LOCALES = {"en": "en-US", "es": "es-ES"}
READ_EVERY = 4
"""Moves between two readings of the page."""

PAGE_TEXTS = """() => {
  const out = [document.title, ...document.body.innerText.split("\\n")];
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    if (el.dataset.testid === "move-input") continue;
    for (const name of ["title", "aria-label", "placeholder", "alt"]) {
      const value = el.getAttribute(name);
      if (value) out.push(value);
    }
  }
  for (const el of document.querySelectorAll("svg title, svg text, svg desc")) {
    if (el.textContent) out.push(el.textContent);
  }
  return out.map((s) => s.trim()).filter(Boolean);
}"""


@pytest.fixture
def page_in(browser: Browser) -> Iterator[Any]:
    """Pages whose browser speaks the given language (a fresh profile per page)."""
    contexts: list[BrowserContext] = []

    def open_page(lang: str) -> Page:
        context = browser.new_context(locale=LOCALES[lang], viewport={"width": 1280, "height": 900})
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    try:
        yield open_page
    finally:
        for context in contexts:
            context.close()


def text_forms_sent(frames: Frames) -> set[str]:
    """Every move's text form the page was sent (legal moves and last moves)."""
    forms: set[str] = set()
    for message in frames.received:
        forms.update(move["text"] for move in message.get("legal") or [])
        last = message.get("last")
        if last:
            forms.add(last["text"])
    return forms


def read_page(page: Page) -> list[str]:
    texts: list[str] = page.evaluate(PAGE_TEXTS)
    return texts


@pytest.mark.parametrize("game", list(GAMES))
def test_the_page_names_people_and_things_in_its_language(
    server: Server, page_in: Any, game: str
) -> None:
    lang, players, options, agent = GAMES[game]
    page: Page = page_in(lang)
    frames = Frames(page)
    room_id = create_room(page, server.url, game, players, options)
    profile = (34, ["glasses"]) if game == "gotcha" else None
    sit(page, frames, 0, "Zoe", profile)
    for seat in range(1, players):
        add_bot(page, frames, seat, agent)
    start(page, frames)
    assert room(frames)["options"].get("language", lang) == lang
    seen: list[str] = read_page(page)
    moves = 0
    choose = gotcha_move if game == "gotcha" else None

    def chooser(state: dict[str, Any], rng: random.Random) -> str | None:
        nonlocal moves
        moves += 1
        if moves % READ_EVERY == 0:
            seen.extend(read_page(page))
        if choose is not None:
            return choose(state, rng)
        text: str = rng.choice(state["legal"])["text"]
        return text

    play_until(page, frames, lambda: outcome_shown(page, frames), chooser)
    game_no = 1
    while not any(seat >= 0 for seat, _ in stored_game(server.db, room_id, game_no).steps):
        # The room draws each game's seed: a Mystery Date deal can end the game before
        # anyone moves (about 1 game in 3,000), leaving no move to step to in the replay.
        # Its rematch is played instead.
        assert game_no < 5, "five games in a row ended in their deal"
        game_no += 1
        rematch(page, frames)
        play_until(page, frames, lambda: outcome_shown(page, frames), chooser)
    seen.extend(read_page(page))
    page.get_by_test_id("replay-first").click()
    wait_until(page, lambda: frames.last("replay"), "a replay frame")
    page.get_by_test_id("replay-next").click()
    seen.extend(read_page(page))
    assert any("Zoe" in text for text in seen)
    found = offending(seen, game, lang) + text_forms(seen, text_forms_sent(frames))
    assert not found, f"{len(found)} texts on the page show ids:\n{report(found)}"
