"""Games played to their end in a real 80×24 terminal (tmux), in Spanish and English,
answering the last numbered move at every prompt and a key at every pause (Tacocat and
Dweebies so far); the ways out of a game; a forced move; typed-ahead keys."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmux_driver import PAUSES, PROMPTS, TMUX, WIDTH, Terminal

from ludoteca.engine import record

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
ENV = {"LANG": "C.UTF-8"}
NUMBERED = re.compile(r"^\s+(\d+)\) ")

GAMES = {
    "tacocat": ["--vs", "random", "--seed", "2"],
    "dweebies": ["--vs", "random", "--seed", "1"],
    "tile_up": ["--vs", "random", "--seed", "1"],
    "mystery_date": ["--vs", "random", "--seed", "1"],
}
RESULT = {"es": ("Fin de la partida", "Has "), "en": ("Game over", "You ")}


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for terminal in opened:
        terminal.close()


def play_to_the_end(terminal: Terminal) -> tuple[int, int]:
    """Answer until the program ends; (exit code, prompts and pauses answered)."""
    answered = 0
    while True:
        screen = terminal.wait_for(*PROMPTS, *PAUSES, timeout=300)
        if terminal.exit_code() is not None:
            return terminal.wait_exit(), answered
        lines = [line for line in screen.splitlines() if line.strip()]
        answered += 1
        if not lines[-1].rstrip().endswith(PROMPTS):
            terminal.send("x")
            continue
        # The last numbered move on screen (in Tile Up a placement, so the game moves on);
        # Enter where nothing is numbered (Gotcha's room between cards).
        numbers = [m.group(1) for line in lines if (m := NUMBERED.match(line))]
        terminal.send(*((numbers[-1], "Enter") if numbers else ("Enter",)))


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_is_played_to_its_end_in_an_80x24_terminal(
    game_id: str, lang: str, terminals: list[Terminal], tmp_path: Path
) -> None:
    saved = tmp_path / "game.jsonl"
    args = ["play", game_id, *GAMES[game_id], "--lang", lang, "--save", str(saved)]
    terminal = Terminal(args, env=ENV)
    terminals.append(terminal)
    code, answered = play_to_the_end(terminal)
    transcript = terminal.scrollback()
    assert code == 0, transcript[-3000:]
    assert answered > 0
    assert "Traceback" not in transcript
    game_over, verdict = RESULT[lang]
    assert game_over in transcript and verdict in transcript, transcript[-2000:]
    assert record.GameRecord.loads(saved.read_text().strip()).outcome is not None
    assert all(len(line) <= WIDTH for line in terminal.screen().splitlines())


@pytest.mark.parametrize(
    ("keys", "lang", "message"),
    [
        (("q", "Enter"), "es", "Partida abandonada."),
        (("C-c",), "es", "Partida abandonada."),
        (("C-d",), "es", "Partida abandonada."),
        (("q", "Enter"), "en", "Game abandoned."),
        (("C-c",), "en", "Game abandoned."),
        (("C-d",), "en", "Game abandoned."),
    ],
)
def test_q_ctrl_c_and_ctrl_d_leave_the_same_way_and_save_the_game_so_far(
    keys: tuple[str, ...], lang: str, message: str, terminals: list[Terminal], tmp_path: Path
) -> None:
    saved = tmp_path / "left.jsonl"
    args = ["play", "tacocat", "--vs", "expert", "--seed", "4", "--lang", lang]
    terminal = Terminal([*args, "--save", str(saved)], env=ENV)
    terminals.append(terminal)
    terminal.wait_for(*PROMPTS)
    terminal.send(*keys)
    assert terminal.wait_exit() == 1
    screen = terminal.screen()
    assert message in screen and "Traceback" not in terminal.scrollback()
    left = record.GameRecord.loads(saved.read_text().strip())
    assert left.outcome is None and left.actions


def test_a_forced_move_is_announced_and_waits_for_a_key(terminals: list[Terminal]) -> None:
    """Tile Up: after 'draw tiles' the lone 'end' is announced and waits; the key plays it
    and nothing else."""
    args = ["play", "tile_up", "--vs", "random", "--seed", "5", "--lang", "en"]
    terminal = Terminal(args, env=ENV)
    terminals.append(terminal)
    terminal.wait_for(*PROMPTS)
    terminal.send("2", "Enter")
    screen = terminal.wait_for(*PAUSES)
    assert "Only one move: ends the turn [end]. Press a key" in " ".join(screen.split())
    terminal.send("x")
    screen = terminal.wait_for(*PROMPTS)
    flat = " ".join(terminal.scrollback().split())
    # The key played the forced move only: the bot played its turn and the next decision
    # is still waiting.
    assert "Seat 1 ends the turn." in " ".join(screen.split())
    assert flat.rstrip().endswith("quit):")


def test_keys_typed_before_a_prompt_never_answer_it(terminals: list[Terminal]) -> None:
    args = ["play", "tacocat", "--vs", "expert", "--seed", "4", "--lang", "en"]
    terminal = Terminal(args, env=ENV, held=True)
    terminals.append(terminal)
    terminal.send("sacrifice", "Enter", "2", "Enter")  # typed before the game starts
    terminal.release()
    screen = terminal.wait_for(*PROMPTS)
    assert [line for line in screen.splitlines() if line.strip()][-1].rstrip().endswith("quit):")
    assert "sacrifice" not in terminal.scrollback().split("Your moves:")[-1]
