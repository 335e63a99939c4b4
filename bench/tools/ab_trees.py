"""A/B the protocol random playout of one game between an older commit and the working tree.

Loading one game module from two revisions into one process (the former
``bench/compare_revisions.py``) no longer works for games split into packages. This script
exports ``src/`` at ``--old`` (``git archive``) into a temporary folder and runs the same
seeded playouts in a fresh interpreter per measurement, alternating old and new (old first
in even rounds), so a busy patch of a shared machine slows both. Each measurement plays
``--warmup`` untimed games, then ``--games`` timed ones (the same seeds for old and new) and
reports CPU µs per step; the two must apply the same number of steps (the same games), or
the script stops. It prints every round and the median of the per-round speedups (old µs /
new µs).

Example (from the repository root)::

    .venv/bin/python -m bench.tools.ab_trees --game gotcha --old 1deefac --games 6 --rounds 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_CHILD = """
import json, sys, time
from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE

game_id, warmup, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
game = registry.make(game_id)
players = game.info.min_players
realtime = bool(game.info.realtime)


def play(first, count):
    rng = rng_mod.make(first)
    steps = 0
    for index in range(count):
        state = runner.new_game(game, players, first + index)
        while True:
            actors = game.actors(state)
            if not actors:
                break
            if actors[0] == CHANCE:
                state = game.apply(state, CHANCE, game.sample_chance(state, rng))
                steps += 1
                continue
            picks = [rng_mod.choice(rng, game.legal_actions(state, s)) for s in actors]
            if realtime and len(actors) > 1:
                best = min(range(len(picks)), key=lambda i: (game.action_time(picks[i]), i))
                state = game.apply(state, actors[best], picks[best])
                steps += 1
                continue
            for seat, action in zip(actors, picks):
                state = game.apply(state, seat, action)
            steps += len(picks)
    return steps


play(10_000_000 + seed, warmup)
start = time.process_time()
steps = play(seed, games)
print(json.dumps({"steps": steps, "seconds": time.process_time() - start}))
"""


def measure(src: Path, game: str, warmup: int, games: int, seed: int) -> tuple[int, float]:
    """One fresh interpreter on the tree ``src``: (steps, CPU µs per step)."""
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, game, str(warmup), str(games), str(seed)],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    row = json.loads(out)
    return row["steps"], row["seconds"] / row["steps"] * 1e6


def export_src(revision: str, folder: str) -> Path:
    """``src/`` at ``revision`` (``git archive``) unpacked into ``folder``; its path."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "src"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    return Path(folder) / "src"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A/B a game's playout: old commit vs tree.")
    parser.add_argument("--game", required=True)
    parser.add_argument("--old", required=True, help="a git revision")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        trees = {"old": export_src(args.old, folder), "new": ROOT / "src"}
        ratios = []
        for index in range(args.rounds):
            order = ["old", "new"] if index % 2 == 0 else ["new", "old"]
            got = {
                name: measure(trees[name], args.game, args.warmup, args.games, index * 1000)
                for name in order
            }
            if got["old"][0] != got["new"][0]:
                raise SystemExit(
                    f"round {index}: different games ({got['old'][0]} vs {got['new'][0]} steps)"
                )
            ratio = got["old"][1] / got["new"][1]
            ratios.append(ratio)
            old, new = got["old"][1], got["new"][1]
            print(f"round {index}: old {old:.2f} µs/step, new {new:.2f}, {ratio:.2f}×")
        median, low, high = statistics.median(ratios), min(ratios), max(ratios)
        print(f"{args.game}: new {median:.2f}× old (median of {len(ratios)}; {low:.2f}–{high:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
