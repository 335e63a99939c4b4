"""Realtime presses judged by when they were pressed (issue 39, scope 2): each page's clock
estimated from its pings, a press stamped on the page and corrected to server time, the
race ordered by corrected time, a forged early stamp held to its socket's reach, bad stamps
refused. Real server, real sockets, a delaying TCP proxy (``loadbench.proxy``).

No assertion reads how fast anything ran: the orders checked follow from the proxy's
delays (a one-way trip is never shorter than its delay) and gaps several times the error
the symmetric links leave.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import Message, Peer, Server
from websockets.sync.client import connect

from ludoteca.loadbench.proxy import Link, ProxyThread
from ludoteca.web.room.race import Queue
from ludoteca.web.wire.client import Client
from ludoteca.web.wire.clocksync import ClockSync, ReportError, Stamp, ms_of_monotonic

DELAY_MS = 250.0
"""One-way delay of the slow seat's link."""
GAP_S = 0.1
"""The slow seat presses this long before the fast one (its press still arrives last)."""


class Page:
    """A page's clock: ``performance.now()``, here the monotonic clock shifted by ``skew``."""

    def __init__(self, skew: float) -> None:
        self.skew = skew

    def now(self) -> float:
        return time.monotonic() * 1000 + self.skew

    def true_offset(self) -> float:
        """Server minus page clock, exactly (both run on this process's monotonic clock)."""
        return ms_of_monotonic(0.0) - self.skew


def sync(peer: Peer, page: Page, rounds: int = 6) -> list[tuple[float, float, float]]:
    """Cristian's exchanges as the page does them; the samples ``(t, s, r)``."""
    samples: list[tuple[float, float, float]] = []
    report: dict[str, float] = {}
    for _ in range(rounds):
        peer.send("ping", t=page.now(), **report)
        pong = peer.wait("pong", lambda m: "s" in m)
        r = page.now()
        samples.append((pong["t"], pong["s"], r))
        report = {"s": pong["s"], "r": r}
    peer.send("ping", **report)  # the last sample reported, answered with a plain pong
    peer.wait("pong")
    return samples


def slow_peer(proxy: ProxyThread, room: str) -> Peer:
    url = f"ws://127.0.0.1:{proxy.port}/ws/{room}"
    return Peer(connect(url, max_size=None, max_queue=None).__enter__())


@pytest.fixture
def proxy(server: Server) -> Iterator[ProxyThread]:
    with ProxyThread(("127.0.0.1", server.port), Link(DELAY_MS)) as running:
        yield running


def gotcha_table(server: Server, proxy: ProxyThread) -> tuple[str, Peer, Peer, Peer]:
    """A started three-person Gotcha game: Ana (direct), Bea (through the slow link),
    Cai (direct, never stamps: the room's witness).
    """
    room = server.create_room("gotcha", 3, options={"events_per_turn": 16})
    ana, bea, cai = server.peer(room), slow_peer(proxy, room), server.peer(room)
    for seat, (peer, name) in enumerate(((ana, "Ana"), (bea, "Bea"), (cai, "Cai"))):
        peer.hello()
        peer.sit(seat, name)
    ana.send("start")
    for peer in (ana, bea, cai):
        peer.wait("state", lambda m: m["view"] is not None and m["actors"] != [])
    return room, ana, bea, cai


def chats(peer: Peer, texts: set[str]) -> list[str]:
    """The chat lines among ``texts`` in the order the game applied them, once all came."""
    order: list[str] = []

    def seen(message: Message) -> bool:
        for event in message["events"]:
            text = event["data"].get("text")
            if event["kind"] == "chat" and text in texts and text not in order:
                order.append(text)
        return len(order) == len(texts)

    peer.wait("state", seen)
    return order


def press(peer: Peer, text: str, at: float | None) -> None:
    assert peer.state is not None
    fields: dict[str, Any] = {"action": f"chat {text}", "version": peer.state["version"]}
    if at is not None:
        fields["at"] = at
    peer.send("act", **fields)


def test_offset_estimate_over_a_delayed_socket_holds_the_true_offset(
    server: Server, proxy: ProxyThread
) -> None:
    room = server.create_room("gotcha", 3)
    page = Page(skew=123_456.789)
    bea = slow_peer(proxy, room)
    bea.hello()
    estimate = ClockSync()
    for t, s, r in sync(bea, page):
        estimate.pong(t, s)
        estimate.report(s, r)
    best, found = estimate.best, estimate.estimate()
    assert best is not None and found is not None and len(estimate.samples) == 6
    offset, error = found
    # The true offset is within the error bound of the estimate, a bound no wider than
    # Cristian's half round trip, and that round trip holds both delayed directions.
    assert abs(offset - page.true_offset()) <= error <= best.rtt / 2
    assert best.rtt >= 2 * DELAY_MS
    assert estimate.reach >= DELAY_MS
    # A forged stamp: a whole minute early is placed at the reach before its arrival.
    # Arrival is now on the server's clock (ms since this process began: a fixed arrival
    # would be "early" or "late" depending on how long the test process has run).
    arrived = ms_of_monotonic(time.monotonic())
    stamp = estimate.stamp(page.now() - 60_000, arrived=arrived)
    assert stamp.clamped and stamp.at == arrived - estimate.reach
    late = estimate.stamp(page.now() + 60_000, arrived=arrived)
    assert late.clamped and late.at == arrived


def test_an_earlier_press_arriving_later_wins_and_without_stamps_it_loses(
    server: Server, proxy: ProxyThread
) -> None:
    _room, ana, bea, cai = gotcha_table(server, proxy)
    ana_page, bea_page = Page(skew=-5_000.0), Page(skew=987_654.0)
    sync(ana, ana_page)
    sync(bea, bea_page)

    # Bea presses first; Ana 0.1 s later on a direct link: Ana's press arrives first.
    press(bea, "bea first", bea_page.now())
    time.sleep(GAP_S)
    press(ana, "ana second", ana_page.now())
    assert chats(cai, {"bea first", "ana second"}) == ["bea first", "ana second"]

    # The same race without Bea's stamp: judged by arrival, Ana wins (the server before).
    press(bea, "bea unstamped", None)
    time.sleep(GAP_S)
    press(ana, "ana stamped", ana_page.now())
    assert chats(cai, {"bea unstamped", "ana stamped"}) == ["ana stamped", "bea unstamped"]


def test_a_forged_early_stamp_gains_nothing_and_is_still_played(
    server: Server, proxy: ProxyThread
) -> None:
    _room, ana, bea, cai = gotcha_table(server, proxy)
    ana_page, bea_page = Page(skew=0.0), Page(skew=42.0)
    sync(ana, ana_page)
    sync(bea, bea_page)
    press(bea, "honest", bea_page.now())
    time.sleep(GAP_S)
    press(ana, "forged", ana_page.now() - 10_000)  # claims ten seconds earlier
    assert chats(cai, {"honest", "forged"}) == ["honest", "forged"]


def test_bad_stamps_and_clock_reports_are_refused_clearly_and_lose_nothing(
    server: Server,
) -> None:
    room = server.create_room("gotcha", 3)
    ana, bea, cai = server.peer(room), server.peer(room), server.peer(room)
    for seat, (peer, name) in enumerate(((ana, "Ana"), (bea, "Bea"), (cai, "Cai"))):
        peer.hello()
        peer.sit(seat, name)
    ana.send("start")
    state = ana.wait("state", lambda m: m["actors"] != [])
    page = Page(skew=0.0)
    sync(ana, page)
    version = state["version"]
    for bad in ('"soon"', "-1", "true", "[1]", "2.2e12", "1e400"):
        ana.raw(f'{{"type": "act", "action": "chat hola", "version": {version}, "at": {bad}}}')
        answers = ana.answers()
        errors = [m for m in answers if m["type"] == "error"]
        assert [e["code"] for e in errors] == ["bad_message"], (bad, answers)
        assert "'at'" in errors[0]["message"]
        assert not [m for m in answers if m["type"] == "state"]  # nothing was played
    ana.send("ping", t=page.now(), s=1.0)  # 's' without 'r'
    assert [m["code"] for m in ana.answers() if m["type"] == "error"] == ["bad_message"]
    ana.send("ping", t=page.now())
    pong = ana.wait("pong", lambda m: "s" in m)
    ana.send("ping", s=pong["s"], r=pong["t"] - 5)  # received before it was sent
    refused = [m for m in ana.answers() if m["type"] == "error"]
    assert [m["code"] for m in refused] == ["bad_message"] and "'r'" in refused[0]["message"]
    # Nothing was lost: a good stamped press is played.
    press(ana, "still here", page.now())
    assert chats(cai, {"still here"}) == ["still here"]


def test_presses_are_judged_in_press_order_and_none_before_an_earlier_one() -> None:
    queue = Queue()
    sink = Client(lambda text: None)
    late = queue.add(sink, 0, "chat late", 1, Stamp(at=500.0, error=1.0, arrived=520.0), hold=300)
    early = queue.add(sink, 1, "chat early", 1, Stamp(at=450.0, error=9.0, arrived=700.0), hold=0)
    assert queue.next_due() == early.due == 700.0 and late.due == 800.0
    assert queue.take_due(699.0) == []
    assert queue.take_due(700.0) == [early]  # the later press still waits for its due
    assert queue.take_due(10_000.0) == [late] and queue.next_due() is None
    tie_a = queue.add(sink, 0, "chat a", 1, Stamp(at=5.0, error=0.0, arrived=5.0), hold=0)
    tie_b = queue.add(sink, 1, "chat b", 1, Stamp(at=5.0, error=0.0, arrived=5.0), hold=0)
    assert queue.take_due(5.0) == [tie_a, tie_b]  # a tie: arrival order


def test_a_clock_report_counts_only_for_a_pong_it_was_sent() -> None:
    sync = ClockSync()
    assert sync.reach == 0.0 and sync.stamp(123.0, arrived=900.0) == Stamp(900.0, 0.0, 900.0)
    s = sync.pong(t=1_000.0, now=5_000.0)
    assert sync.report(s + 1, 1_020.0) is None  # not a pong of this socket
    with pytest.raises(ReportError):
        sync.report(s, 999.0)  # received before it was sent
    sample = sync.report(s, 1_020.0)
    assert sample is not None and sample.rtt == 20.0 and sample.offset == 5_000.0 - 1_010.0
    assert sync.report(s, 1_020.0) is None  # each pong counts once
    slept = sync.pong(t=2_000.0, now=6_000.0)
    assert sync.report(slept, 2_000.0 + 60_000) is None  # a page that slept: no sample
    assert len(sync.samples) == 1
    assert sync.estimate() == (sample.offset, 10.0)
    # The true offset 3_990: one exchange 30 ms up and 10 down, another 10 up and 30 down.
    # Either alone (the same round trip) is 10 ms off; each direction's quickest trip
    # together says [max(s - r), min(s - t)] = [3_980, 4_000]: 3_990 ± 10.
    two = ClockSync()
    for t, now, r in ((0.0, 4_020.0, 40.0), (100.0, 4_100.0, 140.0)):
        two.report(two.pong(t, now), r)
    best = two.best
    assert best is not None and abs(best.offset - 3_990.0) == 10.0
    assert two.estimate() == (3_990.0, 10.0)
    # A page clock that jumped leaves no offset both sides allow: the quickest sample's.
    jumped = ClockSync()
    for t, now, r in ((0.0, 1_000.0, 10.0), (100.0, 500.0, 120.0)):
        jumped.report(jumped.pong(t, now), r)
    assert jumped.estimate() == (995.0, 5.0)
