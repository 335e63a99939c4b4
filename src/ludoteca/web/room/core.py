"""What every part of a room (its bots, its race of presses, its correspondence pace) needs
of the room that holds it: its id, its lock, its game's session and its phase.

Each part states the rest of what it needs in a protocol of its own that extends
:class:`RoomCore`; ``room.Room`` is every one of them.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from ludoteca.web.room.session import Session


class RoomCore(Protocol):
    """The room as every part of it sees it."""

    @property
    def id(self) -> str:
        """The room's id (for the log and the store)."""
        ...

    @property
    def lock(self) -> asyncio.Lock:
        """Held while anything of the room changes."""
        ...

    @property
    def session(self) -> Session:
        """The room's game and its store."""
        ...

    @property
    def status(self) -> str:
        """``lobby``, ``playing`` or ``finished``."""
        ...
