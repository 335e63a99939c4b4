"""Compiled state writers: each game's ``encodings.StateWriter`` as C loops (Cython).

Why: issue 42 asks the RL adapters' Python per agent step halved, and after the engine and
the adapters' own bookkeeping what is left is writing the observation. The Python writers
(``<game id>_observation.py``) patch only what changed, and still spend 0.1-1 µs on each
dict lookup, slice or boxed number (``docs/performance.md``). These write the entries in C
loops over the state's tuples: Tacocat's, Dweebies' and Mystery Date's every entry on every
call, Tile Up's the blocks whose state fields are not ``previous``'s objects.

The Python writers stay the reference: a pure install (``LUDOTECA_PURE=1``) runs them, and
``tests/adapters/test_state_writers.py`` checks both against the encoded views, entry for
entry, with the same states, seats, scales and resampled hidden zones.

Each ``<game id>.pyx`` here defines ``Writer(encoding, unit, soft)``:

- ``encoding``: the game's encoding (its options, such as Tile Up's board size);
- ``unit``: per entry, the factor of ``encodings.Scale.unit`` (a list of Python floats);
- ``soft``: ``{index: k}`` for the entries scaled ``x / (x + k)`` in ``float32``
  (``encodings.Scale.soft``, as Python floats);

and its ``write(state, seat, out, previous)`` is ``encodings.StateWriter.write``: it makes
``out`` (an ``array("f")``) the seat's vector of ``state``, where ``out`` holds what the
writer wrote for ``previous`` and the same seat (anything when ``previous`` is ``None``).

``tacocat.pyx`` also defines ``Masker``: Tacocat's ``action_mask`` (whose reference is
``TacocatEncoding.action_mask``). Its legal lists change on nearly every step (a replace
phase's open selects, a new attack list), so its masks cost about 1.4 µs per agent step in
Python, the largest piece left in its rows; ``tests/adapters/test_tacocat_encoding.py``
checks both give the same masks at every decision of random games.

This package imports nothing of ``encodings`` (which imports it).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def writer(game_id: str, encoding: Any, unit: list[float], soft: dict[int, float]) -> Any | None:
    """The compiled writer of ``game_id`` for ``encoding`` and that scale, or ``None`` if
    none is built (a pure install, or a game without one).
    """
    module = _module(game_id)
    return None if module is None else module.Writer(encoding, unit, soft)


def masker(game_id: str, *args: Any) -> Any | None:
    """The compiled action masks of ``game_id`` (its module's ``Masker(*args)``), or
    ``None`` if none is built (a pure install, or a game without one: only Tacocat's
    masks, which the encoding builds from the engine's lists on every step, have one).
    """
    module = _module(game_id)
    found = getattr(module, "Masker", None)
    return None if found is None else found(*args)


def available(game_ids: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``game_ids`` whose compiled writer is built here."""
    return tuple(game_id for game_id in game_ids if _module(game_id) is not None)


def _module(game_id: str) -> ModuleType | None:
    """The extension of ``game_id``'s compiled writer, if built."""
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ImportError:
        return None
