"""Checks shared by the encoding tests of Dweebies, Tile Up and Mystery Date, and the
random matches the adapter tests walk (:func:`match_states`).

Each check works through an encoding's public interface only (``observation``,
``action_mask``, ``decode``, ``encode``), so a game's test file states which properties
it checks and on which states; this module says how.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ludoteca.adapters.encodings import Draft
from ludoteca.adapters.pettingzoo import LudotecaEnv
from ludoteca.engine import rng, runner
from ludoteca.engine.game import CHANCE, Game
from ludoteca.engine.replay import replay


@dataclass(frozen=True, slots=True)
class Decision:
    """A moment at which an agent chose: the state, the seat and its draft."""

    state: Any
    seat: int
    draft: Draft


@dataclass
class Games:
    """What random masked games through an environment produced."""

    decisions: list[Decision]
    finals: list[Any]
    lengths: list[int]


def play_random(
    e: LudotecaEnv,
    seeds: Iterable[int],
    keep: int = 0,
    each_game: Callable[[LudotecaEnv], None] | None = None,
) -> Games:
    """Play one random masked game per seed to its end; keep every ``keep``-th decision.

    Every game must end by the rules (terminations, never truncation), with a non-empty
    mask at every choice and rewards equal to the engine outcome's returns.
    """
    games = Games([], [], [])
    count = 0
    for seed in seeds:
        e.reset(seed=seed)
        policy = rng.derive(seed, "policy")
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            totals[agent] += reward
            if termination or truncation:
                assert not truncation, f"seed {seed}: truncated after {e.engine_steps} steps"
                e.step(None)
                continue
            assert observation is not None
            allowed = np.flatnonzero(observation["action_mask"])
            assert allowed.size > 0, f"seed {seed}: empty mask for {agent}"
            if keep and count % keep == 0:
                seat = int(agent.rpartition("_")[2])
                draft = e._drafts[seat]
                games.decisions.append(Decision(e.engine_state, seat, draft))
            count += 1
            e.step(int(allowed[rng.below(policy, len(allowed))]))
        outcome = e.game.outcome(e.engine_state)
        assert outcome is not None, f"seed {seed}: the game did not end"
        returns = outcome.returns()
        assert totals == {a: float(returns[i]) for i, a in enumerate(e.possible_agents)}
        games.finals.append(e.engine_state)
        games.lengths.append(e.engine_steps)
        if each_game is not None:
            each_game(e)
    return games


def match_states(
    game: Game[Any, Any],
    players: int,
    seed: int,
    picker: random.Random,
    options: dict[str, Any] | None = None,
) -> Iterator[Any]:
    """Every state of one random match from ``runner.new_game(..., seed, options)``, in
    order, chance states included: chance draws with ``game.sample_chance`` and every
    acting seat picks a legal action uniformly, both from ``picker``.
    """
    state = runner.new_game(game, players, seed, options)
    while True:
        yield state
        actors = game.actors(state)
        if not actors:
            return
        if actors[0] == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, picker))
            continue
        picks = [(seat, picker.choice(game.legal_actions(state, seat))) for seat in actors]
        for seat, action in picks:
            state = game.apply(state, seat, action)


def replays_exactly(e: LudotecaEnv) -> None:
    """The environment's record of the match just played rebuilds its final state."""
    rec = e.record()
    assert rec.outcome is not None
    assert replay(rec) == e.engine_state


def reachable(
    enc: Any, view: Any, legal: Sequence[Any], draft: Draft = (), depth: int = 3
) -> dict[Any, tuple[int, ...]]:
    """Every engine action the mask lets the seat complete from ``draft``, with the
    numbers that complete it (a search over the sub-action tree)."""
    found: dict[Any, tuple[int, ...]] = {}
    mask = enc.action_mask(view, legal, draft)
    for index in np.flatnonzero(mask).tolist():
        decoded = enc.decode(index, view, legal, draft)
        if decoded.action is not None:
            assert decoded.action not in found, f"two numbers play {decoded.action}"
            assert decoded.draft == ()
            found[decoded.action] = (index,)
            continue
        assert depth > 1, "sub-actions nested too deep"
        assert decoded.draft != draft
        below = reachable(enc, view, legal, decoded.draft, depth - 1)
        assert below, f"sub-action {enc.action_label(index)} leads nowhere"
        for action, numbers in below.items():
            assert action not in found, f"two paths play {action}"
            found[action] = (index, *numbers)
    return found


def mask_agrees_with_the_engine(game: Game[Any, Any], enc: Any, decision: Decision) -> int:
    """The actions reachable through the mask from an empty draft are exactly the legal
    engine actions; each one's ``encode`` is the path that reaches it; from the decision's
    own draft only legal actions are reachable. Returns the number of legal actions.
    """
    state, seat = decision.state, decision.seat
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    found = reachable(enc, view, legal)
    assert set(found) == set(legal)
    assert len(found) == len(legal)
    for action, numbers in found.items():
        assert enc.encode(action, view=view) == numbers
    if decision.draft:
        assert set(reachable(enc, view, legal, decision.draft)) <= set(legal)
    return len(legal)


def no_leak(game: Game[Any, Any], enc: Any, decision: Decision, picker: random.Random) -> bool:
    """Resampling every hidden zone (``game.sample_state``) changes neither the seat's
    observation nor its mask. Returns whether the resampled state differs from the real
    one (so a caller can check the test compared different states)."""
    state, seat, draft = decision.state, decision.seat, decision.draft
    view = game.view(state, seat)
    sampled = game.sample_state(view, seat, picker)
    other = game.view(sampled, seat)
    assert np.array_equal(enc.observation(other, draft), enc.observation(view, draft))
    assert np.array_equal(
        enc.action_mask(other, game.legal_actions(sampled, seat), draft),
        enc.action_mask(view, game.legal_actions(state, seat), draft),
    )
    return bool(sampled != state)


def within_bounds(enc: Any, vector: Any) -> None:
    """A float32 observation of the declared size inside the declared box."""
    assert vector.dtype == np.float32
    assert vector.shape == enc.observation_low.shape == enc.observation_high.shape
    bad = np.flatnonzero((vector < enc.observation_low) | (vector > enc.observation_high))
    assert bad.size == 0, f"entries out of bounds: {bad[:10].tolist()}"


def documented_blocks(doc: str) -> list[tuple[int, int, str]]:
    """The ``offset size name`` rows of the observation table of a module docstring."""
    table = doc.partition("\nObservation\n")[2]
    rows = re.findall(r"^(\d+)\s+(\d+)\s+([a-z_]+)\s", table, re.MULTILINE)
    return [(int(offset), int(size), name) for offset, size, name in rows]


def documented_actions(doc: str) -> list[tuple[int, int, int]]:
    """The ``first-last count`` rows of the action table of a module docstring."""
    table = doc.partition("\nObservation\n")[0].partition("\nAction space\n")[2]
    rows = re.findall(r"^(\d+)(?:-(\d+))?\s+(\d+)\s", table, re.MULTILINE)
    return [(int(first), int(last or first), int(count)) for first, last, count in rows]
