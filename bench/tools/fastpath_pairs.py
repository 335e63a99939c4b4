"""Rollout fast paths against the protocol loop, paired on the same games (issue 19).

``ludoteca bench`` times the ``fastpath`` and ``playout`` rows on different games, one row
after the other. This script answers the narrower question "how much faster is
``game.playout`` than the protocol loop on the *same* games?": each round draws a fresh
set of start states (``runner.new_game`` from new seeds, the game's fewest players), plays
as many other games untimed with both paths (so caches of legal lists are as warm for both
as in a long simulation; replaying the timed games instead would serve every legal list of
the timed games from a cache and flatter a fast path that builds them), then times the
protocol loop and the fast path on the start states from the same random stream,
alternating which goes first. The two must finish with the same
step count (the games are the same: ``tests/games/test_playouts.py``); the ratio is the
protocol's CPU µs/step divided by the fast path's, and the median over rounds is printed
with its min and max.

Example (from the repository root)::

    .venv/bin/python -m bench.tools.fastpath_pairs --games 150 --rounds 7
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE


def protocol(game: Any, state: Any, rng: Any) -> int:
    """The protocol loop of ``ludoteca bench`` (sequential games), from ``state``: steps."""
    actors_of, legal, apply = game.actors, game.legal_actions, game.apply
    sample, choice = game.sample_chance, rng_mod.choice
    steps = 0
    while True:
        actors = actors_of(state)
        if not actors:
            return steps
        if actors[0] == CHANCE:
            state = apply(state, CHANCE, sample(state, rng))
            steps += 1
            continue
        picks = [(seat, choice(rng, legal(state, seat))) for seat in actors]
        for seat, action in picks:
            state = apply(state, seat, action)
        steps += len(picks)


def fast(game: Any, state: Any, rng: Any) -> int:
    """``game.playout`` with the uniform policy: steps."""
    steps: int = game.playout(state, rng, rng_mod.choice)[1]
    return steps


def run(game_id: str, games: int, rounds: int) -> dict[str, Any]:
    """Paired rounds for one game; returns the per-round µs/step and the ratios."""
    game = registry.make(game_id)
    players = game.info.min_players
    clock = time.process_time
    rows: dict[str, list[float]] = {"protocol": [], "fast": []}
    ratios = []
    for index in range(rounds):
        starts = [runner.new_game(game, players, 1_000_000 * (index + 1) + i) for i in range(games)]
        order = [("protocol", protocol), ("fast", fast)]
        if index % 2:
            order.reverse()
        # Untimed, on other games: warm caches as a long simulation has them, without
        # replaying the timed games (that would serve every legal list from a cache).
        others = [runner.new_game(game, players, 7_000_000 * (index + 1) + i) for i in range(games)]
        for _, path in order:
            rng = rng_mod.make(index + 1000)
            for state in others:
                path(game, state, rng)
        counted = {}
        for name, path in order:
            rng = rng_mod.make(index)
            steps = 0
            start = clock()
            for state in starts:
                steps += path(game, state, rng)
            rows[name].append((clock() - start) / steps * 1e6)
            counted[name] = steps
        if counted["protocol"] != counted["fast"]:
            raise SystemExit(f"{game_id}: the paths played different games: {counted}")
        ratios.append(rows["protocol"][-1] / rows["fast"][-1])
    return {
        "game": game_id,
        "protocol_us": statistics.median(rows["protocol"]),
        "fast_us": statistics.median(rows["fast"]),
        "ratio": statistics.median(ratios),
        "min": min(ratios),
        "max": max(ratios),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fast paths against the protocol, paired.")
    parser.add_argument("--games", type=int, default=150, help="start states per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--game", action="append", help="a game id (default: every fast path)")
    args = parser.parse_args(argv)
    ids = args.game or [
        g
        for g in registry.available_games()
        if callable(getattr(registry.make(g), "playout", None))
    ]
    print("| game | protocol µs/step | fast path µs/step | × (median) | min–max |")
    print("|---|---:|---:|---:|---|")
    for game_id in ids:
        row = run(game_id, args.games, args.rounds)
        print(
            f"| {game_id} | {row['protocol_us']:.2f} | {row['fast_us']:.2f} | "
            f"{row['ratio']:.2f}× | {row['min']:.2f}–{row['max']:.2f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
