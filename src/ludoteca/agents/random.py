"""The uniform random agent (seeded through the rng it is handed)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import View


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"
    reads_view = False

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """A uniform legal action."""
        return rng_mod.choice(rng, legal)
