"""A room's seats: who sits where, their tokens and their profiles.

A seat is free, a person's (the SHA-256 of the token the person was given when sitting
down; the token itself is never stored) or a bot's (its agent's name). :class:`Seats` holds
them and saves every change to the store (by the store's writer thread: the event loop
never waits on the database); its methods check the request against the seat and raise
:class:`RoomError` with the protocol's codes. A person's name is unique at the table
(compared without case) and may not be a word the table uses for others ("Spectator").
:class:`Seats` also remembers when each person's connection dropped, for the grace period
before another player may hand their seat to a bot. Which room phase allows what is the
room's business (``room.Room``), not the seats'.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, cast

from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import Game, ProfiledGame, ProfileSpec
from ludoteca.engine.i18n import msg
from ludoteca.engine.seats import PLAYER_NAMES
from ludoteca.web.room.session import committed
from ludoteca.web.store import SeatRow, Store
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import RoomError

log = logging.getLogger("ludoteca.web")

FREE, HUMAN, BOT = "free", "human", "bot"
BOT_NAMES: tuple[str, ...] = PLAYER_NAMES
"""Bots' names at a game whose seats declare no profile (``ProfileSpec.bot_names`` else)."""
RESERVED_NAMES = frozenset(
    ("spectator", "spectators", "espectador", "espectadora", "espectadores", "bot", "bots",
     "system", "sistema", "server", "servidor", "ludoteca", "admin", "you", "tú", "tu")
)  # fmt: skip
"""Names no person may take (compared as :func:`name_key` gives them): the words the table
uses for someone who is not a seated person, or for itself."""


def name_key(name: str) -> str:
    """How two names are compared: Unicode-normalised (NFKC), without case or inner
    spaces, so "Ana", "ANA" and "A na" are one name.
    """
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


@dataclass(slots=True)
class SeatState:
    """A seat: free, a person (its token's hash) or a bot (its agent)."""

    seat: int
    kind: str = FREE
    name: str = ""
    agent: str = ""
    profile: dict[str, Any] | None = None
    token_hash: str = ""

    def row(self) -> SeatRow:
        """As stored."""
        return SeatRow(self.seat, self.kind, self.name, self.agent, self.profile, self.token_hash)


def hash_token(token: str) -> str:
    """How a seat token is stored (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Seats:
    """The seats of one room, saved to the store on every change.

    Args:
        store: Where the seats live.
        room_id: Their room.
        game: The room's game (whether seats declare a profile: ``GameInfo.profiles``).
        seats: The seats, one per player, in seat order.
    """

    def __init__(
        self, store: Store, room_id: str, game: Game[Any, Any], seats: list[SeatState]
    ) -> None:
        self.store = store
        self.room_id = room_id
        self.game = game
        self.spec: ProfileSpec | None = game.info.profiles
        self.all = seats
        self.dropped: dict[int, float] = {}
        """When each person's last connection closed (``Rooms.clock``), while none is open."""

    def __iter__(self) -> Iterator[SeatState]:
        return iter(self.all)

    def __len__(self) -> int:
        return len(self.all)

    def __getitem__(self, number: int) -> SeatState:
        return self.all[number]

    def get(self, number: int) -> SeatState:
        """The seat ``number``.

        Raises:
            RoomError: ``bad_message`` if the room has no such seat.
        """
        if not 0 <= number < len(self.all):
            raise RoomError(
                "bad_message", msg("web.error.no_seat", seat=number, high=len(self.all) - 1)
            )
        return self.all[number]

    def holder(self, token: str) -> int | None:
        """The seat that ``token`` opens, if any: a person's, or one a bot took over after
        its person's connection dropped (``to_bot(reclaimable=True)``).
        """
        digest = hash_token(token)
        for seat in self.all:
            if seat.kind in (HUMAN, BOT) and seat.token_hash and seat.token_hash == digest:
                return seat.seat
        return None

    def full(self) -> bool:
        """Whether no seat is free (a game may start)."""
        return all(seat.kind != FREE for seat in self.all)

    def names(self) -> tuple[str, ...]:
        """The seats' names in seat order (the game record's labels)."""
        return tuple(seat.name for seat in self.all)

    async def save(self, seat: SeatState) -> None:
        """Store a seat's new state by the store's writer thread, then hold it: a seat
        changes only once the store took it (a refused write is ``server_error`` and the
        seat is as it was).

        Raises:
            RoomError: ``server_error`` if the store refused it.
        """
        row = seat.row()
        try:
            await committed(self.store, lambda: self.store.save_seat(self.room_id, row))
        except Exception:
            log.exception("room %s: the store refused seat %s", self.room_id, seat.seat)
            raise RoomError("server_error", msg("web.error.store")) from None
        self.all[seat.seat] = seat

    def sit(
        self, number: int, name: str, age: int | None, traits: tuple[str, ...]
    ) -> tuple[SeatState, str]:
        """A person sits down in a free seat: the seat as it will be and its new token
        (only its hash is kept). The room stores the seat, then puts it in :attr:`all`
        (its store write is awaited, off the event loop).

        Raises:
            RoomError: ``seat_taken``; ``bad_message`` for a bad seat, name or profile.
        """
        seat = self.get(number)
        if seat.kind != FREE:
            raise RoomError("seat_taken", msg("web.error.seat_taken", seat=number))
        name = name.strip()
        if not 0 < len(name) <= p.MAX_NAME or "\n" in name:
            raise RoomError("bad_message", msg("web.error.bad_name", max=p.MAX_NAME))
        key = name_key(name)
        if not key or key in RESERVED_NAMES:
            raise RoomError("name_taken", msg("web.error.name_reserved", name=name))
        if key in {name_key(s.name) for s in self.all if s.kind != FREE}:
            raise RoomError("name_taken", msg("web.error.name_taken", name=name))
        profile = None if self.spec is None else person_profile(self.spec, name, age, traits)
        token = secrets.token_urlsafe(24)
        taken = replace(
            seat, kind=HUMAN, name=name, agent="", profile=profile, token_hash=hash_token(token)
        )
        return taken, token

    async def seat_bot(self, number: int, agent: str) -> None:
        """A bot takes a free seat (in the lobby), with a name (and a profile) of its own.

        Raises:
            RoomError: ``seat_taken``; ``bad_message`` for a bad seat.
        """
        seat = self.get(number)
        if seat.kind != FREE:
            raise RoomError("seat_taken", msg("web.error.seat_taken", seat=number))
        name, profile = self._bot_name(number), seat.profile
        if self.spec is not None:
            profile = self._bot_profile(number)
            name = profile["name"]
        await self.save(
            replace(seat, kind=BOT, agent=agent, token_hash="", name=name, profile=profile)
        )

    async def to_bot(self, number: int, agent: str, *, reclaimable: bool = False) -> None:
        """A person's seat played by a bot from now on. ``reclaimable`` (the person's
        connection dropped and another player handed the seat over): their token still
        opens it and takes it back (:meth:`reclaim`); else it stops working.
        """
        seat = self.all[number]
        token_hash = seat.token_hash if reclaimable else ""
        await self.save(replace(seat, kind=BOT, agent=agent, token_hash=token_hash))
        self.dropped.pop(number, None)

    async def reclaim(self, number: int) -> None:
        """The person whose seat a bot took after a drop sits again (their token)."""
        await self.save(replace(self.all[number], kind=HUMAN, agent=""))

    async def free(self, number: int) -> None:
        """Empty a seat (in the lobby)."""
        seat = self.all[number]
        await self.save(replace(seat, kind=FREE, name="", agent="", profile=None, token_hash=""))
        self.dropped.pop(number, None)

    def grace_left(self, number: int, now: float, grace: float, since: float) -> float:
        """Seconds until another player may hand person's seat ``number`` to a bot: its
        connection dropped at ``dropped[number]`` (else, if none is recorded, it has not
        been seen since ``since``: the room was loaded), and ``grace`` seconds must pass.
        """
        dropped = self.dropped.get(number, since)
        return max(0.0, dropped + grace - now)

    def _used_names(self) -> set[str]:
        return {s.name for s in self.all if s.kind != FREE}

    def profiles_option(self) -> dict[str, str]:
        """The option the seats' profiles fill, for a new game (none if seats declare no
        profile).
        """
        if self.spec is None:
            return {}
        profiles = [seat.profile or {} for seat in self.all]
        return {self.spec.option: self.spec.option_value(profiles)}

    def _bot_name(self, number: int) -> str:
        used = self._used_names()
        names = BOT_NAMES if self.spec is None else self.spec.bot_names
        for offset in range(len(names)):
            name = names[(number + offset) % len(names)]
            if name not in used:
                return name
        return f"Bot {number}"

    def _bot_profile(self, number: int) -> dict[str, Any]:
        """A profile as the game draws them for bots (``ProfiledGame.draw_profiles``: its
        name fits its traits), under another name while its own is taken at the table.
        """
        game = cast("ProfiledGame[Any, Any]", self.game)
        used = self._used_names()
        for attempt in range(20):
            rng = rng_mod.derive(self.room_id, "profile", number, attempt)
            profile = game.draw_profiles(len(self.all), rng)[number]
            if profile.name not in used:
                break
        name = profile.name if profile.name not in used else self._bot_name(number)
        return {**profile.to_json(), "name": name}


def person_profile(
    spec: ProfileSpec, name: str, age: int | None, traits: tuple[str, ...]
) -> dict[str, Any]:
    """A person's seat profile as sent in the ``room`` message (no age: the spec's
    default).

    Raises:
        RoomError: ``bad_message`` for an age no person has or a trait the game lacks.
    """
    if age is None:
        age = spec.default_age()
    if not 0 < age < 130:
        raise RoomError("bad_message", msg("web.error.bad_age"))
    valid = spec.trait_ids()
    for trait in traits:
        if trait not in valid:
            raise RoomError(
                "bad_message", msg("web.error.bad_trait", trait=trait, valid=", ".join(valid))
            )
    return {"name": name, "age": age, "traits": sorted(set(traits))}
