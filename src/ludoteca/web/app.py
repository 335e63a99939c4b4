"""The web table's FastAPI application: the page, the static files, the HTTP API and the
room WebSockets (``docs/protocol.md``).

``create_app(store_url)`` builds it; ``ludoteca serve`` runs it with uvicorn.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.requests import HTTPConnection

from ludoteca.engine import i18n, registry
from ludoteca.engine.game import ProfileSpec
from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.cluster.node import CLOSE_MOVED, ClusterSettings, Node
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.room import Client, RoomError, Settings, agent_names, default_agent
from ludoteca.web.routes import games as catalogue
from ludoteca.web.server.collector import Freezer
from ludoteca.web.store import open_store
from ludoteca.web.wire import protocol
from ludoteca.web.wire.client import dumps, read_message
from ludoteca.web.wire.limits import Limits, Meter

log = logging.getLogger("ludoteca.web")

STATIC = Path(__file__).resolve().parent / "static"
CLOSE_NOT_READING = 1013
"""Close code for a socket whose queue passed ``Limits.max_pending`` (it stopped reading)."""
CLOSE_SEND_FAILED = 1011
"""Close code after a frame could not be sent (a server bug; logged)."""
CLOSE_NO_ROOM = 4404
"""Close code for a room id that does not exist."""
CLOSE_TOO_MANY = 1008
"""Close code for a socket past its address's ``Limits.address_sockets``."""


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
                        "label": spec.label(lang),
                        "default": spec.default,
                        "help": spec.help_es if lang == "es" else spec.help_en,
                        "choices": list(spec.choices),
                    }
                    for spec in info.options
                    if spec.name not in hidden
                ],
                "profiles": None if info.profiles is None else profile_card(info.profiles, lang),
            }
        )
    return cards


def profile_card(spec: ProfileSpec, lang: Lang) -> dict[str, Any]:
    """What a seat's person may declare (``ProfileSpec``): traits with their labels."""
    traits = [{"id": t.id, "label": t.es if lang == "es" else t.en} for t in spec.traits]
    return {"traits": traits, "min_age": spec.min_age, "max_age": spec.max_age}


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


def same_site(request: Request) -> bool:
    """Whether a state-changing request may come from where it says it comes from: a
    browser's ``Origin`` (or ``Sec-Fetch-Site``) must name this very host.
    """
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True  # not a browser's cross-site request (curl, the tests, the CLI)
    return urlsplit(origin).netloc == request.headers.get("host", "")


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
    limits: Limits | None = None,
    api_docs: bool = False,
    cluster: ClusterSettings | None = None,
) -> FastAPI:
    """The application over the store at ``store_url`` (a SQLite path or a PostgreSQL URL).

    Args:
        store_url: Where rooms live (``store.open_store``).
        bot_delay: Seconds a bot waits before each move (0 in tests).
        clock_scale: Real ms per game ms for Gotcha's bots (0 in tests: at once).
        static_dir: The front end's files (``index.html`` is the page).
        limits: Rates and sizes (``limits.Limits``; its defaults if None).
        api_docs: Serve FastAPI's ``/docs`` and ``/openapi.json`` (off by default).
        cluster: Run as one worker of several (``web.cluster``; PostgreSQL and Redis):
            rooms are loaded by the worker that takes their lease, not all at start.
    """
    limits = limits or Limits()
    meter = Meter(limits)
    settings = Settings(bot_delay=bot_delay, clock_scale=clock_scale, limits=limits)
    holder: dict[str, Rooms] = {}
    nodes: dict[str, Node] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = open_store(store_url)
        rooms = Rooms(store, settings)
        holder["rooms"] = rooms
        freezer = Freezer(asyncio.get_running_loop())
        if cluster is not None:
            node = nodes["node"] = Node(cluster, rooms, store, limits, meter, _write_queue)
            await node.start()
            tasks = [asyncio.create_task(freezer.thaw_now_and_then())]
        else:
            rooms.load()
            rooms.resume()
            tasks = [
                asyncio.create_task(_sweep(rooms, limits.idle_seconds)),
                asyncio.create_task(freezer.thaw_now_and_then()),
            ]
        freezer.start()
        try:
            yield
        finally:
            freezer.stop()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if cluster is not None:
                await nodes["node"].stop()
            rooms.close()
            store.close()

    docs = {} if api_docs else {"docs_url": None, "redoc_url": None, "openapi_url": None}
    app = FastAPI(title="Ludoteca", lifespan=lifespan, **docs)  # type: ignore[arg-type]
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

    catalogue.add_routes(app, rooms, index, request_lang)

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return nodes["node"].health() if nodes else {"ok": True}

    @app.get("/api/games")
    async def api_games(request: Request) -> dict[str, Any]:
        return {"games": game_cards(request_lang(request))}

    @app.post("/api/rooms")
    async def api_create_room(request: Request) -> Response:
        lang = request_lang(request)
        if not same_site(request):
            return _error(403, RoomError("cross_site", msg("web.error.cross_site")), lang)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return _error(415, RoomError("bad_body", msg("web.error.not_json_type")), lang)
        address = request.client.host if request.client else "?"
        if not meter.take(address, "rooms"):
            return _error(429, RoomError("rate_limited", msg("web.error.rate_rooms")), lang)
        raw = await read_body(request, limits.max_body)
        if raw is None:
            error = RoomError("too_large", msg("web.error.body_size", limit=limits.max_body))
            return _error(413, error, lang)
        try:
            body = protocol.load_json(raw.decode("utf-8"))
        except (UnicodeDecodeError, protocol.ProtocolError):
            body = None
        if not isinstance(body, dict):
            return _error(400, RoomError("bad_message", msg("web.error.bad_body")), lang)
        try:
            game_id = body.get("game")
            if not isinstance(game_id, str):
                raise RoomError(
                    "unknown_game", msg("web.error.bad_field", field="game", kind="str")
                )
            room = await rooms().create_async(
                game_id, body.get("players"), body.get("options"), body.get("turn_seconds", 0)
            )
        except RoomError as error:
            return _error(400, error, lang)
        if nodes:
            nodes["node"].let_go(room.id)
        answer = {"room": room.id, "invite": f"/room/{room.id}", "creator": room.creator_token}
        return JSONResponse(answer, status_code=201)

    @app.get("/api/rooms/{room_id}")
    async def api_room(room_id: str, request: Request) -> Response:
        lang = request_lang(request)
        if nodes:
            found = await nodes["node"].summary(room_id, lang)
        else:
            room = rooms().get(room_id)
            found = None if room is None else room.summary(lang)
        if found is None:
            return _error(404, RoomError("no_room", msg("web.error.no_room", room=room_id)), lang)
        return JSONResponse(found)

    open_sockets: collections.Counter[str] = collections.Counter()

    @app.websocket("/ws/{room_id}")
    async def socket(websocket: WebSocket, room_id: str) -> None:
        if nodes and await nodes["node"].hand_over(websocket, room_id):
            return  # another worker of this machine holds the room and has the socket now
        await websocket.accept()
        address = websocket.client.host if websocket.client else "?"
        if open_sockets[address] >= limits.address_sockets:
            text = msg("web.error.too_many_sockets", limit=limits.address_sockets)
            out = {"type": "error", "code": "too_many_sockets"}
            out["message"] = text.text(request_lang(websocket))
            with contextlib.suppress(Exception):
                await websocket.send_text(dumps(out))
            await _close(websocket, CLOSE_TOO_MANY)
            return
        open_sockets[address] += 1
        try:
            if nodes:
                await nodes["node"].serve(websocket, room_id, address)
            else:
                await serve_socket(websocket, room_id, address)
        finally:
            open_sockets[address] -= 1
            if open_sockets[address] <= 0:
                del open_sockets[address]

    async def serve_socket(websocket: WebSocket, room_id: str, address: str) -> None:
        room = rooms().get(room_id)

        def push(text: str) -> None:
            if client.gone:
                return
            if len(outbox.frames) < limits.max_pending:
                outbox.push(text)
                return
            # It stopped reading: closed once, out of the room at once (nothing more is
            # serialised for it), its frames dropped.
            client.gone = True
            if room is not None:
                room.drop(client)
            outbox.frames.clear()
            outbox.push(CLOSE_NOT_READING)

        client = Client(push)
        outbox = Outbox(websocket, client)
        if room is None:
            client.error(RoomError("no_room", msg("web.error.no_room", room=room_id[:40])))
            outbox.push(CLOSE_NO_ROOM)
            await outbox.finish()
            return
        room.attach(client)
        frames = limits.bucket(limits.frames)
        chats = limits.bucket(limits.chat)
        try:
            while not client.gone:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                await _answer(room, client, frame, chats, meter, address)
                # Past its rate a socket is read later (TCP holds its frames): nothing is
                # lost and the loop serves the others meanwhile. Always yield once, so one
                # socket's burst is never handled back to back.
                owed = max(frames.wait(), meter.wait(address, "frames"))
                await asyncio.sleep(min(owed, 5.0))
        except WebSocketDisconnect:
            pass
        finally:
            async with room.lock:
                room.disconnect(client)
            if client.gone:
                await outbox.finish()  # the close it was given
            else:
                outbox.cancel()

    return app


async def _sweep(rooms: Rooms, idle_seconds: float) -> None:
    """Unload idle rooms now and then (``Rooms.sweep``), for as long as the server runs."""
    every = max(1.0, min(60.0, idle_seconds / 4))
    while True:
        await asyncio.sleep(every)
        try:
            unloaded = rooms.sweep()
        except Exception:
            log.exception("idle rooms could not be unloaded")
            continue
        if unloaded:
            log.info("%d idle rooms unloaded", len(unloaded))


async def _answer(
    room: Any, client: Client, frame: Any, chats: Any, meter: Meter, address: str
) -> None:
    """Read one frame and have the room answer it (every refusal is an ``error``)."""
    message = read_message(client, frame.get("text"), chats, meter, address)
    if message is None:
        return
    await room.handle(client, message)


async def _write_queue(
    websocket: WebSocket, queue: asyncio.Queue[str | int | None], client: Client
) -> None:
    """The socket writer of cluster mode (``cluster.Node``): the queue's frames, in order,
    through an ``Outbox``; a close code ends it after what came before, ``None`` stops it.
    """
    outbox = Outbox(websocket, client)
    try:
        while (item := await queue.get()) is not None:
            outbox.push(item)
            if isinstance(item, int):
                break
        await outbox.finish()
    except asyncio.CancelledError:
        outbox.cancel()
        raise


class Outbox:
    """The frames waiting for one socket, sent in order by a task that runs only while
    there are some (an idle socket holds no task): a close code among them closes the
    socket with it, and nothing is sent after it.

    A frame that cannot be sent ends the socket: a peer that went away is normal (the reader
    sees it leave), anything else is logged and closed with ``CLOSE_SEND_FAILED``.
    """

    __slots__ = ("client", "done", "frames", "task", "websocket")

    def __init__(self, websocket: WebSocket, client: Client) -> None:
        self.websocket = websocket
        self.client = client
        self.frames: collections.deque[str | int] = collections.deque()
        self.task: asyncio.Task[None] | None = None
        self.done = False

    def push(self, item: str | int) -> None:
        """Queue a text frame or a close code (never blocks)."""
        if self.done:
            return
        self.frames.append(item)
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._drain())

    async def finish(self) -> None:
        """Wait until what is queued was sent (or the socket ended)."""
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)

    def cancel(self) -> None:
        """Drop what is queued (the socket is gone)."""
        self.done = True
        self.frames.clear()
        if self.task is not None:
            self.task.cancel()

    async def _drain(self) -> None:
        try:
            while self.frames:
                item = self.frames.popleft()
                if isinstance(item, int):
                    self._end()
                    await _close(self.websocket, item)
                    return
                try:
                    await self.websocket.send_text(item)
                except (OSError, RuntimeError, WebSocketDisconnect):
                    self.client.gone = True  # the peer went away; the reader cleans up
                    self._end()
                    return
                except Exception:
                    log.exception("a frame could not be sent; closing the socket")
                    self.client.gone = True
                    self._end()
                    await _close(self.websocket, CLOSE_SEND_FAILED)
                    return
        finally:
            self.task = None

    def _end(self) -> None:
        self.done = True
        self.frames.clear()


CLOSE_REASONS = {
    CLOSE_TOO_MANY: "too many sockets",
    CLOSE_NOT_READING: "not reading",
    CLOSE_SEND_FAILED: "send failed",
    CLOSE_NO_ROOM: "no such room",
    CLOSE_MOVED: "room moving",
}


async def _close(websocket: WebSocket, code: int) -> None:
    """Close once with ``code`` and its reason; a peer that is gone already is fine."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(websocket.close(code=code, reason=CLOSE_REASONS[code]), 10)
