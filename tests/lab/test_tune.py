"""``lab.tune`` and ``ludoteca tune``: reproducible with a seed, moving toward the target
where an option obviously matters (Mystery Date's turn limit caps the game's length), bad
input refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.engine.errors import GameSetupError
from ludoteca.lab import tune

SPACE = {"turn_limit": "6,10,30,2000"}


def _run(seed: int) -> list[tune.Variant]:
    target = tune.parse_target("turns=0..12")
    return tune.tune("mystery_date", target, trials=5, games=4, seed=seed, space=SPACE)


def test_same_seed_same_variants_and_the_best_is_on_target() -> None:
    first, again = _run(11), _run(11)
    assert [tune.variant_json(v) for v in first] == [tune.variant_json(v) for v in again]
    best = first[0]
    assert best.options["turn_limit"] in (6, 10)
    assert best.loss == 0 and best.turns is not None and best.turns <= 12
    # Every variant tried is listed, nearest first; the default limit is far off target.
    losses = [v.loss for v in first]
    assert losses == sorted(losses)
    assert all(v.loss > 0 for v in first if v.options["turn_limit"] == 2000)


def test_loss_of_each_target() -> None:
    equal = tune.Target(equal_seats=True)
    assert tune.loss(equal, [0.5, 0.5], None, None) == 0
    assert tune.loss(equal, [0.7, 0.3], None, None) == pytest.approx(0.2)
    turns = tune.Target(turns=(10, 20))
    assert tune.loss(turns, [], 15, None) == 0
    assert tune.loss(turns, [], 30, None) == pytest.approx(10 / 15)
    assert tune.loss(tune.Target(skill=0.5), [], None, 0.75) == pytest.approx(0.25)


def test_parse_target_and_space() -> None:
    target = tune.parse_target("seats=equal,turns=20..30,skill=0.5")
    assert target == tune.Target(True, (20.0, 30.0), 0.5)
    assert tune.search_space("tile_up") == {
        "board_size": (9, 11, 13),
        "allow_mirror": (False, True),
    }
    assert tune.search_space("mystery_date", {"turn_limit": "5..7"}) == {"turn_limit": (5, 6, 7)}
    for bad in ("seats=odd", "turns=30..20", "skill=2", "speed=1", "turns=a..b"):
        with pytest.raises(GameSetupError):
            tune.parse_target(bad)
    with pytest.raises(GameSetupError):
        tune.search_space("mystery_date")  # no option with choices: --space is needed


def test_default_space_leaves_out_room_settings_that_are_not_rules() -> None:
    space = tune.search_space("gotcha")
    assert "language" not in space
    assert {"track_length", "wrong_buzz_penalty", "buzz_lock"} <= set(space)
    # Given explicitly, a room setting is still searched.
    assert tune.search_space("gotcha", {"language": "es,en"}) == {"language": ("es", "en")}


def test_tune_command_prints_the_best_and_how_to_reproduce_it(tmp_path: Path) -> None:
    out = tmp_path / "tune.json"
    args = ["tune", "mystery_date", "--target", "turns=0..12", "--trials", "3", "-n", "3"]
    args += ["--space", "turn_limit=8,2000", "--seed", "2", "--json", str(out)]
    result = CliRunner().invoke(app, [*args, "--lang", "es"])
    assert result.exit_code == 0, result.output
    assert "1. turn_limit=8" in result.output
    assert "ludoteca simulate mystery_date -n 3 --seed 2 --fixed-seats" in result.output
    rows = json.loads(out.read_text("utf-8"))
    assert rows[0]["options"] == {"turn_limit": 8} and rows[0]["seeds"] == [2, 4]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["tune", "tile_up", "--target", "seats=odd"], "seats=odd"),
        (["tune", "tile_up", "--trials", "0"], "0"),
        (["tune", "tile_up", "--space", "nope=1"], "nope"),
        (["tune", "tile_up", "--space", "board_size=7"], "7"),
        (["tune", "mystery_date"], "--space"),
        (["tune", "nope"], "nope"),
    ],
)
def test_tune_refuses_bad_input_in_one_line(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(app, [*args, "--lang", "es"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in result.output
