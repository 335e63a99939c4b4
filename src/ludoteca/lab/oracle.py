"""The ceiling a bot could reach: the game's search agent told every hidden card.

The oracle is the shipped search agent (``ismcts`` at the game's rated budget,
``agents.levels.SEARCH_BUDGETS``, anchored on the expert as shipped) whose every
determinization is the *true* state: the opponents' hands and the cards given face down are
known to it; dice, draws and door results are still unknown, because the state does not
hold them (they are chance steps). A bot that sees only its own view cannot do better than
the same bot seeing everything, so the oracle's score against an opponent bounds what a bot
of this design can reach against it. The true state is read by the lab only, to steer this
one agent: nothing of it reaches a view, an event or a record.

Game ``i`` has seed ``seed + i`` and the oracle sits in seat ``i % players``, the opponent
agent in every other seat. The score of a game is 1 for a win, ``1/k`` for a win shared by
``k`` seats, ``1/players`` for a game nobody won (with two players: a draw is half a win),
0 for a loss; the share is the mean score with its 95% Wilson interval.

A realtime game (Gotcha!) has no search agent (``agents.registry.agent_names``): its seats
race on a clock with chat and gestures, so there is no turn to search from, and no oracle.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.agents import levels
from ludoteca.agents import registry as agents_registry
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import Seat, View
from ludoteca.engine.i18n import msg, register
from ludoteca.lab import stats


@dataclass(frozen=True, slots=True)
class OracleCeiling:
    """The search agent told every hidden card, against ``opponent``.

    Attributes:
        opponent: The agent in the other seats.
        share: Its mean score (a shared win ``1/k``, a game nobody won ``1/players``).
        low: Lower bound of the 95% Wilson interval.
        high: Upper bound.
        games: Games played.
        command: The command that measured it.
    """

    opponent: str
    share: float
    low: float
    high: float
    games: int
    command: str


def available(game_id: str) -> bool:
    """Whether the game has a search agent to make an oracle of."""
    return "ismcts" in agents_registry.agent_names(game_id)


def oracle_agent(
    game_id: str, iterations: int, holder: list[Any], *, anchored: bool = True
) -> ISMCTSAgent:
    """The game's search agent whose every determinization is ``holder[0]``, the true state
    (kept current by the match's observer).

    Not ``anchored``: the plain search over the root candidates (the registry anchors it on
    the expert, whose move is otherwise kept unless the search shows a better one with
    confidence, which would cap what seeing everything can add).

    Raises:
        GameSetupError: If the game's search agent is not an ISMCTS agent.
    """
    agent = agents_registry.make_agent(f"ismcts:iterations={iterations}", game_id)
    if not isinstance(agent, ISMCTSAgent):
        raise GameSetupError(msg("lab.oracle.none", game=game_id))
    if not anchored:
        agent.anchor = None

    def true_state(view: View, seat: Seat) -> Callable[[Any], Any]:
        return lambda rng: holder[0]

    # An instance attribute shadows the method: only this agent sees the true state.
    agent._sampler = true_state  # type: ignore[method-assign]
    return agent


def play_one(
    game_id: str,
    opponent: str,
    iterations: int,
    index: int,
    seed: int,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    anchored: bool = True,
) -> float:
    """One game with the oracle in seat ``index % players``: its score (see the module)."""
    game = registry.make(game_id)
    mine = index % players
    holder: list[Any] = [runner.new_game(game, players, seed, options)]
    agents: list[Any] = [agents_registry.make_agent(opponent, game_id) for _ in range(players)]
    agents[mine] = oracle_agent(game_id, iterations, holder, anchored=anchored)

    def keep(before: Any, seat: Seat, action: Any, after: Any) -> None:
        holder[0] = after

    match = runner.play(game, agents, seed, options, observer=keep)
    outcome = match.outcome
    if outcome is None or not outcome.winners:
        return 1 / players
    return 1 / len(outcome.winners) if mine in outcome.winners else 0.0


def skill_command(
    game_id: str, games: int, seed: int, players: int, options: Mapping[str, str]
) -> str:
    """The ``ludoteca skill … --oracle`` command of a profile whose first seed is ``seed``."""
    shown = "".join(f" -o {name}={value}" for name, value in options.items())
    return f"ludoteca skill {game_id} --oracle -n {games} --seed {seed} --players {players}{shown}"


def _play(job: tuple[Any, ...]) -> float:
    return play_one(*job)


def measure(
    game_id: str,
    *,
    games: int,
    seed: int,
    opponent: str = "greedy",
    players: int = 2,
    options: Mapping[str, str] | None = None,
    iterations: int | None = None,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    command: str = "",
) -> OracleCeiling:
    """Play ``games`` games of the oracle against ``opponent``.

    Args:
        game_id: The game.
        games: Games, at least 1.
        seed: Seed of game 0.
        opponent: The agent in the other seats.
        players: Seats per game.
        options: Game options as command-line text.
        iterations: Search iterations a decision (default: the game's rated budget).
        workers: Processes (forked).
        on_progress: Called with 1 after every finished game.
        command: The command that reproduces the run, as reported (default: the
            ``ludoteca skill --oracle`` command, which plays the ceiling after three
            matchups, so it names the profile's first seed, not ``seed``).

    Raises:
        GameSetupError: For a game without a search agent, or bad options or counts.
    """
    if not available(game_id):
        raise GameSetupError(msg("lab.oracle.none", game=game_id))
    if not command:
        command = skill_command(game_id, games, seed - 3 * games, players, options or {})
    game = registry.make(game_id)
    budget = iterations or levels.SEARCH_BUDGETS.get(game_id, 280)
    resolved = options_mod.resolve(game.info, options or {})
    runner.new_game(game, players, seed, resolved)
    jobs = [
        (game_id, opponent, budget, index, seed + index, players, resolved)
        for index in range(games)
    ]
    scores: list[float] = []
    if workers <= 1:
        for job in jobs:
            scores.append(_play(job))
            if on_progress is not None:
                on_progress(1)
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for score in pool.imap(_play, jobs):
                scores.append(score)
                if on_progress is not None:
                    on_progress(1)
    low, high = stats.wilson_interval(sum(scores), len(scores))
    return OracleCeiling(opponent, sum(scores) / len(scores), low, high, len(scores), command)


register(
    {
        "lab.oracle.none": {
            "es": "{game} no tiene agente de búsqueda: no hay techo que medir.",
            "en": "{game} has no search agent: there is no ceiling to measure.",
        },
    }
)
