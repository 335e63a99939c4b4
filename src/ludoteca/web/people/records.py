"""People's records and opt-in ratings (OpenSkill, one rating per person per game).

Ratings are people's only: a finished game is rated among the seats whose people have a
profile and had turned ratings on before it ended (at least two of them), ranked as the
game ranked them;
bots, people without a profile and people who did not opt in are left out, so a person's
rating never mixes with a bot's (the bots' own ladder is ``ludoteca ladder``). Each game is
rated once (``rated_games``), the first time a finished game of a person is read (their
My games page, ``ludoteca people games``), in the room's game order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from ludoteca.web.store import GameRow, Store
from ludoteca.web.store.people import PeopleStore, PersonRow, RatingRow

__all__ = ["MODEL", "GameRow", "games_rated", "rate_game", "record", "result_of", "shown_rating"]

MODEL = PlackettLuce()
"""OpenSkill's Plackett-Luce model (its defaults: mu 25, sigma 25/3), as the field uses."""


def result_of(outcome: Mapping[str, Any], seat: int) -> str:
    """``won``, ``lost`` or ``draw`` for ``seat`` (a shared win is a win)."""
    winners = list(outcome.get("winners", ()))
    if not winners or len(winners) == len(outcome.get("ranks", ())):
        return "draw"
    return "won" if seat in winners else "lost"


def shown_rating(rating: RatingRow) -> int:
    """The number shown for a rating: OpenSkill's ordinal (mu - 3 sigma), scaled as
    lichess-style ratings are read (x 40 + 1000), rounded.
    """
    return round((rating.mu - 3 * rating.sigma) * 40 + 1000)


def rate_game(
    rows: PeopleStore,
    room_id: str,
    game_no: int,
    game: str,
    outcome: Mapping[str, Any],
    people: Mapping[int, PersonRow],
) -> bool:
    """Rate one finished game among its opted-in people (once).

    Args:
        rows: The people tables.
        room_id: The room.
        game_no: The game's number in the room.
        game: The game id (ratings are per game).
        outcome: The stored outcome (``Outcome.to_json``).
        people: The people in the room's linked seats (seat → person).

    Returns:
        Whether ratings were stored now.
    """
    ranks: Sequence[int] = outcome.get("ranks", ())
    ended = rows.ended_ms(room_id, game_no)
    rated = {
        seat: person
        for seat, person in people.items()
        if 0 < person.ratings_ms <= ended and 0 <= seat < len(ranks)
    }
    if len(rated) < 2 or len({person.id for person in rated.values()}) < len(rated):
        return False  # fewer than two, or one person in two seats: nothing to learn
    if rows.rated(room_id, game_no):
        return False
    seats = sorted(rated)
    before = []
    for seat in seats:
        current = {r.game: r for r in rows.ratings_of(rated[seat].id)}
        old = current.get(game)
        before.append(
            (
                MODEL.rating() if old is None else MODEL.rating(mu=old.mu, sigma=old.sigma),
                0 if old is None else old.games,
            )
        )
    after = MODEL.rate([[rating] for rating, _ in before], ranks=[ranks[s] for s in seats])
    new = {
        rated[seat].id: RatingRow(game, team[0].mu, team[0].sigma, played + 1)
        for seat, team, (_, played) in zip(seats, after, before, strict=True)
    }
    return rows.rate_game(room_id, game_no, game, new)


def record(games: list[GameRow], seat: int) -> list[dict[str, Any]]:
    """The room's finished games as ``seat`` played them, newest first."""
    found = []
    for game in reversed(games):
        if game.outcome is None or seat >= len(game.seats):
            continue
        winners = [game.seats[s] for s in game.outcome.get("winners", ()) if s < len(game.seats)]
        found.append(
            {
                "game_no": game.game_no,
                "result": result_of(game.outcome, seat),
                "against": [name for s, name in enumerate(game.seats) if s != seat],
                "winners": winners,
            }
        )
    return found


def games_rated(store: Store, rows: PeopleStore, room_id: str, game: str) -> list[GameRow]:
    """A room's stored games, its finished ones rated for its opted-in people first."""
    games = store.games(room_id)
    finished = [g for g in games if g.outcome is not None]
    if finished:
        people = {}
        for seat, person_id in rows.people_at(room_id).items():
            person = rows.person(person_id)
            if person is not None:
                people[seat] = person
        if sum(1 for p in people.values() if p.ratings) >= 2:
            for row in finished:
                assert row.outcome is not None
                rate_game(rows, room_id, row.game_no, game, row.outcome, people)
    return games
