"""Test helpers for people: a browser-like HTTP client that keeps its cookies."""

from __future__ import annotations

from typing import Any

import httpx
from web_helpers import Peer, Server


def browser(server: Server) -> httpx.Client:
    """An HTTP client with its own cookie jar, as a browser's page would send requests
    (``Origin`` of the server itself).
    """
    return httpx.Client(
        base_url=server.base, headers={"origin": server.base}, timeout=10, follow_redirects=False
    )


def make_profile(client: httpx.Client, name: str, lang: str = "en", **extra: Any) -> Any:
    """``POST /api/me``: a new profile for the client's browser."""
    answer = client.post("/api/me", json={"name": name, "lang": lang, **extra})
    assert answer.status_code == 201, answer.text
    assert "ludoteca_person" in client.cookies
    return answer.json()["person"]


def person_with_address(server: Server, name: str, lang: str) -> httpx.Client:
    """A browser with a new profile ``name`` in ``lang`` and the address
    ``<name>@example.org``."""
    client = browser(server)
    make_profile(client, name, lang)
    answer = client.patch("/api/me", json={"email": f"{name.lower()}@example.org"})
    assert answer.status_code == 200, answer.text
    return client


def sit_and_link(server: Server, client: httpx.Client, room: str, seat: int, name: str) -> Peer:
    """Sit a person in ``seat`` over a WebSocket and link the seat to their profile."""
    peer = server.peer(room)
    peer.hello()
    peer.sit(seat, name)
    answer = client.post("/api/me/seats", json={"room": room, "token": peer.token})
    assert answer.status_code == 200, answer.text
    assert answer.json()["seat"] == seat
    return peer
