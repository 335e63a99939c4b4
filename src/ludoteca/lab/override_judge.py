"""Whether an anchored search's overrides of its expert are better, judged from the truth.

At a decision where the search agent plays another move than its expert would, both moves
are judged from the **true state** (not a determinization: the judge knows every hidden card
the bot does not): paired playouts to the end of the game, every seat played by the expert,
each pair on one chance stream. The mean paired difference of the seat's returns (win 1,
loss -1) is the override's gain. Nothing is estimated from the bot's view, so a bias of the
search's sampling cannot make its overrides look good.

``bench/studies/override_judge.py`` plays games with it and sums the gains up by the kind
of move the expert chose.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.registry import make_agent
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE, Game, Seat
from ludoteca.engine.runner import Agent

Choose = Callable[[Any, Seat, Sequence[Any]], Any]
"""``choose(state, seat, legal)``: the move a seat with several legal moves plays."""


def to_the_end(game: Game[Any, Any], state: Any, choose: Choose, chance: random.Random) -> Any:
    """Play ``state`` to the end of the game.

    Args:
        game: The game.
        state: Where to start.
        choose: Chooses a seat's move when it has several (a seat's only move is played).
        chance: The chance outcomes' random stream.

    Returns:
        The final state.
    """
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
    """``seat``'s return after experts play every seat from ``state`` to the end.

    Args:
        game: The game.
        state: Where to start.
        seat: Whose return to give.
        experts: Makes the expert of each seat (one each, made when first asked).
        seed: Seeds the playout's one random stream (chance and the experts' choices).

    Returns:
        The seat's return (win 1, loss -1).
    """
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
    """Mean and standard error of ``moves[1]``'s return minus ``moves[0]``'s, paired.

    Args:
        game: The game.
        state: The true state of the decision.
        seat: The seat deciding.
        moves: The two moves compared (the expert's, then the search's).
        experts: Makes the experts that play every seat after the move.
        checks: Pairs of playouts; both playouts of a pair share one seed.
        rng: Draws each pair's seed.

    Returns:
        ``(mean, standard error)`` of the paired differences.
    """
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
    """One game of the search against the expert, each of its overrides judged.

    Args:
        game: The game (two players).
        seed: The game's seed; the search takes seat ``seed % 2``.
        iterations: The search's iterations per decision.
        checks: Pairs of playouts judging each override.
        every_decision: Drop the game's ``candidates``, so every decision is searched
            (those the shipped search leaves to the expert too).

    Returns:
        One line per override: seed, kind of the expert's move, both moves, the number of
        legal moves, and the judged gain with its standard error.
    """
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
