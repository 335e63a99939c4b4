"""A league's settings, checked before anything is imported or trained."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca import gymnasium_ids
from ludoteca.agents import registry as agents
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import OptionValue
from ludoteca.engine.i18n import Localized, msg
from ludoteca.league import messages as _messages  # noqa: F401 (registers the texts)

DEFAULT_STEPS = 20_000
DEFAULT_GAMES = 40
DEFAULT_POOL = 4
MIN_STEPS = 64
"""The smallest rollout MaskablePPO is given (a power of two, so its mini-batches are whole)."""
FAST_BOTS = ("random", "greedy", "expert")
"""The project's bots in a league (the search agent thinks 0.2 s a move: too slow here)."""


@dataclass(frozen=True, slots=True)
class LeagueConfig:
    """What a league plays and how long (every field is saved with the league).

    Attributes:
        game_id: The game (one with a Gymnasium environment).
        players: Seats at every table.
        options: Every game option, resolved.
        steps: Training steps (the learner's decisions) per generation.
        games: Rating games per pairing of the new checkpoint with each pool member.
        pool: Past checkpoints kept in the pool beside the bots.
        seed: The seed every training run and rating game derives from.
        bots: The project's bots in the pool.
    """

    game_id: str
    players: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    steps: int = DEFAULT_STEPS
    games: int = DEFAULT_GAMES
    pool: int = DEFAULT_POOL
    seed: int = 0
    bots: tuple[str, ...] = FAST_BOTS

    def settings(self) -> dict[str, Any]:
        """The fields as saved in ``league.json`` (a resumed league must match them)."""
        return {
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "steps": self.steps,
            "games": self.games,
            "pool": self.pool,
            "seed": self.seed,
            "bots": list(self.bots),
        }


def game_name(game_id: str) -> Localized:
    """The game's name in both languages."""
    info = registry.make(game_id).info
    return Localized(es=info.name("es"), en=info.name("en"))


def _names(game_ids: Mapping[str, str]) -> Localized:
    names = [game_name(game_id) for game_id in game_ids]
    return Localized(
        es=", ".join(name.es for name in names), en=", ".join(name.en for name in names)
    )


def at_least(option: str, value: int, minimum: int) -> int:
    """``value`` if it is at least ``minimum``.

    Raises:
        GameSetupError: Otherwise, naming the option.
    """
    if value < minimum:
        raise GameSetupError(msg("league.at_least", option=option, minimum=minimum, value=value))
    return value


def make_config(
    game_id: str,
    *,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    steps: int = DEFAULT_STEPS,
    games: int = DEFAULT_GAMES,
    pool: int = DEFAULT_POOL,
    seed: int = 0,
    bots: Sequence[str] | None = None,
) -> LeagueConfig:
    """Check a league's settings and resolve the game's options.

    Raises:
        GameSetupError: An unknown game, a game without a Gymnasium environment, a player
            count the game or the league's tables do not take, a bad option, an unknown bot,
            no bot or one twice, or a number out of range.
    """
    info = registry.make(game_id).info
    if game_id not in gymnasium_ids.ENV_IDS:
        raise GameSetupError(
            msg("league.no_adapter", game=game_name(game_id), games=_names(gymnasium_ids.ENV_IDS))
        )
    seats = info.min_players if players is None else players
    runner.check_players(info, seats)
    if bots is None:
        bots = [name for name in FAST_BOTS if name in agents.agent_names(game_id)]
    for name in bots:
        agents.make_agent(name, game_id)  # an unknown name is refused with the valid ones
    if not bots or len(set(bots)) != len(bots):
        raise GameSetupError(msg("league.bots", bots=",".join(bots)))
    # Every table seats distinct members (each with its own rating): the new checkpoint and
    # players - 1 others, at the first generation all of them bots.
    if seats - 1 > len(bots):
        raise GameSetupError(msg("league.at_most_players", players=seats, maximum=len(bots) + 1))
    return LeagueConfig(
        game_id=game_id,
        players=seats,
        options=options_mod.resolve(info, options),
        steps=at_least("--steps", steps, MIN_STEPS),
        games=at_least("--games", games, 1),
        pool=at_least("--pool", pool, 1),
        seed=at_least("--seed", seed, 0),
        bots=tuple(bots),
    )
