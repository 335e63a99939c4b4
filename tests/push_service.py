"""A local Web Push service for the tests: it decrypts what it receives.

It plays both sides a browser's push service plays: it makes a subscription (an RFC 8030
endpoint on a free loopback port, and the subscriber's P-256 key and auth secret of RFC
8291, which a browser would keep), and it accepts the server's pushes on that endpoint,
checks their VAPID signature (RFC 8292: ES256 over the JWT, ``aud`` the endpoint's origin,
``exp`` ahead) and decrypts the aes128gcm body (RFC 8188) with ``http_ece``, keeping the
plaintext, the TTL and the urgency. A test waits for what it expects with :meth:`wait`.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    """base64url without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    """base64url, padding optional."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Received:
    """One push the service accepted and decrypted."""

    name: str
    ttl: int
    urgency: str
    size: int
    payload: dict[str, Any]


@dataclass
class _Subscriber:
    key: ec.EllipticCurvePrivateKey
    auth: bytes


def check_vapid(header: str, origin: str) -> None:
    """Check a ``vapid t=<jwt>, k=<key>`` Authorization header (RFC 8292).

    Raises:
        ValueError: A malformed header, a bad claim or a signature that does not verify.
    """
    scheme, _, rest = header.partition(" ")
    if scheme.lower() != "vapid":
        raise ValueError(f"not a vapid authorization: {header[:40]}")
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    token, key = fields["t"], fields["k"]
    head, body, signature = token.split(".")
    claims = json.loads(unb64url(body))
    if claims.get("aud") != origin:
        raise ValueError(f"aud {claims.get('aud')} is not {origin}")
    if not claims.get("sub") or int(claims.get("exp", 0)) <= time.time():
        raise ValueError(f"bad claims {claims}")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise ValueError("the VAPID signature does not verify") from None


class PushService:
    """The service on ``http://127.0.0.1:<port>/push/<name>``; use as a context manager."""

    def __init__(self) -> None:
        self.subscribers: dict[str, _Subscriber] = {}
        self.received: list[Received] = []
        self.refused: list[str] = []
        self.gone: set[str] = set()
        """Subscriptions the service answers 410 Gone (the browser dropped them)."""
        self._changed = threading.Condition()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                service._accept(self)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.http.server_address[1]
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def __enter__(self) -> PushService:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.shutdown()
        self.http.server_close()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def subscription(self, name: str) -> dict[str, Any]:
        """A new subscription, as a browser's ``PushSubscription.toJSON()``."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        self.subscribers[name] = _Subscriber(key, auth)
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": f"{self.origin}/push/{name}",
            "keys": {"p256dh": b64url(public), "auth": b64url(auth)},
        }

    def _accept(self, request: BaseHTTPRequestHandler) -> None:
        name = request.path.rsplit("/", 1)[-1]
        body = request.rfile.read(int(request.headers.get("Content-Length", "0")))
        if name in self.gone:
            with self._changed:
                self.refused.append(f"{name}: gone")
                self._changed.notify_all()
            request.send_response(410)
            request.end_headers()
            return
        try:
            subscriber = self.subscribers[name]
            check_vapid(request.headers.get("Authorization", ""), self.origin)
            if request.headers.get("Content-Encoding") != "aes128gcm":
                raise ValueError(f"encoding {request.headers.get('Content-Encoding')}")
            plain = http_ece.decrypt(
                body, private_key=subscriber.key, auth_secret=subscriber.auth, version="aes128gcm"
            )
            got = Received(
                name,
                int(request.headers.get("TTL", "-1")),
                request.headers.get("Urgency", ""),
                len(plain),
                json.loads(plain),
            )
        except (KeyError, ValueError) as error:
            with self._changed:
                self.refused.append(f"{name}: {error}")
                self._changed.notify_all()
            request.send_response(400)
            request.end_headers()
            return
        with self._changed:
            self.received.append(got)
            self._changed.notify_all()
        request.send_response(201)
        request.end_headers()

    def wait(
        self,
        name: str | tuple[str, ...],
        test: Callable[[Received], bool] = lambda r: True,
        timeout: float = 20,
    ) -> Received:
        """The first push to ``name`` (or any of several names), not yet taken, that
        passes ``test``, taken.
        """
        names = (name,) if isinstance(name, str) else name
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for got in self.received:
                    if got.name in names and test(got):
                        self.received.remove(got)
                        return got
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(
                        f"no push to {name}; got {self.received}, refused {self.refused}"
                    )
                self._changed.wait(left)

    def pushes(self, name: str) -> list[Received]:
        """The pushes to ``name`` received and not taken."""
        with self._changed:
            return [got for got in self.received if got.name == name]
