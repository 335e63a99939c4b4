"""The daily e-mail digest: its rows on both kinds of store (one claim wins), its hour in
the person's time zone, and over the real server with a real SMTP server (``aiosmtpd``):
opt-in, in the person's language, once a day across a restart, only when a game waits,
with two stores opening the same file at once, and bad settings refused.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from typing import Any

import httpx
from people_helpers import browser, make_profile, person_with_address
from test_pace import DAY, HOUR, Table, advance, corres
from web_helpers import Server

from ludoteca.web.notify.digest import Digests
from ludoteca.web.pace.clock import PaceClock
from ludoteca.web.people.digest import next_time
from ludoteca.web.people.profiles import Profiles
from ludoteca.web.people.settings import PeopleSettings
from ludoteca.web.store import digest_rows, open_store
from ludoteca.web.store.sql import SqlStore
from smtp_sink import SmtpServer


def _ms(text: str) -> int:
    return int(datetime.fromisoformat(text).timestamp() * 1000)


def test_the_next_digest_is_the_picked_hour_in_the_persons_time_zone() -> None:
    now = _ms("2026-03-28T10:30:00+00:00")
    assert next_time(now, 11, "UTC") == _ms("2026-03-28T11:00:00+00:00")
    assert next_time(now, 10, "UTC") == _ms("2026-03-29T10:00:00+00:00")
    # Madrid is UTC+1 that Saturday and UTC+2 from Sunday (summer time).
    assert next_time(now, 8, "Europe/Madrid") == _ms("2026-03-29T08:00:00+02:00")
    assert next_time(now, 12, "Europe/Madrid") == _ms("2026-03-28T12:00:00+01:00")
    exact = _ms("2026-03-28T11:00:00+00:00")
    assert next_time(exact, 11, "UTC") == exact + DAY  # the one due now is not the next
    # One sent at 07:00 today: a later hour picked now waits for tomorrow.
    sent = _ms("2026-03-28T07:00:00+00:00")
    assert next_time(now, 20, "UTC", sent) == _ms("2026-03-29T20:00:00+00:00")
    assert next_time(now, 20, "UTC", sent - DAY) == _ms("2026-03-28T20:00:00+00:00")
    # Sent at 23:30 in Madrid on the 27th (22:30 UTC): the 28th in Madrid is another day.
    late = _ms("2026-03-27T22:30:00+00:00")
    assert next_time(now, 12, "Europe/Madrid", late) == _ms("2026-03-28T12:00:00+01:00")
    assert next_time(now, 12, "UTC", late) == _ms("2026-03-28T12:00:00+00:00")


def test_the_digest_rows_and_one_claim_wins(store_url: str) -> None:
    store = open_store(store_url)
    other = open_store(store_url)  # a second worker on the same store
    try:
        assert isinstance(store, SqlStore) and isinstance(other, SqlStore)
        assert digest_rows.next_due(store) is None and digest_rows.of(store, "p1") is None
        digest_rows.save(store, "p1", 8, "Europe/Madrid", 1_000)
        digest_rows.save(store, "p2", 9, "UTC", 5_000)
        assert digest_rows.next_due(store) == 1_000
        assert digest_rows.due(store, 999) == []
        (row,) = digest_rows.due(other, 1_000)
        assert row == digest_rows.DigestRow("p1", 8, "Europe/Madrid", 1_000, 0)
        results: list[bool] = []
        start = threading.Barrier(2)

        def take(on: SqlStore) -> None:
            start.wait()
            results.append(digest_rows.claim(on, row, 90_000, 1_000))

        threads = [threading.Thread(target=take, args=(s,)) for s in (store, other)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results) == [False, True]
        assert digest_rows.of(store, "p1") == digest_rows.DigestRow(
            "p1", 8, "Europe/Madrid", 90_000, 1_000
        )
        assert not digest_rows.claim(store, row, 95_000, 1_000), "a stale row claims nothing"
        digest_rows.save(store, "p1", 7, "UTC", 3_000)  # a new hour keeps the last sent
        assert digest_rows.of(other, "p1") == digest_rows.DigestRow("p1", 7, "UTC", 3_000, 1_000)
        digest_rows.drop(store, "p1")
        assert digest_rows.of(store, "p1") is None and digest_rows.next_due(store) == 5_000
    finally:
        other.close()
        store.close()


def _turn_on(client: httpx.Client, hour: int, tz: str = "UTC") -> dict[str, Any]:
    answer = client.put("/api/me/digest", json={"on": True, "hour": hour, "tz": tz})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    assert body == {"on": True, "hour": hour, "tz": tz, "mail": True}
    return body


def _digests(server: Server) -> Digests:
    digests = server.app.state.digests
    assert isinstance(digests, Digests)
    return digests


def _sent_at(server: Server, person_of: str) -> int:
    """When the digest of the person with that address was last claimed (0: never)."""
    digests = _digests(server)
    person = digests.profiles.rows.person_by_email(person_of)
    assert person is not None
    row = digest_rows.of(digests.store, person.id)
    assert row is not None
    return row.last_sent_ms


def _wait_claimed(server: Server, address: str, after: int) -> int:
    deadline = time.monotonic() + 20
    while (sent := _sent_at(server, address)) <= after:
        assert time.monotonic() < deadline, f"no digest claimed for {address}"
        time.sleep(0.05)
    return sent


def _hour_after(now_ms: int, hours: int) -> int:
    return (datetime.fromtimestamp(now_ms / 1000, UTC).hour + hours) % 24


def _next_ten_utc(now_ms: int) -> int:
    """The first 10:00 UTC after ``now_ms``."""
    at = datetime.fromtimestamp(now_ms / 1000, UTC).replace(
        hour=10, minute=0, second=0, microsecond=0
    )
    ms = int(at.timestamp() * 1000)
    return ms if ms > now_ms else ms + DAY


def test_the_digest_comes_once_a_day_in_the_persons_language_across_a_restart(
    db: str, smtp: SmtpServer
) -> None:
    people = PeopleSettings(public_url="http://ludoteca.example.org", smtp=smtp.settings())
    with Server(db, test_clock=True, people=people) as server:
        who = (("Ana", "en"), ("Bruno", "es"), ("Carla", "en"))
        ana, bruno, carla = (person_with_address(server, name, lang) for name, lang in who)
        off = ana.get("/api/me/digest").json()
        assert off == {"on": False, "hour": 8, "tz": "UTC", "mail": True}, "off by default"
        table = Table(server, "tacocat", corres("bot", hours=168), (ana, bruno))
        table.leave_all()
        # From 10:00 UTC on, so no step below crosses midnight: a digest sent after midnight
        # belongs to the next day, and its next one to the day after (``next_time``).
        now = advance(server, 0)
        start = _next_ten_utc(now)
        advance(server, start - now)
        hour = 12  # due two hours from now, in UTC
        _turn_on(ana, hour)
        _turn_on(bruno, hour, "UTC")
        _turn_on(carla, hour)  # Carla sits nowhere: no game waits on her
        assert _digests(server).due(advance(server, HOUR)) is not None
        assert _digests(server).sent == 0, "not before the hour"
        advance(server, 2 * HOUR)
        mail = smtp.sink.wait("ana@example.org", "Ludoteca: your move in 1 game(s)")
        raw = mail.get_payload(decode=True)
        assert isinstance(raw, bytes)
        text = raw.decode("utf-8")
        assert "Games where it is your move" in text and "Tacocat Spelled Backwards" in text
        assert f"http://ludoteca.example.org/room/{table.room}" in text
        assert "turn it off at http://ludoteca.example.org/me" in text
        smtp.sink.wait("bruno@example.org", "Ludoteca: te toca en 1 partida(s)")
        first = _wait_claimed(server, "carla@example.org", 0)
        assert _sent_at(server, "ana@example.org") == first
        assert not [m for m in smtp.sink.mails if m["To"] == "carla@example.org"]
        sent_by_first = _digests(server).sent
        assert sent_by_first == 2
        # The same day again, in this process: nothing more.
        assert _digests(server).due(advance(server, 3 * HOUR)) is not None
        assert _digests(server).sent == sent_by_first
    with Server(db, test_clock=True, people=people) as server:  # a new process, same day
        now = advance(server, 0)  # this process's clock starts again from the wall clock
        later = advance(server, start + 6 * HOUR - now)  # 16:00 UTC that day, again
        assert _digests(server).due(later + 3 * HOUR) is not None
        assert _digests(server).sent == 0 and _sent_at(server, "ana@example.org") == first
        advance(server, DAY)  # the next day: one more each (the game still waits)
        smtp.sink.wait("ana@example.org", "Ludoteca: your move in 1 game(s)")
        smtp.sink.wait("bruno@example.org", "Ludoteca: te toca en 1 partida(s)")
        assert _wait_claimed(server, "ana@example.org", first) >= first + DAY - HOUR
    for client in (ana, bruno, carla):
        client.close()


def test_two_stores_opening_at_once_send_one_digest_each(db: str, smtp: SmtpServer) -> None:
    people = PeopleSettings(smtp=smtp.settings())
    with Server(db, test_clock=True, people=people) as server:
        ana, bruno = (
            person_with_address(server, "Ana", "en"),
            person_with_address(server, "Bruno", "es"),
        )
        Table(server, "tacocat", corres("bot", hours=168), (ana, bruno)).leave_all()
        now = advance(server, 0)
        for client in (ana, bruno):
            _turn_on(client, _hour_after(now, 12))  # not due while this server runs
    due = now + DAY
    sent: list[int] = []
    start = threading.Barrier(2)

    def worker() -> None:
        store = open_store(db)
        try:
            assert isinstance(store, SqlStore)
            digests = Digests(store, PaceClock(), Profiles(store), smtp.settings())
            start.wait()
            digests.due(due)
            sent.append(digests.sent)
        finally:
            store.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sum(sent) == 2, sent
    smtp.sink.wait("ana@example.org", "your move in 1 game(s)")
    smtp.sink.wait("bruno@example.org", "te toca en 1 partida(s)")
    subjects = [str(m["Subject"]) for m in smtp.sink.mails]
    assert not [s for s in subjects if "game(s)" in s or "partida(s)" in s], "one each, not two"


def test_bad_digest_settings_are_refused_in_the_persons_language(db: str, smtp: SmtpServer) -> None:
    people = PeopleSettings(smtp=smtp.settings())
    with Server(db, people=people) as server, browser(server) as ana:
        assert ana.put("/api/me/digest", json={"on": True}).status_code == 401
        make_profile(ana, "Ana", "es")
        cases: list[tuple[dict[str, Any], str, str]] = [
            ({"on": True, "hour": 8, "tz": "UTC"}, "es", "Primero añade tu correo"),
        ]
        for body, lang, text in cases:
            answer = ana.put(f"/api/me/digest?lang={lang}", json=body)
            assert answer.status_code == 400 and text in answer.text, answer.text
        assert ana.patch("/api/me", json={"email": "ana@example.org"}).status_code == 200
        cases = [
            ({"on": "yes"}, "en", "«on» must be true or false"),
            ({"on": True, "hour": 24, "tz": "UTC"}, "en", "from 0 to 23"),
            ({"on": True, "hour": True, "tz": "UTC"}, "es", "de 0 a 23"),
            ({"on": True, "hour": 7.5, "tz": "UTC"}, "en", "from 0 to 23"),
            ({"on": True, "hour": 7, "tz": "Mars/Olympus"}, "en", "time zone «Mars/Olympus»"),
            ({"on": True, "hour": 7, "tz": "../../etc/passwd"}, "es", "Zona horaria desconocida"),
            ({"on": True, "hour": 7, "tz": 3}, "en", "Unknown time zone «3»"),
        ]
        for body, lang, text in cases:
            answer = ana.put(f"/api/me/digest?lang={lang}", json=body)
            assert answer.status_code == 400 and text in answer.text, answer.text
        json_type = {"content-type": "application/json"}
        assert ana.put("/api/me/digest", content=b"[]", headers=json_type).status_code == 400
        assert ana.get("/api/me/digest").json()["on"] is False, "nothing stored"
        _turn_on(ana, 7, "Europe/Madrid")
        assert ana.get("/api/me/export").json()["digest"] == {"hour": 7, "tz": "Europe/Madrid"}
        answer = ana.put("/api/me/digest", json={"on": False})
        assert answer.status_code == 200 and answer.json()["on"] is False
        assert ana.get("/api/me/export").json()["digest"] is None
        _turn_on(ana, 9, "UTC")
        digests = _digests(server)
        person = digests.profiles.rows.person_by_email("ana@example.org")
        assert person is not None and digest_rows.of(digests.store, person.id) is not None
        assert ana.delete("/api/me").status_code == 200
        assert digest_rows.of(digests.store, person.id) is None, "deleted with the person"
    with Server(db) as server, browser(server) as bruno:
        make_profile(bruno, "Bruno", "en")
        assert bruno.patch("/api/me", json={"email": "bruno@example.org"}).status_code == 200
        answer = bruno.put("/api/me/digest", json={"on": True, "hour": 8, "tz": "UTC"})
        assert answer.status_code == 400 and "This server sends no mail" in answer.text
        assert bruno.get("/api/me/digest").json()["mail"] is False
