"""Issue 38: every text the web sends a person names people and things, never ids.

For every game in both languages, a person plays a whole game against bots over real
WebSockets while a spectator watches: each label of each legal move, the last move, every
event, hint, bot's explanation, chat line, timed-out notice, error, the end and a replay
of the game are collected and checked against the ids of ``people_read`` (``P0``,
``Player 3``, ``seat 2``, ``I29``, ``D03``, ``a2`` ...), and English texts against Spanish.
The room is created with the person's page language only (``Accept-Language``), so its
language follows them.
"""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from web_helpers import Message, Peer, Server

from people_read import offending, report, text_forms

GAMES: dict[str, tuple[int, dict[str, Any], tuple[str, ...]]] = {
    # players, options, the bots of seats 1.. (a search bot explains its moves)
    "tacocat": (2, {}, ("expert",)),
    "dweebies": (3, {}, ("greedy", "expert")),
    "tile_up": (2, {"board_size": 9}, ("greedy",)),
    "mystery_date": (3, {"turn_limit": 30}, ("greedy", "strong")),
    "gotcha": (4, {"track_length": 4, "turn_limit": 8}, ("expert", "greedy", "expert")),
}
PERSON = "Zoe"
HINTS = 2
"""Hints asked per game (each is half a second of search)."""


def create_room(server: Server, game: str, players: int, options: dict[str, Any], lang: str) -> str:
    body = json.dumps({"game": game, "players": players, "options": options}).encode()
    request = urllib.request.Request(server.base + "/api/rooms", data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Accept-Language", f"{lang},en;q=0.5")
    with urllib.request.urlopen(request, timeout=10) as answer:
        room: str = json.loads(answer.read())["room"]
    return room


def seated_bots(last: int) -> Callable[[Message], bool]:
    """Whether a room's seats 1..``last`` hold bots."""
    return lambda room: all(s["kind"] == "bot" for s in room["seats"][1 : last + 1])


def legal_of(message: Message) -> list[Message]:
    """A ``state``'s legal moves (none for other messages)."""
    moves: list[Message] = message.get("legal") or []
    return moves


def texts_of(message: Message) -> list[str]:
    """Every text of a server message that a page shows a person."""
    kind = message["type"]
    found: list[str] = []
    if kind in ("state", "replay"):
        found += [e["text"] for e in message.get("events") or []]
        found += [m["label"] for m in message.get("legal") or []]
        last = message.get("last")
        if last:
            found.append(last["label"])
        outcome = message.get("outcome")
        if outcome:
            found += [outcome["reason"] or "", outcome["text"] or ""]
        why = message.get("why")
        if why:
            found.append(why["text"])
    elif kind == "chat":
        found += [message["name"], message["text"]]
    elif kind == "hint":
        found += [message["kind"], message["move"]]
    elif kind in ("error", "timed_out", "pause"):
        found += [message["message"], message.get("label") or ""]
    elif kind == "room":
        room = message["room"]
        found += [room["game_name"], *(s["name"] or "" for s in room["seats"])]
    return [text for text in found if text]


def play(person: Peer, lang: str, rng: random.Random) -> Message:
    """The person's moves (a random legal one; a few hints; one illegal try; one chat line)
    until the game ends; returns the final state.
    """
    hints = 0
    tried_illegal = chatted = False
    seen: set[str] = set()
    pending: Message | None = None
    for _ in range(20000):
        message = pending if pending is not None else person.recv(30)
        pending = None
        if message["type"] == "error" and message["code"] == "stale":
            message = person.state or message  # a move crossed another seat's: decide again
        if message["type"] != "state":
            continue
        if message["outcome"] is not None:
            return message
        legal = [m["text"] for m in message["legal"]]
        seen.update(legal)
        if not legal or person.seat not in message["actors"]:
            continue
        version = message["version"]
        if not chatted:
            person.send("chat", text="hello" if lang == "en" else "hola")
            chatted = True
        if hints < HINTS:
            person.send("hint")
            person.wait("hint")
            hints += 1
        stale = sorted(seen - set(legal))
        if not tried_illegal and stale:
            person.send("act", action=stale[0], version=version)
            answer = person.recv(30)
            while answer["type"] != "error" and person.state is message:
                answer = person.recv(30)  # refused, or (a listing's unlisted move) played
            tried_illegal = True
        if person.state is not message:
            pending = person.state  # the game moved on while waiting: decide on the new one
            continue
        turn = [t for t in legal if t.split()[0] in ("draw", "play", "vote")]
        if message["clock"] is not None and not turn:
            continue  # Gotcha: only the turn's moves, the bots talk and buzz
        person.send("act", action=rng.choice(turn or legal), version=version)
    raise AssertionError("the game did not end")


PANEL = {
    "tacocat": ("rounds_won", "duels_won"),
    "dweebies": ("collections", "lines"),
    "tile_up": ("corners_covered", "tiles_placed", "goals_scored"),
    "mystery_date": ("door_opens", "dates_met", "swaps"),
    "gotcha": ("caught", "plays", "wrong_buzzes"),
}
"""Figures by seat the end panel shows for each game (besides the outcome's own)."""


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_text_the_web_sends_names_people_and_things(
    server: Server, game: str, lang: str
) -> None:
    players, options, bots = GAMES[game]
    room = create_room(server, game, players, options, lang)
    person = server.peer(room)
    person.hello(lang=lang)
    person.sit(0, PERSON, **({"age": 30, "traits": ["glasses"]} if game == "gotcha" else {}))
    for seat, agent in enumerate(bots, start=1):
        person.send("bot", seat=seat, agent=agent)
        person.wait_room(seated_bots(seat))
    watcher = server.peer(room)
    watcher.hello(lang=lang)
    person.send("start")
    final = play(person, lang, random.Random(f"{game}-{lang}"))
    watcher.wait("state", lambda m: m["outcome"] is not None and m["version"] == final["version"])
    for step in (0, final["version"] // 2, final["version"]):
        person.send("replay", step=step)
        replayed = person.wait("replay")
    # The replay's last frame shows the end panel's figures as the game's end did (issue 38).
    assert replayed["outcome"]["figures"] == final["outcome"]["figures"]
    assert set(PANEL[game]) <= set(final["outcome"]["figures"])
    person.drain()
    watcher.drain()
    assert person.room is not None
    if any(spec == "language" for spec in person.room["options"]):
        assert person.room["options"]["language"] == lang, "the room speaks its creator's language"
    texts = [text for peer in (person, watcher) for m in peer.seen for text in texts_of(m)]
    assert any(PERSON in text for text in texts), "the person is named"
    forms = {m["text"] for peer in (person, watcher) for s in peer.seen for m in legal_of(s)}
    found = offending(texts, game, lang) + text_forms(texts, forms)
    assert not found, f"{len(found)} texts show ids:\n{report(found)}"
    person.close()
    watcher.close()
