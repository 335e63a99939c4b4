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
from collections.abc import Iterable
from pathlib import Path

WIDTH, HEIGHT = 80, 24
TMUX = shutil.which("tmux")
SCRIPT = Path(sys.executable).with_name("ludoteca")
PROMPTS = ("salir):", "quit):", "haces? >", "now? >")
"""How a move prompt ends, in Spanish and English (Gotcha's room has its own)."""
PAUSES = ("sale).", "quits).")
"""How a "press a key" pause ends (the forced move, a round's end)."""


class Terminal:
    """One tmux session running one command in an 80×24 window."""

    def __init__(self, args: Iterable[str], env: dict[str, str] | None = None) -> None:
        """Start ``ludoteca`` with ``args`` in a new detached session."""
        assert TMUX is not None, "tmux is not installed (apt-get install -y tmux)"
        self.name = f"ludoteca-{uuid.uuid4().hex[:8]}"
        self.exit_file = Path(f"/tmp/{self.name}.rc")
        assignments = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        command = " ".join(shlex.quote(a) for a in (str(SCRIPT), *args))
        # The shell traps Ctrl-C (a trap, not an ignore, so the program still gets it) to
        # outlive the program and write its exit code.
        shell = f"trap true INT; {assignments} {command}; echo $? > {self.exit_file}; sleep 600"
        subprocess.run(
            [
                TMUX,
                "new-session",
                "-d",
                "-s",
                self.name,
                "-x",
                str(WIDTH),
                "-y",
                str(HEIGHT),
                "sh",
                "-c",
                shell,
            ],
            check=True,
        )
        self._seen = 0

    def screen(self) -> str:
        """The 24 visible lines now."""
        done = subprocess.run(
            [TMUX, "capture-pane", "-p", "-t", self.name],
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout

    def scrollback(self) -> str:
        """Everything printed so far (the visible screen and what scrolled away)."""
        done = subprocess.run(
            [TMUX, "capture-pane", "-p", "-J", "-S", "-100000", "-t", self.name],
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout

    def wait_for(self, *needles: str, timeout: float = 120.0) -> str:
        """Wait for the next prompt: a new line holding one of ``needles`` (a prompt or a
        pause, which keep their text once answered) that is also the screen's last line
        with text, or for the program to end; return the screen."""
        deadline = time.monotonic() + timeout
        marks = (*PROMPTS, *PAUSES)
        while True:
            # One capture for both tests, so the last line and the count agree.
            lines = [line for line in self.scrollback().splitlines() if line.strip()]
            last = lines[-1].rstrip() if lines else ""
            count = sum(1 for line in lines if any(mark in line for mark in marks))
            if any(last.endswith(needle) for needle in needles) and count > self._seen:
                self._seen = count
                return "\n".join(lines[-HEIGHT:])
            if self.exit_code() is not None:
                return self.screen()
            if time.monotonic() > deadline:  # pragma: no cover (a hung program)
                raise AssertionError(f"timed out waiting for {needles!r}:\n{self.screen()}")
            time.sleep(0.05)

    def send(self, *keys: str) -> None:
        """Type keys (tmux key names such as ``Enter``, ``C-c``, ``C-d``, or literal text)."""
        subprocess.run([TMUX, "send-keys", "-t", self.name, *keys], check=True)

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
        subprocess.run([TMUX, "kill-session", "-t", self.name], check=False)
        self.exit_file.unlink(missing_ok=True)
