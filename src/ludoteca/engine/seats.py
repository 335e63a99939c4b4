"""Seats: who acts in a game.

Seats are ``int`` values ``0..n-1``; :data:`CHANCE` stands for nature at a chance step. The
lowest module of the engine: the names of seats (``engine.events``) and the Game protocol
(``engine.game``, which re-exports both names) build on it.
"""

from __future__ import annotations

Seat = int
CHANCE: Seat = -1
"""The pseudo-seat that acts at a chance step (a draw, a die roll, a door)."""

SEAT_SYMBOLS: tuple[str, ...] = ("●", "▲", "■", "◆", "★", "▼", "♥", "♣")
"""Each seat's symbol, shown with its colour next to its person's name (the web's seat
badges, ``web/static/boards/board_kit.js``, and the terminal): people tell seats apart by
name, colour and symbol, never by a seat number."""


PLAYER_NAMES: tuple[str, ...] = (
    "Ana", "Bruno", "Carla", "Diego", "Elena", "Fabio", "Gala", "Hugo",
    "Inés", "Iván", "Julia", "Jorge", "Lola", "Luis", "Marta", "Mario",
)  # fmt: skip
"""People's names for seats nobody named: the web's bots, every seat of a terminal game."""


def seat_symbol(seat: Seat) -> str:
    """The symbol of ``seat`` (:data:`SEAT_SYMBOLS`, repeating past eight seats)."""
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]
