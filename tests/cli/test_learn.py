"""``ludoteca learn``: a lesson run through stdin, wrong tries answered by their rule,
progress saved per user and resumed, bad input refused in one line."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

from ludoteca.engine import registry
from ludoteca.games.dweebies.cards import name as card_name
from ludoteca.lessons import lesson
from ludoteca.terminal import learn as learn_mod

TACOCAT_ANSWERS = [
    "",  # the deal (read, then go on)
    "keep",  # legal, not what the step asks: its hint
    "replace 3",
    "replace 5 5 6",  # more than the arrow player replaced: TC-03
    "replace 5 5",
    "duel 4",  # a card not held: TC-04
    "duel 12",
    "attack 5 7 10",  # no set, no sequence: TC-05
    "attack 5 6 7",
    "defend 3",  # lower than the attack: TC-06
    "defend 9",
    "sacrifice",
    "attack 2 5",  # the attacker must keep a card: TC-05
    "attack 5",
    "",  # near the goal (read, then go on)
]


def _ludoteca(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "80", "LINES": "24"}
    return subprocess.run(
        [str(Path(sys.executable).parent / "ludoteca"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )


def test_a_whole_lesson_through_stdin_then_the_closing_game() -> None:
    done = _ludoteca("learn", "tacocat", "--lang", "en", stdin="\n".join(TACOCAT_ANSWERS) + "\n")
    out = done.stdout
    assert "Traceback" not in out + done.stderr
    for rule in ("TC-03", "TC-04", "TC-05", "TC-06"):
        assert f"Not yet (rule {rule})" in out, rule
    assert "Not yet (rule TC-02): Keeping them all is allowed" in out
    assert "Step 9 of 9 · Moving Tacocat and winning" in out
    assert "Lesson done! Now a short game against a gentle bot." in out
    # The closing game is ``ludoteca play``'s, against the beginner level; the input ends
    # during it, so the game is left (exit code 1), the lesson is kept as done.
    assert "beginner" in out.lower() or "principiante" in out.lower()
    assert done.returncode == 1
    saved = json.loads(learn_mod.progress_path().read_text("utf-8"))
    assert saved["tacocat"] == [step.id for step in lesson("tacocat").steps]


def test_a_lesson_left_resumes_where_it_stopped() -> None:
    first = _ludoteca("learn", "tacocat", "--lang", "es", stdin="\nreplace 3\nq\n")
    assert first.returncode == 1
    assert "Lección guardada. «ludoteca learn tacocat» sigue donde la dejaste." in first.stdout
    saved = json.loads(learn_mod.progress_path().read_text("utf-8"))
    assert saved["tacocat"] == ["tacocat.first-deal", "tacocat.swap-double-arrow"]
    again = _ludoteca("learn", "tacocat", "--lang", "es", stdin="")
    assert "Sigues en el paso 3 de 9." in again.stdout
    assert "Paso 3 de 9 · Cambiar cartas: flecha simple" in again.stdout
    assert "Paso 2 de 9" not in again.stdout
    restarted = _ludoteca("learn", "tacocat", "--restart", "--lang", "es", stdin="")
    assert "Paso 1 de 9 · El reparto" in restarted.stdout
    assert "Traceback" not in again.stdout + again.stderr + restarted.stderr


def test_bad_input_is_one_clear_line() -> None:
    unknown = _ludoteca("learn", "chess", "--lang", "es", stdin="")
    assert unknown.returncode == 2
    assert unknown.stderr.strip() == (
        "Error: No hay lección para «chess». Juegos con lección: "
        "tacocat, dweebies, tile_up, mystery_date, gotcha."
    )
    assert unknown.stdout == ""


def _scripted(lines: list[str]) -> Iterator[str]:
    yield from lines


def _run(game: str, lines: list[str], path: Path, lang: str = "en") -> tuple[int, str]:
    answers = _scripted(lines)
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=24)

    def read_line(prompt: str) -> str:
        console.print(prompt, end="")
        line = next(answers, None)
        if line is None:
            raise EOFError
        console.print(line)
        return line

    code = learn_mod.learn(
        game, "en" if lang == "en" else "es", console, read_line=read_line, path=path
    )
    return code, buffer.getvalue()


def test_gotcha_tries_are_read_as_in_a_game(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    lines = [
        "",  # the table
        "wave",  # a chat saying "wave", not the emote
        "/emote wave",
        "/draw",
        "7",  # not a move of the next step's menu (six plays)
        "q",
    ]
    code, out = _run("gotcha", lines, path)
    assert code == 1
    assert "Not yet (rule GT-15): That is allowed, but this step asks you to wave." in out
    assert "Hello, everyone!" in out
    assert "7 is not one of the options: choose a number from 1 to 6" in out
    assert json.loads(path.read_text("utf-8"))["gotcha"] == [
        "gotcha.first-turn",
        "gotcha.emote",
        "gotcha.draw",
    ]


def test_a_wrong_buzz_gets_the_steps_hint_and_the_right_one_passes(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    steps = [step.id for step in lesson("gotcha").steps]
    path.write_text(json.dumps({"gotcha": steps[: steps.index("gotcha.buzz")]}), "utf-8")
    code, out = _run("gotcha", ["/buzz area 1 Bea", "/buzz area 1 Max", "q"], path)
    assert code == 1
    assert "Not yet (rule GT-06): That buzz is legal, but it would be wrong" in out
    assert "Well spotted!" in out


def test_an_unreadable_progress_file_is_no_progress(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    path.write_text("{not json", "utf-8")
    code, out = _run("dweebies", ["q"], path)
    assert code == 1
    assert "Step 1 of 9" in out
    assert json.loads(path.read_text("utf-8")) == {"dweebies": []}


DWEEBIES_ANSWERS = [
    "",  # the deal (read, then go on)
    "place 8 0 0",
    "place 16 -1 -1",
    "place 8 2 1",
    "collect row",
    "collect both",
    "place 1 0 2",
    "place 1 0 0",
    "q",  # the end, read; leaving before the closing game (which reads the terminal)
]


def test_dweebies_boards_name_the_cards_the_steps_name(tmp_path: Path) -> None:
    """At 80×24 each step's board names every card on the table and in the hand, as the
    step's texts do ("Football hero"), not only by the number the grid shows."""
    game = registry.make("dweebies")
    steps = lesson("dweebies").steps
    assert len(steps) == len(DWEEBIES_ANSWERS)
    for lang in ("en", "es"):
        _code, out = _run("dweebies", DWEEBIES_ANSWERS, tmp_path / f"{lang}.json", lang)
        boards = [part.split("╰")[0] for part in out.split("╭─ Dweebies")[1:]]
        for step, board in zip(steps, boards, strict=False):
            read = " ".join(board.replace("│", " ").split())
            view = game.view(step.state(), step.learner)
            codes = {*view["hand"], *(code for _, _, code in view["table"])}
            for code in codes:
                assert card_name(int(code[1:]), lang) in read, f"{step.id} {lang}: {code}\n{board}"
        assert len(boards) == len(steps), "every step drew its board"
