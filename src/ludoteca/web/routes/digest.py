"""A person's daily mail digest (``docs/protocol.md``, "People").

- ``GET /api/me/digest``: ``{"on", "hour", "tz", "mail"}`` (``mail``: the host set SMTP);
- ``PUT /api/me/digest``: ``{"on": true, "hour": 0..23, "tz": "Europe/Madrid"}`` turns it
  on (or moves its hour), ``{"on": false}`` turns it off.

The choice is ``people.digest``; the pace scheduler sends it (``notify.digest``).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.web.people.digest import DigestChoice
from ludoteca.web.routes.me import no_profile, person_and_body, whoami
from ludoteca.web.routes.site import Site, refusal, request_lang
from ludoteca.web.wire.client import RoomError


def router(site: Site) -> APIRouter:
    """The digest's routes."""
    routes = APIRouter()

    def choice() -> DigestChoice:
        assert site.digest is not None, "the application's lifespan has not started"
        return site.digest

    @routes.get("/api/me/digest")
    async def api_digest(request: Request) -> Response:
        lang = request_lang(request)
        person = await whoami(site, request)
        if person is None:
            return no_profile(lang)
        return JSONResponse(await asyncio.to_thread(choice().shown, person))

    @routes.put("/api/me/digest")
    async def api_set_digest(request: Request) -> Response:
        lang = request_lang(request)
        asked = await person_and_body(site, request, lang)
        if isinstance(asked, Response):
            return asked
        person, body = asked
        try:
            shown = await asyncio.to_thread(choice().change, person, body)
        except RoomError as error:
            return refusal(400, error, lang)
        return JSONResponse(shown)

    return routes
