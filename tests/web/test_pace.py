"""A room's pace over the real server: correspondence clocks on the server's (test) clock,
the alarm, the deadline's policies, vacations, nudges, Web Push to a local push service that
decrypts it, mail to a real SMTP server, and clocks that survive a restart.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import httpx
from people_helpers import browser, make_profile, sit_and_link
from web_helpers import Peer, Server

from ludoteca.web.people.settings import PeopleSettings
from push_service import PushService
from smtp_sink import SmtpServer

HOUR = 3_600_000
DAY = 24 * HOUR


def corres(policy: str = "bot", hours: int = 24, vacation_days: int = 2) -> dict[str, Any]:
    return {
        "pace": {
            "mode": "correspondence",
            "hours": hours,
            "policy": policy,
            "vacation_days": vacation_days,
        }
    }


def advance(server: Server, ms: int) -> int:
    status, body = server.http("POST", "/api/test/clock", {"advance_ms": ms})
    assert status == 200, body
    now: int = body["now_ms"]
    return now


def summary(server: Server, room: str) -> dict[str, Any]:
    status, body = server.http("GET", f"/api/rooms/{room}")
    assert status == 200, body
    return dict(body)


class Table:
    """A two-seat correspondence room whose people come and go (each seat's token kept)."""

    def __init__(
        self,
        server: Server,
        game: str,
        options: dict[str, Any],
        people: tuple[httpx.Client, ...] = (),
    ) -> None:
        self.server = server
        self.room = server.create_room(game, 2, options=options)
        self.tokens: dict[int, str] = {}
        peers = []
        for seat, name in ((0, "Ana"), (1, "Bruno")):
            if people:
                peer = sit_and_link(server, people[seat], self.room, seat, name)
            else:
                peer = server.peer(self.room)
                peer.hello()
                peer.sit(seat, name)
            assert peer.token is not None
            self.tokens[seat] = peer.token
            peers.append(peer)
        peers[0].send("start")
        peers[0].wait("state")
        self.peers = peers

    def notify(self, seat: int, subscription: dict[str, Any]) -> None:
        peer = self.peers[seat]
        peer.send("notify", subscription=subscription)
        peer.wait("notify_saved")

    def leave_all(self) -> None:
        for peer in self.peers:
            peer.close()
        self.peers = []

    def open(self, seat: int, lang: str = "en") -> Peer:
        peer = self.server.peer(self.room)
        peer.hello(self.tokens[seat], lang)
        peer.wait("state")
        return peer

    def waiting(self) -> list[int]:
        """The seats whose clocks run."""
        return [c["seat"] for c in summary(self.server, self.room)["pace"]["clocks"]]

    def move(self, seat: int) -> None:
        """``seat`` opens the room, makes its first legal move, and leaves."""
        peer = self.open(seat)
        state = peer.state
        assert state is not None and seat in state["actors"], state
        peer.send("act", action=state["legal"][0]["text"], version=state["version"])
        peer.wait("state", lambda m: m["version"] > state["version"])
        peer.close()


def test_bad_paces_are_refused_in_the_persons_language(server: Server) -> None:
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"pace": "fast"}, "en", "The pace must be an object"),
        ({"pace": {"mode": "blitz"}}, "es", "Ritmo desconocido «blitz»"),
        ({"pace": {"mode": "correspondence", "hours": 0}}, "en", "from 1 to 168"),
        ({"pace": {"mode": "correspondence", "hours": 169}}, "es", "entre 1 y 168"),
        ({"pace": {"mode": "correspondence", "hours": True}}, "en", "whole number of hours"),
        ({"pace": {"mode": "correspondence", "vacation_days": 99}}, "en", "from 0 to 14"),
        (
            {"pace": {"mode": "correspondence", "policy": "skip"}},
            "en",
            "Tacocat Spelled Backwards has no way to pass a turn: at the deadline it offers "
            "a bot moves, the game is lost",
        ),
        (
            {"pace": {"mode": "correspondence", "policy": "skip"}},
            "es",
            "no permite pasar turno: al vencer el plazo ofrece juega un bot, se pierde la partida",
        ),
        ({"pace": {"mode": "correspondence", "policy": "dance"}}, "en", "«dance» is not"),
    ]
    for options, lang, text in cases:
        status, body = server.http("POST", f"/api/rooms?lang={lang}", _room("tacocat", options))
        assert status == 400, body
        assert body["error"]["code"] == "bad_pace"
        assert text in body["error"]["message"], body
    status, body = server.http(
        "POST", "/api/rooms?lang=en", {**_room("tacocat", corres()), "turn_seconds": 60}
    )
    assert status == 400 and "no turn timer" in body["error"]["message"]


def test_gotcha_stays_live(server: Server) -> None:
    status, body = server.http(
        "POST", "/api/rooms?lang=en", {**_room("gotcha", corres()), "players": 3}
    )
    assert status == 400, body
    assert body["error"]["message"] == (
        "Gotcha! is played live (in real time): it cannot be played by correspondence"
    )
    live = server.create_room("gotcha", 3, options={"pace": {"mode": "live"}})
    assert summary(server, live)["pace"]["mode"] == "live"


def _room(game: str, options: dict[str, Any]) -> dict[str, Any]:
    return {"game": game, "players": 2, "options": options}


def test_each_move_pushes_and_mails_the_other_and_the_deadline_acts(
    db: str, push: PushService, smtp: SmtpServer
) -> None:
    people = PeopleSettings(public_url="http://ludoteca.example.org", smtp=smtp.settings())
    with (
        Server(db, test_clock=True, people=people) as server,
        browser(server) as ana,
        browser(server) as bruno,
    ):
        for client, name, lang in ((ana, "Ana", "en"), (bruno, "Bruno", "es")):
            make_profile(client, name, lang)
            answer = client.patch("/api/me", json={"email": f"{name.lower()}@example.org"})
            assert answer.status_code == 200, answer.text
        table = Table(server, "tacocat", corres("bot"), (ana, bruno))
        pace = summary(server, table.room)["pace"]
        assert pace["mode"] == "correspondence" and pace["hours"] == 24
        table.notify(0, push.subscription("seat0"))
        table.peers[1].send("lang", lang="es")
        table.notify(1, push.subscription("seat1"))
        assert table.waiting() == [0, 1]  # Tacocat's replace: both choose in secret
        assert not push.received, "no push to a person with the room open"
        table.leave_all()

        table.move(0)  # Bruno still faces the same choice: no new notice
        table.move(1)  # the duel: both must move again; Ana is told (Bruno has it open)
        got = push.wait("seat0")
        assert got.ttl == 43_200 and got.size < 3000 and got.urgency == "normal"
        assert got.payload == {
            "title": "Your move in Tacocat Spelled Backwards",
            "body": got.payload["body"],
            "url": f"/room/{table.room}",
            "tag": f"{table.room}-0",
            "kind": "move",
            "lang": "en",
        }
        assert got.payload["body"].startswith("Ana: you have 1 day 0 h to move")
        mail = smtp.sink.wait("ana@example.org", "Games where it is your move")
        assert mail["Subject"] == "Ludoteca: Your move in Tacocat Spelled Backwards"
        assert f"http://ludoteca.example.org/room/{table.room}" in str(mail.get_payload())
        assert not push.received

        # 80 % of the day: the alarm, in each person's language; then the deadline: a bot
        # moves for each of them, and the one whose move comes next is told.
        advance(server, 20 * HOUR)
        for seat, title in ((0, "Time is running out in"), (1, "Se acaba el tiempo en")):
            alarm = push.wait(f"seat{seat}", lambda r: r.payload["kind"] == "alarm")
            assert alarm.urgency == "high" and alarm.payload["title"].startswith(title)
        smtp.sink.wait("bruno@example.org", "Partidas en las que te toca")
        now = advance(server, 5 * HOUR)
        after = push.wait(("seat0", "seat1"), lambda r: r.payload["kind"] == "move", timeout=30)
        clocks = summary(server, table.room)["pace"]["clocks"]
        assert int(after.name[-1]) in [c["seat"] for c in clocks]
        assert all(c["due_ms"] >= now + DAY for c in clocks), "clocks started after the bots"
        peer = table.open(int(after.name[-1]))
        assert peer.state is not None and peer.state["deadline_in"] > DAY - HOUR
        peer.close()


def test_clocks_survive_a_restart_and_lose_on_time(db: str) -> None:
    with Server(db, test_clock=True) as server:
        table = Table(server, "tacocat", corres("lose", hours=1))
        table.leave_all()
        due = summary(server, table.room)["pace"]["clocks"]
    with Server(db, test_clock=True) as server:  # a new process: the clocks from the store
        table.server = server
        assert summary(server, table.room)["pace"]["clocks"] == due
        advance(server, 2 * HOUR)
        peer = table.open(1)
        state = peer.state
        assert state is not None
        while state["outcome"] is None:
            state = peer.wait("state")
        outcome = state["outcome"]
        assert outcome["winners"] == [1] and outcome["end_reason"] == "timeout"
        assert "Ana ran out of time" in str(outcome), outcome
        peer.close()
    with Server(db, test_clock=True) as server:
        table.server = server
        room = summary(server, table.room)
        assert room["status"] == "finished" and room["pace"]["clocks"] == []
        peer = table.open(0, "es")
        assert peer.state is not None and peer.state["outcome"]["winners"] == [1]
        assert peer.state["actors"] == [] and peer.state["legal"] == []
        assert "a Ana se le acabó el tiempo" in str(peer.state["outcome"])
        peer.close()


def test_vacation_and_one_nudge_a_day(db: str, push: PushService) -> None:
    with Server(db, test_clock=True) as server:
        table = Table(server, "tacocat", corres("bot", hours=48, vacation_days=2))
        table.notify(0, push.subscription("ana"))
        due = summary(server, table.room)["pace"]["clocks"][0]["due_ms"]
        ana, bruno = table.peers
        ana.send("vacation", days=3)
        error = ana.wait("error")
        assert error["code"] == "no_vacation" and "2 vacation days left" in error["message"]
        ana.send("vacation", days=1)
        room = ana.wait_room(
            lambda r: [c["due_ms"] for c in r["pace"]["clocks"]][:1] == [due + DAY]
        )
        assert room["pace"]["vacations"] == [
            {"seat": 0, "left": 1, "until_ms": room["pace"]["vacations"][0]["until_ms"]}
        ]
        assert room["pace"]["clocks"][1]["due_ms"] == due
        ana.close()
        bruno.send("nudge")
        assert bruno.wait("nudged")["seats"] == [0]
        nudge = push.wait("ana", lambda r: r.payload["kind"] == "nudge")
        assert nudge.payload["title"] == "Bruno nudges you"
        assert nudge.payload["body"] == "Ana: it is your move in Tacocat Spelled Backwards"
        bruno.send("lang", lang="es")
        bruno.send("nudge")
        error = bruno.wait("error")
        assert error["code"] == "nudged_today" and "Ya avisaste hoy" in error["message"]
        for bad in (-1, "1", True, 10**12):
            status, body = server.http("POST", "/api/test/clock?lang=es", {"advance_ms": bad})
            assert status == 400 and "advance_ms debe ser" in body["error"]["message"]
        advance(server, DAY)
        bruno.send("nudge")
        bruno.wait("nudged")
        table.move(0)
        bruno.send("nudge")
        assert bruno.wait("error")["message"] == "Es tu jugada: no hay a quién avisar"


def test_a_persons_subscription_serves_their_other_seats_until_it_is_gone(
    db: str, push: PushService
) -> None:
    with Server(db, test_clock=True) as server, browser(server) as ana, browser(server) as bruno:
        make_profile(ana, "Ana")
        make_profile(bruno, "Bruno")
        first = Table(server, "tacocat", corres("bot"), (ana, bruno))
        second = Table(server, "tacocat", corres("bot"), (ana, bruno))
        first.notify(0, push.subscription("ana"))  # made in the first room only
        first.leave_all()
        second.leave_all()
        second.move(0)  # Ana's secret choice; Bruno still faces his own: nobody is told
        second.move(1)  # the duel: Ana is told (she left), through the first room's link
        told = push.wait("ana")
        assert told.payload["url"] == f"/room/{second.room}"
        push.gone.add("ana")
        advance(server, 20 * HOUR)  # the alarms: the service answers 410 Gone
        wait_for(lambda: not _subscriptions(db))


def _subscriptions(db: str) -> list[Any]:
    import sqlite3  # noqa: PLC0415

    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT endpoint FROM push_subscriptions").fetchall()


def wait_for(check: Callable[[], bool], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not reached in time"
        time.sleep(0.05)


def test_bad_notify_and_pace_requests_are_refused(server: Server) -> None:
    live = server.create_room("tacocat", 2)
    peer = server.peer(live)
    peer.hello()
    peer.sit(0, "Ana")
    for fields in (
        {"subscription": {"endpoint": "ftp://x", "keys": {"p256dh": "a", "auth": "b"}}},
        {"subscription": {"endpoint": "https://push.example/x", "keys": {"p256dh": "a b"}}},
        {"subscription": None},
        {},
    ):
        peer.send("notify", **fields)
        error = peer.wait("error")
        assert error["code"] == "bad_subscription" and "Invalid subscription" in error["message"]
    http = {"endpoint": "http://127.0.0.1:9/x", "keys": {"p256dh": "AA", "auth": "BB"}}
    peer.send("notify", subscription=http)
    assert peer.wait("error")["code"] == "bad_subscription"  # http: tests only
    peer.send("vacation", days=1)
    error = peer.wait("error")
    assert error["code"] == "live_room" and "played live" in error["message"]
    peer.send("vacation", days="two")
    assert peer.wait("error")["code"] == "bad_message"
    status, _ = server.http("POST", "/api/test/clock", {"advance_ms": 1})
    assert status in (404, 405), "the test clock is off unless the server enables it"
