"""What the lobby and the "How to play" pages read: each game's guide and the open rooms.

``add_routes(app, rooms, index)`` adds to the web table's application:

- ``GET /how/{game}``: the page (the shell draws the guide, ``guide.js``);
- ``GET /api/games/{game}/guide?lang=``: the engine's how-to-play content
  (``engine.how_to_play``, what ``ludoteca rules`` prints) as JSON;
- ``GET /api/rooms?lang=``: the rooms someone is at now, to join a free seat or watch.

The server still knows no game by name: the guide comes from the registry and the game's
own ``guide.py`` through the engine.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.how_to_play import how_to_play
from ludoteca.engine.i18n import Lang
from ludoteca.web.room.seats import BOT, FREE, HUMAN

if TYPE_CHECKING:
    from ludoteca.web.room.hall import Rooms
    from ludoteca.web.room.room import Room

OPEN_ROOMS_LIMIT = 50
"""Most rooms ``GET /api/rooms`` lists (lobbies with a free seat first, newest first)."""
LISTED = ("lobby", "playing")
"""Room phases the list shows (a finished game is not one to join)."""


@functools.lru_cache(maxsize=64)
def guide_json(game_id: str, lang: Lang) -> dict[str, Any]:
    """The guide of ``game_id`` in ``lang`` as JSON (built once per game and language).

    Raises:
        GameSetupError: If no game has that id.
    """
    return how_to_play(game_id, lang).to_json()


def open_room(room: Room, lang: Lang) -> dict[str, Any]:
    """One row of the open-rooms list."""
    seats = room.seats
    connected = {c.seat for c in room.clients if c.hello and c.seat is not None}
    return {
        "id": room.id,
        "game": room.info.id,
        "game_name": room.info.name(lang),
        "status": room.status,
        "players": room.players,
        "free": sum(1 for s in seats if s.kind == FREE),
        "people": [s.name for s in seats if s.kind == HUMAN],
        "bots": sum(1 for s in seats if s.kind == BOT),
        "connected": len(connected),
        "spectators": sum(1 for c in room.clients if c.hello and c.seat is None),
        "created_ms": room.created_ms,
    }


def open_rooms(rooms: Rooms, lang: Lang) -> list[dict[str, Any]]:
    """The rooms someone has open now, in the lobby or playing: first those with a free
    seat, then the newest (at most :data:`OPEN_ROOMS_LIMIT`).
    """
    found = [
        open_room(room, lang)
        for room in list(rooms.rooms.values())
        if room.status in LISTED and any(c.hello for c in room.clients)
    ]
    found.sort(key=lambda row: (row["free"] == 0 or row["status"] != "lobby", -row["created_ms"]))
    return found[:OPEN_ROOMS_LIMIT]


def add_routes(
    app: FastAPI,
    rooms: Callable[[], Rooms],
    index: Callable[[], Response],
    request_lang: Callable[[Request], Lang],
) -> None:
    """Add the guide page, the guide API and the open-rooms list to ``app``."""

    @app.get("/how/{game_id}")
    async def guide_page(game_id: str) -> Response:
        return index()

    @app.get("/api/games/{game_id}/guide")
    async def api_guide(game_id: str, request: Request) -> Response:
        lang = request_lang(request)
        try:
            if game_id not in registry.available_games():
                registry.make(game_id)  # raises the registry's own error
            return JSONResponse(guide_json(game_id, lang))
        except GameSetupError as error:
            body = {"error": {"code": "unknown_game", "message": error.message.text(lang)}}
            return JSONResponse(body, status_code=404)

    @app.get("/api/rooms")
    async def api_open_rooms(request: Request) -> Response:
        return JSONResponse({"rooms": open_rooms(rooms(), request_lang(request))})
