"""The rooms' HTTP API (``docs/protocol.md``).

- ``POST /api/rooms``: a new room (same-site JSON, rate-limited per address): its id, its
  invite path and the creator's token;
- ``GET /api/rooms/{id}?lang=``: one room's summary, wherever it is held;
- ``GET /api/rooms?lang=``: the rooms someone is at now, to join a free seat or watch
  (never an unlisted one: ``"unlisted": true`` at creation keeps a room to its invite link).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.engine import registry
from ludoteca.engine.i18n import Lang, msg
from ludoteca.engine.options import with_language
from ludoteca.web.room import broadcast
from ludoteca.web.room.room import Room
from ludoteca.web.room.seats import BOT, FREE, HUMAN
from ludoteca.web.routes.site import Site, read_body, refusal, request_lang, same_site
from ludoteca.web.wire import protocol
from ludoteca.web.wire.client import RoomError

log = logging.getLogger("ludoteca.web")

OPEN_ROOMS_LIMIT = 50
"""Most rooms ``GET /api/rooms`` lists (lobbies with a free seat first, newest first)."""
LISTED = ("lobby", "playing")
"""Room phases the list shows (a finished game is not one to join)."""


def router(site: Site) -> APIRouter:
    """The rooms' routes."""
    routes = APIRouter()

    @routes.get("/api/rooms")
    async def api_open_rooms(request: Request) -> Response:
        found = open_rooms(site.host().held(), request_lang(request))
        hidden = await asyncio.to_thread(site.people().rows.unlisted, [r["id"] for r in found])
        return JSONResponse({"rooms": [row for row in found if row["id"] not in hidden]})

    @routes.post("/api/rooms")
    async def api_create_room(request: Request) -> Response:
        return await create_room(site, request)

    @routes.get("/api/rooms/{room_id}")
    async def api_room(room_id: str, request: Request) -> Response:
        lang = request_lang(request)
        try:
            found = await site.host().summary(room_id, lang)
        except TimeoutError:  # the owning worker did not answer (it died; its lease runs out)
            moving = RoomError("room_moving", msg("web.error.room_moving", room=room_id[:40]))
            answer = refusal(503, moving, lang)
            answer.headers["Retry-After"] = "5"
            return answer
        if found is None:
            shown = room_id[:40]
            return refusal(404, RoomError("no_room", msg("web.error.no_room", room=shown)), lang)
        return JSONResponse(anonymous(found))

    return routes


async def create_room(site: Site, request: Request) -> Response:
    """``POST /api/rooms``: check where it comes from, its type, rate and size, then its
    fields (``Rooms.create``); 201 with the room, its invite and the creator's token.
    """
    lang = request_lang(request)
    if not same_site(request, site.origins):
        return refusal(403, RoomError("cross_site", msg("web.error.cross_site")), lang)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return refusal(415, RoomError("bad_body", msg("web.error.not_json_type")), lang)
    address = request.client.host if request.client else "?"
    if not site.meter.take(address, "rooms"):
        return refusal(429, RoomError("rate_limited", msg("web.error.rate_rooms")), lang)
    limit = site.limits.max_body
    raw = await read_body(request, limit)
    if raw is None:
        return refusal(413, RoomError("too_large", msg("web.error.body_size", limit=limit)), lang)
    try:
        body = protocol.load_json(raw.decode("utf-8"))
    except (UnicodeDecodeError, protocol.ProtocolError):
        body = None
    if not isinstance(body, dict):
        return refusal(400, RoomError("bad_message", msg("web.error.bad_body")), lang)
    unlisted = body.get("unlisted", False)
    if not isinstance(unlisted, bool):
        error = RoomError("bad_message", msg("web.error.bad_field", field="unlisted", kind="bool"))
        return refusal(400, error, lang)
    try:
        game_id = body.get("game")
        if not isinstance(game_id, str):
            raise RoomError("unknown_game", msg("web.error.bad_field", field="game", kind="str"))
        options = body.get("options")
        if (options is None or isinstance(options, dict)) and game_id in registry.available_games():
            # A room speaks its creator's language unless the body says otherwise.
            options = with_language(registry.make(game_id).info, options, lang)
        room = await site.host().create(
            game_id, body.get("players"), options, body.get("turn_seconds", 0)
        )
    except RoomError as error:
        return refusal(400, error, lang)
    if unlisted:
        try:
            await asyncio.to_thread(site.people().rows.unlist, room.id)
        except Exception:  # the room exists but would show in the list: say so, refuse
            log.exception("room %s could not be unlisted", room.id)
            return refusal(500, RoomError("server_error", msg("web.error.store")), lang)
    answer = {
        "room": room.id,
        "invite": f"/room/{room.id}",
        "creator": room.creator_token,
        "unlisted": unlisted,
    }
    return JSONResponse(answer, status_code=201)


def anonymous(summary: dict[str, Any]) -> dict[str, Any]:
    """A room's summary as anyone on the internet may read it: a person's profile (a
    Gotcha player's age and traits) is for the table's sockets only, not for this
    address that needs no seat and no socket.
    """
    for seat in summary.get("seats", ()):
        if seat.get("kind") == HUMAN:
            seat.pop("profile", None)
    return summary


def open_room(room: Room, lang: Lang) -> dict[str, Any]:
    """One row of the open-rooms list."""
    seats = room.seats
    return {
        "id": room.id,
        "game": room.info.id,
        "game_name": room.info.name(lang),
        "status": room.status,
        "players": room.players,
        "free": sum(1 for s in seats if s.kind == FREE),
        "people": [s.name for s in seats if s.kind == HUMAN],
        "bots": sum(1 for s in seats if s.kind == BOT),
        "connected": len(broadcast.connected_seats(room)),
        "spectators": broadcast.spectator_count(room),
        "created_ms": room.created_ms,
    }


def open_rooms(rooms: Iterable[Room], lang: Lang) -> list[dict[str, Any]]:
    """The rooms someone has open now, in the lobby or playing: first those with a free
    seat, then the newest (at most :data:`OPEN_ROOMS_LIMIT`).
    """
    found = [
        open_room(room, lang)
        for room in rooms
        if room.status in LISTED and any(c.hello for c in room.clients)
    ]
    found.sort(key=lambda row: (row["free"] == 0 or row["status"] != "lobby", -row["created_ms"]))
    return found[:OPEN_ROOMS_LIMIT]
