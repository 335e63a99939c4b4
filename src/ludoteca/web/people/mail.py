"""Sign-in links by e-mail: made, sent, and spent once.

A link carries a random token (``secrets.token_urlsafe``, 256 bits) in its fragment
(``/me#link=...``), so it never reaches a server log or a ``Referer``; the page posts it
back (``POST /api/me/link``). Only its SHA-256 is stored, with its expiry; spending it
deletes it in the same transaction (``PeopleStore.use_link``). The mail goes through the
host's SMTP server (``people.settings``) with the standard library's ``smtplib``.
"""

from __future__ import annotations

import secrets
import smtplib
import ssl
from email.message import EmailMessage

from ludoteca.engine.i18n import Lang, msg
from ludoteca.web.people.profiles import Person, Profiles, hash_secret, now_ms
from ludoteca.web.people.settings import PeopleSettings, SmtpSettings

SMTP_SECONDS = 20.0
"""How long a mail server may take to answer."""


def new_link(profiles: Profiles, person: Person, minutes: int) -> str:
    """A new sign-in token for ``person`` (stored as its hash, good for ``minutes``)."""
    token = secrets.token_urlsafe(32)
    profiles.rows.add_link(person.id, hash_secret(token), now_ms() + minutes * 60_000)
    return token


def use_link(profiles: Profiles, token: str) -> Person | None:
    """Spend a sign-in token: its person (None if unknown, used or expired)."""
    if not 0 < len(token) <= 128:
        return None
    person_id = profiles.rows.use_link(hash_secret(token), now_ms())
    return None if person_id is None else profiles.person(person_id)


def link_mail(smtp: SmtpSettings, person: Person, link: str, minutes: int) -> EmailMessage:
    """The mail that carries a sign-in link, in the person's language."""
    lang: Lang = "es" if person.lang == "es" else "en"
    mail = EmailMessage()
    mail["From"] = smtp.sender
    mail["To"] = person.email
    mail["Subject"] = msg("web.people.mail_subject").text(lang)
    mail.set_content(
        msg("web.people.mail_body", name=person.name, link=link, minutes=minutes).text(lang)
    )
    return mail


def send(smtp: SmtpSettings, mail: EmailMessage) -> None:
    """Send ``mail`` through the host's SMTP server (blocking: call it in a thread).

    Raises:
        OSError: The server cannot be reached or refused the mail (``smtplib`` errors
            are ``OSError``).
    """
    context = ssl.create_default_context()
    client: smtplib.SMTP
    if smtp.security == "tls":
        client = smtplib.SMTP_SSL(smtp.host, smtp.port, timeout=SMTP_SECONDS, context=context)
    else:
        client = smtplib.SMTP(smtp.host, smtp.port, timeout=SMTP_SECONDS)
    with client:
        if smtp.security == "starttls":  # required: a password never crosses in clear
            client.starttls(context=context)
        if smtp.user:
            client.login(smtp.user, smtp.password)
        client.send_message(mail)


def send_link(settings: PeopleSettings, profiles: Profiles, person: Person, base: str) -> None:
    """Make a sign-in link for ``person`` and mail it to their address (in a thread).

    Args:
        settings: The host's settings (its SMTP server must be set).
        profiles: The people.
        person: Who signs in (their ``email`` is set).
        base: The site's address the link starts with (``https://host``).

    Raises:
        OSError: The mail could not be sent.
    """
    assert settings.smtp is not None
    token = new_link(profiles, person, settings.link_minutes)
    link = f"{base}/me#link={token}"
    send(settings.smtp, link_mail(settings.smtp, person, link, settings.link_minutes))
