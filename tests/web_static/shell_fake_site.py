"""Serve the static shell to a Playwright page with the HTTP API and the socket mocked.

``open_fake(page, table)`` routes every request of ``page`` under ``ORIGIN``: ``/`` and
``/room/<id>`` get ``index.html``, ``/static/...`` the files of ``ludoteca/web/static``,
``/api/games`` the real game cards, and ``/ws/<id>`` talks to a ``FakeTable``. Nothing
listens on a port, so it runs before (and without) the real server.
"""

from __future__ import annotations

import json
import mimetypes
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, WebSocketRoute
from shell_samples import FakeLobby, FakeTable, game_cards

STATIC = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "static"
ORIGIN = "http://ludoteca.test"


def _static(route: Route, relative: str) -> None:
    path = (STATIC / relative).resolve()
    if STATIC not in path.parents or not path.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix == ".js":
        kind = "text/javascript"
    route.fulfill(status=200, body=path.read_bytes(), headers={"content-type": kind})


CREATOR = "sample-creator"
"""The creator token the fake ``POST /api/rooms`` answers."""


def open_fake(
    page: Page,
    table: FakeTable | FakeLobby | None,
    sent: list[dict[str, Any]] | None = None,
    *,
    answer_acts: bool = True,
) -> None:
    """Route ``page``'s requests to the static files, the cards and ``table``.

    Args:
        page: A Playwright page (before navigation).
        table: The room behind ``/ws/sample``: a game, a lobby that becomes a game on
            ``start``, or None (the socket is refused).
        sent: If given, every message the page sends is appended to it.
        answer_acts: False to leave ``act`` messages unanswered (a slow server).
    """
    room: list[FakeTable | FakeLobby] = [table] if table is not None else []

    def http(route: Route) -> None:
        url = route.request.url.removeprefix(ORIGIN)
        path, _, query = url.partition("?")
        if path == "/" or path.startswith("/room/"):
            _static(route, "index.html")
        elif path.startswith("/static/"):
            _static(route, path.removeprefix("/static/"))
        elif path == "/api/games":
            lang = "es" if "lang=es" in query else "en"
            route.fulfill(json={"games": game_cards(lang)})
        elif path.startswith("/api/rooms/") and room:
            route.fulfill(json=room[0].room())
        elif path == "/api/rooms" and route.request.method == "POST":
            answer = {"room": "sample", "invite": "/room/sample", "creator": CREATOR}
            route.fulfill(status=201, json=answer)
        else:
            route.fulfill(status=404, json={"error": {"code": "not_found", "message": "not found"}})

    def socket(ws: WebSocketRoute) -> None:
        def send(message: dict[str, Any]) -> None:
            ws.send(json.dumps(message))

        def broadcast() -> None:
            current = room[0]
            send({"type": "room", "room": current.room()})
            if isinstance(current, FakeTable):
                send(current.state_message())

        def on_message(raw: str | bytes) -> None:
            message = json.loads(raw)
            if sent is not None:
                sent.append(message)
            current = room[0]
            kind = message.get("type")
            if kind == "hello":
                current.lang = "es" if message.get("lang") == "es" else "en"
                seat = current.human if isinstance(current, FakeTable) else current.mine
                creator = message.get("creator") == CREATOR or getattr(
                    current, "anyone_creates", True
                )
                welcome = {
                    "type": "welcome",
                    "room_id": "sample",
                    "seat": seat,
                    "lang": current.lang,
                    "creator": creator,
                }
                send(welcome)
                if isinstance(current, FakeTable):
                    for line in current.chat:
                        send(line)
                broadcast()
            elif kind == "lang":
                current.lang = "es" if message["lang"] == "es" else "en"
                broadcast()
            elif isinstance(current, FakeLobby):
                if kind == "start":
                    room[0] = current.start()
                    broadcast()
                else:
                    for answer in current.handle(message):
                        send(answer)
            elif kind == "act" and not answer_acts:
                return
            elif kind == "act":
                error = current.act(message["action"])
                if error:
                    send(error)
                else:
                    broadcast()
            elif kind == "chat":
                line = {
                    "type": "chat",
                    "seat": current.human,
                    "name": current.names[current.human],
                    "text": message["text"],
                    "at": 1_700_000_000_000,
                }
                current.chat.append(line)
                send(line)
            elif kind == "replay":
                send(current.replay_message(int(message["step"])))

        if not room:
            ws.close()
            return
        ws.on_message(on_message)

    page.route(f"{ORIGIN}/**", http)
    page.route_web_socket("**/ws/**", socket)
