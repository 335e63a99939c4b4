"""The ``ludoteca`` script imports only the group of ``play`` / ``replay`` when that is the
command (a quick first screen), and every group otherwise; ``play`` reaches its first
screen, line by line or full screen, without what it does not show yet.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

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
HEAVY = {
    "ludoteca.cli.lab",
    "ludoteca.cli.serve",
    "ludoteca.cli.backup",
    "ludoteca.cli.bench",
    "ludoteca.cli.people",
}


def _loaded(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
    )
    return set(done.stdout.split("LOADED", 1)[1].split())


@pytest.mark.parametrize("command", ["play", "learn", "replay"])
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
import gc
print("COLLECTOR", gc.isenabled())
print("LOADED", *sorted(sys.modules))
"""
OTHER_GAMES = ("dweebies", "tile_up", "mystery_date", "gotcha")
NOT_BEFORE_THE_FIRST_SCREEN = (
    "pydantic",  # Typer's reading of the values (``cli.values`` reads them)
    "ludoteca.agents.hints",  # the first ``?``
    "ludoteca.agents.ismcts",  # the hints' search
    "ludoteca.agents.explain",  # the bots' reasons, after a bot's move
)
"""Modules the first screen of ``play`` must not wait for (what they do comes later)."""


def _too_early(loaded: set[str]) -> set[str]:
    return {
        module
        for module in loaded
        for early in NOT_BEFORE_THE_FIRST_SCREEN
        if module == early or module.startswith(early + ".")
    }


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
    assert {m.split(".")[2] for m in loaded if m.startswith("ludoteca.games.")} == {"tacocat"}
    assert not {m for m in loaded if m.startswith("textual")}  # line by line: no Textual
    assert not _too_early(loaded)
    assert "COLLECTOR True" in done.stdout  # on again once the person was asked


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


FULL_SCREEN_PROBE = """
import atexit, gc, sys
from ludoteca.terminal.tui.app import TableApp

OUT = sys.argv[1]

def ask(self, ask):
    with open(OUT, "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
        out.write(f"\\ncollector-at-first-question:{gc.isenabled()}")
    self.exit(0)

def at_exit():
    with open(OUT, "a") as out:
        out.write(f"\\ncollector-at-exit:{gc.isenabled()}")

atexit.register(at_exit)

TableApp.ask = ask
import ludoteca.cli
sys.argv = ["ludoteca", *sys.argv[2:]]
ludoteca.cli.main()
"""


def test_the_full_screen_asks_the_first_move_before_loading_what_comes_later(
    tmp_path: Path,
) -> None:
    """The full screen in a pseudo-terminal (80×24): what is loaded when the first move is
    asked. Textual, the game's rules and the bot are; the rest waits for its first use.
    """
    modules = tmp_path / "modules.txt"
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    command = ["play", "tacocat", "--seed", "1", "--no-save", "--lang", "en"]
    env = {**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-c", FULL_SCREEN_PROBE, str(modules), *command],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while process.poll() is None and time.monotonic() < deadline:
            if select.select([leader], [], [], 0.2)[0]:
                try:
                    seen += os.read(leader, 65536)
                except OSError:
                    break
        process.wait(timeout=10)  # leaving at the first question: "Game abandoned"
    finally:
        process.kill()
        os.close(leader)
    assert modules.exists(), seen[-2000:]
    loaded = set(modules.read_text("utf-8").split())
    assert {"textual.app", "ludoteca.games.tacocat.game", "ludoteca.agents.tacocat.expert"} <= (
        loaded
    )
    games = {m.split(".")[2] for m in loaded if m.startswith("ludoteca.games.")}
    assert games == {"tacocat"}
    # The collector waits for the person (``ludoteca.startup``), and is on again at the end.
    assert "collector-at-first-question:False" in loaded
    assert "collector-at-exit:True" in loaded
    assert not _too_early(loaded)
