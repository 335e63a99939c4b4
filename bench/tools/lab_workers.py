"""``ludoteca simulate``'s speed-up from worker processes: random Tacocat games played with
``--workers 1`` and ``--workers 2`` in turns (paired, in one run), each round on the same
seeds, and the ratio of their times (target: 2 workers at least 1.7x faster).

Run: ``nice -n 10 .venv/bin/python -m bench.tools.lab_workers --games 2000 --rounds 2``

Each timing is a whole ``simulate`` call as the command makes it, process pool start-up
included; the results of both are checked equal, game by game.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import time

from ludoteca.lab import simulate as sim


def timed(config: sim.SimulationConfig) -> tuple[float, list[sim.GameResult]]:
    """Seconds to play every game of ``config``, and the results."""
    started = time.perf_counter()
    results = list(sim.run(config))
    return time.perf_counter() - started, results


def main() -> None:
    """Alternate the two worker counts and print each round's times and ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    ratios = []
    print(f"load before: {os.getloadavg()[0]:.1f}")
    for number in range(args.rounds):
        config = sim.SimulationConfig(
            "tacocat", args.games, ("random", "random"), seed=args.seed + number * args.games
        )
        order = (1, 2) if number % 2 == 0 else (2, 1)
        seconds: dict[int, float] = {}
        found: dict[int, list[sim.GameResult]] = {}
        for workers in order:
            seconds[workers], found[workers] = timed(dataclasses.replace(config, workers=workers))
        assert found[1] == found[2], "the worker count changed a result"
        ratio = seconds[1] / seconds[2]
        ratios.append(ratio)
        print(
            f"round {number + 1}: {args.games} games, 1 worker {seconds[1]:.1f} s, "
            f"2 workers {seconds[2]:.1f} s, ratio {ratio:.2f} (load {os.getloadavg()[0]:.1f})"
        )
    print(f"median ratio {statistics.median(ratios):.2f} over {len(ratios)} rounds")


if __name__ == "__main__":
    main()
