"""Lead changes (``lab.lead``): each game's leader on hand-built records, the counting rule,
the figures a simulation and a skill profile carry, and that the progress measures read
nothing hidden."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludoteca.engine import registry, runner
from ludoteca.engine import rng as rng_mod
from ludoteca.engine import testing as conformance
from ludoteca.engine.record import GameRecord
from ludoteca.engine.replay import replay_states
from ludoteca.games.mystery_date.cards import CARDS, NUMBERS
from ludoteca.lab import lead, simulate
from ludoteca.lab.simulate import SimulationConfig


def _start(game_id: str, players: int = 2) -> Any:
    return runner.new_game(registry.make(game_id), players, 1)


def test_counting_rule_first_lead_and_ties_are_not_changes() -> None:
    assert lead.count_changes([]) == 0
    assert lead.count_changes([None, 0, 0, None, 0]) == 0  # 1-0, 1-1, 2-1: one leader
    assert lead.count_changes([0, 1]) == 1
    assert lead.count_changes([None, 0, None, 1, 1, None, 0, 2]) == 3
    assert lead.leader([3, 1, 2]) == 0
    assert lead.leader([3, 3, 2]) is None
    assert lead.leader([0, 0]) is None


def test_tacocat_leader_is_the_seat_with_more_rounds_won() -> None:
    start = _start("tacocat")
    # Rounds: YAY, WOW, WOW, drawn, YAY, YAY (a drawn round is -1 and counts for nobody).
    results = [(), (0,), (0, 1), (0, 1, 1), (0, 1, 1, -1), (0, 1, 1, -1, 0), (0, 1, 1, -1, 0, 0)]
    states = [start._replace(results=r) for r in results]
    assert [lead.leader(lead.tacocat_progress(s)) for s in states] == [
        None, 0, None, 1, 1, None, 0,
    ]  # fmt: skip
    assert lead.lead_changes("tacocat", states) == 2


def test_dweebies_and_tile_up_leaders_are_the_best_scores() -> None:
    dweebies = _start("dweebies", 3)
    scores = [(0, 0, 0), (2, 0, 0), (2, 3, 0), (2, 3, 3), (2, 3, 5), (6, 3, 5)]
    states = [dweebies._replace(scores=s) for s in scores]
    # 0 leads, 1 takes over, a tie, 2 leads (the last leader was 1: a change), 0 leads.
    assert lead.lead_changes("dweebies", states) == 3
    tile_up = _start("tile_up")
    points = [(0, 0), (4, 0), (4, 6), (8, 6), (8, 8), (8, 9)]
    assert lead.lead_changes("tile_up", [tile_up._replace(scores=p) for p in points]) == 3


def _known(*cards: int) -> tuple[int, ...]:
    counts = [0] * CARDS
    for card in cards:
        counts[card] += 1
    return tuple(counts)


def test_mystery_date_leader_counts_outfit_pieces_the_table_has_seen() -> None:
    start = _start("mystery_date")
    pink_1, pink_2, pink_3 = 0, 1, 2
    green_1, green_2 = NUMBERS, NUMBERS + 1
    public = [
        (_known(), _known()),
        (_known(pink_1), _known()),  # seat 0 leads with one piece
        (_known(pink_1, pink_1), _known(green_1)),  # a second copy is not a new piece: tie
        (_known(pink_1, pink_1), _known(green_1, green_2)),  # seat 1 leads: a change
        (_known(pink_1, pink_2, pink_3), _known(green_1, green_2)),  # seat 0 again: a change
        (_known(pink_1, green_2), _known(green_1, green_2)),  # two colours, one piece each
    ]
    states = [start._replace(public=p) for p in public]
    assert [lead.mystery_date_progress(s) for s in states] == [
        (0, 0), (1, 0), (1, 1), (1, 2), (3, 2), (1, 2),
    ]  # fmt: skip
    assert lead.lead_changes("mystery_date", states) == 3


def test_gotcha_leader_is_the_pawn_furthest_along() -> None:
    start = _start("gotcha", 3)
    positions = [(0, 0, 0), (0, 1, 0), (2, 1, 0), (2, 1, 3), (2, 4, 3)]
    states = [start._replace(positions=p) for p in positions]
    assert lead.lead_changes("gotcha", states) == 3


@pytest.mark.parametrize("game_id", ["tacocat", "dweebies", "tile_up", "mystery_date"])
def test_simulated_games_count_what_their_records_replay_to(game_id: str) -> None:
    config = SimulationConfig(game_id, 3, ("expert", "greedy"), seed=7, records=True)
    results: list[Any] = []
    summary = simulate.simulate(config, on_result=results.append)
    assert len(results) == 3
    for result in results:
        states = list(replay_states(GameRecord.loads(result.record)))
        assert result.lead_changes == lead.lead_changes(game_id, states)
    assert summary.lead_changes is not None and summary.lead_changes.count == 3
    mean = sum(r.lead_changes or 0 for r in results) / 3
    assert summary.lead_changes.mean == pytest.approx(mean)
    assert 0 <= summary.lead_changes.low <= mean <= summary.lead_changes.high


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("tacocat", 2), ("dweebies", 3), ("tile_up", 2), ("mystery_date", 3), ("gotcha", 3)],
)
def test_progress_reads_only_what_a_spectator_sees(game_id: str, players: int) -> None:
    """Resampling every zone hidden from a spectator leaves every seat's progress as it was."""
    game = registry.make(game_id)
    progress = lead.PROGRESS[game_id]
    sampler = rng_mod.make(5)
    seen: set[tuple[float, ...]] = set()
    for visit in conformance.visits(game, players, range(2), every=7):
        view = game.view(visit.state, None)
        resampled = game.sample_state(json.loads(json.dumps(view)), None, sampler)
        assert tuple(progress(resampled)) == tuple(progress(visit.state)), visit
        seen.add(tuple(progress(visit.state)))
    assert len(seen) > 1, "the games never made progress: the check saw nothing"
