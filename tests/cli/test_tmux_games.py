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
FIGURE = {
    "tacocat": {"es": "Duelos ganados: ", "en": "Duels won: "},
    "dweebies": {"es": "Colecciones: ", "en": "Collections made: "},
    "tile_up": {"es": "Fichas colocadas: ", "en": "Tiles placed: "},
    "mystery_date": {"es": "Puertas abiertas: ", "en": "Doors opened: "},
}
"""A figure the result counts by player (``terminal.figures``), in each language."""


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for terminal in opened:
        terminal.close()


CELLS = re.compile(r"^\s+([ORYGBP]\d): ([a-m]\d+)")
"""A line of Tile Up's allowed cells for a tile (``  R4: f3 e4 …``)."""
FIRST_PAGE = re.compile(r" 1/\d+ · '\+'")
"""The page line of a first page of moves, in either language."""


def play_to_the_end(terminal: Terminal) -> tuple[int, int]:
    """Answer until the program ends; (exit code, prompts and pauses answered).

    At a prompt: a tile on the first cell listed for it when a page of the moves lists
    cells (Tile Up, so tiles are placed and the game ends), else '+' on a first page that
    lists no cells, else the last numbered move on screen, else Enter (Gotcha's room
    between cards). A key at every pause.
    """
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
        cells = [m.groups() for line in lines if (m := CELLS.match(line))]
        numbers = [m.group(1) for line in lines if (m := NUMBERED.match(line))]
        if cells:
            terminal.send(f"place {cells[0][0]} {cells[0][1]}", "Enter")
        elif FIRST_PAGE.search(screen) and (
            "allowed cells" in screen or "casillas posibles" in screen
        ):
            terminal.send("+", "Enter")
        elif numbers:
            terminal.send(numbers[-1], "Enter")
        else:
            terminal.send("Enter")


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
    assert FIGURE[game_id][lang] in transcript, transcript[-2000:]
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
    assert "Only one move: ends the turn. Press a key" in " ".join(screen.split())
    terminal.send("x")
    screen = terminal.wait_for(*PROMPTS)
    flat = " ".join(terminal.scrollback().split())
    # The key played the forced move only: the bot played its turn and the next decision
    # is still waiting.
    assert "Bruno ends the turn." in " ".join(screen.split())
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


GOTCHA = ["play", "gotcha", "--seed", "3"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_gotcha_is_played_to_its_end_in_an_80x24_terminal(
    lang: str, terminals: list[Terminal], tmp_path: Path
) -> None:
    """A room with a turn limit (GT-14, so the test is short), the others playing without
    waiting (--speed 0): the person is asked whenever nobody else can act."""
    saved = tmp_path / "gotcha.jsonl"
    args = [*GOTCHA, "--speed", "0", "-o", "turn_limit=8", "--lang", lang, "--save", str(saved)]
    terminal = Terminal(args, env=ENV)
    terminals.append(terminal)
    code, answered = play_to_the_end(terminal)
    transcript = terminal.scrollback()
    assert code == 0, transcript[-3000:]
    assert answered > 0 and "Traceback" not in transcript
    game_over, _ = RESULT[lang]
    assert game_over in transcript, transcript[-2000:]
    assert record.GameRecord.loads(saved.read_text().strip()).outcome is not None
    assert all(len(line) <= WIDTH for line in terminal.screen().splitlines())


def test_gotcha_shows_the_others_as_they_act_without_a_key(terminals: list[Terminal]) -> None:
    """Issue 15: the screen used to change only on Enter. Now, with no key pressed at all
    after the first prompt, the others' chat and emotes appear above the prompt (in game
    time, here forty times faster than real time), the prompt stays the last line, and a
    line half typed meanwhile stays under it and is sent whole."""
    terminal = Terminal([*GOTCHA, "--speed", "40", "--lang", "en"], env=ENV)
    terminals.append(terminal)
    first = terminal.wait_for(*PROMPTS)
    seen = first.count("  · ")
    terminal.send("hola")  # half a line, typed while the others act

    def more_news(screen: str) -> bool:
        rows = [row for row in screen.splitlines() if row.strip()]
        others = [row for row in rows if row.startswith("  · ") and not row.startswith("  · Ana")]
        return len(others) > seen and rows[-1].rstrip().endswith("now? > hola")

    screen = terminal.wait_until(more_news)
    assert "Traceback" not in terminal.scrollback()
    assert all(len(line) <= WIDTH for line in screen.splitlines())
    # What was typed stayed under the prompt while lines were printed above it.
    assert screen.rstrip().endswith("now? > hola")
    terminal.send(" amigos", "Enter")
    terminal.wait_until(lambda screen: "Ana: “hola amigos”" in screen)
    terminal.send("q", "Enter")
    assert terminal.wait_exit() == 1
    assert "Game abandoned." in terminal.screen()
