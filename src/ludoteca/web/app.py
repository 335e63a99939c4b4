"""The web table's FastAPI application: the page, the static files, the HTTP API and the
room WebSockets (``docs/protocol.md``).

``create_app(store_url)`` builds it; ``ludoteca serve`` runs it with uvicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from ludoteca.engine import i18n, registry
from ludoteca.engine.i18n import Lang, msg
from ludoteca.web import protocol
from ludoteca.web.rooms import Client, RoomError, Rooms, Settings, agent_names, default_agent
from ludoteca.web.store import open_store

STATIC = Path(__file__).resolve().parent / "static"
MAX_PENDING = 1000
"""Frames queued for one socket before it counts as gone (it stopped reading)."""


def game_cards(lang: Lang) -> list[dict[str, Any]]:
    """Every game as the lobby shows it (``GET /api/games``)."""
    cards = []
    for game_id in registry.available_games():
        info = registry.make(game_id).info
        # The option seat profiles fill is the server's to set (from the seats).
        hidden = {info.profiles.option} if info.profiles is not None else set()
        cards.append(
            {
                "id": info.id,
                "name": info.name(lang),
                "summary": info.summary_es if lang == "es" else info.summary_en,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "realtime": info.realtime,
                "agents": list(agent_names(game_id)),
                "default_agent": default_agent(game_id),
                "options": [
                    {
                        "name": spec.name,
                        "default": spec.default,
                        "help": spec.help_es if lang == "es" else spec.help_en,
                        "choices": list(spec.choices),
                    }
                    for spec in info.options
                    if spec.name not in hidden
                ],
            }
        )
    return cards


def request_lang(request: Request) -> Lang:
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


def _error(status: int, error: RoomError, lang: Lang) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": error.code, "message": error.message.text(lang)}}, status_code=status
    )


def create_app(
    store_url: str,
    *,
    bot_delay: float = 0.4,
    clock_scale: float = 1.0,
    static_dir: Path = STATIC,
) -> FastAPI:
    """The application over the store at ``store_url`` (a SQLite path or a PostgreSQL URL).

    Args:
        store_url: Where rooms live (``store.open_store``).
        bot_delay: Seconds a bot waits before each move (0 in tests).
        clock_scale: Real ms per game ms for Gotcha's bots (0 in tests: at once).
        static_dir: The front end's files (``index.html`` is the page).
    """
    settings = Settings(bot_delay=bot_delay, clock_scale=clock_scale)
    holder: dict[str, Rooms] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = open_store(store_url)
        rooms = Rooms(store, settings)
        rooms.load()
        rooms.resume()
        holder["rooms"] = rooms
        try:
            yield
        finally:
            rooms.close()
            store.close()

    app = FastAPI(title="Ludoteca", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=static_dir, check_dir=False), name="static")

    def rooms() -> Rooms:
        return holder["rooms"]

    def index() -> Response:
        page = static_dir / "index.html"
        if not page.is_file():
            return JSONResponse({"error": {"code": "no_page", "message": str(page)}}, 404)
        return FileResponse(page, media_type="text/html")

    @app.get("/")
    async def home() -> Response:
        return index()

    @app.get("/room/{room_id}")
    async def room_page(room_id: str) -> Response:
        return index()

    @app.get("/healthz")
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/games")
    async def api_games(request: Request) -> dict[str, Any]:
        return {"games": game_cards(request_lang(request))}

    @app.post("/api/rooms")
    async def api_create_room(request: Request) -> Response:
        lang = request_lang(request)
        try:
            body = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return _error(400, RoomError("bad_message", msg("web.error.bad_body")), lang)
        try:
            game_id = body.get("game")
            if not isinstance(game_id, str):
                raise RoomError(
                    "unknown_game", msg("web.error.bad_field", field="game", kind="str")
                )
            room = rooms().create(
                game_id, body.get("players"), body.get("options"), body.get("turn_seconds", 0)
            )
        except RoomError as error:
            return _error(400, error, lang)
        return JSONResponse({"room": room.id, "invite": f"/room/{room.id}"}, status_code=201)

    @app.get("/api/rooms/{room_id}")
    async def api_room(room_id: str, request: Request) -> Response:
        lang = request_lang(request)
        room = rooms().get(room_id)
        if room is None:
            return _error(404, RoomError("no_room", msg("web.error.no_room", room=room_id)), lang)
        return JSONResponse(room.summary(lang))

    @app.websocket("/ws/{room_id}")
    async def socket(websocket: WebSocket, room_id: str) -> None:
        await websocket.accept()
        queue: asyncio.Queue[str | None] = asyncio.Queue()

        def push(text: str) -> None:
            # A socket that stops reading is dropped rather than buffered without end.
            if queue.qsize() < MAX_PENDING:
                queue.put_nowait(text)
            elif not writer.done():
                writer.cancel()
                closing.append(asyncio.ensure_future(websocket.close(code=1013)))

        closing: list[asyncio.Future[None]] = []
        client = Client(push)
        writer = asyncio.create_task(_write(websocket, queue))
        room = rooms().get(room_id)
        if room is None:
            client.error(RoomError("no_room", msg("web.error.no_room", room=room_id[:40])))
            queue.put_nowait(None)
            await writer
            await websocket.close(code=4404)
            return
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    client.error(protocol.ProtocolError("bad_json", msg("web.error.binary")))
                    continue
                try:
                    message = protocol.parse(text)
                except protocol.ProtocolError as error:
                    client.error(error)
                    continue
                await room.handle(client, message)
        except WebSocketDisconnect:
            pass
        finally:
            async with room.lock:
                room.disconnect(client)
            writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)

    return app


async def _write(websocket: WebSocket, queue: asyncio.Queue[str | None]) -> None:
    """Send queued frames in order until ``None``; a closed socket ends it quietly."""
    while True:
        text = await queue.get()
        if text is None:
            return
        try:
            await websocket.send_text(text)
        except Exception:  # the peer went away; the reader cleans up
            return
