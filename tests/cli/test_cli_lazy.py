"""The ``ludoteca`` script imports only the group of ``play`` / ``replay`` when that is the
command (a quick first screen), and every group otherwise.
"""

from __future__ import annotations

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
