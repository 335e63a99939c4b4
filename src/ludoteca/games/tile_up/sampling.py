"""Tile Up hidden-hand sampling for ``TileUp.sample_state`` (TU-10).

A hand whose start sum was announced (TU-01) and has not changed since must be redrawn with
that sum; several such hands compete for the same unseen tiles, so they are drawn jointly.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from math import comb

from ludoteca.engine import rng as rng_mod
from ludoteca.games.tile_up.model import NUMBERS


def draw_hands(
    pool: list[int], wants: list[tuple[int, int, int]], rng: random.Random
) -> dict[int, tuple[int, ...]]:
    """Hidden hands drawn from ``pool`` (copies per code, updated in place).

    ``wants`` holds ``(seat, count, target)``; a hand with ``target >= 0`` must have numbers
    summing to it (an announced start sum, TU-01). Those hands are drawn first, again from
    the top if an earlier draw left a later sum impossible; after 50 tries a depth-first
    search finds a consistent set (one always exists: the real hands).
    """
    summed = [(seat, count, target) for seat, count, target in wants if target >= 0]
    hands: dict[int, tuple[int, ...]] = {}
    trial = list(pool)
    for _ in range(50):
        trial = list(pool)
        hands = {}
        for seat, count, target in summed:
            hand = _sum_hand(trial, count, target, rng)
            if hand is None:
                break
            hands[seat] = hand
        else:
            break
    else:
        trial = list(pool)
        hands = _first_fit(trial, summed)
    for seat, count, target in wants:
        if target < 0:
            drawn = []
            for _ in range(count):
                code = rng_mod.weighted_index(rng, trial)
                trial[code] -= 1
                drawn.append(code)
            hands[seat] = tuple(sorted(drawn))
    pool[:] = trial
    return hands


def _sum_combos(
    pool: list[int], count: int, target: int
) -> tuple[list[tuple[int, ...]], list[int]]:
    """Every multiset of ``count`` tile codes in ``pool`` whose numbers sum to ``target``,
    with its number of ways to be drawn.
    """
    combos = []
    weights = []
    kinds = [code for code, n in enumerate(pool) if n]
    for combo in combinations_with_replacement(kinds, count):
        if sum(code % NUMBERS + 1 for code in combo) != target:
            continue
        weight = 1
        for code in set(combo):
            weight *= comb(pool[code], combo.count(code))
        if weight:
            combos.append(combo)
            weights.append(weight)
    return combos, weights


def _sum_hand(
    pool: list[int], count: int, target: int, rng: random.Random
) -> tuple[int, ...] | None:
    """One hand with this sum, uniform over the draws that give it (``None`` if none)."""
    combos, weights = _sum_combos(pool, count, target)
    if not combos:
        return None
    chosen = combos[rng_mod.weighted_index(rng, weights)]
    for code in chosen:
        pool[code] -= 1
    return tuple(sorted(chosen))


def _first_fit(pool: list[int], summed: list[tuple[int, int, int]]) -> dict[int, tuple[int, ...]]:
    """The first consistent set of hands with the given sums, by depth-first search."""
    if not summed:
        return {}
    seat, count, target = summed[0]
    for combo in _sum_combos(pool, count, target)[0]:
        for code in combo:
            pool[code] -= 1
        rest = _first_fit(pool, summed[1:]) if len(summed) > 1 else {}
        if len(rest) == len(summed) - 1:
            return {seat: tuple(sorted(combo)), **rest}
        for code in combo:
            pool[code] += 1
    return {}
