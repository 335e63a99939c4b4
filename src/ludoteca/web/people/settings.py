"""How the host set up people's sign-in: the public address and the mail server.

``--public-url`` (``LUDOTECA_PUBLIC_URL``) is the address people open, ``https://host``:
passkeys are bound to its host name (the WebAuthn relying party id) and origin, and
e-mailed links point at it. Without it, each request's own origin is used (fine for one
host name, as on a home network). ``--smtp`` (``LUDOTECA_SMTP``) is the mail server for
sign-in links, as a URL: ``smtp://user:password@host:587?from=ludoteca@example.org``
(STARTTLS, required), ``smtps://...:465`` (TLS from the start), or
``smtp://host:25?security=none`` (a local relay). Without it no link is sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

SECURITIES = ("starttls", "tls", "none")


@dataclass(frozen=True, slots=True)
class SmtpSettings:
    """A mail server: where, who, and how the connection is secured.

    Attributes:
        host: Its host name.
        port: Its port.
        user: Login ("" : none).
        password: Login's password.
        sender: The ``From`` address.
        security: ``starttls`` (upgrade when offered), ``tls`` (from the start) or ``none``.
    """

    host: str
    port: int
    user: str = ""
    password: str = ""
    sender: str = "ludoteca@localhost"
    security: str = "starttls"


@dataclass(frozen=True, slots=True)
class PeopleSettings:
    """People's sign-in settings.

    Attributes:
        public_url: ``https://host[:port]`` people open ("" : each request's own origin).
        smtp: The mail server for sign-in links (None: no links by e-mail).
        link_minutes: How long an e-mailed link works.
    """

    public_url: str = ""
    smtp: SmtpSettings | None = None
    link_minutes: int = 15


def parse_public_url(text: str) -> str:
    """``https://host[:port]`` (no path, no slash at the end), lower case.

    Raises:
        ValueError: If ``text`` is not an http(s) address of a host.
    """
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        raise ValueError(text)
    return f"{parts.scheme}://{parts.netloc}".lower()


def parse_smtp(text: str) -> SmtpSettings:
    """An SMTP URL as :class:`SmtpSettings` (see the module's docstring).

    Raises:
        ValueError: If ``text`` is not such a URL.
    """
    parts = urlsplit(text.strip())
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError(text)
    query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    security = query.get("security", "tls" if parts.scheme == "smtps" else "starttls")
    if security not in SECURITIES:
        raise ValueError(text)
    try:
        port = parts.port or (465 if security == "tls" else 587)
    except ValueError:
        raise ValueError(text) from None
    return SmtpSettings(
        host=parts.hostname,
        port=port,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        sender=query.get("from", f"ludoteca@{parts.hostname}"),
        security=security,
    )
