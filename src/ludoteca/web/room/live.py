"""One game in progress on the server: its state, its steps and its chance stream.

A :class:`Live` game knows nothing of sockets or storage; the room stores each step it
returns before broadcasting. After a restart :meth:`Live.restore` replays the stored steps
to the same state, drawing the chance stream along so later draws continue it.

Only the last move's steps and the :data:`KEEP` before them are kept whole (:class:`Step`:
the action value and the state it was taken from); older ones shrink to a plain tuple of
plain values, which the garbage collector stops tracking (:class:`Steps` hands them out as
:class:`Stored`), so a thousand rooms of long games do not make every full collection walk
every state they went through. Their actions and states come back on demand
(:meth:`Live.step`, :meth:`Live.before`), parsed and replayed from the seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, overload

from ludoteca.engine import figures, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import CHANCE, Game, Outcome, Seat
from ludoteca.engine.record import GameRecord


@dataclass(frozen=True, slots=True)
class Step:
    """One applied step.

    Attributes:
        seat: Who acted (``CHANCE`` for nature).
        action: The action value.
        text: Its text form, as stored.
        secret: A simultaneous secret choice (see :func:`is_secret`): only the chooser
            may see which.
        phase: The game's phase when it was taken.
        before: The state it was taken from (the events of a step are derived on demand
            from this, the action and the next state; see ``room.events``).
        actors: The seats that could act just before it (chance left out).
    """

    seat: Seat
    action: Any
    text: str
    secret: bool
    phase: str
    before: Any = None
    actors: tuple[Seat, ...] = ()


class Stored(NamedTuple):
    """An older step kept compact (see the module): who, the text, whether it was a secret
    choice, the phase and the seats that could act (a tuple of plain values: untracked).
    """

    seat: Seat
    text: str
    secret: bool
    phase: str
    actors: tuple[Seat, ...]


KEEP = 8
"""Steps kept whole at the end of a game besides the last move's (the events of a ``state``
message come from the newest steps; older ones are rebuilt for a socket's first ``state``)."""


class Steps(Sequence[Step | Stored]):
    """A game's steps: the last :data:`KEEP` whole, the older ones held as exact tuples
    (CPython stops tracking a tuple of untracked values; a subclass such as
    :class:`Stored` it tracks for ever) and handed out as :class:`Stored`.
    """

    __slots__ = ("_items", "_whole_from")

    def __init__(self, steps: Sequence[Step] = ()) -> None:
        self._items: list[Step | tuple[Any, ...]] = []
        self._whole_from = 0
        for step in steps:
            self.append(step)
        self.compact()

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Step | Stored: ...

    @overload
    def __getitem__(self, index: slice) -> list[Step | Stored]: ...

    def __getitem__(self, index: int | slice) -> Step | Stored | list[Step | Stored]:
        if isinstance(index, slice):
            return [_entry(item) for item in self._items[index]]
        return _entry(self._items[index])

    def __iter__(self) -> Iterator[Step | Stored]:
        return (_entry(item) for item in self._items)

    def seat(self, index: int) -> Seat:
        """Who took step ``index`` (without rebuilding it)."""
        item = self._items[index]
        return item.seat if isinstance(item, Step) else item[0]

    def append(self, step: Step) -> None:
        """Add the newest step (whole until the next :meth:`compact`)."""
        self._items.append(step)

    def compact(self) -> None:
        """Make every step but the last :data:`KEEP` compact. Called before a move's steps
        are added, not per step: a move that brings many steps (a Tacocat round's deal)
        keeps them all whole until every socket has been told of them, where compacting
        per step had the broadcast replay the game from its seed to find their states.
        """
        items = self._items
        end = len(items) - KEEP
        for index in range(self._whole_from, end):
            old = items[index]
            if isinstance(old, Step):
                items[index] = (old.seat, old.text, old.secret, old.phase, old.actors)
        self._whole_from = max(self._whole_from, end)

    def truncate(self, count: int) -> None:
        """Drop the steps from ``count`` on."""
        del self._items[count:]
        self._whole_from = min(self._whole_from, count)


def _entry(item: Step | tuple[Any, ...]) -> Step | Stored:
    return item if isinstance(item, Step) else Stored(*item)


class Live:
    """A game being played.

    Args:
        game: The game.
        game_no: The room's game number.
        seed: The game seed (setup and chance streams derive from it as in ``runner.play``).
        options: The resolved options.
        players: Seats.
    """

    def __init__(
        self, game: Game[Any, Any], game_no: int, seed: int, options: dict[str, Any], players: int
    ) -> None:
        self.game = game
        self.game_no = game_no
        self.seed = seed
        self.options = options
        self.players = players
        self.state: Any = runner.new_game(game, players, seed, options)
        self.chance_rng: random.Random = rng_mod.derive(seed, "chance")
        self.steps = Steps()
        self.reasons: dict[int, dict[str, str]] = {}
        """The bots' reasons for their steps, by step index, each one text per language
        (stored with the step: ``Store.add_reason``)."""
        self._replayed: list[Any] = []
        """States before steps ``0..``, replayed for compact steps (dropped on each step)."""
        self.anchor = time.monotonic()
        """Real time (monotonic s) when the last step was applied (the realtime clock)."""
        self._actors: tuple[Any, tuple[Seat, ...]] = (None, ())
        """The state :meth:`actors` was last asked of and its answer (asked many times a
        move: once per socket's state message, by the bots, by the stale-move check)."""
        self._outcome: tuple[Any, Outcome | None] = (None, None)
        """The final state and its outcome with the counted figures (:meth:`outcome`)."""
        self.forfeit: Outcome | None = None
        """The outcome of a game lost on time (``room.pacing``: its state is not over)."""

    @property
    def version(self) -> int:
        """Steps applied so far."""
        return len(self.steps)

    def actors(self) -> tuple[Seat, ...]:
        """The seats that may act now (never chance: chance is resolved at once)."""
        if self.forfeit is not None:
            return ()
        state = self.state
        asked, actors = self._actors
        if asked is not state:  # states are immutable: the same object, the same actors
            actors = tuple(seat for seat in self.game.actors(state) if seat != CHANCE)
            self._actors = (state, actors)
        return actors

    def outcome(self) -> Outcome | None:
        """The result once over, with the figures the game counts from its public events
        (``engine.figures``: counted once, when the game is over), or the forfeit of a game
        lost on time.
        """
        if self.forfeit is not None:
            return self.forfeit
        outcome = self.game.outcome(self.state)
        if outcome is None:
            return None
        counted_for, counted = self._outcome
        if counted_for is not self.state or counted is None:
            counted = figures.with_figures(
                self.game, outcome, self.players, self._replay_steps(), self.state
            )
            self._outcome = (self.state, counted)
        return counted

    def _replay_steps(self) -> Iterator[tuple[Any, Seat, Any, Any]]:
        """Every step as ``(before, seat, action, after)``, replayed from the seed one at a
        time (no state is kept: see the module).
        """
        game, seat_of = self.game, self.steps.seat
        state = runner.new_game(game, self.players, self.seed, self.options)
        for index in range(len(self.steps)):
            seat, action = seat_of(index), self.action(index)
            after = game.apply(state, seat, action)
            yield state, seat, action, after
            state = after

    def last_index(self) -> int | None:
        """The index of the last step a player took (chance draws are never shown)."""
        seat = self.steps.seat
        for index in range(len(self.steps) - 1, -1, -1):
            if seat(index) != CHANCE:
                return index
        return None

    def last(self) -> Step | None:
        """The last step a player took, whole (chance draws are never shown)."""
        index = self.last_index()
        return None if index is None else self.step(index)

    def step(self, index: int) -> Step:
        """Step ``index`` whole: as kept, or rebuilt from its compact form."""
        entry = self.steps[index]
        if isinstance(entry, Step):
            return entry
        action = self.game.parse_action(entry.text)
        return Step(entry.seat, action, entry.text, entry.secret, entry.phase, None, entry.actors)

    def action(self, index: int) -> Any:
        """The action value of step ``index``."""
        entry = self.steps[index]
        return entry.action if isinstance(entry, Step) else self.game.parse_action(entry.text)

    def before(self, index: int) -> Any:
        """The state step ``index`` was taken from (replayed from the seed when compact)."""
        entry = self.steps[index]
        if isinstance(entry, Step) and entry.before is not None:
            return entry.before
        replayed = self._replayed
        if not replayed:
            replayed.append(runner.new_game(self.game, self.players, self.seed, self.options))
        while len(replayed) <= index:
            at = len(replayed) - 1
            replayed.append(self.game.apply(replayed[at], self.steps.seat(at), self.action(at)))
        return replayed[index]

    def truncate(self, count: int) -> None:
        """Drop the steps from ``count`` on (the store refused them)."""
        self.steps.truncate(count)
        del self._replayed[count + 1 :]
        for index in [i for i in self.reasons if i >= count]:
            del self.reasons[index]

    def rewind_chance(self) -> None:
        """Put the chance stream where the kept steps left it, by replaying them from the
        seed (:meth:`restore`). Only after the store refused steps: a snapshot of the
        generator before every move (``getstate``, 625 numbers) was ~4% of a served move's
        processor time, for a path almost never taken.
        """
        kept = [(entry.seat, entry.text) for entry in self.steps]
        replayed = Live.restore(
            self.game, self.game_no, self.seed, self.options, self.players, kept
        )
        self.chance_rng = replayed.chance_rng

    def only_others_chose_since(self, seat: Seat, version: int) -> bool:
        """Whether ``seat`` could act at ``version`` and every step after it is another
        seat's simultaneous secret choice: then ``seat`` still faces the decision it saw at
        ``version`` (both players of Tacocat's replace or duel act on the same state; the
        second is not stale).
        """
        later = self.steps[version:]
        return (
            bool(later)
            and seat in later[0].actors
            and all(step.secret and step.seat != seat for step in later)
        )

    def play(self, seat: Seat, action: Any) -> list[Step]:
        """Apply a checked action, then every chance step that follows.

        Returns:
            The new steps, the player's first.
        """
        self.steps.compact()
        new = [self._apply(seat, action)]
        new.extend(self._chance_steps())
        self.anchor = time.monotonic()
        return new

    def resolve_chance(self) -> list[Step]:
        """Draw and apply chance steps until a player must act (or the game ends)."""
        self.steps.compact()
        return self._chance_steps()

    def _chance_steps(self) -> list[Step]:
        new: list[Step] = []
        while self.game.actors(self.state) == (CHANCE,):
            new.append(self._apply(CHANCE, self.game.sample_chance(self.state, self.chance_rng)))
        return new

    def _apply(self, seat: Seat, action: Any) -> Step:
        game = self.game
        phase = game.phase(self.state)
        if seat == CHANCE:  # never a choice (most steps of a card game are draws)
            secret = False
        else:
            last = self.last_index()
            secret = is_secret(
                game, self.state, seat, phase, None if last is None else self.steps[last]
            )
        before = self.state
        actors = self.actors()
        self.state = game.apply(before, seat, action)
        entry = Step(seat, action, str(action), secret, phase, before, actors)
        self.steps.append(entry)
        if self._replayed:
            self._replayed.clear()
        return entry

    def after(self, index: int) -> Any:
        """The state step ``index`` led to."""
        return self.before(index + 1) if index + 1 < len(self.steps) else self.state

    def record(self, seats: Sequence[str]) -> GameRecord:
        """The game's record so far (``engine.record``)."""
        outcome = self.outcome()
        return GameRecord(
            game=self.game.info.id,
            version=self.game.info.version,
            seed=self.seed,
            num_players=self.players,
            options=dict(self.options),
            seats=tuple(seats),
            actions=tuple((entry.seat, entry.text) for entry in self.steps),
            outcome=outcome.to_json() if outcome else None,
        )

    @staticmethod
    def restore(
        game: Game[Any, Any],
        game_no: int,
        seed: int,
        options: dict[str, Any],
        players: int,
        steps: Sequence[tuple[Seat, str]],
    ) -> Live:
        """The game after the stored ``steps``, each parsed and checked again.

        Raises:
            RulesError: If a stored step does not replay.
        """
        live = Live(game, game_no, seed, options, players)
        for seat, text in steps:
            action = game.parse_action(text)
            if seat == CHANCE:
                # Keep the chance stream where the stored game left it.
                game.sample_chance(live.state, live.chance_rng)
            runner.check(game, live.state, seat, action)
            live._apply(seat, action)
            if len(live.steps) % KEEP == 0:
                live.steps.compact()
        live.steps.compact()
        live.anchor = time.monotonic()
        return live


def is_secret(
    game: Game[Any, Any], before: Any, seat: Seat, phase: str, previous: Step | Stored | None
) -> bool:
    """Whether a step is a simultaneous secret choice, kept from the other seats' ``last``.

    In a game that is not realtime: a step taken while several seats choose at once, and
    the step that completes such a round (the last chooser's, alone by then, in the same
    phase right after another seat's secret choice). Chance is never a choice.
    """
    if seat == CHANCE or game.info.realtime:
        return False
    if sum(1 for s in game.actors(before) if s != CHANCE) > 1:
        return True
    return (
        previous is not None
        and previous.secret
        and previous.seat != seat
        and previous.phase == phase
    )


def secret_flags(
    game: Game[Any, Any], states: Sequence[Any], steps: Sequence[tuple[Seat, str]]
) -> list[bool]:
    """For a replayed record: :func:`is_secret` of each step."""
    flags: list[bool] = []
    previous: Step | None = None
    for index, (seat, text) in enumerate(steps):
        phase = game.phase(states[index])
        secret = is_secret(game, states[index], seat, phase, previous)
        flags.append(secret)
        if seat != CHANCE:
            previous = Step(seat, None, text, secret, phase)
    return flags
