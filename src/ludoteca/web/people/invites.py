"""Invitations: a person sitting at a room still in its lobby invites someone they have
played with before to one of its free seats (``docs/protocol.md``, "People").

Whom one may invite is never a directory: only the people who sat in a room with the
inviter (``store.invite_rows.played_with``), each named by a handle that means something
only to that inviter (a hash of both ids; ids stay on the server). A room holds at most
:data:`MOST_PER_ROOM` pending invitations; one ends when its person declines, sits down at
the room, or the room's game starts (checked whenever invitations are read). Accepting is
the normal sit path: the invitation opens the room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.engine.i18n import msg
from ludoteca.web.people import invite_texts  # noqa: F401 (registers the texts)
from ludoteca.web.people.profiles import Person, Profiles, hash_secret, now_ms
from ludoteca.web.store import invite_rows
from ludoteca.web.store.base import RoomRow, Store
from ludoteca.web.store.dialect import Transacting
from ludoteca.web.store.invite_rows import InviteRow
from ludoteca.web.wire.client import RoomError

MOST_PER_ROOM = 3
"""Most pending invitations a room holds at once."""
MOST_LISTED = 40
"""Most people listed as invitable (the most recent co-players)."""
LOBBY = "lobby"
FREE = "free"


@dataclass(frozen=True, slots=True)
class Sent:
    """An invitation just stored: to whom, into which room (for the notice)."""

    to: Person
    room: RoomRow
    from_name: str


def handle(inviter: Person, other: Person) -> str:
    """How ``inviter``'s page names ``other`` (meaningless to anyone else)."""
    return hash_secret(f"{inviter.id}:{other.id}")[:20]


class Invites:
    """The invitations of one store.

    Args:
        store: The store (``transact``) holding ``invites`` and ``person_seats``.
        rooms: The same store, for its rooms and seats.
        profiles: The people.
    """

    def __init__(self, store: Transacting, rooms: Store, profiles: Profiles) -> None:
        self.store = store
        self.rooms = rooms
        self.profiles = profiles

    def played_with(self, person: Person, room_id: str) -> list[tuple[str, Person]]:
        """The people ``person`` played with before (outside ``room_id``): (handle, person)."""
        found = []
        for other_id in invite_rows.played_with(self.store, person.id, room_id, MOST_LISTED):
            other = self.profiles.person(other_id)
            if other is not None:
                found.append((handle(person, other), other))
        return found

    def _open_room(self, person: Person, room_id: str) -> RoomRow:
        """The room ``person`` may invite to now, or the error saying why not."""
        room = self.rooms.room(room_id)
        if room is None:
            raise RoomError("no_room", msg("web.invite.no_room"))
        if person.id not in {p.id for p in self.profiles.people_at(room_id).values()}:
            raise RoomError("not_your_room", msg("web.invite.not_your_room"))
        if room.status != LOBBY:
            raise RoomError("room_started", msg("web.invite.started"))
        return room

    def room_view(self, person: Person, room_id: str) -> dict[str, Any]:
        """What the room's Invite control shows ``person``: whom they may invite, who is
        invited, how many more fit.
        """
        self._open_room(person, room_id)
        invited = {row.person_id: row for row in invite_rows.of_room(self.store, room_id)}
        seated = {p.id for p in self.profiles.people_at(room_id).values()}
        people = [
            {"to": key, "name": other.name}
            for key, other in self.played_with(person, room_id)
            if other.id not in invited and other.id not in seated
        ]
        names = []
        for row in invited.values():
            other = self.profiles.person(row.person_id)
            if other is not None:
                names.append(other.name)
        return {"people": people, "invited": names, "most": MOST_PER_ROOM}

    def invite(self, person: Person, room_id: str, to: object) -> Sent:
        """Invite the person ``to`` names (a handle of :meth:`played_with`) into
        ``room_id``.

        Raises:
            RoomError: ``no_room``, ``not_your_room``, ``room_started``, ``no_seat``,
                ``bad_to``, ``stranger``, ``seated``, ``already`` or ``too_many``.
        """
        if not isinstance(to, str) or not 0 < len(to) <= 64:
            raise RoomError("bad_to", msg("web.invite.bad_to"))
        room = self._open_room(person, room_id)
        seats = self.rooms.seats(room_id)
        if not any(seat.kind == FREE for seat in seats):
            raise RoomError("no_seat", msg("web.invite.no_seat"))
        chosen = next((o for key, o in self.played_with(person, "") if key == to), None)
        if chosen is None:
            raise RoomError("stranger", msg("web.invite.stranger"))
        if chosen.id in {p.id for p in self.profiles.people_at(room_id).values()}:
            raise RoomError("seated", msg("web.invite.seated", name=chosen.name))
        pending = invite_rows.of_room(self.store, room_id)
        if any(row.person_id == chosen.id for row in pending):
            raise RoomError("already", msg("web.invite.already", name=chosen.name))
        mine = [p for p in self.profiles.people_at(room_id).items() if p[1].id == person.id]
        from_name = next((s.name for s in seats if s.seat == mine[0][0] and s.name), person.name)
        row = InviteRow(room_id, chosen.id, person.id, from_name, now_ms())
        if not invite_rows.add(self.store, row, MOST_PER_ROOM):
            raise RoomError("too_many", msg("web.invite.too_many", most=MOST_PER_ROOM))
        return Sent(chosen, room, from_name)

    def pending(self, person: Person) -> list[tuple[InviteRow, RoomRow]]:
        """``person``'s invitations still open, newest first; the ended ones (the game
        started, the room is gone, or they sat down) are dropped on the way.
        """
        found = []
        for row in invite_rows.of_person(self.store, person.id):
            room = self.rooms.room(row.room_id)
            if room is None or room.status != LOBBY:
                invite_rows.drop_room(self.store, row.room_id)
                continue
            seated = {p.id for p in self.profiles.people_at(row.room_id).values()}
            if person.id in seated:
                invite_rows.drop(self.store, row.room_id, person.id)
                continue
            found.append((row, room))
        return found

    def decline(self, person: Person, room_id: str) -> None:
        """End ``person``'s invitation to ``room_id``.

        Raises:
            RoomError: ``none``: they have no invitation there.
        """
        if not any(row.room_id == room_id for row in invite_rows.of_person(self.store, person.id)):
            raise RoomError("none", msg("web.invite.none"))
        invite_rows.drop(self.store, room_id, person.id)

    def exported(self, person: Person) -> dict[str, Any]:
        """The invitations to and from ``person`` (their data export)."""
        return {
            "received": [
                {"room": r.room_id, "from": r.from_name, "created_ms": r.created_ms}
                for r in invite_rows.of_person(self.store, person.id)
            ],
            "sent": [
                {"room": r.room_id, "created_ms": r.created_ms}
                for r in invite_rows.sent_by(self.store, person.id)
            ],
        }
