"""Lead changes: how often the player a family would call "ahead" changes during a game.

Each game has one small function, its *progress*: per seat, a number that grows as that
seat gets closer to winning, read only from what a spectator sees (the public parts of the
state: no hand, no pile order, no secret choice):

- Tacocat: rounds won (TC-09: every round won moves Tacocat one space toward the winner's
  goal, so the seat with more rounds won needs fewer more to win).
- Dweebies: cards collected (the score).
- Tile Up: points scored.
- Mystery Date: pieces of one outfit (distinct numbers of one colour) the whole table has
  seen the player hold (``public``: seen joining the hand from the discard pile or shown at
  the door); what the player drew unseen does not count, since nobody else knows it.
- Gotcha!: the pawn's space on the track (the first to the end wins).

The *leader* after a step is the one seat whose progress is highest; when several share
the highest, nobody leads. A *lead change* is counted when a seat becomes leader and the
last leader was another seat: the first lead of a game is not a change, and a tie in between
does not end a lead (1–0, 1–1, 2–1 is no change; 1–0, 1–2 is one). This is how sports
statistics count lead changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ludoteca.engine.i18n import register

Progress = Callable[[Any], Sequence[float]]


def tacocat_progress(state: Any) -> tuple[int, ...]:
    """Rounds won per seat (a drawn round is -1 in ``results`` and counts for nobody)."""
    results = state.results
    return results.count(0), results.count(1)


def dweebies_progress(state: Any) -> tuple[int, ...]:
    """Cards collected per seat."""
    return tuple(state.scores)


def tile_up_progress(state: Any) -> tuple[int, ...]:
    """Points per seat."""
    return tuple(state.scores)


def mystery_date_progress(state: Any) -> tuple[int, ...]:
    """Per seat, the most pieces of one outfit the whole table knows the seat holds."""
    from ludoteca.games.mystery_date.cards import COLOURS, NUMBERS  # noqa: PLC0415

    best: list[int] = []
    for known in state.public:
        best.append(
            max(
                sum(1 for number in range(NUMBERS) if known[colour * NUMBERS + number])
                for colour in range(len(COLOURS))
            )
        )
    return tuple(best)


def gotcha_progress(state: Any) -> tuple[int, ...]:
    """The space of each seat's pawn."""
    return tuple(state.positions)


PROGRESS: dict[str, Progress] = {
    "tacocat": tacocat_progress,
    "dweebies": dweebies_progress,
    "tile_up": tile_up_progress,
    "mystery_date": mystery_date_progress,
    "gotcha": gotcha_progress,
}
"""Each game's progress measure, by game id."""


def leader(progress: Sequence[float]) -> int | None:
    """The one seat with the highest progress, ``None`` when several share it."""
    top = max(progress)
    seats = [seat for seat, value in enumerate(progress) if value == top]
    return seats[0] if len(seats) == 1 else None


def count_changes(leaders: Iterable[int | None]) -> int:
    """Lead changes along a sequence of leaders (``None``: nobody leads)."""
    changes = 0
    last: int | None = None
    for seat in leaders:
        if seat is None:
            continue
        if last is not None and seat != last:
            changes += 1
        last = seat
    return changes


class LeadWatcher:
    """The runner's observer that counts one match's lead changes.

    Args:
        game_id: The game (a game without a progress measure counts nothing).
    """

    def __init__(self, game_id: str) -> None:
        self.progress = PROGRESS.get(game_id)
        self.leaders: list[int | None] = []

    def __call__(self, before: Any, seat: int, action: Any, after: Any) -> None:
        """One step: who leads after it."""
        if self.progress is not None:
            self.leaders.append(leader(self.progress(after)))

    @property
    def changes(self) -> int:
        """Lead changes so far."""
        return count_changes(self.leaders)


def lead_changes(game_id: str, states: Iterable[Any]) -> int:
    """Lead changes along a game's states (e.g. a record replayed), as :class:`LeadWatcher`
    counts them while it is played.
    """
    progress = PROGRESS[game_id]
    return count_changes(leader(progress(state)) for state in states)


register(
    {
        "lab.lead.changes": {
            "es": "Cambios de líder por partida",
            "en": "Lead changes per game",
        },
        **{
            f"lab.lead.measure.{game}": {"es": es, "en": en}
            for game, (es, en) in {
                "tacocat": ("rondas ganadas", "rounds won"),
                "dweebies": ("cartas recogidas", "cards collected"),
                "tile_up": ("puntos", "points"),
                "mystery_date": (
                    "piezas de un mismo conjunto que la mesa ha visto en su mano",
                    "pieces of one outfit the table has seen in the player's hand",
                ),
                "gotcha": ("casilla del peón", "the pawn's space"),
            }.items()
        },
    }
)
