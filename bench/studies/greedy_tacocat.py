"""Measure the greedy Tacocat agent: against random, and against itself for seat balance.

Run: ``.venv/bin/python -m bench.studies.greedy_tacocat --games 2000``

Seeds ``0..games-1``; greedy takes seat 0 on even seeds and seat 1 on odd seeds, so both
seats are measured equally. Rates come with 95% Wilson intervals. With ``--versions`` it also
plays the tuned agent against its first, untuned version (``FIRST_VERSION``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from ludoteca.agents.random import RandomAgent
from ludoteca.agents.tacocat.greedy import GreedyParams, GreedyTacocat
from ludoteca.engine.runner import Agent, play
from ludoteca.games.tacocat import GAME
from ludoteca.lab.stats import wilson_interval as wilson

AgentFactory = Callable[[], Agent]

FIRST_VERSION = GreedyParams(
    low_max=4, keep_low=2, high_min=10, duel_max=10, attack_min_fail=0.5, finisher=False
)
"""The first greedy version, before tuning against itself."""


@dataclass(frozen=True)
class Tally:
    """Results of a seat-balanced series, from the first agent's point of view."""

    games: int
    wins: int
    wins_by_seat: tuple[int, int]
    games_by_seat: tuple[int, int]
    seat0_wins: int
    unfinished: int

    def rate(self) -> float:
        """The first agent's win rate."""
        return self.wins / self.games if self.games else 0.0


def _chunk(args: tuple[AgentFactory, AgentFactory, list[int], bool]) -> list[tuple[int, int]]:
    """Play ``seeds``; return ``(seed, winner seat or -1)`` pairs."""
    make_a, make_b, seeds, swap = args
    results = []
    for seed in seeds:
        a_seat = seed % 2 if swap else 0
        agents = [make_a(), make_b()] if a_seat == 0 else [make_b(), make_a()]
        match = play(GAME, agents, seed, checked=False)
        winner = match.outcome.winners[0] if match.outcome else -1
        results.append((seed, winner))
    return results


def series(
    make_a: AgentFactory,
    make_b: AgentFactory,
    games: int,
    *,
    workers: int = 2,
    swap: bool = True,
) -> Tally:
    """Play seeds ``0..games-1``, the first agent in seat ``seed % 2`` when ``swap``.

    Args:
        make_a: Builds the measured agent.
        make_b: Builds the opponent.
        games: Number of games.
        workers: Processes to use (1 plays in this process).
        swap: Alternate seats by seed parity; otherwise the first agent is always seat 0.

    Returns:
        The tally from the first agent's point of view.
    """
    seeds = list(range(games))
    parts = [seeds[i::workers] for i in range(workers)] if workers > 1 else [seeds]
    jobs = [(make_a, make_b, part, swap) for part in parts]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            chunks = list(pool.map(_chunk, jobs))
    else:
        chunks = [_chunk(job) for job in jobs]
    wins = 0
    wins_by_seat = [0, 0]
    games_by_seat = [0, 0]
    seat0 = 0
    unfinished = 0
    for chunk in chunks:
        for seed, winner in chunk:
            a_seat = seed % 2 if swap else 0
            games_by_seat[a_seat] += 1
            if winner < 0:
                unfinished += 1
                continue
            seat0 += winner == 0
            if winner == a_seat:
                wins += 1
                wins_by_seat[a_seat] += 1
    return Tally(
        games=games,
        wins=wins,
        wins_by_seat=(wins_by_seat[0], wins_by_seat[1]),
        games_by_seat=(games_by_seat[0], games_by_seat[1]),
        seat0_wins=seat0,
        unfinished=unfinished,
    )


def _show(label: str, wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    rate = wins / games if games else 0.0
    return f"{label}: {wins}/{games} = {rate:.3f} (95% CI {low:.3f}-{high:.3f})"


def main() -> None:
    """Print greedy vs random (overall and per seat) and greedy vs greedy seat balance."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--versions", action="store_true", help="also play against the first greedy version"
    )
    args = parser.parse_args()

    start = time.perf_counter()
    tally = series(GreedyTacocat, RandomAgent, args.games, workers=args.workers)
    print(f"greedy vs random, {args.games} seat-balanced games (seeds 0..{args.games - 1})")
    print("  " + _show("greedy wins", tally.wins, tally.games))
    for seat in (0, 1):
        print(
            "  "
            + _show(f"greedy in seat {seat}", tally.wins_by_seat[seat], tally.games_by_seat[seat])
        )
    if tally.unfinished:
        print(f"  unfinished games: {tally.unfinished}")

    mirror = series(GreedyTacocat, GreedyTacocat, args.games, workers=args.workers, swap=False)
    print(f"greedy vs greedy, {args.games} games (seeds 0..{args.games - 1})")
    print("  " + _show("seat 0 wins", mirror.seat0_wins, mirror.games - mirror.unfinished))
    if mirror.unfinished:
        print(f"  unfinished games: {mirror.unfinished}")

    if args.versions:
        first = partial(GreedyTacocat, FIRST_VERSION)
        versus = series(GreedyTacocat, first, args.games, workers=args.workers)
        print(f"greedy vs its first version, {args.games} seat-balanced games")
        print("  " + _show("greedy wins", versus.wins, versus.games))
    print(f"time: {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
