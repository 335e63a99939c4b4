"""Seats: who acts in a game.

Seats are ``int`` values ``0..n-1``; :data:`CHANCE` stands for nature at a chance step. The
lowest module of the engine: the names of seats (``engine.events``) and the Game protocol
(``engine.game``, which re-exports both names) build on it.
"""

from __future__ import annotations

Seat = int
CHANCE: Seat = -1
"""The pseudo-seat that acts at a chance step (a draw, a die roll, a door)."""
