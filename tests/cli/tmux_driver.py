"""Drive ``ludoteca`` in a real terminal: a detached tmux session of 80×24 (Debian's tmux).

The test waits for the screen to show what it expects (a prompt, a pause) before typing, so
nothing depends on timing luck: a slow bot only makes the wait longer, up to a deadline.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path

WIDTH, HEIGHT = 80, 24
TMUX = shutil.which("tmux")


CONFIG = Path(__file__).with_name("tmux.conf")
"""The test servers' settings: a history long enough for a whole game (the default 2000
lines would stop the line count of ``Terminal.wait_for`` from growing)."""


def _tmux(socket: str, *args: str) -> str:
    """Run one tmux command on the test's own server (``-L socket``); its output."""
    assert TMUX is not None, "tmux is not installed (apt-get install -y tmux)"
    command = [TMUX, "-L", socket, "-f", str(CONFIG), *args]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return str(done.stdout)


SCRIPT = Path(sys.executable).with_name("ludoteca")
PROMPTS = ("salir):", "quit):", "haces? >", "now? >")
"""How a move prompt ends, in Spanish and English (Gotcha's room has its own)."""
PAUSES = ("sale).", "quits).")
"""How a "press a key" pause ends (the forced move, a round's end)."""


class Terminal:
    """One tmux session running one command in an 80×24 window."""

    def __init__(
        self,
        args: Iterable[str],
        env: dict[str, str] | None = None,
        *,
        held: bool = False,
        plain: bool = True,
        size: tuple[int, int] = (WIDTH, HEIGHT),
    ) -> None:
        """Start ``ludoteca`` with ``args`` in a new detached session; ``held``: the
        command waits for :meth:`release` (keys sent before it are typed ahead for sure);
        ``plain``: ``play`` and ``replay`` line by line (``--plain``), else full screen;
        ``size``: the window's columns and rows."""
        assert TMUX is not None, "tmux is not installed (apt-get install -y tmux)"
        args = list(args)
        if plain and args and args[0] in ("play", "replay"):
            args.append("--plain")
        self.name = f"ludoteca-{uuid.uuid4().hex[:8]}"
        self.exit_file = Path(f"/tmp/{self.name}.rc")
        assignments = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        command = " ".join(shlex.quote(a) for a in (str(SCRIPT), *args))
        # The shell traps Ctrl-C (a trap, not an ignore, so the program still gets it) to
        # outlive the program and write its exit code.
        self.go_file = Path(f"/tmp/{self.name}.go")
        wait = f"while [ ! -e {self.go_file} ]; do sleep 0.05; done; " if held else ""
        shell = (
            f"trap true INT; {wait}{assignments} {command}; echo $? > {self.exit_file}; sleep 600"
        )
        _tmux(
            self.name,
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            str(size[0]),
            "-y",
            str(size[1]),
            "sh",
            "-c",
            shell,
        )
        self._seen = -1
        """The line (counted from the start of the history) of the last prompt answered."""

    def screen(self) -> str:
        """The 24 visible lines now."""
        return _tmux(self.name, "capture-pane", "-p", "-t", self.name)

    def scrollback(self) -> str:
        """Everything printed so far (the visible screen and what scrolled away)."""
        return _tmux(self.name, "capture-pane", "-p", "-J", "-S", "-", "-t", self.name)

    def wait_for(self, *needles: str, timeout: float = 120.0) -> str:
        """Wait for the next prompt: the screen's last line with text ends with one of
        ``needles`` and lies below the last prompt returned (an answered pause keeps its
        text), or the program has ended; return the screen."""
        deadline = time.monotonic() + timeout
        while True:
            # One tmux call for both, so the screen and its place in the history agree.
            out = _tmux(
                self.name,
                "capture-pane",
                "-p",
                "-t",
                self.name,
                ";",
                "display-message",
                "-p",
                "-t",
                self.name,
                "#{history_size}",
            )
            *rows, history = out.rstrip("\n").split("\n")
            filled = [n for n, row in enumerate(rows) if row.strip()]
            last = rows[filled[-1]].rstrip() if filled else ""
            line = int(history) + (filled[-1] if filled else 0)
            if any(last.endswith(needle) for needle in needles) and line > self._seen:
                self._seen = line
                return "\n".join(rows)
            if self.exit_code() is not None:
                return self.screen()
            if time.monotonic() > deadline:  # pragma: no cover (a hung program)
                raise AssertionError(f"timed out waiting for {needles!r}:\n{self.screen()}")
            time.sleep(0.05)

    def wait_until(self, found: Callable[[str], bool], timeout: float = 60.0) -> str:
        """Wait until ``found(screen)`` holds for the visible screen; return that screen."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if found(screen):
                return screen
            if time.monotonic() > deadline:  # pragma: no cover (a hung program)
                raise AssertionError(f"timed out waiting on the screen:\n{screen}")
            time.sleep(0.05)

    def send(self, *keys: str) -> None:
        """Type keys (tmux key names such as ``Enter``, ``C-c``, ``C-d``, or literal text)."""
        _tmux(self.name, "send-keys", "-t", self.name, *keys)

    def release(self) -> None:
        """Let a ``held`` command start."""
        self.go_file.touch()

    def exit_code(self) -> int | None:
        """The program's exit code once it has ended, else ``None``."""
        if not self.exit_file.exists():
            return None
        text = self.exit_file.read_text().strip()
        return int(text) if text else None

    def wait_exit(self, timeout: float = 60.0) -> int:
        """Wait for the program to end; its exit code."""
        deadline = time.monotonic() + timeout
        while (code := self.exit_code()) is None:
            if time.monotonic() > deadline:
                raise AssertionError("the program did not end; screen:\n" + self.screen())
            time.sleep(0.05)
        return code

    def close(self) -> None:
        """End the session."""
        if TMUX is not None:
            subprocess.run([TMUX, "-L", self.name, "kill-server"], check=False)
        self.exit_file.unlink(missing_ok=True)
        self.go_file.unlink(missing_ok=True)
