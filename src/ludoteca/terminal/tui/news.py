"""The table's log: every event a person may see, once, and which of them matter to them.

:class:`LogEntry` is one line of the log. :func:`matters` decides which events change the
person's situation (a round's or the game's result, a score, their own door, a rule that
binds them, a buzz that names them): those are highlighted, and when the game would go on
at once (bots playing) the table waits for a key after them. :func:`is_chatter` marks the
bots' talk in a realtime game (chat and emotes), which the log can fold away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.engine.events import Event
from ludoteca.engine.game import CHANCE, Seat

ALWAYS = frozenset({"round_end", "game_end", "showdown", "score", "collect", "verdict"})
"""Kinds that matter to everyone at the table (results and scores)."""
OWN = frozenset({"door", "swap_received", "pawn", "must_discard", "sacrifice"})
"""Kinds that matter when they are about the person's own seat."""
CHATTER = frozenset({"chat", "emote"})
"""Kinds that are talk, not play."""
MOVES = frozenset({"forced", "deal", "draw", "draw_tile", "draw_goal", "turn_start"})
"""Kinds that are not a player's move on the table (not marked as the last move)."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event as the log shows it.

    Attributes:
        step: The step it happened at (from 1).
        kind: The event's kind (``engine.events``).
        actor: The seat that acted, or ``None``.
        text: The sentence, in the person's language, with the players' names.
        important: Whether it changes the person's situation (:func:`matters`).
        chatter: Whether it is talk (:func:`is_chatter`).
    """

    step: int
    kind: str
    actor: Seat | None
    text: str
    important: bool
    chatter: bool


def _seat_of(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _names_seat(value: Any, viewer: Seat) -> bool:
    if isinstance(value, list | tuple):
        return any(_seat_of(item) == viewer for item in value)
    return _seat_of(value) == viewer


def matters(item: Event, viewer: Seat, chatty: bool = False) -> bool:
    """Whether ``item`` changes the situation of the person at ``viewer``.

    Args:
        item: The event.
        viewer: The person's seat.
        chatty: Whether the game is realtime (Gotcha): there a played rule that names
            nobody binds everyone, and a buzz matters to the seats it names.
    """
    kind, data = item.kind, item.data
    if kind in ALWAYS:
        return True
    own = item.actor == viewer or _names_seat(data.get("seat"), viewer)
    if kind in OWN:
        return own
    if chatty and kind == "buzz":
        return _names_seat(data.get("accused"), viewer)
    if chatty and kind == "play" and item.actor != viewer:
        target = data.get("target")
        return target is None or _names_seat(target, viewer)
    return False


def is_chatter(item: Event) -> bool:
    """Whether ``item`` is talk rather than play (chat, emotes)."""
    return item.kind in CHATTER


def is_move(item: Event) -> bool:
    """Whether ``item`` tells a player's move (what the board marks as the last move)."""
    return item.actor is not None and item.actor != CHANCE and item.kind not in MOVES
