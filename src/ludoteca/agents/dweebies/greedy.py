"""A fast rule-based ("greedy") Dweebies agent that sees only its view.

Every placement is scored by what it takes now and what it leaves for the others:

* **gain** — the cards collected at once (DW-05, DW-06), counting only placements that
  leave the layout whole (DW-07: nobody collects while it is split, except on the card
  that rejoins it);
* **exposure** — a line of ``L`` cards with end cards ``A`` and ``B`` can be taken by the
  next player who places a copy of ``B`` beyond ``A`` (or of ``A`` beyond ``B``); a single
  card by one placing a copy beside it. Its exposure is ``(L + 1) * P(some opponent holds
  A or B)``, the probabilities from counting the unseen cards (the deck minus the agent's
  hand, the table and the collected cards) against the opponents' hand sizes
  (hypergeometric). The placement
  is charged the exposure of the row and column lines it leaves, minus that of the
  segments it joins (a placement only changes its own row and column);
* **length** — a small extra charge per card of the lines it grows (long lines are big
  prizes for the others whatever the odds say).

The collect decision takes as many cards as it can (both lines when it may). No search:
one walk along each legal cell's row and column, then a few multiplications per card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ludoteca.engine import native
from ludoteca.engine.game import View
from ludoteca.games.dweebies.actions import Collect, Place
from ludoteca.games.dweebies.cards import DECK, NUM_KINDS

_ROW = 256
"""Agent-side cell keys are ``x * 256 + y``; a row neighbour is ``± 256``, a column one ``± 1``."""
_COLUMN = 1


@dataclass(frozen=True, slots=True)
class GreedyParams:
    """The knobs of the heuristic (defaults as measured in ``bench/README.md``).

    Attributes:
        exposure: Weight of the exposure change against one card gained.
        length: Charge per card of a line the placement grows (and leaves on the table).
        split_discount: Exposure weight kept while the layout stays split (nobody can
            collect until it is whole, so what it leaves is less urgent).
    """

    exposure: float = 1.0
    length: float = 0.05
    split_discount: float = 0.5


DEFAULT_PARAMS = GreedyParams()


@lru_cache(maxsize=65536)
def none_held(unseen: int, copies: int, held: int) -> float:
    """The probability that ``held`` cards drawn from ``unseen`` (``copies`` of them of
    one Dweebie) include none of that Dweebie.
    """
    if copies <= 0 or held <= 0:
        return 1.0
    if unseen - copies < held:
        return 0.0
    chance = 1.0
    for i in range(held):
        chance *= (unseen - copies - i) / (unseen - i)
    return chance


def unseen_counts(view: View) -> list[int]:
    """Copies per Dweebie id the agent has not seen: the deck minus its hand, the table and
    the collected cards (face down now, but everyone saw them taken). What is left is in
    the other hands and the pile.
    """
    unseen = list(DECK)
    for text in view.get("hand", []):
        unseen[int(text[1:])] -= 1
    for _, _, text in view["table"]:
        unseen[int(text[1:])] -= 1
    for text in view.get("collected", []):
        unseen[int(text[1:])] -= 1
    return unseen


def _groups(table: dict[int, int]) -> dict[int, int]:
    """Group index per occupied cell (only needed while the layout is split)."""
    label: dict[int, int] = {}
    for start in table:
        if start in label:
            continue
        index = len(set(label.values()))
        label[start] = index
        todo = [start]
        while todo:
            here = todo.pop()
            for step in (-_ROW, -1, 1, _ROW):
                near = here + step
                if near in table and near not in label:
                    label[near] = index
                    todo.append(near)
    return label


class GreedyDweebies:
    """Rule-based Dweebies agent: take the biggest line, leave little for the others."""

    name = "greedy"

    def __init__(self, params: GreedyParams | None = None) -> None:
        """Create the agent.

        Args:
            params: Heuristic knobs; the defaults when omitted.
        """
        self.params = params or DEFAULT_PARAMS

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal``.

        Args:
            view: What this seat sees (``Dweebies.view``).
            legal: The seat's legal actions.
            rng: Unused: the agent is deterministic. Part of the Agent protocol.

        Returns:
            An element of ``legal``.
        """
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Collect):
            return _biggest_collection(view, legal)
        return self._place(view, legal)

    def _place(self, view: View, legal: Sequence[Any]) -> Place:
        best: Place | None = None
        best_value = float("-inf")
        for action, value in self.scored(view, legal):
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best

    def scored(self, view: View, legal: Sequence[Any]) -> list[tuple[Place, float]]:
        """Every legal placement with its heuristic value, in the order of ``legal``.

        Args:
            view: What this seat sees, in the place phase.
            legal: The seat's legal placements.

        Returns:
            ``(placement, value)`` pairs; the agent plays the first of the highest.
        """
        table = {x * _ROW + y: int(text[1:]) for x, y, text in view["table"]}
        unseen = unseen_counts(view)
        total = sum(unseen[1:])
        seat = view["seat"]
        held = sum(n for s, n in enumerate(view["hand_counts"]) if s != seat)
        p_none = [1.0] + [none_held(total, unseen[k], held) for k in range(1, NUM_KINDS + 1)]
        split = view["groups"] > 1
        labels = _groups(table) if split else {}
        cells: dict[int, tuple[Any, ...]] = {}
        out: list[tuple[Place, float]] = []
        for action in legal:
            at = action.x * _ROW + action.y
            info = cells.get(at)
            if info is None:
                info = cells[at] = _cell_info(table, at, labels, view["groups"], p_none)
            out.append((action, self._value(action.card, info, p_none, split)))
        return out

    def _value(self, card: int, info: tuple[Any, ...], p_none: list[float], split: bool) -> float:
        params = self.params
        whole_after, row, column, removed = info
        gain = 0
        taken_row = _takes(card, row) and whole_after
        taken_column = _takes(card, column) and whole_after
        if taken_row:
            gain += row[0] + row[2] + 1
        if taken_column:
            gain += column[0] + column[2] + 1
        if taken_row and taken_column:
            gain -= 1
        # The exposure of the segments the card joins does not depend on the card: it is
        # computed once per cell (``removed``), in the same order of operations as before.
        row_removed, column_a, column_b = removed
        change: float = row_removed
        grown = 0
        if not taken_row:
            change, grown = _grow(change, grown, card, row, p_none)
        change = change - column_a - column_b
        if not taken_column:
            change, grown = _grow(change, grown, card, column, p_none)
        weight = params.exposure * (params.split_discount if split and not whole_after else 1.0)
        return gain - weight * change - params.length * grown


def _grow(
    change: float,
    grown: int,
    card: int,
    segments: tuple[int, int, int, int, int, int],
    p_none: list[float],
) -> tuple[float, int]:
    """Add the exposure of the line the card makes of its two segments, and its length."""
    before_a, end_a, after_b, end_b = segments[:4]
    length = before_a + after_b + 1
    first = end_a if before_a else card
    last = end_b if after_b else card
    change += _exposure(length, first, last, p_none)
    return change, grown + length if length > 1 else grown


def _cell_info(
    table: dict[int, int], at: int, labels: dict[int, int], groups: int, p_none: list[float]
) -> tuple[Any, ...]:
    """Whether placing on ``at`` leaves the layout whole; the row and column segments on
    either side: ``(cards before, far card before, cards after, far card after, near card
    before, near card after)``; and the exposure of those segments (``0.0`` minus the two
    row ones, then each column one).
    """
    if groups > 1:
        touched = {labels[at + s] for s in (-_ROW, -1, 1, _ROW) if at + s in table}
        whole = groups - (len(touched) - 1) <= 1
    else:
        whole = True
    row = _segments(table, at, _ROW)
    column = _segments(table, at, _COLUMN)
    row_removed = 0.0 - _exposure(row[0], row[1], row[4], p_none)
    row_removed -= _exposure(row[2], row[3], row[5], p_none)
    removed = (
        row_removed,
        _exposure(column[0], column[1], column[4], p_none),
        _exposure(column[2], column[3], column[5], p_none),
    )
    return whole, row, column, removed


def _segments(table: dict[int, int], at: int, step: int) -> tuple[int, int, int, int, int, int]:
    before = 0
    far_before = at
    while far_before - step in table:
        far_before -= step
        before += 1
    after = 0
    far_after = at
    while far_after + step in table:
        far_after += step
        after += 1
    return (
        before,
        table.get(far_before, 0),
        after,
        table.get(far_after, 0),
        table.get(at - step, 0),
        table.get(at + step, 0),
    )


def _takes(card: int, segments: tuple[int, int, int, int, int, int]) -> bool:
    """DW-05 from the agent's side: the card is at one end and the far end matches."""
    before, far_before, after, far_after = segments[:4]
    if before and not after:
        return far_before == card
    if after and not before:
        return far_after == card
    return False


def _exposure(length: int, first: int, last: int, p_none: list[float]) -> float:
    """What a line (or single card) is worth to the next players: its size plus the card
    they add, times the chance one of them holds a matching card.
    """
    if length <= 0:
        return 0.0
    if length == 1 or first == last:
        chance = 1.0 - p_none[first]
    else:
        chance = 1.0 - p_none[first] * p_none[last]
    return (length + 1) * chance


def _biggest_collection(view: View, legal: Sequence[Any]) -> Any:
    """Take both lines when allowed, else the longer one; never decline."""
    sizes = {"row": len(view["row"]), "column": len(view["column"])}
    sizes["both"] = sizes["row"] + sizes["column"] - 1
    sizes["none"] = 0
    return max(legal, key=lambda action: sizes[action.which])


native.picklable(globals())  # GreedyParams, compiled (engine/native.py)
