"""How long a bot takes over a turn move when people share its table: a person's pace.

A bot that answers in 0.4 s makes a person's table rush: three bots' turns go by before
the person has read the first. In a room with people the web table (``web/room/bots.py``)
lets a bot move only after the time a person would take over the same decision: a choice
among the legal moves by the Hick-Hyman law, RT = a + b log2(n + 1) (Hick 1952; Hyman
1953; the constants of ``agents/human_time.py``), plus the keystroke-level model's
mental preparation, one pointing and one press (Card, Moran & Newell 1980:
1.35 + 1.1 + 0.1 s), lognormally spread (sigma 0.35) and clipped to ``THINK_SECONDS``. A
person's own turn is never shortened: the bots wait only before their own moves.

Games listed in :data:`PACED` are paced (Mystery Date, issue 39); others keep the room's
fixed bot delay. Draws come from a stream of their own (the room derives it from the
game's seed), so the bots' choices are the same with and without pacing.
"""

from __future__ import annotations

import random
from typing import Final

from ludoteca.agents.human_time import KLM_B_MS, KLM_M_MS, KLM_P_MS, hick_ms, lognormal_factor

PACED: Final = frozenset({"mystery_date"})
"""Games whose bots take a person's time in a room with people."""
THINK_SECONDS: Final = (1.5, 8.0)
"""A paced bot's move waits at least and at most this long."""


def think_seconds(game_id: str, choices: int, rng: random.Random) -> float:
    """How long a person would think over a move among ``choices`` legal moves (0 for a
    game that is not paced: the room's own bot delay applies).

    Args:
        game_id: The game.
        choices: How many legal moves the bot chooses among.
        rng: The pacing stream (one ``random()`` a move).
    """
    if game_id not in PACED:
        return 0.0
    median_ms = hick_ms(choices) + KLM_M_MS + KLM_P_MS + KLM_B_MS
    seconds = median_ms * lognormal_factor(rng.random()) / 1000
    low, high = THINK_SECONDS
    return min(high, max(low, seconds))
