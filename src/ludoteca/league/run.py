"""The loop of generations (``ludoteca league``).

1. A new league rates the bots among themselves (``games`` per table) and saves the
   untrained network as generation 0, rated against the bots.
2. Each next generation continues the learner from the last checkpoint for ``steps``
   steps against the pool (the bots and the last ``pool`` checkpoints, the previous
   generation included: self-play), saves the checkpoint, and plays ``games`` rating games
   at a table with each member of the pool.
3. After each generation ``league.json`` and ``ratings.csv`` are written; Ctrl-C keeps every
   generation finished before it, and the same command resumes.

Everything is single-threaded (``torch.set_num_threads(1)``) and derived from the seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ludoteca.adapters import encodings
from ludoteca.agents import registry as agents
from ludoteca.engine.i18n import Message, msg
from ludoteca.engine.runner import Agent
from ludoteca.league import messages, policy, ratings, store
from ludoteca.league.store import League, Member, checkpoint_name

Progress = Callable[[Message], None]


class LeagueStopped(Exception):  # noqa: N818 (a stop, not an error)
    """Ctrl-C during a generation: the league as saved before it."""

    def __init__(self, league: League) -> None:
        super().__init__("league stopped")
        self.league = league


class _Agents:
    """Each member's agent, made once (a checkpoint's network is loaded once)."""

    def __init__(self, league: League) -> None:
        config = league.config
        self._league = league
        self._encoding = encodings.make(config.game_id, config.players, config.options)
        self._made: dict[str, Agent] = {}

    def __call__(self, name: str) -> Agent:
        agent = self._made.get(name)
        if agent is None:
            member = self._league.members[name]
            if member.kind == "bot":
                agent = agents.make_agent(name, self._league.config.game_id)
            else:
                path = self._league.checkpoint_path(member.generation or 0)
                agent = policy.PolicyAgent(name, path, self._encoding)
            self._made[name] = agent
        return agent


def pool_names(league: League) -> list[str]:
    """The pool: the bots and the last ``pool`` checkpoints (newest last)."""
    recent = [member.name for member in league.checkpoints()][-league.config.pool :]
    return [*league.config.bots, *recent]


def run(league: League, generations: int, progress: Progress) -> League:
    """Play the league up to ``generations`` generations after generation 0.

    Raises:
        LeagueStopped: On Ctrl-C, with the league as saved (every finished generation).
    """
    store.make_folder(league.folder)
    try:
        while league.next_generation <= generations:
            _generation(league, league.next_generation, progress)
    except KeyboardInterrupt:
        raise LeagueStopped(league) from None
    return league


def _generation(league: League, generation: int, progress: Progress) -> None:
    """Train (or, for 0, initialise), rate against the pool and save; the league in memory
    changes only once everything is done, so a stop leaves it as saved.
    """
    config = league.config
    started = time.process_time()
    trial = League(
        folder=league.folder,
        config=config,
        members={name: _copy(member) for name, member in league.members.items()},
        generations=list(league.generations),
        matches=league.matches,
        unfinished=league.unfinished,
    )
    agent_of = _Agents(trial)
    record: dict[str, Any] = {"generation": generation}
    if generation == 0:
        for bot in config.bots:
            trial.members[bot] = ratings.new_member(bot, "bot")
        tables = ratings.bot_tables(config.bots, config.players, config.games)
        if tables:
            bots = trial.words(config.bots)
            progress(msg("league.progress.bots", bots=bots, games=messages.games(config.games)))
            ratings.play_tables(trial, tables, agent_of, "bots")
        policy.save_initial(config, trial.checkpoint_path(0))
        timesteps = 0
    else:
        pool = pool_names(trial)
        progress(
            msg(
                "league.progress.train",
                generation=generation,
                steps=config.steps,
                pool=trial.words(pool),
            )
        )
        previous = trial.checkpoint_path(generation - 1)
        opponents = [agent_of(name) for name in pool]
        timesteps = policy.train_generation(
            config, previous, trial.checkpoint_path(generation), generation, opponents
        )
    pool = pool_names(trial)
    name = checkpoint_name(generation)
    trial.members[name] = ratings.new_member(name, "checkpoint", generation, timesteps)
    progress(
        msg(
            "league.progress.rate",
            generation=generation,
            games=messages.games(config.games),
            pool=trial.words(pool),
        )
    )
    tables = ratings.newcomer_tables(name, pool, config.players, config.games)
    record["against"] = ratings.play_tables(trial, tables, agent_of, f"rate-{generation}")
    record["timesteps"] = timesteps
    record["cpu_seconds"] = round(time.process_time() - started, 1)
    record["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    trial.generations.append(record)
    trial.save()
    league.members = trial.members
    league.generations = trial.generations
    league.matches = trial.matches
    league.unfinished = trial.unfinished
    progress(
        msg(
            "league.progress.done",
            generation=generation,
            path=trial.checkpoint_path(generation),
            cpu=record["cpu_seconds"],
        )
    )


def _copy(member: Member) -> Member:
    return Member(**member.to_json())
