"""The socket layer's defences: what uvicorn is told before a request reaches the app.

:func:`uvicorn_options` gives the ``uvicorn.Config`` settings every ``ludoteca serve`` (one
process or each worker) and the tests' servers run with:

- **message size** (``Limits.ws_max_size``): the WebSocket library refuses a larger message
  as it arrives, after decompression too (permessage-deflate stays on: the library inflates
  at most that much and closes the socket with 1009), so a 16 KB compressed "bomb" never
  becomes 16 MiB on the event loop (uvicorn's default limit is 16 MiB);
- **forwarded headers** (``X-Forwarded-For``/``-Proto``) are believed only from the proxies
  named by ``--forwarded-allow-ips`` (uvicorn believes 127.0.0.1 by default: any local
  process could then claim any address and dodge every per-address limit);
- **unfinished requests and idle connections**: a connection that has not sent a whole
  request's headers within ``Limits.header_seconds`` (the first request, or the next one
  after a keep-alive answer) is closed; an answered keep-alive connection is closed after
  uvicorn's 5 s;
- **connections per address**: past ``Limits.connections_cap`` open connections of one
  address (HTTP and WebSocket alike), a new one is closed as soon as it is accepted, so one
  address cannot take every file descriptor of the process;
- **invalid UTF-8 in a text frame** closes the socket with 1007 and one warning line in
  the log (uvicorn logged a traceback for it);
- **strikes**: every socket the WebSocket layer closes for a protocol violation (1009
  too big, 1007 not UTF-8, a malformed frame) is a strike against its address; an address
  with :data:`STRIKES` strikes not yet forgiven (one a second) has its new connections
  closed as accepted, so a bomber reconnecting in a loop costs the server an accept, not a
  handshake and an inflation each time (fail2ban's answer, inside the server).

The caps count the TCP peer: behind a trusted proxy (``--forwarded-allow-ips``) every user
arrives from the proxy's address, so the proxy's connections are not capped here (the
proxy bounds its clients; the app's per-address limits then use the forwarded address).
"""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import logging
import time
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from ludoteca.web.wire.limits import Limits

log = logging.getLogger("ludoteca.web")

KEEP_ALIVE_SECONDS = 5
"""How long an answered keep-alive connection may wait for its next request (uvicorn's)."""
STRIKES = 10
"""Protocol violations an address may have on record before its connections are refused."""
FORGIVE_PER_SECOND = 1.0
"""How fast an address's strikes are forgotten."""


class Connections:
    """The open TCP connections of each address, and the proxies left uncounted.

    Args:
        cap: Most connections one address may hold at once.
        trusted: Addresses (or networks, ``10.0.0.0/8``) whose connections are not counted:
            the proxies of ``--forwarded-allow-ips`` (``*``: every address).
    """

    def __init__(self, cap: int, trusted: str | None = None) -> None:
        self.cap = cap
        self._open: collections.defaultdict[str, set[asyncio.BaseTransport]] = (
            collections.defaultdict(set)
        )
        self._strikes: dict[str, tuple[float, float]] = {}
        """Each struck address's strikes and when they were last counted."""
        self._trust_all = False
        self._trusted_hosts: set[str] = set()
        self._trusted_nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for part in (trusted or "").split(","):
            item = part.strip()
            if item == "*":
                self._trust_all = True
            elif item:
                try:
                    self._trusted_nets.append(ipaddress.ip_network(item, strict=False))
                except ValueError:
                    self._trusted_hosts.add(item)  # a Unix socket path or a host name

    def trusted(self, host: str) -> bool:
        """Whether ``host`` is a trusted proxy (its connections are not counted)."""
        if self._trust_all or host in self._trusted_hosts:
            return True
        if not self._trusted_nets:
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in net for net in self._trusted_nets)

    def strike(self, host: str) -> None:
        """One protocol violation of ``host`` (a socket closed for it)."""
        if self.trusted(host):
            return
        if len(self._strikes) > 10_000:
            now = time.monotonic()
            self._strikes = {h: v for h, v in self._strikes.items() if self._left(v, now) > 0}
        self._strikes[host] = (
            self._left(self._strikes.get(host), time.monotonic()) + 1,
            time.monotonic(),
        )

    @staticmethod
    def _left(record: tuple[float, float] | None, now: float) -> float:
        if record is None:
            return 0.0
        count, at = record
        return max(0.0, count - (now - at) * FORGIVE_PER_SECOND)

    def enter(self, host: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` as one of ``host``'s; False (not counted) past the cap, or
        while ``host`` has :data:`STRIKES` strikes on record. Closed connections are
        forgotten as the address opens new ones.
        """
        if self.trusted(host):
            return True
        record = self._strikes.get(host)
        if record is not None:
            left = self._left(record, time.monotonic())
            if left >= STRIKES:
                return False
            if left == 0:
                del self._strikes[host]
        held = self._open[host]
        if len(held) >= self.cap:
            for gone in [t for t in held if t.is_closing()]:
                held.discard(gone)
            if len(held) >= self.cap:
                return False
        held.add(transport)
        return True

    def leave(self, host: str, transport: asyncio.BaseTransport) -> None:
        """``transport`` closed."""
        held = self._open.get(host)
        if held is not None:
            held.discard(transport)
            if not held:
                del self._open[host]

    def count(self, host: str) -> int:
        """The connections ``host`` holds now (closed ones not yet forgotten included)."""
        held = self._open.get(host)
        return 0 if held is None else len(held)


def _peer_host(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    if isinstance(peer, tuple | list) and peer:
        return str(peer[0])
    return str(peer or "")


def guarded_http(connections: Connections, header_seconds: float) -> type[asyncio.Protocol]:
    """Uvicorn's HTTP protocol with the per-address cap and the header timeout."""

    class GuardedHttp(HttpToolsProtocol):
        """:class:`HttpToolsProtocol` that counts its connection and times its headers."""

        _host = ""
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self._host = _peer_host(transport)
            if not connections.enter(self._host, transport):
                transport.abort()  # no answer: an answer would cost what the cap saves
                return
            super().connection_made(transport)
            self._arm_header_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            transport = getattr(self, "transport", None)
            if transport is None:  # refused at the cap: uvicorn never saw it
                return
            connections.leave(self._host, transport)
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm_header_timer()

        def _arm_header_timer(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            waiting_for = self.cycle  # the request answered last (None: none yet)
            self._header_timer = self.loop.call_later(
                header_seconds, self._headers_late, waiting_for
            )

        def _headers_late(self, answered: object) -> None:
            """Close the connection if no request's headers came since ``answered``'s
            answer (a WebSocket it became is not this protocol's any more).
            """
            self._header_timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return
            if self.cycle is answered and (answered is None or self.cycle.response_complete):
                transport.close()

    return GuardedHttp


def guarded_websocket(connections: Connections) -> type[asyncio.Protocol]:
    """Uvicorn's WebSocket protocol that closes an invalid UTF-8 text frame with 1007 and
    one log line, and leaves the per-address count when its connection ends.
    """

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """:class:`WebSocketsSansIOProtocol` without the traceback for bad text."""

        def connection_lost(self, exc: Exception | None) -> None:
            transport = getattr(self, "transport", None)
            if transport is not None:
                connections.leave(_peer_host(transport), transport)
            super().connection_lost(exc)

        def handle_parser_exception(self) -> None:
            transport = getattr(self, "transport", None)
            if transport is not None:
                connections.strike(_peer_host(transport))
            super().handle_parser_exception()

        def send_receive_event_to_app(self) -> None:
            if self.curr_msg_data_type == "text" and not self.close_sent:
                data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
                try:
                    data.decode()
                except UnicodeDecodeError:
                    self.frames = []
                    log.warning("a WebSocket text frame was not UTF-8: closed with 1007")
                    self.conn.send_close(1007)
                    self.handle_parser_exception()
                    return
            super().send_receive_event_to_app()

    return GuardedWebSocket


def uvicorn_options(limits: Limits, forwarded_allow_ips: str | None = None) -> dict[str, Any]:
    """The ``uvicorn.Config`` settings of the socket layer (see the module's docstring).

    Args:
        limits: The sizes, timeouts and caps (``Limits``).
        forwarded_allow_ips: The proxies whose forwarded headers are believed
            (comma-separated addresses or networks, ``*`` for any); None: no one's.
    """
    connections = Connections(limits.connections_cap, forwarded_allow_ips)
    trusted = bool(forwarded_allow_ips and forwarded_allow_ips.strip())
    return {
        "http": guarded_http(connections, limits.header_seconds),
        "ws": guarded_websocket(connections),
        "ws_max_size": limits.ws_max_size,
        "ws_per_message_deflate": True,
        "proxy_headers": trusted,
        "forwarded_allow_ips": forwarded_allow_ips if trusted else "",
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "server_header": False,
    }
