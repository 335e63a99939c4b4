"""Measure the expert Tacocat agent: against greedy and random, and its time per decision.

Run: ``.venv/bin/python -m bench.studies.expert_tacocat --games 2000``

Seeds ``0..games-1``; expert takes seat 0 on even seeds and seat 1 on odd seeds (the series
helpers of ``bench/studies/greedy_tacocat.py``). Rates come with 95% Wilson intervals. The timing
pass plays ``--timing-games`` games against greedy in this process and reports wall-clock
milliseconds per ``choose`` call (all calls, and calls with more than one legal action).
``--set samples=40`` (repeatable) overrides an ``ExpertParams`` field.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from bench.studies.greedy_tacocat import Tally, series
from ludoteca.agents.random import RandomAgent
from ludoteca.agents.tacocat.expert import DEFAULT_PARAMS, ExpertParams, ExpertTacocat
from ludoteca.agents.tacocat.greedy import GreedyTacocat
from ludoteca.engine.game import View
from ludoteca.engine.runner import play
from ludoteca.games.tacocat import GAME
from ludoteca.lab.stats import wilson_interval as wilson


class TimedExpert(ExpertTacocat):
    """The expert agent, recording the wall-clock time of every decision."""

    def __init__(self, params: ExpertParams | None = None) -> None:
        super().__init__(params)
        self.times: list[tuple[float, int, str]] = []

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        start = time.perf_counter()
        action = super().choose(view, legal, rng)
        self.times.append((time.perf_counter() - start, len(legal), view["phase"]))
        return action


def timing(params: ExpertParams, games: int) -> dict[str, Any]:
    """Milliseconds per decision over ``games`` seat-balanced games against greedy."""
    records: list[tuple[float, int, str]] = []
    for seed in range(games):
        expert = TimedExpert(params)
        agents: list[Any] = [expert, GreedyTacocat()]
        if seed % 2:
            agents.reverse()
        play(GAME, agents, seed, checked=False)
        records += expert.times
    every = [seconds * 1000 for seconds, _, _ in records]
    real = sorted(seconds * 1000 for seconds, count, _ in records if count > 1)
    by_phase: dict[str, list[float]] = {}
    for seconds, count, phase in records:
        if count > 1:
            by_phase.setdefault(phase, []).append(seconds * 1000)
    return {
        "games": games,
        "decisions": len(every),
        "mean_ms": statistics.fmean(every),
        "searched_decisions": len(real),
        "mean_ms_searched": statistics.fmean(real),
        "p95_ms_searched": real[int(0.95 * (len(real) - 1))],
        "max_ms": max(every),
        "mean_ms_by_phase": {phase: statistics.fmean(ms) for phase, ms in sorted(by_phase.items())},
        "seconds_per_game": sum(every) / 1000 / games,
    }


def _summary(label: str, tally: Tally) -> dict[str, Any]:
    low, high = wilson(tally.wins, tally.games)
    lines = [
        f"{label}, {tally.games} seat-balanced games (seeds 0..{tally.games - 1})",
        f"  expert wins: {tally.wins}/{tally.games} = {tally.rate():.3f} "
        f"(95% CI {low:.3f}-{high:.3f})",
    ]
    seats = []
    for seat in (0, 1):
        wins, games = tally.wins_by_seat[seat], tally.games_by_seat[seat]
        seat_low, seat_high = wilson(wins, games)
        seats.append({"wins": wins, "games": games, "ci": [seat_low, seat_high]})
        lines.append(
            f"  expert in seat {seat}: {wins}/{games} = {wins / games:.3f} "
            f"(95% CI {seat_low:.3f}-{seat_high:.3f})"
        )
    if tally.unfinished:
        lines.append(f"  unfinished games: {tally.unfinished}")
    print("\n".join(lines), flush=True)
    return {"wins": tally.wins, "games": tally.games, "ci": [low, high], "by_seat": seats}


def _params(overrides: list[str]) -> ExpertParams:
    """``ExpertParams`` with ``name=value`` overrides (numbers and booleans)."""
    changes: dict[str, Any] = {}
    for item in overrides:
        name, _, text = item.partition("=")
        current = getattr(DEFAULT_PARAMS, name)
        if isinstance(current, bool):
            changes[name] = text.lower() in ("1", "true", "yes")
        elif current is None or name == "model":
            changes[name] = None if text.lower() == "none" else current
        else:
            changes[name] = type(current)(text)
    return dataclasses.replace(DEFAULT_PARAMS, **changes)


def main() -> None:
    """Print expert vs greedy and vs random (overall and per seat) and the decision times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--random-games", type=int, default=None, help="default: --games")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timing-games", type=int, default=40, help="0 skips timing")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()

    params = _params(args.set)
    make_expert = partial(ExpertTacocat, params)
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
        "params": repr(params),
        "workers": args.workers,
    }
    start = time.perf_counter()
    if args.games:
        versus = series(make_expert, GreedyTacocat, args.games, workers=args.workers)
        results["vs_greedy"] = _summary("expert vs greedy", versus)
        results["vs_greedy_seconds"] = time.perf_counter() - start
    random_games = args.games if args.random_games is None else args.random_games
    if random_games:
        mark = time.perf_counter()
        versus = series(make_expert, RandomAgent, random_games, workers=args.workers)
        results["vs_random"] = _summary("expert vs random", versus)
        results["vs_random_seconds"] = time.perf_counter() - mark
    if args.timing_games:
        measured = timing(params, args.timing_games)
        results["timing"] = measured
        print(
            f"time per decision over {measured['games']} games vs greedy (1 process): "
            f"{measured['mean_ms']:.1f} ms mean over {measured['decisions']} decisions; "
            f"{measured['mean_ms_searched']:.1f} ms mean, {measured['p95_ms_searched']:.0f} ms "
            f"p95 over the {measured['searched_decisions']} with a choice; "
            f"max {measured['max_ms']:.0f} ms; {measured['seconds_per_game']:.2f} s per game"
        )
        phases = ", ".join(f"{k} {v:.1f}" for k, v in measured["mean_ms_by_phase"].items())
        print(f"  mean ms by phase (decisions with a choice): {phases}")
    results["seconds"] = time.perf_counter() - start
    print(f"time: {results['seconds']:.1f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=2)


if __name__ == "__main__":
    main()
