"""Rooms' short join codes: four letters a table screen shows and reads aloud, that a phone
types to join (Jackbox's room codes; ``docs/protocol.md``, "Party mode").

The letters leave out the vowels (no code spells a word, in Spanish or English) and the
letters easily taken for digits or for each other on a screen or aloud (L, S, V): 17
letters, 83,521 codes. A code is stored (``join_codes`` table), so it survives a restart,
and is unique among live rooms: a room gets one the first time its table screen asks, and
a code whose room is gone, or past ``--room-days`` with no game in progress (its tokens
expired), may be given to another room.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Literal

from ludoteca.web.store import RoomRow, Store
from ludoteca.web.wire.client import now_ms

log = logging.getLogger("ludoteca.web")

ALPHABET = "BCDFGHJKMNPQRTWXZ"
"""The letters of a code: no vowels, no L (1), S (5) or V (U)."""
CODE_LENGTH = 4
CLAIM_TRIES = 64
"""Codes drawn before giving up (with a few thousand live rooms, one try nearly always)."""

Found = tuple[Literal["bad_code", "no_code", "code_expired"], None] | tuple[None, RoomRow]
"""A look-up's answer: why there is no room, or the room's stored row."""


def normalise(text: str) -> str | None:
    """``text`` as a code (capitals, spaces and dashes dropped), or None if it is not one."""
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def new_code() -> str:
    """A random code (``secrets``: codes are not guessable from one another)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


class JoinCodes:
    """The rooms' join codes over one store.

    Args:
        store: Where codes (and rooms) live.
        room_days: Days after its creation that a room's tokens and code stay good
            (unless a game is in progress): ``Limits.room_days``.
    """

    def __init__(self, store: Store, room_days: float) -> None:
        self.store = store
        self.room_ms = round(room_days * 86_400_000)

    def expired(self, row: RoomRow, at_ms: int | None = None) -> bool:
        """Whether the room's code (and tokens) stopped working."""
        now = now_ms() if at_ms is None else at_ms
        return row.status != "playing" and now > row.created_ms + self.room_ms

    async def code_for(self, room_id: str) -> str | None:
        """The room's code, given now if it has none (read and written in a thread).

        Returns:
            The code, or None if there is no such room or its code expired.
        """
        return await asyncio.to_thread(self._code_for, room_id)

    def _code_for(self, room_id: str) -> str | None:
        row = self.store.room(room_id)
        if row is None or self.expired(row):
            return None
        held = self.store.room_code(room_id)
        if held is not None:
            return held
        for _ in range(CLAIM_TRIES):
            code = new_code()
            now = now_ms()
            try:
                if self.store.claim_code(room_id, code, now, now - self.room_ms):
                    return code
            except Exception:
                # Another request gave this room its code meanwhile (the room is unique in
                # the table): that one is the room's.
                held = self.store.room_code(room_id)
                if held is not None:
                    return held
                raise
        log.warning("room %s: no free join code after %d tries", room_id, CLAIM_TRIES)
        return None

    async def find(self, text: str) -> Found:
        """The room a typed code names (read in a thread), or why there is none."""
        code = normalise(text)
        if code is None:
            return ("bad_code", None)
        return await asyncio.to_thread(self._find, code)

    def _find(self, code: str) -> Found:
        room_id = self.store.code_room(code)
        row = None if room_id is None else self.store.room(room_id)
        if row is None:
            return ("no_code", None)
        if self.expired(row):
            return ("code_expired", None)
        return (None, row)
