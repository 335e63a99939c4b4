"""The catalogue of games: ``make(id)`` and ``available_games()``.

Games are imported lazily, so listing the catalogue does not load every rules module.
"""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import Game
from ludoteca.engine.i18n import msg

_GAMES: dict[str, str] = {
    "tacocat": "ludoteca.games.tacocat",
    "dweebies": "ludoteca.games.dweebies",
    "tile_up": "ludoteca.games.tile_up",
    "mystery_date": "ludoteca.games.mystery_date",
    "gotcha": "ludoteca.games.gotcha",
}
_LOADED: dict[str, Game[Any, Any]] = {}


def available_games() -> tuple[str, ...]:
    """The ids of every registered game, in catalogue order."""
    return tuple(_GAMES)


def make(game_id: str) -> Game[Any, Any]:
    """The game with id ``game_id``.

    Raises:
        GameSetupError: If the id is unknown; the message lists the valid ids.
    """
    game = _LOADED.get(game_id)
    if game is not None:
        return game
    module_name = _GAMES.get(game_id)
    if module_name is None:
        raise GameSetupError(
            msg("engine.unknown_game", game=game_id, valid=", ".join(available_games()))
        )
    module = importlib.import_module(module_name)
    loaded: Game[Any, Any] = module.GAME
    _LOADED[game_id] = loaded
    return loaded
