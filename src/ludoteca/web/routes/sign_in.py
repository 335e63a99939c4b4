"""Signing another device in to a profile (``docs/protocol.md``, "People").

- ``POST /api/me/link/send`` ``{"email"}``: mail a one-time sign-in link to the profile
  with that address (the same answer whether or not one has it);
- ``POST /api/me/link`` ``{"token"}``: spend a link: this browser is signed in;
- ``POST /api/me/passkeys/options``, ``POST /api/me/passkeys`` ``{"key", "credential"}``:
  a signed-in person registers a passkey;
- ``POST /api/me/passkeys/sign-in/options``, ``POST /api/me/passkeys/sign-in``
  ``{"key", "credential"}``: sign in with a passkey.

Every one of them is same-site JSON and spends the address's ``sign_in`` rate
(``Limits.sign_in``); every store and mail call runs off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.people import mail, passkeys
from ludoteca.web.people.profiles import Person, check_email, set_cookie
from ludoteca.web.people.settings import PeopleSettings
from ludoteca.web.routes.me import json_body, no_profile, shown, whoami
from ludoteca.web.routes.site import Site, refusal, request_lang
from ludoteca.web.wire.client import RoomError

log = logging.getLogger("ludoteca.web")


def site_origin(settings: PeopleSettings, request: Request) -> str:
    """The site's origin: the configured public URL, else the request's own."""
    if settings.public_url:
        return settings.public_url
    return f"{request.url.scheme}://{request.url.netloc}".lower()


def router(site: Site, settings: PeopleSettings) -> APIRouter:
    """The sign-in routes."""
    routes = APIRouter()

    async def checked(request: Request) -> tuple[Lang, dict[str, Any] | Response]:
        """The request's language and body, or the refusal (rate, site, body)."""
        lang = request_lang(request)
        address = request.client.host if request.client else "?"
        if not site.meter.take(address, "sign_in"):
            error = RoomError("rate_limited", msg("web.people.rate_sign_in"))
            return lang, refusal(429, error, lang)
        return lang, await json_body(site, request, lang)

    def signed_in(request: Request, person: Person) -> Response:
        token = site.people().sign_in(person.id)
        answer = JSONResponse({"person": shown(person)})
        set_cookie(answer, request, token)
        return answer

    @routes.post("/api/me/link/send")
    async def api_send_link(request: Request) -> Response:
        lang, body = await checked(request)
        if isinstance(body, Response):
            return body
        if settings.smtp is None:
            return refusal(409, RoomError("no_mail", msg("web.people.no_mail")), lang)
        try:
            email = check_email(body.get("email"))
        except RoomError as error:
            return refusal(400, error, lang)
        if email:
            base = site_origin(settings, request)
            try:
                await asyncio.to_thread(send_if_known, site, settings, email, base)
            except OSError as error:  # said in the log; the answer stays the same
                log.warning("a sign-in link could not be mailed: %s", error)
        return JSONResponse(
            {"sent": True, "message": msg("web.people.mail_sent").text(lang)}, status_code=202
        )

    @routes.post("/api/me/link")
    async def api_use_link(request: Request) -> Response:
        lang, body = await checked(request)
        if isinstance(body, Response):
            return body
        token = body.get("token")
        person = None
        if isinstance(token, str):
            person = await asyncio.to_thread(mail.use_link, site.people(), token)
        if person is None:
            return refusal(400, RoomError("bad_link", msg("web.people.bad_link")), lang)
        return await asyncio.to_thread(signed_in, request, person)

    @routes.post("/api/me/passkeys/options")
    async def api_passkey_options(request: Request) -> Response:
        lang, body = await checked(request)
        if isinstance(body, Response):
            return body
        person = await whoami(site, request)
        if person is None:
            return no_profile(lang)
        party = passkeys.Party.of(site_origin(settings, request))
        options = await asyncio.to_thread(
            passkeys.registration_options, site.people(), party, person
        )
        return JSONResponse(options)

    @routes.post("/api/me/passkeys")
    async def api_register_passkey(request: Request) -> Response:
        lang, body = await checked(request)
        if isinstance(body, Response):
            return body
        person = await whoami(site, request)
        if person is None:
            return no_profile(lang)
        party = passkeys.Party.of(site_origin(settings, request))
        try:
            await asyncio.to_thread(
                passkeys.register,
                site.people(),
                party,
                person,
                body.get("key"),
                body.get("credential"),
            )
        except RoomError as error:
            return refusal(400, error, lang)
        count = len(await asyncio.to_thread(site.people().rows.passkeys_of, person.id))
        return JSONResponse({"passkeys": count}, status_code=201)

    @routes.post("/api/me/passkeys/sign-in/options")
    async def api_sign_in_options(request: Request) -> Response:
        _, body = await checked(request)
        if isinstance(body, Response):
            return body
        party = passkeys.Party.of(site_origin(settings, request))
        return JSONResponse(await asyncio.to_thread(passkeys.sign_in_options, site.people(), party))

    @routes.post("/api/me/passkeys/sign-in")
    async def api_passkey_sign_in(request: Request) -> Response:
        lang, body = await checked(request)
        if isinstance(body, Response):
            return body
        party = passkeys.Party.of(site_origin(settings, request))
        try:
            person = await asyncio.to_thread(
                passkeys.authenticate,
                site.people(),
                party,
                body.get("key"),
                body.get("credential"),
            )
        except RoomError as error:
            return refusal(400 if error.code == "bad_passkey" else 404, error, lang)
        return await asyncio.to_thread(signed_in, request, person)

    return routes


def send_if_known(site: Site, settings: PeopleSettings, email: str, base: str) -> None:
    """Mail a sign-in link to the profile with ``email``, if there is one (in a thread).

    Raises:
        OSError: The mail could not be sent.
    """
    person = site.people().rows.person_by_email(email)
    if person is not None:
        mail.send_link(settings, site.people(), person, base)
