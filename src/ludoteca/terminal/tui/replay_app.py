"""A recorded game stepped through on a full screen: the board, the history of moves with
the current one marked, and the keys: → / ← move by move, Home / End, and in a game with
rounds PgDn / PgUp (or ``r`` / ``R``) round by round. ``q`` leaves (nothing is lost).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.widgets import Static

from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.terminal.replay import ReplayViewer, open_replay

SIDE_NARROW = 30
"""The history panel's width on a narrow terminal."""
WIDE = 100
"""From this many columns the history panel takes a third of the screen."""


def show_full_screen(
    path: Path, number: int, seat: int | None, lang: Lang, console: Console
) -> None:
    """``ludoteca replay`` on a terminal: game ``number`` of ``path`` on a full screen
    (the line-by-line one is ``terminal.replay.show_replay``).

    Raises:
        RecordError: If the file, the record or one of its steps cannot be read.
        GameSetupError: For a seat the recorded game does not have.
    """
    record, states, names, heading = open_replay(path, number, seat, lang)
    title = heading.text(lang)
    if seat is not None:
        title += " · " + msg("replay.as_seat", seat=names[seat]).text(lang)
    ReplayApp(ReplayViewer(record, states, lang, console, seat), title, lang).run()


class ReplayApp(App[None]):
    """Steps through one recorded game (see the module docstring)."""

    CSS_PATH = "table.tcss"
    ENABLE_COMMAND_PALETTE = False
    # Priority: the focused scrolling panel would take Home, End and the page keys.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,enter,l", "step(1)", show=False, priority=True),
        Binding("left,backspace,h", "step(-1)", show=False, priority=True),
        Binding("home", "go(0)", show=False, priority=True),
        Binding("end", "go(-1)", show=False, priority=True),
        Binding("pagedown,r", "round(1)", show=False, priority=True),
        Binding("pageup,R", "round(-1)", show=False, priority=True),
        Binding("q,escape,ctrl+q,ctrl+c", "leave", show=False, priority=True),
    ]

    def __init__(self, viewer: ReplayViewer, title: str, lang: Lang) -> None:
        """Step through ``viewer``'s game; ``title`` names the file, game and seats."""
        super().__init__()
        self.viewer = viewer
        self.index = 0
        self.lang = lang
        self._title = title
        self._history = [viewer.move_line(i) for i in range(viewer.last + 1)]
        self._rounds = viewer.rounds if len(viewer.rounds) > 1 else ()

    def compose(self) -> ComposeResult:
        """Title, board, history, what happened, the keys."""
        yield Static(Text(self._title, style="bold"), id="title")
        with Horizontal(id="main"):
            with VerticalScroll(id="board-box"):
                yield Static("", id="board")
            with VerticalScroll(id="history-box"):
                yield Static("", id="history")
        yield Static("", id="status")
        yield Static(self._keys(), id="keys")

    def on_mount(self) -> None:
        """Draw move 0."""
        self.query_one("#history-box").border_title = msg("term.tui.history").text(self.lang)
        self._fit(self.size.width)
        self.show(0)

    def on_resize(self, event: Resize) -> None:
        """A larger terminal: a wider history and a fuller board."""
        self._fit(event.size.width)
        self.show(self.index)

    def show(self, index: int) -> None:
        """Draw move ``index``: its board, the history with it marked, what happened."""
        self.index = index
        header, tables, outcome = self.viewer.parts(index)
        status = header if outcome is None else f"{header}\n{outcome}"
        self.query_one("#status", Static).update(Text(status, style="bold"))
        self.query_one("#board", Static).update(self._fitted(tables))
        # One row a move (cut at the panel's edge: the whole line is in the status).
        history = Table.grid(expand=True)
        history.add_column(no_wrap=True, overflow="ellipsis")
        for number, line in enumerate(self._history):
            mark = "▶" if number == index else " "
            style = "bold reverse" if number == index else ("dim" if number > index else "")
            history.add_row(Text(f"{mark}{number:>3} {line}", style=style))
        self.query_one("#history", Static).update(history)
        box = self.query_one("#history-box", VerticalScroll)
        box.scroll_to(y=max(index - box.size.height // 2, 0), animate=False)

    def action_step(self, delta: int) -> None:
        """One move forward or back (a word at either end)."""
        self._go(self.index + delta)

    def action_go(self, index: int) -> None:
        """The first move (0) or the last (-1)."""
        self._go(self.viewer.last if index < 0 else index)

    def action_round(self, delta: int) -> None:
        """The next round's start, or this one's (the previous one's at its start)."""
        if not self._rounds:
            self.bell()
            return
        if delta > 0:
            later = [start for start in self._rounds if start > self.index]
            self._go(later[0] if later else self.viewer.last)
        else:
            earlier = [start for start in self._rounds if start < self.index]
            self._go(earlier[-1] if earlier else 0)

    def action_leave(self) -> None:
        """Leave the replay."""
        self.exit()

    def _go(self, index: int) -> None:
        if not 0 <= index <= self.viewer.last:
            key = "replay.at_end" if index > self.viewer.last else "replay.at_start"
            self.query_one("#status", Static).update(Text(msg(key).text(self.lang), "yellow"))
            return
        self.show(index)

    def _fit(self, width: int) -> None:
        side = self.query_one("#history-box")
        side.styles.width = SIDE_NARROW if width < WIDE else width // 3

    def _fitted(self, tables: Sequence[RenderableType]) -> RenderableType:
        box = self.query_one("#board-box")
        width = max(box.size.width - 1, 20)
        height = max(box.size.height, 5)
        options = self.console.options.update_width(width)
        for table in tables:
            if len(self.console.render_lines(table, options, pad=False)) <= height:
                return table
        return tables[-1]

    def _keys(self) -> str:
        key = "term.tui.replay_keys_rounds" if self._rounds else "term.tui.replay_keys"
        return msg(key).text(self.lang)


register(
    {
        "term.tui.history": {"es": "Jugadas", "en": "Moves"},
        "term.tui.replay_keys": {
            "es": "→ siguiente · ← anterior · Inicio/Fin · q salir",
            "en": "→ next · ← back · Home/End · q quit",
        },
        "term.tui.replay_keys_rounds": {
            "es": "→ siguiente · ← anterior · r/R ronda sig./ant. · Inicio/Fin · q salir",
            "en": "→ next · ← back · r/R next/previous round · Home/End · q quit",
        },
    }
)
