"""Ablations of the greedy Dweebies agent: each variant against the default greedy.

Run: ``.venv/bin/python -m bench.studies.greedy_dweebies --games 400``

Two-player games with seeds ``seed..seed+games-1``; the variant takes seat 0 on even game
numbers and seat 1 on odd ones. A shared win counts as half a win for each. Rates come with
95% Wilson intervals. (Greedy against random and the 4-player seat balance are measured with
``ludoteca simulate``; see ``bench/README.md``.)
"""

from __future__ import annotations

import argparse
import time

from ludoteca.agents.dweebies.greedy import GreedyDweebies, GreedyParams
from ludoteca.engine.runner import Agent, play
from ludoteca.games.dweebies.game import GAME
from ludoteca.lab.stats import wilson_interval as wilson

VARIANTS: dict[str, GreedyParams] = {
    "no exposure, no length": GreedyParams(exposure=0.0, length=0.0),
    "exposure 0.5": GreedyParams(exposure=0.5),
    "exposure 2": GreedyParams(exposure=2.0),
    "length 0": GreedyParams(length=0.0),
    "length 0.2": GreedyParams(length=0.2),
    "split discount 1 (none)": GreedyParams(split_discount=1.0),
}
"""Each variant changes one or two knobs of ``GreedyParams()``."""


def score(variant: GreedyParams, games: int, seed: int) -> float:
    """The variant's wins against the default (shared wins count as a fraction)."""
    wins = 0.0
    for number in range(games):
        mine = GreedyDweebies(variant)
        agents: list[Agent] = [mine, GreedyDweebies()]
        if number % 2:
            agents.reverse()
        outcome = play(GAME, agents, seed + number, checked=False).outcome
        if outcome is None:
            continue
        for seat in outcome.winners:
            if agents[seat] is mine:
                wins += 1 / len(outcome.winners)
    return wins


def main() -> None:
    """Play every variant against the default and print its win rate with a 95% CI."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    for name, params in VARIANTS.items():
        start = time.perf_counter()
        wins = score(params, args.games, args.seed)
        low, high = wilson(wins, args.games)
        print(
            f"{name:28s} {wins:7.1f}/{args.games}  {wins / args.games:6.1%}  "
            f"95% CI {low:.1%}-{high:.1%}  ({time.perf_counter() - start:.1f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
