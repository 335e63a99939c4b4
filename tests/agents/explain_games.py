"""Full games with every bot explaining each of its moves, for the explanation tests.

:class:`Explained` wraps a bot: after each choice it keeps the decision
(``explain.capture``), as the web table and the terminal do. :func:`explained_game` plays a
game with the bot under test in seat 0 and random bots elsewhere, and returns each applied
bot move with its decision and the state it was chosen in.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.agents import levels
from ludoteca.agents import registry as agents
from ludoteca.agents.explain import Decision, capture
from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE, Game, Seat, View

SEARCH = "ismcts:iterations=40"
"""The search bot's budget in these games (its level plays far more; the reasons are alike)."""
PLAYERS = {"gotcha": 3}
"""Player counts other than two."""
MAX_STEPS = {"gotcha": 900}
"""Gotcha's party runs thousands of steps of chat and emotes: its first 900 are checked."""


def bots(game_id: str) -> list[str]:
    """Every bot of a game, the search bot with a small budget, and a level's bot that is
    not listed by name (Gotcha's levels are ``humanlike:skill=S``): every level is covered (the
    search bot does not play a realtime game).
    """
    names = agents.agent_names(game_id)
    if registry.make(game_id).info.realtime:
        names = tuple(name for name in names if name != "ismcts")
    out = [SEARCH if name == "ismcts" else name for name in names]
    for level in levels.LEVELS:
        name = agents.agent_for_level(level, game_id)
        if name.partition(":")[0] in agents.level_only_agents(game_id) and name not in out:
            out.append(name)
            break  # one of them: they differ only in their reflexes
    return out


class Explained:
    """A bot that keeps each decision it makes, and a copy of itself from before it."""

    reads_view = True

    def __init__(self, game_id: str, name: str, seat: Seat, keep_every: int) -> None:
        self.game_id = game_id
        self.keep_every = keep_every
        self.inner = agents.make_agent(name, game_id)
        self.name = self.inner.name
        self.seat = seat
        self.decisions: list[tuple[Decision, Any, random.Random]] = []
        """Each decision, the bot as it was before it (every ``keep_every``-th decision,
        else ``None``) and its stream then."""

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The inner bot's choice; the decision is kept."""
        keep = len(self.decisions) % self.keep_every == 0
        before = fresh_copy(self.inner) if keep else None
        stream = random.Random()
        stream.setstate(rng.getstate())
        action = self.inner.choose(view, legal, rng)
        self.decisions.append(
            (capture(self.game_id, self.inner, self.seat, view, legal, action), before, stream)
        )
        return action


def fresh_copy(agent: Any) -> Any:
    """A copy of a bot that chooses as it would have, sharing what never changes a choice:
    the game and the Tacocat expert's solved positions (pure caches, slow to copy).
    """
    memo: dict[int, Any] = {}
    todo = [agent]
    while todo:
        inner = todo.pop()
        for name in ("game", "_solvers"):
            shared = getattr(inner, name, None)
            if shared is not None:
                memo[id(shared)] = shared
        todo.extend(
            getattr(inner, name) for name in ("anchor", "fallback") if getattr(inner, name, None)
        )
    return copy.deepcopy(agent, memo)


@dataclass(frozen=True, slots=True)
class Move:
    """A bot's applied move: its decision, the bot before it, its stream and the state."""

    decision: Decision
    before: Any
    stream: random.Random
    state: Any


def explained_game(
    game_id: str, name: str, seed: int, keep_every: int = 5
) -> tuple[Game[Any, Any], list[Move]]:
    """A full game of ``name`` (seat 0) against random bots; every applied bot move (the
    bot's copy from before it kept for every ``keep_every``-th decision of a seat).
    """
    game = registry.make(game_id)
    players = PLAYERS.get(game_id, 2)
    seats = [
        Explained(game_id, name if seat == 0 else "random", seat, keep_every)
        for seat in range(players)
    ]
    moves: list[Move] = []

    def observe(before: Any, seat: Seat, action: Any, after: Any) -> None:
        if seat == CHANCE:
            return
        decision, agent, stream = seats[seat].decisions[-1]
        assert decision.action == action, "the applied move is the bot's latest choice"
        moves.append(Move(decision, agent, stream, before))

    runner.play(game, seats, seed, max_steps=MAX_STEPS.get(game_id), observer=observe)
    return game, moves
