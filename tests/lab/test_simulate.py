"""The simulation lab: seeds, seat rotation, parallel determinism, records, validation."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from ludoteca.engine import record, registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import msg
from ludoteca.engine.replay import replay
from ludoteca.lab import chunks, match
from ludoteca.lab import pool as pool_mod
from ludoteca.lab import simulate as sim

RANDOMS = ("random", "random")


def config(**changes: object) -> sim.SimulationConfig:
    base: dict[str, object] = {"game_id": "tacocat", "games": 10, "agents": RANDOMS, "seed": 40}
    base.update(changes)
    return sim.SimulationConfig(**base)  # type: ignore[arg-type]


def test_seats_rotate_by_game_index_unless_fixed() -> None:
    rotating = config(agents=("a", "b", "c"))
    assert [rotating.seats_for(i) for i in range(4)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
        ("a", "b", "c"),
    ]
    fixed = config(agents=("a", "b"), rotate=False)
    assert {fixed.seats_for(i) for i in range(5)} == {("a", "b")}
    assert [rotating.seed_for(i) for i in range(3)] == [40, 41, 42]


def test_chunks_cover_every_game_once_in_order() -> None:
    for games, workers, size in [(1, 4, 0), (10, 2, 0), (1000, 3, 0), (17, 2, 5)]:
        parts = chunks.chunks(games, workers, size)
        assert [i for part in parts for i in part] == list(range(games))
        assert all(len(part) <= (size or chunks.MAX_CHUNK) for part in parts)
    assert len(chunks.chunks(17, 2, 5)) == 4


def test_parallel_results_equal_sequential_results() -> None:
    sequential = list(sim.run(config(games=9, records=True)))
    parallel = list(sim.run(config(games=9, records=True, workers=3, chunk_size=2)))
    assert parallel == sequential
    assert [r.index for r in parallel] == list(range(9))
    assert sim.simulate(config(games=9, workers=2)) == sim.simulate(config(games=9))


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_forked_and_spawned_workers_give_the_sequential_results(
    method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sim, "start_method", lambda: method)
    sequential = list(sim.run(config(games=7, records=True)))
    assert list(sim.run(config(games=7, records=True, workers=2, chunk_size=2))) == sequential


def test_workers_fork_only_from_a_process_with_one_thread() -> None:
    code = "from ludoteca.lab import simulate; print(simulate.start_method())"
    fresh = [sys.executable, "-c", code]
    done = subprocess.run(fresh, check=True, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "fork"
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert sim.start_method() == "spawn"
    finally:
        release.set()
        other.join()


def test_progress_reports_every_game_in_both_modes() -> None:
    for workers in (1, 2):
        done: list[int] = []
        list(sim.run(config(games=5, workers=workers, chunk_size=2), on_progress=done.append))
        assert sum(done) == 5


def test_records_replay_to_the_recorded_outcome() -> None:
    game = registry.make("tacocat")
    results = list(sim.run(config(games=4, records=True)))
    for result in results:
        rec = record.GameRecord.loads(result.record)
        assert rec.seed == result.seed
        assert rec.seats == result.seats
        final = replay(rec)
        outcome = game.outcome(final)
        assert outcome is not None
        assert outcome.to_json() == rec.outcome
        assert outcome.winners == result.winners
        assert len(rec.actions) == result.steps


def test_records_are_empty_unless_asked_for() -> None:
    assert {r.record for r in sim.run(config(games=2))} == {""}


def test_summary_counts_add_up() -> None:
    summary = sim.simulate(config(games=20))
    assert summary.games == 20
    seat_wins = sum(share.wins for share in summary.seat_wins)
    assert seat_wins + summary.draws + summary.unfinished == 20
    assert all(share.trials == 20 for share in summary.seat_wins)
    (only,) = summary.agent_wins
    assert only.agent == "random"
    assert only.wins.trials == 40
    assert only.wins.wins == seat_wins
    assert summary.lengths is not None
    assert summary.lengths.count == 20
    assert summary.lengths.minimum <= summary.lengths.median <= summary.lengths.maximum
    assert dict(summary.options) == {"tie_goes_to_arrow": False, "min_sequence": 3}


def test_options_reach_the_games() -> None:
    results = list(sim.run(config(games=2, records=True, options={"min_sequence": "2"})))
    for result in results:
        assert record.GameRecord.loads(result.record).options["min_sequence"] == 2


def test_agent_wins_are_split_by_agent() -> None:
    summary = sim.simulate(config(games=6, agents=("greedy", "random")))
    greedy, random_ = summary.agent_wins
    assert (greedy.agent, random_.agent) == ("greedy", "random")
    assert greedy.wins.trials == random_.wins.trials == 6
    total = sum(share.wins for share in summary.seat_wins)
    assert greedy.wins.wins + random_.wins.wins == total


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"games": 0}, "--games must be at least 1 (got 0)"),
        ({"workers": 0}, "--workers must be at least 1 (got 0)"),
        ({"chunk_size": -1}, "chunk size"),
        ({"agents": ("random",)}, "needs one agent per seat"),
        ({"agents": ("random", "nobody")}, "There is no agent 'nobody'"),
        ({"game_id": "chess"}, "Unknown game 'chess'"),
        ({"options": {"colour": "red"}}, "Unknown option 'colour'"),
    ],
)
def test_invalid_configurations_are_refused(changes: dict[str, object], fragment: str) -> None:
    with pytest.raises(GameSetupError) as caught:
        sim.validate(config(**changes))
    assert fragment in caught.value.text("en")
    assert caught.value.text("es") != caught.value.text("en")


# ---------------------------------------------------------------------------------------
# A game's own statistics (the optional match_statistics hook)


def test_every_game_reports_the_same_counts_in_every_game() -> None:
    """A count missing from a game would be left out of its mean: each is there, 0 or more."""
    names = None
    for result in sim.run(config(games=4)):
        assert all(count >= 0 for _, count in result.counts)
        found = [name for name, _ in result.counts]
        assert names is None or found == names
        names = found
    summary = sim.simulate(config(games=3))
    assert summary.rates == ()


def test_match_statistics_are_added_up_over_games_and_shown_as_rates() -> None:
    gotcha = config(game_id="gotcha", games=4, agents=("greedy",) * 4, seed=3)
    results = list(sim.run(gotcha))
    summary = sim.simulate(gotcha)
    totals: dict[str, int] = {}
    for result in results:
        assert result.counts, "gotcha reports counts for every game"
        for name, count in result.counts:
            totals[name] = totals.get(name, 0) + count
    assert dict(summary.counts) == totals
    assert totals["breaches"] > 0 and totals["caught"] > 0
    assert totals["caught"] + totals["refereed"] + totals["escaped"] == totals["breaches"]
    rates = {(hits, of): rate for hits, of, rate in summary.rates}
    caught = rates[("caught", "breaches")]
    assert (caught.successes, caught.trials) == (totals["caught"], totals["breaches"])
    assert 0 <= caught.low <= caught.value <= caught.high <= 1
    champ = rates[("champ", "games")]
    assert champ.trials == 4 and champ.successes == totals["champ"]


def test_summary_counts_end_reasons_and_turns() -> None:
    results = list(sim.run(config(game_id="tile_up", games=3)))
    summary = sim.simulate(config(game_id="tile_up", games=3))
    reasons = dict(summary.end_reasons)
    assert sum(rate.successes for rate in reasons.values()) == 3
    assert set(reasons) == {result.end_reason for result in results}
    assert set(reasons) <= {"corners", "tiles_out", "turn_limit"}
    assert summary.turns is not None
    assert sorted(result.turns for result in results) == sorted(
        [summary.turns.minimum, summary.turns.median, summary.turns.maximum]
    )
    assert all(0 < result.turns < result.steps for result in results)


def test_games_stopped_at_the_step_limit_end_as_truncated() -> None:
    game = registry.make("tacocat")
    result = sim.GameResult(
        0, 0, RANDOMS, (), False, game.info.max_steps, end_reason=match.TRUNCATED
    )
    assert result.end_reason == "truncated"
    assert result.turns == 0


@pytest.mark.usefixtures("sigint_default")
def test_ctrl_c_in_one_process_stops_between_games_with_the_finished_ones() -> None:
    """A SIGINT during a one-process run is recorded and acted on after the game in play:
    the summary holds exactly the games finished, and Python's handler is back after."""
    pressed_after = 3

    count = [0]

    def progress(done: int) -> None:
        count[0] += done
        if count[0] == pressed_after:
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(sim.Interrupted) as caught:
        sim.simulate(config(games=50), on_progress=progress)
    assert caught.value.summary.interrupted
    assert caught.value.summary.games == pressed_after
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.usefixtures("sigint_default")
def test_ctrl_c_with_two_workers_keeps_exactly_the_finished_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Games 0..N-1 finish; every later game runs "for an hour" (as a long game in play).
    Ctrl-C after the Nth finished game stops the workers at once, without waiting for the
    games in play or their chunks, and the summary holds exactly those N games, each equal
    to the same game played in one process."""
    finished = 5
    real_play = match.play_game

    def play(config: sim.SimulationConfig, index: int) -> sim.GameResult:
        if index >= finished:
            time.sleep(3600)
        return real_play(config, index)

    monkeypatch.setattr(pool_mod, "play_game", play)  # the forked workers inherit it
    monkeypatch.setattr(sim, "start_method", lambda: "fork")
    kept: list[sim.GameResult] = []
    ticks = [0]

    def progress(done: int) -> None:
        ticks[0] += done
        if ticks[0] == finished:
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(sim.Interrupted) as caught:
        sim.simulate(
            config(games=40, workers=2, chunk_size=2), on_result=kept.append, on_progress=progress
        )
    summary = caught.value.summary
    assert summary.interrupted and summary.planned == 40
    assert summary.games == ticks[0] == len(kept) == finished
    assert [result.index for result in kept] == list(range(finished))
    assert kept == list(sim.run(config(games=finished)))
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_game_that_cannot_be_played_in_a_worker_is_reported_and_stops_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def play(config: sim.SimulationConfig, index: int) -> sim.GameResult:
        if index == 3:
            raise match.SimulationError(msg("lab.game_failed", index=3, seed=43, error="x"))
        time.sleep(3600 if index > 3 else 0)
        return match.play_game(config, index)

    monkeypatch.setattr(pool_mod, "play_game", play)
    monkeypatch.setattr(sim, "start_method", lambda: "fork")
    with pytest.raises(match.SimulationError) as caught:
        list(sim.run(config(games=20, workers=2, chunk_size=1)))
    assert "Game 3 (seed 43)" in caught.value.text("en")
