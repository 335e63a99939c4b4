"""The AEC environment is generic over the Game protocol: a toy three-seat game with a chance
step and one simultaneous secret choice of all three seats."""

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np
import pytest
from pettingzoo.test.api_test import api_test

from ludoteca.adapters.encodings import Decoded, Draft
from ludoteca.adapters.pettingzoo import LudotecaEnv
from ludoteca.engine.events import Event, event
from ludoteca.engine.game import CHANCE, GameInfo, Options, Outcome, Seat, View, ranks_from_scores
from ludoteca.engine.i18n import Message, msg

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)


class Minority(NamedTuple):
    """A public bonus seat drawn by chance, then every seat secretly picks 0 or 1; the seats
    in the minority win (nobody if all agree)."""

    bonus: int
    picks: tuple[int | None, ...]


class MinorityGame:
    info = GameInfo(
        id="minority",
        version=1,
        name_es="Minoría",
        name_en="Minority",
        min_players=3,
        max_players=3,
        has_chance=True,
        hidden_info=True,
        simultaneous=True,
        max_steps=4,
    )

    def setup(self, num_players: int, rng: random.Random, options: Options) -> Minority:
        return Minority(-1, (None,) * num_players)

    def actors(self, state: Minority) -> tuple[Seat, ...]:
        if state.bonus < 0:
            return (CHANCE,)
        return tuple(seat for seat, pick in enumerate(state.picks) if pick is None)

    def legal_actions(self, state: Minority, seat: Seat) -> Sequence[int]:
        return (0, 1) if seat in self.actors(state) and seat != CHANCE else ()

    def apply(self, state: Minority, seat: Seat, action: int) -> Minority:
        if seat == CHANCE:
            return state._replace(bonus=action)
        picks = list(state.picks)
        picks[seat] = action
        return state._replace(picks=tuple(picks))

    def chance_outcomes(self, state: Minority) -> Sequence[tuple[int, Fraction]]:
        n = len(state.picks)
        return tuple((seat, Fraction(1, n)) for seat in range(n))

    def sample_chance(self, state: Minority, rng: random.Random) -> int:
        return int(rng.random() * len(state.picks))

    def outcome(self, state: Minority) -> Outcome | None:
        if self.actors(state):
            return None
        ones = sum(1 for pick in state.picks if pick == 1)
        minority = 1 if 2 * ones < len(state.picks) else 0
        winners = tuple(
            seat for seat, pick in enumerate(state.picks) if pick == minority and 0 < ones < 3
        )
        scores = tuple(1.0 if seat in winners else 0.0 for seat in range(len(state.picks)))
        return Outcome(scores, winners, ranks_from_scores(scores))

    def phase(self, state: Minority) -> str:
        return "draw" if state.bonus < 0 else "pick" if self.actors(state) else "over"

    def view(self, state: Minority, seat: Seat | None) -> View:
        view: View = {
            "seat": seat,
            "bonus": state.bonus,
            "chosen": [pick is not None for pick in state.picks],
        }
        if seat is not None:
            view["mine"] = state.picks[seat]
        return view

    def sample_state(self, view: View, seat: Seat | None, rng: random.Random) -> Minority:
        raise NotImplementedError

    def explain(self, state: Minority, seat: Seat, action: int) -> tuple[str | None, Message]:
        return None, msg("engine.not_legal_here")

    def parse_action(self, text: str) -> int:
        return int(text)

    def describe(self, action: int, lang: str, names: Sequence[str] = ()) -> str:
        return str(action)

    def rules_text(self, lang: str) -> list[tuple[str, str]]:
        return []

    def events(
        self, before: Any, seat: Seat, action: int, after: Any, viewer: Seat | None
    ) -> tuple[Event, ...]:
        return (event("move", seat, msg("engine.event.turn_start", seat=seat)),)


class MinorityEncoding:
    game_id = "minority"
    action_size = 2
    observation_low = np.zeros(11, dtype=np.float32)
    observation_high = np.ones(11, dtype=np.float32)

    def observation(self, view: View, draft: Draft) -> Any:
        out = np.zeros(11, dtype=np.float32)
        out[view["seat"]] = 1
        if view["bonus"] >= 0:
            out[3 + view["bonus"]] = 1
        out[6:9] = view["chosen"]
        if view["mine"] is not None:
            out[9 + view["mine"]] = 1
        return out

    def action_mask(self, view: View, legal: Sequence[Any], draft: Draft) -> Any:
        mask = np.zeros(2, dtype=np.int8)
        mask[list(legal)] = 1
        return mask

    def decode(self, index: int, view: View, legal: Sequence[Any], draft: Draft) -> Decoded:
        return Decoded(index)

    def encode(self, action: Any) -> tuple[int, ...]:
        return (int(action),)

    def action_label(self, index: int) -> str:
        return f"pick {index}"


def _env(seed: int | None = None) -> LudotecaEnv:
    return LudotecaEnv(MinorityGame(), MinorityEncoding(), seed=seed)


def test_api_test_passes_for_a_three_seat_simultaneous_game() -> None:
    api_test(_env(0), num_cycles=50)  # type: ignore[no-untyped-call]


def test_three_secret_choices_are_buffered_and_applied_together() -> None:
    e = _env(3)
    e.reset()
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    start = e.engine_state
    assert start.bonus >= 0  # the chance step was taken inside the env
    first_view = e.observe("player_2")["observation"].copy()
    for index, agent in enumerate(e.possible_agents):
        assert e.agent_selection == agent
        if index < 2:
            e.step(1)
            assert e.engine_state is start  # buffered, not applied
            assert np.array_equal(e.observe("player_2")["observation"], first_view)
        else:
            e.step(0)
    assert e.engine_state.picks == (1, 1, 0)
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": -0.5, "player_1": -0.5, "player_2": 1.0}
    assert sum(e.rewards.values()) == 0.0
    assert [seat for seat, _ in e.record().actions] == [CHANCE, 0, 1, 2]
