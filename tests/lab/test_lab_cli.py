"""The lab's commands (simulate, compare, sweep, ladder, report) run in-process with Typer's
CliRunner, and once as the installed script interrupted with a real SIGINT."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner, Result

from ludoteca.cli import app

BASE_ENV = {"COLUMNS": "200", "LANG": "C.UTF-8"}


def invoke(args: list[str]) -> Result:
    return CliRunner().invoke(app, args, env=BASE_ENV)


def one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0]
    assert "Traceback" not in result.output


def test_simulate_writes_summary_csv_and_parquet_with_shares_adding_up(tmp_path: Path) -> None:
    paths = {kind: tmp_path / f"games.{kind}" for kind in ("json", "csv", "parquet")}
    args = ["simulate", "dweebies", "--agents", "random", "--players", "4", "-n", "12"]
    flags = [f"--{kind}={path}" for kind, path in paths.items()]
    result = invoke([*args, "--seed", "3", *flags, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "a win shared by k players counts 1/k to each" in result.stdout
    assert "Ties (shared)" in result.stdout and "Total" in result.stdout
    assert "100.0%" in result.stdout
    summary = json.loads(paths["json"].read_text("utf-8"))
    assert summary["games"] == 12 and len(summary["seats"]) == 4
    total = sum(seat["share"] for seat in summary["seats"]) + summary["draws"]["share"]
    assert total == pytest.approx(1)
    csv = pd.read_csv(paths["csv"])
    parquet = pd.read_parquet(paths["parquet"])
    assert len(csv) == len(parquet) == 12
    assert list(csv.columns) == list(parquet.columns)
    assert list(csv["seed"]) == list(range(3, 15))
    assert csv[[f"share_{s}" for s in range(4)]].sum(axis=1).round(9).eq(1).all()


def test_simulate_in_spanish_names_ties_and_the_total() -> None:
    result = invoke(["simulate", "tile_up", "-n", "4", "--agents", "greedy", "--lang", "es"])
    assert result.exit_code == 0, result.output
    assert "una victoria compartida por k cuenta 1/k" in result.stdout
    assert "Empates (compartidas)" in result.stdout and "Margen de puntos" in result.stdout
    assert "esquinas cubiertas al final" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["simulate", "mystery_date", "-o", "turn_limit=-1", "-w", "2"], ["1 to 5000"]),
        (["simulate", "dweebies", "--agents", "random,greedy", "--players", "3"], ["--players 3"]),
        (["simulate", "dweebies", "--players", "9"], ["2-6 players, not 9"]),
        (["simulate", "tacocat", "--backend", "spark"], ["local, ray"]),
        (["simulate", "tacocat", "--csv", "/no/such/dir/x.csv"], ["Cannot write /no/such/"]),
        (["simulate", "gotcha", "--agents", "greedy:slip=7", "--players", "3"], ["from 0 to 1"]),
        (["compare", "tacocat", "-o", "min_sequence=2"], ["one option given twice"]),
        (["sweep", "tile_up", "-o", "board_size=9,10"], ["board_size", "9 | 11 | 13"]),
        (["ladder", "tacocat", "--agents", "random"], ["at least two"]),
        (["report", "tacocat", "--ladder-agents", "random,wizard"], ["wizard"]),
    ],
)  # fmt: skip
def test_bad_requests_are_one_line_before_any_game(args: list[str], fragments: list[str]) -> None:
    result = invoke([*args, "--lang", "en"])
    one_line_error(result, *fragments)
    assert "Simulating" not in result.stderr
    spanish = invoke([*args, "--lang", "es"])
    assert spanish.exit_code == 2 and spanish.stderr != result.stderr


def test_compare_sweep_and_ladder_print_their_tables(tmp_path: Path) -> None:
    compare = invoke(
        [
            "compare",
            "tacocat",
            "-o",
            "min_sequence=3",
            "-o",
            "min_sequence=2",
            "-n",
            "6",
            "--lang",
            "en",
        ]
    )
    assert compare.exit_code == 0, compare.output
    assert "A = min_sequence=3 against B = min_sequence=2" in compare.stdout
    assert "Agents: greedy in every seat (the default" in compare.stdout
    assert "p (Holm)" in compare.stdout and "wins: first seat (YAY)" in compare.stdout
    assert "Holm's correction over the" in compare.stdout
    assert "Warning" not in compare.output and "warn" not in compare.stderr.lower()
    plots = tmp_path / "plots"
    sweep = invoke(
        [
            "sweep",
            "tile_up",
            "-o",
            "board_size=9,13",
            "-n",
            "3",
            "--agents",
            "greedy",
            "--plots",
            str(plots),
            "--lang",
            "es",
        ]
    )
    assert sweep.exit_code == 0, sweep.output
    assert "board_size=9" in sweep.stdout and "board_size=13" in sweep.stdout
    assert "turnos por partida" in sweep.stdout
    svg = (plots / "board_size-turns.svg").read_text("utf-8")
    assert "<svg" in svg
    ladder = invoke(
        [
            "ladder",
            "tacocat",
            "--agents",
            "random,greedy",
            "-n",
            "4",
            "--json",
            str(tmp_path / "l.json"),
        ]
    )
    assert ladder.exit_code == 0, ladder.output
    data = json.loads((tmp_path / "l.json").read_text("utf-8"))
    assert data["matrix"][1][0] == pytest.approx(1 - data["matrix"][0][1])


def test_report_is_one_self_contained_page_in_both_languages(tmp_path: Path) -> None:
    pages = {}
    for lang in ("en", "es"):
        out = tmp_path / f"r-{lang}.html"
        args = [
            "report",
            "tacocat",
            "--out",
            str(out),
            "-n",
            "12",
            "--ladder-agents",
            "random,greedy",
        ]
        result = invoke([*args, "--ladder-games", "2", "--seed", "4", "--lang", lang])
        assert result.exit_code == 0, result.output
        pages[lang] = out.read_text("utf-8")
    english, spanish = pages["en"], pages["es"]
    for title in (
        "Seat advantage",
        "Game length",
        "How games end",
        "Score margins",
        "Agent ladder",
        "Luck versus skill",
    ):
        assert title in english
    assert "Ventaja por asiento" in spanish and "Suerte frente a habilidad" in spanish
    assert english.count("<svg") >= 5
    assert "ludoteca simulate tacocat -n 12 --agents greedy,greedy --seed 4" in english
    assert "ludoteca ladder tacocat --agents random,greedy -n 2 --seed 16" in english
    for page in pages.values():
        assert "<script" not in page and "<link" not in page and "src=" not in page
        assert not re.search(r"url\((?!#)", page) and "@import" not in page  # only url(#id)


@pytest.mark.usefixtures("sigint_default")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_prints_and_writes_exactly_the_finished_games(workers: str, tmp_path: Path) -> None:
    """A real SIGINT to the installed script: the summary, the JSON, the CSV and the records
    all hold the same games, every one finished (with workers, each came back as it ended)."""
    script = Path(sys.executable).with_name("ludoteca")
    files = {kind: tmp_path / f"games.{kind}" for kind in ("json", "csv", "jsonl")}
    process = subprocess.Popen(
        [
            *(str(script), "simulate", "tacocat", "-n", "100000", "--agents", "random"),
            *("-w", workers, "--json", str(files["json"]), "--csv", str(files["csv"])),
            *("--out", str(files["jsonl"]), "--lang", "en"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **BASE_ENV},
    )
    assert process.stderr is not None
    warning = process.stderr.readline()
    assert warning.startswith("Warning: the random agent plays without any strategy"), warning
    first = process.stderr.readline()  # blocks until the first progress line
    assert first.startswith("Simulating: 100/100000 games"), first
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    found = re.search(r"summary of the games finished, (\d+) of 100000\.", stdout)
    assert found, stdout
    finished = int(found[1])
    assert finished >= 100
    assert "Wins by seat" in stdout and "Total" in stdout
    assert f"{finished} games in" in stderr and "Traceback" not in stderr
    summary = json.loads(files["json"].read_text("utf-8"))
    assert summary["interrupted"] and summary["games"] == finished
    table = pd.read_csv(files["csv"])
    assert len(table) == finished and table["finished"].all()
    assert sorted(table["index"]) == sorted(set(table["index"]))
    assert len(files["jsonl"].read_text("utf-8").splitlines()) == finished


def test_every_command_names_its_agents_and_warns_only_for_random_seats() -> None:
    default = invoke(["simulate", "tacocat", "-n", "1", "--lang", "en"])
    assert default.exit_code == 0, default.output
    assert "Agents: greedy in every seat (the default: tacocat's strongest fast agent" in (
        default.stdout
    )
    assert "1 game of tacocat" in default.stdout and "1 games" not in default.output
    assert "Warning" not in default.stderr
    random = invoke(["simulate", "tacocat", "-n", "1", "--agents", "random", "--lang", "es"])
    assert random.exit_code == 0, random.output
    assert "Agentes: random, random." in random.stdout
    assert "Aviso: el agente random juega sin estrategia" in random.stderr
    assert "se juega con greedy" in random.stderr


def test_sweep_and_ladder_over_player_counts(tmp_path: Path) -> None:
    sweep = invoke(
        ["sweep", "dweebies", "--players", "2,3", "-n", "2", "--agents", "random", "--lang", "en"]
    )
    assert sweep.exit_code == 0, sweep.output
    assert "players=2" in sweep.stdout and "players=3" in sweep.stdout
    assert "wins: third seat" in sweep.stdout and "lines of 2 cards collected" in sweep.stdout
    both = invoke(["sweep", "tile_up", "--players", "2,3", "-o", "board_size=9,11", "--lang", "en"])
    one_line_error(both, "sweeps one thing")
    mixed = invoke(["sweep", "dweebies", "--players", "2,3", "--agents", "random,greedy"])
    assert mixed.exit_code == 2 and "one agent for every seat" in mixed.stderr
    out = tmp_path / "ladders.json"
    ladder = invoke(
        ["ladder", "dweebies", "--agents", "random,greedy", "--players", "2,3", "-n", "2"]
        + ["--json", str(out), "--lang", "en"]
    )
    assert ladder.exit_code == 0, ladder.output
    printed = " ".join(ladder.stdout.split())
    assert "(2 seats, balanced)" in printed and "(3 seats, balanced)" in printed
    assert [table["players"] for table in json.loads(out.read_text("utf-8"))["ladders"]] == [2, 3]


def test_permuted_seats_and_the_reports_real_file_name(tmp_path: Path) -> None:
    permuted = invoke(
        ["simulate", "dweebies", "--agents", "random,greedy,random", "--permute-seats", "-n", "1"]
    )
    assert permuted.exit_code == 0, permuted.output
    assert "in every order (3; game i plays order i mod 3)" in permuted.stdout
    out = tmp_path / "my report.html"
    args = ["report", "tacocat", "--out", str(out), "-n", "2", "--ladder-agents", "random,greedy"]
    result = invoke([*args, "--ladder-games", "2", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert f"ludoteca report tacocat --out &#x27;{out}&#x27; -n 2" in out.read_text("utf-8")


def help_words(command: str, lang: str) -> str:
    """A command's help as one line of words, without the panels' borders."""
    printed = invoke([command, "--help", "--lang", lang]).stdout
    return " ".join(word for word in printed.split() if word.strip("│╭╮╰╯─"))


def test_the_labs_own_help_for_workers_and_agents() -> None:
    for command in ("simulate", "compare", "sweep", "ladder", "report"):
        english = help_words(command, "en")
        assert "Ctrl-C keeps every finished game" in english, command
        assert "PostgreSQL" not in english
    script = Path(sys.executable).with_name("ludoteca")
    spanish = subprocess.run(
        [str(script), "simulate", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **BASE_ENV, "LANG": "es_ES.UTF-8"},
        check=True,
    ).stdout
    words = " ".join(word for word in spanish.split() if word.strip("│╭╮╰╯─"))
    assert "Ctrl-C conserva toda partida terminada" in words
    agents = help_words("simulate", "en")
    assert (
        "gotcha: random, greedy, expert" in agents
        and "gotcha: random, greedy, expert," not in agents
    )


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started that are still its children (Linux /proc)."""
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text("ascii").split()
    return [int(child) for child in found]


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting to be reaped has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text("ascii")
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_the_workers_end_with_a_main_process_killed_outright() -> None:
    """``kill -9`` of ``simulate -w 2``: its workers do not play on as orphans (they would
    then block for ever on the full result pipe, SIGTERM blocked)."""
    script = Path(sys.executable).with_name("ludoteca")
    process = subprocess.Popen(
        [str(script), "simulate", "tacocat", "-n", "100000", "--agents", "random", "-w", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **BASE_ENV, "LUDOTECA_LANG": "en"},
    )
    assert process.stderr is not None
    process.stderr.readline()  # the random agent's warning
    first = process.stderr.readline()  # the first progress line: the workers are playing
    assert "100000 games" in first, first
    workers = _children(process.pid)
    assert len([pid for pid in workers if _running(pid)]) >= 2, workers
    process.kill()
    process.wait()
    deadline = time.monotonic() + 60
    while any(_running(pid) for pid in workers):
        assert time.monotonic() < deadline, [pid for pid in workers if _running(pid)]
        time.sleep(0.05)
