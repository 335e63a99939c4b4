"""The positions each game's lesson needs (read by ``scripts/lesson_positions.py``).

A spec names a position, the predicate that accepts it and, where uniform play would
rarely get there, a policy that steers the seeded game. The learner is seat 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.games import tacocat as tc

Policy = Callable[[Any, int, Sequence[Any], random.Random], Any]
Predicate = Callable[[Any], bool]


def uniform(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Any legal action, uniformly."""
    del state, seat
    return legal[int(r.random() * len(legal))]


@dataclass(frozen=True)
class Spec:
    """How to find one position: play seeded games until ``accept`` holds."""

    name: str
    accept: Predicate
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    policy: Policy = uniform
    seeds: range = range(0, 2000)
    max_steps: int = 3000


# ---------------------------------------------------------------------------------------
# Tacocat: seat 0 (YAY) learns against seat 1 (WOW).


def _tc_runs(hand: Sequence[int]) -> bool:
    values = set(hand)
    return any({v, v + 1, v + 2} <= values for v in values)


def _tc_keep(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Keep the hand; otherwise uniform."""
    del state, seat
    return tc.KEEP if tc.KEEP in legal else legal[int(r.random() * len(legal))]


def _tc_yay_wins(state: Any, seat: int, legal: Sequence[Any], r: random.Random) -> Any:
    """Play so that YAY (seat 0) tends to win rounds: it keeps low cards for the showdown."""
    if tc.KEEP in legal and seat == 0:
        return tc.KEEP
    if seat == 0:
        attacks = [a for a in legal if isinstance(a, tc.Attack)]
        if attacks:
            return max(attacks, key=lambda a: (len(a.cards), a.cards[-1]))
        if tc.SACRIFICE in legal:
            defends = [a for a in legal if isinstance(a, tc.Defend)]
            return defends[-1] if defends else tc.SACRIFICE
        return legal[-1]
    return legal[int(r.random() * len(legal))]


TACOCAT = [
    Spec("first_deal", lambda s: s.phase == tc.Phase.REPLACE and s.round == 1),
    Spec(
        "single_arrow",
        lambda s: (
            s.phase == tc.Phase.REPLACE
            and s.position != tc.START
            and s.replaced[1] >= 2
            and s.replaced[0] < 0
        ),
        policy=_tc_yay_wins,
    ),
    Spec(
        "duel",
        lambda s: s.phase == tc.Phase.DUEL and s.round == 1 and s.pending == (None, None),
        policy=_tc_keep,
    ),
    Spec(
        "attack",
        lambda s: (
            s.phase == tc.Phase.ATTACK
            and s.attacker == 0
            and len(s.hands[0]) >= 5
            and _tc_runs(s.hands[0])
        ),
        policy=_tc_keep,
    ),
    Spec(
        "defend",
        lambda s: (
            s.phase == tc.Phase.DEFEND
            and s.attacker == 1
            and len(s.attack) == 1
            and s.hands[0][0] < s.attack[0] <= s.hands[0][-1]
            and len(s.hands[0]) >= 4
        ),
        policy=_tc_keep,
    ),
    Spec(
        "sacrifice",
        lambda s: (
            s.phase == tc.Phase.DEFEND
            and s.attacker == 1
            and len(s.attack) == 1
            and s.hands[0][-1] < s.attack[0]
            and len(s.hands[0]) >= 3
        ),
        policy=_tc_keep,
    ),
    Spec(
        "last_two",
        lambda s: (
            s.phase == tc.Phase.ATTACK
            and s.attacker == 0
            and len(s.hands[0]) == 2
            and s.hands[0][0] + 2 < s.hands[0][1]
        ),
        policy=_tc_keep,
    ),
    Spec(
        "near_goal",
        lambda s: (
            s.phase == tc.Phase.REPLACE
            and s.position == 0
            and s.replaced == (-1, -1)
            and s.owed == (0, 0)
        ),
        policy=_tc_yay_wins,
    ),
]

SPECS: dict[str, list[Spec]] = {"tacocat": TACOCAT}
