"""Tile Up: the rules are in ``game.py``, the components in ``components.toml``."""

from ludoteca.games.tile_up.game import GAME, TileUp

__all__ = ["GAME", "TileUp"]
