"""A saved MaskablePPO policy as an agent, and one generation's training.

:class:`PolicyAgent` plays a checkpoint from a seat's view as any bot does (``runner.Agent``):
it encodes the view and the legal actions with the game's encoding (``adapters.encodings``,
scaled as the Gymnasium environment's observations are), takes the policy's most likely
legal action number and decodes it, asking again while the encoding builds an action in
parts (sub-actions). So a checkpoint can sit at any table: an opponent of the learner's
Gymnasium environment, or a player of the rating games.

:func:`train_generation` continues the learner from the last checkpoint against the pool
for a number of steps and saves the next checkpoint. Each generation loads its start from
the file and seeds itself from the league's seed and its number, so a resumed league
trains exactly as one that was never stopped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import Logger

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import EMPTY_DRAFT, Encoding
from ludoteca.adapters.gymnasium_env import LudotecaGymEnv
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import View
from ludoteca.engine.runner import Agent
from ludoteca.league.config import LeagueConfig

ROLLOUT = 1024
"""MaskablePPO's steps per rollout (fewer where a generation is shorter)."""
BATCH = 256


class PolicyAgent:
    """A saved policy playing from a seat's view (see the module docstring).

    Attributes:
        name: The league member's name (``gen-003``).
    """

    reads_view = True

    def __init__(self, name: str, path: Path, encoding: Encoding) -> None:
        self.name = name
        self._model = MaskablePPO.load(path, device="cpu")
        self._encoding = encoding
        self._observer = encodings.Observer(encoding, scaled=True)

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The policy's most likely legal action (``rng`` is not needed)."""
        draft = EMPTY_DRAFT
        base = self._observer.base(view)
        while True:
            mask = self._encoding.action_mask(view, legal, draft).astype(bool)
            observation = self._observer.with_draft(view, base, draft)
            number, _ = self._model.predict(observation, action_masks=mask, deterministic=True)
            decoded = self._encoding.decode(int(number), view, legal, draft)
            if decoded.action is not None:
                return decoded.action
            draft = decoded.draft


def seed_of(config: LeagueConfig, generation: int) -> int:
    """The training seed of a generation (network, sampling and the matches' seeds)."""
    return rng_mod.derive(config.seed, "league", "train", generation).randrange(2**31)


def make_env(config: LeagueConfig, opponents: Sequence[str | Agent]) -> LudotecaGymEnv:
    """The learner's environment: one seat of the game against the pool."""
    return LudotecaGymEnv(
        config.game_id,
        num_players=config.players,
        opponents=list(opponents),
        options=config.options,
    )


def rollout_steps(steps: int) -> int:
    """The rollout length: the largest power of two up to ``min(steps, ROLLOUT)``."""
    size = 1
    while size * 2 <= min(steps, ROLLOUT):
        size *= 2
    return size


def save_initial(config: LeagueConfig, path: Path) -> None:
    """Generation 0: the untrained network, the league's baseline."""
    torch.set_num_threads(1)
    env = make_env(config, list(config.bots))
    rollout = rollout_steps(config.steps)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=rollout,
        batch_size=min(BATCH, rollout),
        seed=seed_of(config, 0),
        device="cpu",
        verbose=0,
    )
    model.save(path)


def train_generation(
    config: LeagueConfig,
    start: Path,
    path: Path,
    generation: int,
    opponents: Sequence[str | Agent],
) -> int:
    """Train from the checkpoint ``start`` against ``opponents``; save to ``path``.

    Returns:
        The learner's training steps in all, up to the new checkpoint.
    """
    torch.set_num_threads(1)
    env = make_env(config, opponents)
    model = MaskablePPO.load(start, env=env, device="cpu")
    seed = seed_of(config, generation)
    model.set_random_seed(seed)
    # SB3's default logger makes an empty ``SB3-<time>`` folder in the temporary folder on
    # every ``learn``; the league reports through its own files.
    model.set_logger(Logger(None, []))
    model.learn(total_timesteps=config.steps, reset_num_timesteps=False)
    model.save(path)
    return int(model.num_timesteps)
