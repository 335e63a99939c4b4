"""The realtime race in ``runner.play`` and the bench playout loop (``GameInfo.realtime``).

A toy game: two seats send timed pings; a ping's time must not be earlier than the clock
(the last ping's time); the game ends after four pings. In a realtime race only the
earliest choice of each round of asking is applied.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, NamedTuple

import pytest

from ludoteca.engine import runner
from ludoteca.engine.errors import IllegalActionError, InvalidActionError
from ludoteca.engine.events import Event, event
from ludoteca.engine.game import GameInfo, Options, Outcome, Seat, View
from ludoteca.engine.i18n import Message, msg
from ludoteca.lab.bench import workloads


@dataclass(frozen=True, slots=True)
class Ping:
    t: int

    def __str__(self) -> str:
        return f"@{self.t} ping"


class Toy(NamedTuple):
    clock: int
    log: tuple[tuple[int, int], ...]


class ToyGame:
    info = GameInfo(
        id="toy_race",
        version=1,
        name_es="carrera",
        name_en="race",
        min_players=2,
        max_players=2,
        has_chance=False,
        hidden_info=False,
        simultaneous=True,
        max_steps=10,
        realtime=True,
    )

    def setup(self, num_players: int, rng: random.Random, options: Options) -> Toy:
        return Toy(0, ())

    def actors(self, state: Toy) -> tuple[Seat, ...]:
        return () if len(state.log) >= 4 else (0, 1)

    def legal_actions(self, state: Toy, seat: Seat) -> Sequence[Ping]:
        if seat not in self.actors(state):
            return ()
        return tuple(Ping(state.clock + d) for d in (1, 2, 3))

    def apply(self, state: Toy, seat: Seat, action: Ping) -> Toy:
        return Toy(action.t, (*state.log, (seat, action.t)))

    def action_time(self, action: Ping) -> int:
        return action.t

    def chance_outcomes(self, state: Toy) -> Sequence[tuple[Ping, Fraction]]:
        return ()

    def sample_chance(self, state: Toy, rng: random.Random) -> Ping:
        raise AssertionError("no chance")

    def outcome(self, state: Toy) -> Outcome | None:
        if len(state.log) < 4:
            return None
        return Outcome((0.0, 0.0), (), (1, 1))

    def phase(self, state: Toy) -> str:
        return "race"

    def view(self, state: Toy, seat: Seat | None) -> View:
        return {"clock": state.clock, "log": [list(e) for e in state.log]}

    def sample_state(self, view: View, seat: Seat | None, rng: random.Random) -> Toy:
        return Toy(view["clock"], tuple((a, b) for a, b in view["log"]))

    def explain(self, state: Toy, seat: Seat, action: Ping) -> tuple[str | None, Message] | None:
        return (
            None if action in self.legal_actions(state, seat) else (None, msg("engine.game_over"))
        )

    def parse_action(self, text: str) -> Ping:
        raise InvalidActionError(text, msg("engine.game_over"))

    def describe(self, action: Ping, lang: str, names: Sequence[str] = ()) -> str:
        return str(action)

    def rules_text(self, lang: str) -> list[tuple[str, str]]:
        return []

    def events(
        self, before: Any, seat: Seat, action: Ping, after: Any, viewer: Seat | None
    ) -> tuple[Event, ...]:
        return (event("move", seat, msg("engine.event.turn_start", seat=seat)),)


class Fixed:
    """Always proposes the ping at offset ``delta`` from the clock."""

    def __init__(self, delta: int) -> None:
        self.name = f"fixed{delta}"
        self.delta = delta
        self.asked = 0

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        self.asked += 1
        return Ping(view["clock"] + self.delta)


def test_realtime_race_applies_only_the_earliest_choice_and_asks_again() -> None:
    slow, fast = Fixed(3), Fixed(1)
    match = runner.play(ToyGame(), [slow, fast], seed=0)
    # Seat 1 is always earlier: only its pings are applied, one per round of asking.
    assert match.state.log == ((1, 1), (1, 2), (1, 3), (1, 4))
    assert match.steps == 4
    assert slow.asked == fast.asked == 4
    assert match.record.actions == tuple((1, f"@{t} ping") for t in (1, 2, 3, 4))


def test_realtime_race_ties_go_to_the_seat_listed_first_by_actors() -> None:
    match = runner.play(ToyGame(), [Fixed(2), Fixed(2)], seed=0)
    assert [seat for seat, _ in match.state.log] == [0, 0, 0, 0]


def test_realtime_race_checks_the_losing_choice_too() -> None:
    class Bad(Fixed):
        def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
            return Ping(view["clock"] - 5)  # earlier than the clock: illegal

    with pytest.raises(IllegalActionError):
        runner.play(ToyGame(), [Fixed(1), Bad(9)], seed=0)


def test_non_realtime_games_still_apply_every_simultaneous_choice() -> None:
    game = ToyGame()
    game.info = replace(ToyGame.info, realtime=False)
    match = runner.play(game, [Fixed(3), Fixed(1)], seed=0, checked=False)
    # Both choices of the first round are applied in seat order: (0 at 3) then (1 at 1)
    # (which is why a realtime game must declare itself: the second one is out of order).
    assert match.state.log[:2] == ((0, 3), (1, 1))


def test_bench_playout_loop_races_in_a_realtime_game() -> None:
    game = ToyGame()
    repetition, next_game = workloads._playout(
        game, lambda index: game.setup(2, random.Random(0), {}), 0, random.Random(1), 0.0
    )
    assert repetition.games >= 1
    # Every finished toy game is exactly four applied pings (one per race).
    assert repetition.steps == 4 * repetition.games
    assert next_game == repetition.games
