"""How much one socket and one address may ask of the server (``docs/protocol.md``,
"Limits").

A :class:`Bucket` is a token bucket: ``burst`` requests at once, then ``rate`` a second.
:class:`Limits` holds the bounds; :class:`Meter` keeps the buckets of one address (shared by
its sockets and its HTTP requests) for as long as the address was seen recently.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(slots=True)
class Bucket:
    """A token bucket (``burst`` at once, refilled at ``rate`` a second)."""

    rate: float
    burst: float
    tokens: float = 0.0
    at: float = 0.0

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.at = time.monotonic()

    def take(self, now: float | None = None) -> bool:
        """Spend one token; False (nothing spent) if none is left."""
        self._refill(time.monotonic() if now is None else now)
        if self.tokens < 1 - 1e-9:  # a whole token, give or take the float error of refills
            return False
        self.tokens -= 1
        return True

    def wait(self, now: float | None = None) -> float:
        """Spend one token, owed if need be: the seconds to wait before using it."""
        self._refill(time.monotonic() if now is None else now)
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's bounds. Rates are per second; bursts are what may come at once.

    Attributes:
        max_pending: Frames queued for one socket before it counts as not reading: it is
            closed (code 1013) and leaves its room.
        frames: Frames one socket may send (rate, burst). Past it the server reads that
            socket's next frame only when its time comes: nothing is lost, the sender is
            slowed (TCP holds the rest) and the other sockets are not.
        address_frames: The same for all sockets of one address together.
        chat: Chat lines one socket may send; past it a line is refused (``rate_limited``).
        address_chat: The same for all sockets of one address together.
        rooms: Rooms one address may create; past it ``POST /api/rooms`` answers 429.
        max_body: Largest HTTP request body, in bytes.
        idle_seconds: A room no socket has been open on for this long leaves memory (its
            records stay in the store and it is read again when asked for).
        address_sockets: WebSockets one address may hold open at once; past it a new one
            is answered ``error too_many_sockets`` and closed (code 1008).
        seats: Seat changes one socket may ask for (``sit``, ``bot``, ``unbot``, ``leave``,
            and a ``hello`` that reclaims a seat); past it ``rate_limited``. Every change is
            broadcast to the whole room, so it is bounded like chat.
        address_seats: The same for all sockets of one address together.
        hints: Hints one socket may ask for; past it ``rate_limited``.
        langs: Language switches one socket may ask for; past it ``rate_limited``.
        ws_max_size: Largest WebSocket message, in bytes, after decompression: checked by
            the socket layer as the message arrives (a larger one closes the socket with
            1009 before it is inflated further).
        header_seconds: Time a connection has to send a request's headers (the first, or
            the next after a keep-alive answer); else it is closed.
        address_connections: TCP connections (HTTP and WebSocket) one address may hold at
            once (at least ``address_sockets`` + 64); past it a new one is closed at once.
            A trusted proxy's connections are not counted (``--forwarded-allow-ips``).
        seat_grace: Seconds after a person's connection dropped before another player may
            hand their seat to a bot (the person may come back meanwhile).
        db_seconds: Connect and statement timeout of the store, in seconds.
        room_days: Days after its creation that a room's tokens (its seats' and its
            creator's) stop working, unless a game is in progress there: the room is
            over, its records stay to be watched and replayed.
        sign_in: Sign-in attempts one address may make (an e-mailed link asked for or
            used, a passkey ceremony begun or finished); past it 429.
    """

    max_pending: int = 1000
    frames: tuple[float, float] = (100.0, 200.0)
    address_frames: tuple[float, float] = (2000.0, 4000.0)
    chat: tuple[float, float] = (2.0, 10.0)
    address_chat: tuple[float, float] = (20.0, 60.0)
    rooms: tuple[float, float] = (2.0, 120.0)
    max_body: int = 64 * 1024
    idle_seconds: float = 600.0
    address_sockets: int = 256
    seats: tuple[float, float] = (2.0, 10.0)
    address_seats: tuple[float, float] = (10.0, 40.0)
    hints: tuple[float, float] = (1.0, 5.0)
    langs: tuple[float, float] = (1.0, 5.0)
    ws_max_size: int = 32 * 1024
    header_seconds: float = 10.0
    address_connections: int = 512
    seat_grace: float = 30.0
    db_seconds: float = 5.0
    room_days: float = 30.0
    sign_in: tuple[float, float] = (0.2, 10.0)

    @property
    def connections_cap(self) -> int:
        """The connections one address may hold: ``address_connections``, but never fewer
        than its WebSockets and a few requests beside them.
        """
        return max(self.address_connections, self.address_sockets + 64)

    def bucket(self, pair: tuple[float, float]) -> Bucket:
        """A full bucket of ``(rate, burst)``."""
        return Bucket(pair[0], pair[1])

    def lifted(self) -> Limits:
        """These limits without their rates and the per-address socket cap (benchmarks: one
        address opens every room and plays every seat). Sizes and the queue bound stay.
        """
        off = (UNLIMITED, UNLIMITED)
        return dataclasses.replace(
            self,
            frames=off,
            address_frames=off,
            chat=off,
            address_chat=off,
            rooms=off,
            seats=off,
            address_seats=off,
            hints=off,
            langs=off,
            sign_in=off,
            address_sockets=1 << 30,
            address_connections=1 << 30,
        )


class SocketRates:
    """One socket's own buckets: chat lines, seat changes, hints and language switches.

    Args:
        limits: The bounds.
    """

    __slots__ = ("chat", "hints", "langs", "seats")

    def __init__(self, limits: Limits) -> None:
        self.chat = limits.bucket(limits.chat)
        self.seats = limits.bucket(limits.seats)
        self.hints = limits.bucket(limits.hints)
        self.langs = limits.bucket(limits.langs)


UNLIMITED = 1e12
"""A rate (and burst) no client reaches: ``Limits.lifted``."""

RATE_FIELDS = (
    "frames",
    "address_frames",
    "chat",
    "address_chat",
    "rooms",
    "seats",
    "address_seats",
    "hints",
    "langs",
)
"""The :class:`Limits` fields written ``RATE/BURST`` (``ludoteca serve`` flags)."""


WHOLE_FIELDS = ("max_pending", "max_body", "address_sockets", "ws_max_size", "address_connections")
"""The :class:`Limits` numbers that are whole (the others are seconds)."""
MIN_WS_MAX_SIZE = 16 * 1024
"""The smallest ``ws_max_size``: every message the protocol accepts (``protocol.MAX_FRAME``)."""


def parse_rate(text: str) -> tuple[float, float]:
    """``RATE/BURST`` as a pair: ``"2/10"`` is 2 a second, 10 at once.

    Raises:
        ValueError: Not two positive finite numbers with a ``/`` between them.
    """
    rate_text, slash, burst_text = text.partition("/")
    if not slash or len(text) > 40:
        raise ValueError(text)
    rate, burst = float(rate_text), float(burst_text)
    if not (math.isfinite(rate) and math.isfinite(burst) and rate > 0 and burst >= 1):
        raise ValueError(text)
    return rate, burst


def from_flags(
    base: Limits, *, lifted: bool, rates: Mapping[str, str | None], **numbers: float | None
) -> Limits:
    """``base`` with what ``ludoteca serve`` was told: rates lifted, then each rate given as
    ``RATE/BURST`` (``RATE_FIELDS``), then each number given (``max_pending``,
    ``idle_seconds``, ``max_body``, ``address_sockets``, ``ws_max_size``,
    ``header_seconds``, ``address_connections``, ``seat_grace``, ``db_seconds``,
    ``room_days``).

    Raises:
        ValueError: The name of the first flag whose value is refused.
    """
    limits = base.lifted() if lifted else base
    changes: dict[str, object] = {}
    for name, text in rates.items():
        if text is None:
            continue
        try:
            changes[name] = parse_rate(text)
        except ValueError:
            raise ValueError(name) from None
    for name, number in numbers.items():
        if number is None:
            continue
        if not math.isfinite(number) or number < 0:
            raise ValueError(name)
        if (number == 0 and name != "seat_grace") or (name in WHOLE_FIELDS and number < 1):
            raise ValueError(name)
        if name == "ws_max_size" and number < MIN_WS_MAX_SIZE:
            raise ValueError(name)
        whole = name in WHOLE_FIELDS
        changes[name] = int(number) if whole else float(number)
    return dataclasses.replace(limits, **changes)  # type: ignore[arg-type]


class Meter:
    """Every address's buckets (frames, chat, rooms, seats), forgotten after a quiet minute.

    Args:
        limits: The bounds.
    """

    FORGET_AFTER = 60.0

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._addresses: dict[str, dict[str, Bucket]] = {}
        self._swept = time.monotonic()

    def take(self, address: str, kind: str) -> bool:
        """Spend one of ``address``'s ``kind`` (``frames``, ``chat``, ``rooms``, ``seats``
        or ``sign_in``).
        """
        return self._bucket(address, kind).take()

    def wait(self, address: str, kind: str) -> float:
        """Spend one of ``address``'s ``kind``, owed if need be: the seconds to wait."""
        return self._bucket(address, kind).wait()

    def _bucket(self, address: str, kind: str) -> Bucket:
        now = time.monotonic()
        if now - self._swept > self.FORGET_AFTER:
            self._sweep(now)
        buckets = self._addresses.setdefault(address, {})
        bucket = buckets.get(kind)
        if bucket is None:
            pairs = {
                "frames": self.limits.address_frames,
                "chat": self.limits.address_chat,
                "rooms": self.limits.rooms,
                "seats": self.limits.address_seats,
                "sign_in": self.limits.sign_in,
            }
            bucket = buckets[kind] = self.limits.bucket(pairs[kind])
        return bucket

    def _sweep(self, now: float) -> None:
        self._swept = now
        stale = [
            address
            for address, buckets in self._addresses.items()
            if all(now - b.at > self.FORGET_AFTER for b in buckets.values())
        ]
        for address in stale:
            del self._addresses[address]
