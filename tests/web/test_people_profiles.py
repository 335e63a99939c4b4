"""People: a profile made on the first visit, kept by a cookie; export and delete; the seats
a person links; bad input answered in the person's language."""

from __future__ import annotations

import json

import httpx
from people_helpers import browser, make_profile, sit_and_link
from web_helpers import Server

from ludoteca.web.store import open_store


def test_a_profile_is_made_on_the_first_visit_and_kept_by_an_httponly_cookie(
    server: Server,
) -> None:
    with browser(server) as ana:
        assert ana.get("/api/me").json()["person"] is None
        answer = ana.post("/api/me", json={"name": " Ana ", "lang": "es", "colour": "#1F618D"})
        assert answer.status_code == 201
        cookie = answer.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie
        assert "secure" not in cookie  # plain http here: a Secure cookie would never return
        person = ana.get("/api/me").json()["person"]
        assert person["name"] == "Ana" and person["lang"] == "es"
        assert person["colour"] == "#1f618d" and person["ratings"] is False
        again = ana.post("/api/me", json={"name": "Ana"})
        assert again.status_code == 409
        assert again.json()["error"]["code"] == "has_profile"
        changed = ana.patch("/api/me", json={"name": "Ana María", "email": "Ana@Example.org"})
        assert changed.json()["person"]["name"] == "Ana María"
        assert changed.json()["person"]["email"] == "ana@example.org"
    # Only the cookie's hash is stored.
    store = open_store(server.store_url)
    try:
        rows = store._read("SELECT token_hash FROM person_sessions", ())  # type: ignore[attr-defined]
    finally:
        store.close()
    token = answer.cookies["ludoteca_person"]
    assert len(rows) == 1 and rows[0][0] != token and len(rows[0][0]) == 64


def test_playing_without_a_profile_still_works_and_a_stranger_cookie_is_nobody(
    server: Server,
) -> None:
    room = server.create_room("tacocat", 2)
    peer = server.peer(room)
    peer.hello()
    assert peer.sit(0, "Sin perfil")["seat"] == 0
    peer.close()
    with browser(server) as stranger:
        stranger.cookies.set("ludoteca_person", "not-a-session")
        assert stranger.get("/api/me").json()["person"] is None
        assert stranger.get("/api/me/games").status_code == 401


def test_bad_input_is_refused_in_the_persons_language(server: Server) -> None:
    with browser(server) as client:
        cases: list[tuple[dict[str, object], str, str]] = [
            ({"name": ""}, "bad_name", "nombre"),
            ({"name": "x" * 31}, "bad_name", "nombre"),
            ({"name": "a\nb"}, "bad_name", "nombre"),
            ({"name": 7}, "bad_name", "nombre"),
            ({"name": "Ana", "lang": "fr"}, "bad_lang", "idioma"),
            ({"name": "Ana", "colour": "red"}, "bad_colour", "color"),
        ]
        for body, code, word in cases:
            answer = client.post("/api/me?lang=es", json=body)
            assert answer.status_code == 400, body
            error = answer.json()["error"]
            assert error["code"] == code and word in error["message"], (body, error)
        raw = client.post(
            "/api/me?lang=es", content=b"{not json", headers={"content-type": "application/json"}
        )
        assert raw.status_code == 400 and raw.json()["error"]["code"] == "bad_message"
        typed = client.post("/api/me", content=b"name=Ana", headers={"content-type": "text/plain"})
        assert typed.status_code == 415
        foreign = client.post(
            "/api/me", json={"name": "Ana"}, headers={"origin": "https://evil.example"}
        )
        assert foreign.status_code == 403
        assert client.get("/api/me").json()["person"] is None  # nothing was made
        make_profile(client, "Ana", "es")
        changes: list[tuple[dict[str, object], str]] = [
            ({"email": "not an address"}, "bad_email"),
            ({"ratings": "yes"}, "bad_ratings"),
        ]
        for body, code in changes:
            answer = client.patch("/api/me?lang=es", json=body)
            assert answer.status_code == 400 and answer.json()["error"]["code"] == code
        seat = client.post("/api/me/seats?lang=es", json={"room": "nope", "token": "nope"})
        assert seat.status_code == 403 and "asiento" in seat.json()["error"]["message"]
        bad = client.post("/api/me/seats", json={"room": 3})
        assert bad.status_code == 400


def test_export_then_delete_forgets_the_person_but_not_the_name_they_played(
    server: Server,
) -> None:
    room = server.create_room("tacocat", 2)
    with browser(server) as ana:
        make_profile(ana, "Ana")
        peer = sit_and_link(server, ana, room, 1, "Ana")
        exported = ana.get("/api/me/export")
        assert exported.status_code == 200
        assert "attachment" in exported.headers["content-disposition"]
        data = exported.json()
        assert data["person"]["name"] == "Ana"
        assert data["seats"] == [
            {"room": room, "seat": 1, "joined_ms": data["seats"][0]["joined_ms"]}
        ]
        assert [g["room"] for g in data["games"]] == [room]
        assert "token" not in json.dumps(data["games"])
        other = httpx.Client(base_url=server.base)  # no Origin, no cookie
        assert other.delete("/api/me").status_code == 401
        other.close()
        gone = ana.delete("/api/me")
        assert gone.status_code == 200
        assert ana.get("/api/me").json()["person"] is None
        assert ana.get("/api/me/export").status_code == 401
    peer.close()
    store = open_store(server.store_url)
    try:
        for table in ("people", "person_sessions", "person_seats", "passkeys"):
            assert store._read(f"SELECT COUNT(*) FROM {table}", ()) == [(0,)]  # type: ignore[attr-defined]
        assert store.seats(room)[1].name == "Ana"
    finally:
        store.close()
