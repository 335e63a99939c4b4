"""Information-set Monte Carlo tree search over the agent's own decisions.

Each iteration draws a full state consistent with the agent's view (``game.sample_state``),
so the search never looks at hidden cards. The tree is open-loop: a node is a sequence of
the agent's own actions; between two of its decisions the other seats play with a policy
(by default the game's greedy agent, else random) and chance is sampled. Actions that are
legal only in some determinizations are selected with availability counts (Cowling et al.,
"Information Set Monte Carlo Tree Search", 2012). Where a decision has more legal actions
than ``max_branching`` the search defers to the policy, since a few hundred iterations
cannot tell hundreds of arms apart.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import CHANCE, Game, Seat, View
from ludoteca.engine.i18n import msg, register
from ludoteca.engine.runner import Agent


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Any, _Node] = {}


class ISMCTSAgent:
    """Search-based agent; plays any game that implements ``sample_state``.

    Args:
        game: The game being played.
        policy: How the other seats (and this seat, after the tree) play in simulations.
        iterations: Determinized simulations per decision.
        exploration: UCB exploration constant (returns lie in [-1, 1]).
        max_branching: Above this many legal actions, ask ``policy`` instead of searching.
        horizon: Steps a simulation may run before it is scored as a draw.
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any, Any],
        policy: Agent,
        *,
        iterations: int = 200,
        exploration: float = 0.8,
        max_branching: int = 24,
        horizon: int | None = None,
    ) -> None:
        if game.info.realtime:
            # Its simulations apply every simultaneous choice; a realtime race applies only
            # the earliest, and whole-game playouts per decision would be far too slow.
            raise GameSetupError(msg("agents.ismcts_realtime", game=game.info.id))
        self.game = game
        self.policy = policy
        self.iterations = iterations
        self.exploration = exploration
        self.max_branching = max_branching
        self.horizon = horizon if horizon is not None else game.info.max_steps
        # A uniform policy never reads the view, so simulations skip building one.
        self._blind_policy = isinstance(policy, RandomAgent)

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The action with the most visits after ``iterations`` determinized simulations."""
        if len(legal) == 1:
            return legal[0]
        if len(legal) > self.max_branching:
            return self.policy.choose(view, legal, rng)
        seat: Seat = view["seat"]
        root = _Node()
        for _ in range(self.iterations):
            state = self.game.sample_state(view, seat, rng)
            self._iterate(root, state, seat, rng)
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best

    def _iterate(self, root: _Node, state: Any, me: Seat, rng: random.Random) -> None:
        game = self.game
        path: list[_Node] = []
        node: _Node | None = root
        steps = 0
        while steps < self.horizon:
            actors = game.actors(state)
            if not actors:
                break
            if actors[0] == CHANCE:
                state = game.apply(state, CHANCE, game.sample_chance(state, rng))
                steps += 1
                continue
            choices: list[tuple[Seat, Any]] = []
            for seat in actors:
                legal = game.legal_actions(state, seat)
                if seat == me and node is not None:
                    action, node = self._select(node, legal, rng)
                    path.append(node)
                elif self._blind_policy:
                    action = rng_mod.choice(rng, legal)
                else:
                    action = self.policy.choose(game.view(state, seat), legal, rng)
                choices.append((seat, action))
            for seat, action in choices:
                state = game.apply(state, seat, action)
                steps += 1
            if node is not None and node.visits == 0:
                node = None  # expanded one new node: the rest is the playout
        outcome = game.outcome(state)
        reward = outcome.returns()[me] if outcome is not None else 0.0
        for visited in path:
            visited.visits += 1
            visited.reward += reward

    def _select(self, node: _Node, legal: Sequence[Any], rng: random.Random) -> tuple[Any, _Node]:
        untried = [a for a in legal if a not in node.children]
        for action in legal:
            child = node.children.get(action)
            if child is not None:
                child.available += 1
        if untried:
            action = rng_mod.choice(rng, untried)
            child = _Node()
            child.available = 1
            node.children[action] = child
            return action, child
        best_score = -math.inf
        best: Any = legal[0]
        for action in legal:
            child = node.children[action]
            score = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best_score, best = score, action
        return best, node.children[best]


register(
    {
        "agents.ismcts_realtime": {
            "es": "El agente ismcts no juega '{game}': es un juego en tiempo real (los "
            "jugadores compiten por actuar primero) y su búsqueda no lo representa",
            "en": "The ismcts agent does not play '{game}': it is a realtime game (players "
            "race to act first), which its search does not represent",
        }
    }
)
