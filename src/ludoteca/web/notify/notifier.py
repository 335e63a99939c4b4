"""Sends a room's notes (``pace.kit.Note``): a Web Push to each subscription of the seat
told, and a mail to its person where the host configured SMTP.

A subscription is made from a seat (the room's socket knows it); when that seat belongs to
a person's profile (``people.profiles``), every seat of that person is told through it
too, and the mail goes to the person's address.

A push carries a small JSON payload (title, body, the room's page, a tag), at most
:data:`MAX_PAYLOAD` bytes (Firefox for Android accepts about 3 KB), encrypted by
``pywebpush`` (RFC 8291, aes128gcm) and signed with the server's VAPID key, with a TTL of
12 hours (lichess's): a phone that stays off longer does not get a stale "your move". A
subscription the push service no longer knows (404 or 410) is forgotten. A mail is a
digest: the note, then every game of that person where it is their move, the least time
left first. Everything runs in one thread of the notifier's own: the event loop only queues.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
from email.message import EmailMessage
from typing import Any

from pywebpush import WebPushException, webpush

from ludoteca.engine import registry
from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.notify.vapid import VapidKeys
from ludoteca.web.pace import rules
from ludoteca.web.pace.clock import PaceClock
from ludoteca.web.pace.kit import Note
from ludoteca.web.people import mail as people_mail
from ludoteca.web.people.profiles import Person, Profiles
from ludoteca.web.people.settings import SmtpSettings
from ludoteca.web.store import pace_rows
from ludoteca.web.store.dialect import Transacting
from ludoteca.web.store.pace_rows import Subscription

log = logging.getLogger("ludoteca.web")

PUSH_TTL = 43_200
"""Seconds a push service keeps an undelivered notice (12 h, as lichess)."""
MAX_PAYLOAD = 3000
"""Most bytes of a push's JSON payload."""
GONE = (404, 410)
"""Push service answers that mean the subscription is no more."""


def payload(note: Note, lang: str) -> str:
    """The JSON a push carries, in ``lang``, cut to :data:`MAX_PAYLOAD` bytes."""
    title, body = note.texts.get(lang) or note.texts["en"]
    data: dict[str, Any] = {
        "title": title,
        "body": body,
        "url": note.url,
        "tag": note.tag,
        "kind": note.kind,
        "lang": lang,
    }
    text = json.dumps(data, ensure_ascii=False)
    while len(text.encode("utf-8")) > MAX_PAYLOAD and data["body"]:
        data["body"] = data["body"][: len(data["body"]) // 2] + "…"
        text = json.dumps(data, ensure_ascii=False)
    return text


class Notifier:
    """Sends notes in a thread of its own (``pace.kit.Notices``).

    Args:
        store: Where subscriptions and clocks are.
        keys: The server's VAPID keys.
        subject: The VAPID ``sub`` claim (``mailto:`` the host, or its https address).
        clock: The server's pace clock (the digest's time left).
        profiles: The people (whose seat is whose; their addresses).
        smtp: The host's mail server (``--smtp``; None: no mail).
        public_url: The site's address for the links in mails (``--public-url``).
    """

    def __init__(
        self,
        store: Transacting,
        keys: VapidKeys,
        subject: str,
        clock: PaceClock,
        profiles: Profiles | None = None,
        smtp: SmtpSettings | None = None,
        public_url: str = "",
    ) -> None:
        self.store = store
        self.keys = keys
        self.subject = subject
        self.clock = clock
        self.profiles = profiles
        self.smtp = smtp
        self.public_url = public_url.rstrip("/")
        self.pushed = 0
        """Pushes the push services accepted (for the log and tests)."""
        self._queue: queue.SimpleQueue[Note | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def tell(self, note: Note) -> None:
        """Queue ``note``; the notifier's thread sends it."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="ludoteca-notifier", daemon=True)
            self._thread.start()
        self._queue.put(note)

    def close(self) -> None:
        """Send what is queued, then stop the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(30)
            self._thread = None

    def _run(self) -> None:
        while True:
            note = self._queue.get()
            if note is None:
                return
            try:
                self.send(note)
            except Exception:  # a store or network failure: this note is lost, not the thread
                log.exception("room %s: a notice to seat %s failed", note.room_id, note.seat)

    def send(self, note: Note) -> None:
        """Send ``note`` now (blocking): its pushes, then its mail."""
        person = None
        seats = [(note.room_id, note.seat)]
        if self.profiles is not None:
            if note.person_id:  # no seat in the room (an invitation): their own seats
                person = self.profiles.person(note.person_id)
                seats = []
            else:
                person = self.profiles.people_at(note.room_id).get(note.seat)
            if person is not None:
                seats += [(s.room_id, s.seat) for s in self.profiles.seats_of(person.id)]
        sent: set[str] = set()
        for room_id, seat in seats:
            for sub in pace_rows.seat_subscriptions(self.store, room_id, seat):
                if sub.endpoint not in sent:
                    sent.add(sub.endpoint)
                    self._push(sub, note)
        if self.smtp is not None and person is not None and person.email:
            self._mail(self.smtp, person, seats, note)

    def _push(self, sub: Subscription, note: Note) -> None:
        info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
        try:
            webpush(
                info,
                payload(note, sub.lang),
                vapid_private_key=self.keys.signer,
                vapid_claims={"sub": self.subject},
                ttl=PUSH_TTL,
                timeout=10,
                headers={"Urgency": "high" if note.kind == "alarm" else "normal"},
            )
        except WebPushException as error:
            status = error.response.status_code if error.response is not None else None
            if status in GONE:
                pace_rows.unsubscribe(self.store, sub.endpoint)
                log.info("a push subscription is gone (%s): forgotten", status)
            else:
                log.warning("a push to room %s seat %s failed: %s", note.room_id, note.seat, error)
            return
        except OSError as error:
            log.warning("a push to room %s seat %s failed: %s", note.room_id, note.seat, error)
            return
        self.pushed += 1

    def _mail(
        self, smtp: SmtpSettings, person: Person, seats: list[tuple[str, int]], note: Note
    ) -> None:
        """The note and the person's games waiting on them, in the person's language."""
        code: Lang = "es" if person.lang == "es" else "en"
        title, body = note.texts.get(code) or note.texts["en"]
        lines = [body, "", f"{self.public_url}{note.url}"]
        games = pace_rows.clocks_of(self.store, seats)
        if games:
            now = self.clock.now_ms()
            lines += ["", msg("web.push.mail.digest").text(code)]
            for room_id, game_id, due in games:
                lines.append(
                    msg(
                        "web.push.mail.line",
                        game=registry.make(game_id).info.name(code),
                        left=rules.left_text(due - now, code),
                        url=f"{self.public_url}/room/{room_id}",
                    ).text(code)
                )
        mail = EmailMessage()
        mail["From"] = smtp.sender
        mail["To"] = person.email
        mail["Subject"] = f"Ludoteca: {title}"
        mail.set_content("\n".join(lines))
        try:
            people_mail.send(smtp, mail)
        except OSError as error:  # smtplib's errors are OSErrors
            log.warning("a mail to room %s seat %s failed: %s", note.room_id, note.seat, error)
