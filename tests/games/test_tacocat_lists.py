"""Tacocat's faster list makers give the lists (and draws) their plain definitions give.

``legal.duel_actions`` and ``legal.defend_actions`` read tables indexed by the set of values
a hand holds; the fast path draws a uniform attack without building the list
(``playout._uniform_attack``). Each is checked here against the rule written out plainly
(TC-04 duel, TC-05 attack, TC-06 and TC-07 defence).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine import rng as rng_mod
from ludoteca.games.tacocat import legal, playout
from ludoteca.games.tacocat.model import DEFENDS, DUELS, MAX_VALUE, SACRIFICE, Attack

_HANDS = st.lists(st.integers(1, MAX_VALUE), min_size=1, max_size=12).map(
    lambda h: tuple(sorted(h))
)


class _Fixed:
    """A stand-in for ``rng.random`` that returns one given number (a draw in [0, 1))."""

    def __init__(self, value: float) -> None:
        self.value = value
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        return self.value


@settings(max_examples=400, deadline=None)
@given(hand=_HANDS)
def test_tc04_duel_list_is_one_duel_per_distinct_value_ascending(hand: tuple[int, ...]) -> None:
    assert legal.duel_actions(hand) == tuple(DUELS[v] for v in sorted(set(hand)))


@settings(max_examples=400, deadline=None)
@given(hand=_HANDS, against=st.integers(1, MAX_VALUE))
def test_tc06_tc07_defence_list_is_every_value_reaching_the_attack_then_sacrifice(
    hand: tuple[int, ...], against: int
) -> None:
    expected = (*(DEFENDS[v] for v in sorted(set(hand)) if v >= against), SACRIFICE)
    assert legal.defend_actions(hand, against) == expected


@settings(max_examples=600, deadline=None)
@given(
    hand=_HANDS.filter(lambda h: len(h) >= 2),
    min_sequence=st.integers(2, 5),
    draw=st.floats(0.0, 1.0, exclude_max=True),
)
def test_tc05_fast_paths_uniform_attack_is_the_listed_attack_drawn(
    hand: tuple[int, ...], min_sequence: int, draw: float
) -> None:
    listed = _Fixed(draw)
    expected = rng_mod.choice(listed, legal.attack_actions(hand, min_sequence))  # type: ignore[arg-type]
    direct = _Fixed(draw)
    cards = playout._uniform_attack(list(hand), min_sequence, direct.random)
    assert isinstance(expected, Attack)
    assert cards == expected.cards
    assert listed.calls == direct.calls == 1
