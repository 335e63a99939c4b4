"""Whether the anchored search's overrides of its expert are better, judged from the truth.

Plays games of the search agent (``ismcts:iterations=N``) against the expert (seats
alternating, game ``s`` seeded ``s``). At every decision where the search plays another
move than its expert would, both moves are judged from the **true state** (not a
determinization: the judge knows every hidden card the bot does not): ``--checks`` paired
playouts to the end of the game, every seat played by the expert, each pair on one chance
stream. The mean paired difference of the seat's returns (win 1, loss -1) is the
override's gain; it is printed per override (one JSON line) and summed up by the kind of
move the expert chose. Unlike ``bench/search_overrides.py`` (the bot's own
determinizations), nothing here is estimated from the bot's view, so a bias of the search's
sampling cannot make its overrides look good.

Example (from the repository root)::

    .venv/bin/python bench/override_judge.py mystery_date --iterations 280 --seeds 9000 9080

``--every-decision`` searches the decisions a game's ``candidates`` leave to the expert
(Tile Up's discards, Mystery Date's gifts and discards): how the case for leaving them
was made.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.registry import make_agent
from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE, Game, Seat
from ludoteca.engine.runner import Agent

Choose = Callable[[Any, Seat, Sequence[Any]], Any]
"""``choose(state, seat, legal)``: the move a seat with several legal moves plays."""


def to_the_end(game: Game[Any, Any], state: Any, choose: Choose, chance: random.Random) -> Any:
    """``state`` played to the end (chance outcomes from ``chance``, a seat's only legal
    move played, the others chosen by ``choose``): the final state."""
    while game.outcome(state) is None:
        actors = game.actors(state)
        if actors[0] == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, chance))
            continue
        for actor in actors:
            legal = game.legal_actions(state, actor)
            move = legal[0] if len(legal) == 1 else choose(state, actor, legal)
            state = game.apply(state, actor, move)
    return state


Experts = Callable[[], Agent]
"""A new expert agent: each seat of each judging playout gets its own, since an expert may
keep what it saw (Tacocat's keeps the round's tricks) and one object shared by two seats,
or carried from one playout into the next, would mix what they saw."""


def playout(game: Game[Any, Any], state: Any, seat: Seat, experts: Experts, seed: int) -> float:
    """``seat``'s return after experts play every seat from ``state`` to the end."""
    chance = random.Random(seed)
    players: dict[Seat, Agent] = {}

    def expert_move(now: Any, actor: Seat, legal: Sequence[Any]) -> Any:
        player = players.get(actor)
        if player is None:
            player = players[actor] = experts()
        return player.choose(game.view(now, actor), legal, chance)

    outcome = game.outcome(to_the_end(game, state, expert_move, chance))
    assert outcome is not None
    return outcome.returns()[seat]


def judge(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    moves: tuple[Any, Any],
    experts: Experts,
    checks: int,
    rng: random.Random,
) -> tuple[float, float]:
    """Mean and standard error of ``moves[1]``'s return minus ``moves[0]``'s, paired."""
    differences = []
    for _ in range(checks):
        seed = rng.getrandbits(64)
        after = [
            playout(game, game.apply(state, seat, move), seat, experts, seed) for move in moves
        ]
        differences.append(after[1] - after[0])
    return statistics.mean(differences), statistics.stdev(differences) / math.sqrt(checks)


def play(
    game: Game[Any, Any], seed: int, iterations: int, checks: int, every_decision: bool = False
) -> list[dict[str, Any]]:
    """One game of the search against the expert; each override judged (with
    ``every_decision``, the game's ``candidates`` dropped: every decision searched)."""
    search = make_agent(f"ismcts:iterations={iterations}", game.info.id)
    assert isinstance(search, ISMCTSAgent) and search.anchor is not None
    if every_decision:
        search.spec = dataclasses.replace(search.spec, candidates=None)

    def new_expert() -> Agent:
        return make_agent("expert", game.info.id)

    expert = new_expert()
    me = seed % 2
    moves_rng, chance, judge_rng = (random.Random(f"{seed}-{part}") for part in "mcj")
    found = []

    def choose(state: Any, seat: Seat, legal: Sequence[Any]) -> Any:
        view = game.view(state, seat)
        if seat != me:
            return expert.choose(view, legal, moves_rng)
        move = search.choose(view, legal, moves_rng)
        if search.stats.overridden:
            anchor = search.stats.anchor_choice
            gain, error = judge(game, state, seat, (anchor, move), new_expert, checks, judge_rng)
            found.append(
                {
                    "seed": seed,
                    "kind": type(anchor).__name__,
                    "expert": str(anchor),
                    "search": str(move),
                    "legal": len(legal),
                    "gain": round(gain, 4),
                    "error": round(error, 4),
                }
            )
        return move

    to_the_end(game, runner.new_game(game, 2, seed), choose, chance)
    return found


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per override, then the mean gain by kind of move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument(
        "--seeds", type=int, nargs=2, default=(9000, 9080), metavar=("FIRST", "END")
    )
    parser.add_argument("--checks", type=int, default=100)
    parser.add_argument(
        "--every-decision",
        action="store_true",
        help="search the decisions the game leaves to the expert too (its candidates dropped)",
    )
    args = parser.parse_args(argv)
    game = registry.make(args.game)
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for seed in range(*args.seeds):
        for line in play(game, seed, args.iterations, args.checks, args.every_decision):
            print(json.dumps(line), flush=True)
            by_kind.setdefault(line["kind"], []).append(line)
    for kind, lines in sorted(by_kind.items()):
        gains = [line["gain"] for line in lines]
        error = math.sqrt(sum(line["error"] ** 2 for line in lines)) / len(lines)
        print(
            f"{kind}: {len(lines)} overrides, mean gain {statistics.mean(gains):+.3f}"
            f" (standard error {error:.3f}); better {sum(g > 0 for g in gains)},"
            f" worse {sum(g < 0 for g in gains)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
