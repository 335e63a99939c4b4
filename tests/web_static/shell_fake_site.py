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
from shell_samples import FakeTable, game_cards

STATIC = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "static"
ORIGIN = "http://ludoteca.test"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _static(route: Route, relative: str) -> None:
    path = (STATIC / relative).resolve()
    if STATIC not in path.parents or not path.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix == ".js":
        kind = "text/javascript"
    route.fulfill(status=200, body=path.read_bytes(), headers={"content-type": kind})


def open_fake(
    page: Page, table: FakeTable | None, sent: list[dict[str, Any]] | None = None
) -> None:
    """Route ``page``'s requests to the static files, the cards and ``table``.

    Args:
        page: A Playwright page (before navigation).
        table: The room behind ``/ws/sample`` (None: the socket is refused).
        sent: If given, every message the page sends is appended to it.
    """

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
        elif path.startswith("/api/rooms/") and table is not None:
            route.fulfill(json=table.room())
        elif path == "/api/rooms" and route.request.method == "POST":
            route.fulfill(status=201, json={"room": "sample", "invite": "/room/sample"})
        else:
            route.fulfill(status=404, json={"error": {"code": "not_found", "message": "not found"}})

    def socket(ws: WebSocketRoute) -> None:
        def send(message: dict[str, Any]) -> None:
            ws.send(json.dumps(message))

        def broadcast() -> None:
            assert table is not None
            send({"type": "room", "room": table.room()})
            send(table.state_message())

        def on_message(raw: str | bytes) -> None:
            message = json.loads(raw)
            if sent is not None:
                sent.append(message)
            if table is None:
                return
            kind = message.get("type")
            if kind == "hello":
                table.lang = "es" if message.get("lang") == "es" else "en"
                send(
                    {
                        "type": "welcome",
                        "room_id": "sample",
                        "seat": table.human,
                        "lang": table.lang,
                    }
                )
                for line in table.chat:
                    send(line)
                broadcast()
            elif kind == "act":
                error = table.act(message["action"])
                if error:
                    send(error)
                else:
                    broadcast()
            elif kind == "chat":
                line = {
                    "type": "chat",
                    "seat": table.human,
                    "name": table.names[table.human],
                    "text": message["text"],
                    "at": 1_700_000_000_000,
                }
                table.chat.append(line)
                send(line)
            elif kind == "replay":
                send(table.replay_message(int(message["step"])))
            elif kind == "lang":
                table.lang = "es" if message["lang"] == "es" else "en"
                broadcast()

        if table is None:
            ws.close()
            return
        ws.on_message(on_message)

    page.route(f"{ORIGIN}/**", http)
    page.route_web_socket("**/ws/**", socket)
