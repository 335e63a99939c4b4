"""Tacocat's components, options, actions and state (the rules are in ``game.py``).

Components come from ``games/tacocat/components.toml``; see ``docs/rules/tacocat.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple

from ludoteca.engine import components, native
from ludoteca.engine.game import GameInfo, OptionSpec

# ---------------------------------------------------------------------------------------
# Components (from the data file)

DATA: Final = components.load("tacocat")
DECK: Final[tuple[int, ...]] = tuple(
    [0] + [int(DATA["deck"]["counts"][str(value)]) for value in range(1, 13)]
)
"""Copies per value, indexed by value (index 0 unused)."""
DECK_SIZE: Final = sum(DECK)
FULL_PILE: Final[tuple[int, ...]] = tuple(v for v, copies in enumerate(DECK) for _ in range(copies))
"""The whole deck as a sorted multiset of card values."""
LETTERS: Final[tuple[str, ...]] = tuple(DATA["track"]["letters"])
HAND_SIZES: Final[tuple[int, ...]] = tuple(DATA["track"]["hand_sizes"])
_ARROW_SEAT: Final = {"YAY": 0, "WOW": 1, "BOTH": None}
ARROWS: Final[tuple[int | None, ...]] = tuple(_ARROW_SEAT[a] for a in DATA["track"]["arrows"])
"""Seat each space's arrow points at; ``None`` for the double arrow."""
START: Final[int] = DATA["track"]["start"]
SPACES: Final = len(LETTERS)
YAY_GOAL: Final = -1
WOW_GOAL: Final = SPACES
MIN_SET: Final[int] = DATA["attack"]["min_set"]
MIN_SEQUENCE: Final[int] = DATA["attack"]["min_sequence"]
MAX_VALUE: Final = 12
NO_SEAT: Final = -1

ROUND_STEP_BOUND: Final = 2 * max(HAND_SIZES) * 2 + 2 + 2 * max(HAND_SIZES) + 2 * max(HAND_SIZES)
"""Deals and draws, two replace choices, duel choices and tricks: steps one round can take."""
DRAWN_ROUNDS_BOUND: Final = 60
"""Drawn rounds allowed for in ``max_steps``. A showdown tie has probability well under 0.2,
so 60 draws in one game has probability below 1e-40."""

if 4 * max(HAND_SIZES) > DECK_SIZE:
    raise ValueError("tacocat deck too small: deals plus replacements could empty the pile")

INFO: Final = GameInfo(
    id="tacocat",
    version=1,
    name_es=DATA["names"]["es"],
    name_en=DATA["names"]["en"],
    min_players=2,
    max_players=2,
    has_chance=True,
    hidden_info=True,
    simultaneous=True,
    max_steps=ROUND_STEP_BOUND * (SPACES + DRAWN_ROUNDS_BOUND),
    options=(
        OptionSpec(
            "tie_goes_to_arrow",
            False,
            "Un empate en el enfrentamiento final lo gana el jugador al que apunta la flecha "
            "(edición inglesa publicada).",
            "A showdown tie goes to the player the arrow points at (published English edition).",
            label_es="Empate: gana a quien apunta la flecha",
            label_en="Ties go to the player the arrow points at",
        ),
        OptionSpec(
            "min_sequence",
            MIN_SEQUENCE,
            "Longitud mínima de una secuencia en un ataque jumbo.",
            "Shortest sequence allowed in a jumbo attack.",
            choices=(2, 3),
            label_es="Secuencia mínima del ataque jumbo",
            label_en="Shortest jumbo-attack sequence",
        ),
    ),
    summary_es=DATA["summary"]["es"],
    summary_en=DATA["summary"]["en"],
)


# ---------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the next card off the pile goes to the seat still owed cards."""

    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class Replace:
    """Discard ``cards`` face up and draw as many (TC-02, TC-03). Empty: keep the hand."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        # A multiset of cards: listed in ascending order whatever order it was given in.
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return "replace " + " ".join(map(str, self.cards)) if self.cards else "keep"


@dataclass(frozen=True, slots=True)
class Duel:
    """Secretly choose ``card`` for the duel (TC-04)."""

    card: int

    def __str__(self) -> str:
        return f"duel {self.card}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack with one card, a set or a sequence (TC-05)."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        # A multiset of cards: listed in ascending order whatever order it was given in.
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return "attack " + " ".join(map(str, self.cards))


@dataclass(frozen=True, slots=True)
class Defend:
    """Answer the current attack card with ``card``, equal or higher (TC-06)."""

    card: int

    def __str__(self) -> str:
        return f"defend {self.card}"


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Answer the current attack card by discarding your lowest card (TC-06)."""

    def __str__(self) -> str:
        return "sacrifice"


Action = Draw | Replace | Duel | Attack | Defend | Sacrifice

DRAWS: Final = tuple(Draw(v) for v in range(MAX_VALUE + 1))
DUELS: Final = tuple(Duel(v) for v in range(MAX_VALUE + 1))
DEFENDS: Final = tuple(Defend(v) for v in range(MAX_VALUE + 1))
SACRIFICE: Final = Sacrifice()
KEEP: Final = Replace(())


# ---------------------------------------------------------------------------------------
# State


class Phase(IntEnum):
    """Where a round is. The showdown and the move are resolved inside ``apply``."""

    DEAL = 0
    REPLACE = 1
    DUEL = 2
    ATTACK = 3
    DEFEND = 4
    OVER = 5


# Reading an enum member (``Phase.DEAL``) costs about 0.15 µs on CPython 3.11, several times
# per step; the hot path compares against these module constants instead.
P_DEAL: Final = Phase.DEAL
P_REPLACE: Final = Phase.REPLACE
P_DUEL: Final = Phase.DUEL
P_ATTACK: Final = Phase.ATTACK
P_DEFEND: Final = Phase.DEFEND
P_OVER: Final = Phase.OVER


class Rules(NamedTuple):
    """The options that change play, resolved once at setup."""

    tie_goes_to_arrow: bool
    min_sequence: int


class State(NamedTuple):
    """A full Tacocat state. Immutable; a NamedTuple because it is rebuilt on every step and
    builds five times faster than a frozen dataclass (see ``docs/architecture.md``).

    Attributes:
        rules: Resolved options.
        position: Tacocat's space 0..6 from YAY's side; -1 in YAY's goal, 7 in WOW's goal.
        covered: Bit ``i`` set when space ``i`` is covered by a tile.
        round: Round number, from 1.
        phase: The current phase.
        hands: Each seat's cards, sorted ascending (hidden from the other seat).
        pile: The cards left in the draw pile, sorted (a multiset: its order is never known).
        discard: Cards discarded face up this round, in order.
        owed: Cards still to be dealt to each seat; seat 0 is served first.
        replaced: Cards each seat replaced this round, -1 if it has not replaced yet.
        pending: Secret choices made but not revealed (replace set or duel card), per seat.
        attacker: Seat that attacks next (or is attacking), -1 before the first duel.
        attack: The attack cards on the table.
        answers: The defender's answers so far: a card played, or minus the sacrificed card.
        last_duel: The last revealed duel cards per seat.
        last_trick: ``(attacker, attack, answers)`` of the last finished trick.
        last_showdown: The last showdown's cards per seat.
        results: Round winners so far, -1 for a drawn round.
        winner: The winning seat, -1 while the game goes on.
    """

    rules: Rules
    position: int
    covered: int
    round: int
    phase: Phase
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    owed: tuple[int, int]
    replaced: tuple[int, int]
    pending: tuple[tuple[int, ...] | None, tuple[int, ...] | None]
    attacker: int
    attack: tuple[int, ...]
    answers: tuple[int, ...]
    last_duel: tuple[int, int] | None
    last_trick: tuple[int, tuple[int, ...], tuple[int, ...]] | None
    last_showdown: tuple[int, int] | None
    results: tuple[int, ...]
    winner: int


# ---------------------------------------------------------------------------------------
# The game


# Field positions. Hot transitions copy a state into a list, set the changed fields by
# position (``new[F_PHASE] = ...``) and build the new State with ``new_state(State, new)``
# (``tuple.__new__``): several times faster than ``State._replace`` (keywords). Final, in a
# compiled module: the compiled build reads them as C constants.
new_state: Final = tuple.__new__
F_RULES: Final = State._fields.index("rules")
F_POSITION: Final = State._fields.index("position")
F_COVERED: Final = State._fields.index("covered")
F_ROUND: Final = State._fields.index("round")
F_PHASE: Final = State._fields.index("phase")
F_HANDS: Final = State._fields.index("hands")
F_PILE: Final = State._fields.index("pile")
F_DISCARD: Final = State._fields.index("discard")
F_OWED: Final = State._fields.index("owed")
F_REPLACED: Final = State._fields.index("replaced")
F_PENDING: Final = State._fields.index("pending")
F_ATTACKER: Final = State._fields.index("attacker")
F_ATTACK: Final = State._fields.index("attack")
F_ANSWERS: Final = State._fields.index("answers")
F_LAST_DUEL: Final = State._fields.index("last_duel")
F_LAST_TRICK: Final = State._fields.index("last_trick")
F_LAST_SHOWDOWN: Final = State._fields.index("last_showdown")
F_RESULTS: Final = State._fields.index("results")
F_WINNER: Final = State._fields.index("winner")

native.picklable(globals())
