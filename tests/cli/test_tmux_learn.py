"""``ludoteca learn`` in a real 80×24 terminal (tmux): a step's screen fits with the
answer to a wrong try, a key pause waits for a key, and Ctrl-C leaves with the progress
kept."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tmux_driver import HEIGHT, TMUX, WIDTH, Terminal

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

WORDS = {
    "en": {
        "go_on": "whole table · q: leave",
        "prompt": "q quit):",
        "pause": "Press a key to go on (q: leave)",
        "wrong": "Not yet (rule TC-03): you may replace at most 2 card(s)",
        "board": "╭─ Tacocat · round 2",
        "step": "Step 3 of 9 · Swapping cards: single arrow",
        "left": "Lesson saved. 'ludoteca learn tacocat' goes on where you left it.",
    },
    "es": {
        "go_on": "mesa entera · q: salir",
        "prompt": "q salir):",
        "pause": "Pulsa una tecla para seguir (q: salir)",
        "wrong": "Todavía no (regla TC-03): puedes cambiar como mucho 2 carta(s)",
        "board": "╭─ Tacocat · ronda 2",
        "step": "Paso 3 de 9 · Cambiar cartas: flecha simple",
        "left": "Lección guardada. «ludoteca learn tacocat» sigue donde la dejaste.",
    },
}


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for terminal in opened:
        terminal.close()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_lesson_step_fits_and_ctrl_c_keeps_the_progress(
    lang: str, terminals: list[Terminal]
) -> None:
    words = WORDS[lang]
    terminal = Terminal(["learn", "tacocat", "--lang", lang], env={"LANG": "C.UTF-8"})
    terminals.append(terminal)
    terminal.wait_for(words["go_on"])
    terminal.send("Enter")
    terminal.wait_for(words["prompt"])
    terminal.send("replace 3", "Enter")
    terminal.wait_until(lambda screen: words["pause"] in screen)
    terminal.send("Space")
    terminal.wait_until(lambda screen: words["step"] in screen)
    terminal.wait_for(words["prompt"])
    terminal.send("replace 5 5 6", "Enter")
    screen = terminal.wait_until(lambda screen: words["wrong"] in screen)
    # The whole step is on the 24 rows: the table's title, the step, the answer, the prompt.
    lines = screen.splitlines()
    assert len(lines) <= HEIGHT
    assert all(len(line) <= WIDTH for line in lines)
    assert any(line.startswith(words["board"]) for line in lines), screen
    assert words["step"] in screen
    terminal.send("C-c")
    assert terminal.wait_exit() == 1
    transcript = terminal.scrollback()
    assert words["left"] in transcript
    assert "Traceback" not in transcript
