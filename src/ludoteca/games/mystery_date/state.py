"""Mystery Date's board and state types (used by ``game`` and ``turns``).

The track is the data list of ``games/mystery_date/components.toml``; the state is a NamedTuple
(see ``docs/architecture.md``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from ludoteca.games.mystery_date import cards as cards_mod
from ludoteca.games.mystery_date.cards import Counts

DATA = cards_mod.DATA

# ---------------------------------------------------------------------------------------
# The track (a data list)


class Space(IntEnum):
    """What a track space does."""

    DOOR = 0
    TAKE_EITHER = 1
    TAKE_1 = 2
    TAKE_2 = 3
    SWAP_RIGHT = 4
    SWAP_LEFT = 5
    SWAP_ANY = 6


SPACE_NAMES: tuple[str, ...] = tuple(kind.name.lower() for kind in Space)
TRACK: tuple[Space, ...] = tuple(Space[name.upper()] for name in DATA["track"]["spaces"])
"""The loop of spaces, clockwise from space 0 (``games/mystery_date/components.toml``)."""
TRACK_LENGTH = len(TRACK)
STARTS: dict[int, tuple[int, ...]] = {
    int(count): tuple(spaces) for count, spaces in DATA["track"]["starts"].items()
}
"""Start spaces in seat order, per player count."""
TAKES = {Space.TAKE_1: 1, Space.TAKE_2: 2}
TURN_LIMIT: int = DATA["limits"]["turn_limit"]
TURN_LIMIT_MAX: int = DATA["limits"]["turn_limit_max"]
MIN_PLAYERS, MAX_PLAYERS = 2, 4
NO_SEAT = -1
LOG_SIZE = 12
"""Public events kept for views (the last ones)."""

STEPS_PER_TURN = 1 + max(2 * 2, 1 + 1 + 1, 2, 1 + 1 + 3)
"""Roll, then the most a space can take: take 2 and discard 2; pile, draw or reveal, discard;
give and pick; show, door and three dud redraws."""

if sorted(STARTS) != list(range(MIN_PLAYERS, MAX_PLAYERS + 1)) or any(
    len(spaces) != count or any(TRACK[s] != Space.DOOR for s in spaces)
    for count, spaces in STARTS.items()
):
    raise ValueError("mystery_date start spaces must be door spaces, one per seat")


# ---------------------------------------------------------------------------------------
# State


class Phase(IntEnum):
    """Where a turn is. Chance acts in DEAL, REVEAL, ROLL, DRAW, PICK and DOOR."""

    DEAL = 0
    REVEAL = 1
    ROLL = 2
    DRAW = 3
    PILE = 4
    DISCARD = 5
    GIVE = 6
    PICK = 7
    SHOW = 8
    DOOR = 9
    OVER = 10


CHANCE_PHASES = frozenset(
    (Phase.DEAL, Phase.REVEAL, Phase.ROLL, Phase.DRAW, Phase.PICK, Phase.DOOR)
)
"""The phases where chance acts."""


class Event(IntEnum):
    """Kinds of public event in the log: ``(kind, seat, a, b)``."""

    ROLL = 0  # seat rolled a, landed on space b
    NO_OUTFIT = 1  # seat stopped on a door without a complete outfit
    PILE_DRAW = 2  # seat chose the draw pile on the draw-or-discard space
    TOP = 3  # seat took card a from the top of the discard pile
    DISCARD = 4  # seat discarded card a
    SWAP = 5  # seat swapped with seat a
    DOOR = 6  # seat showed colour a and the door opened on b
    REVEAL = 7  # card a was turned face up to start the discard pile
    RESHUFFLE = 8  # the discards under the top (a cards) became the draw pile


EVENT_NAMES: tuple[str, ...] = tuple(kind.name.lower() for kind in Event)
LogEntry = tuple[int, int, int, int]


class Rules(NamedTuple):
    """The options that change play, resolved once at setup."""

    door_weights: tuple[int, ...]
    turn_limit: int


class State(NamedTuple):
    """A full Mystery Date state. Immutable (a NamedTuple: see ``docs/architecture.md``).

    Attributes:
        rules: Resolved options.
        players: Number of seats.
        phase: The current phase.
        turn: The current turn, from 1 (0 during the deal).
        mover: Seat whose turn it is.
        positions: Each seat's space on the track.
        hands: Each seat's cards as copies per card (secret; sizes public).
        pile: The draw pile as copies per card (a multiset: its order is never known).
        discard: The face-up discard pile, bottom first (the last card is the top).
        owed: Cards still to be drawn (by the mover; in the deal, by ``dealt % players``).
        target: The swap partner while a swap is under way, else -1.
        given: The card given face down while a swap is under way, else -1.
        shown: The colour shown at the door while it opens, else -1.
        known: ``known[a * players + b]``: cards seat ``a`` knows seat ``b`` holds (MD-10),
            what the whole table saw (``public``) included.
        public: ``public[b]``: cards every seat knows seat ``b`` holds, because they were
            seen joining the hand (the top of the discard pile) or shown from it (an outfit
            at the door) and no unseen change can have taken them out since.
        log: The last public events, oldest first.
        winner: The winning seat, -1 otherwise (also in a drawn game).
    """

    rules: Rules
    players: int
    phase: Phase
    turn: int
    mover: int
    positions: tuple[int, ...]
    hands: tuple[Counts, ...]
    pile: Counts
    discard: tuple[int, ...]
    owed: int
    target: int
    given: int
    shown: int
    known: tuple[Counts, ...]
    public: tuple[Counts, ...]
    log: tuple[LogEntry, ...]
    winner: int


# Field positions. Hot transitions copy a state into a list, set the changed fields by
# position (``new[F_PHASE] = ...``) and build the new State with ``new_state(State, new)``
# (``tuple.__new__``): several times faster than ``State._replace`` (keywords). Final, in a
# compiled module: the compiled build reads them as C constants.
new_state: Final = tuple.__new__
F_RULES: Final = State._fields.index("rules")
F_PLAYERS: Final = State._fields.index("players")
F_PHASE: Final = State._fields.index("phase")
F_TURN: Final = State._fields.index("turn")
F_MOVER: Final = State._fields.index("mover")
F_POSITIONS: Final = State._fields.index("positions")
F_HANDS: Final = State._fields.index("hands")
F_PILE: Final = State._fields.index("pile")
F_DISCARD: Final = State._fields.index("discard")
F_OWED: Final = State._fields.index("owed")
F_TARGET: Final = State._fields.index("target")
F_GIVEN: Final = State._fields.index("given")
F_SHOWN: Final = State._fields.index("shown")
F_KNOWN: Final = State._fields.index("known")
F_PUBLIC: Final = State._fields.index("public")
F_LOG: Final = State._fields.index("log")
F_WINNER: Final = State._fields.index("winner")
