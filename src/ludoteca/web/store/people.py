"""What the store keeps of people (``web.people``): profiles, sessions, passkeys, e-mail
sign-in links, the seats a person sits in, opt-in ratings and unlisted rooms.

The tables are migration ``0003_people`` (``store.migrations``). Every secret a browser or
a mail holds (a session cookie, a sign-in link) is stored only as its SHA-256; a passkey
only as its public key. :class:`PeopleStore` runs its SQL through the store's
``transact`` (one transaction per call, committed before it returns).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ludoteca.web.store.dialect import in_dialect


class Transacting(Protocol):
    """What :class:`PeopleStore` needs of a store (``store.sql.SqlStore``)."""

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        ...

    def transact(self, work: Callable[[Any], Any]) -> Any:
        """Run ``work(cursor)`` in one write transaction."""
        ...


@dataclass(frozen=True, slots=True)
class PersonRow:
    """A person as stored.

    Attributes:
        id: The person's id (never shown to anyone).
        name: The name they chose (what the table shows).
        lang: ``es`` or ``en``.
        colour: Their colour, ``#rrggbb``.
        email: Where sign-in links go ("" if none).
        ratings_ms: When they turned ratings on (0: off): only games that ended after
            it count.
        created_ms: When the profile was made.
    """

    id: str
    name: str
    lang: str
    colour: str
    email: str
    ratings_ms: int
    created_ms: int

    @property
    def ratings(self) -> bool:
        """Whether they opted into ratings."""
        return self.ratings_ms > 0


@dataclass(frozen=True, slots=True)
class PersonSeatRow:
    """A seat a person sits in: the room, the seat, its token and when they sat."""

    room_id: str
    seat: int
    token: str
    joined_ms: int


@dataclass(frozen=True, slots=True)
class PasskeyRow:
    """A person's passkey: its credential id (base64url), public key (base64url, COSE)
    and signature counter.
    """

    credential_id: str
    person_id: str
    public_key: str
    sign_count: int


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A person's rating at one game (OpenSkill's ``mu`` and ``sigma``) after ``games``."""

    game: str
    mu: float
    sigma: float
    games: int


_PERSON_COLUMNS = "id, name, lang, colour, email, ratings_ms, created_ms"


def _person(row: Sequence[Any]) -> PersonRow:
    return PersonRow(
        str(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]), int(row[5]), int(row[6])
    )


class PeopleStore:
    """The people tables of one store.

    Args:
        store: The store (its ``transact`` runs every call).
    """

    def __init__(self, store: Transacting) -> None:
        self._store = store
        self._dialect = store.dialect

    def _dialect_sql(self, text: str) -> str:
        """``text`` (``?`` placeholders) as this store's driver takes it."""
        return in_dialect(text, self._dialect)

    def _run(self, text: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One statement in its own transaction; its rows (none for a write)."""
        return self._many([(text, params)])[-1]

    def _many(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        """Several statements in one transaction; each one's rows."""

        def work(cur: Any) -> list[list[tuple[Any, ...]]]:
            found = []
            for text, params in statements:
                cur.execute(self._dialect_sql(text), tuple(params))
                found.append(
                    [tuple(r) for r in cur.fetchall()] if cur.description is not None else []
                )
            return found

        result: list[list[tuple[Any, ...]]] = self._store.transact(work)
        return result

    # People ---------------------------------------------------------------------------

    def add_person(self, person: PersonRow, name_key: str, session_hash: str) -> None:
        """Store a new person and their first session (one transaction)."""
        self._many(
            [
                (
                    f"INSERT INTO people ({_PERSON_COLUMNS}, name_key)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        person.id,
                        person.name,
                        person.lang,
                        person.colour,
                        person.email,
                        person.ratings_ms,
                        person.created_ms,
                        name_key,
                    ),
                ),
                _add_session(person.id, session_hash, person.created_ms),
            ]
        )

    def update_person(self, person: PersonRow, name_key: str) -> None:
        """Store a person's changed name, language, colour, e-mail or ratings choice."""
        self._run(
            "UPDATE people SET name = ?, name_key = ?, lang = ?, colour = ?, email = ?,"
            " ratings_ms = ? WHERE id = ?",
            (
                person.name,
                name_key,
                person.lang,
                person.colour,
                person.email,
                person.ratings_ms,
                person.id,
            ),
        )

    def person(self, person_id: str) -> PersonRow | None:
        """One person, if they exist."""
        rows = self._run(f"SELECT {_PERSON_COLUMNS} FROM people WHERE id = ?", (person_id,))
        return _person(rows[0]) if rows else None

    def people_named(self, name_key: str) -> list[PersonRow]:
        """Everyone whose name compares equal to ``name_key`` (oldest first)."""
        rows = self._run(
            f"SELECT {_PERSON_COLUMNS} FROM people WHERE name_key = ? ORDER BY created_ms, id",
            (name_key,),
        )
        return [_person(row) for row in rows]

    def person_by_email(self, email: str) -> PersonRow | None:
        """The person with that e-mail address (compared as stored: lower case)."""
        rows = self._run(
            f"SELECT {_PERSON_COLUMNS} FROM people WHERE email = ? ORDER BY created_ms LIMIT 1",
            (email,),
        )
        return _person(rows[0]) if rows else None

    def delete_person(self, person_id: str) -> None:
        """Forget a person: profile, sessions, passkeys, links, ratings, digest, invitations
        (to and from them) and the link from their seats (the seats themselves keep the name
        they played under).
        """
        self._many(
            [
                (f"DELETE FROM {table} WHERE person_id = ?", (person_id,))
                for table in (
                    "person_sessions",
                    "passkeys",
                    "sign_in_links",
                    "passkey_challenges",
                    "person_seats",
                    "person_ratings",
                    "mail_digests",
                    "invites",
                )
            ]
            + [("DELETE FROM invites WHERE from_person_id = ?", (person_id,))]
            + [("DELETE FROM people WHERE id = ?", (person_id,))]
        )

    # Sessions -------------------------------------------------------------------------

    def add_session(self, person_id: str, session_hash: str, at_ms: int) -> None:
        """Store a new browser session of a person."""
        self._run(*_add_session(person_id, session_hash, at_ms))

    def session_person(self, session_hash: str, since_ms: int = 0) -> PersonRow | None:
        """The person a session belongs to, if it is still theirs and began at
        ``since_ms`` or later (an older one has expired).
        """
        rows = self._run(
            f"SELECT {', '.join('p.' + c.strip() for c in _PERSON_COLUMNS.split(','))}"
            " FROM person_sessions s JOIN people p ON p.id = s.person_id"
            " WHERE s.token_hash = ? AND s.created_ms >= ?",
            (session_hash, since_ms),
        )
        return _person(rows[0]) if rows else None

    def forget_sessions_before(self, since_ms: int) -> None:
        """Delete every session that began before ``since_ms`` (expired)."""
        self._run("DELETE FROM person_sessions WHERE created_ms < ?", (since_ms,))

    def end_session(self, session_hash: str) -> None:
        """Forget one browser session (signing out)."""
        self._run("DELETE FROM person_sessions WHERE token_hash = ?", (session_hash,))

    def session_count(self, person_id: str, since_ms: int = 0) -> int:
        """How many browsers a person is signed in on (sessions begun at ``since_ms`` or
        later).
        """
        rows = self._run(
            "SELECT COUNT(*) FROM person_sessions WHERE person_id = ? AND created_ms >= ?",
            (person_id, since_ms),
        )
        return int(rows[0][0])

    # E-mail sign-in links ---------------------------------------------------------------

    def add_link(self, person_id: str, token_hash: str, expires_ms: int) -> None:
        """Store a sign-in link's hash until ``expires_ms``."""
        self._run(
            "INSERT INTO sign_in_links (token_hash, person_id, expires_ms) VALUES (?, ?, ?)",
            (token_hash, person_id, expires_ms),
        )

    def use_link(self, token_hash: str, now_ms: int) -> str | None:
        """Spend a sign-in link: the person it signs in (None if unknown, used or past its
        time). The link is deleted in the same transaction, so it works once.
        """
        found = self._many(
            [
                (
                    "SELECT person_id, expires_ms FROM sign_in_links WHERE token_hash = ?",
                    (token_hash,),
                ),
                ("DELETE FROM sign_in_links WHERE token_hash = ?", (token_hash,)),
                ("DELETE FROM sign_in_links WHERE expires_ms < ?", (now_ms,)),
            ]
        )[0]
        if not found or int(found[0][1]) < now_ms:
            return None
        return str(found[0][0])

    # Passkeys ---------------------------------------------------------------------------

    def add_challenge(self, key: str, challenge: str, person_id: str, expires_ms: int) -> None:
        """Keep a WebAuthn ceremony's challenge (base64url) until ``expires_ms``."""
        self._run(
            "INSERT INTO passkey_challenges (id, challenge, person_id, expires_ms)"
            " VALUES (?, ?, ?, ?)",
            (key, challenge, person_id, expires_ms),
        )

    def take_challenge(self, key: str, now_ms: int) -> tuple[str, str] | None:
        """Spend a ceremony's challenge: ``(challenge, person_id)`` if it is still valid."""
        found = self._many(
            [
                (
                    "SELECT challenge, person_id, expires_ms FROM passkey_challenges WHERE id = ?",
                    (key,),
                ),
                ("DELETE FROM passkey_challenges WHERE id = ?", (key,)),
                ("DELETE FROM passkey_challenges WHERE expires_ms < ?", (now_ms,)),
            ]
        )[0]
        if not found or int(found[0][2]) < now_ms:
            return None
        return str(found[0][0]), str(found[0][1])

    def add_passkey(self, key: PasskeyRow, at_ms: int) -> None:
        """Store a person's new passkey."""
        self._run(
            "INSERT INTO passkeys (credential_id, person_id, public_key, sign_count, created_ms)"
            " VALUES (?, ?, ?, ?, ?)",
            (key.credential_id, key.person_id, key.public_key, key.sign_count, at_ms),
        )

    def passkey(self, credential_id: str) -> PasskeyRow | None:
        """A stored passkey by its credential id."""
        rows = self._run(
            "SELECT credential_id, person_id, public_key, sign_count FROM passkeys"
            " WHERE credential_id = ?",
            (credential_id,),
        )
        return PasskeyRow(rows[0][0], rows[0][1], rows[0][2], int(rows[0][3])) if rows else None

    def passkeys_of(self, person_id: str) -> list[PasskeyRow]:
        """A person's passkeys, oldest first."""
        rows = self._run(
            "SELECT credential_id, person_id, public_key, sign_count FROM passkeys"
            " WHERE person_id = ? ORDER BY created_ms",
            (person_id,),
        )
        return [PasskeyRow(r[0], r[1], r[2], int(r[3])) for r in rows]

    def count_passkey_use(self, credential_id: str, sign_count: int) -> None:
        """Store a passkey's signature counter after a sign-in."""
        self._run(
            "UPDATE passkeys SET sign_count = ? WHERE credential_id = ?",
            (sign_count, credential_id),
        )

    # Seats ------------------------------------------------------------------------------

    def link_seat(self, person_id: str, room_id: str, seat: int, token: str, at_ms: int) -> None:
        """Record that a person sits in ``seat`` of ``room_id`` (with its seat token, so
        their other browsers can take the seat too); replaces an older link to that seat.
        """
        self._many(
            [
                ("DELETE FROM person_seats WHERE room_id = ? AND seat = ?", (room_id, seat)),
                (
                    "INSERT INTO person_seats (room_id, seat, person_id, token, joined_ms)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (room_id, seat, person_id, token, at_ms),
                ),
            ]
        )

    def seats_of(self, person_id: str) -> list[PersonSeatRow]:
        """Every seat a person sits in, newest first."""
        rows = self._run(
            "SELECT room_id, seat, token, joined_ms FROM person_seats WHERE person_id = ?"
            " ORDER BY joined_ms DESC, room_id",
            (person_id,),
        )
        return [PersonSeatRow(r[0], int(r[1]), r[2], int(r[3])) for r in rows]

    def people_at(self, room_id: str) -> dict[int, str]:
        """Which person sits in each linked seat of a room (seat → person id)."""
        rows = self._run("SELECT seat, person_id FROM person_seats WHERE room_id = ?", (room_id,))
        return {int(r[0]): str(r[1]) for r in rows}

    # Ratings ----------------------------------------------------------------------------

    def ratings_of(self, person_id: str) -> list[RatingRow]:
        """A person's ratings, by game id."""
        rows = self._run(
            "SELECT game, mu, sigma, games FROM person_ratings WHERE person_id = ? ORDER BY game",
            (person_id,),
        )
        return [RatingRow(r[0], float(r[1]), float(r[2]), int(r[3])) for r in rows]

    def rate_game(
        self, room_id: str, game_no: int, game: str, ratings: dict[str, RatingRow]
    ) -> bool:
        """Store the new ratings of a finished game's people, once per game.

        Returns:
            False if that game was rated before (nothing written).
        """
        marker = "INSERT INTO rated_games (room_id, game_no) VALUES (?, ?) ON CONFLICT DO NOTHING"

        def work(cur: Any) -> bool:
            sql = self._dialect_sql
            cur.execute(sql(marker), (room_id, game_no))
            if cur.rowcount == 0:
                return False
            for person_id, rating in ratings.items():
                cur.execute(
                    sql(
                        "INSERT INTO person_ratings (person_id, game, mu, sigma, games)"
                        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (person_id, game) DO UPDATE SET"
                        " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games"
                    ),
                    (person_id, game, rating.mu, rating.sigma, rating.games),
                )
            return True

        done: bool = self._store.transact(work)
        return done

    def ended_ms(self, room_id: str, game_no: int) -> int:
        """When a game's last step was stored (0: no step)."""
        rows = self._run(
            "SELECT COALESCE(MAX(at_ms), 0) FROM actions WHERE room_id = ? AND game_no = ?",
            (room_id, game_no),
        )
        return int(rows[0][0])

    def rated(self, room_id: str, game_no: int) -> bool:
        """Whether a game's ratings were stored."""
        rows = self._run(
            "SELECT 1 FROM rated_games WHERE room_id = ? AND game_no = ?", (room_id, game_no)
        )
        return bool(rows)

    # Unlisted rooms -----------------------------------------------------------------------

    def unlist(self, room_id: str) -> None:
        """Leave a room out of the open-tables list (its invite link still works)."""
        self._run(
            "INSERT INTO unlisted_rooms (room_id) VALUES (?) ON CONFLICT DO NOTHING", (room_id,)
        )

    def unlisted(self, room_ids: Sequence[str]) -> set[str]:
        """Which of ``room_ids`` are unlisted."""
        if not room_ids:
            return set()
        marks = ", ".join("?" for _ in room_ids)
        rows = self._run(f"SELECT room_id FROM unlisted_rooms WHERE room_id IN ({marks})", room_ids)
        return {str(r[0]) for r in rows}


def _add_session(person_id: str, session_hash: str, at_ms: int) -> tuple[str, tuple[Any, ...]]:
    return (
        "INSERT INTO person_sessions (token_hash, person_id, created_ms) VALUES (?, ?, ?)",
        (session_hash, person_id, at_ms),
    )
