"""Train MaskablePPO on Tacocat against the greedy bot and report win rates before and after.

Needs the ``train`` extra (sb3-contrib; torch, CPU build: ``pip install torch==2.13.0`` first
where a local CPU wheel exists, so that pip does not pull a CUDA build)::

    pip install -e '.[rl,train]'
    python examples/train_tacocat.py --seconds 300 --episodes 100

The learner's seat rotates with the seed (``ludoteca/Tacocat-v0``). Win rates are measured
with the deterministic masked policy on seeds 1,000,000 and up, never used in training; a
draw counts as not won. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import ludoteca  # noqa: F401 (registers ludoteca/Tacocat-v0)

EVAL_SEED = 1_000_000


class _Deadline(BaseCallback):
    """Stops training once ``seconds`` have passed."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.stop_at = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.stop_at


def win_rate(model: MaskablePPO, opponents: str, episodes: int) -> float:
    """Share of ``episodes`` won by the model's deterministic masked policy."""
    env = gymnasium.make("ludoteca/Tacocat-v0", opponents=opponents)
    wins = 0
    for episode in range(episodes):
        observation, info = env.reset(seed=EVAL_SEED + episode)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(
                observation, action_masks=info["action_mask"].astype(bool), deterministic=True
            )
            observation, reward_value, terminated, truncated, info = env.step(int(action))
            reward = float(reward_value)
            done = terminated or truncated
        wins += reward > 0
    return wins / episodes


def main() -> None:
    """Parse the arguments, evaluate, train, evaluate again, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300.0, help="training time budget")
    parser.add_argument("--episodes", type=int, default=100, help="evaluation episodes")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    env = gymnasium.make("ludoteca/Tacocat-v0", opponents="greedy")
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, seed=args.seed, verbose=0)
    result: dict[str, Any] = {"seconds": args.seconds, "episodes": args.episodes}
    result["before"] = {
        "random": win_rate(model, "random", args.episodes),
        "greedy": win_rate(model, "greedy", args.episodes),
    }
    started = time.monotonic()
    model.learn(total_timesteps=10**9, callback=_Deadline(args.seconds))
    result["trained_seconds"] = round(time.monotonic() - started, 1)
    result["timesteps"] = int(model.num_timesteps)
    result["after"] = {
        "random": win_rate(model, "random", args.episodes),
        "greedy": win_rate(model, "greedy", args.episodes),
    }
    result["torch"] = torch.__version__
    result["numpy"] = np.__version__
    print(json.dumps(result))


if __name__ == "__main__":
    main()
