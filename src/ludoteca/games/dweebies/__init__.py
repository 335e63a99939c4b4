"""Dweebies: the rules are in ``game.py``, the components in ``components.toml``."""

from ludoteca.games.dweebies.game import GAME, Dweebies

__all__ = ["GAME", "Dweebies"]
