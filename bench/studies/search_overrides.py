"""How often the anchored search overrides its expert, and whether the overrides are better.

Plays ``--games`` games of ``ismcts:iterations=N`` against ``--opponent`` (greedy unless
given; seats alternating, game ``i`` seeded ``--seed + i``) and records, at every decision
the search compared, whether it played something other than its expert's move. The first
``--per-game`` overrides of each game are then checked deeply: ``--checks`` determinizations
of the same view (the bot's view only), on each of which the expert's move and the override
are played out to the end of the game with the same chance stream, every seat played by
``--policy`` (win 1, draw 1/2, loss 0). The mean paired difference is the override's
estimated gain in winning chances, in all and by the kind of move the expert chose.

Example (from the repository root)::

    .venv/bin/python -m bench.studies.search_overrides dweebies --iterations 50 --games 12 \\
        --policy greedy
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Sequence
from typing import Any

from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.registry import make_agent
from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE, Game, View
from ludoteca.engine.runner import Agent


class _Spy:
    """The search agent, logging ``(overridden, view, expert's move, move)`` per comparison."""

    name = "ismcts"

    def __init__(self, agent: ISMCTSAgent) -> None:
        assert agent.anchor is not None
        self.agent = agent
        self.log: list[tuple[bool, View, Any, Any]] = []

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        move = self.agent.choose(view, legal, rng)
        stats = self.agent.stats
        if stats.anchored:
            self.log.append((stats.overridden, view, stats.anchor_choice, move))
        return move


def deep_gain(
    game: Game[Any, Any],
    view: View,
    moves: tuple[Any, Any],
    checks: int,
    policy: str,
    rng: random.Random,
) -> float:
    """Mean result of ``moves[1]`` minus ``moves[0]`` over paired full playouts."""
    seat = view["seat"]
    total = 0.0
    for _ in range(checks):
        state = game.sample_state(view, seat, rng)
        stream = rng.getrandbits(64)
        results = []
        for move in moves:
            chance = random.Random(stream)
            after = game.apply(state, seat, move)
            players: dict[int, Agent] = {}
            while game.outcome(after) is None:
                actors = game.actors(after)
                if actors[0] == CHANCE:
                    after = game.apply(after, CHANCE, game.sample_chance(after, chance))
                    continue
                for actor in actors:
                    player = players.setdefault(actor, make_agent(policy, game.info.id))
                    legal = game.legal_actions(after, actor)
                    choice = player.choose(game.view(after, actor), legal, chance)
                    after = game.apply(after, actor, choice)
            outcome = game.outcome(after)
            assert outcome is not None
            results.append((outcome.returns()[seat] + 1) / 2)
        total += results[1] - results[0]
    return total / checks


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per game, then the overrides' mean deep gain."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--checks", type=int, default=100)
    parser.add_argument("--per-game", type=int, default=5)
    parser.add_argument("--policy", default="expert", help="who plays the deep playouts")
    parser.add_argument("--opponent", default="greedy", help="who the search plays against")
    args = parser.parse_args(argv)
    game = registry.make(args.game)
    gains: list[float] = []
    by_kind: dict[str, list[float]] = {}
    searched = overridden = 0
    for index in range(args.games):
        search = make_agent(f"ismcts:iterations={args.iterations}", args.game)
        assert isinstance(search, ISMCTSAgent)
        spy = _Spy(search)
        seats: list[Agent] = [spy, make_agent(args.opponent, args.game)]
        if index % 2:
            seats.reverse()
        runner.play(game, seats, seed=args.seed + index)
        found = [entry for entry in spy.log if entry[0]]
        rng = random.Random(index)  # one stream per game, its overrides checked in order
        checked = [
            deep_gain(game, view, (expert, move), args.checks, args.policy, rng)
            for _, view, expert, move in found[: args.per_game]
        ]
        gains += checked
        for (_, _, expert, _), gain in zip(found, checked, strict=False):
            by_kind.setdefault(type(expert).__name__, []).append(gain)
        searched += len(spy.log)
        overridden += len(found)
        line = {"game": index, "searched": len(spy.log), "overrides": len(found)}
        print(json.dumps({**line, "deep_gains": [round(g, 3) for g in checked]}), flush=True)
    print(f"searched {searched}, overridden {overridden}")
    if len(gains) > 1:
        error = statistics.stdev(gains) / len(gains) ** 0.5
        better, worse = sum(g > 0 for g in gains), sum(g < 0 for g in gains)
        print(
            f"{len(gains)} overrides checked: mean deep gain {statistics.mean(gains):+.3f} "
            f"(standard error {error:.3f}); better {better}, worse {worse}"
        )
    for kind, kind_gains in sorted(by_kind.items()):  # by the kind of the expert's move
        spread = statistics.stdev(kind_gains) / len(kind_gains) ** 0.5 if len(kind_gains) > 1 else 0
        print(
            f"  {kind}: {len(kind_gains)} checked, mean deep gain "
            f"{statistics.mean(kind_gains):+.3f} (standard error {spread:.3f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
