"""The lessons' HTTP API (``docs/protocol.md``, "Lessons"): each game's lesson played on
its own board in the lesson page (``/learn/{game}``, ``routes.pages``).

- ``GET /api/lessons?lang=``: the games that have a lesson;
- ``GET /api/lessons/{game}?lang=``: a lesson's outline (its steps, the closing game);
- ``GET /api/lessons/{game}/steps/{step}?lang=&name=``: one step as the learner sees it;
- ``POST /api/lessons/{game}/steps/{step}/try?lang=`` ``{"action", "name"?}``: the verdict.

Nothing is stored and nothing changes on the server: a step's position is the lesson's, and
the page keeps the progress. The work (a position built, a try judged) runs in a thread.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.learn import steps
from ludoteca.web.routes.site import Site, read_body, refusal, request_lang
from ludoteca.web.wire import protocol
from ludoteca.web.wire.client import RoomError

TRY_BODY_LIMIT = 4096
"""Largest body of a try, in bytes (an action text and a name)."""
STATUS = {"no_lesson": 404, "no_step": 404, "too_large": 413, "bad_body": 415}
"""The HTTP status of a refusal by its code (400 for any other)."""


def router(site: Site) -> APIRouter:
    """The lessons' routes."""
    routes = APIRouter()

    @routes.get("/api/lessons")
    async def api_lessons(request: Request) -> Response:
        lang = request_lang(request)
        return JSONResponse({"lessons": await asyncio.to_thread(steps.catalogue, lang)})

    @routes.get("/api/lessons/{game_id}")
    async def api_lesson(game_id: str, request: Request) -> Response:
        lang = request_lang(request)
        try:
            taught = await asyncio.to_thread(steps.lesson_of, game_id)
        except RoomError as error:
            return _refused(error, lang)
        return JSONResponse(steps.outline(taught, lang))

    @routes.get("/api/lessons/{game_id}/steps/{step_id}")
    async def api_step(game_id: str, step_id: str, request: Request) -> Response:
        lang = request_lang(request)
        name = steps.person_name(request.query_params.get("name"), lang)

        def shown() -> dict[str, Any]:
            taught = steps.lesson_of(game_id)
            index, step = steps.step_of(taught, step_id)
            return steps.step_json(taught, index, step, lang, name)

        try:
            return JSONResponse(await asyncio.to_thread(shown))
        except RoomError as error:
            return _refused(error, lang)

    @routes.post("/api/lessons/{game_id}/steps/{step_id}/try")
    async def api_try(game_id: str, step_id: str, request: Request) -> Response:
        lang = request_lang(request)
        address = request.client.host if request.client else "?"
        if not site.meter.take(address, "frames"):
            return refusal(429, RoomError("rate_limited", msg("web.error.rate_tries")), lang)
        try:
            body = await _body(request)
            name = steps.person_name(body.get("name"), lang)

            def judged() -> dict[str, Any]:
                taught = steps.lesson_of(game_id)
                _index, step = steps.step_of(taught, step_id)
                return steps.judged(taught, step, body.get("action"), lang, name)

            return JSONResponse(await asyncio.to_thread(judged))
        except RoomError as error:
            return _refused(error, lang)

    return routes


async def _body(request: Request) -> dict[str, Any]:
    """A try's JSON object body.

    Raises:
        RoomError: ``bad_body`` (not JSON), ``too_large`` (past :data:`TRY_BODY_LIMIT`
            bytes) or ``bad_message`` (not an object).
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise RoomError("bad_body", msg("web.error.not_json_type"))
    raw = await read_body(request, TRY_BODY_LIMIT)
    if raw is None:
        raise RoomError("too_large", msg("web.error.body_size", limit=TRY_BODY_LIMIT))
    try:
        body = protocol.load_json(raw.decode("utf-8"))
    except (UnicodeDecodeError, protocol.ProtocolError):
        body = None
    if not isinstance(body, dict):
        raise RoomError("bad_message", msg("web.error.bad_body"))
    return body


def _refused(error: RoomError, lang: Lang) -> JSONResponse:
    """A refusal with its status (:data:`STATUS`)."""
    return refusal(STATUS.get(error.code, 400), error, lang)
