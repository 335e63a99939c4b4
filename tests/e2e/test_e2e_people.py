"""Issue 40, who you are: in Chromium a person makes a profile on their first visit to the
lobby, plays, sees My games; a
second browser context signs in with a passkey (Chromium's virtual authenticator over the
DevTools protocol) and sees the same games, and takes the same seat.

The passkey is made on the first context's authenticator and copied to the second's
(``WebAuthn.getCredentials`` / ``addCredential``), as a synced passkey reaches a person's
other device. The page is served as ``http://localhost``: WebAuthn refuses IP addresses
as a relying party. Every new page state is checked with axe-core at 1280×800 and 390×844
in both languages (screenshots in ``LUDOTECA_SHOTS`` when set).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, CDPSession, Page

from e2e.e2e_axe import every_way, overflow, violations
from e2e.e2e_table import Frames, add_bot, create_room, my_turn, play_until, sit, start, wait_until
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


def authenticator(page: Page) -> tuple[CDPSession, str]:
    """A virtual platform authenticator on ``page``'s tab: the session and its id."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, str(made["authenticatorId"])


def checked_every_way(page: Page, what: str, ready: str) -> list[str]:
    """axe-core and the width check on ``page`` at both sizes in both languages, once the
    element ``ready`` is shown; screenshots saved when ``LUDOTECA_SHOTS`` names a folder.
    """
    shots = os.environ.get("LUDOTECA_SHOTS")
    found: list[str] = []

    def settled() -> None:
        page.wait_for_selector(ready)
        page.wait_for_load_state("networkidle")

    for way in every_way(page, settled):
        where = f"{what} {way}"
        found += violations(page, where) + overflow(page, where)
        if shots:
            name = where.replace(" ", "_")
            page.screenshot(path=str(Path(shots) / f"{name}.png"), full_page=True)
    return found


def test_a_profile_plays_and_a_second_browser_signs_in_with_a_passkey(
    browser: Browser, server: Server
) -> None:
    origin = f"http://localhost:{server.port}"
    phone = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    laptop = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 800})
    phone.set_default_timeout(15_000)
    laptop.set_default_timeout(15_000)
    try:
        page = phone.new_page()
        cdp, first = authenticator(page)
        page.goto(origin + "/me")
        problems = checked_every_way(page, "me-new", "[data-testid=me-create]")
        page.get_by_test_id("lang-switch").select_option("en")

        # The first visit to the lobby offers a profile: a name and one button.
        page.goto(origin + "/")
        page.get_by_test_id("strip-name").fill("Ana")
        page.get_by_test_id("strip-create").click()
        page.get_by_test_id("strip-my-games").wait_for()
        assert "Hello, Ana" in page.get_by_test_id("who-strip").inner_text()

        # Ana plays: a Tacocat against a bot, from the lobby like anyone; the table offers
        # her profile's name.
        frames = Frames(page)
        room = create_room(page, origin, "tacocat", 2)
        assert page.get_by_test_id("name-input").input_value() == "Ana"
        sit(page, frames, 0, "Ana")
        add_bot(page, frames, 1)
        start(page, frames)
        play_until(page, frames, lambda: frames.version() >= 3 and my_turn(frames) is not None)
        page.goto(origin + "/me")
        item = page.locator(f'.my-game[data-room="{room}"]')
        item.wait_for()
        assert item.get_attribute("data-your-move") == "true"
        assert "Your move" in page.locator('[data-group="your_move"]').inner_text()
        assert "Tacocat" in item.inner_text() and "(bot)" in item.inner_text()

        page.get_by_test_id("passkey-add").click()
        page.get_by_test_id("me-notice").wait_for()
        assert "Passkey made" in page.get_by_test_id("me-notice").inner_text()
        problems += checked_every_way(page, "me-games", "[data-testid=my-games]")
        credentials: list[dict[str, Any]] = cdp.send(
            "WebAuthn.getCredentials", {"authenticatorId": first}
        )["credentials"]
        assert len(credentials) == 1 and credentials[0]["isResidentCredential"]

        # The laptop: the same passkey (synced), signed in, the same games, the same seat.
        other = laptop.new_page()
        other_cdp, second = authenticator(other)
        other_cdp.send(
            "WebAuthn.addCredential", {"authenticatorId": second, "credential": credentials[0]}
        )
        other.goto(origin + "/me")
        other.get_by_test_id("passkey-sign-in").click()
        other.wait_for_selector("[data-testid=my-games]")
        assert other.locator("h1").inner_text() == "Hola, Ana"
        rooms = other.locator(".my-game").evaluate_all(
            "(items) => items.map((i) => i.dataset.room)"
        )
        assert rooms == [room]
        other_frames = Frames(other)
        other.get_by_test_id(f"open-{room}").click()
        other.wait_for_url(f"**/room/{room}")
        welcome = wait_until(other, lambda: other_frames.last("welcome"), "the welcome")
        assert welcome["seat"] == 0  # the seat Ana sits in, taken from her other device

        # Deleting, with the keyboard alone: every browser of hers forgets her.
        other.goto(origin + "/me")
        other.get_by_test_id("delete-me").focus()
        other.keyboard.press("Enter")
        assert other.evaluate("document.activeElement.id") == "delete-yes"
        other.keyboard.press("Enter")
        other.get_by_test_id("me-create").wait_for()
        page.reload()
        page.get_by_test_id("me-create").wait_for()
        assert problems == [], "\n".join(problems)
    finally:
        phone.close()
        laptop.close()
