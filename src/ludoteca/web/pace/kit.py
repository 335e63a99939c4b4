"""What a room's pace needs of the server: its clock, where notices go, how to wake the
scheduler. ``web.app`` makes one per process and hands it to the rooms (``room.settings``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ludoteca.web.pace.clock import PaceClock


@dataclass(frozen=True, slots=True)
class Note:
    """A notice for one seat's person (a push, and a mail where they gave an address).

    Attributes:
        room_id: The room.
        seat: The seat told.
        kind: ``move``, ``alarm``, ``end``, ``nudge`` or ``invite``.
        texts: ``lang → (title, body)`` (the subscription's language picks one).
        url: The page it opens (``/room/<id>``).
        tag: Notices with one tag replace each other on the device.
    """

    room_id: str
    seat: int
    kind: str
    texts: dict[str, tuple[str, str]]
    url: str
    tag: str


class Notices(Protocol):
    """Where notes go (``notify.notifier.Notifier``; sent off the event loop)."""

    def tell(self, note: Note) -> None:
        """Send ``note`` to its seat's subscriptions and mail address, if any."""
        ...


class NoNotices:
    """Notices off (a server without the notifier, and the unit tests' rooms)."""

    def __init__(self) -> None:
        self.told: list[Note] = []

    def tell(self, note: Note) -> None:
        """Keep ``note`` (what would have been sent)."""
        self.told.append(note)


def _nothing() -> None:
    return None


@dataclass(slots=True)
class PaceKit:
    """The server's parts a room's pace uses.

    Attributes:
        clock: The server's pace clock.
        notices: Where notes go.
        wake: Tells the scheduler that a room's clocks changed (any thread).
        allow_http_push: Test-only: accept ``http://`` push endpoints (a local push service).
    """

    clock: PaceClock = field(default_factory=PaceClock)
    notices: Notices = field(default_factory=NoNotices)
    wake: Callable[[], None] = _nothing
    allow_http_push: bool = False
