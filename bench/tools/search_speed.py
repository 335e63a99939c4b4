"""Iterations per second of the search agent, now and at an older revision, on the same states.

The decision states come from seeded random games (seat 0's decisions with 2 to 24 legal
actions, the ones the search handles). At each one the old agent (``agents/ismcts.py`` loaded
from ``--old`` with ``git show``, built as that revision's registry built it: greedy playout
policy) and the current one (``make_agent("ismcts:iterations=N")``) each run ``--iterations``
iterations, alternating which goes first. Time is processor time (``time.process_time``), so
other processes sharing the machine slow it less than wall time; one process, one core.

Example (from the repository root)::

    .venv/bin/python -m bench.tools.search_speed --old 9ff3396 --states 6 --iterations 100
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import time
from typing import Any

from ludoteca.agents import registry as agents_registry
from ludoteca.engine import registry, runner

GAMES = ("tacocat", "dweebies", "tile_up", "mystery_date")


def old_module(revision: str, path: str = "src/ludoteca/agents/ismcts.py") -> Any:
    """The module at ``path`` as it was at ``revision``, as a separate module."""
    source = subprocess.run(
        ["git", "show", f"{revision}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    name = "old_" + path.rsplit("/", 1)[-1].removesuffix(".py")
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, f"{name}.py", "exec"), module.__dict__)
    return module


def decision_states(game_id: str, count: int, seed: int) -> list[tuple[Any, Any]]:
    """``(view, legal)`` of seat 0's searched decisions in seeded random games."""
    game = registry.make(game_id)
    found: list[tuple[Any, Any]] = []
    rng = random.Random(seed)
    match = 0
    while len(found) < count:
        state = runner.new_game(game, 2, seed + match)
        match += 1
        while game.actors(state) and len(found) < count:
            actors = game.actors(state)
            if actors[0] == -1:
                state = game.apply(state, -1, game.sample_chance(state, rng))
                continue
            choices = []
            for seat in actors:
                legal = game.legal_actions(state, seat)
                if seat == 0 and 1 < len(legal) <= 24 and rng.random() < 0.3:
                    found.append((game.view(state, 0), list(legal)))
                choices.append((seat, legal[int(rng.random() * len(legal))]))
            for seat, action in choices:
                state = game.apply(state, seat, action)
    return found


def make(which: str, old: Any, game: Any, game_id: str, iterations: int) -> Any:
    """The old agent (greedy playouts, as its registry built it) or the current one."""
    if which == "old":
        greedy = agents_registry.make_agent("greedy", game_id)
        return old.ISMCTSAgent(game, greedy, iterations=iterations)
    return agents_registry.make_agent(f"ismcts:iterations={iterations}", game_id)


def main(argv: list[str] | None = None) -> int:
    """Print iterations per processor second, old and new, per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="9ff3396")
    parser.add_argument("--states", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", nargs="*", default=list(GAMES))
    args = parser.parse_args(argv)
    old = old_module(args.old)
    print("| game | old it/s | new it/s | ratio | states x iterations |")
    print("|---|---|---|---|---|")
    for game_id in args.only:
        game = registry.make(game_id)
        states = decision_states(game_id, args.states, args.seed)
        spent = {"old": 0.0, "new": 0.0}
        for index, (view, legal) in enumerate(states):
            order = ("old", "new") if index % 2 == 0 else ("new", "old")
            for which in order:
                agent = make(which, old, game, game_id, args.iterations)
                started = time.process_time()
                agent.choose(view, legal, random.Random(index))
                spent[which] += time.process_time() - started
        total = args.states * args.iterations
        old_rate, new_rate = total / spent["old"], total / spent["new"]
        print(
            f"| {game_id} | {old_rate:,.0f} | {new_rate:,.0f} | {new_rate / old_rate:.1f}x | "
            f"{args.states} x {args.iterations} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
