"""The daily e-mail digest: once a day, at the hour a person picked in their time zone,
a mail listing every game waiting on them, the least time left first (lichess sends one).

It is opt-in (``PUT /api/me/digest``, ``people.digest``; off by default) and needs the
host's SMTP server and the person's address. The pace scheduler (``pace.scheduler``) runs
:meth:`Digests.due` on the server's clock (so a test that moves the clock moves the digest),
off the event loop. Each due row is claimed in the store before the mail goes
(``store.digest_rows.claim``), so one mail leaves per person per day however many workers
look, and a restart keeps the schedule. No game waiting: no mail that day.
"""

from __future__ import annotations

import logging
from email.message import EmailMessage

from ludoteca.engine import registry
from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.pace import rules
from ludoteca.web.pace import texts as _texts  # noqa: F401 (registers the texts)
from ludoteca.web.pace.clock import PaceClock
from ludoteca.web.people import mail as people_mail
from ludoteca.web.people.digest import next_time
from ludoteca.web.people.profiles import Profiles
from ludoteca.web.people.settings import SmtpSettings
from ludoteca.web.store import digest_rows, pace_rows
from ludoteca.web.store.dialect import Transacting
from ludoteca.web.store.digest_rows import DigestRow

log = logging.getLogger("ludoteca.web")


class Digests:
    """Sends the due digests (``pace.scheduler.Scheduler``'s chore).

    Args:
        store: Where the digests, seats and clocks are.
        clock: The server's pace clock.
        profiles: The people (their seats and addresses).
        smtp: The host's mail server (None: nothing is sent, nothing claimed).
        public_url: The site's address for the links (``--public-url``).
    """

    def __init__(
        self,
        store: Transacting,
        clock: PaceClock,
        profiles: Profiles,
        smtp: SmtpSettings | None,
        public_url: str = "",
    ) -> None:
        self.store = store
        self.clock = clock
        self.profiles = profiles
        self.smtp = smtp
        self.public_url = public_url.rstrip("/")
        self.sent = 0
        """Digests mailed by this process (for tests and the log)."""

    def due(self, now_ms: int) -> int | None:
        """Send every digest due at ``now_ms`` (blocking); when the next one is due."""
        if self.smtp is None:
            return None
        for row in digest_rows.due(self.store, now_ms):
            following = next_time(now_ms, row.hour, row.tz, now_ms)
            if digest_rows.claim(self.store, row, following, now_ms):
                try:
                    self._send(self.smtp, row, now_ms)
                except OSError as error:  # smtplib's errors: this day's digest is lost
                    log.warning("the digest of a person could not be mailed: %s", error)
        return digest_rows.next_due(self.store)

    def _send(self, smtp: SmtpSettings, row: DigestRow, now_ms: int) -> None:
        person = self.profiles.person(row.person_id)
        if person is None or not person.email:
            return
        seats = [(s.room_id, s.seat) for s in self.profiles.seats_of(person.id)]
        games = pace_rows.clocks_of(self.store, seats)
        if not games:
            return
        mail = digest_mail(smtp, person.email, person.lang, games, now_ms, self.public_url)
        people_mail.send(smtp, mail)
        self.sent += 1


def digest_mail(
    smtp: SmtpSettings,
    to: str,
    lang: str,
    games: list[tuple[str, str, int]],
    now_ms: int,
    public_url: str,
) -> EmailMessage:
    """The digest mail: ``games`` (room, game id, due ms) in ``lang``, most urgent first."""
    code: Lang = "es" if lang == "es" else "en"
    lines = [msg("web.push.mail.digest").text(code)]
    for room_id, game_id, due_ms in games:
        lines.append(
            msg(
                "web.push.mail.line",
                game=registry.make(game_id).info.name(code),
                left=rules.left_text(due_ms - now_ms, code),
                url=f"{public_url}/room/{room_id}",
            ).text(code)
        )
    lines += ["", msg("web.digest.mail.off", url=f"{public_url}/me").text(code)]
    mail = EmailMessage()
    mail["From"] = smtp.sender
    mail["To"] = to
    mail["Subject"] = msg("web.digest.mail.subject", count=len(games)).text(code)
    mail.set_content("\n".join(lines))
    return mail
