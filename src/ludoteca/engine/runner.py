"""Play matches: legality-checked steps, chance sampling and agents that see only views."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from ludoteca.engine import i18n, native
from ludoteca.engine import options as options_mod
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.errors import GameSetupError, IllegalActionError, NotYourTurnError
from ludoteca.engine.game import CHANCE, Game, GameInfo, Outcome, RealtimeGame, Seat, View
from ludoteca.engine.i18n import msg
from ludoteca.engine.lazy import LazyActions
from ludoteca.engine.record import GameRecord

StepObserver = Callable[[Any, Seat, Any, Any], None]
"""Called as ``observer(state_before, seat, action, state_after)`` after every step."""


class Agent(Protocol):
    """Anything that picks an action from a view and the legal actions.

    An agent whose class sets ``reads_view = False`` (the random agent) is handed an empty
    view: :func:`play` then skips building one, the largest cost of a random match.
    """

    name: str

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Return one element of ``legal``."""
        ...


@dataclass(frozen=True, slots=True)
class Match:
    """A finished (or stopped) match.

    Attributes:
        state: The final state.
        record: Everything needed to replay it.
        outcome: The result, or ``None`` if stopped before the end.
        steps: Actions plus chance outcomes applied.
    """

    state: Any
    record: GameRecord
    outcome: Outcome | None
    steps: int


def new_game(
    game: Game[Any, Any],
    num_players: int,
    seed: int,
    options: Mapping[str, object] | None = None,
) -> Any:
    """The initial state of a match, with player count and options validated.

    Raises:
        GameSetupError: For a player count outside the game's range or bad options.
    """
    check_players(game.info, num_players)
    resolved = options_mod.resolve(game.info, options)
    return game.setup(num_players, rng_mod.derive(seed, "setup"), resolved)


def check_players(info: GameInfo, num_players: int) -> None:
    """Raise ``GameSetupError`` unless the game is played by ``num_players`` seats."""
    if not info.min_players <= num_players <= info.max_players:
        raise GameSetupError(
            msg(
                "engine.bad_players_exact"
                if info.min_players == info.max_players
                else "engine.bad_players",
                game=i18n.Localized(es=info.name_es, en=info.name_en),
                low=info.min_players,
                high=info.max_players,
                n=num_players,
            )
        )


def check(game: Game[Any, Any], state: Any, seat: Seat, action: Any) -> None:
    """Raise if ``seat`` may not play ``action`` in ``state``; return quietly if it may.

    Raises:
        NotYourTurnError: If ``seat`` is not among the actors (or the game is over).
        IllegalActionError: If the action is not among the seat's legal actions.
    """
    actors = game.actors(state)
    legal: Sequence[Any]
    if seat == CHANCE and actors == (CHANCE,):
        legal = [outcome for outcome, _ in game.chance_outcomes(state)]
    else:
        legal = game.legal_actions(state, seat) if seat in actors else ()
    if action in legal:
        return
    _refuse(game, state, seat, action, actors, legal)


def _refuse(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    action: Any,
    actors: Sequence[Seat],
    legal: Sequence[Any],
) -> None:
    """Raise the error for an action found illegal (the slow path: messages are built here).

    Raises:
        NotYourTurnError: If ``seat`` is not among the actors (or the game is over).
        IllegalActionError: Otherwise.
    """
    phase = game.phase(state)
    label_key = f"{game.info.id}.phase.{phase}"
    label = msg(label_key) if i18n.has(label_key) else None
    explanation = None if seat == CHANCE else game.explain(state, seat, action)
    rule_id, reason = explanation if explanation else (None, msg("engine.not_legal_here"))
    error = NotYourTurnError if seat not in actors else IllegalActionError
    if seat not in actors and (explanation is None or rule_id is None):
        reason = (
            msg("engine.not_your_turn", seat=seat, actors_seats=tuple(actors))
            if actors
            else msg("engine.game_over")
        )
    raise error(
        seat=seat,
        action=str(action),
        phase=phase,
        reason=reason,
        rule_id=rule_id,
        legal=[str(a) for a in legal],
        phase_label=label,
    )


def step(game: Game[Any, Any], state: Any, seat: Seat, action: Any, *, checked: bool = True) -> Any:
    """Apply ``action`` for ``seat``, checking legality first unless ``checked`` is false.

    Raises:
        IllegalActionError: If the action is not legal (the state is left as it was).
    """
    if checked:
        check(game, state, seat, action)
    return game.apply(state, seat, action)


def play(
    game: Game[Any, Any],
    agents: Sequence[Agent],
    seed: int,
    options: Mapping[str, object] | None = None,
    *,
    max_steps: int | None = None,
    observer: StepObserver | None = None,
    checked: bool = True,
) -> Match:
    """Play one match to the end.

    Chance steps are drawn from a stream derived from ``seed``; each agent gets its own
    derived stream. When several seats act at once, every one of them chooses from the
    same state before any choice is applied. In an ordinary game every choice is then
    applied (simultaneous secret choices). In a realtime game (``GameInfo.realtime``) the
    seats race: only the choice with the earliest game-clock time is applied (ties go to
    the seat listed first by ``actors``), and every actor is asked again from the new state.

    Args:
        game: The game.
        agents: One agent per seat; their number is the player count.
        seed: The match seed.
        options: Game options.
        max_steps: Stop after this many steps (default: the game's ``max_steps``).
        observer: Called after every step.
        checked: Check each agent action for legality (turn off only for trusted agents).

    Returns:
        The finished match with its record.
    """
    state = new_game(game, len(agents), seed, options)
    resolved = options_mod.resolve(game.info, options)
    chance_rng = rng_mod.derive(seed, "chance")
    agent_rngs = [rng_mod.derive(seed, "agent", seat) for seat in range(len(agents))]
    reads_view = [getattr(agent, "reads_view", True) for agent in agents]
    # The record's entries are written as text every ``_WRITE_EVERY`` steps, not at the end,
    # and seats and actions wait in two lists rather than a ``(seat, action)`` tuple a step:
    # a game's worth of kept action objects (and tuples holding them) outlives the young
    # collections, and in a process with a large heap (every game's interned actions) each
    # such survivor brings the next full collection nearer. Gotcha's matches, whose actions
    # are new objects every step, spent ~12% of their time in full collections (see
    # ``bench/README.md``, the lead's sixteenth session).
    written: list[tuple[Seat, str]] = []
    played_seats: list[Seat] = []
    played_actions: list[Any] = []
    limit = game.info.max_steps if max_steps is None else max_steps
    actors_of, legal_actions, apply, view = game.actors, game.legal_actions, game.apply, game.view
    sample_chance = game.sample_chance
    realtime = game.info.realtime
    steps = 0
    # Choices made together from one state, still to apply (last one first).
    queue: list[tuple[Seat, Any]] = []
    while steps < limit or queue:
        if queue:
            seat, action = queue.pop()
        else:
            actors = actors_of(state)
            if not actors:
                break
            seat = actors[0]
            # A chance step or a single actor (most steps) goes straight to apply; several
            # actors choose from the same state first.
            if seat == CHANCE:
                action = sample_chance(state, chance_rng)
            elif len(actors) == 1:
                legal = legal_actions(state, seat)
                seen = view(state, seat) if reads_view[seat] else {}
                action = agents[seat].choose(seen, legal, agent_rngs[seat])
                # The legality check of ``step``, against the list the agent was handed;
                # the full check (and its message) runs only when this one fails.
                if checked and not _listed(action, legal):
                    check(game, state, seat, action)
            elif realtime:
                seat, action = _race(game, state, actors, agents, agent_rngs, reads_view, checked)
            else:
                queue = _choices(game, state, actors, agents, agent_rngs, reads_view, checked)
                queue.reverse()
                seat, action = queue.pop()
        before = state
        state = apply(state, seat, action)
        played_seats.append(seat)
        played_actions.append(action)
        steps += 1
        if len(played_actions) == _WRITE_EVERY:
            _write(written, played_seats, played_actions)
        if observer is not None:
            observer(before, seat, action, state)
    _write(written, played_seats, played_actions)
    outcome = game.outcome(state)
    record = GameRecord(
        game=game.info.id,
        version=game.info.version,
        seed=seed,
        num_players=len(agents),
        options=dict(resolved),
        seats=tuple(agent.name for agent in agents),
        actions=tuple(written),
        outcome=outcome.to_json() if outcome else None,
        end_reason=outcome.end_reason if outcome else "",
        turns=outcome.turns if outcome else 0,
    )
    return Match(state=state, record=record, outcome=outcome, steps=steps)


def _choices(
    game: Game[Any, Any],
    state: Any,
    actors: Sequence[Seat],
    agents: Sequence[Agent],
    agent_rngs: Sequence[random.Random],
    reads_view: Sequence[bool],
    checked: bool,
) -> list[tuple[Seat, Any]]:
    """Several actors of an ordinary game choose from the same state; every choice is
    applied, in this order (simultaneous secret choices).
    """
    choices = []
    for seat in actors:
        choices.append((seat, _chosen(game, state, seat, agents, agent_rngs, reads_view, checked)))
    return choices


def _race(
    game: Game[Any, Any],
    state: Any,
    actors: Sequence[Seat],
    agents: Sequence[Agent],
    agent_rngs: Sequence[random.Random],
    reads_view: Sequence[bool],
    checked: bool,
) -> tuple[Seat, Any]:
    """The race of a realtime game: every actor chooses from the same state, in order, and
    the earliest choice wins (ties by actor order); the others are asked again next step.

    Kept as a running best rather than a list of every choice: a realtime step asks several
    seats, and each list and pair would be one more object for the collector.
    """
    timed = cast("RealtimeGame[Any, Any]", game)
    best_seat = actors[0]
    best = _chosen(game, state, best_seat, agents, agent_rngs, reads_view, checked)
    best_time = timed.action_time(best)
    for index in range(1, len(actors)):
        seat = actors[index]
        action = _chosen(game, state, seat, agents, agent_rngs, reads_view, checked)
        when = timed.action_time(action)
        if when < best_time:  # strictly earlier: a tie stays with the earlier actor
            best_seat, best, best_time = seat, action, when
    return best_seat, best


def _chosen(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    agents: Sequence[Agent],
    agent_rngs: Sequence[random.Random],
    reads_view: Sequence[bool],
    checked: bool,
) -> Any:
    """One actor's choice among several, checked against the list its agent was handed.

    Every choice is checked before any race is decided: an illegal action is caught even
    when it would have lost the race. The full check (and its message) runs only when this
    one fails.
    """
    legal = game.legal_actions(state, seat)
    seen = game.view(state, seat) if reads_view[seat] else {}
    action = agents[seat].choose(seen, legal, agent_rngs[seat])
    if checked and not _listed(action, legal):
        check(game, state, seat, action)
    return action


def _listed(action: Any, legal: Sequence[Any]) -> bool:
    """Whether ``action`` is in ``legal``: by identity first, as agents hand back an item of
    the list (games intern their actions), then by the rules (``in``).

    ``in`` on a tuple calls the action class's ``__eq__`` for every item before the match;
    comparing identities does not (compiled, a loop of pointer comparisons over the tuple or
    list). A lazy list is never iterated here: its ``in`` is decided by the rules.
    """
    kind = legal.__class__
    if kind is tuple:
        for item in cast("tuple[Any, ...]", legal):
            if item is action:
                return True
    elif kind is list:
        for item in cast("list[Any]", legal):
            if item is action:
                return True
    elif LazyActions in kind.__mro__:
        # A direct call of the list's own ``__contains__`` (CPython's generic slot looks it
        # up by name on each ``in``); the MRO is asked, not ``isinstance`` (engine/lazy.py).
        return cast("LazyActions[Any]", legal).__contains__(action)
    return action in legal


_WRITE_EVERY = 256
"""Steps between writings of the record's entries (see ``play``): long enough that a short
game is written once, short enough that no action object waits long for its text."""


def _write(out: list[tuple[Seat, str]], seats: list[Seat], actions: list[Any]) -> None:
    """Append the ``(seat, action text)`` entries of the steps waiting, then empty both lists.

    Each distinct action object is written once per call: games intern their actions, so
    most steps repeat an object already written. Every object is alive in ``actions`` while
    this runs, so ``id`` cannot be reused among them.
    """
    texts: dict[int, str] = {}
    for index in range(len(actions)):
        action = actions[index]
        key = id(action)
        text = texts.get(key)
        if text is None:
            text = texts[key] = str(action)
        out.append((seats[index], text))
    seats.clear()
    actions.clear()


native.picklable(globals())
