"""Dweebies: lay cards in a grid and collect lines whose two ends show the same Dweebie.

2 to 6 players. Each turn a player places a card next to the layout (DW-03), may take a
line their card ends if the far end matches (DW-05, DW-06), and draws (DW-09). A collection
that splits the layout forces the next placements onto the shortest link between the
groups, and nobody collects until it is whole again (DW-07). Most cards collected wins
(DW-10). Rules map: ``docs/rules/dweebies.md``. Components: ``games/dweebies/components.toml``.
Table geometry, lines and connectivity: :mod:`ludoteca.games.dweebies.layout`.

Action design (legal lists stay small, every decision is one choice):

* ``place D07 X Y`` — the card (Dweebie id) and the cell, one action. The legal list is
  (distinct cards in hand) x (legal cells), ordered by card then cell (``x`` then ``y``),
  served lazily by :class:`Placements` without building the actions.
* ``collect row | column | both | none`` — a separate decision, offered only when the
  placed card ends a qualifying line and the layout is whole (DW-05 says "may": ``none``
  is always among the options). Order: row, column, both, none.
* ``draw D07`` — chance. The deal and every draw are explicit chance steps (probability
  copies left / pile size), as in Tacocat's deal: the pile is a sorted multiset with no
  hidden order, so ``sample_state`` only redraws the unseen hands and the pile contents.
  The deal goes round the table from the first player, one card at a time.

Bookkeeping is incremental (details in :mod:`~ludoteca.games.dweebies.layout`): a
placement walks only its own row and column for lines, updates the frontier (empty cells
next to a card) from its four neighbours, and, while the layout is split, merges the groups
it touches. Only a collection searches for a split, starting from the removed cells'
neighbours and stopping once they are found connected. The state carries the legal cells,
so ``legal_actions`` reads them without computing anything.

Score piles are face down (DW-11): the state keeps only how many cards each seat took;
the view shows those counts. The table, the legal cells and the lines on offer are public.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ludoteca.engine import components
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import GameSetupError, InvalidActionError
from ludoteca.engine.events import Event
from ludoteca.engine.game import CHANCE, GameInfo, Options, OptionSpec, Outcome, Seat, View
from ludoteca.engine.i18n import Lang, Localized, Message, msg
from ludoteca.engine.sorted_ints import insert_sorted, position_in
from ludoteca.games.dweebies import events as _events
from ludoteca.games.dweebies import layout
from ludoteca.games.dweebies import playout as _playout
from ludoteca.games.dweebies.actions import (
    COLLECT_NONE,
    COLLECTS,
    COLUMN_ONLY,
    DRAWS,
    PLACES,
    ROW_AND_COLUMN,
    ROW_ONLY,
    Action,
    Collect,
    Draw,
    Place,
    Placements,
)
from ludoteca.games.dweebies.cards import (
    CODES,
    DATA,
    DECK,
    DECK_SIZE,
    FIRST_PLAYER,
    FULL_PILE,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_KINDS,
    card_label,
)
from ludoteca.games.dweebies.figures import DweebiesTally
from ludoteca.games.dweebies.layout import COLUMN, ROW, Grid
from ludoteca.games.dweebies.model import (
    F_CELLS,
    F_COLLECTED,
    F_COLUMN,
    F_FRONTIER,
    F_GROUPS,
    F_HANDS,
    F_LAST,
    F_PHASE,
    F_ROW,
    F_SCORES,
    F_TABLE,
    F_TURN,
    P_COLLECT,
    P_DEAL,
    P_DRAW,
    P_OVER,
    P_PLACE,
    new_state,
)
from ludoteca.games.dweebies.model import Phase as Phase  # noqa: PLC0414 (mypy: re-exported)
from ludoteca.games.dweebies.model import State as State  # noqa: PLC0414 (mypy: re-exported)
from ludoteca.games.dweebies.words import parse_coord, where_text

INFO: Final = GameInfo(
    id="dweebies",
    version=1,
    name_es=DATA["names"]["es"],
    name_en=DATA["names"]["en"],
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    has_chance=True,
    hidden_info=True,
    simultaneous=False,
    max_steps=3 * DECK_SIZE,  # each card: dealt or drawn, placed, at most one collect choice
    options=(
        OptionSpec(
            "first_player",
            FIRST_PLAYER,
            "Asiento que empieza (la mesa decide quién tiene menos pelo).",
            "Seat that starts (the table decides who has the least hair).",
            choices=tuple(range(MAX_PLAYERS)),
            label_es="Asiento que empieza",
            label_en="Starting seat",
        ),
    ),
    summary_es=DATA["summary"]["es"],
    summary_en=DATA["summary"]["en"],
)


_CHANCE_ACTORS: Final[tuple[Seat, ...]] = (CHANCE,)
_SEATS: Final[tuple[tuple[Seat, ...], ...]] = tuple((s,) for s in range(MAX_PLAYERS))
_CENTRE_ONLY: Final = (layout.CENTRE,)
_OFF: Final = layout.OFFSET
_STRIDE: Final = layout.STRIDE


# ---------------------------------------------------------------------------------------
# The game


@mypyc_attr(allow_interpreted_subclasses=True)
class Dweebies:
    """The Dweebies rules as pure functions (the Game protocol)."""

    info = INFO

    def setup(self, num_players: int, rng: random.Random, options: Options) -> State:
        """DW-01: an empty table, the full deck as the pile, the deal owed.

        The deal is a sequence of chance steps, so ``rng`` is not needed here.

        Raises:
            GameSetupError: If ``first_player`` is not a seat of this game.
        """
        first = int(options["first_player"])
        if not 0 <= first < num_players:
            raise GameSetupError(msg("dweebies.bad_first_player", seat=first, players=num_players))
        return State(
            players=num_players,
            first=first,
            phase=P_DEAL,
            turn=first,
            dealt=0,
            hands=((),) * num_players,
            pile=FULL_PILE,
            table=layout.EMPTY,
            frontier=(),
            groups=(),
            cells=_CENTRE_ONLY,
            row=(),
            column=(),
            scores=(0,) * num_players,
            last=None,
            collected=(),
        )

    def actors(self, state: State) -> tuple[Seat, ...]:
        """Chance during the deal and the draws; the seat whose turn it is otherwise."""
        phase = state.phase
        if phase in (P_PLACE, P_COLLECT):
            return _SEATS[state.turn]
        if phase == P_OVER:
            return ()
        return _CHANCE_ACTORS

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        """The seat's legal actions (empty for a seat that is not acting).

        Placement: every distinct card in hand on every legal cell, by card then cell
        (``x`` then ``y``). Collection: row, column, both (each only if it qualifies),
        then none.
        """
        if seat != state.turn:
            return ()
        phase = state.phase
        if phase == P_PLACE:
            return Placements(tuple(dict.fromkeys(state.hands[seat])), state.cells)
        if phase == P_COLLECT:
            if state.row:
                return ROW_AND_COLUMN if state.column else ROW_ONLY
            return COLUMN_ONLY
        return ()

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        """The next state; assumes the action is legal (check with ``runner.step``)."""
        # An if-chain, not a dict of functions: compiled, each is a direct typed C call.
        if isinstance(action, Place):
            return _apply_place(state, action)
        if isinstance(action, Draw):
            return _apply_draw(state, action)
        assert isinstance(action, Collect)
        return _apply_collect(state, action)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        """Each Dweebie left in the pile, with probability copies / pile size."""
        pile = state.pile
        total = len(pile)
        return tuple((DRAWS[d], Fraction(pile.count(d), total)) for d in sorted(set(pile)))

    def playout(
        self, state: State, rng: random.Random, policy: _playout.Policy
    ) -> tuple[State, int]:
        """Issue 19's rollout fast path: the game from ``state`` to its end, every seat
        choosing with ``policy(rng, legal)`` (the same final state and step count as the
        protocol loop for the same ``rng``); see :mod:`ludoteca.games.dweebies.playout`.
        """
        final, steps = _playout.playout(state, rng, policy)
        return final, steps

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """Draw one card with the probabilities of ``chance_outcomes``."""
        pile = state.pile
        return DRAWS[pile[int(rng.random() * len(pile))]]

    def figure_tally(self, players: int) -> DweebiesTally:
        """A fresh count of one match's figures from its public events (``figures.py``):
        the lab's mechanics and the end panel's figures by seat.
        """
        return DweebiesTally(self, players)

    def outcome(self, state: State) -> Outcome | None:
        """DW-10: once every hand and the pile are empty, most cards collected wins; equal
        counts share the win. Scores are the collected counts.
        """
        if state.phase != P_OVER:
            return None
        best = max(state.scores)
        winners = tuple(s for s, score in enumerate(state.scores) if score == best)
        scores = tuple(float(score) for score in state.scores)
        return Outcome(
            scores=scores,
            winners=winners,
            ranks=tuple(1 + sum(1 for o in state.scores if o > mine) for mine in state.scores),
            reason=msg("dweebies.end"),
            end_reason="cards_out",
            # DW-10: a turn places one card and the game ends once every card is placed.
            turns=sum(state.scores) + len(state.table.cells),
            figures={"scores": list(state.scores)},
        )

    def events(
        self, before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
    ) -> tuple[Event, ...]:
        """What ``viewer`` learns from one step (``games/dweebies/events.py``)."""
        return _events.step_events(before, seat, action, after, viewer)

    def phase(self, state: State) -> str:
        """The phase id: deal, place, collect, draw or over."""
        return state.phase.name.lower()

    def view(self, state: State, seat: Seat | None) -> View:
        """DW-11: own hand; every hand size, score pile size and the pile size; the table;
        the cards collected so far (all seen on the table when taken).

        Cells are ``[x, y]`` pairs; the table lists ``[x, y, code]`` by ``x`` then ``y``.
        """
        cells = state.table.cells
        last = state.last
        view: View = {
            "game": "dweebies",
            "seat": seat,
            "phase": state.phase.name.lower(),
            "actors": list(self.actors(state)),
            "players": state.players,
            "first_player": state.first,
            "turn": state.turn,
            "dealt": state.dealt,
            # Inline decoding (see layout.xy): views are built at every agent step.
            "table": [[(c >> 8) - _OFF, (c & 0xFF) - _OFF, CODES[cells[c]]] for c in sorted(cells)],
            "legal_cells": [[(c >> 8) - _OFF, (c & 0xFF) - _OFF] for c in state.cells],
            "groups": max(1, len(state.groups)) if cells else 0,
            "row": [list(layout.xy(c)) for c in state.row],
            "column": [list(layout.xy(c)) for c in state.column],
            "hand_counts": [len(h) for h in state.hands],
            "scores": list(state.scores),
            "collected": [CODES[d] for d in state.collected],
            "pile_size": len(state.pile),
            "last": (
                {
                    "seat": last[0],
                    "card": CODES[last[1]],
                    "cell": list(layout.xy(last[2])),
                    "taken": last[3],
                }
                if last
                else None
            ),
        }
        if seat is not None and seat >= 0:
            view["hand"] = [CODES[d] for d in state.hands[seat]]
        return view

    def sample_state(self, view: View, seat: Seat | None, rng: random.Random) -> State:
        """A state consistent with ``view``: the unseen cards (the deck minus the viewer's
        hand, the table and the collected cards) dealt at random into the other hands and
        the pile.
        """
        players = int(view["players"])
        own = tuple(_card_id(c) for c in view["hand"]) if seat is not None and seat >= 0 else ()
        table = {layout.cell(x, y): _card_id(c) for x, y, c in view["table"]}
        collected = tuple(_card_id(c) for c in view["collected"])
        unseen = list(DECK)
        for card in (*own, *table.values(), *collected):
            unseen[card] -= 1
        pool = [d for d, count in enumerate(unseen) for _ in range(count)]
        rng_mod.shuffle(rng, pool)
        hands: list[tuple[int, ...]] = []
        for other, count in enumerate(view["hand_counts"]):
            if other == seat:
                hands.append(own)
            else:
                hands.append(tuple(sorted(pool[:count])))
                del pool[:count]
        pile = tuple(sorted(pool[: view["pile_size"]]))
        frontier = layout.frontier_of(table)
        groups = layout.groups_of(table)
        last = view["last"]
        return State(
            players=players,
            first=int(view["first_player"]),
            phase=Phase[view["phase"].upper()],
            turn=int(view["turn"]),
            dealt=int(view["dealt"]),
            hands=tuple(hands),
            pile=pile,
            table=Grid(table),
            frontier=frontier,
            groups=groups,
            cells=layout.legal_cells(table, frontier, groups),
            row=tuple(layout.cell(x, y) for x, y in view["row"]),
            column=tuple(layout.cell(x, y) for x, y in view["column"]),
            scores=tuple(view["scores"]),
            last=(
                (
                    int(last["seat"]),
                    _card_id(last["card"]),
                    layout.cell(*last["cell"]),
                    int(last["taken"]),
                )
                if last
                else None
            ),
            collected=collected,
        )

    def explain(
        self, state: State, seat: Seat, action: Action
    ) -> tuple[str | None, Message] | None:
        """Why ``action`` is illegal for ``seat`` now, with the rule id; ``None`` if legal."""
        if action in self.legal_actions(state, seat):
            return None
        actors = self.actors(state)
        if not actors:
            return "DW-10", msg("engine.game_over")
        if isinstance(action, Draw):
            return "DW-09", msg("dweebies.chance_only")
        if seat not in actors:
            actor = (
                msg("dweebies.the_deal")
                if actors[0] == CHANCE
                else msg("dweebies.seat", seat=actors[0])
            )
            return "DW-02", msg("dweebies.not_your_turn", actor=actor)
        if state.phase == P_PLACE:
            if isinstance(action, Collect):
                return "DW-02", msg("dweebies.place_first")
            return _explain_place(state, seat, action)
        if isinstance(action, Place):
            return "DW-02", msg("dweebies.collect_first")
        if action.which == "both":
            return "DW-06", msg("dweebies.not_both")
        line = msg(f"dweebies.line.{action.which}")
        return "DW-05", msg("dweebies.no_line", line=line)

    def parse_action(self, text: str) -> Action:
        """Read an action: ``place D07 -1 2`` (or ``place D07 -1,2``), ``collect row``,
        ``collect column``, ``collect both``, ``collect none`` (or ``pass``), ``draw D07``.
        Spanish words work too: ``colocar``/``poner``, ``recoger fila|columna|ambas|nada``,
        ``pasar``, ``robar``. A card may be written ``D7``, ``d07`` or ``7``.

        Raises:
            InvalidActionError: If the text is not an action.
        """
        typed = text.replace(",", " ").split()
        tokens = [token.lower() for token in typed]
        verb = _VERBS.get(tokens[0]) if tokens else None
        if verb is None:
            raise InvalidActionError(text, msg("dweebies.bad_verb"))
        rest = tokens[1:]
        if verb == "pass":
            if rest:
                raise InvalidActionError(text, msg("dweebies.bad_collect"))
            return COLLECT_NONE
        if verb == "collect":
            which = _WHICH.get(rest[0]) if len(rest) == 1 else None
            if which is None:
                raise InvalidActionError(text, msg("dweebies.bad_collect"))
            return COLLECTS[which]
        if verb == "draw":
            if len(rest) != 1:
                raise InvalidActionError(text, msg("dweebies.bad_verb"))
            return DRAWS[_parse_card(text, rest[0], typed[1])]
        if len(rest) != 3:
            raise InvalidActionError(text, msg("dweebies.bad_place"))
        card = _parse_card(text, rest[0], typed[1])
        x, y = (parse_coord(text, token) for token in typed[2:])
        if layout.in_range(x, y):
            return PLACES[card << 16 | layout.cell(x, y)]
        return Place(card, x, y)

    def describe(self, action: Action, lang: str, names: Sequence[str] = ()) -> str:
        """A sentence for people, e.g. "places Pirate 1 column right from the first card"
        (in words: people see the table, not its coordinates or the cards' codes).
        """
        shown: Lang = "es" if lang == "es" else "en"
        if isinstance(action, Place):
            where = where_text(action.x, action.y, shown)
            return msg("dweebies.do.place", card=card_label(action.card, shown), where=where).text(
                shown
            )
        if isinstance(action, Collect):
            return msg(f"dweebies.do.collect_{action.which}").text(shown)
        return msg("dweebies.do.draw", card=card_label(action.card, shown)).text(shown)

    def rules_text(self, lang: str) -> list[tuple[str, str]]:
        """The rules as ``(rule id, sentence)`` pairs in ``lang``."""
        return components.rules_text(DATA, lang)


GAME: Final = Dweebies()


# ---------------------------------------------------------------------------------------
# Transitions (private)


def _apply_draw(state: State, action: Draw) -> State:
    """DW-01 (the deal, round the table from the first player) and DW-09 (a turn's draw)."""
    card = action.card
    (players, first, phase, seat, dealt, hands, pile, table, frontier, groups, cells, row,
     column, scores, last, collected) = state  # fmt: skip
    hand = list(hands[seat])
    insert_sorted(hand, card)  # through lists: fewer new tuples than joining slices
    hands = hands[:seat] + (tuple(hand),) + hands[seat + 1 :]
    rest = list(pile)
    del rest[position_in(pile, card)]
    pile = tuple(rest)
    if phase == P_DEAL:
        dealt += 1
        if dealt == HAND_SIZE * players:
            phase, turn = P_PLACE, first
        else:
            turn = (seat + 1) % players
    else:
        # While the pile lasts every hand is refilled each turn, so the next seat holds cards.
        phase, turn = P_PLACE, (seat + 1) % players
    return new_state(
        State,
        (players, first, phase, turn, dealt, hands, pile, table, frontier, groups, cells, row,
         column, scores, last, collected),
    )  # fmt: skip


def _apply_place(state: State, action: Place) -> State:
    """DW-03: the card goes on a legal cell; DW-07 groups merge; DW-05 lines are found."""
    card = action.card
    at = (action.x + _OFF) * _STRIDE + action.y + _OFF
    seat = state.turn
    hands = state.hands
    hand = hands[seat]
    index = hand.index(card)
    cells = state.table.cells.copy()
    cells[at] = card
    grown = list(state.frontier)
    layout.place_into_frontier(grown, cells, at)
    groups = layout.merge_on_place(state.groups, at) if state.groups else ()
    new = list(state)
    new[F_HANDS] = hands[:seat] + (hand[:index] + hand[index + 1 :],) + hands[seat + 1 :]
    frontier = tuple(grown)
    new[F_TABLE] = Grid(cells)
    new[F_FRONTIER] = frontier
    new[F_GROUPS] = groups
    new[F_CELLS] = layout.legal_cells(cells, frontier, groups) if groups else frontier
    new[F_LAST] = (seat, card, at, 0)
    if not groups:
        # DW-07: collecting is allowed once the layout is whole, also on the rejoining card.
        row = layout.collectable(cells, at, ROW)
        column = layout.collectable(cells, at, COLUMN)
        if row or column:
            new[F_ROW] = row
            new[F_COLUMN] = column
            new[F_PHASE] = P_COLLECT
            return new_state(State, new)
    return _end_turn(new, state)


def _apply_collect(state: State, action: Collect) -> State:
    """DW-05, DW-06: take the row, the column or both into the score pile (or nothing);
    DW-07: find whether that split the layout; DW-08: an empty table leaves the centre.
    """
    which = action.which
    new = list(state)
    new[F_ROW] = ()
    new[F_COLUMN] = ()
    if which == "none":
        return _end_turn(new, state)
    taken = set(state.row if which != "column" else ())
    if which != "row":
        taken.update(state.column)
    cells = state.table.cells.copy()
    for gone in taken:
        del cells[gone]
    frontier = layout.frontier_after_remove(state.frontier, cells, taken)
    groups = layout.split_after_remove(cells, taken)
    seat = state.turn
    scores = list(state.scores)
    scores[seat] += len(taken)
    last = state.last
    new[F_TABLE] = Grid(cells)
    new[F_FRONTIER] = frontier
    new[F_GROUPS] = groups
    new[F_CELLS] = layout.legal_cells(cells, frontier, groups)
    new[F_SCORES] = tuple(scores)
    new[F_COLLECTED] = tuple(sorted((*state.collected, *(state.table.cells[c] for c in taken))))
    if last is not None:
        new[F_LAST] = (last[0], last[1], last[2], len(taken))
    return _end_turn(new, state)


def _end_turn(new: list[Any], state: State) -> State:
    """DW-09: draw while the pile lasts; else the turn passes at once."""
    if state.pile:
        new[F_PHASE] = P_DRAW
        return new_state(State, new)
    return _next_turn(new, state.players)


def _next_turn(new: list[Any], players: int) -> State:
    """DW-01, DW-10: play passes to the left, skipping empty hands; over when all are."""
    hands = new[F_HANDS]
    seat = new[F_TURN]
    for _ in range(players):
        seat = (seat + 1) % players
        if hands[seat]:
            new[F_TURN] = seat
            new[F_PHASE] = P_PLACE
            return new_state(State, new)
    new[F_PHASE] = P_OVER
    return new_state(State, new)


def _explain_place(state: State, seat: Seat, action: Place) -> tuple[str, Message]:
    """The rule a placement breaks: the card held (DW-03), the centre (DW-03, DW-08), a
    free adjacent cell (DW-03), the shortest link (DW-07).
    """
    hand = state.hands[seat]
    if action.card not in hand:
        held = Localized(
            ", ".join(card_label(d, "es") for d in hand) or "-",
            ", ".join(card_label(d, "en") for d in hand) or "-",
        )
        card = Localized(card_label(action.card, "es"), card_label(action.card, "en"))
        return "DW-03", msg("dweebies.not_in_hand", card=card, hand=held)
    cells = state.table.cells
    if not cells:
        return ("DW-08" if any(state.scores) else "DW-03"), msg("dweebies.centre")
    x, y = action.x, action.y
    at = layout.cell(x, y) if layout.in_range(x, y) else -1
    where = Localized(where_text(x, y, "es"), where_text(x, y, "en"))
    if at in cells:
        return "DW-03", msg("dweebies.occupied", where=where)
    if at not in state.frontier:
        return "DW-03", msg("dweebies.not_adjacent", where=where)
    link = [layout.xy(cell) for cell in state.cells]
    shown = Localized(
        "; ".join(where_text(cx, cy, "es") for cx, cy in link),
        "; ".join(where_text(cx, cy, "en") for cx, cy in link),
    )
    return "DW-07", msg("dweebies.keep_together", groups=len(state.groups), cells=shown)


# ---------------------------------------------------------------------------------------
# Small helpers

_VERBS: Final = {
    "place": "place", "colocar": "place", "poner": "place", "coloca": "place",
    "collect": "collect", "recoger": "collect", "recoge": "collect",
    "pass": "pass", "pasar": "pass", "paso": "pass",
    "draw": "draw", "robar": "draw",
}  # fmt: skip
_WHICH: Final = {
    "row": "row", "fila": "row",
    "column": "column", "col": "column", "columna": "column",
    "both": "both", "ambas": "both", "ambos": "both",
    "none": "none", "nada": "none", "ninguna": "none",
}  # fmt: skip
_CARD_IDS: Final = {
    **{CODES[d].lower(): d for d in range(1, NUM_KINDS + 1)},
    **{f"d{d}": d for d in range(1, NUM_KINDS + 1)},
    **{str(d): d for d in range(1, NUM_KINDS + 1)},
    **{f"{d:02d}": d for d in range(1, NUM_KINDS + 1)},
}


def _card_id(text: str) -> int:
    """The Dweebie id of a code from a view (``"D07" -> 7``)."""
    return _CARD_IDS[text.lower()]


def _parse_card(text: str, token: str, typed: str) -> int:
    card = _CARD_IDS.get(token)
    if card is None:
        raise InvalidActionError(text, msg("dweebies.bad_card", token=typed))
    return card
