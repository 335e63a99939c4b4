"""Mystery Date's playout cut-off and evaluation for the search agent.

After ``CUTOFF`` playout steps the state is scored by how close each hand is to a complete
outfit (the greedy agent's hand score): the seat's score against the best other seat's,
squashed into ``[-1, 1]``.
The first reply of the other seats is the greedy agent's (a random reply would let
the search count on blunders).

Gifts and discards are not searched (``candidates``): which card to give in a swap
(MD-05) or to discard over the hand limit (MD-04) pays off through later thefts, swaps
and draws, which the hand score 60 random steps on does not see. Searched, they were
nearly all of the search's overrides of the expert, and those lost on average: judged from
the true state by 100 paired expert-against-expert playouts each
(``bench/studies/override_judge.py --every-decision``, seeds 9000-9099), discards -0.027 ± 0.017
and gifts +0.007 ± 0.023 in returns (50 and 29 overrides); an earlier run of the same
judge, other streams, -0.043 ± 0.015 and -0.036 ± 0.016 (62 and 53). Over 253 games
against the expert the overrides changed 57 results, 23 for the better and 34 for the
worse; with these two kinds left to the expert, 8 results, 4 and 4 (bench/README.md,
issue 18, the lead's thirteenth session). The draw-or-discard choice and which outfit to
show are still searched.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import tanh
from typing import Any

from ludoteca.agents.ismcts import SearchSpec
from ludoteca.agents.mystery_date.greedy import GreedyMysteryDate
from ludoteca.engine.game import Seat, View
from ludoteca.games.mystery_date.cards import Discard, Give

CUTOFF = 60
"""Playout steps before evaluating (a few turns of every seat)."""

_SCORER = GreedyMysteryDate()


def evaluate(state: Any, seat: Seat) -> float:
    """Hand score of ``seat`` against the best other seat's, in ``[-1, 1]``."""
    scores = [_SCORER.score(list(hand)) for hand in state.hands]
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return tanh((scores[seat] - best_other) / 16.0)


def candidates(view: View, legal: Sequence[Any]) -> Sequence[Any]:
    """Every legal move, except at a gift or a discard: none (left to the expert)."""
    if legal and isinstance(legal[0], Give | Discard):
        return ()
    return legal


SEARCH = SearchSpec(evaluate=evaluate, cutoff=CUTOFF, replies=1, candidates=candidates)
"""The spec the agents registry gives the search agent for Mystery Date."""
