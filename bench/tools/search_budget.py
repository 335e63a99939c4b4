"""Processor seconds a searched decision takes at a given iteration budget, as played.

Issue 18 asks for the search bot's strength "at 0.2 s a move"; ratings and strength runs use
iteration budgets instead (reproducible whatever the machine's load), so this bench finds the
budget that costs about 0.2 s. For each game and budget it plays ``--games`` seat-rotating
games of ``ismcts:iterations=N`` against ``greedy`` and reports, over the decisions the
search really searched (more than one candidate), the median and 90th percentile of
``SearchStats.cpu_seconds`` (processor time of the decision, the anchor's choice included:
other processes sharing the two cores slow it less than wall time).

Example (from the repository root)::

    nice -n 10 .venv/bin/python -m bench.tools.search_budget --budget tacocat=1100 tile_up=270
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from ludoteca.agents import registry as agents_registry
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.engine import registry, runner
from ludoteca.engine.game import View
from ludoteca.engine.runner import Agent


class _Timed:
    """The search agent, keeping each searched decision's processor seconds."""

    name = "ismcts"

    def __init__(self, agent: ISMCTSAgent) -> None:
        self.agent = agent
        self.seconds: list[float] = []

    def choose(self, view: View, legal: Any, rng: Any) -> Any:
        action = self.agent.choose(view, legal, rng)
        if self.agent.stats.iterations > 0:
            self.seconds.append(self.agent.stats.cpu_seconds)
        return action


def measure(game_id: str, iterations: int, games: int, seed: int) -> dict[str, Any]:
    """Median and p90 processor seconds of the searched decisions over ``games`` games."""
    game = registry.make(game_id)
    seconds: list[float] = []
    for index in range(games):
        made = agents_registry.make_agent(f"ismcts:iterations={iterations}", game_id)
        if not isinstance(made, ISMCTSAgent):
            raise SystemExit(f"{game_id}: its search agent is not an ISMCTSAgent")
        timed = _Timed(made)
        greedy = agents_registry.make_agent("greedy", game_id)
        agents: list[Agent] = [timed, greedy] if index % 2 == 0 else [greedy, timed]
        runner.play(game, agents, seed=seed + index)
        seconds.extend(timed.seconds)
    ordered = sorted(seconds)
    return {
        "game": game_id,
        "iterations": iterations,
        "decisions": len(ordered),
        "median_s": statistics.median(ordered) if ordered else 0.0,
        "p90_s": ordered[int(0.9 * (len(ordered) - 1))] if ordered else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    """Print one row per ``game=iterations`` budget."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", nargs="+", required=True, help="game=iterations pairs")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=700)
    args = parser.parse_args(argv)
    for pair in args.budget:
        game_id, _, number = pair.partition("=")
        if not number.isdigit():
            parser.error(f"not game=iterations: {pair}")
        row = measure(game_id, int(number), args.games, args.seed)
        print(
            f"{row['game']} {row['iterations']} it.: {row['decisions']} searched decisions, "
            f"median {row['median_s']:.3f} s, p90 {row['p90_s']:.3f} s (processor time)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
