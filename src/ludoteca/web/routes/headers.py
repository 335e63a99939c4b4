"""The security headers every HTTP answer carries (pages, API, static files, errors).

The page loads only its own scripts, style sheets and sockets (its icon is a ``data:``
image), so its Content-Security-Policy allows only the site itself (and ``style``
attributes); no other site may frame it
(``frame-ancestors 'none'`` and ``X-Frame-Options``: a framed table could be clicked into
handing a seat to a bot), browsers may not guess a file's type (``nosniff``), and a link
followed from a room does not carry the room's address to another site
(``Referrer-Policy``). Lichess sends the same set.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
    " style-src-elem 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:;"
    " font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none';"
    " form-action 'self'; frame-ancestors 'none'"
)
"""Scripts and style sheets from the site only; ``style`` attributes are allowed (the
boards place pieces with them; an attribute cannot run code). ``style-src`` is for
browsers before CSP level 3, which do not know ``style-src-elem``/``-attr``."""
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


class SecurityHeaders:
    """ASGI middleware: :data:`HEADERS` added to every HTTP answer (WebSockets untouched).

    Args:
        app: The application it wraps.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve ``scope``, adding the headers to an HTTP answer's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)
