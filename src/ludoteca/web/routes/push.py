"""The installable app and its notices (``docs/protocol.md``).

- ``GET /manifest.webmanifest``: the web app manifest (name, icons, ``start_url``,
  standalone display): a phone can put Ludoteca on its home screen;
- ``GET /sw.js``: the service worker (at the site's root, so its scope is the whole site):
  it caches the shell and shows the pushes;
- ``GET /api/push/key``: the server's VAPID public key (``applicationServerKey``);
- ``POST /api/test/clock``: **tests only**, and only when the server was started with
  ``LUDOTECA_TEST_CLOCK=1``: moves the server's pace clock forward by ``advance_ms``.

A seat's subscription itself travels on the room's socket (``notify``), where the seat is
already known.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from ludoteca.engine.i18n import msg
from ludoteca.web.pace import texts as _texts  # noqa: F401 (registers the texts)
from ludoteca.web.routes.site import Site, read_body, refusal, request_lang, same_site
from ludoteca.web.wire import protocol
from ludoteca.web.wire.client import RoomError

MAX_ADVANCE_MS = 400 * 86_400_000
"""The test clock moves at most this far at once."""

MANIFEST: dict[str, Any] = {
    "name": "Ludoteca",
    "short_name": "Ludoteca",
    "description": "Cinco juegos de mesa, en línea y contra bots · Five tabletop games, "
    "online and against bots",
    "start_url": "/",
    "scope": "/",
    "display": "standalone",
    "background_color": "#f6f1e7",
    "theme_color": "#2f5d50",
    "icons": [
        {
            "src": f"/static/icons/icon-{size}.png",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for size in (192, 512)
        for purpose in ("any", "maskable")
    ],
}
"""The manifest (web.dev's installability: name, 192 and 512 px icons, ``start_url``,
a standalone display)."""


def router(site: Site) -> APIRouter:
    """The manifest, the service worker, the push key and the test clock's routes."""
    routes = APIRouter()

    @routes.get("/manifest.webmanifest")
    async def manifest() -> Response:
        return JSONResponse(MANIFEST, media_type="application/manifest+json")

    @routes.get("/sw.js")
    async def service_worker() -> Response:
        path = site.static_dir / "sw.js"
        if not path.is_file():
            return JSONResponse({"error": {"code": "no_page", "message": str(path)}}, 404)
        return FileResponse(
            path, media_type="text/javascript", headers={"Cache-Control": "no-cache"}
        )

    @routes.get("/api/push/key")
    async def push_key(request: Request) -> Response:
        if not site.push_key:
            error = RoomError("push_off", msg("web.push.off"))
            return refusal(404, error, request_lang(request))
        return JSONResponse({"key": site.push_key})

    if site.test_clock is not None:
        clock = site.test_clock

        @routes.post("/api/test/clock")
        async def move_clock(request: Request) -> Response:
            lang = request_lang(request)
            bad = RoomError("bad_message", msg("web.testclock.bad", max=MAX_ADVANCE_MS))
            if not same_site(request, site.origins):
                return refusal(403, RoomError("cross_site", msg("web.error.cross_site")), lang)
            raw = await read_body(request, site.limits.max_body)
            try:
                body = protocol.load_json((raw or b"").decode("utf-8"))
            except (UnicodeDecodeError, protocol.ProtocolError):
                return refusal(400, bad, lang)
            advance = body.get("advance_ms") if isinstance(body, dict) else None
            if (
                not isinstance(advance, int)
                or isinstance(advance, bool)
                or not 0 <= advance <= MAX_ADVANCE_MS
            ):
                return refusal(400, bad, lang)
            return JSONResponse({"now_ms": clock.advance(advance)})

    return routes
