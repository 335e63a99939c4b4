"""The agents a lab question plays when none are named: the game's strongest fast agent.

Random play answers design questions differently from sensible play (random 4-player
Dweebies often ends with no card collected; Tile Up's board sizes differ by a turn or two
with random agents, by ten with greedy ones), so every lab command (simulate, compare,
sweep, report; a ladder plays several agents by nature) seats the same agent by one rule:

* *fast*: a non-search agent whose game at default options costs at most
  :data:`FAST_FACTOR` times the greedy agent's (``ismcts`` thinks about 0.2 s a decision,
  and some experts play out sampled hands: both make hundreds of games take hours);
* *strongest*: of the fast agents, the highest-rated in ``agents/levels.json`` (measured
  ratings); for a game without ratings (Gotcha), the first of ``expert``, ``greedy``,
  ``random`` that is fast.

The costs are measured, not guessed: :data:`SECONDS_PER_GAME` comes from
``python -m ludoteca.lab.default_agents`` (both agents of a game in the same run, so a busy
machine changes both alike).
"""

from __future__ import annotations

import dataclasses
import sys
import time

from ludoteca.agents import levels
from ludoteca.agents import registry as agents_registry
from ludoteca.engine import registry

FAST_FACTOR = 10.0
"""How many times the greedy agent's time a game a fast agent may take."""

SECONDS_PER_GAME: dict[str, dict[str, float]] = {
    "tacocat": {"greedy": 0.017, "expert": 3.03},
    "dweebies": {"greedy": 0.026, "expert": 8.76},
    "tile_up": {"greedy": 0.201, "expert": 1.47},
    "mystery_date": {"greedy": 0.034, "expert": 0.025},
    "gotcha": {"greedy": 0.834, "expert": 4.83},
}
"""Seconds of one core per game at default options and the fewest players, every seat the
same agent (``python -m ludoteca.lab.default_agents``, 2026-12-06 07:28 UTC, on a shared
2-core machine under a load of about 8: the ratios matter, not the seconds)."""

FAST_ORDER = ("expert", "greedy", "random")
"""The fast agents, strongest first, for a game without measured ratings."""

SEARCH = "ismcts"


def is_fast(game_id: str, agent: str) -> bool:
    """Whether ``agent`` is fast enough to be a lab default for ``game_id``."""
    base = agent.partition(":")[0]
    if base == SEARCH:
        return False
    costs = SECONDS_PER_GAME.get(game_id, {})
    if base not in costs or "greedy" not in costs:
        return base in ("random", "greedy")
    return costs[base] <= FAST_FACTOR * costs["greedy"]


def strongest_fast_agent(game_id: str) -> str:
    """The agent every seat gets when a lab command is given no ``--agents``."""
    rated = levels.ratings()["games"].get(game_id)
    if rated is not None:
        fast: dict[str, float] = {
            name: float(entry["ordinal"])
            for name, entry in rated["ratings"].items()
            if is_fast(game_id, name)
        }
        if fast:
            return max(fast, key=fast.__getitem__)
    offered = agents_registry.agent_names(game_id)
    return next(name for name in FAST_ORDER if name in offered and is_fast(game_id, name))


def plays_randomly(agents: tuple[str, ...] | list[str]) -> bool:
    """Whether any seat is played by the random agent (the lab then warns)."""
    return any(name.partition(":")[0] == "random" for name in agents)


def measure(game_id: str, agent: str, games: int) -> float:
    """Seconds per game of ``agent`` in every seat, default options, fewest players."""
    from ludoteca.lab.match import SimulationConfig, play_game  # noqa: PLC0415
    from ludoteca.lab.simulate import validate  # noqa: PLC0415

    players = registry.make(game_id).info.min_players
    config = SimulationConfig(game_id, games, (agent,) * players)
    config = dataclasses.replace(config, options=validate(config))
    started = time.perf_counter()
    for index in range(games):
        play_game(config, index)
    return (time.perf_counter() - started) / games


def main(games: int = 3) -> None:
    """Print :data:`SECONDS_PER_GAME` measured now (``games`` games per agent)."""
    for game_id in registry.available_games():
        costs = {
            agent: round(measure(game_id, agent, games), 3)
            for agent in ("greedy", "expert")
            if agent in agents_registry.agent_names(game_id)
        }
        print(f'    "{game_id}": {costs},', flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
