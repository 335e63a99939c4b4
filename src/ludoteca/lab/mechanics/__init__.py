"""Each game's mechanics counted per match from its public event stream (and final state).

What changed between two variants is often a mechanic, not only who won: how many duels a
Tacocat round had, how long Dweebies' collected lines were. A :class:`Tally` watches one
match as the runner's observer: for the steps whose action it cares about it asks the game
for the events a spectator learns (``Game.events(..., viewer=None)``: nothing hidden), and
counts them; :meth:`Tally.finish` may read the public final state (Tile Up's stacks). It
never touches ``apply``: the engine's playouts do not pay for it, only simulated matches.

Every count is reported in every game, 0 when nothing happened, so a count's mean is over
all games. A name ending in ``@<seat>`` is per seat. Labels: ``lab.mechanics.labels``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ludoteca.lab.mechanics.base import Tally


def _tallies() -> dict[str, Callable[[Any, int], Tally]]:
    from ludoteca.lab.mechanics import (  # noqa: PLC0415 (each game's rules load on demand)
        dweebies,
        gotcha,
        mystery_date,
        tacocat,
        tile_up,
    )

    return {
        "tacocat": tacocat.TacocatTally,
        "dweebies": dweebies.DweebiesTally,
        "mystery_date": mystery_date.MysteryDateTally,
        "tile_up": tile_up.TileUpTally,
        "gotcha": gotcha.GotchaTally,
    }


def tally_for(game: Any, players: int) -> Tally | None:
    """A fresh tally for one match of ``game`` with ``players`` seats (``None`` if the game
    has no mechanics counted here).
    """
    make = _tallies().get(game.info.id)
    return None if make is None else make(game, players)


def count_names(game_id: str, players: int) -> Mapping[str, int] | None:
    """The names a game's tally reports, with 0 (for tests and documentation)."""
    from ludoteca.engine import registry  # noqa: PLC0415

    found = tally_for(registry.make(game_id), players)
    return None if found is None else found.counts()
