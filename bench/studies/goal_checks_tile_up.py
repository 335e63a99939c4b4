"""Tile Up goal checks: the incremental region update against a full board recount.

Run: ``.venv/bin/python -m bench.studies.goal_checks_tile_up``

Collects the states of seeded random 2-player games, then times, per state, (a) listing the
legal ``score`` actions from the kept regions (what ``legal_actions`` does), (b) the
incremental update after one placement (what ``apply`` does), and (c) finding every
matching region from scratch (what a whole-board scan would cost on every action). Process
CPU time, best of three rounds.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ludoteca.engine import testing
from ludoteca.games.tile_up.board import all_regions, update_regions
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.legal import _score_actions
from ludoteca.games.tile_up.model import PLAY, State, geo_of


def _time(label: str, calls: int, run: Callable[[], None]) -> None:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    print(f"{label}: {best / calls * 1e6:.2f} µs per call ({calls} calls)")


def main() -> None:
    """Print the three timings."""
    states: list[State] = [
        visit.state
        for visit in testing.visits(GAME, 2, range(20))
        if visit.state.phase == PLAY and not visit.state.pending and visit.state.occupied
    ]
    geo = geo_of(states[0].rules)
    print(f"{len(states)} play states from 20 random games")

    def scores() -> None:
        for state in states:
            _score_actions(state, state.current)

    cases = []
    for state in states:
        cell = (state.frontier & -state.frontier).bit_length() - 1
        masks = list(state.colour_masks)
        masks[0] |= 1 << cell
        cases.append((state, cell, masks))

    def incremental() -> None:
        for state, cell, masks in cases:
            update_regions(geo, state.regions, masks, cell, 0, -1)

    def full() -> None:
        for state in states:
            all_regions(geo, state.colour_masks)

    _time("legal score actions from the kept regions", len(states), scores)
    _time("incremental region update after a placement", len(cases), incremental)
    _time("full recount of every matching region", len(states), full)


if __name__ == "__main__":
    main()
