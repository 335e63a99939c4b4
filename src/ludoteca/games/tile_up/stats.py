"""Tile Up's end-of-game figures for the lab, read from the final state only.

``ludoteca simulate`` finds :func:`final_counts` here (the optional hook of
``lab/match.py``): how far the board got towards the corners end (TU-09) against the
tiles running out, with nothing computed during the game.
"""

from __future__ import annotations

from ludoteca.games.tile_up.model import State, geo_of


def final_counts(state: State) -> dict[str, int]:
    """Corners covered, tiles on the board and left in the bag, the tallest stack and the
    goals scored, at the end (each has a message ``tile_up.stat.<name>``).
    """
    geo = geo_of(state.rules)
    return {
        "corners_covered": (state.occupied & geo.corners).bit_count(),
        "tiles_on_board": sum(len(stack) for stack in state.stacks),
        "tiles_left": sum(state.bag),
        "tallest_stack": max((len(stack) for stack in state.stacks), default=0),
        "goals_scored": sum(state.scored),
    }
