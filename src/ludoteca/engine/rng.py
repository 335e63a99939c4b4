"""Seeded randomness that gives the same sequence on every Python version.

Python promises only that ``Random.random()`` sequences are stable across versions, not
``shuffle``/``choice``/``randrange``. Everything here is built on ``random()`` alone.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar, cast

from ludoteca.engine.lazy import LazyActions

T = TypeVar("T")


def make(seed: int | str) -> random.Random:
    """A new generator seeded with ``seed``."""
    return random.Random(seed)


def derive(seed: int | str, *labels: object) -> random.Random:
    """A generator for one purpose within a match, independent of the others.

    String seeds are hashed with SHA-512 by ``random.Random``, which is stable across runs
    and versions, so ``derive(7, "chance")`` always yields the same stream.

    Args:
        seed: The match seed.
        *labels: What the stream is for, e.g. ``"setup"``, ``"chance"``, ``"agent", 1``.
    """
    return random.Random(":".join([str(seed), *map(str, labels)]))


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)`` drawn from ``rng.random()``."""
    if n <= 0:
        raise ValueError(f"below() needs a positive bound, got {n}")
    return int(rng.random() * n)


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """A uniform element of ``items``."""
    kind = type(items)
    if kind is not tuple and kind is not list and LazyActions in kind.__mro__:
        # Compiled, a lazy list's ``len`` and ``[]`` are then direct calls instead of
        # CPython's generic slots (which look ``__len__`` up by name on every call). Its
        # MRO is asked, not ``isinstance``: compiled, that follows ``Sequence``'s ABC
        # registry and is true for a tuple (``engine/lazy.py``).
        lazy = cast(LazyActions[T], items)
        return lazy[int(rng.random() * len(lazy))]
    return items[int(rng.random() * len(items))]


def shuffle(rng: random.Random, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place (Fisher–Yates over ``rng.random()``)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def weighted_index(rng: random.Random, weights: Sequence[int]) -> int:
    """An index drawn with probability ``weights[i] / sum(weights)`` (integer weights)."""
    # Read as a tuple: compiled, a tuple of small ints is summed and walked by native loops,
    # without Python's iterator and ``sum``.
    row: tuple[int, ...] = weights if isinstance(weights, tuple) else tuple(weights)
    total = 0
    for weight in row:
        total += weight
    # Floored: for an integer ``acc``, floor(t) < acc exactly when t < acc, so the index is
    # the same as comparing the float, and the loop compares small ints (unboxed compiled).
    target = int(rng.random() * total)
    acc = 0
    for index, weight in enumerate(row):
        acc += weight
        if target < acc:
            return index
    return max(i for i, weight in enumerate(row) if weight > 0)
