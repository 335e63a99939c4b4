"""Signing another device in: a one-time link by e-mail (a real SMTP server, aiosmtpd, on
a free port), passkey ceremonies refusing bad answers, and the sign-in rate limit."""

from __future__ import annotations

import email
import re
import socket
from collections.abc import Iterator
from email.message import Message as Mail
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from people_helpers import browser, make_profile, sit_and_link
from web_helpers import Server

from ludoteca.web.people.settings import PeopleSettings, SmtpSettings, parse_smtp
from ludoteca.web.wire.limits import Limits


class Inbox:
    """An aiosmtpd handler that keeps every mail it is given."""

    def __init__(self) -> None:
        self.mails: list[Mail] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(email.message_from_bytes(envelope.content))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield handler, controller.port
    finally:
        controller.stop()


def link_token(mail: Mail) -> str:
    body = mail.get_payload(decode=True)
    assert isinstance(body, bytes)
    found = re.search(r"/me#link=([A-Za-z0-9_-]+)", body.decode("utf-8"))
    assert found is not None, body
    return found.group(1)


def test_a_link_by_email_signs_another_browser_in_once(
    tmp_path: Path, inbox: tuple[Inbox, int]
) -> None:
    handler, port = inbox
    smtp = SmtpSettings("127.0.0.1", port, sender="mesa@example.org", security="none")
    people = PeopleSettings(public_url="https://mesa.example.org", smtp=smtp)
    with Server(str(tmp_path / "db.sqlite3"), people=people) as server:
        room = server.create_room("tacocat", 2)
        with browser(server) as phone, browser(server) as laptop:
            make_profile(phone, "Ana", "es")
            assert phone.get("/api/me").json()["mail"] is True
            phone.patch("/api/me", json={"email": "ana@example.org"})
            peer = sit_and_link(server, phone, room, 0, "Ana")
            nobody = laptop.post("/api/me/link/send", json={"email": "nadie@example.org"})
            assert nobody.status_code == 202
            asked = laptop.post("/api/me/link/send?lang=es", json={"email": "ANA@example.org"})
            assert asked.status_code == 202
            assert asked.json()["sent"] is nobody.json()["sent"] is True  # the same answer
            assert len(handler.mails) == 1  # only the address a profile has gets a mail
            mail = handler.mails[0]
            assert mail["To"] == "ana@example.org" and mail["From"] == "mesa@example.org"
            assert mail["Subject"] == "Entrar en Ludoteca"  # Ana's language
            token = link_token(mail)
            assert "https://mesa.example.org/me#link=" in str(mail.get_payload(decode=True))
            signed = laptop.post("/api/me/link", json={"token": token})
            assert signed.status_code == 200 and signed.json()["person"]["name"] == "Ana"
            assert laptop.get("/api/me").json()["person"]["name"] == "Ana"
            games = laptop.get("/api/me/games").json()["games"]
            assert [g["room"] for g in games] == [room]
            with browser(server) as thief:
                again = thief.post("/api/me/link?lang=es", json={"token": token})
                assert again.status_code == 400
                assert "ya se usó" in again.json()["error"]["message"]
                assert thief.get("/api/me").json()["person"] is None
        peer.close()


def test_without_smtp_no_link_is_sent_and_bad_addresses_are_refused(server: Server) -> None:
    with browser(server) as client:
        assert client.get("/api/me").json()["mail"] is False
        answer = client.post("/api/me/link/send?lang=es", json={"email": "a@b.org"})
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "no_mail"
        assert client.post("/api/me/link", json={"token": 5}).status_code == 400
        assert client.post("/api/me/link", json={"token": "x" * 500}).status_code == 400


def test_sign_in_attempts_are_rate_limited_per_address(tmp_path: Path) -> None:
    limits = Limits(sign_in=(0.001, 3.0))
    with Server(str(tmp_path / "db.sqlite3"), limits=limits) as server, browser(server) as client:
        codes = [
            client.post("/api/me/link?lang=es", json={"token": "guess"}).status_code
            for _ in range(5)
        ]
        assert codes == [400, 400, 400, 429, 429]
        refused = client.post("/api/me/passkeys/sign-in/options?lang=es", json={})
        assert refused.status_code == 429
        assert "intentos" in refused.json()["error"]["message"]


def test_passkey_ceremonies_refuse_forged_or_replayed_answers(server: Server) -> None:
    with browser(server) as client:
        assert client.post("/api/me/passkeys/options", json={}).status_code == 401
        make_profile(client, "Ana")
        begun = client.post("/api/me/passkeys/options", json={}).json()
        options = begun["options"]
        assert options["rp"] == {"id": "127.0.0.1", "name": "Ludoteca"}
        assert options["authenticatorSelection"]["residentKey"] == "required"
        forged = {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}}
        answer = client.post(
            "/api/me/passkeys?lang=es", json={"key": begun["key"], "credential": forged}
        )
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_passkey"
        replay = client.post("/api/me/passkeys", json={"key": begun["key"], "credential": forged})
        assert replay.status_code == 400  # the challenge was spent
        sign_in = client.post("/api/me/passkeys/sign-in/options", json={}).json()
        unknown = client.post(
            "/api/me/passkeys/sign-in?lang=es",
            json={"key": sign_in["key"], "credential": forged},
        )
        assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "no_passkey"
        junk = client.post("/api/me/passkeys/sign-in", json={"key": 3, "credential": []})
        assert junk.status_code == 400
        assert client.get("/api/me").json()["passkeys"] == 0


def test_smtp_urls_are_read_as_the_docs_say() -> None:
    full = parse_smtp("smtp://mesa%40x.org:s3cr%2Ft@mail.x.org:2525?from=mesa@x.org")
    assert (full.host, full.port, full.user, full.password) == (
        "mail.x.org",
        2525,
        "mesa@x.org",
        "s3cr/t",
    )
    assert full.security == "starttls" and full.sender == "mesa@x.org"
    assert parse_smtp("smtps://mail.x.org").port == 465
    assert parse_smtp("smtp://relay?security=none").security == "none"
    for bad in ("http://x", "smtp://", "smtp://x?security=maybe", "smtp://x:99999"):
        with pytest.raises(ValueError):
            parse_smtp(bad)
