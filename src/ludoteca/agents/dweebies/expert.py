"""A search-based ("expert") Dweebies agent that sees only its view.

The greedy heuristic (:mod:`ludoteca.agents.dweebies.greedy`) looks one placement ahead and
guesses what it leaves for the others. The expert checks the greedy's best few placements
by playing them out:

* ``candidates`` placements with the highest greedy values are kept (all of them when
  there are fewer);
* ``samples`` times, a full state is drawn from the view (``Dweebies.sample_state``: the
  unseen cards dealt at random into the other hands and the pile, nothing hidden is read)
  and every candidate is played on it, then every seat (this one included) plays on with
  the greedy agent for ``horizon`` more placements, chance drawing from the sampled pile.
  All candidates of one sample share the sampled state and the chance stream (common
  random numbers), so they are compared on the same deals;
* a playout is scored by this seat's collected cards minus the best of the others' (the
  margin that decides the game); the candidate with the best total is played, ties going
  to the greedy's order.

Collect decisions (take the most cards) and forced moves are the greedy's. Cost: about
``candidates * samples * horizon`` greedy decisions per placement (see ``bench/README.md``
for seconds per move).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.agents.dweebies.greedy import GreedyDweebies
from ludoteca.engine.game import View
from ludoteca.games.dweebies.actions import Collect
from ludoteca.games.dweebies.game import GAME, Phase, State


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """Search effort.

    Attributes:
        candidates: Greedy-best placements checked by playouts.
        samples: Sampled states (each plays every candidate).
        horizon: Placements played after the candidate before the margin is read.
    """

    candidates: int = 4
    samples: int = 8
    horizon: int = 6


DEFAULT_PARAMS = ExpertParams()


@dataclass(frozen=True, slots=True)
class Scored:
    """A placement decision played out, as the expert recorded it (``dweebies/reasons.py``).

    Attributes:
        candidates: The placements played out, greedy-best first.
        totals: Each one's summed margin (its collected cards minus the best other seat's).
        best: Index of the one played.
        samples: Sampled states each total sums.
    """

    candidates: tuple[Any, ...]
    totals: tuple[float, ...]
    best: int
    samples: int


class ExpertDweebies:
    """Greedy candidates checked by short greedy playouts on sampled states."""

    name = "expert"

    def __init__(self, params: ExpertParams | None = None) -> None:
        """Create the agent.

        Args:
            params: Search effort; the defaults when omitted.
        """
        self.params = params or DEFAULT_PARAMS
        self._greedy = GreedyDweebies()
        self.last: Scored | None = None
        """The scores of the latest placement it played out (``None``: greedy's choice)."""

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal``.

        Args:
            view: What this seat sees (``Dweebies.view``).
            legal: The seat's legal actions.
            rng: Drives the sampled states and playouts (same seed, same choice).

        Returns:
            An element of ``legal``.
        """
        self.last = None
        if len(legal) == 1 or isinstance(legal[0], Collect):
            return self._greedy.choose(view, legal, rng)
        scored = self._greedy.scored(view, legal)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
        candidates = [scored[i][0] for i in order[: self.params.candidates]]
        if len(candidates) == 1:
            return candidates[0]
        seat = int(view["seat"])
        totals = [0.0] * len(candidates)
        for _ in range(self.params.samples):
            state = GAME.sample_state(view, seat, rng)
            seed = rng.getrandbits(64)
            for index, action in enumerate(candidates):
                totals[index] += self._playout(GAME.apply(state, seat, action), seat, seed)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        self.last = Scored(tuple(candidates), tuple(totals), best, self.params.samples)
        return candidates[best]

    def _playout(self, state: State, seat: int, seed: int) -> float:
        """Greedy play for ``horizon`` placements (or to the end); this seat's margin."""
        rng = random.Random(seed)
        greedy = self._greedy
        placements = 0
        horizon = self.params.horizon
        while state.phase != Phase.OVER:
            actor = state.turn
            if state.phase in (Phase.DRAW, Phase.DEAL):
                state = GAME.apply(state, -1, GAME.sample_chance(state, rng))
                continue
            if state.phase == Phase.PLACE:
                if placements == horizon:
                    break
                placements += 1
            legal = GAME.legal_actions(state, actor)
            action = greedy.choose(GAME.view(state, actor), legal, rng)
            state = GAME.apply(state, actor, action)
        scores = state.scores
        return scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
