"""Each game's end-panel figures counted again, independently of ``engine.figures``, from the
stored record: the events a spectator was told at each step, tallied by plain loops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from e2e.e2e_record import StoredGame
from ludoteca.engine.events import Event
from ludoteca.games.tile_up.model import cell_name

Told = list[tuple[int, Event]]
"""Every public event of a game with the seat that took its step."""


def public_events(stored: StoredGame) -> Told:
    """Every event of viewer ``None`` (a spectator) of every stored step, in order."""
    game, states = stored.game, stored.states
    told: Told = []
    for index, (seat, text) in enumerate(stored.steps):
        action = game.parse_action(text)
        events = game.events(states[index], seat, action, states[index + 1], None)
        told.extend((seat, event) for event in events)
    return told


def _per_seat(players: int) -> list[int]:
    return [0] * players


def tacocat(told: Told, players: int, options: dict[str, Any]) -> dict[str, list[int]]:
    """Duels won: a duel's higher card attacks (TC-04)."""
    won = _per_seat(players)
    for _seat, event in told:
        if event.kind == "duel":
            won[event.data["attacker"]] += 1
    return {"duels_won": won}


def dweebies(told: Told, players: int, options: dict[str, Any]) -> dict[str, list[int]]:
    """Collections made and lines collected (a row and a column at once: two lines)."""
    made, lines = _per_seat(players), _per_seat(players)
    for seat, event in told:
        if event.kind == "collect" and event.data["which"] != "none":
            made[seat] += 1
            lines[seat] += 2 if event.data["which"] == "both" else 1
    return {"collections": made, "lines": lines}


def tile_up(told: Told, players: int, options: dict[str, Any]) -> dict[str, list[int]]:
    """Tiles placed, and the corners each seat's tile covered first."""
    last = int(options["board_size"]) - 1
    corners = {cell_name(row, col) for row in (0, last) for col in (0, last)}
    placed, covered = _per_seat(players), _per_seat(players)
    for seat, event in told:
        if event.kind == "place":
            placed[seat] += 1
            if event.data["cell"] in corners:
                corners.discard(event.data["cell"])
                covered[seat] += 1
    return {"corners_covered": covered, "tiles_placed": placed}


def mystery_date(told: Told, players: int, options: dict[str, Any]) -> dict[str, list[int]]:
    """Doors opened, dates met behind them (not the dud), swaps made."""
    doors, dates, swaps = _per_seat(players), _per_seat(players), _per_seat(players)
    for _seat, event in told:
        if event.kind == "door":
            doors[event.data["seat"]] += 1
            dates[event.data["seat"]] += event.data["result"] != "dud"
        elif event.kind == "swap":
            swaps[event.data["seat"]] += 1
    return {"door_opens": doors, "dates_met": dates, "swaps": swaps}


def gotcha(told: Told, players: int, options: dict[str, Any]) -> dict[str, list[int]]:
    """Breaches caught by a buzz, rule cards played, wrong buzzes."""
    caught, plays, wrong = _per_seat(players), _per_seat(players), _per_seat(players)
    for seat, event in told:
        if event.kind == "play":
            plays[seat] += 1
        elif event.kind == "verdict" and event.data["result"] == "correct":
            caught[event.data["buzzer"]] += 1
        elif event.kind == "verdict" and event.data["result"] == "wrong":
            wrong[event.data["buzzer"]] += 1
    return {"caught": caught, "plays": plays, "wrong_buzzes": wrong}


COUNTS: dict[str, Callable[[Told, int, dict[str, Any]], dict[str, list[int]]]] = {
    "tacocat": tacocat,
    "dweebies": dweebies,
    "tile_up": tile_up,
    "mystery_date": mystery_date,
    "gotcha": gotcha,
}
"""Per game: the figures by seat the end panel must show, from the public events."""
