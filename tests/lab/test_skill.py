"""The skill profile (``lab.skill``) and ``ludoteca skill``: the formula, the ladder, a real
profile on few games, bad input in one line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.cli.skill import profile_lines
from ludoteca.engine.errors import GameSetupError
from ludoteca.lab import oracle, skill
from ludoteca.lab.summary import share


def _matchup(agent_wins: float, opponent_wins: float, games: int) -> skill.Matchup:
    return skill.Matchup(
        "expert", "random", share(agent_wins, games), share(opponent_wins, games), games, (0, 9)
    )


def test_skill_share_formula_on_constructed_results() -> None:
    assert skill.skill_share(0.25, 0.75) == pytest.approx(2 / 3)
    assert skill.skill_share(0.5, 0.5) == 0
    assert skill.skill_share(0.0, 0.9) == 1
    with pytest.raises(ValueError):
        skill.skill_share(0.5, 0.0)
    with pytest.raises(ValueError):
        skill.skill_share(1.5, 0.5)


def test_profile_skill_reads_the_matchup_against_random() -> None:
    profile = skill.SkillProfile(
        game_id="tacocat",
        players=2,
        ladder=("random", "greedy", "expert"),
        options={},
        against_random=_matchup(80, 20, 100),
        against_next=_matchup(60, 40, 100),
        first_seat=share(55, 100),
    )
    assert profile.best == "expert"
    assert profile.skill == pytest.approx(1 - 0.2 / 0.8)
    data = profile.to_json()
    assert data["skill_share"] == pytest.approx(0.75)
    assert data["oracle"] is None
    low, high = data["first_seat"]["ci95"]
    assert low < 0.55 < high


def test_ladder_is_ordered_by_measured_rating() -> None:
    assert skill.ladder_of("tacocat") == ("random", "greedy", "expert")
    # Gotcha has no ratings and no search agent (it is real-time): the fixed order.
    assert skill.ladder_of("gotcha", search=True) == ("random", "greedy", "expert")
    search = skill.ladder_of("mystery_date", search=True)
    assert search[0] == "random" and any(name.startswith("ismcts") for name in search)


def test_a_real_profile_adds_up_and_the_expert_beats_random() -> None:
    games = 10
    profile = skill.profile("mystery_date", games=games, seed=3)
    random_games = profile.against_random
    assert random_games.games == games
    assert random_games.agent_share.trials == games
    # Two seats: the two agents' shares and the draws make up every game.
    assert random_games.agent_share.value + random_games.opponent_share.value <= 1
    assert random_games.agent_share.value > random_games.opponent_share.value
    assert 0 < profile.skill <= 1
    assert profile.against_next is not None and profile.against_next.opponent == "greedy"
    assert profile.first_seat.trials == games
    assert profile.oracle is skill.ORACLE_MEASURED["mystery_date"]


def test_mystery_date_carries_its_measured_oracle() -> None:
    oracle = skill.ORACLE_MEASURED["mystery_date"]
    assert oracle.low < oracle.share < oracle.high < 0.6


def test_skill_command_prints_both_languages_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "skill.json"
    runner = CliRunner()
    english = runner.invoke(
        app, ["skill", "mystery_date", "-n", "4", "--json", str(out), "--lang", "en"]
    )
    assert english.exit_code == 0, english.output
    assert "Skill share" in english.output and "52.4%" in english.output
    data = json.loads(out.read_text("utf-8"))
    assert data["against_random"]["games"] == 4
    spanish = runner.invoke(app, ["skill", "tile_up", "-n", "1", "--lang", "es"])
    assert spanish.exit_code == 0, spanish.output
    assert "Parte de habilidad" in spanish.output and "Techo" in spanish.output
    assert "99.3%" in spanish.output


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["skill", "nope"], "nope"),
        (["skill", "tacocat", "-n", "0"], "0"),
        (["skill", "tacocat", "-o", "nope=1"], "nope"),
        (["skill", "tacocat", "--players", "9"], "9"),
    ],
)
def test_skill_refuses_bad_input_in_one_line(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(app, [*args, "--lang", "es"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in result.output


def test_profile_refuses_before_any_game() -> None:
    with pytest.raises(GameSetupError):
        skill.profile("tacocat", games=5, options={"no_such_option": "1"})


def test_report_carries_the_skill_profile_in_both_languages(tmp_path: Path) -> None:
    runner = CliRunner()
    texts = {
        "en": ("Skill profile", "against random", "Skill share", "Measured ceiling"),
        "es": ("Perfil de habilidad", "contra random", "Parte de habilidad", "Techo medido"),
    }
    for lang, needles in texts.items():
        out = tmp_path / f"{lang}.html"
        args = ["report", "mystery_date", "--out", str(out), "-n", "4", "--seed", "1"]
        args += ["--ladder-agents", "random,greedy,expert", "--ladder-games", "4"]
        result = runner.invoke(app, [*args, "--lang", lang])
        assert result.exit_code == 0, result.output
        page = out.read_text("utf-8")
        assert all(needle in page for needle in needles), lang
        assert page.count("against random") + page.count("contra random") == 1


@pytest.mark.parametrize("command", ["skill", "tune"])
def test_help_texts_are_written_not_keys(command: str) -> None:
    """Every option's help is a written text (the lab's own --workers help, not a catalogue
    key left unrendered)."""
    shown = CliRunner().invoke(app, [command, "--help"], terminal_width=200)
    assert shown.exit_code == 0, shown.output
    assert "cli.help." not in shown.output
    assert "Processes playing" in shown.output


def test_profile_carries_lead_changes_of_the_seat_study() -> None:
    profile = skill.profile("tacocat", games=6, seed=2)
    lead = profile.lead_changes
    assert lead is not None and lead.count == 6
    assert 0 <= lead.low <= lead.mean <= lead.high
    assert profile.to_json()["lead_changes"]["games"] == 6
    lines = profile_lines(profile, 6, 2, "en")
    heading = "Lead changes per game (leader: the one ahead in rounds won; expert, expert)"
    assert any(line.startswith(heading) for line in lines)
    spanish = profile_lines(profile, 6, 2, "es")
    assert any("Cambios de líder por partida" in line for line in spanish)


def test_oracle_sees_the_true_state_and_scores_its_games() -> None:
    holder: list[object] = ["the true state"]
    agent = oracle.oracle_agent("tile_up", 10, holder)
    draw = agent._sampler({}, 0)
    assert draw(random.Random(0)) == "the true state"
    holder[0] = "the next state"
    assert draw(random.Random(1)) == "the next state"
    found = oracle.measure("tile_up", games=2, seed=11, iterations=10, command="it")
    assert found.games == 2 and found.opponent == "greedy"
    assert found.low <= found.share <= found.high
    assert found.command == "it"


def test_skill_oracle_plays_the_ceiling_in_the_same_run() -> None:
    args = ["skill", "tile_up", "-n", "2", "--seed", "4", "--oracle", "--lang", "en"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    assert "Ceiling (search told every hidden card) against greedy" in shown
    assert "over 2 games, measured by: ludoteca skill tile_up --oracle -n 2 --seed 4 " in shown


def test_gotcha_says_in_words_why_it_has_no_ceiling() -> None:
    assert "real time" in skill.no_oracle_text("gotcha", "en")
    assert "tiempo real" in skill.no_oracle_text("gotcha", "es")
    assert "--oracle" in skill.no_oracle_text("dweebies", "en")
    refused = CliRunner().invoke(app, ["skill", "gotcha", "--oracle", "--lang", "es"])
    assert refused.exit_code == 2
    lines = [line for line in refused.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "no tiene agente de búsqueda" in lines[0]


@pytest.mark.parametrize(
    ("game_id", "iterations"), [("tacocat", 1000), ("dweebies", 280), ("tile_up", 170)]
)
def test_measured_ceilings_are_the_results_files_figures(game_id: str, iterations: int) -> None:
    root = Path(__file__).resolve().parents[2]
    name = f"2026-12-06_oracle_ceiling_{game_id}_{iterations}_anchored.json"
    found = json.loads((root / "bench" / "results" / name).read_text("utf-8"))
    cited = skill.ORACLE_MEASURED[game_id]
    summary = found["summary"]
    assert cited.games == summary["games"] == len(found["games"])
    assert cited.share == pytest.approx(summary["score"], abs=5e-4)
    assert (cited.low, cited.high) == pytest.approx((summary["low95"], summary["high95"]), abs=5e-4)
    assert sum(game["score"] for game in found["games"]) / cited.games == pytest.approx(
        summary["score"]
    )
