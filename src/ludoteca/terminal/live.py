"""A line typed key by key, so that a realtime game can print above it while the person types.

In a realtime game (Gotcha) the others talk, play and buzz while the person is typing. The
terminal's own line editing would hide what they typed under every new line printed, so
:class:`LiveInput` puts the terminal in cbreak mode (keys arrive one by one, not echoed),
keeps the line itself and draws it again, under the prompt, after anything printed above.
Enter ends the line, Backspace and Ctrl-U edit it, Ctrl-C and Ctrl-D leave as everywhere
else (``KeyboardInterrupt`` / ``EOFError``). Only a terminal has it (:func:`live_input`).
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console

from ludoteca.startup import resume_collector

ERASE = "\r\x1b[K"
"""Back to the start of the row and clear it."""


class LiveInput:
    """The person's line being typed under a prompt, and what is printed above it."""

    def __init__(self, console: Console, fd: int) -> None:
        """Read keys from the file descriptor ``fd`` (a terminal in cbreak mode)."""
        self._console = console
        self._fd = fd
        self._prompt = ""
        self._line = ""
        self._pending = b""
        self._drawn = False

    def prompt(self, text: str) -> None:
        """Show ``text`` as the prompt, followed by what has been typed so far."""
        self._prompt = text
        self._draw()

    def above(self) -> _Above:
        """A context in which printing goes above the line being typed (``with
        live.above(): ...``): the line is cleared first and drawn again after.
        """
        return _Above(self)

    def read(self, timeout: float | None) -> str | None:
        """Keys until Enter (the line, without its end) or until ``timeout`` seconds pass
        (``None``; ``timeout=None``: no limit). The prompt stays drawn meanwhile.

        Raises:
            EOFError: Ctrl-D on an empty line.
        """
        resume_collector()
        deadline = None if timeout is None else time.monotonic() + timeout
        self._draw()
        while True:
            line = self._take_line()
            if line is not None:
                return line
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self._fd], [], [], wait)
            if not ready:
                return None
            data = os.read(self._fd, 256)
            if not data:
                raise EOFError
            self._pending += data

    def _take_line(self) -> str | None:
        """Apply the keys received; the line if one of them was Enter."""
        while self._pending:
            text, self._pending = _decoded(self._pending)
            if not text:
                return None
            for index, key in enumerate(text):
                if key in "\r\n":
                    line, self._line = self._line, ""
                    self._pending = text[index + 1 :].encode() + self._pending
                    self._console.file.write(ERASE + self._prompt + line + "\n")
                    self._console.file.flush()
                    self._drawn = False
                    return line
                self._key(key)
            self._draw()
        return None

    def _key(self, key: str) -> None:
        if key in "\x7f\x08":
            self._line = self._line[:-1]
        elif key == "\x15":  # Ctrl-U
            self._line = ""
        elif key == "\x04":  # Ctrl-D
            if not self._line:
                raise EOFError
        elif key.isprintable():
            self._line += key

    def _draw(self) -> None:
        room = max(self._console.width - cell_len(self._prompt) - 1, 8)
        shown = self._line
        while cell_len(shown) > room:
            shown = shown[1:]
        self._console.file.write(ERASE + self._prompt + shown)
        self._console.file.flush()
        self._drawn = True

    def _erase(self) -> None:
        if self._drawn:
            self._console.file.write(ERASE)
            self._console.file.flush()
            self._drawn = False


class _Above:
    def __init__(self, live: LiveInput) -> None:
        self._live = live

    def __enter__(self) -> None:
        self._live._erase()

    def __exit__(self, *exc: object) -> None:
        self._live._draw()


def _decoded(data: bytes) -> tuple[str, bytes]:
    """The keys in ``data`` (escape sequences such as arrows dropped) and any incomplete
    UTF-8 tail left for later.
    """
    for cut in range(len(data), max(len(data) - 4, -1), -1):
        try:
            text = data[:cut].decode("utf-8")
        except UnicodeDecodeError:
            continue
        return _without_escapes(text), data[cut:]
    return data.decode("utf-8", "replace"), b""


def _without_escapes(text: str) -> str:
    out: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\x1b":
            index += 1
            if index < len(text) and text[index] in "[O":
                index += 1
                while index < len(text) and not text[index].isalpha() and text[index] != "~":
                    index += 1
            index += 1
            continue
        out.append(char)
        index += 1
    return "".join(out)


@contextmanager
def live_input(console: Console, stream: TextIO | None = None) -> Iterator[LiveInput | None]:
    """A :class:`LiveInput` on ``stream`` (standard input) for the duration of the block,
    with the terminal in cbreak mode and restored after; ``None`` when the input is not a
    terminal (piped input is read line by line as usual).
    """
    stream = sys.stdin if stream is None else stream
    if not stream.isatty():
        yield None
        return
    import termios  # noqa: PLC0415 (POSIX only)
    import tty  # noqa: PLC0415

    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)
        yield LiveInput(console, fd)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
