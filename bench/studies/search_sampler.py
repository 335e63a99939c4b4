"""Tacocat search iterations per second with the view read once per decision, against the
game's ``sample_state`` of an older revision (the view parsed and the whole pool shuffled on
every iteration), on the same decision states.

The old game module is loaded from ``--old`` with ``git show`` (it has no ``sampler``, so
the current search falls back on its ``sample_state``); everything else is the current
code. Both run the plain (unanchored) search with Tacocat's spec for ``--iterations`` per
decision at seat 0's decisions with 2 to 24 moves of seeded greedy games, alternating which
goes first; time is processor time (``time.process_time``), one process, one core.

Example (from the repository root)::

    .venv/bin/python -m bench.studies.search_sampler --old 58acdf4 --games 4 --iterations 540
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from bench.tools.search_speed import old_module
from ludoteca.agents import registry as agents_registry
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.tacocat import search
from ludoteca.engine import registry, rng, runner


def old_game(revision: str) -> Any:
    """``Tacocat()`` built from ``games/tacocat/game.py`` as it was at ``revision``."""
    return old_module(revision, "src/ludoteca/games/tacocat/game.py").Tacocat()


def decision_states(games: int) -> list[tuple[Any, Any]]:
    """``(view, legal)`` of seat 0's decisions with 2 to 24 moves in seeded greedy games."""
    game = registry.make("tacocat")
    greedy = agents_registry.make_agent("greedy", "tacocat")
    found: list[tuple[Any, Any]] = []
    for seed in range(games):
        state = runner.new_game(game, 2, seed)
        chance, choices = rng.make(seed), random.Random(seed)
        while game.actors(state):
            actors = game.actors(state)
            if actors[0] == -1:
                state = game.apply(state, -1, game.sample_chance(state, chance))
                continue
            for seat in actors:
                legal = game.legal_actions(state, seat)
                view = game.view(state, seat)
                if seat == 0 and 1 < len(legal) <= 24:
                    found.append((view, list(legal)))
                state = game.apply(state, seat, greedy.choose(view, legal, choices))
    return found


def main(argv: list[str] | None = None) -> int:
    """Print iterations per processor second, old and new."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="58acdf4")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=540)
    args = parser.parse_args(argv)
    games = {"old": old_game(args.old), "new": registry.make("tacocat")}
    greedy = agents_registry.make_agent("greedy", "tacocat")
    spent = {"old": 0.0, "new": 0.0}
    done = {"old": 0, "new": 0}
    states = decision_states(args.games)
    for index, (view, legal) in enumerate(states):
        for which in ("old", "new") if index % 2 == 0 else ("new", "old"):
            agent = ISMCTSAgent(
                games[which], greedy, iterations=args.iterations, spec=search.SEARCH
            )
            started = time.process_time()
            agent.choose(view, legal, random.Random(index))
            spent[which] += time.process_time() - started
            done[which] += agent.stats.iterations
    old_rate, new_rate = done["old"] / spent["old"], done["new"] / spent["new"]
    print(f"{len(states)} decisions x {args.iterations} iterations (old {args.old} / new)")
    print(f"old {old_rate:,.0f} it/s, new {new_rate:,.0f} it/s, ratio {new_rate / old_rate:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
