"""A person's games ("My games"): every room they sit in, most urgent first.

For each seat a person sits in (``people.profiles``: linked when their browser sat down)
the list says the game, whose move it is (names), the time left for their move, who they
play against, and the record of the room's finished games (won, lost or draw, against
whom). A room in this process's memory is read as it is now; one that is not is read from
the store and replayed without starting it (``Rooms.peek``). Finished games are rated
then, for the people who opted in (``people.records``).

Urgency: your move first (least time left first), then games waiting on others, then
tables in the lobby, then finished ones (newest first).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from typing import Any

from ludoteca.engine import registry
from ludoteca.engine.i18n import Lang
from ludoteca.web.people import records
from ludoteca.web.people.profiles import Person, PersonSeat, Profiles, now_ms
from ludoteca.web.room.hall import Rooms
from ludoteca.web.room.room import Room
from ludoteca.web.room.seats import BOT, HUMAN, hash_token


def time_left_ms(room: Room, seat: int, now: int, last_step_ms: int = 0) -> int | None:
    """Milliseconds ``seat`` has left for its move (None: no clock runs for it).

    A correspondence room: its deadline on the server's pace clock (``room.pacing``; a
    room read from the store has its stored clocks). Else the room's turn timer: its
    deadline while the room is in memory (the pilot's), else the time of the game's last
    stored step plus the turn's seconds (a room nobody holds: its timer starts again when
    it is loaded).
    """
    if room.pacer.on:
        left = room.pacer.time_left(seat)
        return None if left is None else max(0, left)
    deadline = room.pilot.deadlines.get(seat)
    if deadline is None and room.turn_seconds and last_step_ms:
        deadline = last_step_ms + room.turn_seconds * 1000
    return None if deadline is None else max(0, deadline - now)


def _to_move(room: Room) -> tuple[int, ...]:
    """The seats whose move the room waits on (none outside a game)."""
    live = room.live
    if live is None or room.status != "playing":
        return ()
    with room.session.calls():
        return tuple(live.actors())


def entry(
    room: Room,
    mine: PersonSeat,
    games: list[records.GameRow],
    lang: Lang,
    now: int,
    last_step_ms: int = 0,
) -> dict[str, Any] | None:
    """One row of My games (None if the seat is no longer the person's; ``last_step_ms``:
    when the current game's last step was stored, for a room not in memory).
    """
    if not 0 <= mine.seat < room.players:
        return None
    seat = room.seats[mine.seat]
    if seat.kind not in (HUMAN, BOT) or seat.token_hash != hash_token(mine.token):
        return None
    names = room.names()
    movers = _to_move(room)
    mine_to_move = mine.seat in movers
    return {
        "room": room.id,
        "url": f"/room/{room.id}",
        "game": room.info.id,
        "game_name": room.info.name(lang),
        "status": room.status,
        "seat": mine.seat,
        "name": seat.name,
        "your_move": mine_to_move,
        "to_move": [names[s] for s in movers],
        "time_left_ms": (
            time_left_ms(room, mine.seat, now, last_step_ms) if mine_to_move else None
        ),
        "others": [
            {"name": s.name, "bot": s.kind == BOT}
            for s in room.seats
            if s.seat != mine.seat and s.kind in (HUMAN, BOT)
        ],
        "record": records.record(games, mine.seat),
        "token": mine.token,
        "joined_ms": mine.joined_ms,
    }


def urgency(row: Mapping[str, Any]) -> tuple[int, float, int]:
    """How a row sorts: your move (least time first), others' move, lobby, finished."""
    left = row["time_left_ms"]
    if row["status"] == "playing" and row["your_move"]:
        return (0, float("inf") if left is None else left, -row["joined_ms"])
    phase = {"playing": 1, "lobby": 2}.get(row["status"], 3)
    return (phase, 0.0, -row["joined_ms"])


async def my_games(
    held: Mapping[str, Room], hall: Rooms, profiles: Profiles, person: Person, lang: Lang
) -> list[dict[str, Any]]:
    """Every game ``person`` sits in, most urgent first (rating finished games on the
    way, once each, for the people who opted in).

    Args:
        held: The rooms this process holds now, by id.
        hall: This process's rooms (their store, and ``peek`` for the others).
        profiles: The people.
        person: Whose games.
        lang: The language of the game names.
    """
    seats = await asyncio.to_thread(profiles.seats_of, person.id)
    rows: list[dict[str, Any]] = []
    now = now_ms()
    for mine in seats:
        room = held.get(mine.room_id)
        peeked = None
        if room is None:
            room = peeked = await asyncio.to_thread(hall.peek, mine.room_id)
        if room is None:
            continue
        try:
            games = await asyncio.to_thread(
                records.games_rated, hall.store, profiles.rows, room.id, room.info.id
            )
            last = 0
            if peeked is not None and room.turn_seconds and room.status == "playing":
                last = await asyncio.to_thread(profiles.rows.ended_ms, room.id, room.game_no)
            row = entry(room, mine, games, lang, now, last)
        finally:
            if peeked is not None:
                with contextlib.suppress(Exception):
                    peeked.close()
        if row is not None:
            rows.append(row)
    rows.sort(key=urgency)
    return rows


def ratings_of(profiles: Profiles, person: Person, lang: Lang) -> list[dict[str, Any]]:
    """A person's ratings (only if they opted in), by game: the shown number and games."""
    if not person.ratings:
        return []
    shown = []
    for rating in profiles.rows.ratings_of(person.id):
        known = rating.game in registry.available_games()
        name = registry.make(rating.game).info.name(lang) if known else rating.game
        shown.append(
            {
                "game": rating.game,
                "game_name": name,
                "rating": records.shown_rating(rating),
                "games": rating.games,
            }
        )
    return shown
