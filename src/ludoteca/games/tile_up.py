"""Tile Up: place and stack numbered coloured tiles to form the shapes of goal cards.

2 to 4 players. Setup (TU-01) fills the five start cells, turns two goal cards face up,
deals 3 tiles and 1 goal card to each player and finds the first player. A turn (TU-02) is
one action: draw a goal card, draw three tiles, or place tiles one at a time (TU-03); goals
are scored before, between and after placements (TU-04..06); the turn ends with discards
down to 7 tiles and 3 cards (TU-07). The game ends with the fourth corner covered or when no
tile is left to place or draw (TU-09).
Rules map: ``docs/rules/tile_up.md``. Components: ``games/data/tile_up.toml``.
Board geometry and the region match: ``games/tile_up_board.py``.

A turn is a sequence of small actions: ``place R4 f6`` (one tile), ``score 12 f6`` (one goal
on the region whose first cell is f6), ``draw tiles``, ``draw goal``, ``end`` and, at the end
of the turn, ``discard R4`` / ``discard goal 12``. Every bag draw (``bag R4``) and every draw
from an unknown deck (``deck 12``) is an explicit chance step by multiset counts: the bag and
the initial deck have no hidden order. A deck turned over from the discard pile has a known
order (TU-08, TU-10): its draws are resolved inside ``apply`` and shown in every view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb
from typing import Any, NamedTuple

from ludoteca.engine import components
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import InvalidActionError
from ludoteca.engine.game import CHANCE, GameInfo, Options, OptionSpec, Outcome, Seat, View
from ludoteca.engine.i18n import Message, msg
from ludoteca.games.tile_up_board import Geometry, Region, all_regions, bits, geometry
from ludoteca.games.tile_up_board import update_regions as _update_regions

# ---------------------------------------------------------------------------------------
# Components (from the data file)

DATA = components.load("tile_up")
COLOURS: tuple[str, ...] = tuple(DATA["tiles"]["colours"])
"""Colour letters in card order (orange, red, yellow, green, blue, purple)."""
COLOUR_NAMES: dict[str, tuple[str, ...]] = {
    "es": tuple(DATA["tiles"]["colour_names_es"]),
    "en": tuple(DATA["tiles"]["colour_names_en"]),
}
NUMBERS = len(DATA["tiles"]["copies"])
COPIES: tuple[int, ...] = tuple(DATA["tiles"]["copies"])
"""Copies of each number (1..5) per colour."""
TILE_KINDS = len(COLOURS) * NUMBERS
FULL_BAG: tuple[int, ...] = tuple(COPIES[code % NUMBERS] for code in range(TILE_KINDS))
"""Copies per tile code (``colour * 5 + number - 1``): the whole bag."""
TILE_COUNT = sum(FULL_BAG)
START_MIN_NUMBER: int = DATA["tiles"]["start_min_number"]
START_TILES: int = DATA["hands"]["start_tiles"]
START_GOALS: int = DATA["hands"]["start_goals"]
DRAW_TILES: int = DATA["hands"]["draw_tiles"]
MAX_TILES: int = DATA["hands"]["max_tiles"]
MAX_GOALS: int = DATA["hands"]["max_goals"]
FACEUP: int = DATA["hands"]["faceup"]
BOARD_SIZE: int = DATA["board"]["size"]
BOARD_SIZES: tuple[int, ...] = tuple(DATA["board"]["size_choices"])
MAX_TURNS: int = DATA["bounds"]["max_turns"]
FIRST_PLAYER_ROUNDS: int = DATA["bounds"]["first_player_rounds"]
SHAPE_NAMES: tuple[str, ...] = tuple(DATA["goals"]["order"])
SHAPES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((int(r), int(c)) for r, c in DATA["shapes"][name]) for name in SHAPE_NAMES
)
CARDS: tuple[tuple[int, int], ...] = tuple(
    (index // DATA["goals"]["copies"], index % len(COLOURS))
    for index in range(len(SHAPE_NAMES) * DATA["goals"]["copies"])
)
"""Goal card id -> (shape index, colour index)."""
CARD_COUNT = len(CARDS)
CARD_OF: dict[tuple[int, int], int] = {pair: card for card, pair in enumerate(CARDS)}
"""(shape, colour) -> card id; every pair is one card."""
if len(CARD_OF) != CARD_COUNT:
    raise ValueError("tile_up: two goal cards share a shape and colour")

MAX_PLAYERS = 4
TURN_STEP_BOUND = 1 + DRAW_TILES + MAX_TILES + 2 * CARD_COUNT + 1 + DRAW_TILES + 1 + 1
"""Steps one turn can take: a draw and its chance steps, or up to 7 placements; each card
scored at most once a turn plus its face-up replacement; the end and the discards."""
SETUP_STEP_BOUND = 5 + FACEUP + MAX_PLAYERS * (START_TILES + START_GOALS)
SETUP_STEP_BOUND += FIRST_PLAYER_ROUNDS * MAX_PLAYERS * START_TILES

INFO = GameInfo(
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
        ),
        OptionSpec(
            "allow_mirror",
            False,
            "Las figuras de los objetivos también valen reflejadas (no solo giradas).",
            "Goal shapes also match mirrored (not only rotated).",
        ),
    ),
    summary_es=DATA["summary"]["es"],
    summary_en=DATA["summary"]["en"],
)

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def tile_name(code: int) -> str:
    """``"R4"`` for a tile code."""
    return f"{COLOURS[code // NUMBERS]}{code % NUMBERS + 1}"


def cell_name(row: int, col: int) -> str:
    """``"f6"``: column letter, then the row number from 1."""
    return f"{_LETTERS[col]}{row + 1}"


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

DRAW_TILES_ACTION = DrawTiles()
DRAW_GOAL_ACTION = DrawGoal()
END = EndTurn()
_BAG = tuple(BagDraw(code) for code in range(TILE_KINDS))
_DECK = tuple(DeckDraw(card) for card in range(CARD_COUNT))
_DISCARD_TILES = tuple(DiscardTile(code) for code in range(TILE_KINDS))
_DISCARD_GOALS = tuple(DiscardGoal(card) for card in range(CARD_COUNT))

# ---------------------------------------------------------------------------------------
# State

SETUP, PLAY, DISCARD, OVER = 0, 1, 2, 3
PHASES = ("setup", "play", "discard", "over")

# What a pending draw is for: (kind, target).
K_START, K_TILE, K_GOAL, K_FACEUP = 0, 1, 2, 3
_KINDS = ("start", "tile", "goal", "faceup")

# The turn's action so far (TU-02).
NONE, DREW_GOAL, DREW_TILES, PLACING = 0, 1, 2, 3

END_REASONS = ("", "corners", "tiles", "turns")


class Rules(NamedTuple):
    """The options that change play, resolved once at setup."""

    size: int
    allow_mirror: bool


class State(NamedTuple):
    """A full Tile Up state (immutable; a NamedTuple, see ``docs/architecture.md``).

    Cells are bit indices of ``tile_up_board.Geometry`` (row * (size + 1) + col).

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


def geo_of(rules: Rules) -> Geometry:
    """The board geometry of a rules set."""
    return geometry(rules.size, SHAPES, rules.allow_mirror)


# ---------------------------------------------------------------------------------------
# The game


class TileUp:
    """The Tile Up rules as pure functions (the Game protocol)."""

    info = INFO

    def setup(self, num_players: int, rng: random.Random, options: Options) -> State:
        """TU-01: an empty board, a full bag and deck, and the setup draws owed.

        The draws themselves are chance steps: the five start cells (3s, 4s and 5s only),
        the face-up goals, then each seat's 3 tiles and 1 goal card. ``rng`` is not needed.
        """
        rules = Rules(int(options["board_size"]), bool(options["allow_mirror"]))
        geo = geo_of(rules)
        pending: list[tuple[int, int]] = [(K_START, cell) for cell in geo.start]
        pending += [(K_FACEUP, slot) for slot in range(FACEUP)]
        for seat in range(num_players):
            pending += [(K_TILE, seat)] * START_TILES + [(K_GOAL, seat)] * START_GOALS
        empty: tuple[tuple[int, ...], ...] = ((),) * num_players
        return State(
            rules=rules,
            stacks=((),) * (geo.size * geo.stride),
            colour_masks=(0,) * len(COLOURS),
            number_masks=(0,) * NUMBERS,
            occupied=0,
            frontier=0,
            regions=(),
            bag=FULL_BAG,
            hands=empty,
            goals=empty,
            known=empty,
            faceup=(-1,) * FACEUP,
            deck=tuple(range(CARD_COUNT)),
            deck_ordered=False,
            discard=(),
            pending=tuple(pending),
            phase=SETUP,
            current=-1,
            acted=NONE,
            turn_cards=0,
            scores=(0,) * num_players,
            scored=(0,) * num_players,
            sums=(-1,) * num_players,
            fresh=0,
            turn=0,
            end_reason=0,
        )

    def actors(self, state: State) -> tuple[Seat, ...]:
        """Chance while a draw is owed; else the seat whose turn it is; empty when over."""
        if state.pending:
            return _CHANCE_ACTORS
        if state.phase == OVER:
            return ()
        return _SEATS[state.current]

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        """The seat's legal actions.

        Order in play: scores (by card, then region), ``draw goal``, ``draw tiles``,
        placements (by tile code, then cell row by row), ``end``. In the discard step: tile
        discards by tile code while over 7 tiles, then goal discards by card.
        """
        if state.pending or seat != state.current:
            return ()
        phase = state.phase
        if phase == PLAY:
            return _play_actions(state, seat)
        if phase == DISCARD:
            hand = state.hands[seat]
            if len(hand) > MAX_TILES:
                return [_DISCARD_TILES[code] for code in sorted(set(hand))]
            return [_DISCARD_GOALS[card] for card in state.goals[seat]]
        return ()

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        """The next state; assumes the action is legal (check with ``runner.step``)."""
        after: State = _TRANSITIONS[type(action)](state, seat, action)
        return after

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        """The next draw: tiles by copies left (3s to 5s only for a start cell), or each
        card of an unordered deck with equal probability.
        """
        kind = state.pending[0][0]
        if kind in (K_TILE, K_START):
            weights = _tile_weights(state.bag, kind == K_START)
            total = sum(weights)
            return tuple(
                (_BAG[code], Fraction(weight, total))
                for code, weight in enumerate(weights)
                if weight
            )
        size = len(state.deck)
        return tuple((_DECK[card], Fraction(1, size)) for card in state.deck)

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """One draw with the probabilities of ``chance_outcomes``."""
        kind = state.pending[0][0]
        if kind in (K_TILE, K_START):
            return _BAG[rng_mod.weighted_index(rng, _tile_weights(state.bag, kind == K_START))]
        return _DECK[rng_mod.choice(rng, state.deck)]

    def outcome(self, state: State) -> Outcome | None:
        """TU-09: most points wins; ties go to most goal cards scored, then a shared win."""
        if state.phase != OVER:
            return None
        keys = list(zip(state.scores, state.scored, strict=True))
        best = max(keys)
        ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        reason = END_REASONS[state.end_reason]
        return Outcome(
            scores=tuple(float(points) for points in state.scores),
            winners=tuple(seat for seat, key in enumerate(keys) if key == best),
            ranks=ranks,
            reason=msg(f"tile_up.end.{reason}", turns=MAX_TURNS),
        )

    def phase(self, state: State) -> str:
        """The phase id: setup, play, discard or over."""
        return PHASES[state.phase]

    def view(self, state: State, seat: Seat | None) -> View:
        """TU-10: the board, face-up and discarded cards, scores and counts are public; own
        tiles and goal cards are seen by their owner only; cards everyone saw drawn from a
        known deck are public (``known_goals``); the bag and an unordered deck only as sizes.
        """
        geo = geo_of(state.rules)
        stacks = state.stacks
        board = [
            [[tile_name(code) for code in stacks[geo.bit(r, c)]] for c in range(geo.size)]
            for r in range(geo.size)
        ]
        num = len(state.hands)
        view: View = {
            "game": "tile_up",
            "seat": seat,
            "phase": PHASES[state.phase],
            "actors": list(self.actors(state)),
            "current": state.current,
            "acted": state.acted,
            "turn": state.turn,
            "size": geo.size,
            "board": board,
            "regions": [
                [*geo.row_col(r.anchor), r.colour, r.shape, len(bits(r.mask))]
                for r in state.regions
            ],
            "bag_size": sum(state.bag),
            "tile_counts": [len(hand) for hand in state.hands],
            "goal_counts": [len(goals) for goals in state.goals],
            "known_goals": [list(cards) for cards in state.known],
            "faceup": list(state.faceup),
            "deck_size": len(state.deck),
            "deck_order": list(state.deck) if state.deck_ordered else None,
            "discard": list(state.discard),
            "pending": [[_KINDS[kind], target] for kind, target in state.pending],
            "turn_cards": [card for card in range(CARD_COUNT) if state.turn_cards >> card & 1],
            "scores": list(state.scores),
            "scored": list(state.scored),
            "start_sums": list(state.sums),
            "fresh": [bool(state.fresh >> s & 1) for s in range(num)],
            "end_reason": END_REASONS[state.end_reason] or None,
            "options": {"board_size": state.rules.size, "allow_mirror": state.rules.allow_mirror},
        }
        if seat is not None and 0 <= seat < num:
            view["tiles"] = [tile_name(code) for code in state.hands[seat]]
            view["goals"] = list(state.goals[seat])
        return view

    def sample_state(self, view: View, seat: Seat | None, rng: random.Random) -> State:
        """A state consistent with ``view``: the unseen tiles and cards redrawn at random.

        Unseen tiles (all tiles minus the board and the viewer's hand) fill the other hands
        and the bag; a hand whose start sum was announced and that has not changed since
        (``fresh``) is drawn with that sum. Unseen goal cards (all minus face-up, discarded,
        a known deck, the viewer's and everyone's known cards) fill the rest of the other
        hands and an unordered deck.
        """
        options = view["options"]
        rules = Rules(int(options["board_size"]), bool(options["allow_mirror"]))
        geo = geo_of(rules)
        stacks: list[tuple[int, ...]] = [()] * (geo.size * geo.stride)
        pool = list(FULL_BAG)
        for r, row in enumerate(view["board"]):
            for c, names in enumerate(row):
                stack = tuple(_TILE_CODES[name] for name in names)
                stacks[geo.bit(r, c)] = stack
                for code in stack:
                    pool[code] -= 1
        num = len(view["tile_counts"])
        own_seat = seat if seat is not None and 0 <= seat < num else -1
        hands: list[tuple[int, ...]] = [()] * num
        if own_seat >= 0:
            hands[own_seat] = tuple(_TILE_CODES[name] for name in view["tiles"])
            for code in hands[own_seat]:
                pool[code] -= 1
        for other in range(num):
            if other == own_seat:
                continue
            count = view["tile_counts"][other]
            target = view["start_sums"][other] if view["fresh"][other] else -1
            hands[other] = _draw_hand(pool, count, target, rng)
        goal_pool = set(range(CARD_COUNT))
        goal_pool -= {card for card in view["faceup"] if card >= 0}
        goal_pool -= set(view["discard"])
        ordered = view["deck_order"] is not None
        if ordered:
            goal_pool -= set(view["deck_order"])
        known = tuple(tuple(cards) for cards in view["known_goals"])
        for cards in known:
            goal_pool -= set(cards)
        goals: list[tuple[int, ...]] = [()] * num
        if own_seat >= 0:
            goals[own_seat] = tuple(view["goals"])
            goal_pool -= set(goals[own_seat])
        unseen = sorted(goal_pool)
        rng_mod.shuffle(rng, unseen)
        for other in range(num):
            if other != own_seat:
                hidden = view["goal_counts"][other] - len(known[other])
                goals[other] = tuple(sorted(known[other] + tuple(unseen[:hidden])))
                del unseen[:hidden]
        deck = tuple(view["deck_order"]) if ordered else tuple(sorted(unseen))
        colour_masks, number_masks, occupied = _masks(geo, stacks)
        return State(
            rules=rules,
            stacks=tuple(stacks),
            colour_masks=colour_masks,
            number_masks=number_masks,
            occupied=occupied,
            frontier=geo.neighbours(occupied) & ~occupied,
            regions=all_regions(geo, colour_masks),
            bag=tuple(pool),
            hands=tuple(hands),
            goals=tuple(goals),
            known=known,
            faceup=tuple(view["faceup"]),
            deck=deck,
            deck_ordered=ordered,
            discard=tuple(view["discard"]),
            pending=tuple((_KINDS.index(kind), target) for kind, target in view["pending"]),
            phase=PHASES.index(view["phase"]),
            current=view["current"],
            acted=view["acted"],
            turn_cards=sum(1 << card for card in view["turn_cards"]),
            scores=tuple(view["scores"]),
            scored=tuple(view["scored"]),
            sums=tuple(view["start_sums"]),
            fresh=sum(1 << s for s, flag in enumerate(view["fresh"]) if flag),
            turn=view["turn"],
            end_reason=END_REASONS.index(view["end_reason"] or ""),
        )

    def explain(
        self, state: State, seat: Seat, action: Action
    ) -> tuple[str | None, Message] | None:
        """Why ``action`` is illegal for ``seat`` now, with the rule id; ``None`` if legal.

        Decided directly from the rules (not by searching the legal list), so checking one
        action costs the same however many placements there are.
        """
        return _reason(state, seat, action)

    def parse_action(self, text: str) -> Action:
        """Read an action: ``place R4 f6``, ``score 12 f6``, ``draw tiles``, ``draw goal``,
        ``end``, ``discard R4``, ``discard goal 12``, ``bag R4``, ``deck 12``. Spanish verbs
        work too (``colocar``, ``puntuar``, ``robar fichas``, ``robar objetivo``, ``fin``,
        ``descartar``, ``bolsa``, ``mazo``).

        Raises:
            InvalidActionError: If the text is not an action.
        """
        tokens = text.strip().split()
        if not tokens:
            raise InvalidActionError(text, msg("tile_up.bad_verb"))
        verb = _VERBS.get(tokens[0].lower())
        rest = tokens[1:]
        if verb == "draw" and len(rest) == 1:
            kind = _DRAW_KINDS.get(rest[0].lower())
            if kind is not None:
                return kind
        if verb == "end" and not rest:
            return END
        if verb == "place" and len(rest) == 2:
            tile = _parse_tile(text, rest[0])
            row, col = _parse_cell(text, rest[1])
            return Place(tile, row, col)
        if verb == "score" and len(rest) == 2:
            card = _parse_card(text, rest[0])
            row, col = _parse_cell(text, rest[1])
            return Score(card, row, col)
        if verb == "discard" and len(rest) == 1:
            return _DISCARD_TILES[_parse_tile(text, rest[0])]
        if verb == "discard" and len(rest) == 2 and rest[0].lower() in _GOAL_WORDS:
            return _DISCARD_GOALS[_parse_card(text, rest[1])]
        if verb == "bag" and len(rest) == 1:
            return _BAG[_parse_tile(text, rest[0])]
        if verb == "deck" and len(rest) == 1:
            return _DECK[_parse_card(text, rest[0])]
        raise InvalidActionError(text, msg("tile_up.bad_verb"))

    def describe(self, action: Action, lang: str) -> str:
        """A sentence for people, e.g. "places R4 on f6"."""
        language: Any = "es" if lang == "es" else "en"
        if isinstance(action, Place):
            cell = cell_name(action.row, action.col)
            return msg("tile_up.do.place", tile=tile_name(action.tile), cell=cell).text(language)
        if isinstance(action, Score):
            shape, colour = CARDS[action.card]
            return msg(
                "tile_up.do.score",
                card=action.card,
                shape=SHAPE_NAMES[shape],
                colour=COLOUR_NAMES[language][colour],
                cell=cell_name(action.row, action.col),
            ).text(language)
        if isinstance(action, DiscardTile | BagDraw):
            key = "discard_tile" if isinstance(action, DiscardTile) else "bag"
            return msg(f"tile_up.do.{key}", tile=tile_name(action.tile)).text(language)
        if isinstance(action, DiscardGoal | DeckDraw):
            key = "discard_goal" if isinstance(action, DiscardGoal) else "deck"
            return msg(f"tile_up.do.{key}", card=action.card).text(language)
        key = {DrawTiles: "draw_tiles", DrawGoal: "draw_goal", EndTurn: "end"}[type(action)]
        return msg(f"tile_up.do.{key}").text(language)

    def rules_text(self, lang: str) -> list[tuple[str, str]]:
        """The rules as ``(rule id, sentence)`` pairs in ``lang``."""
        return components.rules_text(DATA, lang)


GAME = TileUp()


# ---------------------------------------------------------------------------------------
# Legal actions (private)

_CHANCE_ACTORS: tuple[Seat, ...] = (CHANCE,)
_SEATS: tuple[tuple[Seat, ...], ...] = tuple((seat,) for seat in range(MAX_PLAYERS))


class _Chunk(dict[int, tuple[Place, ...]]):
    """Place actions of one tile for the cells of one byte of a cell mask, by byte value."""

    def __init__(self, geo: Geometry, tile: int, chunk: int) -> None:
        super().__init__()
        self._geo = geo
        self._tile = tile
        self._base = chunk * 8

    def __missing__(self, byte: int) -> tuple[Place, ...]:
        geo = self._geo
        actions = tuple(
            Place(self._tile, *geo.row_col(self._base + k)) for k in range(8) if byte >> k & 1
        )
        self[byte] = actions
        return actions


_PLACE_TABLES: dict[int, list[list[_Chunk]]] = {}


def _place_table(geo: Geometry) -> list[list[_Chunk]]:
    """Per tile code, per byte of a cell mask: the interned Place actions (lazily built)."""
    table = _PLACE_TABLES.get(geo.size)
    if table is None:
        chunks = (geo.size * geo.stride + 7) // 8
        table = [[_Chunk(geo, tile, k) for k in range(chunks)] for tile in range(TILE_KINDS)]
        _PLACE_TABLES[geo.size] = table
    return table


def _stack_targets(state: State, tile: int) -> int:
    """Cells whose top tile has another colour and a higher number than ``tile`` (TU-03)."""
    number = tile % NUMBERS
    higher = 0
    for mask in state.number_masks[number + 1 :]:
        higher |= mask
    return higher & ~state.colour_masks[tile // NUMBERS]


def _placements(state: State, hand: tuple[int, ...]) -> list[Action]:
    table = _place_table(geo_of(state.rules))
    out: list[Action] = []
    frontier = state.frontier
    previous = -1
    for tile in hand:
        if tile == previous:
            continue
        previous = tile
        chunks = table[tile]
        mask = frontier | _stack_targets(state, tile)
        index = 0
        while mask:
            byte = mask & 0xFF
            if byte:
                out += chunks[index][byte]
            mask >>= 8
            index += 1
    return out


def _score_actions(state: State, seat: Seat) -> list[Action]:
    """TU-04, TU-05: every (card, region) pair that can be scored now, by card then region."""
    if not state.regions:
        return []
    faceup = state.faceup
    own = state.goals[seat]
    done = state.turn_cards
    geo = geo_of(state.rules)
    found = []
    for region in state.regions:
        card = CARD_OF.get((region.shape, region.colour), -1)
        if card >= 0 and not done >> card & 1 and (card in faceup or card in own):
            found.append((card, region.anchor))
    found.sort()
    return [Score(card, *geo.row_col(anchor)) for card, anchor in found]


def _play_actions(state: State, seat: Seat) -> list[Action]:
    out = _score_actions(state, seat)
    acted = state.acted
    if acted == NONE:
        main = len(out)
        if state.deck or state.discard:
            out.append(DRAW_GOAL_ACTION)
        if any(state.bag):
            out.append(DRAW_TILES_ACTION)
        out += _placements(state, state.hands[seat])
        if len(out) == main:
            out.append(END)  # nothing to do: the turn passes (TU-09 ends such games)
        return out
    if acted == PLACING:
        out += _placements(state, state.hands[seat])
    out.append(END)
    return out


def _has_main_action(state: State, seat: Seat) -> bool:
    if state.deck or state.discard or any(state.bag):
        return True
    return bool(_placements(state, state.hands[seat]))


def _tile_weights(bag: tuple[int, ...], start: bool) -> tuple[int, ...]:
    if not start:
        return bag
    low = START_MIN_NUMBER - 1
    return tuple(n if code % NUMBERS >= low else 0 for code, n in enumerate(bag))


# ---------------------------------------------------------------------------------------
# Transitions (private)


def _put(state: State, cell: int, tile: int) -> dict[str, Any]:
    """The board fields after ``tile`` goes on ``cell`` (TU-03 already checked)."""
    geo = geo_of(state.rules)
    stack = state.stacks[cell]
    old = stack[-1] if stack else -1
    stacks = list(state.stacks)
    stacks[cell] = (*stack, tile)
    bit = 1 << cell
    colour_masks = list(state.colour_masks)
    number_masks = list(state.number_masks)
    if old >= 0:
        colour_masks[old // NUMBERS] &= ~bit
        number_masks[old % NUMBERS] &= ~bit
    colour = tile // NUMBERS
    colour_masks[colour] |= bit
    number_masks[tile % NUMBERS] |= bit
    occupied = state.occupied | bit
    return {
        "stacks": tuple(stacks),
        "colour_masks": tuple(colour_masks),
        "number_masks": tuple(number_masks),
        "occupied": occupied,
        "frontier": (state.frontier | geo.neighbours(bit)) & ~occupied,
        "regions": _update_regions(
            geo, state.regions, colour_masks, cell, colour, old // NUMBERS if old >= 0 else -1
        ),
    }


def _remove_one(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    at = items.index(item)
    return items[:at] + items[at + 1 :]


def _insert(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    at = 0
    while at < len(items) and items[at] <= item:
        at += 1
    return (*items[:at], item, *items[at:])


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _bag_with(bag: tuple[int, ...], code: int, delta: int) -> tuple[int, ...]:
    return (*bag[:code], bag[code] + delta, *bag[code + 1 :])


def _apply_bag(state: State, seat: Seat, action: BagDraw) -> State:
    kind, target = state.pending[0]
    code = action.tile
    bag = _bag_with(state.bag, code, -1)
    rest = state.pending[1:]
    if kind == K_START:
        return _settle(state._replace(bag=bag, pending=rest, **_put(state, target, code)))
    hands = _set(state.hands, target, _insert(state.hands[target], code))
    return _settle(state._replace(bag=bag, pending=rest, hands=hands))


def _apply_deck(state: State, seat: Seat, action: DeckDraw) -> State:
    deck = _remove_one(state.deck, action.card)
    return _settle(_give_card(state._replace(deck=deck), action.card, False))


def _give_card(state: State, card: int, seen: bool) -> State:
    """The owed goal draw at the head of ``pending`` receives ``card``."""
    kind, target = state.pending[0]
    rest = state.pending[1:]
    if kind == K_FACEUP:
        return state._replace(pending=rest, faceup=_set(state.faceup, target, card))
    goals = _set(state.goals, target, _insert(state.goals[target], card))
    known = state.known
    if seen:
        known = _set(known, target, _insert(known[target], card))
    return state._replace(pending=rest, goals=goals, known=known)


def _settle(state: State) -> State:
    """Resolve what needs no chance: draws from a known deck, turning the discard pile over
    (TU-08), draws nothing can satisfy, and the first-player comparison once setup is dealt.
    """
    while True:
        if not state.pending:
            if state.phase == SETUP:
                state = _compare(state)
                if state.pending:
                    continue
            return state
        kind = state.pending[0][0]
        if kind in (K_GOAL, K_FACEUP):
            if not state.deck:
                if not state.discard:
                    state = state._replace(pending=state.pending[1:])
                    continue
                # TU-08: turned over unshuffled: the first card discarded is now on top.
                state = state._replace(deck=state.discard, deck_ordered=True, discard=())
            if state.deck_ordered:
                card = state.deck[0]
                rest = state.deck[1:]
                state = _give_card(state._replace(deck=rest, deck_ordered=bool(rest)), card, True)
                continue
            return state
        if not any(_tile_weights(state.bag, kind == K_START)):
            state = state._replace(pending=state.pending[1:])
            continue
        return state


def _compare(state: State) -> State:
    """TU-01: the highest start sum begins; the tied highest redraw and all compare again."""
    sums = tuple(sum(code % NUMBERS + 1 for code in hand) for hand in state.hands)
    best = max(sums)
    tied = [seat for seat, total in enumerate(sums) if total == best]
    everyone = (1 << len(sums)) - 1
    if len(tied) == 1:
        return state._replace(sums=sums, fresh=everyone, phase=PLAY, current=tied[0])
    bag = list(state.bag)
    hands = list(state.hands)
    fresh = everyone
    pending: list[tuple[int, int]] = []
    for seat in tied:
        for code in hands[seat]:
            bag[code] += 1
        hands[seat] = ()
        fresh &= ~(1 << seat)
        pending += [(K_TILE, seat)] * START_TILES
    return state._replace(
        sums=sums, fresh=fresh, bag=tuple(bag), hands=tuple(hands), pending=tuple(pending)
    )


def _apply_place(state: State, seat: Seat, action: Place) -> State:
    geo = geo_of(state.rules)
    cell = geo.bit(action.row, action.col)
    return state._replace(
        hands=_set(state.hands, seat, _remove_one(state.hands[seat], action.tile)),
        acted=PLACING,
        fresh=state.fresh & ~(1 << seat),
        **_put(state, cell, action.tile),
    )


def _apply_score(state: State, seat: Seat, action: Score) -> State:
    geo = geo_of(state.rules)
    anchor = geo.bit(action.row, action.col)
    region = next(r for r in state.regions if r.anchor == anchor)
    stacks = state.stacks
    points = sum(len(stacks[cell]) for cell in bits(region.mask))
    card = action.card
    changes: dict[str, Any] = {
        "scores": _set(state.scores, seat, state.scores[seat] + points),
        "scored": _set(state.scored, seat, state.scored[seat] + 1),
        "discard": (*state.discard, card),
        "turn_cards": state.turn_cards | 1 << card,
    }
    if card in state.faceup:
        slot = state.faceup.index(card)
        changes["faceup"] = _set(state.faceup, slot, -1)
        changes["pending"] = ((K_FACEUP, slot),)
    else:
        changes["goals"] = _set(state.goals, seat, _remove_one(state.goals[seat], card))
        if card in state.known[seat]:
            changes["known"] = _set(state.known, seat, _remove_one(state.known[seat], card))
    return _settle(state._replace(**changes))


def _apply_draw_tiles(state: State, seat: Seat, action: DrawTiles) -> State:
    count = min(DRAW_TILES, sum(state.bag))
    return _settle(
        state._replace(
            pending=((K_TILE, seat),) * count,
            acted=DREW_TILES,
            fresh=state.fresh & ~(1 << seat),
        )
    )


def _apply_draw_goal(state: State, seat: Seat, action: DrawGoal) -> State:
    return _settle(state._replace(pending=((K_GOAL, seat),), acted=DREW_GOAL))


def _apply_end(state: State, seat: Seat, action: EndTurn) -> State:
    if len(state.hands[seat]) > MAX_TILES or len(state.goals[seat]) > MAX_GOALS:
        return state._replace(phase=DISCARD)
    return _finish_turn(state)


def _apply_discard_tile(state: State, seat: Seat, action: DiscardTile) -> State:
    state = state._replace(
        hands=_set(state.hands, seat, _remove_one(state.hands[seat], action.tile)),
        bag=_bag_with(state.bag, action.tile, 1),
        fresh=state.fresh & ~(1 << seat),
    )
    return _after_discard(state, seat)


def _apply_discard_goal(state: State, seat: Seat, action: DiscardGoal) -> State:
    card = action.card
    changes: dict[str, Any] = {
        "goals": _set(state.goals, seat, _remove_one(state.goals[seat], card)),
        "discard": (*state.discard, card),
    }
    if card in state.known[seat]:
        changes["known"] = _set(state.known, seat, _remove_one(state.known[seat], card))
    return _after_discard(state._replace(**changes), seat)


def _after_discard(state: State, seat: Seat) -> State:
    if len(state.hands[seat]) > MAX_TILES or len(state.goals[seat]) > MAX_GOALS:
        return state
    return _finish_turn(state)


def _finish_turn(state: State) -> State:
    """TU-09 checks at the end of a turn, else the next seat's turn (TU-02)."""
    geo = geo_of(state.rules)
    turn = state.turn + 1
    reason = 0
    if state.occupied & geo.corners == geo.corners:
        reason = 1
    elif not any(state.bag) and not any(state.hands):
        reason = 2
    elif turn >= MAX_TURNS:
        reason = 3
    if reason:
        return state._replace(phase=OVER, turn=turn, end_reason=reason, turn_cards=0)
    return state._replace(
        phase=PLAY,
        current=(state.current + 1) % len(state.hands),
        acted=NONE,
        turn=turn,
        turn_cards=0,
    )


_TRANSITIONS: dict[type, Any] = {
    Place: _apply_place,
    Score: _apply_score,
    DrawTiles: _apply_draw_tiles,
    DrawGoal: _apply_draw_goal,
    EndTurn: _apply_end,
    DiscardTile: _apply_discard_tile,
    DiscardGoal: _apply_discard_goal,
    BagDraw: _apply_bag,
    DeckDraw: _apply_deck,
}


# ---------------------------------------------------------------------------------------
# Explanations (private)


def _reason(state: State, seat: Seat, action: Action) -> tuple[str, Message] | None:
    if isinstance(action, BagDraw | DeckDraw):
        return "TU-10", msg("tile_up.chance_only")
    if state.phase == OVER:
        return "TU-09", msg("engine.game_over")
    if state.pending:
        return ("TU-01" if state.phase == SETUP else "TU-02"), msg("tile_up.chance_turn")
    if seat != state.current:
        return "TU-02", msg("tile_up.not_your_turn", seat=state.current)
    limits = {"tiles": MAX_TILES, "goals": MAX_GOALS}
    if state.phase == DISCARD:
        return _discard_reason(state, seat, action)
    if isinstance(action, DiscardTile | DiscardGoal):
        return "TU-07", msg("tile_up.no_discard", **limits)
    if isinstance(action, Score):
        return _score_reason(state, seat, action)
    if isinstance(action, DrawGoal):
        if state.acted != NONE:
            return "TU-02", msg("tile_up.one_action")
        if not state.deck and not state.discard:
            return "TU-08", msg("tile_up.deck_empty")
        return None
    if isinstance(action, DrawTiles):
        if state.acted != NONE:
            return "TU-02", msg("tile_up.one_action")
        if not any(state.bag):
            return "TU-08", msg("tile_up.bag_empty")
        return None
    if isinstance(action, Place):
        return _place_reason(state, seat, action)
    if state.acted == NONE and _has_main_action(state, seat):
        return "TU-02", msg("tile_up.no_action_yet")
    return None


def _discard_reason(state: State, seat: Seat, action: Action) -> tuple[str, Message] | None:
    limits = {"tiles": MAX_TILES, "goals": MAX_GOALS}
    over_tiles = len(state.hands[seat]) > MAX_TILES
    if isinstance(action, DiscardTile):
        if not over_tiles:
            return "TU-07", msg("tile_up.no_discard", **limits)
        if action.tile not in state.hands[seat]:
            hand = " ".join(map(tile_name, state.hands[seat]))
            return "TU-07", msg("tile_up.not_holding_tile", tile=tile_name(action.tile), hand=hand)
        return None
    if isinstance(action, DiscardGoal):
        if over_tiles:
            return "TU-07", msg("tile_up.tiles_first", tiles=MAX_TILES)
        if action.card not in state.goals[seat]:
            return "TU-07", msg("tile_up.not_holding_card", card=action.card)
        return None
    if isinstance(action, Score):
        return "TU-06", msg("tile_up.score_own_turn")
    return "TU-07", msg("tile_up.discard_now", **limits)


def _score_reason(state: State, seat: Seat, action: Score) -> tuple[str, Message] | None:
    card = action.card
    if card not in state.faceup and card not in state.goals[seat]:
        return "TU-05", msg("tile_up.no_card", card=card)
    geo = geo_of(state.rules)
    shape, colour = CARDS[card]
    cell = cell_name(action.row, action.col) if 0 <= action.col < len(_LETTERS) else "?"
    no_shape = msg(
        "tile_up.no_shape", cell=cell, shape=SHAPE_NAMES[shape], colour=_colour_message(colour)
    )
    if state.turn_cards >> card & 1:
        return "TU-06", msg("tile_up.once_a_turn", card=card)
    if not geo.on_board(action.row, action.col):
        return "TU-04", msg("tile_up.off_board", cell=cell)
    anchor = geo.bit(action.row, action.col)
    for region in state.regions:
        if region.anchor == anchor and region.shape == shape and region.colour == colour:
            return None
    return "TU-04", no_shape


def _place_reason(state: State, seat: Seat, action: Place) -> tuple[str, Message] | None:
    if state.acted in (DREW_GOAL, DREW_TILES):
        return "TU-02", msg("tile_up.one_action")
    hand = state.hands[seat]
    name = tile_name(action.tile)
    if action.tile not in hand:
        return "TU-03", msg(
            "tile_up.not_holding_tile", tile=name, hand=" ".join(map(tile_name, hand)) or "-"
        )
    geo = geo_of(state.rules)
    cell = cell_name(action.row, action.col) if 0 <= action.col < len(_LETTERS) else "?"
    if not geo.on_board(action.row, action.col):
        return "TU-03", msg("tile_up.off_board", cell=cell)
    bit = geo.bit(action.row, action.col)
    stack = state.stacks[bit]
    if not stack:
        if state.frontier >> bit & 1:
            return None
        return "TU-03", msg("tile_up.not_adjacent", cell=cell)
    top = stack[-1]
    if top // NUMBERS == action.tile // NUMBERS:
        return "TU-03", msg("tile_up.same_colour", tile=name, top=tile_name(top))
    if top % NUMBERS <= action.tile % NUMBERS:
        return "TU-03", msg("tile_up.not_lower", tile=name, top=tile_name(top))
    return None


def _colour_message(colour: int) -> Message:
    return msg(f"tile_up.colour.{colour}")


# ---------------------------------------------------------------------------------------
# Parsing and sampling helpers (private)

_TILE_CODES: dict[str, int] = {tile_name(code): code for code in range(TILE_KINDS)}
_VERBS = {
    "place": "place", "colocar": "place", "poner": "place",
    "score": "score", "puntuar": "score", "anotar": "score",
    "draw": "draw", "robar": "draw",
    "end": "end", "fin": "end", "terminar": "end",
    "discard": "discard", "descartar": "discard",
    "bag": "bag", "bolsa": "bag",
    "deck": "deck", "mazo": "deck",
}  # fmt: skip
_DRAW_KINDS: dict[str, Action] = {
    "tiles": DRAW_TILES_ACTION,
    "fichas": DRAW_TILES_ACTION,
    "goal": DRAW_GOAL_ACTION,
    "objetivo": DRAW_GOAL_ACTION,
    "carta": DRAW_GOAL_ACTION,
}
_GOAL_WORDS = ("goal", "objetivo", "carta")


def _parse_tile(text: str, token: str) -> int:
    code = _TILE_CODES.get(token.upper())
    if code is None:
        raise InvalidActionError(text, msg("tile_up.bad_tile", token=token))
    return code


def _parse_cell(text: str, token: str) -> tuple[int, int]:
    low = token.lower()
    digits = low[1:]
    if (
        len(low) < 2
        or low[0] not in _LETTERS
        or not (digits.isascii() and digits.isdigit())
        or not 1 <= int(digits) <= len(_LETTERS)
    ):
        raise InvalidActionError(text, msg("tile_up.bad_cell", token=token))
    return int(digits) - 1, _LETTERS.index(low[0])


def _parse_card(text: str, token: str) -> int:
    if not (token.isascii() and token.isdigit()) or not 0 <= int(token) < CARD_COUNT:
        raise InvalidActionError(text, msg("tile_up.bad_card", token=token))
    return int(token)


def _masks(
    geo: Geometry, stacks: Sequence[tuple[int, ...]]
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
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


def _draw_hand(pool: list[int], count: int, target: int, rng: random.Random) -> tuple[int, ...]:
    """``count`` tiles drawn from ``pool`` (copies per code, updated in place); with
    ``target >= 0`` the tiles' numbers sum to ``target`` (uniform over such draws).
    """
    if target < 0:
        hand = []
        for _ in range(count):
            code = rng_mod.weighted_index(rng, pool)
            pool[code] -= 1
            hand.append(code)
        return tuple(sorted(hand))
    combos = []
    weights = []
    kinds = [code for code, n in enumerate(pool) if n]
    for combo in combinations_with_replacement(kinds, count):
        if sum(code % NUMBERS + 1 for code in combo) != target:
            continue
        weight = 1
        for code in set(combo):
            weight *= comb(pool[code], combo.count(code))
        if weight:
            combos.append(combo)
            weights.append(weight)
    chosen = combos[rng_mod.weighted_index(rng, weights)]
    for code in chosen:
        pool[code] -= 1
    return tuple(sorted(chosen))
