"""What the web table stores, and the one protocol every store speaks.

The rows (:class:`RoomRow`, :class:`SeatRow`, :class:`GameRow`, :class:`ChatRow`) are the
records of rooms, seats, games and chat; :class:`Store` is what the rooms need from storage.
Every write is committed when its call returns, so an accepted action is durable before it is
broadcast. The rooms' hot writes (a move's steps) go through :meth:`Store.submit`, which
commits them in the store's writer thread and tells the caller once they are stored.
Implementations: ``store.sqlite`` and ``store.postgres`` (over ``store.sql``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Done = Callable[[BaseException | None], None]
"""Told, in the writer thread, that a submitted write was committed (``None``) or failed."""

DEFAULT_TIMEOUT = 5.0
"""Seconds a store waits to connect, and for each statement (``open_store``)."""

DEFAULT_DB = "ludoteca.sqlite3"
"""The SQLite file used when no ``--db`` / ``LUDOTECA_DB`` is given (working directory)."""


@dataclass(frozen=True, slots=True)
class RoomRow:
    """A room as stored.

    Attributes:
        id: The room id (in the invite link).
        game: The game id.
        players: Seats.
        options: The room's game options as given at creation (JSON-ready).
        turn_seconds: Turn timer (0: none).
        status: ``lobby``, ``playing`` or ``finished``.
        game_no: The current (or last) game's number, 0 before the first start.
        created_ms: Creation time (ms since the epoch).
    """

    id: str
    game: str
    players: int
    options: dict[str, Any]
    turn_seconds: int
    status: str
    game_no: int
    created_ms: int


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat as stored (``kind`` free, human or bot; the token only as its hash)."""

    seat: int
    kind: str
    name: str
    agent: str
    profile: dict[str, Any] | None
    token_hash: str


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game of a room: its seed, resolved options, seat labels and outcome (or None)."""

    game_no: int
    seed: int
    options: dict[str, Any]
    seats: tuple[str, ...]
    outcome: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class ChatRow:
    """One chat line (``seat`` None: a spectator)."""

    seat: int | None
    name: str
    text: str
    at_ms: int


class Store(Protocol):
    """What the rooms need from storage. Every write is committed when the call returns."""

    def create_room(
        self, room: RoomRow, seats: Sequence[SeatRow] = (), creator_hash: str = ""
    ) -> None:
        """Insert a new room, its seats and its creator's token hash (one transaction)."""
        ...

    def creator_hash(self, room_id: str) -> str:
        """The hash of the room's creator token ("" if it has none)."""
        ...

    def update_room(self, room_id: str, status: str, game_no: int) -> None:
        """Set a room's status and current game number."""
        ...

    def rooms(self) -> list[RoomRow]:
        """Every room, oldest first."""
        ...

    def room(self, room_id: str) -> RoomRow | None:
        """One room, if it exists."""
        ...

    def save_seat(self, room_id: str, seat: SeatRow) -> None:
        """Insert or replace one seat."""
        ...

    def seats(self, room_id: str) -> list[SeatRow]:
        """A room's seats in seat order."""
        ...

    def add_game(self, room_id: str, game: GameRow, status: str | None = None) -> None:
        """Insert a new game of a room (and, with ``status``, make it the room's current
        game with that status, in the same transaction).
        """
        ...

    def finish_game(
        self, room_id: str, game_no: int, outcome: dict[str, Any], status: str | None = None
    ) -> None:
        """Store a game's outcome (and, with ``status``, the room's, in one transaction)."""
        ...

    def games(self, room_id: str) -> list[GameRow]:
        """A room's games in order."""
        ...

    def add_action(
        self, room_id: str, game_no: int, index: int, seat: int, text: str, at_ms: int
    ) -> None:
        """Store the ``index``-th step of a game (seat -1: chance)."""
        ...

    def add_actions(
        self, room_id: str, game_no: int, first: int, steps: Sequence[tuple[int, str]], at_ms: int
    ) -> None:
        """Store consecutive steps from index ``first`` in one transaction (a move and the
        chance draws after it).
        """
        ...

    def actions(self, room_id: str, game_no: int) -> list[tuple[int, str]]:
        """A game's steps ``(seat, text)`` in order."""
        ...

    def add_reason(self, room_id: str, game_no: int, index: int, texts: dict[str, str]) -> None:
        """Store a bot's reason for the ``index``-th step of a game, one text per language
        (why the bot made that move, shown with it in the history and the replay).
        """
        ...

    def reasons(self, room_id: str, game_no: int) -> dict[int, dict[str, str]]:
        """A game's stored bot reasons: each step index's texts by language."""
        ...

    def add_chat(self, room_id: str, line: ChatRow) -> None:
        """Append a chat line."""
        ...

    def chat(self, room_id: str, limit: int) -> list[ChatRow]:
        """The last ``limit`` chat lines, oldest first."""
        ...

    def room_code(self, room_id: str) -> str | None:
        """The room's join code (``room.codes``), if it was given one."""
        ...

    def code_room(self, code: str) -> str | None:
        """The room a join code names, if any."""
        ...

    def claim_code(self, room_id: str, code: str, at_ms: int, stale_before_ms: int) -> bool:
        """Give ``room_id`` the join code ``code`` unless a live room holds it (a room
        created at or after ``stale_before_ms``, or playing); True if the room holds it now.
        """
        ...

    def submit(self, write: Callable[[], None], done: Done) -> None:
        """Run ``write`` (calls of this store's write methods) in the writer thread, in one
        transaction with the other writes queued meanwhile; then call ``done`` (in that
        thread) with ``None`` once committed, or with the exception if ``write`` or the
        commit failed.
        """
        ...

    def close(self) -> None:
        """Finish the queued writes and release the connection."""
        ...
