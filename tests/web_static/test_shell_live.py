"""The shell against the real server: a Tacocat game against the bot, played on the board.

The server (``ludoteca.web.app``) runs in a thread on a free port over a temporary SQLite
file, bots without delay. The page is driven through the Tacocat board only (cards and the
board's buttons, never the shell's Moves list), to the end and into the replay.
"""

from __future__ import annotations

import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from chromium_launch import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import Browser, Page, WebSocketRoute, expect, sync_playwright

from ludoteca.web.app import create_app

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian chromium is not installed"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("shell_live") / "rooms.sqlite3"
    port = free_port()
    config = uvicorn.Config(
        create_app(str(db), bot_delay=0.0), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def status(page: Page) -> str:
    return page.get_by_test_id("status").get_attribute("data-status") or ""


def play_one_board_move(page: Page, rng: random.Random) -> None:
    """One decision through the board: cards, then the board's own button if needed."""
    phase = page.locator(".tc-svg").get_attribute("data-phase")
    cards = page.locator(".tc-hand-card")
    if phase in ("duel", "defend"):
        legal = page.locator(".tc-hand-card.legal")
        if phase == "defend" and (legal.count() == 0 or rng.random() < 0.3):
            page.locator('.board-controls button[data-action="sacrifice"]').click()
        else:
            legal.nth(rng.randrange(legal.count())).click()
    elif phase == "replace":
        picks = rng.sample(range(cards.count()), rng.randrange(0, 3))
        for index in picks:
            cards.nth(index).click()
        target = "button[data-try^=replace]" if picks else 'button[data-action="keep"]'
        page.locator(f".board-controls {target}").click()
    elif phase == "attack":
        cards.nth(rng.randrange(cards.count())).click()
        page.locator(".board-controls button[data-try^=attack]").click()


def test_a_tacocat_game_against_the_bot_on_the_board(origin: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(origin + "/")
    page.get_by_test_id("game-select").select_option("tacocat")
    page.get_by_test_id("create-room").click()
    page.wait_for_url(re.compile(r".*/room/[^/]+$"))
    page.get_by_test_id("name-input").fill("Ana")
    page.get_by_test_id("sit-0").click()
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ana")
    page.get_by_test_id("bot-1").click()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")

    # An illegal try is sent and answered with its rule: attacking during the replace phase.
    expect(page.locator(".tc-svg")).to_have_attribute("data-phase", "replace")
    page.locator("details.typed summary").click()
    page.get_by_test_id("move-input").fill("attack 1")
    page.get_by_test_id("move-send").click()
    expect(page.get_by_test_id("error")).to_have_attribute("data-rule", re.compile(r"^TC-\d\d$"))

    rng = random.Random(4)
    deadline = time.monotonic() + 150
    decisions = 0
    while status(page) != "finished":
        assert time.monotonic() < deadline, f"no end after {decisions} decisions"
        if page.locator("button.move").count() == 0:
            page.wait_for_timeout(40)
            continue
        version = page.get_by_test_id("status").get_attribute("data-version")
        play_one_board_move(page, rng)
        decisions += 1
        # Wait for the server's answer to this move: a state with my step in it (or the end),
        # or an error. A newer version alone is not enough: in Tacocat's secret choices the
        # bot's own choice arrives while mine is on its way, and acting on that state again
        # clicked cards the next state took away.
        page.wait_for_function(
            """(version) => {
                const s = document.querySelector('[data-testid=status]');
                const own = '[data-testid=history] li[data-actor="0"]';
                const mine = [...document.querySelectorAll(own)]
                    .some((li) => Number(li.dataset.step) >= Number(version));
                return (s.dataset.version !== version && mine) || s.dataset.status === 'finished'
                    || document.querySelector('[data-testid=error]') !== null;
            }""",
            arg=version,
        )
        if page.get_by_test_id("error").count():
            page.get_by_test_id("error").locator("button").click()
    expect(page.get_by_test_id("outcome")).to_contain_text(re.compile("wins"))
    expect(page.get_by_test_id("rematch")).to_be_visible()
    step = page.get_by_test_id("replay-step")
    total = int(step.get_attribute("data-total") or "0")
    assert total > decisions
    # The replay goes move by move: each chance draw shows with the move that caused it.
    page.get_by_test_id("replay-first").click()
    expect(step).to_have_attribute("data-move", "0")
    moves = int(step.get_attribute("data-moves") or "0")
    assert decisions <= moves < total
    first = int(step.get_attribute("data-step") or "0")
    page.get_by_test_id("replay-next").click()
    expect(step).to_have_attribute("data-move", "1")
    assert int(step.get_attribute("data-step") or "0") > first
    expect(page.get_by_test_id("history").locator("li").first).to_be_visible()
    page.get_by_test_id("lang-switch").select_option("es")
    expect(page.get_by_test_id("status")).to_contain_text(
        re.compile("Repetición|Partida terminada")
    )

    # Rematch; then leave: a bot takes my seat and plays game 2 to the end.
    page.get_by_test_id("rematch").click()
    expect(page.get_by_test_id("status")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("outcome")).to_have_count(0)
    page.get_by_test_id("leave").click()
    page.get_by_test_id("leave-yes").click()  # leaving asks first (issue 21)
    finished = page.get_by_test_id("status")
    expect(finished).to_have_attribute("data-status", "finished", timeout=60000)
    expect(page.get_by_test_id("seat-0")).to_have_attribute("data-kind", "bot")
    expect(page.get_by_test_id("rematch")).to_have_count(0)  # a spectator now
    # Game 1 can still be replayed, from its own record.
    page.get_by_test_id("replay-game").select_option("1")
    expect(step).to_have_attribute("data-move", "0")
    expect(step).to_have_attribute("data-total", str(total))
    expect(step).to_have_attribute("data-moves", str(moves))
    assert errors == []
    context.close()


def test_an_unknown_room_says_so_and_links_to_the_lobby(origin: str, browser: Browser) -> None:
    context = browser.new_context(locale="es-ES")
    page = context.new_page()
    page.goto(origin + "/room/no-such-room")
    expect(page.get_by_role("alert")).to_contain_text("no-such-room")
    page.get_by_role("link", name="Volver al vestíbulo").last.click()
    page.wait_for_url(origin + "/")
    expect(page.get_by_test_id("create-room")).to_be_visible()
    context.close()


def test_a_sit_clicked_while_the_socket_reconnects_is_sent_once_it_is_back(
    origin: str, browser: Browser
) -> None:
    """Room requests made before the welcome (here: during a reconnect) wait for it."""
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    routes: list[WebSocketRoute] = []
    held: list[str | bytes] = []
    hold = {"on": False}

    def route(ws: WebSocketRoute) -> None:
        routes.append(ws)
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if hold["on"]:
                held.append(message)
            else:
                ws.send(message)

        server.on_message(to_page)

    page.route_web_socket(re.compile(r".*/ws/.*"), route)
    page.goto(origin + "/")
    page.get_by_test_id("game-select").select_option("tacocat")
    page.get_by_test_id("create-room").click()
    page.wait_for_url(re.compile(r".*/room/[^/]+$"))
    expect(page.get_by_test_id("sit-0")).to_be_visible()
    page.get_by_test_id("name-input").fill("Bea")

    hold["on"] = True  # the next socket's answers (its welcome first) are held back
    routes[-1].close()
    expect(page.get_by_test_id("connection")).not_to_contain_text("Connected", timeout=5000)
    deadline = time.monotonic() + 10
    while len(routes) < 2:
        assert time.monotonic() < deadline, "the page did not reconnect"
        page.wait_for_timeout(100)
    page.get_by_test_id("sit-0").click()
    page.wait_for_timeout(300)
    expect(page.get_by_test_id("seat-0")).not_to_contain_text("Bea")
    hold["on"] = False
    for message in held:
        routes[-1].send(message)
    expect(page.get_by_test_id("seat-0")).to_contain_text("Bea")
    context.close()


def test_a_sit_pressed_before_a_presence_redraw_and_released_after_still_sits(
    origin: str, browser: Browser
) -> None:
    """Presence messages redraw the seats whenever someone joins (every 0.25 s in a busy
    room). The rows are patched, not rebuilt: a button that did not change is the same node
    after the redraw, so a click whose press and release straddle one still lands."""
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(origin + "/")
    page.get_by_test_id("game-select").select_option("tacocat")
    page.get_by_test_id("create-room").click()
    page.wait_for_url(re.compile(r".*/room/[^/]+$"))
    page.get_by_test_id("name-input").fill("Ana")
    spectators = page.locator(".spectators")
    expect(spectators).to_have_count(1)
    before = spectators.inner_text()
    box = page.get_by_test_id("sit-0").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    other = browser.new_context(locale="en-GB")
    other.new_page().goto(page.url)  # a spectator joins: a presence message redraws the seats
    expect(spectators).not_to_have_text(before)
    page.mouse.up()
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ana")
    other.close()
    context.close()
