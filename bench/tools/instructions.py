"""Machine instructions per step of a random playout, counted by valgrind (issue 19).

On a shared machine the CPU-time rows of ``ludoteca bench`` move by ±20% with the load. The
number of instructions a playout executes does not: it is the same on every run. This script
counts them with ``valgrind --tool=cachegrind`` for the protocol loop of ``ludoteca bench``
(``--path protocol``) or the game's rollout fast path (``--path fast``), in ``src/`` at
``--old`` (``git archive`` into a temporary folder) and in the working tree. Each count is
the difference of two runs (the same warm-up games, then none or ``--games`` start states
from fixed seeds), so imports and the warm-up cancel out; it is divided by the steps played.
Instructions are not time (allocation and caches cost more than their instruction count),
so read the ratio as a check of a change under load, not as a speed-up.

Example (from the repository root; needs ``valgrind``)::

    .venv/bin/python -m bench.tools.instructions --game mystery_date --old main --path fast
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.tools.ab_trees import ROOT, export_src

_CHILD = """
import sys
from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE

game_id, path, warmup, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = registry.make(game_id)
players = game.info.min_players
choice = rng_mod.choice


def protocol(state, rng):
    steps = 0
    while True:
        actors = game.actors(state)
        if not actors:
            return steps
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, game.sample_chance(state, rng))
            steps += 1
            continue
        picks = [(seat, choice(rng, game.legal_actions(state, seat))) for seat in actors]
        for seat, action in picks:
            state = game.apply(state, seat, action)
        steps += len(picks)


def fast(state, rng):
    return game.playout(state, rng, choice)[1]


play = protocol if path == "protocol" else fast
rng = rng_mod.make(7)
for index in range(warmup):
    play(runner.new_game(game, players, 10_000 + index), rng)
rng = rng_mod.make(8)
print("STEPS", sum(play(runner.new_game(game, players, 20_000 + i), rng) for i in range(games)))
"""


def count(src: Path, game: str, path: str, warmup: int, games: int) -> tuple[int, int]:
    """Instructions and steps of one child run under cachegrind."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [
        "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
        sys.executable, "-c", _CHILD, game, path, str(warmup), str(games),
    ]  # fmt: skip
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    steps = re.search(r"STEPS (\d+)", done.stdout)
    if refs is None or steps is None:
        raise SystemExit(f"no count in valgrind's output:\n{done.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(steps.group(1))


def per_step(src: Path, game: str, path: str, warmup: int, games: int) -> tuple[float, int]:
    """Instructions per step of ``games`` playouts (the difference of two runs) and steps."""
    base, _ = count(src, game, path, warmup, 0)
    total, steps = count(src, game, path, warmup, games)
    return (total - base) / steps, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Instructions per playout step, old vs new.")
    parser.add_argument("--game", required=True)
    parser.add_argument("--old", required=True, help="a git revision")
    parser.add_argument("--path", choices=("protocol", "fast"), default="protocol")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=30)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        old_src = export_src(args.old, folder)
        old, steps_old = per_step(old_src, args.game, args.path, args.warmup, args.games)
    new, steps_new = per_step(ROOT / "src", args.game, args.path, args.warmup, args.games)
    if steps_old != steps_new:
        raise SystemExit(f"the trees played different games: {steps_old} and {steps_new} steps")
    print(
        f"{args.game} {args.path}: {args.old} {old:,.0f} instructions/step, working tree "
        f"{new:,.0f} ({old / new:.2f}x fewer) over {steps_new} steps"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
