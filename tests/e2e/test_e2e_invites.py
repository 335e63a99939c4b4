"""Issue 40, "when you are invited", in Chromium: Ana and Bruno played once; at Ana's new
table (still in its lobby) the Invite control lists Bruno and invites him; Bruno sees the
invitation at the top of My games, accepts it (the room opens) and sits down as anyone
does, and the invitation ends. The room's control and the invitation are checked with
axe-core at 1280×800 and 390×844 in both languages (screenshots in ``LUDOTECA_SHOTS``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.e2e_table import Frames, create_room, sit
from e2e.test_e2e_people import checked_every_way
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e


def _profile(page: Page, origin: str, name: str) -> None:
    page.goto(origin + "/")
    page.get_by_test_id("strip-name").fill(name)
    page.get_by_test_id("strip-create").click()
    page.get_by_test_id("strip-my-games").wait_for()


def test_a_person_invites_someone_they_played_with_who_accepts(
    browser: Browser, server: Server
) -> None:
    origin = f"http://localhost:{server.port}"
    ana_context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    bruno_context = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 800})
    for context in (ana_context, bruno_context):
        context.set_default_timeout(15_000)
    try:
        ana, bruno = ana_context.new_page(), bruno_context.new_page()
        ana_frames, bruno_frames = Frames(ana), Frames(bruno)
        _profile(ana, origin, "Ana")
        _profile(bruno, origin, "Bruno")
        past = create_room(ana, origin, "tacocat", 2)
        sit(ana, ana_frames, 0, "Ana")
        bruno.goto(f"{origin}/room/{past}")
        sit(bruno, bruno_frames, 1, "Bruno")

        room = create_room(ana, origin, "tacocat", 2)
        sit(ana, ana_frames, 0, "Ana")
        control = ana.get_by_test_id("invite-people")
        control.get_by_test_id("invite-who").wait_for()
        assert control.locator("option").all_inner_texts() == ["Bruno"]
        control.get_by_test_id("invite-send").click()
        message = ana.get_by_test_id("invite-message")
        expect(message).to_have_text("Invitation sent to Bruno.")
        expect(ana.get_by_test_id("invite-invited")).to_have_text("Invited: Bruno")
        problems = checked_every_way(ana, "room-invite", "[data-testid=invite-invited]")
        expect(message).to_have_text("Invitación enviada a Bruno.")  # drawn again in Spanish
        assert control.locator("h3").inner_text() in (
            "Invite someone you played with",
            "Invitar a alguien con quien jugaste",
        )

        bruno.goto(origin + "/me")
        invites = bruno.get_by_test_id("my-invites")
        invites.wait_for()
        assert "Ana te invita a Tacocat deletreado al revés" in invites.inner_text()
        problems += checked_every_way(bruno, "me-invites", "[data-testid=my-invites]")
        bruno.get_by_test_id("lang-switch").select_option("es")
        bruno.get_by_test_id(f"accept-{room}").click()
        bruno.wait_for_url(f"**/room/{room}")
        sit(bruno, bruno_frames, 1, "Bruno")
        bruno.goto(origin + "/me")
        bruno.get_by_test_id("my-games").wait_for()
        assert bruno.get_by_test_id("my-invites").count() == 0, "the invitation ended"
        assert problems == [], "\n".join(problems)
    finally:
        ana_context.close()
        bruno_context.close()
