"""Information-set Monte Carlo tree search over the agent's own decisions.

Each iteration draws a full state consistent with the agent's view (``game.sample_state``,
or the function ``game.sampler(view, seat)`` returns where a game has one: the same draw with
the view read once per decision), so the search never looks at hidden cards. The tree is
open-loop: a node is a sequence of the agent's own actions; between two of its decisions
the other seats play uniformly at random and chance is sampled. Actions that are legal only
in some determinizations are selected with availability counts (Cowling et al.,
"Information Set Monte Carlo Tree Search", 2012).

Playouts are cheap: uniform random actions (profiling showed a greedy playout policy took
66-82% of the time for little strength). A game may give a :class:`SearchSpec` with an
evaluation function, applied after ``cutoff`` playout steps or as soon as ``stop`` says so,
which turns a long random playout into a short one plus a heuristic value.

The budget is either ``iterations`` per decision or ``seconds`` per decision (iterations are
reproducible; seconds depend on the machine's load). When a decision has more legal actions
than ``max_branching`` the search asks ``fallback`` (the game's greedy agent), since a few
thousand iterations cannot tell hundreds of arms apart.

A game may also name the root ``candidates`` (its heuristic's best few moves, searched
instead of every legal one) and ``guided`` playout decisions made by ``fallback``.

No tree is kept between decisions. Reconsidered for issue 18: in an open-loop tree the
chosen move's child *is* "my next decision after it", so keeping it is sound only if (a)
one agent object is asked every own decision of one game, in order, and (b) every own
decision inside the tree is a node. (b) fails in Tacocat, whose replace decisions below
the root are left to the playout rule (``SearchSpec.playout``), so the kept child would be
the decision after the next; (a) is invisible to an agent (``simulate`` and the web build
one per game, but nothing in a view names the game, and callers such as hints re-use
agents). What it would carry is also weak: the child's visits were spread over random
replies and chance outcomes that mostly did not happen, a biased prior rather than saved
iterations. Root ``candidates`` spend the budget better.
"""

from __future__ import annotations

import math
import random
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import CHANCE, Game, Seat, View
from ludoteca.engine.i18n import msg, register
from ludoteca.engine.runner import Agent

MIN_SAMPLES = 4
"""Fewest paired samples an anchored search takes (and needs before it may override)."""

Evaluation = Callable[[Any, Seat], float]
"""``evaluate(state, seat)``: the state's value for ``seat`` in ``[-1, 1]``."""


@dataclass(frozen=True, slots=True)
class SearchSpec:
    """What a game tells the search: how to cut a playout short and score it there.

    Attributes:
        evaluate: Value of a non-final state for a seat in ``[-1, 1]`` (``None``: play out).
        cutoff: Playout steps (actions and chance outcomes) before ``evaluate`` is applied;
            ``0`` plays to the end of the game.
        stop: ``stop(state)`` true where a playout ends early and is evaluated.
        playout: ``playout(state, seat, rng)``: a cheap action for a seat outside the tree
            where listing the legal actions is dear (``None`` from it: a uniform legal one).
        replies: Decisions of other seats, from the root on, made by the ``fallback`` agent
            from their own view instead of at random: a sensible answer to each candidate
            costs one heuristic call and stops the search from counting on blunders.
        pool: Determinizations drawn per decision and re-used in turn (``0``: a fresh one
            per iteration). For games whose ``sample_state`` is much dearer than a playout.
        candidates: ``candidates(view, legal)``: the root actions worth searching, best
            first by the game's heuristic (``None``: every legal action). A few hundred
            iterations tell five arms apart, not fifty; ties of visits go to the earlier one.
            None at all: the decision is not searched (the anchor's move, else the
            fallback's, is played), for decisions the evaluation cannot judge.
        guided: Playout decisions (of any seat, after the tree) made by the ``fallback``
            agent from that seat's view instead of at random: short sensible playouts where
            random play gives points away at once.
    """

    evaluate: Evaluation | None = None
    cutoff: int = 0
    stop: Callable[[Any], bool] | None = None
    playout: Callable[[Any, Seat, random.Random], Any] | None = None
    replies: int = 0
    pool: int = 0
    candidates: Callable[[View, Sequence[Any]], Sequence[Any]] | None = None
    guided: int = 0


@dataclass(slots=True)
class SearchStats:
    """What the last search did, for benchmarks and for showing why a move was chosen.

    Attributes:
        iterations: Iterations run for the last decision.
        seconds: Time it took.
        cpu_seconds: Processor time it took (independent of other processes' load),
            the anchor's choice included.
        top: ``(action, visits, mean value)`` of the root's most visited actions (anchored:
            the chosen action first, then the best others by mean).
        anchored: The search compared its anchor's choice with other candidates.
        overridden: Anchored search only: the search replaced the anchor's choice.
        anchor_choice: Anchored search only: the anchor's choice for this decision (the move
            an override replaced); ``None`` without an anchor.
        anchor_value: Anchored search only: the mean value of the anchor's choice.
        margin: Anchored search only: how much more than the anchor's mean value the best
            other candidate needed to replace it (``confidence`` standard errors of their
            paired difference). A candidate whose mean is higher by less was within chance,
            which is why a kept anchor's move may show a lower mean than another's.
    """

    iterations: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    top: tuple[tuple[Any, int, float], ...] = ()
    anchored: bool = False
    overridden: bool = False
    anchor_choice: Any = None
    anchor_value: float = 0.0
    margin: float = 0.0


def own_stream(rng: random.Random) -> random.Random:
    """A generator seeded from ``rng``'s whole state, without drawing from ``rng``.

    The same state gives the same stream on every Python version (the Mersenne Twister's
    state words seed ``init_by_array``), and different states give unrelated streams.
    """
    words = rng.getstate()[1]
    return random.Random(int.from_bytes(array("I", words).tobytes(), "little"))


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Any, _Node] = {}


class ISMCTSAgent:
    """Search-based agent; plays any turn-based game that implements ``sample_state``.

    Args:
        game: The game being played.
        fallback: Chooses where the search does not (too many legal actions).
        iterations: Most iterations per decision (``None``: no limit but ``seconds``).
        seconds: Most thinking time per decision (``None``: no limit but ``iterations``).
        exploration: UCB exploration constant (returns lie in [-1, 1]).
        max_branching: Above this many legal actions, ask ``fallback`` instead of searching.
        spec: The game's playout cut-off and evaluation.
        anchor: The game's strongest heuristic (its ``expert``): when given, its choice is
            played unless the search finds a candidate better on the same determinizations
            and playout streams by ``confidence`` standard errors (see ``_anchored``).
        confidence: Standard errors of the paired difference an override needs.
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any, Any],
        fallback: Agent,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        max_branching: int = 24,
        spec: SearchSpec | None = None,
        anchor: Agent | None = None,
        confidence: float = 2.0,
    ) -> None:
        if game.info.realtime:
            # Its simulations apply every simultaneous choice; a realtime race applies only
            # the earliest, and whole-game playouts per decision would be far too slow.
            raise GameSetupError(msg("agents.ismcts_realtime", game=game.info.id))
        self.game = game
        self.fallback = fallback
        self.iterations = iterations if iterations is not None or seconds is not None else 1000
        self.seconds = seconds
        self.exploration = exploration
        self.max_branching = max_branching
        self.spec = spec if spec is not None else SearchSpec()
        self.stats = SearchStats()
        self.anchor = anchor
        self.confidence = confidence

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The most visited action after the budget of determinized iterations.

        With an ``anchor``: its choice, unless the paired comparison overrides it.
        """
        if self.anchor is not None:
            return self._anchored(view, legal, rng, self.anchor)
        if len(legal) == 1:
            self.stats = SearchStats()
            return legal[0]
        if self.spec.candidates is not None:
            pool = list(self.spec.candidates(view, legal))
            if not pool:
                self.stats = SearchStats()
                return self.fallback.choose(view, legal, rng)
            legal = pool
            if len(legal) == 1:
                self.stats = SearchStats(top=((legal[0], 0, 0.0),))
                return legal[0]
        if len(legal) > self.max_branching:
            self.stats = SearchStats()
            return self.fallback.choose(view, legal, rng)
        root = self.search(view, legal, rng)
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best

    def _anchored(self, view: View, legal: Sequence[Any], rng: random.Random, anchor: Agent) -> Any:
        """The anchor's move, or a candidate that beats it on common random numbers.

        Every sample is one determinization and one seed; each candidate is searched from
        it with a stream made from that seed (its own subtree below the root), so chance
        and random playouts agree between candidates as far as their moves allow. The
        best other candidate by mean replaces the anchor's move only if its paired mean
        difference exceeds ``confidence`` standard errors: a rollout improvement of the
        anchor that keeps its move when the evidence is thin.
        """
        cpu_started = time.process_time()
        started = time.perf_counter()
        # Always asked, even for a forced move: an anchor may learn from every view.
        first = anchor.choose(view, legal, rng)
        # The search draws from its own stream, so the agent's stream is exactly what the
        # anchor alone would have drawn: a game changes only where the search overrides,
        # and the anchor replayed in the same seats is an exact paired control.
        rng = own_stream(rng)
        if len(legal) == 1:
            self.stats = SearchStats(anchor_choice=first)
            return first
        pool = list(self.spec.candidates(view, legal)) if self.spec.candidates else list(legal)
        others = [action for action in pool if action != first]
        if not others or len(others) >= self.max_branching:
            self.stats = SearchStats(top=((first, 0, 0.0),), anchor_choice=first)
            return first
        candidates = [first, *others]
        seat: Seat = view["seat"]
        roots = [_Node() for _ in candidates]
        allowed = [frozenset((action,)) for action in candidates]
        rewards: list[list[float]] = [[] for _ in candidates]
        deadline = started + self.seconds if self.seconds is not None else math.inf
        budget = self.iterations if self.iterations is not None else 1 << 62
        size = self.spec.pool
        states: list[Any] = []
        draw = self._sampler(view, seat)
        done = samples = 0
        # At least MIN_SAMPLES samples, even past a time budget the anchor used up.
        while done < budget and (samples < MIN_SAMPLES or time.perf_counter() < deadline):
            if size and len(states) >= size:
                state = states[samples % size]
            else:
                state = draw(rng)
                if size:
                    states.append(state)
            seed = rng.getrandbits(64)
            for index, root in enumerate(roots):
                reward = self._iterate(root, state, seat, random.Random(seed), allowed[index])
                rewards[index].append(reward)
            samples += 1
            done += len(candidates)
        means = [sum(values) / samples if samples else 0.0 for values in rewards]
        chosen = 0
        best = max(range(1, len(candidates)), key=lambda i: means[i])
        margin = math.inf
        if samples >= MIN_SAMPLES:
            differences = [b - a for a, b in zip(rewards[0], rewards[best], strict=True)]
            mean = sum(differences) / samples
            spread = sum((d - mean) ** 2 for d in differences) / (samples - 1)
            margin = self.confidence * math.sqrt(spread / samples)
            if mean > 0 and mean > margin:
                chosen = best
        ranked = sorted(range(len(candidates)), key=lambda i: (i != chosen, -means[i]))
        self.stats = SearchStats(
            iterations=done,
            seconds=time.perf_counter() - started,
            cpu_seconds=time.process_time() - cpu_started,
            top=tuple((candidates[i], samples, means[i]) for i in ranked[:3] if samples),
            anchored=True,
            overridden=chosen != 0,
            anchor_choice=first,
            anchor_value=means[0],
            margin=margin,
        )
        return candidates[chosen]

    def search(self, view: View, legal: Sequence[Any], rng: random.Random) -> _Node:
        """Run the budget from ``view`` and return the root (its children hold the stats).

        Only ``legal`` is searched at the root (a subset of the legal actions, if the
        caller restricted them).
        """
        seat: Seat = view["seat"]
        root = _Node()
        allowed = frozenset(legal)
        started = time.perf_counter()
        cpu_started = time.process_time()
        deadline = started + self.seconds if self.seconds is not None else math.inf
        budget = self.iterations if self.iterations is not None else 1 << 62
        pool: list[Any] = []
        size = self.spec.pool
        draw = self._sampler(view, seat)
        done = 0
        while done < budget:
            if size and len(pool) >= size:
                state = pool[done % size]
            else:
                state = draw(rng)
                if size:
                    pool.append(state)
            self._iterate(root, state, seat, rng, allowed)
            done += 1
            # A clock read costs as much as a short playout: look every 16 iterations.
            if done & 15 == 0 and time.perf_counter() >= deadline:
                break
        ranked = sorted(
            (a for a in legal if a in root.children),
            key=lambda a: -root.children[a].visits,
        )
        self.stats = SearchStats(
            iterations=done,
            seconds=time.perf_counter() - started,
            cpu_seconds=time.process_time() - cpu_started,
            top=tuple(
                (a, root.children[a].visits, root.children[a].reward / root.children[a].visits)
                for a in ranked[:3]
                if root.children[a].visits
            ),
        )
        return root

    def _sampler(self, view: View, seat: Seat) -> Callable[[random.Random], Any]:
        """Determinizations of ``view``: the game's ``sampler(view, seat)`` where it has one
        (the view read once per decision, not once per iteration), else ``sample_state``.
        """
        sampler = getattr(self.game, "sampler", None)
        if sampler is not None:
            made: Callable[[random.Random], Any] = sampler(view, seat)
            return made
        game = self.game
        return lambda rng: game.sample_state(view, seat, rng)

    def _iterate(
        self, root: _Node, state: Any, me: Seat, rng: random.Random, allowed: frozenset[Any]
    ) -> float:
        """One iteration from ``state``: select, expand, play out, back up; its reward."""
        game = self.game
        spec = self.spec
        path: list[_Node] = []
        node: _Node | None = root
        playout = 0
        limit = game.info.max_steps
        cutoff = spec.cutoff if spec.evaluate is not None and spec.cutoff else limit
        stop = spec.stop if spec.evaluate is not None else None
        below = rng.random
        quick = spec.playout
        replies = spec.replies
        guided = spec.guided
        fallback = self.fallback.choose
        view = game.view
        steps = 0
        while steps < limit:
            actors = game.actors(state)
            if not actors:
                break
            if node is None:
                if playout >= cutoff or (stop is not None and stop(state)):
                    break
                playout += 1
            if actors[0] == CHANCE:
                state = game.apply(state, CHANCE, game.sample_chance(state, rng))
                steps += 1
                continue
            choices: list[tuple[Seat, Any]] = []
            for seat in actors:
                action = None
                if quick is not None and node is not root:
                    action = quick(state, seat, rng)
                    if action is not None and seat == me:
                        node = None  # a decision the game leaves to the playout policy
                if action is None:
                    if seat == me and node is not None:
                        legal = game.legal_actions(state, seat)
                        if node is root:
                            legal = [a for a in legal if a in allowed] or legal
                        action, node = self._select(node, legal, rng)
                        path.append(node)
                    else:
                        legal = game.legal_actions(state, seat)
                        if replies and seat != me:
                            replies -= 1
                            action = fallback(view(state, seat), legal, rng)
                        elif guided and node is None:
                            guided -= 1
                            action = fallback(view(state, seat), legal, rng)
                        else:
                            action = legal[int(below() * len(legal))]
                choices.append((seat, action))
            for seat, action in choices:
                state = game.apply(state, seat, action)
                steps += 1
            if node is not None and node.visits == 0:
                node = None  # expanded one new node: the rest is the playout
        outcome = game.outcome(state)
        if outcome is not None:
            reward = outcome.returns()[me]
        elif spec.evaluate is not None:
            reward = spec.evaluate(state, me)
        else:
            reward = 0.0
        for visited in path:
            visited.visits += 1
            visited.reward += reward
        return reward

    def _select(self, node: _Node, legal: Sequence[Any], rng: random.Random) -> tuple[Any, _Node]:
        children = node.children
        untried = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried:
            action = rng_mod.choice(rng, untried)
            child = _Node()
            child.available = 1
            children[action] = child
            return action, child
        best_score = -math.inf
        best: Any = legal[0]
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        for action in legal:
            child = children[action]
            visits = child.visits
            if visits == 0:
                return action, child
            score = child.reward / visits + c * sqrt(log(child.available) / visits)
            if score > best_score:
                best_score, best = score, action
        return best, children[best]


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
