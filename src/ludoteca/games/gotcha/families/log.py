"""Reading the event log: the predicates several rule families share.

Conventions (every family): a turn runs from a ``turn_start`` event to the owner's ``play``
(or the next ``turn_start``); between a play and the next ``turn_start`` it is nobody's turn.
The seat to the right of ``s`` is ``(s - 1) % n`` (who plays just before ``s``), the one to
the left ``(s + 1) % n``; ``n`` is the number of seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.gotcha.cards_model import Event, Profile


def whose(by: str, actor: int, seat: int, n: int) -> bool:
    """Whether an event by ``actor`` counts as ``by`` (``Rule.by``, ``Rule.anchor_by``)
    relative to ``seat``.
    """
    if by == "self":
        return actor == seat
    if by == "other":
        return actor >= 0 and actor != seat
    if by == "any":
        return True
    if n <= 0:
        return False
    if by == "right":
        return actor == (seat - 1) % n
    if by == "left":
        return actor == (seat + 1) % n
    raise ValueError(f"unknown 'by' {by!r}")


def owner_before(log: Sequence[Event], end: int) -> int:
    """Whose turn it is just before ``log[end]`` (-1: nobody's)."""
    for i in range(end - 1, -1, -1):
        kind = log[i].kind
        if kind == "turn_start":
            return log[i].seat
        if kind == "play":
            return -1
    return -1


def seat_name(profiles: Sequence[Profile], seat: int) -> str:
    """The declared name of ``seat`` (``""`` for a seat without a profile)."""
    return profiles[seat].name if 0 <= seat < len(profiles) else ""
