"""Dweebies' playout cut-off and evaluation for the search agent.

After ``CUTOFF`` playout steps the state is scored by the collected cards: the lead over the
best other seat, squashed into ``[-1, 1]`` (a lead of a few cards is already decisive late).
The first reply of the other seats is the greedy agent's (a random reply would let
the search count on blunders).
"""

from __future__ import annotations

from math import tanh
from typing import Any

from ludoteca.agents.ismcts import SearchSpec
from ludoteca.engine.game import Seat

CUTOFF = 8
"""Playout steps before evaluating: a few placements, where the lead still means something."""


def evaluate(state: Any, seat: Seat) -> float:
    """Collected-card lead of ``seat`` over the best other seat, in ``[-1, 1]``."""
    scores = state.scores
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return tanh((scores[seat] - best_other) / 4.0)


SEARCH = SearchSpec(evaluate=evaluate, cutoff=CUTOFF, replies=1)
"""The spec the agents registry gives the search agent for Dweebies."""
