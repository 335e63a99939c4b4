"""Gymnasium single-agent environments: one learner seat against the project's bots.

>>> import gymnasium
>>> import ludoteca  # registers ludoteca/Tacocat-v0 ... (ludoteca.gymnasium_ids)
>>> e = gymnasium.make("ludoteca/Tacocat-v0", opponents="greedy")
>>> observation, info = e.reset(seed=3)
>>> observation, reward, terminated, truncated, info = e.step(int(info["action_mask"].argmax()))

``import ludoteca`` registers ``ludoteca/Tacocat-v0``, ``ludoteca/Dweebies-v0``,
``ludoteca/TileUp-v0`` and ``ludoteca/MysteryDate-v0`` (every turn-based game with an
encoding). The environment wraps the Game protocol only, with the same encoding, seeds and
sub-actions as ``adapters.pettingzoo``:

- **The learner's seat** is ``match seed % players``, so consecutive seeds rotate it.
- **Opponents** are agents of ``agents.registry`` by name (``"random"``, ``"greedy"``,
  ``"expert"``, ``"ismcts"``) or agent objects (``runner.Agent``: a ``name`` and
  ``choose(view, legal, rng)``, e.g. ``league.policy.PolicyAgent``, a saved policy): one for
  every other seat, or a pool (a list) from which seat ``k`` takes entry
  ``(match seed + k) % len(pool)``. Their choices are drawn from
  ``engine.rng.derive(seed, "opponents")``, chance steps from ``derive(seed, "chance")``;
  an episode is a function of its seed and the learner's actions.
- **Observations** are the encoding's vector scaled into [0, 1] ([-1, 1] for Dweebies'
  coordinates; ``encodings.scaled``), written from the state where the encoding has a
  state writer (equal to the encoded view: ``encodings.StateWriter``). **Actions** are
  ``Discrete(action_size)``.
  ``action_masks()`` (sb3-contrib's MaskablePPO) and ``info["action_mask"]`` give the legal
  numbers. An action outside the mask ends the episode as a loss (reward -1,
  ``info["illegal_action"]``), so unmasked agents and ``env_checker`` can step it.
- **Rewards** are 0 until the end, then the learner's ``outcome.returns()`` entry.
  Truncation at ``max_steps`` engine steps (default the game's ``info.max_steps``).
- **A match the learner never plays** is skipped: when the bots end it before the
  learner's first decision (a Mystery Date opponent may find its date first: seed 2625 at
  two players against random), ``reset`` plays the next seed's match instead, so every
  observation it returns has a legal action (an episode of no step would have none).
- Simultaneous secret choices: an opponent choosing at the same time as the learner decides
  from its own view, which does not show the learner's pending choice; all are applied in
  seat order.

:func:`make_vec` builds a synchronous vector environment
(``gymnasium_vector.MaskedVectorEnv``, a ``gymnasium.vector.VectorEnv`` of its own over
unwrapped copies, answering as Gymnasium's ``SyncVectorEnv`` over ``gymnasium.make``
copies would) with ``action_masks()`` stacking every copy's mask; a finished copy is reset
in the same step, so every mask it hands out has a legal number.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ludoteca import gymnasium_ids
from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import EMPTY_DRAFT, Draft, Encoding
from ludoteca.adapters.gymnasium_vector import MaskedVectorEnv, ResetNeededError
from ludoteca.agents import registry as agents
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import CHANCE, OptionValue, Seat
from ludoteca.engine.i18n import msg
from ludoteca.engine.runner import Agent

ENV_IDS: dict[str, str] = gymnasium_ids.ENV_IDS
"""The Gymnasium id of each game."""

ObsArray = np.ndarray[Any, np.dtype[np.float32]]

SKIPPED_AT_MOST = 100
"""Matches in a row that ``reset`` skips for ending before the learner's first decision."""


class LudotecaGymEnv(gymnasium.Env[ObsArray, np.int64]):
    """One learner seat of a Ludoteca game against bots (see the module docstring).

    Attributes:
        game_id: The game.
        num_players: Seats in every match.
        seat: The learner's seat in the current match.
        opponents: The opponent pool's agent names.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's API)

    def __init__(
        self,
        game_id: str = "tacocat",
        num_players: int | None = None,
        opponents: str | Agent | Sequence[str | Agent] = "random",
        options: Mapping[str, object] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        game = registry.make(game_id)
        info = game.info
        if info.realtime:
            raise GameSetupError(msg("adapters.realtime", game=info.id))
        players = info.min_players if num_players is None else num_players
        runner.check_players(info, players)
        self.game = game
        self.game_id = game_id
        self.num_players = players
        self.game_options: dict[str, OptionValue] = options_mod.resolve(info, options)
        self.encoding: Encoding = encodings.make(game_id, players, self.game_options)
        self.max_steps = info.max_steps if max_steps is None else max_steps
        self.render_mode = render_mode
        pool: tuple[str | Agent, ...]
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            pool = (opponents,)
        else:
            pool = tuple(opponents)
        self._bots: list[Agent] = [
            agents.make_agent(entry, game_id) if isinstance(entry, str) else entry for entry in pool
        ]
        self.opponents = tuple(bot if isinstance(bot, str) else bot.name for bot in pool)
        low, high = encodings.bounds(self.encoding, scaled=True)
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.encoding.action_size)
        self._action_size = self.encoding.action_size
        self.seat: Seat = 0
        self._next_seed: int | None = None
        self._state: Any = None
        self._seat_bots: dict[Seat, Agent] = {}
        self._reads_view: dict[Seat, bool] = {}
        self._chance_rng = random.Random()
        self._bot_rng = random.Random()
        self._steps = 0
        self._draft: Draft = EMPTY_DRAFT
        self._view: Any = None
        self._legal: Sequence[Any] = ()
        self._mask = self._read_only(np.zeros(self.encoding.action_size, dtype=np.int8))
        self._observer = encodings.Observer(self.encoding, scaled=True)
        self._fast = encodings.state_observer(self.encoding, players, scaled=True)
        self._view_free = bool(getattr(self.encoding, "view_free", False))
        self._seat_views = encodings.seat_views(players)
        self._base: ObsArray | None = None

    # -- Gymnasium API --------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsArray, dict[str, Any]]:
        """Start a match: seed ``seed`` (else the previous plus one, else random).

        A match that ends before the learner's first decision is skipped for the next seed
        (see the module docstring), so the observation returned always has a legal action.

        Raises:
            GameSetupError: If :data:`SKIPPED_AT_MOST` matches in a row end so (a
                ``max_steps`` too small for the learner ever to choose).
        """
        super().reset(seed=seed)
        if seed is not None:
            self._next_seed = seed
        if self._next_seed is None:
            self._next_seed = int(self.np_random.integers(2**31))
        first = self._next_seed
        for _ in range(SKIPPED_AT_MOST):
            if self._start(self._next_seed):
                return self._observe(), self._info(False)
        raise GameSetupError(
            msg(
                "adapters.learner_never_acts",
                tries=SKIPPED_AT_MOST,
                first=first,
                last=first + SKIPPED_AT_MOST - 1,
                max_steps=self.max_steps,
            )
        )

    def _start(self, match_seed: int) -> bool:
        """Set up the match of ``match_seed`` and play until the learner's first decision;
        ``False`` if it ended first.
        """
        self._next_seed = match_seed + 1
        self.seat = match_seed % self.num_players
        self._seat_bots = {
            seat: self._bots[(match_seed + seat) % len(self._bots)]
            for seat in range(self.num_players)
            if seat != self.seat
        }
        self._reads_view = {
            seat: bool(getattr(bot, "reads_view", True)) for seat, bot in self._seat_bots.items()
        }
        self._state = runner.new_game(self.game, self.num_players, match_seed, self.game_options)
        self._chance_rng = rng_mod.derive(match_seed, "chance")
        self._bot_rng = rng_mod.derive(match_seed, "opponents")
        self._steps = 0
        self._draft = EMPTY_DRAFT
        return self._advance(None) is None

    def step(self, action: np.int64) -> tuple[ObsArray, float, bool, bool, dict[str, Any]]:
        """Play the learner's action number; bots and chance move until it acts again."""
        reward, terminated, truncated, illegal = self.play(action)
        return self._observe(), reward, terminated, truncated, self._info(illegal)

    def play(self, action: int | np.integer[Any]) -> tuple[float, bool, bool, bool]:
        """:meth:`step` without its observation and info (what a vector env steps).

        Returns:
            ``(reward, terminated, truncated, illegal)``. The observation is then
            :meth:`observation_now`, the mask :attr:`mask`, the seat :attr:`seat`.

        Raises:
            ResetNeededError: Before the first :meth:`reset` (a
                ``gymnasium.error.ResetNeeded``).
        """
        if self._state is None:
            raise ResetNeededError(msg("adapters.step_before_reset"))
        index = int(action)
        if not (0 <= index < self._action_size and self._mask[index]):
            self._mask = self._read_only(np.zeros_like(self._mask))
            return -1.0, True, False, True
        view = self._seat_views[self.seat] if self._view_free else self._learner_view()
        decoded = self.encoding.decode(index, view, self._legal, self._draft)
        self._draft = decoded.draft
        if decoded.action is None:
            self._mask = self._read_only(self.encoding.action_mask(view, self._legal, self._draft))
            return 0.0, False, False, False
        ended = self._advance(decoded.action)
        if ended is None:
            return 0.0, False, False, False
        reward, terminated = ended
        return reward, terminated, not terminated, False

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal action numbers now, as booleans (sb3-contrib's MaskablePPO)."""
        return self._mask.astype(bool)

    @property
    def mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal action numbers now, as a read-only 0/1 ``int8`` array (no copy)."""
        return self._mask

    def render(self) -> str | None:
        """The spectator's view as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self._state is None:
            return None
        return str(self.game.view(self._state, None))

    @property
    def engine_steps(self) -> int:
        """Engine steps (every seat's actions and chance outcomes) in this match."""
        return self._steps

    def observation_now(self) -> ObsArray:
        """The observation :meth:`step` would return now, without its copy.

        It may be the state writer's buffer, which the next step overwrites: read or copy
        it before stepping again, and never write to it (a vector env copies it into its
        batch).
        """
        base = self._base
        if base is None:
            base = self._observation_base()
        if not self._draft:
            return base
        view = encodings.NO_VIEW if self._fast is not None else self._learner_view()
        return self._observer.with_draft(view, base, self._draft)

    # -- Internals ------------------------------------------------------------------------

    def _observation_base(self) -> ObsArray:
        # Built once per decision (written from the state where the encoding can, else
        # encoded from the view); a sub-action only adds the draft to a copy.
        if self._fast is not None:
            base = self._fast.base(self._state, self.seat)
        else:
            base = self._observer.base(self._learner_view())
        self._base = base
        return base

    def _observe(self) -> ObsArray:
        observation = self.observation_now()
        return observation.copy() if observation is self._base else observation

    def _learner_view(self) -> Any:
        """The learner's view of the current state, built once (only where it is read)."""
        if self._view is None:
            self._view = self.game.view(self._state, self.seat)
        return self._view

    @staticmethod
    def _read_only(mask: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        if mask.flags.writeable:
            mask.flags.writeable = False
        return mask

    def _info(self, illegal: bool) -> dict[str, Any]:
        # A copy: encodings keep read-only masks by legal list and hand them out again, and
        # Gymnasium wants new info data on every call (users keep it). MaskedVectorEnv
        # batches these same keys itself (``MaskedVectorEnv._infos``): keep them in step.
        return {"action_mask": self._mask.copy(), "seat": self.seat, "illegal_action": illegal}

    def _advance(self, learner_action: Any) -> tuple[float, bool] | None:
        """Apply the learner's action (if any), then chance and bots until the learner must
        choose (``None``) or the match ends (``(reward, terminated)``). Leaves the
        learner's view, legal actions and mask built once for the next decision.
        """
        game = self.game
        actors_of = game.actors
        apply = game.apply
        legal_of = game.legal_actions
        state = self._state
        me = self.seat
        pending = learner_action
        steps = self._steps
        max_steps = self.max_steps
        bots = self._seat_bots
        reads_view = self._reads_view
        bot_rng = self._bot_rng
        sample_chance = game.sample_chance
        chance_rng = self._chance_rng
        while True:
            actors = actors_of(state)
            if not actors:
                self._steps = steps
                outcome = game.outcome(state)
                reward = outcome.returns()[me] if outcome else 0.0
                return self._finish(state, float(reward), True)
            if steps >= max_steps:
                self._steps = steps
                return self._finish(state, 0.0, False)
            if actors[0] == CHANCE:
                state = apply(state, CHANCE, sample_chance(state, chance_rng))
                steps += 1
                continue
            if me in actors:
                if pending is None:
                    self._state = state
                    self._steps = steps
                    self._draft = EMPTY_DRAFT
                    self._view = None
                    self._base = None
                    self._legal = legal = legal_of(state, me)
                    view = self._seat_views[me] if self._view_free else self._learner_view()
                    mask = self.encoding.action_mask(view, legal, EMPTY_DRAFT)
                    if mask.flags.writeable:
                        mask.flags.writeable = False
                    self._mask = mask
                    return None
                if len(actors) == 1:
                    state = apply(state, me, pending)
                    steps += 1
                    pending = None
                    continue
            elif len(actors) == 1:  # one bot alone (most moves)
                seat = actors[0]
                legal = legal_of(state, seat)
                # As the runner does: an agent that does not read its view (the random
                # agent, ``reads_view = False``) is handed an empty one.
                view = game.view(state, seat) if reads_view[seat] else {}
                state = apply(state, seat, bots[seat].choose(view, legal, bot_rng))
                steps += 1
                continue
            chosen = []
            for seat in actors:
                if seat == me:
                    chosen.append((seat, pending))
                    continue
                legal = legal_of(state, seat)
                view = game.view(state, seat) if reads_view[seat] else {}
                chosen.append((seat, bots[seat].choose(view, legal, bot_rng)))
            if me in actors:
                pending = None
            for seat, choice in chosen:
                state = apply(state, seat, choice)
                steps += 1

    def _finish(self, state: Any, reward: float, terminated: bool) -> tuple[float, bool]:
        self._state = state
        self._draft = EMPTY_DRAFT
        self._view = None
        self._base = None
        self._legal = ()
        self._mask = self._read_only(np.zeros_like(self._mask))
        return reward, terminated


def make_vec(
    game_id: str,
    num_envs: int,
    autoreset_mode: AutoresetMode = AutoresetMode.SAME_STEP,
    **kwargs: Any,
) -> MaskedVectorEnv:
    """``num_envs`` copies of the game's environment in one ``MaskedVectorEnv``.

    Keyword arguments go to every :class:`LudotecaGymEnv` (``opponents=...``); the copies
    are built directly, without ``gymnasium.make``'s wrappers (each records the ``spec``
    ``gymnasium.make`` would), and ``reset(seed=s)`` seeds copy ``i`` with ``s + i``. A copy whose
    match ends is reset in the same step by default (``AutoresetMode.SAME_STEP``, as
    Stable-Baselines3's vector environments do): the step returns the new match's
    observation and ``info["action_mask"]``, the last one's in ``info["final_obs"]`` and
    ``info["final_info"]``, so every mask handed out has a legal number.
    ``AutoresetMode.NEXT_STEP`` (Gymnasium's default) is accepted too: a finished copy's
    next action is ignored and its ``action_masks()`` row allows every number
    (``info["action_mask"]`` is then the finished match's, all zero).
    """
    spec = gymnasium.spec(ENV_IDS[game_id])
    spec = dataclasses.replace(
        spec, kwargs={**spec.kwargs, **kwargs}, order_enforce=False, disable_env_checker=True
    )
    copies = []
    for _ in range(num_envs):
        env = LudotecaGymEnv(**spec.kwargs)
        env.spec = spec  # as gymnasium.make records it
        copies.append(env)
    return MaskedVectorEnv(copies, autoreset_mode=autoreset_mode)


def register() -> None:
    """Register every game's id with Gymnasium (once; ``import ludoteca`` already does)."""
    gymnasium_ids.register(gymnasium)


register()
