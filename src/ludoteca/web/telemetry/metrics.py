"""Prometheus metrics of one server process, with ``prometheus_client``.

The rooms update two instruments per accepted move (:data:`ACTIONS` counts it,
:data:`ACTION_SECONDS` observes how long a person's move took from its message to its
broadcast) and one per store write (:data:`STORE_WRITE_SECONDS`, from the room's
submission to the writer thread until the commit); these are a counter increment and a
histogram observation, nothing more on the hot path. Rooms and sockets are counted only
when scraped, by the watchers the app registers (:func:`watch`).

Who may read ``/metrics`` is :class:`MetricsAccess`: nobody (the default), everyone, a list
of addresses and networks, and/or anyone reaching a port of its own that serves nothing
else (:func:`only_metrics_on`). The p99 of a move is
``histogram_quantile(0.99, rate(ludoteca_action_seconds_bucket[5m]))``.
"""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from prometheus_client import REGISTRY, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.registry import Collector

_LATENCY_BUCKETS = (
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
)  # fmt: skip
"""Seconds: the load bench's bound (50 ms) falls between two buckets' edges."""

ACTIONS = Counter(
    "ludoteca_actions", "Moves applied and stored (people's and bots'; chance draws not).", ["by"]
)
PERSON_ACTIONS = ACTIONS.labels("person")
BOT_ACTIONS = ACTIONS.labels("bot")
ACTION_SECONDS = Histogram(
    "ludoteca_action_seconds",
    "A person's move: from its message to its answer (stored and broadcast, or refused),"
    " waiting for the room included.",
    buckets=_LATENCY_BUCKETS,
)
STORE_WRITE_SECONDS = Histogram(
    "ludoteca_store_write_seconds",
    "A room's write (moves, seats, chat, games): from its hand-over to the store's writer"
    " thread until committed.",
    buckets=_LATENCY_BUCKETS,
)

RoomCounts = Callable[[], Iterable[tuple[str, int]]]
"""A watcher: each room held now as ``(status, open sockets)``."""


class _Rooms(Collector):
    """``ludoteca_rooms{status}`` and ``ludoteca_sockets``, counted when scraped."""

    def __init__(self) -> None:
        self._watchers: list[RoomCounts] = []
        self._lock = threading.Lock()

    def add(self, watcher: RoomCounts) -> None:
        with self._lock:
            self._watchers.append(watcher)

    def remove(self, watcher: RoomCounts) -> None:
        with self._lock:
            if watcher in self._watchers:
                self._watchers.remove(watcher)

    def collect(self) -> Iterator[GaugeMetricFamily]:
        rooms: dict[str, int] = {"lobby": 0, "playing": 0, "finished": 0}
        sockets = 0
        with self._lock:
            watchers = list(self._watchers)
        for watcher in watchers:
            for status, open_sockets in watcher():
                rooms[status] = rooms.get(status, 0) + 1
                sockets += open_sockets
        family = GaugeMetricFamily(
            "ludoteca_rooms", "Rooms in this process's memory, by status.", labels=["status"]
        )
        for status, count in sorted(rooms.items()):
            family.add_metric([status], count)
        yield family
        yield GaugeMetricFamily(
            "ludoteca_sockets", "Room WebSockets open in this process.", value=sockets
        )

    def describe(self) -> Iterator[GaugeMetricFamily]:
        yield GaugeMetricFamily("ludoteca_rooms", "", labels=["status"])
        yield GaugeMetricFamily("ludoteca_sockets", "")


_ROOMS = _Rooms()
REGISTRY.register(_ROOMS)


def watch(watcher: RoomCounts) -> Callable[[], None]:
    """Count the rooms ``watcher`` lists at every scrape; returns what stops it.

    ``watcher`` runs on the thread that scrapes: the event loop's for ``/metrics``.
    """
    _ROOMS.add(watcher)
    return lambda: _ROOMS.remove(watcher)


def exposition() -> tuple[bytes, str]:
    """Every metric of this process in Prometheus's text format, and its content type."""
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class MetricsAccess:
    """Who may read ``/metrics``.

    Attributes:
        everyone: Any client of the table's port.
        networks: Clients of the table's port with an address in one of these.
        port: A port of its own (``--metrics-listen``): anyone reaching it may read
            ``/metrics`` there, and nothing else is served on it.
    """

    everyone: bool = False
    networks: tuple[Network, ...] = ()
    port: int | None = None

    @classmethod
    def parse(cls, text: str, port: int | None = None) -> MetricsAccess:
        """``--metrics``: ``off``, ``on`` or comma-separated addresses and networks.

        Raises:
            ValueError: If ``text`` is none of these.
        """
        words = [word.strip() for word in text.split(",") if word.strip()]
        if words in (["off"], []):
            return cls(port=port)
        if words == ["on"]:
            return cls(everyone=True, port=port)
        networks = tuple(ipaddress.ip_network(word, strict=False) for word in words)
        return cls(networks=networks, port=port)

    @property
    def off(self) -> bool:
        """Nobody may read ``/metrics`` anywhere."""
        return not self.everyone and not self.networks and self.port is None

    def allows(self, client: str | None, local_port: int | None) -> bool:
        """Whether a request from ``client`` reaching ``local_port`` may read the metrics."""
        if self.port is not None and local_port == self.port:
            return True
        if self.everyone:
            return True
        if not self.networks or client is None:
            return False
        try:
            address = ipaddress.ip_address(client)
        except ValueError:
            return False
        return any(address in network for network in self.networks)


def only_metrics_on(port: int, app: Any) -> Any:
    """The ASGI ``app`` with every request reaching ``port`` answered 404 but ``/metrics``:
    the metrics port serves nothing of the table.
    """

    async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
        server = scope.get("server")
        on_port = scope["type"] in ("http", "websocket") and server and server[1] == port
        if on_port and not (scope["type"] == "http" and scope.get("path") == "/metrics"):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await send(
                {
                    "type": "http.response.start",
                    "status": 404,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8")],
                }
            )
            await send({"type": "http.response.body", "body": b"Not Found"})
            return
        await app(scope, receive, send)

    return guarded
