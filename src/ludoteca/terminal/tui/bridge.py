"""Between the game and the screen: the game runs in a thread of its own (``runner.play``
blocks while an agent chooses), the screen in Textual's event loop.

The game's side talks to the screen through :class:`Screen` calls, each run in the event
loop (``App.call_from_thread``); the screen answers through a :class:`Channel`: the lines
the person typed, the keys pressed at a pause, and the request to leave.
"""

from __future__ import annotations

import queue
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.console import RenderableType

from ludoteca.startup import resume_collector
from ludoteca.terminal.human import QuitGame
from ludoteca.terminal.tui.news import LogEntry


@dataclass(frozen=True, slots=True)
class Ask:
    """What the person is asked for.

    Attributes:
        prompt: The line above the input (whose move, what to type).
        labels: The numbered moves (``labels[0]`` is number 1).
        hints: Lines after the moves (how to type the others).
        completions: Moves as they can be typed, offered as the person types.
    """

    prompt: str
    labels: tuple[str, ...]
    hints: tuple[str, ...]
    completions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """The table as the person sees it.

    Attributes:
        tables: The table drawn fully, then compactly (the screen picks what fits).
        players: One line per seat (name, to act, score).
        last: The last move, as the board marks it (``""``: none yet).
        title: The title above the board.
        marked: What the tables mark as the last move's place (``terminal.MARKED``).
    """

    tables: tuple[RenderableType, ...]
    players: tuple[str, ...]
    last: str
    title: str
    marked: dict[str, Any] | None = None


class Screen(Protocol):
    """What the game's side asks of the screen (each call runs in the event loop)."""

    def show_board(self, board: Board) -> None:
        """Draw the table."""

    def add_entries(self, seat: int, entries: Sequence[LogEntry]) -> None:
        """Append events to ``seat``'s log."""

    def ask(self, ask: Ask) -> None:
        """Offer the moves and open the input line."""

    def say(self, text: str, style: str) -> None:
        """Show a short answer (an error, a hint) under the board."""

    def wait_key(self, text: str) -> None:
        """Show ``text`` and wait for a key (the answer comes through the channel)."""

    def hand_over(self, seat: int, name: str) -> None:
        """Hide the table until the next person says they are at the keyboard."""

    def show_detail(self) -> None:
        """The whole table over the screen (every trait, rule and card), as F3 shows it."""


class Channel:
    """The person's answers, from the screen to the game's thread."""

    _LEAVE = object()
    _KEY = object()

    def __init__(self) -> None:
        """Start with nothing typed."""
        self._items: queue.Queue[object] = queue.Queue()
        self.leaving = False

    def line(self, text: str) -> None:
        """The person typed ``text`` and pressed Enter."""
        self._items.put(text)

    def key(self) -> None:
        """The person pressed a key at a pause."""
        self._items.put(self._KEY)

    def leave(self) -> None:
        """The person confirmed they are leaving: whatever the game waits for ends."""
        self.leaving = True
        self._items.put(self._LEAVE)

    def check(self) -> None:
        """Raise :class:`QuitGame` if the person is leaving (the bots' steps call it)."""
        if self.leaving:
            raise QuitGame

    def read_line(self, timeout: float | None = None) -> str | None:
        """The next typed line (``None`` after ``timeout`` seconds); keys are skipped.

        Raises:
            QuitGame: When the person leaves.
        """
        resume_collector()
        while True:
            try:
                item = self._items.get(timeout=timeout)
            except queue.Empty:
                return None
            if item is self._LEAVE:
                self.leaving = True
                raise QuitGame
            if isinstance(item, str):
                return item

    def read_key(self) -> None:
        """Wait for a key (a typed line counts as one too).

        Raises:
            QuitGame: When the person leaves.
        """
        resume_collector()
        item = self._items.get()
        if item is self._LEAVE:
            self.leaving = True
            raise QuitGame

    def drain(self) -> None:
        """Drop what was typed or pressed before the question appeared (never a leave)."""
        while True:
            try:
                item = self._items.get_nowait()
            except queue.Empty:
                return
            if item is self._LEAVE:
                self._items.put(item)
                return
