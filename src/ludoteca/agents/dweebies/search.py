"""Dweebies' playout cut-off, evaluation and root candidates for the search agent.

The search looks only at the greedy agent's ``CANDIDATES`` best placements (a placement
decision has up to a few dozen cells times the hand's cards; a few hundred iterations
cannot tell them apart, and most are plain blunders that hand a line to the next player).
Playouts are the greedy agent's for ``GUIDED`` decisions, then random up to ``CUTOFF``
steps, where the state is scored by the collected cards: the lead over the best other seat,
squashed into ``[-1, 1]`` (a lead of a few cards is already decisive late). A random
playout from a placement mostly measures how much random play gives away, which is why the
search lost to greedy with random playouts alone (``bench/README.md``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import tanh
from typing import Any

from ludoteca.agents.dweebies.greedy import GreedyDweebies
from ludoteca.agents.ismcts import SearchSpec
from ludoteca.engine.game import Seat, View
from ludoteca.games.dweebies.actions import Collect

CUTOFF = 8
"""Playout steps before evaluating: a few placements, where the lead still means something."""
CANDIDATES = 5
"""Greedy-best placements searched at the root."""
GUIDED = 4
"""Playout decisions made by the greedy agent before random play."""

_GREEDY = GreedyDweebies()
_RNG = random.Random(0)  # the greedy agent is deterministic; its protocol takes a stream


def evaluate(state: Any, seat: Seat) -> float:
    """Collected-card lead of ``seat`` over the best other seat, in ``[-1, 1]``."""
    scores = state.scores
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return tanh((scores[seat] - best_other) / 4.0)


def candidates(view: View, legal: Sequence[Any]) -> list[Any]:
    """The greedy's ``CANDIDATES`` best placements, best first; a collect is the greedy's."""
    if isinstance(legal[0], Collect):
        return [_GREEDY.choose(view, legal, _RNG)]
    scored = _GREEDY.scored(view, legal)
    order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
    return [scored[i][0] for i in order[:CANDIDATES]]


SEARCH = SearchSpec(
    evaluate=evaluate, cutoff=CUTOFF, replies=1, candidates=candidates, guided=GUIDED
)
"""The spec the agents registry gives the search agent for Dweebies."""
