"""Tacocat's playout cut-off and evaluation for the search agent.

A playout stops at the first attack or defence where both hands of the determinization
are known and at most ``SOLVE_MAX`` cards each: the exact round solver
(``tacocat_solver``) then gives the round's result, and
the track race after it is scored by the chance of reaching one's goal first if every later
round were a coin flip. A playout cut off elsewhere is scored on the
track alone.
"""

from __future__ import annotations

import random
from functools import cache
from math import comb
from typing import Any

from ludoteca.agents.ismcts import SearchSpec
from ludoteca.agents.tacocat.solver import RoundSolver
from ludoteca.engine.game import Seat
from ludoteca.games.tacocat.game import _move
from ludoteca.games.tacocat.model import (
    ARROWS,
    KEEP,
    P_ATTACK,
    P_DEFEND,
    P_OVER,
    P_REPLACE,
    SPACES,
    State,
)

SOLVE_MAX = 5
"""Largest hands solved at a cut-off; bigger rounds are played on at random until then."""

_SOLVERS: dict[int, RoundSolver] = {}


@cache
def race(position: int, covered: int) -> float:
    """Seat 0's value in ``[-1, 1]``: each later round won by either seat with chance 1/2."""
    if position < 0:
        return 1.0
    if position >= SPACES:
        return -1.0
    need0 = 1 + sum(1 for s in range(position) if not covered >> s & 1)
    need1 = 1 + sum(1 for s in range(position + 1, SPACES) if not covered >> s & 1)
    # Seat 0 wins if it takes need0 rounds before seat 1 takes need1.
    win = sum(comb(need0 - 1 + k, k) / float(2 ** (need0 + k)) for k in range(need1))
    return 2.0 * win - 1.0


def evaluate(state: State, seat: Seat) -> float:
    """The state's value for ``seat``: the solved round then the race (see the module)."""
    value0 = race(state.position, state.covered)
    result = _solved(state) if state.phase in (P_ATTACK, P_DEFEND) else 0
    if result:
        winner = state.attacker if result > 0 else 1 - state.attacker
        value0 = race(*_move(state.position, state.covered, winner))
    return value0 if seat == 0 else -value0


def _solved(state: State) -> int:
    """The round result for the attacker under best play, both hands known."""
    attacker = state.attacker
    hands = state.hands
    arrow = ARROWS[state.position]
    tie = 0
    if state.rules.tie_goes_to_arrow and arrow is not None:
        tie = 1 if arrow == attacker else -1
    min_sequence = state.rules.min_sequence
    solver = _SOLVERS.get(min_sequence)
    if solver is None:
        solver = _SOLVERS[min_sequence] = RoundSolver(min_sequence)
    if not state.attack:
        return solver.value(hands[attacker], hands[1 - attacker], tie)
    answers = state.answers
    return solver.after_attack(
        hands[attacker],
        hands[1 - attacker],
        state.attack,
        len(answers),
        all(answer > 0 for answer in answers),
        tie,
    )


def stop(state: State) -> bool:
    """Playouts end in the play phase once both hands are small (then solved), or the end."""
    phase = state.phase
    if phase in (P_ATTACK, P_DEFEND):
        hands = state.hands
        return len(hands[0]) <= SOLVE_MAX and len(hands[1]) <= SOLVE_MAX
    return phase == P_OVER


def playout(state: Any, seat: Seat, rng: random.Random) -> Any:
    """Outside the tree nobody replaces: listing every replacement of a big hand is dear."""
    return KEEP if state.phase == P_REPLACE else None


SEARCH = SearchSpec(evaluate=evaluate, cutoff=400, stop=stop, playout=playout)
"""The spec the agents registry gives the search agent for Tacocat."""
