"""Mystery Date: the rules are in ``game.py``, the components in ``components.toml``."""

from ludoteca.games.mystery_date.game import GAME, MysteryDate

__all__ = ["GAME", "MysteryDate"]
