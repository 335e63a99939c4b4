"""A search-based ("expert") Tacocat agent that sees only its view.

Every decision is scored on determinizations: opponent hands drawn from the unseen cards,
weighted by how a sensible opponent would have played them so far
(``tacocat_inference``), each solved exactly for the rest of the round
(``tacocat_solver``). The round result is what is maximized: +1 won, 0 drawn, -1 lost.

* Attack and defence: for each determinization, the exact value of every legal action with
  both hands known; the action with the best total wins (perfect-information Monte Carlo).
* Duel (a secret, simultaneous choice): the opponent's duel card is not looked at. In each
  determinization the opponent duels as the model opponent would with that hand; each of
  the agent's own cards is scored against it.
* Replace: a handful of candidate replacements (the greedy rule with different
  thresholds), each scored on the same simulated deals: the agent's draws, the opponent's
  hand and replacement, a modelled duel and the solved rest of the round. Hands larger
  than ``replace_max_cards`` use the greedy rule.

Ties between equally scored actions go to the greedy heuristic's choice when it is among
them. The agent keeps a log of the current round's tricks from its own successive views
(perfect recall); nothing it uses comes from outside its views.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.agents.tacocat.greedy import GreedyTacocat, unseen_counts
from ludoteca.agents.tacocat.inference import (
    DEFAULT_MODEL,
    Hand,
    OpponentModel,
    RoundLog,
    duel_choice,
    greedy_replace,
    replace_choice,
    sample_hands,
)
from ludoteca.agents.tacocat.solver import RoundSolver, remove
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import View
from ludoteca.games.tacocat import Attack, Defend, Duel, Replace, Sacrifice

REPLACE_VARIANTS: tuple[tuple[int, int, int], ...] = tuple(
    (low_max, keep_low, high_min)
    for low_max in (2, 3, 4)
    for keep_low in (1, 2)
    for high_min in (7, 8, 9, 10, 11)
)
"""``(low_max, keep_low, high_min)`` knobs of the replacement rules tried on replace."""


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """Search effort and model settings.

    Attributes:
        samples: Determinizations per attack or defence decision.
        small_samples: Determinizations per attack or defence decision when the hand has
            at most ``small_hand`` cards (solving is cheap there).
        small_hand: See ``small_samples``.
        oversample: Hands drawn per determinization kept, before weighting.
        duel_samples: Determinizations per duel decision.
        duel_search: Score duel cards by search; otherwise duel like the greedy agent.
        duel_max_cards: Largest hand whose duel is searched (greedy's duel above it).
        replace_samples: Simulated deals per candidate replacement.
        replace_max_cards: Largest hand whose replacement is searched.
        model: The opponent model weighting determinizations; ``None`` draws uniformly.
    """

    samples: int = 20
    small_samples: int = 20
    small_hand: int = 5
    oversample: int = 4
    duel_samples: int = 10
    duel_search: bool = True
    duel_max_cards: int = 9
    replace_samples: int = 16
    replace_max_cards: int = 7
    model: OpponentModel | None = DEFAULT_MODEL


DEFAULT_PARAMS = ExpertParams()


@dataclass(frozen=True, slots=True)
class Scored:
    """A searched decision, as the expert recorded it (read by ``tacocat/reasons.py``).

    Attributes:
        actions: The moves scored.
        totals: Each move's summed round results (+1 won, 0 drawn, -1 lost per sample).
        chosen: The move played (a best total).
        samples: Simulated deals each total sums.
    """

    actions: tuple[Any, ...]
    totals: tuple[int, ...]
    chosen: Any
    samples: int


class ExpertTacocat:
    """Determinized search over the rest of the round, with an inferred opponent hand."""

    name = "expert"

    def __init__(self, params: ExpertParams | None = None) -> None:
        """Create the agent.

        Args:
            params: Search settings; ``DEFAULT_PARAMS`` when omitted.
        """
        self.params = params or DEFAULT_PARAMS
        self.greedy = GreedyTacocat()
        self.log = RoundLog()
        self._solvers: dict[int, RoundSolver] = {}
        self.last: Scored | None = None
        """The scores of the latest decision searched (``None``: greedy's rule decided)."""

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal`` for the phase in ``view``.

        Args:
            view: What this seat sees (``Tacocat.view``).
            legal: The seat's legal actions.
            rng: Randomness for the determinizations (the choice is a function of the
                views seen so far and this stream).

        Returns:
            An element of ``legal``.
        """
        if self.log.observe(view):
            for solver in self._solvers.values():
                solver.clear()
        self.last = None
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        hand: Hand = tuple(sorted(view["hand"]))
        if isinstance(first, Attack):
            return self._attack(view, hand, legal, rng)
        if isinstance(first, Defend | Sacrifice):
            return self._defend(view, hand, legal, rng)
        if (
            isinstance(first, Duel)
            and self.params.duel_search
            and len(hand) <= self.params.duel_max_cards
        ):
            return self._duel(view, hand, legal, rng)
        if isinstance(first, Replace) and len(hand) <= self.params.replace_max_cards:
            return self._replace(view, hand, legal, rng)
        return self.greedy.choose(view, legal, rng)

    # -----------------------------------------------------------------------------------
    # Decisions

    def _attack(self, view: View, hand: Hand, legal: Sequence[Any], rng: random.Random) -> Any:
        """Each attack's exact value against every determinization, summed."""
        solver = self._solver(view)
        tie = tie_value(view)
        totals = [0] * len(legal)
        rests = [remove(hand, action.cards) for action in legal]
        samples = self._samples(hand)
        for theirs in self._hands(view, rng, samples):
            for index, action in enumerate(legal):
                totals[index] += solver.after_attack(
                    rests[index], theirs, action.cards, 0, True, tie
                )
        return self._best(view, legal, totals, rng, samples)

    def _defend(self, view: View, hand: Hand, legal: Sequence[Any], rng: random.Random) -> Any:
        """Each answer's exact value against every determinization, summed."""
        solver = self._solver(view)
        tie = tie_value(view)
        attack: Hand = tuple(view["attack"])
        answers: list[int] = view["answers"]
        answered = len(answers) + 1
        all_met = all(answer > 0 for answer in answers)
        outcomes: list[tuple[Hand, bool]] = [
            (hand[1:], False)
            if isinstance(action, Sacrifice)
            else (remove(hand, (action.card,)), all_met)
            for action in legal
        ]
        totals = [0] * len(legal)
        samples = self._samples(hand)
        for theirs in self._hands(view, rng, samples):
            for index, (left, met) in enumerate(outcomes):
                totals[index] -= solver.after_attack(theirs, left, attack, answered, met, -tie)
        return self._best(view, legal, totals, rng, samples)

    def _duel(self, view: View, hand: Hand, legal: Sequence[Any], rng: random.Random) -> Any:
        """Each duel card against the model opponent's card, in every determinization."""
        solver = self._solver(view)
        tie = tie_value(view)
        totals = [0] * len(legal)
        for theirs in self._hands(view, rng, self.params.duel_samples):
            card = duel_choice(theirs)
            left = remove(theirs, (card,))
            for index, action in enumerate(legal):
                totals[index] += duel_value(
                    solver, remove(hand, (action.card,)), action.card, left, card, tie
                )
        return self._best(view, legal, totals, rng, self.params.duel_samples)

    def _replace(self, view: View, hand: Hand, legal: Sequence[Any], rng: random.Random) -> Any:
        """The candidate replacement with the best total over simulated deals."""
        limit = max(len(action.cards) for action in legal)
        candidates = [replace_choice(hand, limit)]
        for low_max, keep_low, high_min in REPLACE_VARIANTS:
            cards = greedy_replace(hand, limit, low_max, keep_low, high_min)
            if cards not in candidates:
                candidates.append(cards)
        if len(candidates) == 1:
            return Replace(candidates[0])
        me: int = view["seat"]
        opponent = 1 - me
        solver = self._solver(view)
        tie = tie_value(view)
        size = len(hand)
        unseen = unseen_counts(view)
        done = view["replaced"][opponent] >= 0
        # Against a replacement already made, draw the opponent's hand from the posterior.
        known = self._hands(view, rng, self.params.replace_samples) if done else []
        totals = [0] * len(candidates)
        for sample in range(self.params.replace_samples):
            pool = [value for value in range(1, len(unseen)) for _ in range(unseen[value])]
            if done:
                theirs = known[sample]
                for card in theirs:
                    pool.remove(card)
            rng_mod.shuffle(rng, pool)
            if not done:
                dealt = tuple(sorted(pool[:size]))
                del pool[:size]
            for index, cards in enumerate(candidates):
                mine = tuple(sorted(remove(hand, cards) + tuple(pool[: len(cards)])))
                if not done:
                    their_limit = len(cards) if view["arrow"] == me else size
                    thrown = replace_choice(dealt, their_limit)
                    drawn = pool[len(cards) : len(cards) + len(thrown)]
                    theirs = tuple(sorted(remove(dealt, thrown) + tuple(drawn)))
                mine_card = duel_choice(mine)
                their_card = duel_choice(theirs)
                totals[index] += duel_value(
                    solver,
                    remove(mine, (mine_card,)),
                    mine_card,
                    remove(theirs, (their_card,)),
                    their_card,
                    tie,
                )
        best = max(range(len(candidates)), key=lambda index: (totals[index], -index))
        chosen = Replace(candidates[best])
        scored = tuple(Replace(cards) for cards in candidates)
        self.last = Scored(scored, tuple(totals), chosen, self.params.replace_samples)
        return chosen

    # -----------------------------------------------------------------------------------
    # Helpers

    def _hands(self, view: View, rng: random.Random, count: int) -> list[Hand]:
        return sample_hands(view, self.log, self.params.model, rng, count, self.params.oversample)

    def _samples(self, hand: Hand) -> int:
        params = self.params
        return params.small_samples if len(hand) <= params.small_hand else params.samples

    def _solver(self, view: View) -> RoundSolver:
        min_sequence = int(view["options"]["min_sequence"])
        solver = self._solvers.get(min_sequence)
        if solver is None:
            solver = self._solvers[min_sequence] = RoundSolver(min_sequence)
        return solver

    def _best(
        self,
        view: View,
        legal: Sequence[Any],
        totals: list[int],
        rng: random.Random,
        samples: int,
    ) -> Any:
        """The best-scored action; among equals, greedy's choice if it is one of them."""
        top = max(totals)
        best = [action for action, total in zip(legal, totals, strict=True) if total == top]
        chosen = best[0]
        if len(best) > 1:
            preferred = self.greedy.choose(view, legal, rng)
            if preferred in best:
                chosen = preferred
        self.last = Scored(tuple(legal), tuple(totals), chosen, samples)
        return chosen


def tie_value(view: View) -> int:
    """What a tied showdown is worth to the viewing seat (TC-08).

    Args:
        view: The seat's view.

    Returns:
        ``1`` or ``-1`` when ``tie_goes_to_arrow`` gives it to the arrow seat, else ``0``.
    """
    arrow = view["arrow"]
    if view["options"]["tie_goes_to_arrow"] and arrow is not None:
        return 1 if arrow == view["seat"] else -1
    return 0


def duel_value(
    solver: RoundSolver, mine: Hand, my_card: int, theirs: Hand, their_card: int, tie: int
) -> int:
    """The round result after a duel, both hands known (TC-04).

    The higher card attacks first; a tie discards both cards and the duel repeats, with both
    players duelling as the model opponent does.

    Args:
        solver: The round solver.
        mine: The agent's hand after its duel card.
        my_card: The agent's duel card.
        theirs: The opponent's hand after their duel card.
        their_card: The opponent's duel card.
        tie: What a tied showdown is worth to the agent.

    Returns:
        ``1``, ``0`` or ``-1`` for the agent.
    """
    while True:
        if len(mine) == 1:
            return 1 if mine[0] < theirs[0] else -1 if mine[0] > theirs[0] else tie
        if my_card > their_card:
            return solver.value(mine, theirs, tie)
        if my_card < their_card:
            return -solver.value(theirs, mine, -tie)
        my_card = duel_choice(mine)
        their_card = duel_choice(theirs)
        mine = remove(mine, (my_card,))
        theirs = remove(theirs, (their_card,))
