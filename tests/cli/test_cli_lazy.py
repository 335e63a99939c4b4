"""The ``ludoteca`` script imports only the group of ``play`` / ``replay`` when that is the
command (a quick first screen), and every group otherwise.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = """
import sys
import ludoteca.cli
sys.argv = ["ludoteca", *sys.argv[1:]]
try:
    ludoteca.cli.main()
except SystemExit:
    pass
print("LOADED", *sorted(m for m in sys.modules if m.startswith("ludoteca.cli.")), sep="\\n")
"""
HEAVY = {"ludoteca.cli.lab", "ludoteca.cli.serve", "ludoteca.cli.backup", "ludoteca.cli.bench"}


def _loaded(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
    )
    return set(done.stdout.split("LOADED", 1)[1].split())


@pytest.mark.parametrize("command", ["play", "replay"])
def test_play_and_replay_do_not_wait_for_the_other_groups(command: str) -> None:
    loaded = _loaded(command, "--help")
    assert f"ludoteca.cli.{command}" in loaded
    assert not loaded & HEAVY


def test_other_commands_and_the_top_help_load_every_group() -> None:
    assert _loaded("--help") >= HEAVY
    assert _loaded("games") >= HEAVY


GAMES_PROBE = """
import sys
import ludoteca.cli
sys.argv = ["ludoteca", *sys.argv[1:]]
try:
    ludoteca.cli.main()
except SystemExit:
    pass
print("LOADED", *sorted(m for m in sys.modules if m.startswith(("ludoteca.games.", "textual"))))
"""
OTHER_GAMES = ("dweebies", "tile_up", "mystery_date", "gotcha")


def test_playing_one_game_loads_only_its_rules_before_the_first_screen() -> None:
    """Typer builds every option's help on each run: the list of every game's agents in
    the help of ``--vs`` must not load every game when no help is shown. The person quits
    at the first question, so what is loaded is what the first screen needed.
    """
    command = ["play", "tacocat", "--vs", "random", "--seed", "1", "--no-save", "--plain"]
    done = subprocess.run(
        [sys.executable, "-c", GAMES_PROBE, *command],
        input="q\ny\n",
        capture_output=True,
        text=True,
        check=True,
    )
    assert "your move" in done.stdout
    loaded = set(done.stdout.split("LOADED", 1)[1].split())
    assert "ludoteca.games.tacocat.game" in loaded
    assert not {m for m in loaded if m.split(".")[2] in OTHER_GAMES}
    assert not {m for m in loaded if m.startswith("textual")}  # line by line: no Textual


def test_the_help_of_play_still_lists_every_games_agents() -> None:
    done = subprocess.run(
        [sys.executable, "-c", GAMES_PROBE, "play", "--help", "--lang", "en"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    flat = " ".join(done.stdout.replace("│", " ").split())
    assert "Agents of each game:" in flat and "gotcha: random, greedy, expert" in flat
