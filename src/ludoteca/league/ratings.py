"""Rating games between league members and their OpenSkill updates.

Every table seats distinct members, each with its own rating: a match updates them with
``openskill``'s Plackett-Luce model from the game's ranks (``Outcome.ranks``: a draw or a
shared win shares a rank), one match at a time in a fixed order, so the ratings are a
function of the seed. A game stopped at the game's step limit has no result and changes no
rating (it is counted as unfinished).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.runner import Agent
from ludoteca.league.store import League, Member

MODEL = PlackettLuce()
"""OpenSkill's default Plackett-Luce model (mu 25, sigma 25/3), as ``bot_ratings`` uses."""


@dataclass(frozen=True, slots=True)
class Table:
    """Members seated at a table, in seat order, and how many games they play."""

    members: tuple[str, ...]
    games: int


def new_member(name: str, kind: str, generation: int | None = None, timesteps: int = 0) -> Member:
    """A member at OpenSkill's starting rating."""
    rating = MODEL.rating(name=name)
    return Member(
        name=name,
        kind=kind,
        mu=rating.mu,
        sigma=rating.sigma,
        generation=generation,
        timesteps=timesteps,
    )


def bot_tables(bots: Sequence[str], players: int, games: int) -> list[Table]:
    """The bots' own round-robin (every group of ``players`` distinct bots)."""
    return [Table(group, games) for group in itertools.combinations(bots, players)]


def newcomer_tables(
    newcomer: str, opponents: Sequence[str], players: int, games: int
) -> list[Table]:
    """A table per opponent: the newcomer, that opponent and the next ones in the list."""
    count = len(opponents)
    return [
        Table((newcomer, *(opponents[(first + k) % count] for k in range(players - 1))), games)
        for first in range(count)
    ]


def play_tables(
    league: League,
    tables: Sequence[Table],
    agent_of: Callable[[str], Agent],
    label: str,
    on_game: Callable[[], None] | None = None,
) -> dict[str, dict[str, int]]:
    """Play every table's games and update the league's ratings after each game.

    Seats rotate from one game to the next (game ``i`` puts the table's first member in seat
    ``i % players``). Match seeds come from ``engine.rng.derive(seed, "league", label)``.

    Returns:
        Per table, by its second member's name: the games finished and those won by the
        first member (the newcomer).
    """
    config = league.config
    game = registry.make(config.game_id)
    draw = rng_mod.derive(config.seed, "league", label)
    results: dict[str, dict[str, int]] = {}
    for table in tables:
        players = len(table.members)
        agents = {name: agent_of(name) for name in table.members}
        tally = results.setdefault(table.members[1], {"games": 0, "won": 0})
        for index in range(table.games):
            shift = index % players
            seated = table.members[-shift:] + table.members[:-shift] if shift else table.members
            match = runner.play(
                game,
                [agents[name] for name in seated],
                draw.randrange(2**31),
                config.options,
            )
            if on_game is not None:
                on_game()
            if match.outcome is None:
                league.unfinished += 1
                continue
            _rate(league, seated, match.outcome.ranks, match.outcome.winners)
            tally["games"] += 1
            tally["won"] += seated.index(table.members[0]) in match.outcome.winners
    return results


def _rate(
    league: League, seated: Sequence[str], ranks: Sequence[int], winners: Sequence[int]
) -> None:
    members = [league.members[name] for name in seated]
    teams = [[MODEL.create_rating([m.mu, m.sigma], name=m.name)] for m in members]
    updated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    for seat, (member, team) in enumerate(zip(members, updated, strict=True)):
        member.mu = float(team[0].mu)
        member.sigma = float(team[0].sigma)
        member.games += 1
        member.won += seat in winners
    league.matches += 1
