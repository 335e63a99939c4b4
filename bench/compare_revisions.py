"""A/B a game's rules module between two git revisions: same games, alternating rounds.

``ludoteca bench`` measures the code as it is. This script answers a different question:
how much faster (or slower) is the game's hot path now than at an older commit, and does it
still play the same games? It loads ``src/ludoteca/games/<id>.py`` from ``--old`` (a git
revision) and from ``--new`` (a revision, or the working tree by default) as two separate
modules, then plays the same seeded random playouts with both, alternating which goes
first, and compares:

* behaviour: every game must apply the same sequence of ``(seat, str(action))`` steps in
  both versions (the text of the record), or the script stops with an error;
* speed: CPU time per step for each version, and the median over rounds of the per-round
  speedup (old time / new time), with its min and max to show the noise.

Each round uses new seeds, so caches filled by one round do not replay the next. The older
module must still import against the current engine.

Example (from the repository root)::

    .venv/bin/python bench/compare_revisions.py --game tacocat --old 5567035 --rounds 40
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from ludoteca.engine import rng as rng_mod
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE

ROOT = Path(__file__).resolve().parents[1]


def load_module(game_id: str, revision: str | None, name: str, folder: Path) -> ModuleType:
    """The game's module at ``revision`` (``None``: the working tree), under ``name``."""
    relative = f"src/ludoteca/games/{game_id}.py"
    if revision is None:
        path = ROOT / relative
    else:
        text = subprocess.run(
            ["git", "show", f"{revision}:{relative}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        path = folder / f"{name}.py"
        path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def play(game: Any, first_seed: int, count: int, rng_seed: int) -> tuple[int, list[str], float]:
    """Random playouts of games ``first_seed ..``: steps, one text per game, CPU seconds."""
    rng = random.Random(rng_seed)
    choice = rng_mod.choice
    steps = 0
    texts: list[str] = []
    start = time.process_time()
    for seed in range(first_seed, first_seed + count):
        state = runner.new_game(game, game.info.min_players, seed)
        log: list[str] = []
        while True:
            actors = game.actors(state)
            if not actors:
                break
            if actors == (CHANCE,):
                action = game.sample_chance(state, rng)
                picks = [(CHANCE, action)]
            else:
                picks = [(seat, choice(rng, game.legal_actions(state, seat))) for seat in actors]
            for seat, action in picks:
                state = game.apply(state, seat, action)
                log.append(f"{seat}:{action}")
            steps += len(picks)
        texts.append("|".join(log))
    return steps, texts, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else "")
    parser.add_argument("--game", default="tacocat")
    parser.add_argument("--old", required=True, help="git revision of the baseline")
    parser.add_argument("--new", default=None, help="git revision (default: working tree)")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--games", type=int, default=60, help="games per round and version")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        old = load_module(args.game, args.old, "bench_ab_old", Path(folder)).GAME
        new = load_module(args.game, args.new, "bench_ab_new", Path(folder)).GAME
    old_us: list[float] = []
    new_us: list[float] = []
    steps = 0
    for round_no in range(args.rounds):
        first_seed = 1_000_000 * (round_no + 1)
        order = [(old, old_us), (new, new_us)]
        if round_no % 2:
            order.reverse()
        texts = []
        for game, times in order:
            steps, played, seconds = play(game, first_seed, args.games, round_no)
            times.append(seconds / steps * 1e6)
            texts.append(played)
        if texts[0] != texts[1]:
            print(f"round {round_no}: the two versions played different games", file=sys.stderr)
            return 1
    speedups = [o / n for o, n in zip(old_us, new_us, strict=True)]
    new_label = args.new or "working tree"
    print(f"game {args.game}: {args.rounds} rounds x {args.games} games, {steps} steps per round")
    print("behaviour: identical step sequences in every game")
    print(f"old ({args.old}): {statistics.median(old_us):.2f} µs/step (median over rounds)")
    print(f"new ({new_label}): {statistics.median(new_us):.2f} µs/step (median over rounds)")
    print(
        f"speedup old/new: median {statistics.median(speedups):.2f}x, "
        f"min {min(speedups):.2f}x, max {max(speedups):.2f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
