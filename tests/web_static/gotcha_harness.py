"""A tiny page that draws ``boards/gotcha.js`` from real views, for browser tests.

``serve(frames)`` starts a local HTTP server (a thread, a free port) with ``/static/...``
(the package's static files, the shell's style sheet included, so its rules apply to the
board as in the room page), ``/frames.json`` (sample frames) and ``/`` (the harness page).
The page exposes ``window.show(name, lang, who)`` and ``window.showFrame(frame, lang)``,
which render a frame the way the shell does (root cleared, then ``render``), and records
every ``ctx.act`` text in ``window.__acts``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "static"


PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>gotcha board harness</title>
<link rel="stylesheet" href="/static/style.css">
<style>body { margin: 8px; font-family: system-ui, sans-serif; background: #fff; }</style>
</head><body><div id="root" class="board"></div>
<script type="module">
import { render } from "/static/boards/gotcha.js";
const frames = await (await fetch("/frames.json")).json();
window.__acts = [];
window.showFrame = (frame, lang = "en", replay = false) => {
  const root = document.getElementById("root");
  root.replaceChildren();
  render(root, {
    ...frame, lang, replay, seats: [], t: (key) => key,
    act: (text) => window.__acts.push(text), sendChat: (text) => window.__acts.push("ROOM " + text),
  });
};
window.show = (name, lang = "en", who = "seat", replay = false) => {
  const sample = frames.find((s) => s.name === name);
  window.showFrame(who === "spectator" ? sample.spectator : sample[lang], lang, replay);
};
window.frameNames = frames.map((s) => s.name);
window.harnessReady = true;
</script></body></html>
"""


def _handler(frames_json: bytes) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            if path == "/":
                self._send(PAGE.encode(), "text/html; charset=utf-8")
            elif path == "/frames.json":
                self._send(frames_json, "application/json")
            elif path.startswith("/static/"):
                target = (STATIC / path[len("/static/") :]).resolve()
                if STATIC in target.parents and target.is_file():
                    kinds = {".js": "text/javascript", ".css": "text/css"}
                    kind = kinds.get(target.suffix, "text/plain")
                    self._send(target.read_bytes(), kind + "; charset=utf-8")
                else:
                    self.send_error(404)
            else:
                self.send_error(404)

        def _send(self, body: bytes, kind: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            return

    return Handler


@contextmanager
def serve(frames: list[dict[str, Any]]) -> Iterator[str]:
    """Serve the harness; yields its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(json.dumps(frames).encode()))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
