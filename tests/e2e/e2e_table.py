"""Driving the web table like a person: the lobby form, the seats, the moves list.

Everything goes through the page (clicks, typing); the WebSocket frames the page receives are
recorded (``Frames``) only to know when the server answered and to check what each seat was
sent.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

from playwright.sync_api import Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

T = TypeVar("T")
Chooser = Callable[[dict[str, Any], random.Random], str | None]
"""Picks one legal text from a `state` message, or None to wait for the next state."""

MOVES = "button.move[data-action]"


class Frames:
    """Every JSON frame the page's WebSockets received and sent, in order, across reloads."""

    def __init__(self, page: Page) -> None:
        self.received: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.sockets = 0
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        self.sockets += 1
        ws.on("framereceived", lambda payload: self._add(self.received, payload))
        ws.on("framesent", lambda payload: self._add(self.sent, payload))

    @staticmethod
    def _add(into: list[dict[str, Any]], payload: str | bytes) -> None:
        message = json.loads(payload)
        if isinstance(message, dict):
            into.append(message)

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        """The received messages of type ``kind``."""
        return [m for m in self.received if m.get("type") == kind]

    def last(self, kind: str) -> dict[str, Any] | None:
        """The last received message of type ``kind``."""
        found: list[dict[str, Any]] = self.of_type(kind)
        return found[-1] if found else None

    def version(self) -> int:
        """The version of the last received state (-1 before any)."""
        state = self.last("state")
        return -1 if state is None else int(state["version"])


def wait_until(page: Page, check: Callable[[], T | None], what: str, timeout: float = 15.0) -> T:
    """Poll ``check`` (letting the page's events in between) until it returns a true value.

    Raises:
        AssertionError: If ``timeout`` seconds pass first.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        page.wait_for_timeout(20)


def create_room(
    page: Page, origin: str, game: str, players: int, options: dict[str, Any] | None = None
) -> str:
    """Create a room from the lobby form; returns the room id (the page is on the room)."""
    page.goto(origin + "/")
    page.get_by_test_id("game-select").select_option(game)
    page.get_by_test_id("players-select").select_option(str(players))
    for name, value in (options or {}).items():
        control = page.locator(f'[data-option="{name}"]')
        kind = control.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
        if kind == "select":
            control.select_option(label=str(value))
        elif kind == "checkbox":
            control.set_checked(bool(value))
        else:
            control.fill(str(value))
    page.get_by_test_id("create-room").click()
    page.wait_for_url("**/room/*")
    return page.url.rstrip("/").rsplit("/", 1)[1]


def room(frames: Frames) -> dict[str, Any]:
    """The last room summary the page received, with the ``presence`` deltas after it
    applied (a join or a leave sends only those).
    """
    summary: dict[str, Any] | None = None
    for message in list(frames.received):
        if message.get("type") == "room":
            summary = message["room"]
        elif message.get("type") == "presence" and summary is not None:
            seats = [dict(seat) for seat in summary["seats"]]
            for change in message["seats"]:
                seats[change["seat"]]["connected"] = change["connected"]
            summary = {**summary, "seats": seats, "spectators": message["spectators"]}
    assert summary is not None, "no room message received"
    return summary


def sit(
    page: Page,
    frames: Frames,
    seat: int,
    name: str,
    profile: tuple[int, list[str]] | None = None,
) -> None:
    """Type a name (and a Gotcha profile: age, traits) and take ``seat``."""
    page.get_by_test_id("name-input").fill(name)
    if profile is not None:
        age, traits = profile
        page.get_by_test_id("age-input").fill(str(age))
        for trait in traits:
            page.get_by_test_id(f"trait-{trait}").check()
    page.get_by_test_id(f"sit-{seat}").click()
    try:
        wait_until(page, lambda: any(m["seat"] == seat for m in frames.of_type("seated")), "seated")
    except AssertionError as error:
        raise AssertionError(f"{error}; {socket_story(page, frames)}") from None
    wait_until(page, lambda: room(frames)["seats"][seat]["kind"] == "human", "seat shown taken")


def socket_story(page: Page, frames: Frames) -> str:
    """What the page's sockets did, for a failure message: the sockets opened, the types of
    the frames sent and received, and the connection state the page shows.
    """
    try:
        state = page.get_by_test_id("connection").get_attribute("data-state", timeout=1_000)
    except PlaywrightTimeoutError:
        state = "not shown"
    sent = [m.get("type") for m in frames.sent][-12:]
    received = [m.get("type") for m in frames.received][-12:]
    return f"sockets {frames.sockets}, sent {sent}, received {received}, connection {state}"


def add_bot(page: Page, frames: Frames, seat: int, agent: str | None = None) -> None:
    """Fill ``seat`` with a bot (``agent`` picked in the bot-level list, else the default)."""
    if agent is not None:
        page.get_by_test_id("agent-select").select_option(agent)
    page.get_by_test_id(f"bot-{seat}").click()
    wait_until(page, lambda: room(frames)["seats"][seat]["kind"] == "bot", f"bot in seat {seat}")


def start(page: Page, frames: Frames) -> dict[str, Any]:
    """Press start; returns the first `state` message."""
    page.get_by_test_id("start").click()
    return wait_until(page, lambda: frames.last("state"), "the first state")


def rematch(page: Page, frames: Frames, press: Callable[[], None] | None = None) -> int:
    """Ask for the rematch (by a click, or by ``press``) and wait for its first state;
    returns how many messages had been received before it was asked.
    """
    told_before = len(frames.received)
    if press is None:
        page.get_by_test_id("rematch").click()
    else:
        press()
    wait_until(
        page,
        lambda: any(m.get("type") == "state" for m in frames.received[told_before:]),
        "the rematch's first state",
    )
    return told_before


def shown_moves(page: Page) -> list[str]:
    """The ``data-action`` of every button of the moves list, in order."""
    actions: list[str] = page.eval_on_selector_all(MOVES, "els => els.map(e => e.dataset.action)")
    return actions


def css_string(text: str) -> str:
    """``text`` as a double-quoted CSS string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def click_move(page: Page, frames: Frames, state: dict[str, Any], text: str) -> bool:
    """Click the moves-list button of ``text`` and wait for the server's answer to it.

    Returns False, without clicking, when a newer state replaced the moves meanwhile.

    Raises:
        AssertionError: If the button stays on the page but cannot be clicked (covered,
            disabled), or the server does not answer.
    """
    answered = len(frames.received)
    button = page.locator(f"{MOVES}[data-action={css_string(text)}]").first
    try:
        # A long run of moves of one kind is folded into a group (room_moves.js): open it.
        button.evaluate("b => { const g = b.closest('details'); if (g) g.open = true; }")
        button.click(timeout=5_000)
    except PlaywrightTimeoutError:
        if frames.version() != state["version"] or text not in shown_moves(page):
            return False
        raise AssertionError(f"the move {text!r} is shown but cannot be clicked") from None

    def answer() -> bool:
        for message in frames.received[answered:]:
            if message.get("type") == "error":
                return True
            if message.get("type") == "state" and message["version"] > state["version"]:
                return True
        return False

    wait_until(page, answer, f"the answer to {text!r}")
    return True


def random_move(state: dict[str, Any], rng: random.Random) -> str | None:
    """Any legal move, uniformly."""
    text: str = rng.choice(state["legal"])["text"]
    return text


def my_turn(frames: Frames) -> dict[str, Any] | None:
    """The last state if it offers this page moves and the game is on, else None."""
    state = frames.last("state")
    if state is None or state.get("outcome") is not None or not state.get("legal"):
        return None
    return state


def moves_drawn(page: Page, state: dict[str, Any]) -> bool:
    """Whether the moves list shows exactly the legal moves of ``state``."""
    return shown_moves(page) == [move["text"] for move in state["legal"]]


def play_until(
    page: Page,
    frames: Frames,
    done: Callable[[], bool],
    chooser: Chooser = random_move,
    *,
    seed: int = 0,
    max_moves: int = 400,
    timeout: float = 120.0,
) -> int:
    """Click legal moves from the moves list until ``done()``; returns the moves clicked.

    Before each click the moves list must show exactly the state's legal moves (the shell's
    duty); the clicked move is the chooser's pick among them.

    Raises:
        AssertionError: If the game is not done within ``max_moves`` clicks or ``timeout`` s.
    """
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    clicks = 0
    while not done():
        assert clicks < max_moves, f"not done after {clicks} moves"
        assert time.monotonic() < deadline, f"not done after {timeout}s ({clicks} moves)"
        state = my_turn(frames)
        if state is None or not moves_drawn(page, state):
            page.wait_for_timeout(20)
            continue
        text = chooser(state, rng)
        if text is None:
            version = state["version"]
            wait_until(
                page,
                lambda v=version: done() or frames.version() > v,  # type: ignore[misc]
                "the bots' next move",
                timeout=max(1.0, deadline - time.monotonic()),
            )
            continue
        clicks += click_move(page, frames, state, text)
    return clicks


def outcome_shown(page: Page, frames: Frames) -> bool:
    """Whether the last state has an outcome and the page shows the outcome banner."""
    state = frames.last("state")
    if state is None or state.get("outcome") is None:
        return False
    return page.get_by_test_id("outcome").is_visible()
