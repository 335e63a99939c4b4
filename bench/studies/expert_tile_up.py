"""Measure the expert Tile Up agent against greedy (or another agent), seat-rotated.

Run: ``.venv/bin/python -m bench.studies.expert_tile_up --games 400 --seed 1``

Game ``i`` uses seed ``seed + i``; the expert takes seat ``i % players`` (the others play
the opponent agent), so every seat is played equally often. Reported: the expert's win
rate with a 95% Wilson interval (a shared win counts as a win), mean points of both
sides, mean turns, and the wall-clock milliseconds per expert decision (all calls and
calls with a placement to choose).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from ludoteca.agents.registry import make_agent
from ludoteca.agents.tile_up.expert import EXPERT_GREEDY_PARAMS, ExpertTileUp
from ludoteca.engine.game import View
from ludoteca.engine.runner import play
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import Place
from ludoteca.lab.stats import wilson_interval


class TimedExpert(ExpertTileUp):
    """The expert agent, recording the wall-clock time of every decision."""

    def __init__(self, **knobs: Any) -> None:
        cost = knobs.pop("tile_cost", None)
        params = dataclasses.replace(EXPERT_GREEDY_PARAMS, **knobs)
        super().__init__(params, **({} if cost is None else {"tile_cost": cost}))
        self.times: list[tuple[float, bool]] = []

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        start = time.perf_counter()
        action = super().choose(view, legal, rng)
        placing = any(isinstance(a, Place) for a in legal)
        self.times.append((time.perf_counter() - start, placing))
        return action


def main() -> None:
    """Play the series and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--vs", default="greedy")
    parser.add_argument(
        "--set", action="append", default=[], help="knob=value: tile_cost or a GreedyParams field"
    )
    args = parser.parse_args()
    knobs = {k: float(v) if "." in v else int(v) for k, v in (s.split("=") for s in args.set)}
    expert = TimedExpert(**knobs)
    wins = 0
    mine: list[float] = []
    theirs: list[float] = []
    turns: list[int] = []
    started = time.perf_counter()
    for game in range(args.games):
        seat = game % args.players
        agents: list[Any] = [make_agent(args.vs, "tile_up") for _ in range(args.players)]
        agents[seat] = expert
        match = play(GAME, agents, args.seed + game)
        assert match.outcome is not None
        wins += seat in match.outcome.winners
        mine.append(match.outcome.scores[seat])
        theirs.extend(s for i, s in enumerate(match.outcome.scores) if i != seat)
        turns.append(match.state.turn)
    low, high = wilson_interval(wins, args.games)
    print(
        f"expert vs {args.vs} ({args.players} players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}, seats rotated): wins {wins}/{args.games} = "
        f"{wins / args.games:.1%} (95% CI {low:.1%}-{high:.1%})"
    )
    print(
        f"mean points: expert {statistics.mean(mine):.1f}, {args.vs} "
        f"{statistics.mean(theirs):.1f}; mean turns {statistics.mean(turns):.1f}"
    )
    every = [t for t, _ in expert.times]
    placing = [t for t, p in expert.times if p]
    print(
        f"expert ms per decision: mean {1000 * statistics.mean(every):.2f}, "
        f"with placements mean {1000 * statistics.mean(placing):.2f} max "
        f"{1000 * max(placing):.1f}; wall {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
