"""PettingZoo ParallelEnv for every Ludoteca game that has an encoding.

>>> from ludoteca.adapters.pettingzoo_parallel import parallel_env
>>> e = parallel_env("tacocat", seed=7)
>>> observations, infos = e.reset()
>>> while e.agents:
...     actions = {
...         agent: e.action_space(agent).sample(observations[agent]["action_mask"])
...         for agent in e.agents
...     }
...     observations, rewards, terminations, truncations, infos = e.step(actions)

Each ``step`` is one moment of the match in which **every seat that must choose chooses at
the same time**: both Tacocat seats in a duel or a double-arrow replace, one seat elsewhere
(a single-arrow replace, an attack, a defence, and every move of the other games). The
seats that choose have their legal numbers in their mask (``infos[agent]["acting"]`` is
``True``); every other agent has an all-zero mask (read-only and shared, as the AEC
environment's masks are) and its number, if given, is ignored —
PettingZoo's convention for turn-based moments in a parallel API (a mask-aware
``action_space(agent).sample(mask)`` returns 0 for an all-zero mask).

Simultaneous choices are genuinely simultaneous: each seat's observation is built before
any of this step's numbers is applied, so no seat sees another's choice of the same step;
once every acting seat has completed its engine action, they are applied in seat order (as
the runner does). Sub-actions work as in the AEC environment (``adapters.pettingzoo``): a
Tacocat seat builds its replace select by select, both seats in the same steps when the
replace is simultaneous; a seat that has confirmed waits (all-zero mask) while the other
completes its own. Chance steps are sampled inside, as in the AEC environment, from
``engine.rng.derive(seed, "chance")``, so a match with seed ``s`` draws the cards
``runner.play(..., seed=s)`` would draw for the same choices.

Observations, spaces, rewards (0 until the end, then ``outcome.returns()``), truncation
(``max_steps`` engine steps), ``state()``, seeds and errors (an acting agent missing from
``actions``, or a number outside its mask, raises with the reason in Spanish and English
and changes nothing) are those of the AEC environment — except that with
``illegal_reward=-1`` a number outside its mask ends the match as a loss for its agent
(PettingZoo's ``TerminateIllegalWrapper``, which its classic games apply), so PettingZoo's
``parallel_seed_test``, which samples without masks, passes, which this one drives underneath
(:attr:`ParallelLudotecaEnv.aec`: its ``engine_state``, ``record()`` and
``engine_steps``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import ParallelEnv

from ludoteca.adapters.pettingzoo import ActionNumber, LudotecaEnv, Observation
from ludoteca.engine import registry
from ludoteca.engine.errors import IllegalActionError, InvalidActionError
from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import msg

_MISSING = "adapters.missing_action"


def parallel_env(
    game_id: str,
    num_players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
    *,
    max_steps: int | None = None,
    scaled: bool = True,
    illegal_reward: float | None = None,
) -> ParallelLudotecaEnv:
    """A PettingZoo ParallelEnv playing the Ludoteca game ``game_id``.

    Args:
        game_id: The game's id (``"tacocat"``).
        num_players: Seats; default the game's fewest.
        seed: Match seed of the first ``reset()`` without one.
        options: Game options by name, validated as on the command line.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        max_steps: Engine steps before truncation; default the game's ``info.max_steps``.
        scaled: Observations scaled into [0, 1] (default, as every adapter;
            ``encodings.scaled``); ``False`` gives the encoding's raw counts.
        illegal_reward: ``None`` (default): a number outside its agent's mask raises
            ``IllegalActionError`` and changes nothing. A number: such a number ends the
            match instead, that reward for its agent and 0 for the others (PettingZoo's
            ``TerminateIllegalWrapper`` for the parallel API), so agents that sample
            without the mask, as PettingZoo's ``parallel_seed_test`` does, can step it.

    Raises:
        GameSetupError: For an unknown game, a game without an encoding, a realtime game,
            a bad player count or bad options (in Spanish and English).
    """
    return ParallelLudotecaEnv(
        LudotecaEnv(
            registry.make(game_id),
            num_players=num_players,
            seed=seed,
            options=options,
            render_mode=render_mode,
            max_steps=max_steps,
            scaled=scaled,
        ),
        illegal_reward=illegal_reward,
    )


class ParallelLudotecaEnv(ParallelEnv[str, Observation, ActionNumber]):
    """Simultaneous steps over an AEC environment (see the module docstring).

    Attributes:
        aec: The AEC environment underneath (its state, drafts and held-back choices).
        illegal_reward: ``None``: a masked-out number raises; else it ends the match with
            this reward for its agent (see :func:`parallel_env`).
    """

    def __init__(self, aec: LudotecaEnv, illegal_reward: float | None = None) -> None:
        self.aec = aec
        self.illegal_reward = illegal_reward
        self.metadata = {**aec.metadata, "is_parallelizable": True}
        self.possible_agents = aec.possible_agents
        self.observation_spaces = aec.observation_spaces
        self.action_spaces = aec.action_spaces
        self.state_space = aec.state_space
        self.render_mode = aec.render_mode
        self.agents: list[str] = []
        self._acting_found: tuple[Any, int, list[Seat]] | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Observation]:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[ActionNumber]:
        """The agent's action space (the same object on every call)."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new match (seeds as in the AEC environment); every agent's observation."""
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.possible_agents[:]
        return self._observations(), self._infos()

    def step(
        self, actions: Mapping[str, ActionNumber]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the numbers of every acting agent at once.

        Args:
            actions: A number per agent; only the acting agents' numbers are read (the
                others may be omitted).

        Returns:
            Observations, rewards, terminations, truncations and infos of the agents live
            before the step; the match is over when ``agents`` is empty.

        Raises:
            EnvNotResetError: Before the first ``reset()``.
            InvalidActionError: If an acting agent's number is missing, not an integer, or
                out of the action space.
            IllegalActionError: If its mask excludes it (unless ``illegal_reward`` is
                set: then the match ends). Nothing changes in either case.
        """
        aec = self.aec
        state = aec.engine_state
        if not self.agents:
            return {}, {}, {}, {}, {}  # the match is over: nothing to play
        acting = self._acting_now(state)
        # Check every number before applying any: a bad one changes nothing; decode each
        # against the decisions before the step (no seat sees another's number of it).
        decoded = []
        for seat in acting:
            agent = aec.possible_agents[seat]
            if agent not in actions:
                raise InvalidActionError(
                    "-", msg(_MISSING, agent=agent, high=aec.encoding.action_size - 1)
                )
            action = actions[agent]
            index = action if type(action) is int else aec._index(action)
            if not 0 <= index < aec._action_size:
                index = aec._index(action)  # raises, in Spanish and English
            _, draft, legal, mask, view = aec._decision(seat)
            if not mask[index]:
                if self.illegal_reward is not None:
                    return self._end_on_illegal(agent, self.illegal_reward)
                label = aec.encoding.action_label(index)
                raise IllegalActionError(
                    seat=seat,
                    action=f"{index} ({label})",
                    phase=aec.game.phase(state),
                    reason=msg("adapters.masked_out", index=index, label=label, agent=agent),
                    legal=[
                        f"{i} ({aec.encoding.action_label(int(i))})" for i in np.flatnonzero(mask)
                    ],
                )
            decoded.append((seat, aec.encoding.decode(index, view, legal, draft)))
        # Then hold back the completed engine actions.
        before = self.agents
        if aec._rewarded:
            aec._clear_rewards()
            aec._rewarded = False
        completed = False
        for seat, meaning in decoded:
            aec._drafts[seat] = meaning.draft
            if meaning.action is not None:
                aec._buffer[seat] = meaning.action
                completed = True
        if completed:
            aec._advance()
        first = before[0]
        if aec.terminations[first] or aec.truncations[first]:
            # Every agent ends at once (by the rules or truncated).
            rewards = {agent: float(aec.rewards.get(agent, 0.0)) for agent in before}
            terminations = {agent: bool(aec.terminations[agent]) for agent in before}
            truncations = {agent: bool(aec.truncations[agent]) for agent in before}
            self.agents = []
            acting_now: list[Seat] = []
        else:
            rewards = dict.fromkeys(before, 0.0)
            terminations = dict.fromkeys(before, False)
            truncations = dict.fromkeys(before, False)
            acting_now = self._acting_now(aec._state)
        observations = self._observations(before, acting_now)
        infos = self._infos(before, acting_now)
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def state(self) -> Any:
        """Every seat's observation vector, in seat order (as the AEC ``state()``)."""
        return self.aec.state()

    def render(self) -> str | None:
        """The spectator's view as text (``"ansi"``), or print it (``"human"``)."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""

    # -- Internals ------------------------------------------------------------------------

    def _end_on_illegal(
        self, offender: str, reward: float
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """End the match before applying anything: ``reward`` for the offender, 0 for the
        others, every agent terminated (``infos[agent]["illegal_action"]`` names the
        offender), as PettingZoo's ``TerminateIllegalWrapper`` does.
        """
        aec = self.aec
        before = list(self.agents)
        aec._clear_rewards()
        for agent in before:
            aec.rewards[agent] = reward if agent == offender else 0.0
            aec.terminations[agent] = True
        observations = self._observations(before)  # every mask all zero: nobody acts
        infos = self._infos(before)
        for agent in before:
            infos[agent]["illegal_action"] = agent == offender
        rewards = {agent: float(aec.rewards[agent]) for agent in before}
        self.agents = []
        return (
            observations,
            rewards,
            dict.fromkeys(before, True),
            dict.fromkeys(before, False),
            infos,
        )

    def _acting(self) -> list[Seat]:
        """The seats that choose in this step: the actors that have not completed their
        engine action; none once the match is over.
        """
        aec = self.aec
        if not self.agents or not aec._live(aec.possible_agents[0]):
            return []  # over by the rules or truncated: every agent at once
        return [seat for seat in aec.game.actors(aec.engine_state) if seat not in aec._buffer]

    def _acting_now(self, state: Any) -> list[Seat]:
        """:meth:`_acting`, found once per state and held-back choices (the step that
        leaves a state finds its acting seats for the next step).
        """
        found = self._acting_found
        if found is not None and found[0] is state and found[1] == len(self.aec._buffer):
            return found[2]
        acting = self._acting()
        self._acting_found = (state, len(self.aec._buffer), acting)
        return acting

    def _observations(
        self, agents: list[str] | None = None, acting: list[Seat] | None = None
    ) -> dict[str, Observation]:
        """Each agent's observation; ``acting`` is :meth:`_acting` if already known."""
        aec = self.aec
        if acting is None:
            acting = self._acting()
        seat_of = aec._seat_of
        observe = aec._observation
        no_action = aec._no_action
        found: dict[str, Observation] = {}
        for agent in self.agents if agents is None else agents:
            seat = seat_of[agent]
            # Both masks are read-only: the acting seat's is cached, the zeros are shared.
            mask = aec._decision(seat)[3] if seat in acting else no_action
            found[agent] = {"observation": observe(seat), "action_mask": mask}
        return found

    def _infos(
        self, agents: list[str] | None = None, acting: list[Seat] | None = None
    ) -> dict[str, dict[str, Any]]:
        if acting is None:
            acting = self._acting()
        names = [self.aec.possible_agents[seat] for seat in acting]
        return {agent: {"acting": agent in names} for agent in (agents or self.agents)}
