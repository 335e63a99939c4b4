"""Each game's mechanics counted per match from its public event stream (and final state).

What changed between two variants is often a mechanic, not only who won: how many duels a
Tacocat round had, how long Dweebies' collected lines were. The counting is the game's own
figure tally (``games/<id>/figures.py``, through ``engine.figures``), the same one the end
panel of the web table reads: it watches one match as the runner's observer and asks the
game only for the events a spectator learns (nothing hidden).

Every count is reported in every game, 0 when nothing happened, so a count's mean is over
all games. A name ending in ``@<seat>`` is per seat. Labels: ``lab/labels.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine import figures
from ludoteca.engine.figures import Tally


def tally_for(game: Any, players: int) -> Tally | None:
    """A fresh tally for one match of ``game`` with ``players`` seats (``None`` if the game
    has no mechanics counted here).
    """
    return figures.tally_for(game, players)


def count_names(game_id: str, players: int) -> Mapping[str, int] | None:
    """The names a game's tally reports, with 0 (for tests and documentation)."""
    from ludoteca.engine import registry  # noqa: PLC0415

    found = tally_for(registry.make(game_id), players)
    return None if found is None else found.counts()
