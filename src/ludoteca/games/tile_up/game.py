"""Tile Up: place and stack numbered coloured tiles to form the shapes of goal cards.

2 to 4 players. Setup (TU-01) fills the five start cells, turns two goal cards face up,
deals 3 tiles and 1 goal card to each player and finds the first player. A turn (TU-02) is
one action: draw a goal card, draw three tiles, or place tiles one at a time (TU-03); goals
are scored before, between and after placements (TU-04..06); the turn ends with discards
down to 7 tiles and 3 cards (TU-07). The game ends with the fourth corner covered or when no
tile is left to place or draw (TU-09).
Rules map: ``docs/rules/tile_up.md``. Components: ``games/tile_up/components.toml``.
Board geometry and the region match: ``games/tile_up/board.py``.

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
from fractions import Fraction
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ludoteca.engine import components
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import InvalidActionError
from ludoteca.engine.events import Event
from ludoteca.engine.game import CHANCE, Options, Outcome, Seat, View
from ludoteca.engine.i18n import Message, msg
from ludoteca.games.tile_up import events as tile_up_events
from ludoteca.games.tile_up.board import all_regions, bits
from ludoteca.games.tile_up.figures import TileUpTally
from ludoteca.games.tile_up.legal import illegal_reason, play_actions, tile_weights
from ludoteca.games.tile_up.model import (
    BAG_DRAWS,
    CARD_COUNT,
    CARDS,
    COLOUR_NAMES,
    COLOURS,
    DATA,
    DECK_DRAWS,
    DISCARD,
    DISCARD_GOAL_ACTIONS,
    DISCARD_TILE_ACTIONS,
    DRAW_GOAL_ACTION,
    DRAW_TILES_ACTION,
    END,
    END_IDS,
    END_REASONS,
    FACEUP,
    FULL_BAG,
    INFO,
    K_FACEUP,
    K_GOAL,
    K_START,
    K_TILE,
    KINDS,
    LETTERS,
    MAX_PLAYERS,
    MAX_TILES,
    MAX_TURNS,
    NONE,
    NUMBERS,
    OVER,
    PHASES,
    PLAY,
    SETUP,
    SHAPE_NAMES,
    START_GOALS,
    START_TILES,
    TILE_CODES,
    Action,
    BagDraw,
    DeckDraw,
    DiscardGoal,
    DiscardTile,
    DrawGoal,
    DrawTiles,
    EndTurn,
    Place,
    Rules,
    Score,
    State,
    board_masks,
    cell_name,
    geo_of,
    tile_name,
)
from ludoteca.games.tile_up.sampling import draw_hands
from ludoteca.games.tile_up.transitions import next_state

# ---------------------------------------------------------------------------------------
# The game


_CHANCE_ACTORS: Final[tuple[Seat, ...]] = (CHANCE,)
_TILE_NAMES: Final[tuple[str, ...]] = tuple(tile_name(code) for code in range(len(FULL_BAG)))
_SEATS: Final[tuple[tuple[Seat, ...], ...]] = tuple((seat,) for seat in range(MAX_PLAYERS))


@mypyc_attr(allow_interpreted_subclasses=True)
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
            log=(),
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
        discards by tile code while over 7 tiles, then goal discards by card. The play list
        answers ``in`` from the rules in constant time (``legal.LegalActions``).
        """
        if state.pending or seat != state.current:
            return ()
        phase = state.phase
        if phase == PLAY:
            return play_actions(state, seat)
        if phase == DISCARD:
            hand = state.hands[seat]
            if len(hand) > MAX_TILES:
                return [DISCARD_TILE_ACTIONS[code] for code in sorted(set(hand))]
            return [DISCARD_GOAL_ACTIONS[card] for card in state.goals[seat]]
        return ()

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        """The next state; assumes the action is legal (check with ``runner.step``)."""
        return next_state(state, seat, action)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        """The next draw: tiles by copies left (3s to 5s only for a start cell), or each
        card of an unordered deck with equal probability.
        """
        kind = state.pending[0][0]
        if kind in (K_TILE, K_START):
            weights = tile_weights(state.bag, kind == K_START)
            total = sum(weights)
            return tuple(
                (BAG_DRAWS[code], Fraction(weight, total))
                for code, weight in enumerate(weights)
                if weight
            )
        size = len(state.deck)
        return tuple((DECK_DRAWS[card], Fraction(1, size)) for card in state.deck)

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """One draw with the probabilities of ``chance_outcomes``."""
        kind = state.pending[0][0]
        if kind in (K_TILE, K_START):
            return BAG_DRAWS[rng_mod.weighted_index(rng, tile_weights(state.bag, kind == K_START))]
        return DECK_DRAWS[rng_mod.choice(rng, state.deck)]

    def figure_tally(self, players: int) -> TileUpTally:
        """A fresh count of one match's figures from its public events (``figures.py``):
        the lab's mechanics and the end panel's figures by seat.
        """
        return TileUpTally(self, players)

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
            end_reason=END_IDS[reason],
            turns=state.turn,
            figures={"scores": list(state.scores), "goals_scored": list(state.scored)},
        )

    def events(
        self, before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
    ) -> tuple[Event, ...]:
        """What ``viewer`` learns from one step (``games/tile_up/events.py``)."""
        return tile_up_events.step_events(before, seat, action, after, viewer)

    def phase(self, state: State) -> str:
        """The phase id: setup, play, discard or over."""
        return PHASES[state.phase]

    def view(self, state: State, seat: Seat | None) -> View:
        """TU-10: the board, face-up and discarded cards, scores and counts are public; own
        tiles and goal cards are seen by their owner only; cards everyone saw drawn from a
        known deck are public (``known_goals``); the bag and an unordered deck only as sizes;
        ``log`` lists the last public player actions (a returned tile without its name).
        """
        geo = geo_of(state.rules)
        stacks = state.stacks
        name = _TILE_NAMES.__getitem__
        board = [
            [list(map(name, stacks[cell])) if stacks[cell] else [] for cell in row]
            for row in geo.rows
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
                [*geo.row_col(r.anchor), r.colour, r.shape, r.mask.bit_count()]
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
            "pending": [[KINDS[kind], target] for kind, target in state.pending],
            "turn_cards": bits(state.turn_cards),
            "scores": list(state.scores),
            "scored": list(state.scored),
            "start_sums": list(state.sums),
            "fresh": [bool(state.fresh >> s & 1) for s in range(num)],
            "end_reason": END_REASONS[state.end_reason] or None,
            "options": {"board_size": state.rules.size, "allow_mirror": state.rules.allow_mirror},
            "log": [list(entry) for entry in state.log],
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
                stack = tuple(TILE_CODES[name] for name in names)
                stacks[geo.bit(r, c)] = stack
                for code in stack:
                    pool[code] -= 1
        num = len(view["tile_counts"])
        own_seat = seat if seat is not None and 0 <= seat < num else -1
        hands: list[tuple[int, ...]] = [()] * num
        if own_seat >= 0:
            hands[own_seat] = tuple(TILE_CODES[name] for name in view["tiles"])
            for code in hands[own_seat]:
                pool[code] -= 1
        wants = [
            (
                other,
                view["tile_counts"][other],
                view["start_sums"][other] if view["fresh"][other] else -1,
            )
            for other in range(num)
            if other != own_seat
        ]
        for other, hand in draw_hands(pool, wants, rng).items():
            hands[other] = hand
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
        colour_masks, number_masks, occupied = board_masks(geo, stacks)
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
            pending=tuple((KINDS.index(kind), target) for kind, target in view["pending"]),
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
            log=tuple((int(s), str(text), int(points)) for s, text, points in view["log"]),
        )

    def explain(
        self, state: State, seat: Seat, action: Action
    ) -> tuple[str | None, Message] | None:
        """Why ``action`` is illegal for ``seat`` now, with the rule id; ``None`` if legal.

        Decided directly from the rules (not by searching the legal list), so checking one
        action costs the same however many placements there are.
        """
        return illegal_reason(state, seat, action)

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
            return DISCARD_TILE_ACTIONS[_parse_tile(text, rest[0])]
        if verb == "discard" and len(rest) == 2 and rest[0].lower() in _GOAL_WORDS:
            return DISCARD_GOAL_ACTIONS[_parse_card(text, rest[1])]
        if verb == "bag" and len(rest) == 1:
            return BAG_DRAWS[_parse_tile(text, rest[0])]
        if verb == "deck" and len(rest) == 1:
            return DECK_DRAWS[_parse_card(text, rest[0])]
        raise InvalidActionError(text, msg("tile_up.bad_verb"))

    def describe(self, action: Action, lang: str, names: Sequence[str] = ()) -> str:
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


GAME: Final = TileUp()


# ---------------------------------------------------------------------------------------
# Parsing and sampling helpers (private)

_VERBS: Final = {
    "place": "place", "colocar": "place", "poner": "place",
    "score": "score", "puntuar": "score", "anotar": "score",
    "draw": "draw", "robar": "draw",
    "end": "end", "fin": "end", "terminar": "end",
    "discard": "discard", "descartar": "discard",
    "bag": "bag", "bolsa": "bag",
    "deck": "deck", "mazo": "deck",
}  # fmt: skip
_DRAW_KINDS: Final[dict[str, Action]] = {
    "tiles": DRAW_TILES_ACTION,
    "fichas": DRAW_TILES_ACTION,
    "goal": DRAW_GOAL_ACTION,
    "objetivo": DRAW_GOAL_ACTION,
    "objetivos": DRAW_GOAL_ACTION,
    "carta": DRAW_GOAL_ACTION,
    "cartas": DRAW_GOAL_ACTION,
}
_GOAL_WORDS: Final = ("goal", "objetivo", "carta")


def _parse_tile(text: str, token: str) -> int:
    code = TILE_CODES.get(token.upper())
    if code is None:
        raise InvalidActionError(text, msg("tile_up.bad_tile", token=token))
    return code


def _parse_cell(text: str, token: str) -> tuple[int, int]:
    low = token.lower()
    digits = low[1:]
    if (
        len(low) < 2
        or low[0] not in LETTERS
        or not (digits.isascii() and digits.isdigit())
        or not 1 <= int(digits) <= len(LETTERS)
    ):
        raise InvalidActionError(text, msg("tile_up.bad_cell", token=token))
    return int(digits) - 1, LETTERS.index(low[0])


def _parse_card(text: str, token: str) -> int:
    if not (token.isascii() and token.isdigit()) or not 0 <= int(token) < CARD_COUNT:
        raise InvalidActionError(text, msg("tile_up.bad_card", token=token))
    return int(token)
