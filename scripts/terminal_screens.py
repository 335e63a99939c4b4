"""The text captures of docs/screens/terminal/: each game mid-game on the full-screen
table (Gotcha also with 8 players), and a replay, at 80×24 and 120×40, in Spanish and
English, taken from a real terminal (tmux); and a step of Tacocat's lesson (``ludoteca
learn``) answered once wrongly, at 80×24 in both languages.

    .venv/bin/python scripts/terminal_screens.py [OUT]     (default docs/screens/terminal)

Each game is played against greedy bots with a fixed seed; the person answers the first
numbered move at each question and a key at each pause, and the screen is captured after
a few decisions. The replay is of a game between bots, saved with ``ludoteca simulate``.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LUDOTECA = Path(sys.executable).with_name("ludoteca")
GAMES = {
    "tacocat": ("2", 6),
    "dweebies": ("1", 8),
    "tile_up": ("1", 4),
    "mystery_date": ("1", 4),
    "gotcha": ("1", 3),
}
"""Seed and decisions answered before the capture."""
CROWDED = 8
"""Gotcha is also captured with this many players (``gotcha8-*``): its board at its fullest."""
SIZES = ((80, 24), (120, 40))
QUESTIONS = ("your move:", "tu jugada:", "what now? >", "¿qué haces? >")
PAUSES = ("Press a key", "Pulsa una tecla")


class Tmux:
    """One detached tmux session running one command."""

    def __init__(self, command: list[str], size: tuple[int, int], env: dict[str, str]) -> None:
        self.name = f"shots{time.monotonic_ns()}"
        assignments = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        shell = f"{assignments} {shlex.join(command)}; sleep 600"
        self._tmux("new-session", "-d", "-s", self.name, "-x", str(size[0]), "-y", str(size[1]))
        self._tmux("send-keys", "-t", self.name, shell, "Enter")

    def _tmux(self, *args: str) -> str:
        """Run a tmux command on this session's own server; its output."""
        done = subprocess.run(
            ["tmux", "-L", self.name, *args], check=True, capture_output=True, text=True
        )
        return done.stdout

    def screen(self) -> str:
        """The visible screen now."""
        return self._tmux("capture-pane", "-p", "-t", self.name)

    def send(self, *keys: str) -> None:
        """Type keys (tmux key names or text)."""
        self._tmux("send-keys", "-t", self.name, *keys)

    def wait(self, needles: tuple[str, ...], timeout: float = 120) -> str:
        """Wait until one of ``needles`` is on screen; the screen."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if any(needle in screen for needle in needles):
                return screen
            time.sleep(0.2)
        raise TimeoutError(f"none of {needles} on screen:\n{self.screen()}")

    def close(self) -> None:
        """End the session."""
        subprocess.run(["tmux", "-L", self.name, "kill-server"], check=False)


def mid_game(
    game: str, lang: str, size: tuple[int, int], out: Path, data: Path, players: int = 0
) -> None:
    """Capture ``game`` after a few decisions (and Tile Up's "Really quit?" at 80×24);
    ``players``: how many (0: the fewest), in the file's name when given.
    """
    name = f"{game}{players or ''}-{lang}-{size[0]}x{size[1]}.txt"
    if (out / name).exists() and not (game == "tile_up" and size == (80, 24)):
        return  # taken already (delete the file to take it again)
    seed, decisions = GAMES[game]
    command = [str(LUDOTECA), "play", game, "--vs", "greedy", "--seed", seed, "--lang", lang]
    if game == "gotcha":
        command += ["--speed", "20"]
    if players:
        command += ["--players", str(players)]
    term = Tmux(command, size, {"XDG_DATA_HOME": str(data), "LANG": "C.UTF-8"})
    try:
        answered = 0
        while answered < decisions:
            screen = term.wait((*QUESTIONS, *PAUSES))
            if any(pause in screen for pause in PAUSES):
                term.send("Space")
            else:
                term.send("1", "Enter")
                answered += 1
            time.sleep(1.0)
        term.wait((*QUESTIONS, *PAUSES))
        time.sleep(1.0)  # let the screen settle
        screen = term.screen()
        (out / name).write_text(screen, "utf-8")
        if game == "tile_up" and size == (80, 24):
            term.send("C-q")
            asked = term.wait(("Really quit?", "¿Seguro que quieres salir?"))
            (out / f"quit-{lang}-80x24.txt").write_text(asked, "utf-8")
    finally:
        term.close()


def replay(lang: str, size: tuple[int, int], out: Path, record: Path, data: Path) -> None:
    """Capture the replay of ``record`` a few moves in, at the start of its next round."""
    command = [str(LUDOTECA), "replay", str(record), "--lang", lang]
    term = Tmux(command, size, {"XDG_DATA_HOME": str(data), "LANG": "C.UTF-8"})
    try:
        term.wait(("q quit", "q salir"))
        for _ in range(12):
            term.send("Right")
        term.send("r")  # Tacocat has rounds: the next one's start
        time.sleep(1.5)
        (out / f"replay-tacocat-{lang}-{size[0]}x{size[1]}.txt").write_text(term.screen(), "utf-8")
    finally:
        term.close()


LEARN_ANSWERS = ("replace 3", "replace 5 5 6")
"""Tacocat's lesson: step 2 right, then a wrong try at step 3 (more cards than allowed)."""


def learn(lang: str, out: Path, data: Path) -> None:
    """Capture Tacocat's lesson at step 3, just after a wrong try was answered (80×24)."""
    command = [str(LUDOTECA), "learn", "tacocat", "--restart", "--lang", lang]
    term = Tmux(command, (80, 24), {"XDG_DATA_HOME": str(data), "LANG": "C.UTF-8"})
    prompts = ("Your move (", "Tu jugada (")
    try:
        term.wait(("q: leave", "q: salir"))
        term.send("Enter")
        term.wait(prompts)
        term.send(LEARN_ANSWERS[0], "Enter")
        term.wait(PAUSES)
        term.send("Space")
        term.wait(("Step 3 of 9", "Paso 3 de 9"))
        term.wait(prompts)
        term.send(LEARN_ANSWERS[1], "Enter")
        term.wait(("Not yet (rule TC-03)", "Todavía no (regla TC-03)"))
        time.sleep(1.0)  # let the screen settle
        (out / f"learn-tacocat-{lang}-80x24.txt").write_text(term.screen(), "utf-8")
    finally:
        term.close()


def main() -> None:
    """Every capture, into the folder named on the command line."""
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens/terminal")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        record = data / "tacocat.jsonl"
        subprocess.run(
            [
                str(LUDOTECA),
                "simulate",
                "tacocat",
                "--games",
                "1",
                "--agents",
                "greedy,greedy",
                "--seed",
                "5",
                "--out",
                str(record),
            ],
            check=True,
            capture_output=True,
        )
        for lang in ("en", "es"):
            learn(lang, out, data)
            for size in SIZES:
                for game in GAMES:
                    mid_game(game, lang, size, out, data)
                    print(game, lang, size, flush=True)
                mid_game("gotcha", lang, size, out, data, players=CROWDED)
                replay(lang, size, out, record, data)


if __name__ == "__main__":
    main()
