"""Mystery Date's playout cut-off and evaluation for the search agent.

After ``CUTOFF`` playout steps the state is scored by how close each hand is to a complete
outfit (the greedy agent's hand score): the seat's score against the best other seat's,
squashed into ``[-1, 1]``.
The first reply of the other seats is the greedy agent's (a random reply would let
the search count on blunders).
"""

from __future__ import annotations

from math import tanh
from typing import Any

from ludoteca.agents.ismcts import SearchSpec
from ludoteca.agents.mystery_date.greedy import GreedyMysteryDate
from ludoteca.engine.game import Seat

CUTOFF = 60
"""Playout steps before evaluating (a few turns of every seat)."""

_SCORER = GreedyMysteryDate()


def evaluate(state: Any, seat: Seat) -> float:
    """Hand score of ``seat`` against the best other seat's, in ``[-1, 1]``."""
    scores = [_SCORER.score(list(hand)) for hand in state.hands]
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return tanh((scores[seat] - best_other) / 16.0)


SEARCH = SearchSpec(evaluate=evaluate, cutoff=CUTOFF, replies=1)
"""The spec the agents registry gives the search agent for Mystery Date."""
