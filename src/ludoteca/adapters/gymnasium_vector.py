"""A lean vector of Ludoteca's Gymnasium environments (what ``gymnasium_env.make_vec`` builds).

:class:`MaskedVectorEnv` implements ``gymnasium.vector.VectorEnv`` itself, as custom vector
environments do, instead of running the copies through ``SyncVectorEnv``. It holds the
unwrapped environments (``gymnasium_env.LudotecaGymEnv``: no ``gymnasium.make`` wrappers
per copy) and asks each for its step's numbers only (``play``); it then batches what
``SyncVectorEnv`` would, in the same layout:

- **observations**: one ``(num_envs, size)`` float32 array made from the copies' current
  observations in one NumPy call (``np.array`` of the rows, measured cheaper than row writes
  into a kept batch followed by the copy callers need);
- **rewards, terminations, truncations**: new ``float64``/``bool`` arrays on every step;
- **infos**: Gymnasium's vector layout, a dict of arrays with a ``_key`` boolean mask per key
  (``action_mask``, ``seat``, ``illegal_action``), built straight from the copies instead of
  merged one copy's dict at a time (``VectorEnv._add_info``); with same-step autoreset a
  finished copy's last observation and info are in ``final_obs`` (an object array) and
  ``final_info`` (a dict of arrays with its own masks), each with its ``_final_…`` mask.

The three autoreset modes behave as ``SyncVectorEnv``'s (``metadata["autoreset_mode"]``):
same-step (the default here) resets a finished copy within the step; next-step resets it on
the next step, ignoring that step's action; disabled leaves it to
``reset(options={"reset_mask": ...})``. ``reset(seed=s)`` seeds copy ``i`` with ``s + i``.
``tests/adapters/test_vector_equivalence.py`` steps this and a ``SyncVectorEnv`` of
``gymnasium.make`` copies side by side and compares every array.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ludoteca.engine.i18n import DEFAULT_LANG, Lang, Message, msg

ObsArray = np.ndarray[Any, np.dtype[np.float32]]
MaskArray = np.ndarray[Any, np.dtype[np.int8]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]


class LocalizedError(Exception):
    """An error whose reason is a catalogue message (``message``), in Spanish and English.

    Its ``str`` is the English text, as the engine's errors'; :meth:`text` gives either.
    """

    def __init__(self, message: Message) -> None:
        super().__init__(message.text(DEFAULT_LANG))
        self.message = message

    def text(self, lang: Lang = DEFAULT_LANG) -> str:
        """The reason in ``lang``."""
        return self.message.text(lang)


class VectorValueError(LocalizedError, ValueError):
    """A bad argument to the vector env (a count that is not ``num_envs``, a bad mask)."""


class VectorTypeError(LocalizedError, TypeError):
    """An argument of the wrong type (``options["reset_mask"]``)."""


class ResetNeededError(LocalizedError, gymnasium.error.ResetNeeded):
    """A step before ``reset()``, or of a finished copy while autoreset is off."""


class VectorCopy(Protocol):
    """What :class:`MaskedVectorEnv` needs of a copy (``gymnasium_env.LudotecaGymEnv``)."""

    @property
    def observation_space(self) -> gymnasium.Space[Any]: ...  # noqa: D102

    @property
    def action_space(self) -> gymnasium.Space[Any]: ...  # noqa: D102

    @property
    def metadata(self) -> dict[str, Any]: ...  # noqa: D102

    @property
    def render_mode(self) -> str | None: ...  # noqa: D102

    @property
    def seat(self) -> int: ...  # noqa: D102

    @property
    def mask(self) -> MaskArray: ...  # noqa: D102

    @property
    def unwrapped(self) -> Any: ...  # noqa: D102

    def reset(  # noqa: D102
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsArray, dict[str, Any]]: ...

    def play(self, action: int) -> tuple[float, bool, bool, bool]: ...  # noqa: D102

    def observation_now(self) -> ObsArray: ...  # noqa: D102

    def render(self) -> Any: ...  # noqa: D102

    def close(self) -> None: ...  # noqa: D102

    def set_wrapper_attr(self, name: str, value: Any, *, force: bool = True) -> bool: ...  # noqa: D102


class MaskedVectorEnv(VectorEnv[ObsArray, np.ndarray[Any, Any], np.ndarray[Any, Any]]):
    """A synchronous vector of Ludoteca environments with ``action_masks()``.

    Every row of ``action_masks()`` has a legal number, episode boundaries included: with
    the default same-step autoreset a finished copy is already reset (its row is the new
    match's mask); with next-step autoreset the copy waiting to be reset ignores its action,
    so its row allows every number.

    Attributes:
        envs: The copies, unwrapped (``gymnasium_env.LudotecaGymEnv``).
        autoreset_mode: When a finished copy is reset.
        copy: Whether ``reset`` and ``step`` hand out a new observation array (the default)
            or the vector's own, which the next call overwrites.
    """

    def __init__(
        self,
        envs: Sequence[VectorCopy],
        autoreset_mode: str | AutoresetMode = AutoresetMode.SAME_STEP,
        copy: bool = True,
    ) -> None:
        """Args:
        envs: The copies (at least one), all of one game, seat count and options.
        autoreset_mode: Same-step (default), next-step or disabled.
        copy: ``False`` hands out the vector's own observation array.

        Raises:
            VectorValueError: No copies, or copies whose spaces differ (a ``ValueError``).
        """
        super().__init__()
        if not envs:
            raise VectorValueError(msg("adapters.vector_no_envs"))
        self.envs: list[VectorCopy] = list(envs)
        self.num_envs = len(self.envs)
        self.copy = copy
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        first = self.envs[0]
        self.metadata = dict(first.metadata)
        self.metadata["autoreset_mode"] = self.autoreset_mode
        self.render_mode = first.render_mode
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        for env in self.envs:
            if (
                env.observation_space != self.single_observation_space
                or env.action_space != self.single_action_space
            ):
                raise VectorValueError(msg("adapters.vector_spaces_differ"))
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        n = self.num_envs
        shape = self.single_observation_space.shape or ()
        self._observations: ObsArray = np.zeros((n, *shape), dtype=np.float32)
        self._all = np.ones(n, dtype=np.bool_)
        self._none = np.zeros(n, dtype=np.bool_)
        self._waiting = [False] * n  # copies that ended in the last step (next step's resets)

    # -- Gymnasium API --------------------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[ObsArray, dict[str, Any]]:
        """Reset every copy (or those of ``options["reset_mask"]``), as ``SyncVectorEnv``.

        Args:
            seed: ``None`` (each copy's next match seed), ``s`` (copy ``i`` gets ``s + i``)
                or one seed (or ``None``) per copy.
            options: Passed to every copy's reset; a ``"reset_mask"`` entry (a boolean
                array, one per copy) resets only those copies.

        Returns:
            The batched observations and infos (only the reset copies' entries are set).

        Raises:
            VectorValueError: A seed list or reset mask of the wrong length, or a mask with
                no copy (a ``ValueError``).
            VectorTypeError: A reset mask that is not a boolean NumPy array (a
                ``TypeError``).
        """
        n = self.num_envs
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * n
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = list(seed)
        if len(seeds) != n:
            raise VectorValueError(msg("adapters.vector_seeds", expected=n, got=len(seeds)))
        chosen = self._all
        if options is not None and "reset_mask" in options:
            options = dict(options)
            chosen = _checked_reset_mask(options.pop("reset_mask"), n)
        envs = self.envs
        for i in np.flatnonzero(chosen).tolist():
            envs[i].reset(seed=seeds[i], options=options)
        self._waiting = [
            waits and not reset for waits, reset in zip(self._waiting, chosen.tolist(), strict=True)
        ]
        infos = self._infos(chosen, self._none.copy())
        return self._batch(), infos

    def step(
        self, actions: np.ndarray[Any, Any] | Sequence[int]
    ) -> tuple[ObsArray, np.ndarray[Any, Any], BoolArray, BoolArray, dict[str, Any]]:
        """Play one action number per copy; see the module docstring for what comes back.

        Raises:
            VectorValueError: Not one action per copy (a ``ValueError``).
            ResetNeededError: Before :meth:`reset`, or (autoreset disabled) a finished copy
                not reset yet (a ``gymnasium.error.ResetNeeded``).
        """
        numbers = actions.tolist() if isinstance(actions, np.ndarray) else list(actions)
        n = self.num_envs
        if len(numbers) != n:
            raise VectorValueError(msg("adapters.vector_actions", expected=n, got=len(numbers)))
        mode = self.autoreset_mode
        waiting = self._waiting
        if mode == AutoresetMode.DISABLED and True in waiting:
            raise ResetNeededError(msg("adapters.vector_copy_ended", copy=waiting.index(True)))
        rewards = [0.0] * n
        terminations = [False] * n
        truncations = [False] * n
        illegal: list[int] = []
        finished: list[tuple[int, ObsArray, MaskArray, int, bool]] = []
        for i, env in enumerate(self.envs):
            if waiting[i] and mode == AutoresetMode.NEXT_STEP:
                env.reset()
                continue
            reward, terminated, truncated, bad = env.play(numbers[i])
            rewards[i] = reward
            terminations[i] = terminated
            truncations[i] = truncated
            if (terminated or truncated) and mode == AutoresetMode.SAME_STEP:
                last = env.observation_now().copy()
                finished.append((i, last, env.mask.copy(), env.seat, bad))
                env.reset()  # the step's info is the new match's: not illegal
            elif bad:
                illegal.append(i)
        terminated_rows = np.array(terminations, dtype=np.bool_)
        truncated_rows = np.array(truncations, dtype=np.bool_)
        self._waiting = [ended or cut for ended, cut in zip(terminations, truncations, strict=True)]
        illegal_rows = self._none.copy()
        if illegal:
            illegal_rows[illegal] = True
        infos = self._infos(self._all, illegal_rows)
        if finished:
            self._add_finals(infos, finished)
        return (
            self._batch(),
            np.array(rewards, dtype=np.float64),
            terminated_rows,
            truncated_rows,
            infos,
        )

    def action_masks(self) -> BoolArray:
        """Every copy's mask, one row per copy (``num_envs x action_size``)."""
        # The copies' masks are 0/1 int8: made one new array (``np.array`` of the list is
        # a third of ``np.stack``'s cost for a few rows), read as booleans without a copy.
        masks: BoolArray = np.array([env.mask for env in self.envs]).view(np.bool_)
        if self.autoreset_mode == AutoresetMode.NEXT_STEP and True in self._waiting:
            masks[self._waiting] = True
        return masks

    def render(self) -> tuple[Any, ...]:
        """Every copy's ``render()``."""
        return tuple(env.render() for env in self.envs)

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call every copy's method ``name`` (or read its attribute), as ``SyncVectorEnv``."""
        results = []
        for env in self.envs:
            found = getattr(env, name)
            results.append(found(*args, **kwargs) if callable(found) else found)
        return tuple(results)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Every copy's attribute ``name``."""
        return self.call(name)

    def set_attr(self, name: str, values: list[Any] | tuple[Any, ...] | Any) -> None:
        """Set attribute ``name`` of every copy: one value for all, or a list or tuple with
        one per copy.

        Raises:
            VectorValueError: A list or tuple whose length is not ``num_envs`` (a
                ``ValueError``).
        """
        if not isinstance(values, list | tuple):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise VectorValueError(
                msg("adapters.vector_values", expected=self.num_envs, got=len(values))
            )
        for env, value in zip(self.envs, values, strict=True):
            env.set_wrapper_attr(name, value)

    # One per copy, as SyncVectorEnv answers (VectorEnv's own are one settable value).
    @property
    def np_random_seed(self) -> tuple[int, ...]:  # type: ignore[override]
        """Every copy's NumPy seed."""
        return self.get_attr("np_random_seed")

    @property  # type: ignore[misc]
    def np_random(self) -> tuple[Any, ...]:  # type: ignore[override]
        """Every copy's NumPy generator."""
        return self.get_attr("np_random")

    def close_extras(self, **kwargs: Any) -> None:
        """Close every copy."""
        for env in self.envs:
            env.close()

    @property
    def _autoreset_envs(self) -> BoolArray:
        """The copies that ended in the last step, as ``SyncVectorEnv`` names them."""
        return np.array(self._waiting, dtype=np.bool_)

    # -- Internals ------------------------------------------------------------------------

    def _batch(self) -> ObsArray:
        """The copies' observations now, one row each."""
        rows = [env.observation_now() for env in self.envs]
        if self.copy:
            return np.array(rows)
        batch = self._observations
        for index, row in enumerate(rows):  # np.stack(out=) costs several times more
            batch[index] = row
        return batch

    def _infos(self, chosen: BoolArray, illegal: BoolArray) -> dict[str, Any]:
        """``LudotecaGymEnv``'s info keys batched for the ``chosen`` copies."""
        envs = self.envs
        masks: MaskArray = np.array([env.mask for env in envs])
        seats = np.array([env.seat for env in envs], dtype=np.int64)
        if chosen is not self._all:
            masks[~chosen] = 0
            seats[~chosen] = 0
        return _info_arrays(masks, seats, illegal, chosen)

    def _add_finals(
        self, infos: dict[str, Any], finished: list[tuple[int, ObsArray, MaskArray, int, bool]]
    ) -> None:
        """Same-step autoreset's ``final_obs`` and ``final_info`` of the finished copies."""
        n = self.num_envs
        ended = self._none.copy()
        final_obs = np.full(n, None, dtype=object)
        masks = np.zeros((n, *finished[0][2].shape), dtype=np.int8)
        seats = np.zeros(n, dtype=np.int64)
        illegal = self._none.copy()
        for i, observation, mask, seat, bad in finished:
            ended[i] = True
            final_obs[i] = observation
            masks[i] = mask
            seats[i] = seat
            illegal[i] = bad
        infos["final_obs"] = final_obs
        infos["_final_obs"] = ended
        infos["final_info"] = _info_arrays(masks, seats, illegal, ended)
        infos["_final_info"] = ended.copy()


def _info_arrays(
    masks: MaskArray, seats: np.ndarray[Any, Any], illegal: BoolArray, present: BoolArray
) -> dict[str, Any]:
    """``LudotecaGymEnv``'s info keys in Gymnasium's vector layout: each key's array and
    its ``_key`` mask of the copies that have it.
    """
    return {
        "action_mask": masks,
        "_action_mask": present.copy(),
        "seat": seats,
        "_seat": present.copy(),
        "illegal_action": illegal,
        "_illegal_action": present.copy(),
    }


def _checked_reset_mask(reset_mask: Any, n: int) -> BoolArray:
    """``options["reset_mask"]`` checked as ``SyncVectorEnv`` checks it."""
    if not isinstance(reset_mask, np.ndarray):
        raise VectorTypeError(msg("adapters.reset_mask_type", kind=type(reset_mask)))
    if reset_mask.shape != (n,):
        raise VectorValueError(msg("adapters.reset_mask_shape", n=n, shape=reset_mask.shape))
    if reset_mask.dtype != np.bool_:
        raise VectorTypeError(msg("adapters.reset_mask_dtype", dtype=reset_mask.dtype))
    if not reset_mask.any():
        raise VectorValueError(msg("adapters.reset_mask_empty"))
    return reset_mask.copy()
