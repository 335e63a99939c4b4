"""Invitations to a room's free seat (``docs/protocol.md``, "People").

- ``GET /api/rooms/{room}/invites``: for a person sitting there while the room is in its
  lobby: whom they may invite (people they played with, by name and handle), who is invited;
- ``POST /api/rooms/{room}/invites`` ``{"to": handle}``: invite; the invited person gets a
  Web Push in their language and, where SMTP is configured, a mail;
- ``GET /api/me/invites``: the browser's person's open invitations (My games shows them);
- ``POST /api/me/invites/{room}/decline``: end one. Accepting is opening the room and
  sitting down (the normal sit path).

Every refusal is a clear error in the person's language; every store call runs off the
event loop.
"""

from __future__ import annotations

import asyncio
from typing import Any, cast

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.engine import registry
from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.pace import texts as _texts  # noqa: F401 (registers the texts)
from ludoteca.web.pace.kit import Note
from ludoteca.web.people.invites import Invites, Sent
from ludoteca.web.people.profiles import Person
from ludoteca.web.routes.me import json_body, no_profile, whoami
from ludoteca.web.routes.site import Site, refusal, request_lang, same_site
from ludoteca.web.wire.client import RoomError

STATUS = {"no_room": 404, "not_your_room": 403, "stranger": 403, "none": 404, "bad_to": 400}
"""HTTP status of each refusal (the others: 409, the room's state forbids it)."""


def invites_of(site: Site) -> Invites:
    """The store's invitations (the application has started)."""
    assert site.hall is not None
    store = site.hall.store
    return Invites(cast(Any, store), store, site.people())  # the SQL store is Transacting


def invite_note(sent: Sent) -> Note:
    """The notice an invitation sends: both languages (the device's picks one)."""
    game = registry.make(sent.room.game).info
    texts = {
        lang: (
            msg("web.push.invite.title", game=game.name(lang)).text(lang),
            msg("web.invite.push_body", from_name=sent.from_name).text(lang),
        )
        for lang in ("es", "en")
    }
    room = sent.room.id
    url = f"/room/{room}"
    return Note(room, -1, "invite", texts, url, f"{room}-invite", person_id=sent.to.id)


def person_lang(request: Request, person: Person) -> Lang:
    """``?lang=`` if given, else the person's own language (their errors and names)."""
    if "lang" in request.query_params:
        return request_lang(request)
    return "es" if person.lang == "es" else "en"


def _refused(error: RoomError, lang: Lang) -> Response:
    return refusal(STATUS.get(error.code, 409), error, lang)


def router(site: Site) -> APIRouter:
    """The invitation routes."""
    routes = APIRouter()

    async def person_or_refusal(request: Request, lang: Lang) -> Person | Response:
        person = await whoami(site, request)
        return no_profile(lang) if person is None else person

    @routes.get("/api/rooms/{room_id}/invites")
    async def api_room_invites(room_id: str, request: Request) -> Response:
        lang = request_lang(request)
        person = await person_or_refusal(request, lang)
        if isinstance(person, Response):
            return person
        lang = person_lang(request, person)
        try:
            view = await asyncio.to_thread(invites_of(site).room_view, person, room_id)
        except RoomError as error:
            return _refused(error, lang)
        return JSONResponse(view)

    @routes.post("/api/rooms/{room_id}/invites")
    async def api_invite(room_id: str, request: Request) -> Response:
        lang = request_lang(request)
        body = await json_body(site, request, lang)
        if isinstance(body, Response):
            return body
        person = await person_or_refusal(request, lang)
        if isinstance(person, Response):
            return person
        lang = person_lang(request, person)
        try:
            sent = await asyncio.to_thread(invites_of(site).invite, person, room_id, body.get("to"))
        except RoomError as error:
            return _refused(error, lang)
        assert site.hall is not None
        site.hall.settings.pace.notices.tell(invite_note(sent))
        return JSONResponse({"invited": sent.to.name}, status_code=201)

    @routes.get("/api/me/invites")
    async def api_my_invites(request: Request) -> Response:
        lang = request_lang(request)
        person = await person_or_refusal(request, lang)
        if isinstance(person, Response):
            return person
        lang = person_lang(request, person)
        found = await asyncio.to_thread(invites_of(site).pending, person)
        shown = [
            {
                "room": row.room_id,
                "url": f"/room/{row.room_id}",
                "game": room.game,
                "game_name": registry.make(room.game).info.name(lang),
                "from": row.from_name,
                "created_ms": row.created_ms,
            }
            for row, room in found
        ]
        return JSONResponse({"invites": shown})

    @routes.post("/api/me/invites/{room_id}/decline")
    async def api_decline(room_id: str, request: Request) -> Response:
        lang = request_lang(request)
        if not same_site(request, site.origins):
            return refusal(403, RoomError("cross_site", msg("web.error.cross_site")), lang)
        person = await person_or_refusal(request, lang)
        if isinstance(person, Response):
            return person
        lang = person_lang(request, person)
        try:
            await asyncio.to_thread(invites_of(site).decline, person, room_id)
        except RoomError as error:
            return _refused(error, lang)
        return JSONResponse({"declined": room_id})

    return routes
