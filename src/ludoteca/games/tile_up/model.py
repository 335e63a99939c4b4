"""Tile Up components, actions and state (the data model of ``games/tile_up/game.py``).

Components come from ``games/tile_up/components.toml``; the rules are in ``tile_up.py`` and the
legal-action lists and explanations in ``legal.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from ludoteca.engine import components, native
from ludoteca.engine.game import GameInfo, OptionSpec
from ludoteca.games.tile_up.board import Geometry, Region, geometry

# ---------------------------------------------------------------------------------------
# Components (from the data file)

DATA: Final = components.load("tile_up")
COLOURS: Final[tuple[str, ...]] = tuple(DATA["tiles"]["colours"])
"""Colour letters in card order (orange, red, yellow, green, blue, purple)."""
COLOUR_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "es": tuple(DATA["tiles"]["colour_names_es"]),
    "en": tuple(DATA["tiles"]["colour_names_en"]),
}
NUMBERS: Final = len(DATA["tiles"]["copies"])
COPIES: Final[tuple[int, ...]] = tuple(DATA["tiles"]["copies"])
"""Copies of each number (1..5) per colour."""
TILE_KINDS: Final = len(COLOURS) * NUMBERS
FULL_BAG: Final[tuple[int, ...]] = tuple(COPIES[code % NUMBERS] for code in range(TILE_KINDS))
"""Copies per tile code (``colour * 5 + number - 1``): the whole bag."""
TILE_COUNT: Final = sum(FULL_BAG)
START_MIN_NUMBER: Final[int] = DATA["tiles"]["start_min_number"]
START_TILES: Final[int] = DATA["hands"]["start_tiles"]
START_GOALS: Final[int] = DATA["hands"]["start_goals"]
DRAW_TILES: Final[int] = DATA["hands"]["draw_tiles"]
MAX_TILES: Final[int] = DATA["hands"]["max_tiles"]
MAX_GOALS: Final[int] = DATA["hands"]["max_goals"]
FACEUP: Final[int] = DATA["hands"]["faceup"]
BOARD_SIZE: Final[int] = DATA["board"]["size"]
BOARD_SIZES: Final[tuple[int, ...]] = tuple(DATA["board"]["size_choices"])
MAX_TURNS: Final[int] = DATA["bounds"]["max_turns"]
FIRST_PLAYER_ROUNDS: Final[int] = DATA["bounds"]["first_player_rounds"]
LOG_LENGTH: Final[int] = DATA["view"]["log_length"]
HIDDEN_DISCARD: Final = "discard tile"
"""The log text of a tile returned to the bag (TU-07: nobody else sees which)."""
SHAPE_NAMES: Final[tuple[str, ...]] = tuple(DATA["goals"]["order"])
SHAPES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((int(r), int(c)) for r, c in DATA["shapes"][name]) for name in SHAPE_NAMES
)
CARDS: Final[tuple[tuple[int, int], ...]] = tuple(
    (index // DATA["goals"]["copies"], index % len(COLOURS))
    for index in range(len(SHAPE_NAMES) * DATA["goals"]["copies"])
)
"""Goal card id -> (shape index, colour index)."""
CARD_COUNT: Final = len(CARDS)
CARD_OF: Final[dict[tuple[int, int], int]] = {pair: card for card, pair in enumerate(CARDS)}
"""(shape, colour) -> card id; every pair is one card."""
if len(CARD_OF) != CARD_COUNT:
    raise ValueError("tile_up: two goal cards share a shape and colour")

MAX_PLAYERS: Final = 4
TURN_STEP_BOUND: Final = 1 + DRAW_TILES + MAX_TILES + 2 * CARD_COUNT + 1 + DRAW_TILES + 1 + 1
"""Steps one turn can take: a draw and its chance steps, or up to 7 placements; each card
scored at most once a turn plus its face-up replacement; the end and the discards."""
SETUP_STEP_BOUND = 5 + FACEUP + MAX_PLAYERS * (START_TILES + START_GOALS)
SETUP_STEP_BOUND += FIRST_PLAYER_ROUNDS * MAX_PLAYERS * START_TILES

INFO: Final = GameInfo(
    id="tile_up",
    version=1,
    name_es=DATA["names"]["es"],
    name_en=DATA["names"]["en"],
    min_players=2,
    max_players=MAX_PLAYERS,
    has_chance=True,
    hidden_info=True,
    simultaneous=False,
    max_steps=SETUP_STEP_BOUND + TURN_STEP_BOUND * MAX_TURNS,
    options=(
        OptionSpec(
            "board_size",
            BOARD_SIZE,
            "Casillas por lado del tablero.",
            "Cells per side of the board.",
            choices=BOARD_SIZES,
            label_es="Tamaño del tablero",
            label_en="Board size",
        ),
        OptionSpec(
            "allow_mirror",
            False,
            "Las figuras de los objetivos también valen reflejadas (no solo giradas).",
            "Goal shapes also match mirrored (not only rotated).",
            label_es="Figuras reflejadas también valen",
            label_en="Mirrored shapes count",
        ),
    ),
    summary_es=DATA["summary"]["es"],
    summary_en=DATA["summary"]["en"],
)

LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"


def tile_name(code: int) -> str:
    """``"R4"`` for a tile code."""
    return f"{COLOURS[code // NUMBERS]}{code % NUMBERS + 1}"


def cell_name(row: int, col: int) -> str:
    """``"f6"``: column letter, then the row number from 1."""
    return f"{LETTERS[col]}{row + 1}"


# ---------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Place:
    """Place one tile from your hand on a cell (TU-03). Row and column count from 0."""

    tile: int
    row: int
    col: int

    def __str__(self) -> str:
        return f"place {tile_name(self.tile)} {cell_name(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class Score:
    """Score goal ``card`` on the region whose first cell (row-major) is (row, col) (TU-04)."""

    card: int
    row: int
    col: int

    def __str__(self) -> str:
        return f"score {self.card} {cell_name(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class DrawTiles:
    """The turn's action: draw three tiles from the bag (TU-02)."""

    def __str__(self) -> str:
        return "draw tiles"


@dataclass(frozen=True, slots=True)
class DrawGoal:
    """The turn's action: draw the top goal card of the deck (TU-02)."""

    def __str__(self) -> str:
        return "draw goal"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn (then discard down to the limits, TU-07)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class DiscardTile:
    """End of turn: return one tile to the bag (TU-07)."""

    tile: int

    def __str__(self) -> str:
        return f"discard {tile_name(self.tile)}"


@dataclass(frozen=True, slots=True)
class DiscardGoal:
    """End of turn: discard one goal card face up (TU-07)."""

    card: int

    def __str__(self) -> str:
        return f"discard goal {self.card}"


@dataclass(frozen=True, slots=True)
class BagDraw:
    """Chance: this tile comes out of the bag."""

    tile: int

    def __str__(self) -> str:
        return f"bag {tile_name(self.tile)}"


@dataclass(frozen=True, slots=True)
class DeckDraw:
    """Chance: this card comes off the (unordered) goal deck."""

    card: int

    def __str__(self) -> str:
        return f"deck {self.card}"


Action = (
    Place | Score | DrawTiles | DrawGoal | EndTurn | DiscardTile | DiscardGoal | BagDraw | DeckDraw
)

DRAW_TILES_ACTION: Final = DrawTiles()
DRAW_GOAL_ACTION: Final = DrawGoal()
END: Final = EndTurn()
BAG_DRAWS: Final = tuple(BagDraw(code) for code in range(TILE_KINDS))
DECK_DRAWS: Final = tuple(DeckDraw(card) for card in range(CARD_COUNT))
DISCARD_TILE_ACTIONS: Final = tuple(DiscardTile(code) for code in range(TILE_KINDS))
DISCARD_GOAL_ACTIONS: Final = tuple(DiscardGoal(card) for card in range(CARD_COUNT))

# ---------------------------------------------------------------------------------------
# State

SETUP: Final = 0
PLAY: Final = 1
DISCARD: Final = 2
OVER: Final = 3
PHASES: Final = ("setup", "play", "discard", "over")

# What a pending draw is for: (kind, target).
K_START: Final = 0
K_TILE: Final = 1
K_GOAL: Final = 2
K_FACEUP: Final = 3
KINDS: Final = ("start", "tile", "goal", "faceup")

# The turn's action so far (TU-02).
NONE: Final = 0
DREW_GOAL: Final = 1
DREW_TILES: Final = 2
PLACING: Final = 3

END_REASONS: Final = ("", "corners", "tiles", "turns")
END_IDS: Final = {"corners": "corners", "tiles": "tiles_out", "turns": "turn_limit"}
"""Outcome end reason ids for ``END_REASONS`` (the ids ``simulate`` counts)."""


class Rules(NamedTuple):
    """The options that change play, resolved once at setup."""

    size: int
    allow_mirror: bool


class State(NamedTuple):
    """A full Tile Up state (immutable; a NamedTuple, see ``docs/architecture.md``).

    Cells are bit indices of ``board.Geometry`` (row * (size + 1) + col).

    Attributes:
        rules: Resolved options.
        stacks: Per cell bit index, the tile codes bottom to top (guard cells empty).
        colour_masks: Per colour, the cells whose top tile has it.
        number_masks: Per number - 1, the cells whose top tile has it.
        occupied: Cells holding a tile.
        frontier: Empty cells orthogonally adjacent to a tile.
        regions: The same-colour top regions that have exactly a goal shape, by anchor.
        bag: Copies left per tile code (a multiset: no order).
        hands: Each seat's tiles, sorted (hidden from the others).
        goals: Each seat's goal cards, sorted (hidden, except ``known``).
        known: Per seat, the goal cards in hand that everyone saw drawn (from a known deck).
        faceup: The face-up goal cards, -1 for an empty slot.
        deck: The goal deck: sorted card ids when its order is unknown, else top first.
        deck_ordered: Whether the deck was turned over from the discard pile (known order).
        discard: The goal discard pile, bottom first (face up).
        pending: Draws still owed, ``(kind, target)``; chance acts while any is left.
        phase: SETUP, PLAY, DISCARD or OVER.
        current: The seat whose turn it is (-1 during setup).
        acted: The turn's action so far: NONE, DREW_GOAL, DREW_TILES or PLACING.
        turn_cards: Bit per card scored this turn (each card once a turn).
        scores: Points per seat.
        scored: Goal cards scored per seat (tie-break).
        sums: Each seat's last announced start sum (TU-01), -1 before.
        fresh: Bit per seat whose hand is still the one whose sum was announced.
        turn: Turns finished.
        end_reason: Index into ``END_REASONS`` (0 while the game goes on).
        log: The last ``LOG_LENGTH`` public player actions, oldest first, as ``(seat,
            action text, points)``: points only for a score; a tile returned to the bag is
            ``HIDDEN_DISCARD`` (which one is not seen, TU-07).
    """

    rules: Rules
    stacks: tuple[tuple[int, ...], ...]
    colour_masks: tuple[int, ...]
    number_masks: tuple[int, ...]
    occupied: int
    frontier: int
    regions: tuple[Region, ...]
    bag: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    goals: tuple[tuple[int, ...], ...]
    known: tuple[tuple[int, ...], ...]
    faceup: tuple[int, ...]
    deck: tuple[int, ...]
    deck_ordered: bool
    discard: tuple[int, ...]
    pending: tuple[tuple[int, int], ...]
    phase: int
    current: int
    acted: int
    turn_cards: int
    scores: tuple[int, ...]
    scored: tuple[int, ...]
    sums: tuple[int, ...]
    fresh: int
    turn: int
    end_reason: int
    log: tuple[tuple[int, str, int], ...]


def geo_of(rules: Rules) -> Geometry:
    """The board geometry of a rules set (called several times a step).

    Every state of a game carries the same ``Rules`` object, so the last one asked is
    remembered by identity (hashing the rules tuple cost more than the rest); the pair is
    one list item, written at once, so another thread never reads one game's rules with
    another's geometry.
    """
    last = _LAST_GEOMETRY[0]
    if last[0] is rules:
        return last[1]
    geo = _GEOMETRIES.get(rules)
    if geo is None:
        geo = _GEOMETRIES[rules] = geometry(rules.size, SHAPES, rules.allow_mirror)
    _LAST_GEOMETRY[0] = (rules, geo)
    return geo


_GEOMETRIES: Final[dict[Rules, Geometry]] = {}
_LAST_GEOMETRY: Final[list[tuple[Rules | None, Geometry]]] = [
    (None, geometry(BOARD_SIZE, SHAPES, False))
]


TILE_CODES: Final[dict[str, int]] = {tile_name(code): code for code in range(TILE_KINDS)}


def board_masks(
    geo: Geometry, stacks: Sequence[tuple[int, ...]]
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The colour masks, number masks and occupied mask of a board of stacks."""
    colour_masks = [0] * len(COLOURS)
    number_masks = [0] * NUMBERS
    occupied = 0
    for cell in geo.cells:
        stack = stacks[cell]
        if stack:
            top = stack[-1]
            colour_masks[top // NUMBERS] |= 1 << cell
            number_masks[top % NUMBERS] |= 1 << cell
            occupied |= 1 << cell
    return tuple(colour_masks), tuple(number_masks), occupied


# Field positions. Hot transitions copy a state into a list, set the changed fields by
# position (``new[F_PHASE] = ...``) and build the new State with ``new_state(State, new)``
# (``tuple.__new__``): several times faster than ``State._replace`` (keywords). Final, in a
# compiled module: the compiled build reads them as C constants.
new_state: Final = tuple.__new__
F_RULES: Final = State._fields.index("rules")
F_STACKS: Final = State._fields.index("stacks")
F_COLOURS: Final = State._fields.index("colour_masks")
F_NUMBERS: Final = State._fields.index("number_masks")
F_OCCUPIED: Final = State._fields.index("occupied")
F_FRONTIER: Final = State._fields.index("frontier")
F_REGIONS: Final = State._fields.index("regions")
F_BAG: Final = State._fields.index("bag")
F_HANDS: Final = State._fields.index("hands")
F_GOALS: Final = State._fields.index("goals")
F_KNOWN: Final = State._fields.index("known")
F_FACEUP: Final = State._fields.index("faceup")
F_DECK: Final = State._fields.index("deck")
F_DECK_ORDERED: Final = State._fields.index("deck_ordered")
F_DISCARD: Final = State._fields.index("discard")
F_PENDING: Final = State._fields.index("pending")
F_PHASE: Final = State._fields.index("phase")
F_CURRENT: Final = State._fields.index("current")
F_ACTED: Final = State._fields.index("acted")
F_TURN_CARDS: Final = State._fields.index("turn_cards")
F_SCORES: Final = State._fields.index("scores")
F_SCORED: Final = State._fields.index("scored")
F_SUMS: Final = State._fields.index("sums")
F_FRESH: Final = State._fields.index("fresh")
F_TURN: Final = State._fields.index("turn")
F_END_REASON: Final = State._fields.index("end_reason")
F_LOG: Final = State._fields.index("log")


native.picklable(globals())
