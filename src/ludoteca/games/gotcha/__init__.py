"""Gotcha! (¡Te tengo!): the rules are in ``game.py``, the components in ``components.toml``."""

from ludoteca.games.gotcha.game import GAME, Gotcha

__all__ = ["GAME", "Gotcha"]
