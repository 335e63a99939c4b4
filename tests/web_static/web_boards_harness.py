"""A tiny page that draws one board module with a real context, in Debian's chromium.

The board modules (``static/boards/*.js``) are copied to a temporary directory with a page
that imports ``boards/<id>.js`` and calls ``render(root, ctx)``; ``ctx.act`` records the
texts sent in ``window.__acts``. ``boards/svg.js`` and ``style.css`` are the shell's when
they are in the tree, else ``web_boards_svg_fallback.js`` (same contract) and no sheet.
Pages are served by a local HTTP server (ES modules need http). Run as a script to take screenshots:

    .venv/bin/python tests/web_static/web_boards_harness.py dweebies /tmp/shots
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from chromium_launch import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import ViewportSize, sync_playwright
from web_boards_samples import samples

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "ludoteca" / "web" / "static"
FALLBACK_SVG = Path(__file__).with_name("web_boards_svg_fallback.js")
DESKTOP: ViewportSize = {"width": 1200, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}

PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="./style.css">
<style>body{font-family:sans-serif;margin:8px} .board{width:100%}</style></head>
<body><div id="root" class="board"></div>
<script type="module">
import { render } from "./boards/MODULE.js";
window.__acts = [];
window.__errors = [];
window.addEventListener("error", (e) => window.__errors.push(String(e.message)));
window.__render = (ctx) => {
  const root = document.getElementById("root");
  root.replaceChildren();
  render(root, { ...ctx, t: (key) => key, act: (text) => window.__acts.push(text),
                 sendChat: () => {} });
};
window.__ready = true;
</script></body></html>
"""


def site(module: str) -> Path:
    """A temporary directory holding the page and the board modules."""
    where = Path(tempfile.mkdtemp(prefix="web_boards_"))
    boards = where / "boards"
    shutil.copytree(STATIC / "boards", boards)
    shutil.copy(STATIC / "i18n.js", where / "i18n.js")  # boards/board_kit.js uses its tr
    if not (boards / "svg.js").exists():
        shutil.copy(FALLBACK_SVG, boards / "svg.js")
    style = STATIC / "style.css"  # the shell's sheet, when in the tree: boards live under it
    (where / "style.css").write_text(
        style.read_text(encoding="utf-8") if style.exists() else "", encoding="utf-8"
    )
    (where / "index.html").write_text(PAGE.replace("MODULE", module), encoding="utf-8")
    return where


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on a free local port; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return


def context(
    sample: dict[str, Any], lang: str = "en", players: int = 2, spectator: bool = False
) -> dict[str, Any]:
    """The ``ctx`` fields a board receives (without the functions) for one sample; with
    ``spectator`` the public view, no legal moves and no seat."""
    return {
        "view": sample["spectator"] if spectator else sample["view"],
        "legal": [] if spectator else sample["legal"],
        "you": None if spectator else sample["you"],
        "actors": sample["actors"],
        "last": sample["last"],
        "seats": [
            {"seat": s, "kind": "human", "name": f"P{s}", "connected": True} for s in range(players)
        ],
        "lang": lang,
        "replay": False,
        "clock": None,
    }


def shots(game_id: str, out: Path, players: int = 2, limit: int = 6, seed: int = 1) -> list[Path]:
    """Screenshots of the board for a few samples, at desktop and phone size."""
    data = samples(game_id, players=players, seed=seed, max_steps=20000)
    out.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    where = site(game_id)
    step = max(1, len(data) // limit)
    with serve(where) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size_name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page = browser.new_page(viewport=size)
            page.goto(f"{base}/index.html")
            page.wait_for_function("window.__ready === true")
            for index, sample in enumerate(data[::step][:limit]):
                lang = "es" if index % 2 else "en"
                page.evaluate("ctx => window.__render(ctx)", context(sample, lang, players))
                path = out / f"{game_id}_{size_name}_{index}_{sample['phase']}.png"
                page.screenshot(path=str(path), full_page=True)
                files.append(path)
            errors = page.evaluate("window.__errors")
            if errors:
                print("page errors:", json.dumps(errors))
            page.close()
        browser.close()
    shutil.rmtree(where, ignore_errors=True)
    return files


if __name__ == "__main__":
    args = sys.argv[1:]
    count = int(args[2]) if len(args) > 2 else 2
    for path in shots(args[0], Path(args[1]), count, seed=int(args[3]) if len(args) > 3 else 1):
        print(path)


@contextlib.contextmanager
def board_page(game_id: str, viewport: ViewportSize | None = None) -> Iterator[Any]:
    """A chromium page with the harness of ``game_id`` loaded (for tests).

    Yields a Playwright ``Page``; ``window.__render(ctx)`` draws a context and
    ``window.__acts`` lists the texts the board sent.
    """
    where = site(game_id)
    try:
        with serve(where) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport=viewport or DESKTOP)
                page.goto(f"{base}/index.html")
                page.wait_for_function("window.__ready === true")
                yield page
            finally:
                browser.close()
    finally:
        shutil.rmtree(where, ignore_errors=True)


def draw(page: Any, ctx: dict[str, Any]) -> None:
    """Render ``ctx`` on the harness page and forget the texts sent so far."""
    page.evaluate("ctx => { window.__acts = []; window.__render(ctx); }", ctx)


def acts(page: Any) -> list[str]:
    """The texts the board sent since the last ``draw``."""
    result: list[str] = page.evaluate("window.__acts")
    return result


def actions_on_page(page: Any, selector: str = "[data-action]") -> list[str]:
    """The ``data-action`` texts of the elements matching ``selector``."""
    result: list[str] = page.eval_on_selector_all(
        selector, "nodes => nodes.map(n => n.getAttribute('data-action'))"
    )
    return result
