"""Issue 40, must show: two people play a correspondence Tacocat over three simulated days.

One Chromium, two contexts (Ana in English at 1280×800, Bruno in Spanish at 390×844), a real
``ludoteca serve`` whose pace clock the test moves (``LUDOTECA_TEST_CLOCK=1``), a real SMTP
server (``aiosmtpd``, the server's ``--smtp``) and a local push service that checks each
push's VAPID signature and decrypts it (``tests/push_service.py``).

Each person makes a profile with an address, sits, and presses "Notify me": the page asks
for the permission, waits for its service worker, fetches the server's VAPID key and
subscribes. Chromium's own push service (Google's) cannot be reached here, so the page's
``PushManager.subscribe`` hands back the local service's subscription instead: everything
after it (the page's ``notify`` message, the server's encryption, signature and delivery)
is the real thing. Each move made while the other person is away sends them a push the
service decrypts and a mail; a decrypted payload is then delivered to the other context's
service worker (``ServiceWorker.deliverPushMessage``) and shows its notification in that
person's language. On the third day nobody moves: the deadline passes and the room's
policy (a bot moves for the late person) acts; My games shows the game and its time left.
The manifest is fetched and valid (``Page.getAppManifest``) and the service worker ready.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, ViewportSize

from e2e.e2e_axe import every_way, overflow, switch_language, violations
from e2e.e2e_table import Frames, my_turn, sit, start, wait_until
from ludoteca.loadbench.process import Server
from push_service import PushService, Received
from smtp_sink import SmtpServer

pytestmark = pytest.mark.e2e

HOUR = 3_600_000
DAY = 24 * HOUR
PEOPLE: tuple[tuple[str, str, ViewportSize], ...] = (
    ("Ana", "en", {"width": 1280, "height": 800}),
    ("Bruno", "es", {"width": 390, "height": 844}),
)

FAKE_SUBSCRIBE = """
(subscription) => {
  PushManager.prototype.subscribe = async function () {
    return {toJSON: () => subscription};
  };
}
"""
"""The one stand-in: Chromium's push service is Google's, unreachable here; the page gets
the local push service's subscription from ``subscribe`` (what a browser would return)."""


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[Server, PushService, SmtpServer]]:
    with PushService() as push, SmtpServer() as smtp:
        server = Server(
            tmp_path / "days.sqlite3",
            env={"LUDOTECA_TEST_CLOCK": "1"},
            extra_args=(
                "--smtp",
                f"smtp://127.0.0.1:{smtp.port}?security=none&from=ludoteca@example.org",
                "--public-url",
                "http://ludoteca.example.org",
            ),
        )
        server.start()
        try:
            yield server, push, smtp
        finally:
            server.stop()


def advance(page: Page, origin: str, ms: int) -> None:
    answer = page.request.post(
        origin + "/api/test/clock",
        data=json.dumps({"advance_ms": ms}),
        headers={"content-type": "application/json", "origin": origin},
    )
    assert answer.ok, answer.text()


def clocks(page: Page, origin: str, room: str) -> dict[int, int]:
    """The room's running clocks: seat → deadline (the server's ms)."""
    summary = page.request.get(f"{origin}/api/rooms/{room}").json()
    return {clock["seat"]: clock["due_ms"] for clock in summary["pace"]["clocks"]}


def waiting(page: Page, origin: str, room: str) -> list[int]:
    return sorted(clocks(page, origin, room))


def person(
    browser: Browser, origin: str, push: PushService, who: int
) -> tuple[BrowserContext, Page]:
    name, lang, size = PEOPLE[who]
    context = browser.new_context(locale="en-US" if lang == "en" else "es-ES", viewport=size)
    context.set_default_timeout(15_000)
    context.grant_permissions(["notifications"], origin=origin)
    context.add_init_script(f"({FAKE_SUBSCRIBE})({json.dumps(push.subscription(name))})")
    page = context.new_page()
    page.goto(origin + "/me")
    page.get_by_test_id("lang-switch").select_option(lang)
    page.get_by_test_id("me-name").fill(name)
    page.get_by_test_id("me-create").click()
    wait_until(
        page,
        lambda: page.evaluate("fetch('/api/me').then((r) => r.json()).then((b) => b.person)"),
        "the profile made",
    )
    answer = page.evaluate(
        """async (email) => (await fetch('/api/me', {method: 'PATCH',
             headers: {'content-type': 'application/json'},
             body: JSON.stringify({email})})).status""",
        f"{name.lower()}@example.org",
    )
    assert answer == 200
    return context, page


def checked(page: Page, what: str, ready: str, lang: str) -> list[str]:
    """axe-core and the width check at both sizes in both languages (screenshots in
    ``LUDOTECA_SHOTS`` when set)."""
    shots = os.environ.get("LUDOTECA_SHOTS")
    found: list[str] = []
    size = page.viewport_size

    def settled() -> None:
        page.wait_for_selector(ready)

    for way in every_way(page, settled):
        found += violations(page, f"{what} {way}") + overflow(page, f"{what} {way}")
        if shots:
            page.screenshot(
                path=str(Path(shots) / f"{what}_{way.replace(' ', '_')}.png"), full_page=True
            )
    if size is not None:
        page.set_viewport_size(size)
    switch_language(page, lang)
    return found


def move(page: Page, frames: Frames) -> int:
    """Make the first move the page offers; the new state's version."""
    state = wait_until(page, lambda: my_turn(frames), "a move to make")
    before = int(state["version"])
    page.locator("button.move[data-action]").first.click()
    return int(wait_until(page, lambda: frames.version() > before and frames.version(), "answer"))


def shown_notification(cdp: CDPSession, page: Page, origin: str, got: Received) -> dict[str, Any]:
    """Deliver a decrypted payload to the page's service worker; the notification shown."""
    registrations: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    # A push delivered before the page's worker is active is dropped (no notification, no
    # error): wait for the active worker first, then take a live registration of it.
    page.evaluate("async () => { await navigator.serviceWorker.ready; return true; }")
    wait_until(
        page,
        lambda: [r for r in registrations if not r.get("isDeleted")],
        "the service worker's registration",
    )
    live = [r for r in registrations if not r.get("isDeleted")]
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": origin,
            "registrationId": live[-1]["registrationId"],
            "data": json.dumps(got.payload),
        },
    )
    found: dict[str, Any] = wait_until(
        page,
        lambda: page.evaluate(
            """async () => {
                 const r = await navigator.serviceWorker.ready;
                 const shown = await r.getNotifications();
                 if (!shown.length) return null;
                 return {title: shown[0].title, body: shown[0].body, url: shown[0].data.url};
               }"""
        ),
        "the notification",
    )
    return found


def test_two_people_play_correspondence_tacocat_over_three_days(
    browser: Browser, world: tuple[Server, PushService, SmtpServer]
) -> None:
    server, push, smtp = world
    origin = server.url
    problems: list[str] = []
    (ana_ctx, ana), (bruno_ctx, bruno) = (
        person(browser, origin, push, 0),
        person(browser, origin, push, 1),
    )
    try:
        # The installable app: the manifest fetched and valid, the service worker ready.
        cdp = ana_ctx.new_cdp_session(ana)
        ana.goto(origin + "/")
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == origin + "/manifest.webmanifest" and manifest["errors"] == []
        data = json.loads(manifest["data"])
        assert data["display"] == "standalone" and data["start_url"] == "/"
        assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
        for icon in data["icons"]:
            assert ana.request.get(origin + icon["src"]).headers["content-type"] == "image/png"
        assert (
            ana.evaluate("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)")
            == origin + "/sw.js"
        )

        # Day 1: Ana makes a correspondence room; both sit and ask to be notified.
        ana.get_by_test_id("game-select").select_option("tacocat")
        ana.get_by_test_id("pace-mode").select_option("correspondence")
        ana.get_by_test_id("pace-hours").select_option("24")
        ana.get_by_test_id("pace-policy").select_option("bot")
        problems += checked(ana, "lobby-pace", "[data-testid=pace-policy]", "en")
        ana.get_by_test_id("create-room").click()
        ana.wait_for_url("**/room/*")
        room = ana.url.rstrip("/").rsplit("/", 1)[1]
        frames = {0: Frames(ana), 1: Frames(bruno)}
        ana.reload()
        sit(ana, frames[0], 0, "Ana")
        bruno.goto(f"{origin}/room/{room}")
        sit(bruno, frames[1], 1, "Bruno")
        for page in (ana, bruno):
            page.get_by_test_id("notify-me").click()
            page.get_by_test_id("notify-status").wait_for()
        start(ana, frames[0])
        assert ana.get_by_test_id("pace-summary").inner_text() == (
            "1 day per move · at the deadline: A bot moves for the person"
        )
        problems += checked(bruno, "room-pace", "[data-testid=pace-summary]", "es")
        assert not push.received, "nobody is told while they have the room open"

        pages = {0: ana, 1: bruno}
        told: dict[int, list[Received]] = {0: [], 1: []}
        mails = 0
        for _ in range(4):  # days 1 and 2: a move every 12 hours
            now_waiting = waiting(ana, origin, room)
            mover = now_waiting[0]
            other = 1 - mover
            pages[other].goto(origin + "/me")  # the other person is away from the room
            pages[mover].goto(f"{origin}/room/{room}")
            frames[mover].received.clear()
            move(pages[mover], frames[mover])
            if other in waiting(ana, origin, room) and other not in now_waiting:
                got = push.wait(PEOPLE[other][0], lambda r: r.payload["kind"] == "move")
                told[other].append(got)
                mail = smtp.sink.wait(f"{PEOPLE[other][0].lower()}@example.org", f"/room/{room}")
                assert "http://ludoteca.example.org/room/" in str(mail.get_payload())
                mails += 1
            advance(ana, origin, 12 * HOUR)
        assert told[0] or told[1], "a move made while the other was away told them"
        for who, pushes in told.items():
            for got in pushes:
                assert got.ttl == 43_200 and got.size < 3000
                assert got.payload["url"] == f"/room/{room}"
                assert got.payload["lang"] == PEOPLE[who][1]

        # The other person's phone shows it: the payload delivered to its service worker.
        who = 0 if told[0] else 1
        shown = shown_notification(
            (ana_ctx if who == 0 else bruno_ctx).new_cdp_session(pages[who]),
            pages[who],
            origin,
            told[who][-1],
        )
        assert shown["url"] == f"/room/{room}"
        assert shown["title"].startswith("Your move in" if who == 0 else "Te toca en")

        # Day 3: nobody moves; the deadline passes and a bot moves for the late person.
        late = clocks(ana, origin, room)
        for page in pages.values():
            page.goto(origin + "/me")
        push.received.clear()
        advance(ana, origin, 25 * HOUR)
        after = push.wait(("Ana", "Bruno"), lambda r: r.payload["kind"] == "move", timeout=30)
        told_seat = 0 if after.name == "Ana" else 1

        def started() -> dict[int, int] | None:
            now = clocks(ana, origin, room)
            return now if told_seat in now else None

        fresh = wait_until(ana, started, "new clocks")
        assert fresh[told_seat] > max(late.values()), "a new clock started after the deadline"
        page = pages[told_seat]
        page.reload()
        row = page.locator(f"[data-room='{room}']")
        row.wait_for()
        text = row.inner_text()
        expected = ("Your move", "1 d") if told_seat == 0 else ("Te toca", "1 día")
        assert expected[0] in text and (expected[1] in text or "23 h" in text), text
        assert mails >= 1

        # Bruno asks for the daily e-mail digest on My games, at 07:00 in his time zone.
        bruno.goto(origin + "/me")
        bruno.get_by_test_id("digest-on").check()
        bruno.get_by_test_id("digest-hour").select_option("7")
        bruno.get_by_test_id("digest-save").click()
        bruno.get_by_test_id("me-notice").wait_for()
        assert bruno.get_by_test_id("me-notice").inner_text() == "Resumen diario activado."
        digest = bruno.evaluate("fetch('/api/me/digest').then((r) => r.json())")
        zone = bruno.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
        assert digest == {"on": True, "hour": 7, "tz": zone, "mail": True}
        assert bruno.get_by_test_id("digest-on").is_checked()
        problems += checked(bruno, "me-digest", "[data-testid=digest-panel]", "es")
    finally:
        ana_ctx.close()
        bruno_ctx.close()
    assert problems == []
