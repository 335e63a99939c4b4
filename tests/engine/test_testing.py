"""The conformance suite catches broken games (each check is shown failing on a mutant)."""

import dataclasses
import itertools
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

from ludoteca.engine import runner, testing
from ludoteca.engine.game import CHANCE, Seat, View
from ludoteca.games import tacocat
from ludoteca.games.gotcha import Gotcha
from ludoteca.games.tacocat.figures import TacocatTally

SEEDS = range(2)


class LeakyView(tacocat.Tacocat):
    def view(self, state: tacocat.State, seat: Seat | None) -> View:
        view = super().view(state, seat)
        view["opponent_hand"] = list(state.hands[1 - seat]) if seat is not None else []
        return view


class UnstableOrder(tacocat.Tacocat):
    calls = 0

    def legal_actions(self, state: tacocat.State, seat: Seat) -> Sequence[tacocat.Action]:
        legal = list(super().legal_actions(state, seat))
        UnstableOrder.calls += 1
        return legal[::-1] if UnstableOrder.calls % 2 else legal


class DuplicateActions(tacocat.Tacocat):
    def legal_actions(self, state: tacocat.State, seat: Seat) -> Sequence[tacocat.Action]:
        legal = list(super().legal_actions(state, seat))
        return [*legal, legal[0]] if legal else legal


class WrongProbabilities(tacocat.Tacocat):
    def chance_outcomes(self, state: tacocat.State) -> Sequence[tuple[tacocat.Action, Fraction]]:
        outcomes = list(super().chance_outcomes(state))
        return [(a, p * Fraction(9, 10)) for a, p in outcomes]


class BiasedSampler(tacocat.Tacocat):
    def sample_chance(self, state: tacocat.State, rng: random.Random) -> tacocat.Action:
        return super().chance_outcomes(state)[0][0]


class NotJson(tacocat.Tacocat):
    def view(self, state: tacocat.State, seat: Seat | None) -> View:
        view = super().view(state, seat)
        view["covered"] = {1, 2}
        return view


class ForgetsDefence(tacocat.Tacocat):
    """explain() never objects to anything."""

    def explain(self, state: tacocat.State, seat: Seat, action: Any) -> None:
        return None


class NeverEnds(tacocat.Tacocat):
    info = dataclasses.replace(tacocat.INFO, max_steps=30)


class ShuffledSeeds(tacocat.Tacocat):
    """Chance ignores the seeded generator it is given."""

    def sample_chance(self, state: tacocat.State, rng: random.Random) -> tacocat.Action:
        return super().sample_chance(state, random.Random())


class Silent(tacocat.Tacocat):
    """Steps for which ``silent`` holds tell nobody anything."""

    def silent(self, seat: Seat, action: tacocat.Action) -> bool:
        raise NotImplementedError

    def events(
        self,
        before: tacocat.State,
        seat: Seat,
        action: tacocat.Action,
        after: tacocat.State,
        viewer: Seat | None,
    ) -> tuple[Any, ...]:
        if self.silent(seat, action):
            return ()
        return super().events(before, seat, action, after, viewer)


class SilentDeal(Silent):
    """No chance step tells anyone anything (not even the hand a deal ends with)."""

    def silent(self, seat: Seat, action: tacocat.Action) -> bool:
        return seat == CHANCE


class SilentDuel(Silent):
    """A duel card chosen is told to nobody, not even its chooser."""

    def silent(self, seat: Seat, action: tacocat.Action) -> bool:
        return isinstance(action, tacocat.Duel)


class PeekingTally(TacocatTally):
    """Counts the cards in the first hand, which a spectator never sees."""

    def count(self, kind: str, data: Any, before: Any, after: Any) -> None:
        self.tally["duels"] += sum(before.hands[0])


class LeakyFigures(tacocat.Tacocat):
    def figure_tally(self, players: int) -> TacocatTally:
        return PeekingTally(self, players)


class FreshDealSampler(tacocat.Tacocat):
    """Draws every "resampled" state as the opening deal of another game, so no step from
    it looks alike to the real one and the leak checks compare nothing.
    """

    def sample_state(self, view: View, viewer: Seat | None, rng: random.Random) -> Any:
        return runner.new_game(self, len(view["hand_counts"]), rng.randrange(1000))


@pytest.mark.parametrize(
    ("game", "check", "words"),
    [
        (LeakyView(), "no_leaks", "leaks hidden state"),
        (UnstableOrder(), "legal_actions", "change between two calls"),
        (DuplicateActions(), "legal_actions", "duplicate legal actions"),
        (WrongProbabilities(), "chance", "sum to 9/10"),
        (BiasedSampler(), "chance_distribution", "expected"),
        (NotJson(), "views", "not JSON"),
        (ForgetsDefence(), "illegal_actions", r"explain\(\) has no reason"),
        (NeverEnds(), "games_end", "no outcome"),
        (ShuffledSeeds(), "determinism", "two runs with one seed differ"),
        (SilentDeal(), "events", "yields no event for any viewer"),
        (SilentDuel(), "events", "yields no event for any viewer"),
        (LeakyFigures(), "figure_leaks", r"figures \['duels'\] read hidden state"),
        (FreshDealSampler(), "event_leaks", "no resampled step ever differed"),
        (FreshDealSampler(), "figure_leaks", "no resampled step ever differed"),
    ],
)
def test_check_catches_broken_game(game: Any, check: str, words: str) -> None:
    with pytest.raises(AssertionError, match=words):
        testing.CHECKS[check](game, 2, SEEDS)


def test_the_real_game_passes_all_checks() -> None:
    testing.check_game(tacocat.GAME, games=2)


class StuckStamp(Gotcha):
    """Gotcha whose with_time forgets the time it is given."""

    def with_time(self, action: Any, t: int) -> Any:
        return action


class LabelLessMenu(Gotcha):
    """Gotcha whose move menu has an empty label."""

    def move_menu(self, view: Any, legal: Any, lang: str) -> list[tuple[str, str]]:
        return [(text, "") for text, _ in super().move_menu(view, legal, lang)]


@pytest.mark.parametrize(
    ("game", "words"),
    [(StuckStamp(), "with_time does not stamp"), (LabelLessMenu(), "lacks a label")],
)
def test_surface_members_check_catches_a_broken_realtime_game(game: Any, words: str) -> None:
    with pytest.raises(AssertionError, match=words):
        testing.CHECKS["surface_members"](game, 3, range(2))


def test_long_random_games_are_visited_at_a_spread_stride_that_the_seeds_shift() -> None:
    """A Gotcha random game runs over a thousand steps: a per-step check visits at most
    VISITS_PER_GAME of them plus the last, evenly, and two seeds visit different steps."""
    game = Gotcha()
    lengths = {seed: testing.random_match(game, 3, seed).steps for seed in (0, 1)}
    assert min(lengths.values()) > 2 * testing.VISITS_PER_GAME
    seen: dict[int, list[int]] = {}
    for visit in testing.visits(game, 3, range(2), every=2):
        seen.setdefault(visit.seed, []).append(visit.index)
    for seed, indices in seen.items():
        assert len(indices) <= testing.VISITS_PER_GAME + 1
        assert indices[-1] == lengths[seed]  # the final state is always visited
        gaps = {b - a for a, b in itertools.pairwise(indices[:-1])}
        assert len(gaps) == 1 and gaps.pop() > 2
    assert (seen[0][0], seen[1][0]) == (0, 1)  # the stride starts at seed % stride


def test_short_random_games_are_visited_as_before() -> None:
    """Tacocat's random games are shorter than ``every * VISITS_PER_GAME``: every other step."""
    game = tacocat.Tacocat()
    indices = [visit.index for visit in testing.visits(game, 2, range(1), every=2)]
    steps = testing.random_match(game, 2, 0).steps
    assert steps < 2 * testing.VISITS_PER_GAME
    assert indices[:-1] == list(range(0, steps, 2))[: len(indices) - 1]
    assert indices[-1] == steps
