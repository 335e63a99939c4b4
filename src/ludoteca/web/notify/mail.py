"""E-mail notices through the host's SMTP server (``smtplib``), where one is configured.

The settings are read from the environment, like every setting of ``ludoteca serve``
(docs/hosting.md): ``LUDOTECA_SMTP_HOST`` (none: no mail), ``LUDOTECA_SMTP_PORT`` (25),
``LUDOTECA_SMTP_FROM``, ``LUDOTECA_SMTP_USER`` and ``LUDOTECA_SMTP_PASSWORD`` (login, only
over TLS), ``LUDOTECA_SMTP_TLS`` (``starttls``, ``tls`` or ``none``), and
``LUDOTECA_PUBLIC_URL``, the address people open (links in the mails).
"""

from __future__ import annotations

import os
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid


@dataclass(frozen=True, slots=True)
class MailSettings:
    """Where mail goes out.

    Attributes:
        host: The SMTP server.
        port: Its port.
        sender: The ``From`` address.
        user: Login (with ``password``), or "" for none.
        password: Its password.
        tls: ``starttls``, ``tls`` (SMTPS) or ``none``.
        public_url: The site's address for links (``https://games.example.org``).
    """

    host: str
    port: int = 25
    sender: str = "ludoteca@localhost"
    user: str = ""
    password: str = ""
    tls: str = "none"
    public_url: str = "http://127.0.0.1:8000"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> MailSettings | None:
        """The settings in the environment (None without ``LUDOTECA_SMTP_HOST``)."""
        env = dict(os.environ) if env is None else env
        host = env.get("LUDOTECA_SMTP_HOST", "")
        if not host:
            return None
        port = env.get("LUDOTECA_SMTP_PORT", "25")
        return cls(
            host,
            int(port) if port.isdigit() else 25,
            env.get("LUDOTECA_SMTP_FROM", "ludoteca@localhost"),
            env.get("LUDOTECA_SMTP_USER", ""),
            env.get("LUDOTECA_SMTP_PASSWORD", ""),
            env.get("LUDOTECA_SMTP_TLS", "none"),
            env.get("LUDOTECA_PUBLIC_URL", "http://127.0.0.1:8000").rstrip("/"),
        )


def send_mail(settings: MailSettings, to: str, subject: str, body: str) -> None:
    """Send one plain-text mail (blocking: call it off the event loop).

    Raises:
        OSError: The server could not be reached.
        smtplib.SMTPException: It refused the mail.
    """
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain="ludoteca")
    message.set_content(body)
    context = ssl.create_default_context()
    if settings.tls == "tls":
        with smtplib.SMTP_SSL(settings.host, settings.port, timeout=10, context=context) as smtp:
            _login_and_send(smtp, settings, message)
        return
    with smtplib.SMTP(settings.host, settings.port, timeout=10) as smtp:
        if settings.tls == "starttls":
            smtp.starttls(context=context)
        _login_and_send(smtp, settings, message)


def _login_and_send(smtp: smtplib.SMTP, settings: MailSettings, message: EmailMessage) -> None:
    if settings.user:
        smtp.login(settings.user, settings.password)
    smtp.send_message(message)
