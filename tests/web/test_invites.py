"""Invitations over the real server: a seated person invites someone they played with to
a free seat of a room in its lobby; the invited person gets a Web Push (decrypted by the
local push service) and a mail (``aiosmtpd``) in their language, sees it in My games,
declines or sits down; strangers, outsiders, full rooms and started games are refused in
the asker's language; the rows on SQLite and PostgreSQL.
"""

from __future__ import annotations

from email.header import decode_header, make_header

from people_helpers import person_with_address, sit_and_link
from web_helpers import Server

from ludoteca.web.people.settings import PeopleSettings
from ludoteca.web.store import invite_rows, open_store
from ludoteca.web.store.invite_rows import InviteRow
from ludoteca.web.store.sql import SqlStore
from push_service import PushService
from smtp_sink import SmtpServer


def test_the_invite_rows_keep_the_limit_on_both_stores(store_url: str) -> None:
    store = open_store(store_url)
    try:
        assert isinstance(store, SqlStore)
        rows = [InviteRow("r1", f"p{n}", "p0", "Ana", 1_000 + n) for n in range(4)]
        assert [invite_rows.add(store, row, 3) for row in rows] == [True, True, True, False]
        assert not invite_rows.add(store, rows[0], 5), "one invitation per person and room"
        assert invite_rows.of_room(store, "r1") == rows[:3]
        assert invite_rows.of_person(store, "p1") == [rows[1]]
        assert invite_rows.sent_by(store, "p0") == rows[:3]
        invite_rows.drop(store, "r1", "p1")
        assert invite_rows.add(store, rows[3], 3), "a declined one frees its place"
        invite_rows.drop_room(store, "r1")
        assert invite_rows.of_room(store, "r1") == []
    finally:
        store.close()


def test_invite_push_mail_decline_accept_and_refusals(
    db: str, push: PushService, smtp: SmtpServer
) -> None:
    people = PeopleSettings(public_url="http://ludoteca.example.org", smtp=smtp.settings())
    with Server(db, test_clock=True, people=people) as server:
        names = (("Ana", "en"), ("Bruno", "es"), ("Dani", "en"), ("Eva", "en"), ("Fede", "en"))
        clients = {name: person_with_address(server, name, lang) for name, lang in names}
        carla = person_with_address(server, "Carla", "es")  # has played with nobody
        ana, bruno = clients["Ana"], clients["Bruno"]
        past = server.create_room("dweebies", 5)
        peers = {
            name: sit_and_link(server, client, past, seat, name)
            for seat, (name, client) in enumerate(clients.items())
        }
        peers["Bruno"].send("lang", lang="es")
        peers["Bruno"].send("notify", subscription=push.subscription("bruno"))
        peers["Bruno"].wait("notify_saved")
        for peer in peers.values():
            peer.close()

        room = server.create_room("tacocat", 2)
        host = sit_and_link(server, ana, room, 0, "Ana")
        view = ana.get(f"/api/rooms/{room}/invites").json()
        listed = {p["name"]: p["to"] for p in view["people"]}
        assert sorted(listed) == ["Bruno", "Dani", "Eva", "Fede"], "co-players only"
        assert view["invited"] == [] and view["most"] == 3

        answer = ana.post(f"/api/rooms/{room}/invites", json={"to": listed["Bruno"]})
        assert answer.status_code == 201 and answer.json() == {"invited": "Bruno"}
        got = push.wait("bruno")
        assert got.size < 3000 and got.payload["kind"] == "invite"
        assert got.payload["title"] == "Te invitan a Tacocat deletreado al revés"
        assert got.payload["body"] == "Ana te guarda un asiento: ábrela para sentarte"
        assert got.payload["url"] == f"/room/{room}" and got.payload["lang"] == "es"
        mail = smtp.sink.wait("bruno@example.org", "te guarda un asiento")
        subject = str(make_header(decode_header(mail["Subject"])))
        assert subject == "Ludoteca: Te invitan a Tacocat deletreado al revés"
        assert f"http://ludoteca.example.org/room/{room}" in str(mail.get_payload())

        mine = bruno.get("/api/me/invites").json()["invites"]
        assert [(i["room"], i["from"], i["url"]) for i in mine] == [(room, "Ana", f"/room/{room}")]
        assert bruno.get("/api/me/export").json()["invites"]["received"][0]["room"] == room

        # Refusals, each in the asker's language.
        again = ana.post(f"/api/rooms/{room}/invites", json={"to": listed["Bruno"]})
        assert again.status_code == 409
        assert again.json()["error"]["message"] == "Bruno is already invited to this table"
        outsider = carla.post(f"/api/rooms/{room}/invites", json={"to": listed["Dani"]})
        assert outsider.status_code == 403
        assert outsider.json()["error"]["message"] == (
            "Solo quien se sienta en esta mesa puede invitar a ella"
        )
        assert carla.get(f"/api/rooms/{room}/invites").status_code == 403
        carla_key = "0" * 20
        stranger = ana.post(f"/api/rooms/{room}/invites", json={"to": carla_key})
        assert stranger.status_code == 403
        assert stranger.json()["error"]["message"] == (
            "You can only invite someone you have played with"
        )
        for bad in ({"to": 7}, {}, {"to": "x" * 65}):
            refused = ana.post(f"/api/rooms/{room}/invites", json=bad)
            assert refused.status_code == 400
            assert refused.json()["error"]["message"] == "Choose whom to invite from the list"
        assert ana.post("/api/rooms/nosuchroom/invites", json={"to": "a"}).status_code == 404
        assert ana.post(f"/api/rooms/{room}/invites", content=b"[").status_code in (400, 415)

        # At most three pending: the fourth is refused; a decline frees a place.
        for name in ("Dani", "Eva"):
            sent = ana.post(f"/api/rooms/{room}/invites", json={"to": listed[name]})
            assert sent.status_code == 201, sent.text
        full = ana.post(f"/api/rooms/{room}/invites", json={"to": listed["Fede"]})
        assert full.status_code == 409
        assert full.json()["error"]["message"] == "This table already has 3 pending invitations"
        declined = clients["Eva"].post(f"/api/me/invites/{room}/decline")
        assert declined.status_code == 200
        assert clients["Eva"].get("/api/me/invites").json()["invites"] == []
        twice = bruno.post("/api/me/invites/nosuchroom/decline")
        assert twice.status_code == 404
        assert twice.json()["error"]["message"] == "No tienes ninguna invitación a esa mesa"
        assert ana.post(f"/api/rooms/{room}/invites", json={"to": listed["Fede"]}).is_success

        # Accept: Bruno opens the room and sits down; his invitation ends.
        guest = sit_and_link(server, bruno, room, 1, "Bruno")
        assert bruno.get("/api/me/invites").json()["invites"] == []
        assert ana.get(f"/api/rooms/{room}/invites").json()["invited"] == ["Dani", "Fede"]
        # The game starts: every other invitation ends and no more can be sent.
        host.send("start")
        host.wait("state")
        assert clients["Dani"].get("/api/me/invites").json()["invites"] == []
        started = ana.post(f"/api/rooms/{room}/invites", json={"to": listed["Eva"]})
        assert started.status_code == 409
        assert started.json()["error"]["message"] == (
            "This table's game has started: nobody can be invited any more"
        )
        guest.close()
        host.close()

        # Deleting a person deletes the invitations from and to them.
        other = server.create_room("tacocat", 2)
        sit_and_link(server, ana, other, 0, "Ana").close()
        assert ana.post(f"/api/rooms/{other}/invites", json={"to": listed["Eva"]}).is_success
        assert ana.get("/api/me/export").json()["invites"]["sent"] != []
        assert ana.delete("/api/me").status_code == 200
        assert clients["Eva"].get("/api/me/invites").json()["invites"] == []
        for client in (*clients.values(), carla):
            client.close()
