"""Where a random playout spends its time, phase by phase.

``ludoteca bench`` gives one number per game. This script splits a game's uniform-random
playout by ``game.phase(state)`` and times, per step, the choice (``legal_actions`` for a
seat, ``sample_chance`` at a chance step) and the ``apply``. Each call is wrapped in
``time.perf_counter`` reads, which add roughly 0.1 µs per call, so the absolute figures
run a little above ``ludoteca bench``'s; the shares are what this is for.

Example (from the repository root)::

    .venv/bin/python -m bench.tools.phase_costs --game tacocat --games 1500
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter, defaultdict

from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Per-phase cost of random playouts.")
    parser.add_argument("--game", default="tacocat")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--warmup", type=int, default=1500, help="games played first, untimed")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = registry.make(args.game)
    players = game.info.min_players
    rng = random.Random(args.seed)
    clock = time.perf_counter
    choose: dict[str, float] = defaultdict(float)
    apply: dict[str, float] = defaultdict(float)
    steps: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    for index in range(args.warmup + args.games):
        timed = index >= args.warmup
        state = runner.new_game(game, players, args.seed + 1_000_000 + index)
        while actors := game.actors(state):
            phase = game.phase(state)
            if actors == (CHANCE,):
                start = clock()
                picks = [(CHANCE, game.sample_chance(state, rng))]
                chosen = clock()
            else:
                start = clock()
                picks = [
                    (seat, rng_mod.choice(rng, game.legal_actions(state, seat))) for seat in actors
                ]
                chosen = clock()
            for seat, action in picks:
                state = game.apply(state, seat, action)
            done = clock()
            if timed:
                choose[phase] += chosen - start
                apply[phase] += done - chosen
                steps[phase] += len(picks)
                decisions[phase] += 1
    total_steps = sum(steps.values())
    total_time = sum(choose.values()) + sum(apply.values())
    print(
        f"{args.game}: {args.games} timed games after {args.warmup} untimed, "
        f"{total_steps / args.games:.1f} steps/game, "
        f"{total_time / total_steps * 1e6:.2f} µs/step inside the game's methods"
    )
    print(
        f"{'phase':10} {'steps':>7} {'choose µs':>10} {'apply µs':>9} "
        f"{'µs/step':>8} {'share':>6}  (choose and apply per decision)"
    )
    for phase, count in steps.most_common():
        spent = choose[phase] + apply[phase]
        print(
            f"{phase:10} {count / total_steps:7.1%} "
            f"{choose[phase] / decisions[phase] * 1e6:10.2f} "
            f"{apply[phase] / decisions[phase] * 1e6:9.2f} "
            f"{spent / total_steps * 1e6:8.2f} {spent / total_time:6.1%}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
