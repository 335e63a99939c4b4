"""What a Tacocat seat can infer about the opponent's hand from the public play of a round.

The view shows the current table and the round's discards in order, and the last finished
trick with its signs (defence or sacrifice). ``RoundLog`` keeps, from the seat's successive
views, every finished trick of the round: between two decisions of a seat at most one trick
ends (the seat attacks or defends in every trick), and the trick that just ended is the
view's ``last_trick``. With the tricks, the discards split into each seat's cards, so the
opponent's hand at every earlier moment is their current hand plus the cards they played
since.

``sample_hands`` draws the opponent's current hand from the unseen cards, consistent with
the hard facts (a sacrificed card was its owner's lowest, so every card they still hold is at
least as high), and weights each draw by how well a model opponent holding it would have
made the choices actually seen. The model is the greedy heuristic's rules, softened: a
player keeps low cards and high cards when replacing, duels with a spare middling card and
defends with the smallest card that meets the attack. Each departure from the model costs
a factor ``slip``, so an opponent who plays otherwise only blurs the inference.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import pairwise

from ludoteca.agents.tacocat.greedy import (
    DEFAULT_PARAMS,
    GreedyTacocat,
    _full_defence,
    _smallest_at_least,
    opponent_floor,
    unseen_counts,
)
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import View
from ludoteca.games.tacocat import MIN_SET

Hand = tuple[int, ...]

_GREEDY = GreedyTacocat()
SACRIFICED = -1
"""``defence_choice`` result for a sacrifice."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who attacked, the attack cards and the answers (minus: sacrificed)."""

    attacker: int
    attack: Hand
    answers: Hand


@dataclass
class RoundLog:
    """The finished tricks of the current round, gathered from one seat's views.

    Call ``observe`` with every view the seat is shown, in order (also when it has a single
    legal action). ``complete`` is false when the log missed part of the round (the seat's
    first view came after a trick had ended); then only the view itself can be trusted.

    Attributes:
        round_key: Identifies the round: number, results so far, and the replace discards.
        complete: Whether every finished trick of the round is in ``tricks``.
        tricks: The round's finished tricks, in order.
    """

    round_key: tuple[object, ...] | None = None
    complete: bool = False
    tricks: list[Trick] = field(default_factory=list)
    _discard: list[int] = field(default_factory=list)
    _trick_cards: int = 0

    def observe(self, view: View) -> bool:
        """Update the log with the seat's newest view.

        Args:
            view: The seat's view.

        Returns:
            True when this view starts a new round for the log.
        """
        discard: list[int] = view["discard"]
        key = (view["round"], tuple(view["results"]))
        fresh = key != self.round_key or discard[: len(self._discard)] != self._discard
        if fresh:
            self.round_key = key
            self.tricks = []
            self._trick_cards = 0
            self.complete = view["phase"] in ("deal", "replace", "duel") or trick_start(
                view
            ) == len(discard)
        self._discard = list(discard)
        start = trick_start(view)
        if start is None:
            return fresh
        cards = len(discard) - start
        if cards > self._trick_cards:
            trick = view["last_trick"]
            if trick and 2 * len(trick["attack"]) == cards - self._trick_cards:
                self.tricks.append(
                    Trick(trick["attacker"], tuple(trick["attack"]), tuple(trick["answers"]))
                )
            else:
                self.complete = False
            self._trick_cards = cards
        return fresh


def duel_pairs(view: View) -> list[tuple[int, int]]:
    """The round's revealed duels, ``(seat 0 card, seat 1 card)``, tied ones first.

    Args:
        view: A Tacocat view.

    Returns:
        The duel pairs read from the discards (empty before the first reveal).
    """
    discard: list[int] = view["discard"]
    replaced: list[int] = view["replaced"]
    if min(replaced) < 0:
        return []
    index = sum(replaced)
    pairs: list[tuple[int, int]] = []
    while index + 1 < len(discard):
        pair = (discard[index], discard[index + 1])
        pairs.append(pair)
        index += 2
        if pair[0] != pair[1]:
            break
    return pairs


def trick_start(view: View) -> int | None:
    """Index in the discards where the round's tricks begin; ``None`` before the duel ends.

    Args:
        view: A Tacocat view.

    Returns:
        The index, or ``None`` while no duel has been won.
    """
    pairs = duel_pairs(view)
    if not pairs or pairs[-1][0] == pairs[-1][1]:
        return None
    return sum(view["replaced"]) + 2 * len(pairs)


def replaced_by(view: View, seat: int) -> Hand:
    """The cards ``seat`` replaced this round, read from the discards.

    Single arrow: the arrow seat's cards come first. Double arrow: seat 0's come first.

    Args:
        view: A Tacocat view.
        seat: The seat.

    Returns:
        The cards (empty if the seat has not replaced).
    """
    replaced: list[int] = view["replaced"]
    if replaced[seat] <= 0:
        return ()
    first = view["arrow"] if view["arrow"] is not None else 0
    discard: list[int] = view["discard"]
    if seat == first:
        return tuple(discard[: replaced[seat]])
    offset = max(replaced[first], 0)
    return tuple(discard[offset : offset + replaced[seat]])


# ---------------------------------------------------------------------------------------
# The model opponent


def defence_choice(hand: Hand, todo: Hand) -> int:
    """The greedy defence: the card answering ``todo[0]``, or ``SACRIFICED``.

    Args:
        hand: The defender's hand, sorted.
        todo: The attack cards still to answer, ascending.

    Returns:
        The card the model plays, or ``SACRIFICED``.
    """
    plan = _full_defence(hand[1:], todo)
    if plan is None:
        plan = _full_defence(hand, todo)
    if plan is not None:
        return plan[0]
    card = _smallest_at_least(hand[1:], todo[0])
    return card if card is not None else SACRIFICED


def attack_agrees(hand: Hand, attack: Hand, min_sequence: int) -> bool:
    """Whether the greedy attacker could have chosen ``attack`` from ``hand``.

    Greedy never gives up its lowest card, and ends the round at once with a jumbo of every
    card but its lowest when it holds one. (Which of the other attacks it picks depends on
    its card counting, which is not modelled.)

    Args:
        hand: The attacker's hand before the attack, sorted.
        attack: The attack cards, ascending.
        min_sequence: Shortest sequence allowed in a jumbo attack.

    Returns:
        False when the attack breaks one of those two rules.
    """
    rest = list(hand)
    for card in attack:
        rest.remove(card)
    if min(rest) != hand[0]:
        return False
    return len(rest) == 1 or not _is_attack(hand[1:], min_sequence)


def _is_attack(cards: Hand, min_sequence: int) -> bool:
    """Whether ``cards`` (ascending) form a single card, a set or a sequence (TC-05)."""
    if len(cards) == 1 or (cards[0] == cards[-1] and len(cards) >= MIN_SET):
        return True
    return len(cards) >= min_sequence and all(
        later == earlier + 1 for earlier, later in pairwise(cards)
    )


def duel_choice(hand: Hand) -> int:
    """The greedy duel card for a sorted hand.

    Args:
        hand: The hand, sorted.

    Returns:
        The card the model duels with.
    """
    return _GREEDY._duel(hand).card


def replace_choice(hand: Hand, limit: int) -> Hand:
    """The greedy replacement for a sorted hand.

    Args:
        hand: The hand, sorted.
        limit: The most cards that may be replaced.

    Returns:
        The cards the model replaces, sorted.
    """
    return greedy_replace(
        hand, limit, DEFAULT_PARAMS.low_max, DEFAULT_PARAMS.keep_low, DEFAULT_PARAMS.high_min
    )


def greedy_replace(hand: Hand, limit: int, low_max: int, keep_low: int, high_min: int) -> Hand:
    """Greedy's replacement rule with explicit knobs.

    Keeps the ``keep_low`` lowest cards up to ``low_max`` and every card from ``high_min``
    up, and replaces the rest, the most middling first, at most ``limit`` of them.

    Args:
        hand: The hand, sorted.
        limit: The most cards that may be replaced.
        low_max: Highest value counted as low.
        keep_low: How many low cards to keep.
        high_min: Lowest value kept as a weapon.

    Returns:
        The cards to replace, sorted.
    """
    spare: list[int] = []
    lows = 0
    for card in hand:
        if card <= low_max and lows < keep_low:
            lows += 1
        elif card < high_min:
            spare.append(card)
    middle = (low_max + high_min) / 2
    spare.sort(key=lambda card: (abs(card - middle), card))
    return tuple(sorted(spare[:limit]))


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """How much the sampler trusts the model opponent.

    Attributes:
        slip: Likelihood factor for each duel or defence the model would not have made.
        keep_extreme: On replace, chance that a card low (up to ``low_max``) or high (from
            ``high_min``) is kept; middling cards are kept with ``1 - keep_extreme``.
        capped_keep: Same, for middling cards when the opponent replaced as many cards as
            the limit allowed (they may have wanted to replace more).
        low_max: Highest value the model counts as low.
        high_min: Lowest value the model counts as high.
    """

    slip: float = 0.1
    keep_extreme: float = 0.9
    capped_keep: float = 0.5
    low_max: int = DEFAULT_PARAMS.low_max
    high_min: int = DEFAULT_PARAMS.high_min

    def weight(self, view: View, log: RoundLog, hand: Hand) -> float:
        """Likelihood of the opponent's seen choices this round if ``hand`` is theirs now.

        Args:
            view: The seat's view.
            log: The round's tricks (``log.complete`` must be true).
            hand: A candidate current hand for the opponent, sorted.

        Returns:
            A non-negative weight (relative: only ratios matter).
        """
        me: int = view["seat"]
        opponent = 1 - me
        slip = self.slip
        weight = 1.0
        min_sequence = int(view["options"]["min_sequence"])
        held = list(hand)
        if view["phase"] == "defend" and view["attacker"] == opponent:
            held += view["attack"]
            if not attack_agrees(tuple(sorted(held)), tuple(view["attack"]), min_sequence):
                weight *= slip
        for trick in reversed(log.tricks):
            if trick.attacker == opponent:
                held += trick.attack
                if not attack_agrees(tuple(sorted(held)), trick.attack, min_sequence):
                    weight *= slip
                continue
            for index in range(len(trick.answers) - 1, -1, -1):
                answer = trick.answers[index]
                card = abs(answer)
                held.append(card)
                before = tuple(sorted(held))
                model = defence_choice(before, trick.attack[index:])
                if answer < 0:
                    agrees = model == SACRIFICED or (model == card == before[0])
                else:
                    agrees = model == answer
                if not agrees:
                    weight *= slip
        for pair in reversed(duel_pairs(view)):
            card = pair[opponent]
            held.append(card)
            if duel_choice(tuple(sorted(held))) != card:
                weight *= slip
        return weight * self._replace_weight(view, held)

    def _replace_weight(self, view: View, held: list[int]) -> float:
        """Chance that the model keeps what it kept of ``held`` (the post-replace hand).

        Which of the held cards were kept and which were drawn is unknown: the weight sums
        over every way to choose the kept ones (an elementary symmetric polynomial of the
        per-card keep chances).
        """
        opponent = 1 - view["seat"]
        replaced: int = view["replaced"][opponent]
        if replaced < 0:
            return 1.0
        arrow = view["arrow"]
        limit = len(held)
        if arrow is not None and arrow != opponent:
            limit = view["replaced"][arrow]
        if limit == 0:
            return 1.0
        middling = 1.0 - (self.capped_keep if replaced == limit < len(held) else self.keep_extreme)
        kept = len(held) - replaced
        sums = [1.0] + [0.0] * kept
        for card in held:
            keep = self.keep_extreme if card <= self.low_max or card >= self.high_min else middling
            for size in range(kept, 0, -1):
                sums[size] += sums[size - 1] * keep
        return sums[kept]


DEFAULT_MODEL = OpponentModel()
"""The model opponent the expert agent assumes."""


def opponent_floor_from_log(view: View, log: RoundLog) -> int:
    """The opponent's lowest possible card: their last sacrifice this round (TC-06).

    Args:
        view: The seat's view.
        log: The round's tricks.

    Returns:
        The bound (1 when nothing is known).
    """
    if not log.complete:
        return opponent_floor(view)
    opponent = 1 - view["seat"]
    floor = 1
    for trick in log.tricks:
        if trick.attacker != opponent:
            for answer in trick.answers:
                floor = max(floor, -answer)
    return floor


def sample_hands(
    view: View,
    log: RoundLog,
    model: OpponentModel | None,
    rng: random.Random,
    count: int,
    oversample: int = 4,
) -> list[Hand]:
    """Opponent hands for ``count`` determinizations, drawn from the posterior.

    Draws ``count * oversample`` hands uniformly from the unseen cards allowed by the
    opponent's last sacrifice, weights them with ``model`` and keeps ``count`` of them by
    systematic resampling. Without a model (or a complete log) the first ``count`` draws are
    returned.

    Args:
        view: The seat's view.
        log: The round's tricks, up to this view.
        model: The opponent model, or ``None`` for uniform draws.
        rng: Randomness.
        count: Hands wanted.
        oversample: Draws per hand kept, when weighting.

    Returns:
        ``count`` sorted hands (with repeats when the posterior is narrow).
    """
    unseen = unseen_counts(view)
    size: int = view["hand_counts"][1 - view["seat"]]
    floor = opponent_floor_from_log(view, log)
    pool = [value for value in range(floor, len(unseen)) for _ in range(unseen[value])]
    if len(pool) < size:
        pool = [value for value in range(1, len(unseen)) for _ in range(unseen[value])]
    weighting = model is not None and log.complete
    draws = count * oversample if weighting else count
    hands: list[Hand] = []
    for _ in range(draws):
        rng_mod.shuffle(rng, pool)
        hands.append(tuple(sorted(pool[:size])))
    if not weighting or model is None:
        return hands
    weights = [model.weight(view, log, hand) for hand in hands]
    total = sum(weights)
    if total <= 0.0:
        return hands[:count]
    step = total / count
    target = rng.random() * step
    kept: list[Hand] = []
    reached = 0.0
    for hand, weight in zip(hands, weights, strict=True):
        reached += weight
        while target < reached and len(kept) < count:
            kept.append(hand)
            target += step
    while len(kept) < count:
        kept.append(hands[-1])
    return kept
