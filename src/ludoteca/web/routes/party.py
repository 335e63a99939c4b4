"""Party mode's HTTP API (``docs/protocol.md``, "Party mode"): a room's join code and its
QR code for the table screen, and a typed code's room for the join page.

- ``GET /api/rooms/{id}/code``: the room's four-letter code (given on first ask) and its
  join path;
- ``GET /api/rooms/{id}/qr.svg``: the QR code of the join link, an SVG made by ``segno``;
- ``GET /api/join/{code}?lang=``: the room a code names, with its seats, or why none.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.engine.i18n import msg
from ludoteca.web.room.codes import JoinCodes, normalise
from ludoteca.web.room.room import MAX_ROOM_ID
from ludoteca.web.routes.site import Site, refusal, request_lang
from ludoteca.web.wire.client import RoomError

STATUS = {"bad_code": 400, "no_code": 404, "code_expired": 410}
"""The HTTP status of each way a typed code finds no room."""


def router(site: Site) -> APIRouter:
    """Party mode's routes."""
    routes = APIRouter()

    @routes.get("/api/rooms/{room_id}/code")
    async def api_room_code(room_id: str, request: Request) -> Response:
        code = await room_code(site, room_id)
        if code is None:
            return no_room(room_id, request)
        return JSONResponse({"code": code, "join": f"/join/{code}"})

    @routes.get("/api/rooms/{room_id}/qr.svg")
    async def api_room_qr(room_id: str, request: Request) -> Response:
        code = await room_code(site, room_id)
        if code is None:
            return no_room(room_id, request)
        link = join_link(request, code)
        return Response(qr_svg(link), media_type="image/svg+xml")

    @routes.get("/api/join/{code}")
    async def api_join(code: str, request: Request) -> Response:
        lang = request_lang(request)
        shown = code[:12]
        why, row = await codes(site).find(code)
        if why is not None:
            return refusal(STATUS[why], RoomError(why, msg(f"web.error.{why}", code=shown)), lang)
        assert row is not None
        summary = await site.host().summary(row.id, lang)
        if summary is None:
            return refusal(404, RoomError("no_code", msg("web.error.no_code", code=shown)), lang)
        return JSONResponse(joinable(summary, normalise(code) or shown))

    return routes


def codes(site: Site) -> JoinCodes:
    """The site's join codes (the application has started)."""
    assert site.codes is not None, "the application's lifespan has not started"
    return site.codes


async def room_code(site: Site, room_id: str) -> str | None:
    """The room's code (given now if it has none), or None: no such room, or expired."""
    if not 0 < len(room_id) <= MAX_ROOM_ID:
        return None
    return await codes(site).code_for(room_id)


def no_room(room_id: str, request: Request) -> Response:
    """404 ``no_room`` in the asker's language."""
    error = RoomError("no_room", msg("web.error.no_room", room=room_id[:40]))
    return refusal(404, error, request_lang(request))


def join_link(request: Request, code: str) -> str:
    """The join page's absolute link for ``code`` on the host the request reached (behind a
    proxy, the host and scheme it forwarded: ``--forwarded-allow-ips``).
    """
    return f"{str(request.base_url).rstrip('/')}/join/{code}"


def qr_svg(link: str) -> bytes:
    """The QR code of ``link`` as an SVG (medium error correction: readable across a room
    from a TV, and still when a corner is glared).
    """
    out = io.BytesIO()
    code = segno.make(link, error="m", micro=False)
    code.save(out, kind="svg", scale=8, border=2, dark="#1f2a2e", light="#ffffff", xmldecl=False)
    return out.getvalue()


def joinable(summary: dict[str, Any], code: str) -> dict[str, Any]:
    """What the join page needs of a room: its id, game, status and seats (names and
    kinds, no profiles), and whether a newcomer finds a free seat.
    """
    seats = [
        {
            "seat": seat["seat"],
            "kind": seat["kind"],
            "name": seat["name"],
            "connected": seat["connected"],
        }
        for seat in summary.get("seats", ())
    ]
    free = sum(1 for seat in seats if seat["kind"] == "free")
    return {
        "code": code,
        "room": summary["id"],
        "game": summary["game"],
        "game_name": summary["game_name"],
        "status": summary["status"],
        "seats": seats,
        "free": free,
        "full": summary["status"] != "lobby" or free == 0,
    }
