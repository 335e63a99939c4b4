"""What every route reads: the site's limits, meter, page files and room host, and how a
request says its language, where it comes from and what it carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import FileResponse, JSONResponse, Response
from starlette.requests import HTTPConnection

from ludoteca.engine import i18n
from ludoteca.engine.i18n import Lang
from ludoteca.web.pace.clock import PaceClock
from ludoteca.web.people.profiles import Profiles
from ludoteca.web.room.codes import JoinCodes
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.host import RoomHost
from ludoteca.web.wire.client import RoomError
from ludoteca.web.wire.limits import Limits, Meter


@dataclass(slots=True)
class Site:
    """The application's shared parts (``web.app.create_app`` makes one).

    Attributes:
        limits: Rates and sizes.
        meter: The per-address buckets (shared by an address's sockets and requests).
        static_dir: The front end's files (``index.html`` is the page).
        room_host: Who holds the rooms, set while the application runs (its lifespan).
        origins: Pages of other hosts (``https://host[:port]``, lower case) that may open
            sockets and create rooms (``--origins``); the server's own host always may.
        push_key: The server's VAPID public key ("" until the store is open).
        test_clock: The pace clock that ``POST /api/test/clock`` moves (tests only; None:
            no such route).
        profiles: The people of the store (``people.profiles``), set while the
            application runs.
        hall: The rooms of this process (``room.hall.Rooms``), set while it runs.
        codes: The rooms' join codes (party mode), set while the application runs.
    """

    limits: Limits
    meter: Meter
    static_dir: Path
    room_host: RoomHost | None = None
    origins: tuple[str, ...] = ()
    push_key: str = ""
    test_clock: PaceClock | None = None
    profiles: Profiles | None = None
    hall: Rooms | None = None
    codes: JoinCodes | None = None

    def host(self) -> RoomHost:
        """The room host (the application has started)."""
        assert self.room_host is not None, "the application's lifespan has not started"
        return self.room_host

    def people(self) -> Profiles:
        """The people of the store (the application has started)."""
        assert self.profiles is not None, "the application's lifespan has not started"
        return self.profiles

    def index(self) -> Response:
        """The page (every page path serves it; the shell reads the path)."""
        page = self.static_dir / "index.html"
        if not page.is_file():
            return JSONResponse({"error": {"code": "no_page", "message": str(page)}}, 404)
        return FileResponse(page, media_type="text/html")


def request_lang(request: HTTPConnection) -> Lang:
    """``?lang=`` if valid, else the first language of ``Accept-Language``, else English."""
    asked = request.query_params.get("lang")
    if asked in i18n.LANGS:
        return "es" if asked == "es" else "en"
    header = request.headers.get("accept-language", "")
    for part in header.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in i18n.LANGS:
            return "es" if code == "es" else "en"
    return i18n.DEFAULT_LANG


def same_site(request: Request, origins: tuple[str, ...] = ()) -> bool:
    """Whether a state-changing request may come from where it says it comes from: a
    browser's ``Origin`` (or ``Sec-Fetch-Site``) must name this very host, or one of
    ``origins``.
    """
    origin = request.headers.get("origin")
    if origin is not None and origin.strip().rstrip("/").lower() in origins:
        return True
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return False
    return allowed_origin(request, origins)


def allowed_origin(connection: HTTPConnection, origins: tuple[str, ...] = ()) -> bool:
    """Whether a request's (or a WebSocket handshake's) ``Origin`` is this very host or
    one of ``origins``. No ``Origin``: not a browser's page (curl, the tests, the terminal
    client), allowed. A browser sends it with every WebSocket, so another site's page
    cannot take a seat or chat with a visitor's browser.
    """
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    if origin.strip().rstrip("/").lower() in origins:
        return True
    return urlsplit(origin).netloc.lower() == connection.headers.get("host", "").lower()


async def read_body(request: Request, limit: int) -> bytes | None:
    """The request body, or None past ``limit`` bytes (read no further)."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and len(declared) < 12 and int(declared) > limit:
        return None
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > limit:
            return None
    return bytes(body)


def refusal(status: int, error: RoomError, lang: Lang) -> JSONResponse:
    """An HTTP error answer: ``{"error": {"code", "message"}}`` in ``lang``."""
    return JSONResponse(
        {"error": {"code": error.code, "message": error.message.text(lang)}}, status_code=status
    )
