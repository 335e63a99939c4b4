"""The full-screen table in a real terminal (tmux, 80×24): it starts, asks "Really quit?"
before leaving, and the game left is saved where it said."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from tmux_driver import TMUX, Terminal

from ludoteca.engine.record import GameRecord

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


def wait_screen(terminal: Terminal, text: str, timeout: float = 120.0) -> str:
    """The screen once ``text`` is on it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = terminal.screen()
        if text in screen:
            return screen
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared:\n{terminal.screen()}")


def test_q_asks_first_then_the_game_so_far_is_saved(tmp_path: Path) -> None:
    saved = tmp_path / "left.jsonl"
    args = ["play", "tacocat", "--vs", "random", "--seed", "2", "--lang", "en"]
    terminal = Terminal([*args, "--save", str(saved)], env={"LANG": "C.UTF-8"}, plain=False)
    try:
        screen = wait_screen(terminal, "your move:")
        assert "Events (" in screen and "Your moves" in screen
        terminal.send("q", "Enter")
        asked = wait_screen(terminal, "Really quit?")
        assert "Saving is on" in asked
        terminal.send("n")
        wait_screen(terminal, "your move:")
        assert terminal.exit_code() is None
        terminal.send("C-q")
        wait_screen(terminal, "Really quit?")
        terminal.send("y")
        assert terminal.wait_exit() == 1
        record = GameRecord.loads(saved.read_text("utf-8").splitlines()[0])
        assert record.outcome is None and record.game == "tacocat"
        assert "Game abandoned." in terminal.scrollback()
    finally:
        terminal.close()
