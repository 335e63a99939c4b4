"""One socket's clock, as the server estimates it: when a press on the page happened in
server time (``docs/protocol.md``, "Clock and press times").

Cristian's method (Cristian 1989) over the socket's pings, as NTP-like schemes and game
netcode do it: the page sends ``ping {t}`` with its own clock (``performance.now()``), the
server answers ``pong {t, s}`` with its own, and the page reports in its next ping when that
pong arrived (``ping {t, s, r}``). One exchange is a sample: its round trip ``r - t`` and
the server-minus-page offset ``s - (t + r) / 2``, true within half the round trip. A
:class:`ClockSync` keeps the last :data:`WINDOW` samples, as NTP's clock filter and
Beatsync keep their lowest-delay ones, and bounds the offset from both sides with each
direction's quickest trip of the window: every ping says it is at most ``s - t`` (its trip
up took some time) and every pong that it is at least ``s - r``; the offset is the middle of
the tightest pair and its error bound half their distance, never more than half the lowest
round trip. Taking each direction's minimum separately helps on a jittery link, where the
lowest-round-trip sample alone may owe its low round trip to one quick leg and carry the
other's lag into the offset (in the fairness bench, at equal press times, a 200 ms seat
won 13 of 40 races with the single sample and 19 of 40 with both sides).

A stamped press is then ``at + offset`` in server time, never earlier than its arrival
minus the socket's :attr:`ClockSync.reach` (the longest one-way trip its samples showed,
at most :data:`MAX_REACH_MS`): a forged early stamp counts as pressed at that limit, where
an honest press arriving then could have been, so it gains nothing over an honest one.
Nothing here reads a clock: the room passes the server's times (:func:`server_ms`).
"""

from __future__ import annotations

import collections
import math
import time
from dataclasses import dataclass

WINDOW = 16
"""Samples kept (a sliding window: the offset follows a drifting page clock)."""
MAX_REACH_MS = 300.0
"""The furthest back before its arrival a press may be placed, whatever the socket's
samples say: a page that lies about its clock gains at most this. Overwatch caps its
rewind at 250 ms and Half-Life's ``sv_maxunlag`` defaulted to 0.5 s; 300 ms covers an
honest 200 ms one-way link with its jitter (the fairness bench, ``bench/tools/buzz_fair``).
"""
SLACK_MS = 10.0
"""Added to the longest one-way trip seen: a press may travel a little slower than any
ping of the window did."""
MAX_RTT_MS = 10_000.0
"""A reported round trip longer than this is no clock sample (a page that slept)."""
PONGS_KEPT = 4
"""Pongs remembered until the page reports when they arrived."""

_EPOCH = time.monotonic()


def server_ms() -> float:
    """The server's clock for pongs and arrivals: monotonic ms since this process began."""
    return (time.monotonic() - _EPOCH) * 1000


def ms_of_monotonic(seconds: float) -> float:
    """A ``time.monotonic()`` reading on the :func:`server_ms` scale."""
    return (seconds - _EPOCH) * 1000


def monotonic_of(ms: float) -> float:
    """A :func:`server_ms` reading as ``time.monotonic()`` seconds."""
    return ms / 1000 + _EPOCH


class ReportError(ValueError):
    """A ping's report that no honest page sends (it received a pong before sending it)."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One ping's exchange: the page's send time ``t`` and receipt time ``r`` (page ms),
    the server's answer time ``s`` (server ms).
    """

    t: float
    s: float
    r: float

    @property
    def rtt(self) -> float:
        """The round trip, ms."""
        return self.r - self.t

    @property
    def offset(self) -> float:
        """Server minus page clock, ms (Cristian: the pong left half a round trip ago)."""
        return self.s - (self.t + self.r) / 2


@dataclass(frozen=True, slots=True)
class Stamp:
    """A press placed in server time.

    Attributes:
        at: Server ms of the press.
        error: ± ms of ``at`` (half the best sample's round trip; 0 for an arrival time).
        arrived: Server ms its message arrived.
        clamped: The stamp claimed earlier than the socket's reach (or later than its
            arrival) and was moved there.
    """

    at: float
    error: float
    arrived: float
    clamped: bool = False


class ClockSync:
    """The clock samples of one socket and what they say."""

    __slots__ = ("_pongs", "samples")

    def __init__(self) -> None:
        self._pongs: collections.deque[tuple[float, float]] = collections.deque(maxlen=PONGS_KEPT)
        self.samples: collections.deque[Sample] = collections.deque(maxlen=WINDOW)

    def pong(self, t: float, now: float) -> float:
        """Answer a ping sent at page time ``t``: the server time ``s`` to send back."""
        s = round(now, 3)
        self._pongs.append((s, t))
        return s

    def report(self, s: float, r: float) -> Sample | None:
        """The page received the pong carrying ``s`` at its time ``r``: a sample, or None
        when that pong is no longer remembered (a page on another worker before) or the
        round trip is too long to say anything.

        Raises:
            ReportError: ``r`` before the ping that pong answered was sent.
        """
        sent = next((pong for pong in self._pongs if pong[0] == s), None)
        if sent is None:
            return None
        t = sent[1]
        if r < t:
            raise ReportError(r)
        self._pongs.remove(sent)
        sample = Sample(t, s, r)
        if sample.rtt > MAX_RTT_MS:
            return None
        self.samples.append(sample)
        return sample

    @property
    def best(self) -> Sample | None:
        """The window's sample with the lowest round trip (None before any)."""
        return min(self.samples, key=lambda sample: sample.rtt, default=None)

    def estimate(self) -> tuple[float, float] | None:
        """The offset (server minus page, ms) and its error bound (±ms), None before any
        sample: the middle of ``[max(s - r), min(s - t)]`` over the window; if a drifting
        or lying page makes that empty, the lowest round trip's sample's.
        """
        best = self.best
        if best is None:
            return None
        highest = min(sample.s - sample.t for sample in self.samples)
        lowest = max(sample.s - sample.r for sample in self.samples)
        if lowest > highest:
            return best.offset, best.rtt / 2
        return (highest + lowest) / 2, (highest - lowest) / 2

    @property
    def reach(self) -> float:
        """How long after its press a press of this socket may arrive, ms: the longest
        one-way trip to the server the window shows under the estimated offset
        (``s - t - offset``), plus :data:`SLACK_MS`, at most :data:`MAX_REACH_MS`; 0
        before any sample (its presses are placed at their arrival).
        """
        estimate = self.estimate()
        if estimate is None:
            return 0.0
        offset = estimate[0]
        longest = max(sample.s - sample.t - offset for sample in self.samples)
        return min(MAX_REACH_MS, max(0.0, longest) + SLACK_MS)

    def stamp(self, at: float | None, arrived: float) -> Stamp:
        """The press at page time ``at`` (None: not stamped) in server time, given its
        message arrived at server time ``arrived``: corrected by the estimated offset
        and held within ``[arrived - reach, arrived]``; without a sample or a page time,
        its arrival.
        """
        estimate = self.estimate()
        if at is None or estimate is None:
            return Stamp(arrived, 0.0, arrived)
        offset, error = estimate
        corrected = at + offset
        earliest = arrived - self.reach
        placed = min(arrived, max(earliest, corrected))
        return Stamp(placed, error, arrived, clamped=placed != corrected)


def finite_ms(value: object) -> float | None:
    """``value`` as ms if it is a finite number from 0 to 2**40 (a page clock's reading),
    else None (bools are not numbers here).
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    if not math.isfinite(number) or number < 0 or number > 2**40:
        return None
    return number
