"""Tile Up's playout cut-off and evaluation for the search agent.

After ``CUTOFF`` playout steps the state is scored by points: the lead over the best other
seat, squashed into ``[-1, 1]``. Drawing a determinization is dear in Tile Up (the unseen
tiles and goal cards are counted out), so a pool of them is drawn per decision and re-used.
"""

from __future__ import annotations

from math import tanh
from typing import Any

from ludoteca.agents.ismcts import SearchSpec
from ludoteca.engine.game import Seat

CUTOFF = 30
"""Playout steps before evaluating (a few turns of every seat)."""


def evaluate(state: Any, seat: Seat) -> float:
    """Point lead of ``seat`` over the best other seat, in ``[-1, 1]``."""
    scores = state.scores
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return tanh((scores[seat] - best_other) / 6.0)


SEARCH = SearchSpec(evaluate=evaluate, cutoff=CUTOFF, pool=24)
"""The spec the agents registry gives the search agent for Tile Up."""
