"""The benchmark code runs and reports sane counts. No timing is ever asserted."""

import json
from pathlib import Path

import pytest

from ludoteca.engine import native, registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.lab import bench
from ludoteca.lab.bench.workloads import _RACE

SHORT = 0.01  # seconds per repetition: enough for whole games, never a timing assertion


def _check_row(result: bench.BenchResult, repetitions: int) -> None:
    assert len(result.repetitions) == repetitions
    for rep in result.repetitions:
        assert rep.games >= 1
        assert rep.steps >= rep.games
        assert rep.seconds > 0
        assert rep.wall_seconds > 0
    assert result.steps_per_s > 0
    assert result.games_per_s > 0
    assert result.us_per_step > 0
    assert result.spread >= 0


def test_reference_workload_counts_whole_games() -> None:
    result = bench.measure_reference(SHORT, repetitions=2)
    _check_row(result, 2)
    assert (result.name, result.kind) == ("reference", "reference")
    # A race to 31, each turn a move of 1-3 then a roll of 0-2: 13 steps at least (moves of 3,
    # rolls of 2), 61 at most (31 moves of 1, 30 rolls of 0).
    assert 13 <= result.steps_per_game <= 61


def test_race_game_reaches_the_goal() -> None:
    state: bench.RaceState = (0, 0, False)
    steps = 0
    while _RACE.actors(state):
        actors = _RACE.actors(state)
        action = 2 if actors == (-1,) else 3
        state = _RACE.apply(state, actors[0], action)
        steps += 1
    assert state[0] >= 31
    assert steps == 13  # seven moves of 3 and six rolls of 2: 21 + 12 = 33


@pytest.mark.parametrize("game_id", registry.available_games())
def test_playout_of_every_game(game_id: str) -> None:
    result = bench.measure_game(game_id, SHORT, seed=3, repetitions=2)
    _check_row(result, 2)
    assert result.kind == "playout"
    assert result.steps_per_game <= registry.make(game_id).info.max_steps


def test_runner_row_plays_whole_matches() -> None:
    result = bench.measure_runner("tacocat", SHORT, repetitions=1)
    _check_row(result, 1)
    assert result.kind == "runner"
    assert result.steps_per_game <= registry.make("tacocat").info.max_steps


def test_repetitions_continue_with_new_games() -> None:
    workload = bench.game_workload("tacocat", seed=5)
    first = workload.run(SHORT)
    second = workload.run(SHORT)
    assert first.games >= 1 and second.games >= 1


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(GameSetupError):
        bench.measure_game("chess", SHORT)
    with pytest.raises(GameSetupError):
        bench.game_workload("tacocat", num_players=5)
    with pytest.raises(ValueError, match="seconds"):
        bench.measure_reference(0)
    with pytest.raises(ValueError, match="repetitions"):
        bench.measure_reference(SHORT, repetitions=0)


def _rows(*rates: tuple[str, str, list[int]]) -> tuple[bench.BenchResult, ...]:
    return tuple(
        bench.BenchResult(name, kind, tuple(bench.Repetition(steps, 1, 1.0) for steps in steps_))
        for name, kind, steps_ in rates
    )


def _report(results: tuple[bench.BenchResult, ...]) -> bench.BenchReport:
    return bench.BenchReport(bench.machine_info(), 1.0, 3, results)


def test_ratio_is_the_median_of_per_round_ratios() -> None:
    results = _rows(
        ("reference", "reference", [100, 50, 100]),
        ("tacocat", "playout", [300, 100, 150]),
        ("python_kuhn_poker", "openspiel", [100, 100, 100]),
    )
    report = _report(results)
    # Per round: 3.0, 2.0, 1.5 -> median 2.0 (the ratio of medians would be 1.5).
    assert report.ratio(results[1], "reference", "reference") == pytest.approx(2.0)
    assert report.ratio(results[1], "python_kuhn_poker", "openspiel") == pytest.approx(1.5)
    assert report.ratio(results[1], "leduc_poker", "openspiel") is None
    assert results[1].spread == pytest.approx((300 - 100) / 150)


def test_verdicts_in_both_languages() -> None:
    met = _report(_rows(("tacocat", "playout", [400]), ("python_kuhn_poker", "openspiel", [100])))
    missed = _report(
        _rows(("tacocat", "playout", [150]), ("python_kuhn_poker", "openspiel", [100]))
    )
    alone = _report(_rows(("tacocat", "playout", [150])))
    assert bench.verdicts(met, "en") == [
        "tacocat: 4.00× python_kuhn_poker's steps/s (target ≥ 2×): met"
    ]
    assert "NO cumplido" in bench.verdicts(missed, "es")[0]
    assert "NOT met" in bench.verdicts(missed, "en")[0]
    assert "--openspiel" in bench.verdicts(alone, "es")[0]


def test_gotcha_is_judged_against_its_own_target() -> None:
    # Issue 19: Gotcha's target is 5x its 0.13x of 2026-12-01 (0.65x kuhn), not the 2x line.
    kuhn = ("python_kuhn_poker", "openspiel", [100])
    gotcha = bench.verdicts(_report(_rows(("gotcha", "playout", [70]), kuhn)), "en")
    tacocat = bench.verdicts(_report(_rows(("tacocat", "playout", [70]), kuhn)), "en")
    assert gotcha == ["gotcha: 0.70× python_kuhn_poker's steps/s (target ≥ 0.65×): met"]
    assert tacocat == ["tacocat: 0.70× python_kuhn_poker's steps/s (target ≥ 2×): NOT met"]


def test_run_measures_reference_and_both_rows_per_game() -> None:
    report = bench.run(["tacocat"], SHORT, repetitions=2)
    rows = [(r.name, r.kind) for r in report.results]
    assert rows == [
        ("reference", "reference"),
        ("tacocat", "playout"),
        ("tacocat", "runner"),
        ("tacocat", "fastpath"),
    ]
    for result in report.results:
        _check_row(result, 2)
    playout = report.results[1]
    ratio = report.ratio(playout, "reference", "reference")
    assert ratio is not None and ratio > 0
    assert report.ratio(playout, bench.KUHN, "openspiel") is None
    data = json.loads(json.dumps(report.to_json()))
    assert data["results"][1]["ratio_to_python_kuhn_poker"] is None
    assert len(data["results"][0]["repetitions"]) == 2


def test_run_cli_prints_spanish_tables_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    assert bench.run_cli(["tacocat"], SHORT, False, out, "es", repetitions=1) == 0
    printed = capsys.readouterr().out
    assert "pasos/s" in printed and "referencia" in printed
    data = json.loads(out.read_text("utf-8"))
    assert data["machine"]["cpus"] >= 1
    # Which engine was measured: the mypyc build of engine/native.py's modules, or pure.
    compiled = native.compiled_count()
    assert data["machine"]["compiled_modules"] == compiled
    assert data["machine"]["compilable_modules"] == len(native.COMPILED)
    assert ("Motor compilado con mypyc" if compiled else "Motor en Python puro") in printed
    kinds = [row["kind"] for row in data["results"]]
    assert kinds == ["reference", "playout", "runner", "fastpath"]


def test_run_cli_english_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.run_cli(None, SHORT, False, None, "en", repetitions=1) == 0
    printed = capsys.readouterr().out
    assert "steps/s" in printed and "tacocat" in printed


@pytest.mark.parametrize(
    ("lang", "text"), [("es", "instálalo con pip install"), ("en", "install with pip install")]
)
def test_run_cli_without_openspiel_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, text: str
) -> None:
    monkeypatch.setattr(bench, "openspiel_available", lambda: False)
    assert bench.run_cli(None, SHORT, True, None, lang) == 2
    err = capsys.readouterr().err.strip()
    assert text in err and "'.[bench]'" in err
    assert "\n" not in err


def test_run_cli_refuses_unknown_games_and_bad_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.run_cli(["chess"], SHORT, False, None, "en") == 2
    assert "chess" in capsys.readouterr().err
    assert bench.run_cli(None, 0, False, None, "es") == 2
    assert "segundos" in capsys.readouterr().err
    assert bench.run_cli(None, SHORT, False, Path("/no/such/dir/b.json"), "en") == 2
    assert capsys.readouterr().err == "Error: Cannot write /no/such/dir/b.json\n"


def test_openspiel_rows() -> None:
    pytest.importorskip("pyspiel")
    kuhn = bench.measure_openspiel(bench.KUHN, SHORT, repetitions=1)
    _check_row(kuhn, 1)
    # Kuhn poker: two chance deals and two or three bets.
    assert 4 <= kuhn.steps_per_game <= 5
    leduc = bench.measure_openspiel("leduc_poker", SHORT, repetitions=1)
    _check_row(leduc, 1)
    report = bench.run(["tacocat"], SHORT, True, repetitions=1)
    assert [r.name for r in report.results][-2:] == [bench.KUHN, "leduc_poker"]
    assert report.ratio(report.results[1], bench.KUHN, "openspiel") is not None


def test_runner_and_fast_path_verdicts_are_paired_ratios_to_the_playout() -> None:
    report = _report(
        _rows(
            ("tacocat", "playout", [200, 100]),
            ("tacocat", "runner", [150, 50]),
            ("tacocat", "fastpath", [1000, 300]),
        )
    )
    lines = bench.verdicts(report, "en")
    # Runner: per round 200/150 and 100/50 -> median of 0.75 and 0.5 is 0.625 -> 1.6x slower.
    assert lines[1] == (
        "tacocat: runner.play at 1.60× the random loop's µs/step (target ≤ 1.5×): NOT met"
    )
    assert lines[2] == "tacocat: fast path 4.00× the random loop's steps/s (target ≥ 4×): met"
    assert "vía rápida" in bench.verdicts(report, "es")[2]


def test_fast_path_workload_counts_the_protocol_games_steps() -> None:
    assert bench.has_fastpath("tacocat")
    fast = bench.fastpath_workload("tacocat", seed=3).run(SHORT)
    assert fast.games >= 1 and fast.steps >= fast.games
    with pytest.raises(ValueError, match="fast path"):
        bench.fastpath_workload("gotcha")
