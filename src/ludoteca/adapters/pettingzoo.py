"""PettingZoo AEC environments for every Ludoteca game that has an encoding.

>>> from ludoteca.adapters.pettingzoo import env
>>> e = env("tacocat", seed=7)
>>> e.reset()
>>> for agent in e.agent_iter():
...     observation, reward, termination, truncation, info = e.last()
...     mask = observation["action_mask"]
...     e.step(None if termination or truncation else e.action_space(agent).sample(mask))

The environment wraps a game through the Game protocol only, as the runner does
(``engine/runner.py``):

- **Agents** are ``"player_0"`` .. ``"player_<n-1>"``, seat ``i`` is ``"player_i"``.
- **The initial state** comes from ``runner.new_game(game, n, seed, options)``; **chance
  steps** (Tacocat's card draws) are sampled inside the environment from
  ``engine.rng.derive(seed, "chance")`` and never reach an agent. So an episode with match
  seed ``s`` draws exactly the cards ``runner.play(..., seed=s)`` would draw for the same
  choices, and :meth:`LudotecaEnv.record` replays with ``engine.replay.replay``.
- **Observations** are ``{"observation": float32 vector, "action_mask": int8 vector}``,
  the vector scaled into [0, 1] ([-1, 1] for Dweebies' coordinates) as in the Gymnasium
  and OpenSpiel adapters (``encodings.scaled``; ``scaled=False`` for raw counts), both
  computed by the game's encoding (``adapters/encodings``) from ``game.view(state,
  seat)`` and the legal actions only, so nothing a view hides can reach a policy. Where the
  encoding has a state writer (``encodings.StateWriter``) the vector is written instead
  from the state fields that view shows, rewriting only what changed; tests prove it equal
  to the encoded view and blind to resampled hidden zones. Only the selected agent's mask
  has ones (the PettingZoo convention).
- **Actions** are integers of a fixed ``Discrete`` space. An action outside the mask raises
  ``IllegalActionError`` (a non-integer or out-of-range number raises
  ``InvalidActionError``), with the reason in Spanish and English, and changes nothing.
- **Rewards** are 0 until the game ends, then ``outcome.returns()`` (zero-sum: +1 / -1 in a
  two-player win). **Terminations** are set for every agent when the game is over;
  **truncations** for every agent when the match reaches ``max_steps`` engine steps
  (actions plus chance outcomes; default the game's ``info.max_steps``) unfinished, with
  zero reward.

Simultaneous secret choices
---------------------------
When ``game.actors(state)`` lists several seats (Tacocat's duel, and the replace on the
double arrow), AEC still steps one agent at a time, so the environment serialises the choice:
it selects each acting seat in turn (in ``actors`` order), *buffers* its action without
applying it, and applies all of them, in seat order, only once every acting seat has chosen.
The engine state does not change while the buffer fills, so the second seat observes exactly
what it would have observed had the first not chosen yet: it cannot see the first choice, nor
even that it was made. (Applying the first choice at once would reveal, through the view's
``chosen`` flags, that it was made.) The seat that has chosen keeps observing the unchanged
state until the choices are applied.

Sub-actions
-----------
An encoding may split one engine decision into several action numbers (Tacocat builds a
replace card by card, then confirms). The environment keeps each seat's choices so far — its
*draft* — shows it in that seat's observation and mask, and sends the engine action when the
encoding completes it. The same agent stays selected until then. Drafts are emptied on every
engine action of the seat and on reset.

Seeds
-----
``reset(seed=s)`` plays the match with seed ``s``; each later ``reset()`` without a seed
plays ``s + 1``, ``s + 2``, ... The ``seed`` given to :func:`env` is used by the first reset
that has none. With no seed at all, the first match seed is drawn from the operating system.
``reset``'s ``options`` argument is accepted for the PettingZoo API and not used: game
options are fixed when the environment is built, as the spaces may depend on them.

Beyond the PettingZoo API
-------------------------
``LudotecaEnv(game, encoding)`` wraps any object following the Game protocol with any
encoding (:func:`env` looks both up by id). :attr:`LudotecaEnv.engine_state` is the full
state (for tests, logs and centralised critics — never a policy input),
:attr:`LudotecaEnv.engine_steps` counts engine steps, and :meth:`LudotecaEnv.record` is the
match so far as a replayable ``GameRecord``.
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludoteca.adapters import encodings
from ludoteca.adapters.encodings import (
    EMPTY_DRAFT,
    Draft,
    Encoding,
    MaskArray,
    ObservationArray,
)
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import GameSetupError, IllegalActionError, InvalidActionError
from ludoteca.engine.game import CHANCE, Game, OptionValue, Seat, View
from ludoteca.engine.i18n import msg
from ludoteca.engine.record import GameRecord

Decision = tuple[Any, Draft, Sequence[Any], MaskArray, View]
"""A seat's ``(state, draft, legal actions, mask, view for the encoding)``."""

Observation = dict[str, Any]
"""``{"observation": float32 array, "action_mask": int8 array}``."""

ActionNumber = int | np.integer[Any] | None
"""An action number (NumPy integers too); ``None`` only for a finished agent."""

RENDER_MODES = ("ansi", "human")


class EnvNotResetError(RuntimeError):
    """The environment was used before its first ``reset()``."""

    def __init__(self) -> None:
        self.message = msg("adapters.not_reset")
        super().__init__(self.message.text())


def env(
    game_id: str,
    num_players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
    *,
    max_steps: int | None = None,
    scaled: bool = True,
) -> LudotecaEnv:
    """A PettingZoo AEC environment playing the Ludoteca game ``game_id``.

    Args:
        game_id: The game's id (``"tacocat"``).
        num_players: Seats; default the game's fewest.
        seed: Match seed of the first ``reset()`` without one (see the module docstring).
        options: Game options by name, validated as on the command line.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the spectator's view as
            text) or ``"human"`` (prints it after every step).
        max_steps: Engine steps before truncation; default the game's ``info.max_steps``.
        scaled: Observations scaled into [0, 1] (default; ``encodings.scaled``, the scaling
            the Gymnasium and OpenSpiel adapters use; the scale of every entry is in the
            encoding's docstring); ``False`` gives the encoding's raw counts.

    Returns:
        The environment; call ``reset()`` before using it.

    Raises:
        GameSetupError: For an unknown game, a game without an encoding, a bad player count
            or bad options (in Spanish and English).
    """
    return LudotecaEnv(
        registry.make(game_id),
        num_players=num_players,
        seed=seed,
        options=options,
        render_mode=render_mode,
        max_steps=max_steps,
        scaled=scaled,
    )


class LudotecaEnv(AECEnv[str, Observation, ActionNumber]):
    """A generic AEC environment over the Game protocol (see the module docstring).

    Attributes:
        game: The wrapped game.
        encoding: Its action space and observation encoding.
        num_players: Seats in every match.
        game_options: The resolved game options.
        max_steps: Engine steps before truncation.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        seed: The current match's seed (``None`` before the first reset).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        encoding: Encoding | None = None,
        *,
        num_players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, object] | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        scaled: bool = True,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        info = game.info
        players = info.min_players if num_players is None else num_players
        if info.realtime:
            raise GameSetupError(msg("adapters.realtime", game=info.id))
        runner.check_players(info, players)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise GameSetupError(
                msg("adapters.bad_render_mode", mode=render_mode, valid=", ".join(RENDER_MODES))
            )
        self.game = game
        self.num_players = players
        self.game_options: dict[str, OptionValue] = options_mod.resolve(info, options)
        self.encoding = (
            encoding
            if encoding is not None
            else encodings.make(info.id, players, self.game_options)
        )
        self.max_steps = info.max_steps if max_steps is None else max_steps
        self.render_mode = render_mode
        self.scaled = scaled
        self.metadata = {
            "name": f"ludoteca_{info.id}_v{info.version}",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.encoding.action_size
        low, high = encodings.bounds(self.encoding, scaled=scaled)
        self.state_space = spaces.Box(
            low=np.tile(low, players), high=np.tile(high, players), dtype=np.float32
        )
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._action_size = size
        self.seed: int | None = None
        self._match_seed = 0
        self._next_seed = seed
        self._state: Any = None
        self._chance_rng = random.Random()
        self._steps = 0
        self._entries: list[tuple[Seat, Any]] = []
        """Every engine step as (seat, action); the record's text is made by ``record()``."""
        self._drafts: list[Draft] = [EMPTY_DRAFT] * players
        self._views: list[tuple[Any, View] | None] = []
        self._observer = encodings.Observer(self.encoding, scaled=scaled)
        self._fast = encodings.state_observer(self.encoding, players, scaled=scaled)
        self._view_free = bool(getattr(self.encoding, "view_free", False))
        self._seat_views = encodings.seat_views(players)
        self._no_action: MaskArray = np.zeros(size, dtype=np.int8)
        self._no_action.flags.writeable = False
        self._clear_caches()
        self._buffer: dict[Seat, Any] = {}
        self._rewarded = False
        self.agents = []
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = self.possible_agents[0]

    # -- PettingZoo API -------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Observation]:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[ActionNumber]:
        """The agent's action space (the same object on every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match.

        Args:
            seed: The match seed; ``None`` continues from the previous one (plus one).
            options: Accepted for the PettingZoo API and not used (game options are given
                to :func:`env`).
        """
        if seed is not None:
            self._next_seed = seed
        if self._next_seed is None:
            self._next_seed = random.SystemRandom().randrange(2**31)
        match_seed = self._next_seed
        self._next_seed = match_seed + 1
        self.seed = self._match_seed = match_seed
        self._state = runner.new_game(self.game, self.num_players, match_seed, self.game_options)
        self._chance_rng = rng_mod.derive(match_seed, "chance")
        self._steps = 0
        self._entries = []
        self._drafts = [EMPTY_DRAFT] * self.num_players
        self._clear_caches()
        self._buffer = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        vars(self).pop("_skip_agent_selection", None)  # AECEnv's dead-step bookkeeping
        self.agent_selection = self.agents[0]
        self._advance()
        self._accumulate_rewards()

    def observe(self, agent: str) -> Observation:
        """The agent's observation: its encoded view and its action mask.

        The mask is all zeros unless ``agent`` is the selected agent and the match goes on;
        it is read-only (the environment checks actions against it).

        Raises:
            EnvNotResetError: Before the first ``reset()``.
            GameSetupError: For an unknown agent name.
        """
        seat = self._seat_of.get(agent)
        if seat is None:
            seat = self._seat(agent)  # raises, in Spanish and English
        if agent == self.agent_selection and self._live(agent):
            mask = self._decision(seat)[3]  # read-only, so shared without a copy
        else:
            mask = self._no_action
        return {"observation": self._observation(seat), "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (if ``observe``), cumulative reward,
        termination, truncation and info: ``AECEnv.last`` with :meth:`observe` inlined
        (the call every agent step makes).
        """
        agent = self.agent_selection
        observation = None
        if observe:
            seat = self._seat_of.get(agent)
            if seat is None:
                seat = self._seat(agent)  # raises, in Spanish and English
            if self.terminations.get(agent, True) or self.truncations.get(agent, True):
                mask = self._no_action
            else:
                mask = self._decision(seat)[3]
            observation = {"observation": self._observation(seat), "action_mask": mask}
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def state(self) -> ObservationArray:
        """The global state for a centralised critic: every seat's observation vector, in
        seat order (what all the views together show; never what every view hides, such as
        the order of a draw pile).

        Raises:
            EnvNotResetError: Before the first ``reset()``.
        """
        self._current()
        return np.concatenate([self._observation(seat) for seat in range(self.num_players)])

    def step(self, action: ActionNumber) -> None:
        """Play ``action`` for the selected agent (``None`` for a finished agent).

        Raises:
            EnvNotResetError: Before the first ``reset()``.
            InvalidActionError: If ``action`` is not an integer of the action space.
            IllegalActionError: If the mask excludes ``action``. Nothing changes.
        """
        state = self._current()
        agent = self.agent_selection
        if self.terminations.get(agent, True) or self.truncations.get(agent, True):
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        index = action if type(action) is int else self._index(action)
        if not 0 <= index < self._action_size:
            index = self._index(action)  # raises, in Spanish and English
        _, draft, legal, mask, view = self._decision(seat)
        if not mask[index]:
            raise IllegalActionError(
                seat=seat,
                action=f"{index} ({self.encoding.action_label(index)})",
                phase=self.game.phase(state),
                reason=msg(
                    "adapters.masked_out",
                    index=index,
                    label=self.encoding.action_label(index),
                    agent=agent,
                ),
                legal=[f"{i} ({self.encoding.action_label(int(i))})" for i in np.flatnonzero(mask)],
            )
        # The mask came from the engine's legal actions, so the decoded action is legal: it
        # is applied unchecked (the encoding tests prove mask and engine agree).
        decoded = self.encoding.decode(index, view, legal, draft)
        self._cumulative_rewards[agent] = 0.0
        # Rewards are all zero until the match ends: clearing and accumulating them is
        # needed only once ``_advance`` has set some (it raises ``_rewarded``).
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        self._drafts[seat] = decoded.draft
        if decoded.action is not None:
            self._buffer[seat] = decoded.action
            self._advance()
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The spectator's view as text (``"ansi"``), or print it (``"human"``).

        A spectator's view shows no hidden card. Returns ``None`` without a render mode.
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        from rich.console import Console  # noqa: PLC0415 (only when rendering)

        from ludoteca.terminal import renderer_for  # noqa: PLC0415

        view = self.game.view(self._current(), None)
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False)
        console.print(renderer_for(self.game.info.id).render_view(view, "en", ()))
        text = buffer.getvalue()
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- Beyond the PettingZoo API ----------------------------------------------------------

    @property
    def engine_state(self) -> Any:
        """The full engine state, hidden zones included: for tests, logs and centralised
        critics, never for a policy's input.

        Raises:
            EnvNotResetError: Before the first ``reset()``.
        """
        return self._current()

    @property
    def engine_steps(self) -> int:
        """Engine steps (actions and chance outcomes) applied in this match."""
        return self._steps

    def record(self) -> GameRecord:
        """The match so far as a ``GameRecord`` (seats named after the agents).

        ``engine.replay.replay(env.record())`` rebuilds :attr:`engine_state`.

        Raises:
            EnvNotResetError: Before the first ``reset()``.
        """
        state = self._current()
        outcome = self.game.outcome(state)
        return GameRecord(
            game=self.game.info.id,
            version=self.game.info.version,
            seed=self._match_seed,
            num_players=self.num_players,
            options=dict(self.game_options),
            seats=tuple(self.possible_agents),
            actions=tuple((seat, str(action)) for seat, action in self._entries),
            outcome=outcome.to_json() if outcome else None,
        )

    # -- Internals ------------------------------------------------------------------------

    def _clear_caches(self) -> None:
        players = self.num_players
        self._views = [None] * players
        self._decided: list[Decision] = [(None, EMPTY_DRAFT, (), self._no_action, {})] * players
        self._base_states: list[Any] = [None] * players
        self._bases: list[ObservationArray | None] = [None] * players

    def _current(self) -> Any:
        if self._state is None:
            raise EnvNotResetError
        return self._state

    def _seat(self, agent: str) -> Seat:
        seat = self._seat_of.get(agent)
        if seat is None:
            raise GameSetupError(
                msg("adapters.unknown_agent", agent=agent, valid=", ".join(self.possible_agents))
            )
        return seat

    def _live(self, agent: str) -> bool:
        return not (self.terminations.get(agent, True) or self.truncations.get(agent, True))

    def _index(self, action: object) -> int:
        high = self.encoding.action_size - 1
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidActionError(str(action), msg("adapters.bad_index", high=high))
        index = int(action)
        if not 0 <= index <= high:
            raise InvalidActionError(str(action), msg("adapters.bad_index", high=high))
        return index

    # Each step builds a seat's view, legal actions, mask and observation at most once: they
    # are kept with the state object (states are immutable, a new one on every step), the
    # mask also with the seat's draft it was built for.

    def _view(self, seat: Seat) -> View:
        state = self._current()
        cached = self._views[seat]
        if cached is not None and cached[0] is state:
            return cached[1]
        view = self.game.view(state, seat)
        self._views[seat] = (state, view)
        return view

    def _decision(self, seat: Seat) -> Decision:
        """The seat's decision now: ``(state, draft, legal actions, mask, the view the
        encoding's mask and decoding read)``, built once per state and draft (the legal
        actions once per state). The mask is read-only: handed to agents as is.
        """
        state = self._state
        if state is None:
            raise EnvNotResetError
        draft = self._drafts[seat]
        found = self._decided[seat]
        if found[0] is state:
            if found[1] == draft:
                return found
            legal = found[2]
        else:
            legal = self.game.legal_actions(state, seat)
        view = self._seat_views[seat] if self._view_free else self._view(seat)
        mask = self.encoding.action_mask(view, legal, draft)
        if mask.flags.writeable:
            mask.flags.writeable = False
        found = self._decided[seat] = (state, draft, legal, mask, view)
        return found

    def _mask(self, seat: Seat) -> MaskArray:
        return self._decision(seat)[3]

    def _observation(self, seat: Seat) -> ObservationArray:
        # The vector without the draft is built once per state and seat (written from the
        # state where the encoding can, else encoded from the view); a sub-action (which
        # changes only the draft) adds the draft to a copy.
        state = self._state
        if state is None:
            raise EnvNotResetError
        fast = self._fast
        base = self._bases[seat]
        if base is None or self._base_states[seat] is not state:
            if fast is not None:
                base = fast.base(state, seat)
            else:
                base = self._observer.base(self._view(seat))
            self._base_states[seat] = state
            self._bases[seat] = base
        draft = self._drafts[seat]
        if not draft:
            return base.copy()
        view = encodings.NO_VIEW if fast is not None else self._view(seat)
        return self._observer.with_draft(view, base, draft)

    def _advance(self) -> None:
        """Apply chance steps and complete buffers until an agent must choose or the match
        ends; select that agent, or set terminations (with rewards) or truncations.

        Each engine step is recorded in ``_entries`` and counted in ``_steps`` (kept in
        locals while the loop runs, stored on every way out).
        """
        game = self.game
        actors_of = game.actors
        apply = game.apply
        entries = self._entries
        state = self._state
        steps = self._steps
        max_steps = self.max_steps
        sample_chance = game.sample_chance
        chance_rng = self._chance_rng
        while True:
            actors = actors_of(state)
            if not actors:
                self._state, self._steps = state, steps
                outcome = game.outcome(state)
                returns = outcome.returns() if outcome else (0.0,) * self.num_players
                self._rewarded = True
                for agent in self.agents:
                    self.rewards[agent] = float(returns[self._seat_of[agent]])
                    self.terminations[agent] = True
                return
            if steps >= max_steps:
                self._state, self._steps = state, steps
                for agent in self.agents:
                    self.truncations[agent] = True
                return
            if actors[0] == CHANCE:
                action = sample_chance(state, chance_rng)
                state = apply(state, CHANCE, action)
                entries.append((CHANCE, action))
                steps += 1
                continue
            buffer = self._buffer
            for seat in actors:
                if seat not in buffer:
                    self._state, self._steps = state, steps
                    self.agent_selection = self.possible_agents[seat]
                    return
            self._buffer = {}
            for seat in actors:
                action = buffer[seat]
                state = apply(state, seat, action)
                entries.append((seat, action))
                steps += 1
