"""A person's choice of the daily e-mail digest: on or off, the hour, the time zone.

The digest is opt-in (off by default) and needs the person's address and the host's SMTP
server. The hour is the person's own, in the IANA time zone their browser names, so the
next one is computed here (:func:`next_time`) and stored in ``mail_digests``
(``store.digest_rows``); ``notify.digest`` sends it when due.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from ludoteca.engine.i18n import msg
from ludoteca.web.people import texts as _texts  # noqa: F401 (registers the texts)
from ludoteca.web.people.profiles import Person
from ludoteca.web.store import digest_rows
from ludoteca.web.store.dialect import Transacting
from ludoteca.web.wire.client import RoomError

MAX_TZ = 64
"""Longest time zone name accepted."""
DEFAULT_HOUR = 8
"""The hour the page offers first."""

_ZONES: set[str] = set()


def zone(name: str) -> ZoneInfo | None:
    """The IANA time zone ``name`` (``Europe/Madrid``, ``UTC``), None if unknown."""
    if not _ZONES:
        _ZONES.update(available_timezones())
        _ZONES.add("UTC")
    if not 0 < len(name) <= MAX_TZ or name not in _ZONES:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def next_time(now_ms: int, hour: int, tz: str, last_sent_ms: int = 0) -> int:
    """The first moment after ``now_ms`` when it is ``hour``:00 in ``tz`` (server ms), on a
    later day (in ``tz``) than the last digest sent, so a new hour never brings a second
    digest the same day.
    """
    where = zone(tz) or ZoneInfo("UTC")
    now = datetime.fromtimestamp(now_ms / 1000, where)
    last_day = datetime.fromtimestamp(last_sent_ms / 1000, where).date() if last_sent_ms else None
    at = now.replace(hour=hour, minute=0, second=0, microsecond=0)
    while at.timestamp() * 1000 <= now_ms or (last_day is not None and at.date() <= last_day):
        # One calendar day on (a day around a change of summer time is 23 or 25 hours).
        at = (at.replace(tzinfo=None) + timedelta(days=1)).replace(tzinfo=where)
    return int(at.timestamp() * 1000)


def _nothing() -> None:
    return None


class DigestChoice:
    """People's digest settings (``GET``/``PUT /api/me/digest``).

    Args:
        store: Where ``mail_digests`` is.
        now_ms: The server's pace clock (``PaceClock.now_ms``; tests move it).
        mail: Whether the host configured SMTP.
    """

    def __init__(self, store: Transacting, now_ms: Callable[[], int], mail: bool) -> None:
        self.store = store
        self.now_ms = now_ms
        self.mail = mail
        self.wake: Callable[[], None] = _nothing
        """Tells the scheduler a digest's time changed (``Scheduler.wake``, set at start)."""

    def shown(self, person: Person) -> dict[str, Any]:
        """``{"on", "hour", "tz", "mail"}`` as the person's page shows it (blocking)."""
        row = digest_rows.of(self.store, person.id)
        return {
            "on": row is not None,
            "hour": DEFAULT_HOUR if row is None else row.hour,
            "tz": "UTC" if row is None else row.tz,
            "mail": self.mail,
        }

    def exported(self, person: Person) -> dict[str, Any] | None:
        """The digest in the person's data export (None: off)."""
        row = digest_rows.of(self.store, person.id)
        return None if row is None else {"hour": row.hour, "tz": row.tz}

    def change(self, person: Person, body: dict[str, Any]) -> dict[str, Any]:
        """Turn the digest on (``{"on": true, "hour", "tz"}``) or off; what is shown now.

        Raises:
            RoomError: ``bad_digest``, ``no_smtp`` or ``no_email``, said in texts of
                both languages; nothing is stored then.
        """
        on = body.get("on")
        if not isinstance(on, bool):
            raise RoomError("bad_digest", msg("web.digest.bad_on"))
        if not on:
            digest_rows.drop(self.store, person.id)
            return self.shown(person)
        if not self.mail:
            raise RoomError("no_smtp", msg("web.digest.no_smtp"))
        if not person.email:
            raise RoomError("no_email", msg("web.digest.no_email"))
        hour = body.get("hour")
        if not isinstance(hour, int) or isinstance(hour, bool) or not 0 <= hour <= 23:
            raise RoomError("bad_digest", msg("web.digest.bad_hour"))
        tz = body.get("tz")
        if not isinstance(tz, str) or zone(tz) is None:
            raise RoomError("bad_digest", msg("web.digest.bad_tz", tz=str(tz)[:MAX_TZ]))
        row = digest_rows.of(self.store, person.id)
        last = 0 if row is None else row.last_sent_ms
        due = next_time(self.now_ms(), hour, tz, last)
        digest_rows.save(self.store, person.id, hour, tz, due)
        self.wake()  # the scheduler sleeps until the earliest thing due: this may be sooner
        return self.shown(person)
