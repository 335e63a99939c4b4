"""``ludoteca league`` for real (the ``train`` extra): checkpoints written, every member
rated, resumed leagues that continue the numbering and equal an unbroken run, a saved policy
that plays every game with a Gymnasium environment.
"""

from __future__ import annotations

import csv
import json
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.adapters import encodings
from ludoteca.cli import app
from ludoteca.engine import registry, runner
from ludoteca.gymnasium_ids import ENV_IDS
from ludoteca.league import config as config_mod
from ludoteca.league import policy

SMALL = ["--steps", "128", "--games", "2", "--seed", "7", "--bots", "random,greedy"]
"""Small and quick: the Tacocat expert (a solver) would take most of the time."""


def _league(out: Path, generations: int, *extra: str, lang: str = "en") -> str:
    args = ["league", "tacocat", "--generations", str(generations), "--out", str(out)]
    result = CliRunner().invoke(app, [*args, *SMALL, *extra, "--lang", lang])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def _saved(out: Path) -> dict[str, object]:
    data = json.loads((out / "league.json").read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def test_a_league_rates_every_member_and_resumes_where_it_stopped(tmp_path: Path) -> None:
    split = tmp_path / "split"
    _league(split, 1)
    assert sorted(p.name for p in split.glob("*.zip")) == ["gen-000.zip", "gen-001.zip"]
    first = _saved(split)
    names = [m["name"] for m in first["members"]]  # type: ignore[attr-defined]
    assert names == ["random", "greedy", "gen-000", "gen-001"]
    assert all(m["games"] > 0 for m in first["members"])  # type: ignore[attr-defined]
    # gen-001 trained at least --steps and played 2 games at each of its 3 tables.
    gen1 = first["generations"][1]  # type: ignore[index]
    assert gen1["timesteps"] >= 128
    assert gen1["against"] == {
        name: {"games": 2, "won": gen1["against"][name]["won"]}
        for name in ("random", "greedy", "gen-000")
    }

    # Resumed with --generations alone (the other settings are the saved ones).
    result = CliRunner().invoke(
        app, ["league", "tacocat", "--generations", "2", "--out", str(split), "--lang", "es"]
    )
    assert result.exit_code == 0, result.output
    assert (split / "gen-002.zip").is_file()
    resumed = _saved(split)
    assert [g["generation"] for g in resumed["generations"]] == [0, 1, 2]  # type: ignore[attr-defined]
    with (split / "ratings.csv").open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert sorted(row["member"] for row in rows) == sorted([*names, "gen-002"])
    assert [int(row["rank"]) for row in rows] == [1, 2, 3, 4, 5]
    ordinals = [float(row["ordinal"]) for row in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    # The table as a person reads it: names, not ids, in the chosen language.
    assert "generación 2" in result.output and "bot greedy" in result.output
    assert "gen-002" not in result.output.replace("gen-002.zip", "")

    # The same seed in one go gives the same league, ratings included.
    whole = tmp_path / "whole"
    _league(whole, 2)
    once = _saved(whole)
    assert once["members"] == resumed["members"]
    assert once["matches"] == resumed["matches"]


def test_a_resumed_league_with_other_settings_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "l"
    _league(out, 0)
    before = (out / "league.json").read_text("utf-8")
    result = CliRunner().invoke(
        app, ["league", "tacocat", "--out", str(out), "--steps", "256", "--lang", "en"]
    )
    assert result.exit_code == 2
    assert "holds a league with other settings" in result.output
    assert (out / "league.json").read_text("utf-8") == before
    # Asking for no more generations than it has only prints the table.
    again = _league(out, 0)
    assert "generation 0" in again and (out / "league.json").read_text("utf-8") == before


@pytest.mark.parametrize("game_id", sorted(ENV_IDS))
def test_a_saved_policy_plays_a_whole_game(tmp_path: Path, game_id: str) -> None:
    config = config_mod.make_config(game_id, steps=64)
    path = tmp_path / "gen-000.zip"
    policy.save_initial(config, path)
    encoding = encodings.make(game_id, config.players, config.options)
    agent = policy.PolicyAgent("gen-000", path, encoding)
    game = registry.make(game_id)
    match = runner.play(game, [agent, agent], seed=3, options=config.options)
    assert match.outcome is not None


def test_training_leaves_no_logger_folder_in_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    config = config_mod.make_config("tacocat", steps=64)
    start, after = tmp_path / "gen-000.zip", tmp_path / "gen-001.zip"
    policy.save_initial(config, start)
    assert policy.train_generation(config, start, after, 1, ["random"]) == 64
    assert after.exists()
    # (torch keeps its compile cache there, ``torchinductor_<user>``, shared between runs)
    assert [path.name for path in temporary.iterdir() if path.name.startswith("SB3-")] == []


@pytest.mark.usefixtures("sigint_default")
def test_ctrl_c_keeps_the_finished_generations(tmp_path: Path) -> None:
    out = tmp_path / "l"
    command = [
        sys.executable,
        "-c",
        "from ludoteca.cli import main; main()",
        "league",
        "tacocat",
        "--generations",
        "3",
        "--out",
        str(out),
        "--lang",
        "en",
        *SMALL,
        "--steps",
        "100000",  # generation 1 is still training when it is stopped
    ]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stderr is not None
    seen = []
    for line in process.stderr:
        seen.append(line)
        if line.startswith("Generation 1: 100000 training steps"):
            process.send_signal(signal.SIGINT)
            break
    rest, errors = process.communicate(timeout=120)
    assert process.returncode == 130, "".join(seen) + errors
    assert "Stopped: the finished generations are kept (up to 0)" in errors
    assert "Traceback" not in errors
    assert "generation 0" in rest  # the table of what is kept
    saved = _saved(out)
    assert [g["generation"] for g in saved["generations"]] == [0]  # type: ignore[attr-defined]
    assert not (out / "gen-001.zip").exists()
