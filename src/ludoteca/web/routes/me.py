"""A person's own routes: their profile, their seats, their games, their data
(``docs/protocol.md``, "People").

- ``GET /api/me``: the browser's person (``{"person": null}`` without a profile);
- ``POST /api/me``: make a profile (name, lang, colour): the session cookie is set;
- ``PATCH /api/me``: change name, language, colour, e-mail or the ratings choice;
- ``DELETE /api/me``: forget the person (profile, sessions, passkeys, links, ratings; the
  seats they played keep the name);
- ``POST /api/me/sign-out``: end this browser's session;
- ``GET /api/me/export``: everything stored about the person, as JSON;
- ``POST /api/me/seats``: link a seat the browser sits in (its token proves it);
- ``GET /api/me/games?lang=``: My games, most urgent first, and the person's ratings.

Every change is same-site JSON; every store call runs off the event loop.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from typing import Any, cast

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.people.invites import Invites
from ludoteca.web.people.profiles import (
    Person,
    Profiles,
    clear_cookie,
    person_of,
    session_token,
    set_cookie,
)
from ludoteca.web.room.seats import BOT, HUMAN, hash_token
from ludoteca.web.routes import my_games
from ludoteca.web.routes.site import Site, read_body, refusal, request_lang, same_site
from ludoteca.web.wire import protocol
from ludoteca.web.wire.client import RoomError

MAX_ROOM_FIELD = 64
"""Longest room id or seat token a request may name."""


async def json_body(site: Site, request: Request, lang: Lang) -> dict[str, Any] | Response:
    """The JSON object a state-changing request carries, or the refusal to answer: from
    another site (403), not JSON (415), too large (413), not an object (400).
    """
    if not same_site(request, site.origins):
        return refusal(403, RoomError("cross_site", msg("web.error.cross_site")), lang)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return refusal(415, RoomError("bad_body", msg("web.error.not_json_type")), lang)
    limit = site.limits.max_body
    raw = await read_body(request, limit)
    if raw is None:
        return refusal(413, RoomError("too_large", msg("web.error.body_size", limit=limit)), lang)
    try:
        body = protocol.load_json(raw.decode("utf-8")) if raw else {}
    except (UnicodeDecodeError, protocol.ProtocolError):
        body = None
    if not isinstance(body, dict):
        return refusal(400, RoomError("bad_message", msg("web.error.bad_body")), lang)
    return body


def no_profile(lang: Lang) -> Response:
    """401: this browser has no profile."""
    return refusal(401, RoomError("no_profile", msg("web.people.no_profile")), lang)


def shown(person: Person) -> dict[str, Any]:
    """A person as their own browser is told (the id stays on the server)."""
    return {
        "name": person.name,
        "lang": person.lang,
        "colour": person.colour,
        "email": person.email,
        "ratings": person.ratings,
        "created_ms": person.created_ms,
    }


async def whoami(site: Site, request: Request) -> Person | None:
    """The request's person, read off the event loop."""
    return await asyncio.to_thread(person_of, request, site.people())


async def person_and_body(
    site: Site, request: Request, lang: Lang
) -> tuple[Person, dict[str, Any]] | Response:
    """The person a state-changing request comes from and the JSON object it carries, or
    the refusal to answer (:func:`json_body`'s, or 401 when the browser has no profile).
    """
    body = await json_body(site, request, lang)
    if isinstance(body, Response):
        return body
    person = await whoami(site, request)
    if person is None:
        return no_profile(lang)
    return person, body


def router(site: Site, mail_ready: bool = False) -> APIRouter:
    """A person's routes (``mail_ready``: the host configured SMTP for sign-in links)."""
    routes = APIRouter()

    @routes.api_route("/me", methods=["GET", "HEAD"])
    async def me_page() -> Response:
        return site.index()

    @routes.get("/api/me")
    async def api_me(request: Request) -> Response:
        person = await whoami(site, request)
        found: dict[str, Any] = {"person": None if person is None else shown(person)}
        found["mail"] = mail_ready
        if person is not None:
            keys = await asyncio.to_thread(site.people().rows.passkeys_of, person.id)
            found["passkeys"] = len(keys)
        return JSONResponse(found)

    @routes.post("/api/me")
    async def api_make_profile(request: Request) -> Response:
        lang = request_lang(request)
        body = await json_body(site, request, lang)
        if isinstance(body, Response):
            return body
        if await whoami(site, request) is not None:
            return refusal(409, RoomError("has_profile", msg("web.people.has_profile")), lang)
        body.setdefault("lang", lang)
        try:
            person, token = await asyncio.to_thread(site.people().create, body)
        except RoomError as error:
            return refusal(400, error, lang)
        answer = JSONResponse({"person": shown(person)}, status_code=201)
        set_cookie(answer, request, token)
        return answer

    @routes.patch("/api/me")
    async def api_change_profile(request: Request) -> Response:
        lang = request_lang(request)
        asked = await person_and_body(site, request, lang)
        if isinstance(asked, Response):
            return asked
        person, body = asked
        try:
            changed = await asyncio.to_thread(site.people().update, person, body)
        except RoomError as error:
            return refusal(400, error, lang)
        return JSONResponse({"person": shown(changed)})

    @routes.delete("/api/me")
    async def api_delete_profile(request: Request) -> Response:
        lang = request_lang(request)
        if not same_site(request, site.origins):
            return refusal(403, RoomError("cross_site", msg("web.error.cross_site")), lang)
        person = await whoami(site, request)
        if person is None:
            return no_profile(lang)
        await asyncio.to_thread(site.people().delete, person.id)
        answer = JSONResponse({"deleted": True})
        clear_cookie(answer, request)
        return answer

    @routes.post("/api/me/sign-out")
    async def api_sign_out(request: Request) -> Response:
        lang = request_lang(request)
        if not same_site(request, site.origins):
            return refusal(403, RoomError("cross_site", msg("web.error.cross_site")), lang)
        token = session_token(request)
        if token:
            await asyncio.to_thread(site.people().sign_out, token)
        answer = JSONResponse({"signed_out": True})
        clear_cookie(answer, request)
        return answer

    @routes.get("/api/me/export")
    async def api_export(request: Request) -> Response:
        lang = request_lang(request)
        person = await whoami(site, request)
        if person is None:
            return no_profile(lang)
        data = await export(site, person, lang)
        return JSONResponse(
            data, headers={"content-disposition": 'attachment; filename="ludoteca-me.json"'}
        )

    @routes.post("/api/me/seats")
    async def api_link_seat(request: Request) -> Response:
        lang = request_lang(request)
        asked = await person_and_body(site, request, lang)
        if isinstance(asked, Response):
            return asked
        person, body = asked
        room_id, token = body.get("room"), body.get("token")
        fields_ok = all(
            isinstance(v, str) and 0 < len(v) <= MAX_ROOM_FIELD for v in (room_id, token)
        )
        if not fields_ok:
            error = RoomError("bad_message", msg("web.error.bad_field", field="room", kind="str"))
            return refusal(400, error, lang)
        assert isinstance(room_id, str) and isinstance(token, str)
        seat = await asyncio.to_thread(link_seat, site, person, room_id, token)
        if seat is None:
            return refusal(403, RoomError("bad_seat", msg("web.people.bad_seat")), lang)
        return JSONResponse({"room": room_id, "seat": seat})

    @routes.get("/api/me/games")
    async def api_my_games(request: Request) -> Response:
        lang = request_lang(request)
        person = await whoami(site, request)
        if person is None:
            return no_profile(lang)
        held = {room.id: room for room in site.host().held()}
        assert site.hall is not None
        games = await my_games.my_games(held, site.hall, site.people(), person, lang)
        ratings = await asyncio.to_thread(my_games.ratings_of, site.people(), person, lang)
        return JSONResponse({"games": games, "ratings": ratings, "person": shown(person)})

    return routes


def link_seat(site: Site, person: Person, room_id: str, token: str) -> int | None:
    """Link the seat of ``room_id`` whose token this is to ``person`` (in a thread).

    Returns:
        The seat, or None if no seat of that room holds that token.
    """
    assert site.hall is not None
    digest = hash_token(token)
    for seat in site.hall.store.seats(room_id):
        if seat.kind in (HUMAN, BOT) and seat.token_hash and seat.token_hash == digest:
            site.people().link_seat(person.id, room_id, seat.seat, token)
            return seat.seat
    return None


async def export(site: Site, person: Person, lang: Lang) -> dict[str, Any]:
    """Everything stored about ``person``: profile, passkeys (ids only), seats, games as
    My games shows them, ratings, digest, invitations.
    """
    profiles: Profiles = site.people()
    keys = await asyncio.to_thread(profiles.rows.passkeys_of, person.id)
    seats = await asyncio.to_thread(profiles.seats_of, person.id)
    sessions = await asyncio.to_thread(profiles.session_count, person.id)
    held = {room.id: room for room in site.host().held()}
    assert site.hall is not None
    games = await my_games.my_games(held, site.hall, profiles, person, lang)
    ratings = await asyncio.to_thread(profiles.rows.ratings_of, person.id)
    for game in games:
        game.pop("token", None)
    digest = None
    if site.digest is not None:
        digest = await asyncio.to_thread(site.digest.exported, person)
    assert site.hall is not None
    invites = Invites(cast(Any, site.hall.store), site.hall.store, profiles)
    invited = await asyncio.to_thread(invites.exported, person)
    return {
        "person": shown(person),
        "signed_in_browsers": sessions,
        "passkeys": [{"credential_id": key.credential_id} for key in keys],
        "seats": [
            {"room": seat.room_id, "seat": seat.seat, "joined_ms": seat.joined_ms} for seat in seats
        ],
        "games": games,
        "ratings": [asdict(rating) for rating in ratings],
        "digest": digest,
        "invites": invited,
    }
