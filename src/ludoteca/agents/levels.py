"""Bot levels a player understands, each backed by a measured rating.

``bench/tools/bot_ratings.py`` rates every bot of every turn-based game on one OpenSkill
(Plackett-Luce) scale from seat-balanced round-robins and writes ``levels.json`` next to
this module: per game, each bot's rating and which bot each level stands for (the weakest
is "beginner", the strongest "strongest"). Gotcha, realtime and for three or more, is rated
by ``bench/tools/gotcha_person.py`` instead: its levels are bots with a person's reflexes
(``humanlike:skill=S``, ``agents/gotcha/human.py``) rated at mixed tables, and its entry also
keeps how often the bench's person model beats three bots of each level and which level is
fair (the person wins about a quarter): :func:`default_level`. A game without ratings maps
the levels onto its bots by their usual order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import Message, msg, register

LEVELS: tuple[str, ...] = ("beginner", "casual", "strong", "strongest")
"""Level names, weakest first (also accepted as agent names)."""
SEARCH_BUDGETS: dict[str, int] = {
    "tacocat": 1000,
    "dweebies": 280,
    "tile_up": 170,
    "mystery_date": 280,
}
"""Iterations per decision of the rated (and so shipped) search bot: about 0.2 s of one core
a searched decision, the anchor's (expert's) time included, as played
(``bench/tools/search_budget.py``, 2026-12-02 15:07-15:17 UTC, bench/README.md issue 18's sixth
session; Dweebies 2026-12-04 08:29 UTC with its greedy agent compiled: 250 iterations a
median 0.193 s, 300 0.207 s, the fourteenth session). ``bench/tools/bot_ratings.py`` rates
``ismcts:iterations=N`` with these, so the levels that name the search bot use them."""
_DATA = Path(__file__).with_name("levels.json")
_UNRATED_ORDER = ("random", "greedy", "expert", "ismcts")


@cache
def ratings() -> dict[str, Any]:
    """The levels file: ``{"date", "command", "games": {id: {"ratings", "levels"}}}``."""
    if not _DATA.exists():
        return {"games": {}}
    data: dict[str, Any] = json.loads(_DATA.read_text("utf-8"))
    return data


def agent_for(level: str, game_id: str, available: Sequence[str]) -> str:
    """The agent name (with parameters) that ``level`` stands for in ``game_id``.

    Args:
        level: One of :data:`LEVELS`.
        game_id: The game.
        available: The game's agent names (used for a game without ratings).

    Raises:
        GameSetupError: For a name that is not a level.
    """
    level = level_id(level)
    entry = ratings()["games"].get(game_id)
    if entry is not None:
        name: str = entry["levels"][level]
        return name
    names = [name for name in _UNRATED_ORDER if name in available]
    index = min(LEVELS.index(level), len(names) - 1)
    return names[index]


def level_id(name: str) -> str:
    """The level a name stands for: its id (``strong``) or its Spanish name (``fuerte``,
    ``aficionado``, ``el más fuerte``), any case, with or without accents.

    Raises:
        GameSetupError: For a name that is no level.
    """
    folded = " ".join(
        name.strip().lower().replace("-", " ").replace("_", " ").replace("á", "a").split()
    )
    for level in LEVELS:
        spanish = msg(f"levels.{level}").text("es").replace("á", "a")
        if folded in (level, spanish, spanish.removeprefix("el ")):
            return level
    valid = ", ".join(f"{level} ({msg(f'levels.{level}').text('es')})" for level in LEVELS)
    raise GameSetupError(msg("levels.unknown", name=name, valid=valid))


def default_level(game_id: str) -> str | None:
    """The level a new table seats by default where one was measured fair (Gotcha: the
    level the bench's person model wins about a fair share against), else ``None``.
    """
    entry = ratings()["games"].get(game_id)
    default = entry.get("default") if entry is not None else None
    return default if default in LEVELS else None


def level_label(level: str) -> Message:
    """The level's name for people."""
    return msg(f"levels.{level}")


def level_table(game_id: str, available: Sequence[str]) -> list[tuple[str, str, float | None]]:
    """``(level, agent, conservative rating)`` per level (rating ``None`` if unrated)."""
    entry = ratings()["games"].get(game_id)
    rows = []
    for level in LEVELS:
        agent = agent_for(level, game_id, available)
        rating = entry["ratings"].get(agent, {}).get("ordinal") if entry is not None else None
        rows.append((level, agent, rating))
    return rows


register(
    {
        "levels.beginner": {"es": "principiante", "en": "beginner"},
        "levels.casual": {"es": "aficionado", "en": "casual"},
        "levels.strong": {"es": "fuerte", "en": "strong"},
        "levels.strongest": {"es": "el más fuerte", "en": "strongest"},
        "levels.unknown": {
            "es": "'{name}' no es un nivel. Niveles válidos: {valid}",
            "en": "'{name}' is not a level. Valid levels: {valid}",
        },
    }
)
