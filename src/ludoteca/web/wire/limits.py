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
            address_sockets=1 << 30,
        )


UNLIMITED = 1e12
"""A rate (and burst) no client reaches: ``Limits.lifted``."""

RATE_FIELDS = ("frames", "address_frames", "chat", "address_chat", "rooms")
"""The :class:`Limits` fields written ``RATE/BURST`` (``ludoteca serve`` flags)."""


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
    ``idle_seconds``, ``max_body``, ``address_sockets``).

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
        if not math.isfinite(number) or number <= 0 or (name != "idle_seconds" and number < 1):
            raise ValueError(name)
        whole = name in ("max_pending", "max_body", "address_sockets")
        changes[name] = int(number) if whole else float(number)
    return dataclasses.replace(limits, **changes)  # type: ignore[arg-type]


class Meter:
    """Every address's buckets (frames, chat, rooms), forgotten after a quiet minute.

    Args:
        limits: The bounds.
    """

    FORGET_AFTER = 60.0

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._addresses: dict[str, dict[str, Bucket]] = {}
        self._swept = time.monotonic()

    def take(self, address: str, kind: str) -> bool:
        """Spend one of ``address``'s ``kind`` (``frames``, ``chat`` or ``rooms``)."""
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
