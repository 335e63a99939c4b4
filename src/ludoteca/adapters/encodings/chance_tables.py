"""A chance step's outcomes as plain lists: the actions, and each index with its probability
as a float.

``game.chance_outcomes(state)`` gives exact ``Fraction`` probabilities: right for the engine,
but an adapter that hands floats to a learning loop (OpenSpiel's ``chance_outcomes``) then
builds a fraction per outcome (reduced by a gcd) only to divide it. :func:`for_game` gives,
per game, a function that reads the same outcomes straight from the counts the engine state
holds — Tacocat's and Dweebies' sorted piles, Tile Up's bag counts and goal deck, Mystery
Date's pile, hands, die and door weights — in the same order, each probability
``count / total`` (the float nearest the exact fraction, as ``p.numerator / p.denominator``
is: Python's integer division rounds correctly). ``tests/adapters/test_spiel_tables.py``
compares every table with ``game.chance_outcomes`` at every chance step of random matches.
A game without one falls back to its fractions.

Like the state writers (``encodings.StateWriter``), these read the engine state's fields,
and only for chance steps, whose outcomes the rules publish (never a hidden card's place).
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable, Sequence
from itertools import compress
from typing import Any

from ludoteca.engine.game import Game

ChanceTable = tuple[Sequence[Any], list[tuple[int, float]]]
"""``(actions, outcomes)``: outcome ``i`` is ``(i, p)``, the probability of ``actions[i]``;
both in ``game.chance_outcomes`` order. Treat both as read-only."""

ChanceTables = Callable[[Any], ChanceTable]
"""``state -> ChanceTable`` for one game."""

_EMPTY: ChanceTable = ((), [])


def for_game(game: Game[Any, Any]) -> ChanceTables:
    """The chance-table function of ``game`` (its own, else one from its fractions)."""
    make = _BY_GAME.get(game.info.id)
    if make is None:
        return _from_fractions(game)
    return make()


def _from_fractions(game: Game[Any, Any]) -> ChanceTables:
    def table(state: Any) -> ChanceTable:
        outcomes = game.chance_outcomes(state)
        return (
            [action for action, _ in outcomes],
            [(index, p.numerator / p.denominator) for index, (_, p) in enumerate(outcomes)],
        )

    return table


def _counted(actions: Sequence[Any], counts: Sequence[int], total: int) -> ChanceTable:
    """The outcomes of ``actions[i]`` with weight ``counts[i]`` (zero weights left out)."""
    return (
        list(compress(actions, counts)),
        [(index, count / total) for index, count in enumerate(filter(None, counts))],
    )


def _sorted_pile(draws: Sequence[Any]) -> ChanceTables:
    """A draw from a sorted pile of small integers: one outcome per value held, by value,
    with probability copies / pile size (``draws[value]`` is the value's draw).
    """
    action_of = draws.__getitem__

    def table(state: Any) -> ChanceTable:
        pile = state.pile
        # Counted in C, keyed in order of first appearance: ascending, as the pile is sorted
        # (``collections.Counter`` counts with the same function, behind a Python layer).
        counts: dict[int, int] = {}
        _count_elements(counts, pile)
        total = len(pile)
        return (
            list(map(action_of, counts)),
            [(index, count / total) for index, count in enumerate(counts.values())],
        )

    return table


def _tacocat() -> ChanceTables:
    from ludoteca.games import tacocat as tc  # noqa: PLC0415

    return _sorted_pile(tc.DRAWS)


def _dweebies() -> ChanceTables:
    from ludoteca.games.dweebies.actions import DRAWS  # noqa: PLC0415

    return _sorted_pile(DRAWS)


def _tile_up() -> ChanceTables:
    from ludoteca.games.tile_up.legal import tile_weights  # noqa: PLC0415
    from ludoteca.games.tile_up.model import BAG_DRAWS, DECK_DRAWS, K_START, K_TILE  # noqa: PLC0415

    def table(state: Any) -> ChanceTable:
        kind = state.pending[0][0]
        if kind in (K_TILE, K_START):
            weights = tile_weights(state.bag, kind == K_START)
            return _counted(BAG_DRAWS, weights, sum(weights))
        deck = state.deck
        p = 1 / len(deck)
        return [DECK_DRAWS[card] for card in deck], [(index, p) for index in range(len(deck))]

    return table


def _mystery_date() -> ChanceTables:
    from ludoteca.games.mystery_date import cards  # noqa: PLC0415
    from ludoteca.games.mystery_date import turns as t  # noqa: PLC0415

    die = cards.DIE
    roll: ChanceTable = (cards.ROLLS[1:], [(index, 1 / die) for index in range(die)])
    doors: dict[tuple[int, ...], ChanceTable] = {}

    def table(state: Any) -> ChanceTable:
        phase = state.phase
        if phase == t.P_ROLL:
            return roll
        if phase == t.P_DOOR:
            weights = state.rules.door_weights
            found = doors.get(weights)
            if found is None:
                positive = [w if w > 0 else 0 for w in weights]
                found = doors[weights] = _counted(cards.DOORS, positive, sum(weights))
            return found
        actions: Sequence[Any]
        if phase == t.P_PICK:
            counts, actions = state.hands[state.target], cards.PICKS
        elif phase == t.P_REVEAL:
            counts, actions = state.pile, cards.REVEALS
        elif phase in (t.P_DEAL, t.P_DRAW):
            counts, actions = state.pile, cards.DRAWS
        else:
            return _EMPTY
        return _counted(actions, counts, sum(counts))

    return table


_BY_GAME: dict[str, Callable[[], ChanceTables]] = {
    "tacocat": _tacocat,
    "dweebies": _dweebies,
    "tile_up": _tile_up,
    "mystery_date": _mystery_date,
}
