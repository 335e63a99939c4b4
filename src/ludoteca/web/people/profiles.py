"""Who a browser's person is: profiles without passwords.

A profile (name, language, colour) is made on a person's first visit; the browser keeps
it by an httpOnly cookie (:data:`COOKIE`, ``SameSite=Lax``, ``Secure`` over https) holding
a random session token, stored only as its SHA-256. Another device signs in with a
passkey (``people.passkeys``) or an e-mail link (``people.mail``), which opens a new
session of the same person. Playing without a profile stays possible: nothing of a room
needs one.

The API other parts use:

- :func:`person_of` (request or WebSocket handshake → :class:`Person` or None);
- :class:`Profiles` (``create``, ``update``, ``person``, ``named``, ``sign_in``,
  ``sign_out``, ``delete``, ``link_seat``, ``seats_of``, ``people_at``).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
import unicodedata
from dataclasses import replace
from typing import Any

from starlette.requests import HTTPConnection
from starlette.responses import Response

from ludoteca.engine.i18n import msg
from ludoteca.web.people import texts  # noqa: F401 (registers the texts)
from ludoteca.web.store.people import PeopleStore, PersonRow, PersonSeatRow, Transacting
from ludoteca.web.wire.client import RoomError
from ludoteca.web.wire.protocol import MAX_NAME

PersonSeat = PersonSeatRow
"""A seat a person sits in (``store.people.PersonSeatRow``): ``room_id``, ``seat``,
``token``, ``joined_ms``."""

Person = PersonRow
"""A person (``store.people.PersonRow``): ``id``, ``name``, ``lang``, ``colour``,
``email``, ``ratings`` (opted in; ``ratings_ms``: since when), ``created_ms``."""

COOKIE = "ludoteca_person"
"""The cookie that holds a browser's session token."""
COOKIE_DAYS = 400
"""How long a browser keeps the cookie (the most browsers allow), and a session lasts: the
server forgets it then too, so a copy of the cookie taken from the browser expires with
it."""
SESSION_MS = COOKIE_DAYS * 86_400_000
COLOURS = ("#b03a2e", "#1f618d", "#117a65", "#7d3c98", "#b9770e", "#2e4053")
"""The colours offered (each with a 4.5:1 contrast against white text)."""
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]{1,255}\.[^@\s.]{1,63}")
MAX_EMAIL = 254


def hash_secret(token: str) -> str:
    """How a session token or a sign-in link is stored (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def name_key(name: str) -> str:
    """How two people's names are compared (as at the table: NFKC, no case, no spaces)."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch."""
    return int(time.time() * 1000)


def check_name(name: object) -> str:
    """A profile's name, trimmed.

    Raises:
        RoomError: ``bad_name`` (empty, too long, or with a line break).
    """
    if not isinstance(name, str):
        raise RoomError("bad_name", msg("web.people.bad_name", max=MAX_NAME))
    name = name.strip()
    if not 0 < len(name) <= MAX_NAME or any(c in name for c in "\r\n\t"):
        raise RoomError("bad_name", msg("web.people.bad_name", max=MAX_NAME))
    return name


def check_lang(lang: object) -> str:
    """``es`` or ``en``. Raises ``RoomError`` (``bad_lang``) else."""
    if lang not in ("es", "en"):
        raise RoomError("bad_lang", msg("web.people.bad_lang"))
    return str(lang)


def check_colour(colour: object) -> str:
    """A ``#rrggbb`` colour, lower case. Raises ``RoomError`` (``bad_colour``) else."""
    if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
        raise RoomError("bad_colour", msg("web.people.bad_colour"))
    return colour.lower()


def check_email(email: object) -> str:
    """An e-mail address, lower case ("" clears it). Raises ``RoomError`` (``bad_email``)."""
    if email == "":
        return ""
    if not isinstance(email, str) or len(email) > MAX_EMAIL or not _EMAIL.fullmatch(email):
        raise RoomError("bad_email", msg("web.people.bad_email"))
    return email.strip().lower()


class Profiles:
    """The people of one store.

    Args:
        store: The store (``store.sql.SqlStore``: its ``transact`` runs every call).

    Every method reads or writes the database: call it off the event loop
    (``asyncio.to_thread``).
    """

    def __init__(self, store: Transacting) -> None:
        self.rows = PeopleStore(store)

    def create(self, fields: dict[str, Any]) -> tuple[Person, str]:
        """A new person from ``name``, ``lang`` and ``colour`` (a colour of
        :data:`COLOURS` if missing), with their first session.

        Returns:
            The person and the session token for their browser's cookie.

        Raises:
            RoomError: A field refused (``bad_name``, ``bad_lang``, ``bad_colour``).
        """
        name = check_name(fields.get("name"))
        lang = check_lang(fields.get("lang", "en"))
        colour = check_colour(fields.get("colour", secrets.choice(COLOURS)))
        person = Person(secrets.token_urlsafe(12), name, lang, colour, "", 0, now_ms())
        token = secrets.token_urlsafe(32)
        self.rows.add_person(person, name_key(name), hash_secret(token))
        return person, token

    def update(self, person: Person, fields: dict[str, Any]) -> Person:
        """``person`` with the fields given changed (``name``, ``lang``, ``colour``,
        ``email``, ``ratings``), stored.

        Raises:
            RoomError: A field refused (``bad_*``).
        """
        changed = person
        if "name" in fields:
            changed = replace(changed, name=check_name(fields["name"]))
        if "lang" in fields:
            changed = replace(changed, lang=check_lang(fields["lang"]))
        if "colour" in fields:
            changed = replace(changed, colour=check_colour(fields["colour"]))
        if "email" in fields:
            changed = replace(changed, email=check_email(fields["email"]))
        if "ratings" in fields:
            if not isinstance(fields["ratings"], bool):
                raise RoomError("bad_ratings", msg("web.people.bad_ratings"))
            if fields["ratings"] != person.ratings:
                changed = replace(changed, ratings_ms=now_ms() if fields["ratings"] else 0)
        if changed != person:
            self.rows.update_person(changed, name_key(changed.name))
        return changed

    def person(self, person_id: str) -> Person | None:
        """One person by id."""
        return self.rows.person(person_id)

    def named(self, name: str) -> list[Person]:
        """Everyone with that name (compared as :func:`name_key`), oldest first."""
        return self.rows.people_named(name_key(name))

    def by_session(self, token: str | None) -> Person | None:
        """The person whose session token this is (None: no token, or not a session)."""
        if not token or len(token) > 128:
            return None
        return self.rows.session_person(hash_secret(token), now_ms() - SESSION_MS)

    def session_count(self, person_id: str) -> int:
        """How many browsers ``person_id`` is signed in on (sessions not expired)."""
        return self.rows.session_count(person_id, now_ms() - SESSION_MS)

    def sign_in(self, person_id: str) -> str:
        """A new session of ``person_id`` (another browser): its token for the cookie.
        Every expired session, anyone's, is deleted then.
        """
        token = secrets.token_urlsafe(32)
        at = now_ms()
        self.rows.forget_sessions_before(at - SESSION_MS)
        self.rows.add_session(person_id, hash_secret(token), at)
        return token

    def sign_out(self, token: str) -> None:
        """End one browser's session."""
        self.rows.end_session(hash_secret(token))

    def delete(self, person_id: str) -> None:
        """Forget a person (``PeopleStore.delete_person``): their seats keep the name."""
        self.rows.delete_person(person_id)

    def link_seat(self, person_id: str, room_id: str, seat: int, token: str) -> None:
        """Record that ``person_id`` sits in ``seat`` of ``room_id`` (the caller checked
        ``token`` against the seat's stored hash).
        """
        self.rows.link_seat(person_id, room_id, seat, token, now_ms())

    def seats_of(self, person_id: str) -> list[PersonSeat]:
        """Every seat ``person_id`` sits in (newest first)."""
        return self.rows.seats_of(person_id)

    def people_at(self, room_id: str) -> dict[int, Person]:
        """The people sitting in a room's linked seats (seat → person)."""
        found: dict[int, Person] = {}
        for seat, person_id in self.rows.people_at(room_id).items():
            person = self.rows.person(person_id)
            if person is not None:
                found[seat] = person
        return found


def session_token(connection: HTTPConnection) -> str | None:
    """The session token a request (or WebSocket handshake) carries in its cookie."""
    return connection.cookies.get(COOKIE)


def person_of(connection: HTTPConnection, profiles: Profiles) -> Person | None:
    """The person of a request or a WebSocket handshake (None: no profile). Reads the
    store: call it off the event loop.
    """
    return profiles.by_session(session_token(connection))


def set_cookie(response: Response, connection: HTTPConnection, token: str) -> None:
    """Give the browser its session cookie (``Secure`` when the page came over https)."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        secure=connection.url.scheme in ("https", "wss"),
        samesite="lax",
        path="/",
    )


def clear_cookie(response: Response, connection: HTTPConnection) -> None:
    """Make the browser forget its session cookie."""
    response.delete_cookie(
        COOKIE,
        path="/",
        httponly=True,
        secure=connection.url.scheme in ("https", "wss"),
        samesite="lax",
    )
