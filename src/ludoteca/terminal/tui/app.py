"""The full-screen table (Textual): a fixed screen redrawn in place.

::

    ┌ title: the game, the seed ─────────────────────────────────────────┐
    │ last move (marked)                │ players (▶ to act, scores)     │
    │ the board (full, or compact when  │ your moves (numbered)          │
    │ the full one does not fit)        │ the log: every event, once;    │
    │                                   │ the ones that matter, marked   │
    ├ status: the prompt, an answer, "press a key" ──────────────────────┤
    │ > the input line (history: ↑ ↓, completion: Tab)                   │
    └ keys ──────────────────────────────────────────────────────────────┘

The game runs in a thread (``tui.side``); it calls the :class:`TableApp` methods of the
``bridge.Screen`` protocol through ``call_from_thread`` and reads the person's answers
from the ``bridge.Channel``. ``q`` (or Ctrl-Q, Ctrl-C) asks "Really quit?" first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.suggester import SuggestFromList
from textual.widgets import Input, RichLog, Static

from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.engine.record import GameRecord
from ludoteca.terminal.tui.bridge import Ask, Board, Channel
from ludoteca.terminal.tui.news import LogEntry
from ludoteca.terminal.tui.widgets import DetailScreen, HandOverScreen, MoveInput, QuitScreen

WIDE = 100
"""From this many columns the side panel takes two fifths of the screen."""
SIDE_NARROW = 32
"""The side panel's width on a narrow terminal (80 columns)."""
CHATTER_GAP = 6
"""With the talk folded (Gotcha's default), a line of talk is still shown once this many
lines of play have been written since the last one shown: the bots' chatter, rate-limited."""


@dataclass(frozen=True, slots=True)
class Finished:
    """How the game's thread ended.

    Attributes:
        result: The last line (who won, or that the game was left).
        saved: Where the record was written (``None``: not saved).
        abandoned: Whether the person left before the end.
        steps: The steps played.
        record: The finished game's record (``None`` for a game left).
        names: The players' names, as the log used them.
    """

    result: str
    saved: Path | None
    abandoned: bool
    steps: int = 0
    record: GameRecord | None = None
    names: tuple[str, ...] = ()


Play = Callable[["TableApp"], Finished]
"""The game's thread: plays the game on the app's screen and says how it ended."""


class TableApp(App[int]):
    """One game on a full screen (see the module docstring)."""

    CSS_PATH = "table.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q,ctrl+c", "request_quit", show=False, priority=True),
        Binding("pageup", "log_scroll(-1)", show=False, priority=True),
        Binding("pagedown", "log_scroll(1)", show=False, priority=True),
        Binding("f2", "toggle_chatter", show=False, priority=True),
        Binding("f3", "detail", show=False, priority=True),
    ]

    def __init__(self, lang: Lang, play: Play, save_note: str, *, chatty: bool = False) -> None:
        """A table in ``lang`` for the game ``play`` runs.

        Args:
            lang: The person's language.
            play: The game's thread (``tui.run``).
            save_note: What leaving does to the game (saved where, or lost).
            chatty: Whether the game has talk (Gotcha): the log shows a line of it only
                every ``CHATTER_GAP`` lines of play until F2 shows it all.
        """
        super().__init__()
        self.lang = lang
        self.channel = Channel()
        self.logs: dict[Seat, list[LogEntry]] = {}
        self.shown_seat: Seat | None = None
        self.asking: Ask | None = None
        self._open: Ask | None = None
        self.waiting = False
        self.finished: Finished | None = None
        self.failure: BaseException | None = None
        self.show_chatter = not chatty
        self._chatty = chatty
        self._play = play
        self._save_note = save_note
        self._board: Board | None = None
        self._quitting = False
        self._since_talk = CHATTER_GAP
        self._talk_hidden = 0

    def compose(self) -> ComposeResult:
        """The fixed layout."""
        yield Static("", id="title")
        with Horizontal(id="main"):
            with VerticalScroll(id="board-box"):
                yield Static("", id="last")
                yield Static("", id="board")
            with Vertical(id="side"):
                yield Static("", id="players")
                with VerticalScroll(id="moves-box"):
                    yield Static("", id="moves")
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, min_width=10)
        yield Static("", id="status")
        yield MoveInput(id="input", disabled=True)
        yield Static(self._keys_line(), id="keys")

    def on_mount(self) -> None:
        """Start the game's thread."""
        self.query_one("#log", RichLog).border_title = self._log_title()
        self.query_one("#moves-box").border_title = msg("term.moves_title").text(self.lang)
        self._fit_side(self.size.width)
        self.run_worker(self._thread, thread=True, exit_on_error=False)

    def on_unmount(self) -> None:
        """However the screen closes, the game's thread stops waiting and ends."""
        self.channel.leave()

    def _thread(self) -> None:
        try:
            finished = self._play(self)
        except BaseException as error:
            self.failure = error
            self._call(self.exit, 2)
            return
        if finished.abandoned:
            self.finished = finished
            self._call(self.exit, 1)
        else:
            self._call(self.game_over, finished)

    def _call(self, callback: Callable[..., Any], *args: Any) -> Any:
        """``call_from_thread``, but nothing when the screen is already gone."""
        try:
            return self.call_from_thread(callback, *args)
        except RuntimeError:
            return None

    # The bridge.Screen protocol (called from the game's thread).

    def show_board(self, board: Board) -> None:
        """Draw the board, the last move and the players."""
        self._board = board
        self.query_one("#title", Static).update(Text(board.title, style="bold"))
        last = msg("term.tui.last", move=board.last).text(self.lang) if board.last else ""
        self.query_one("#last", Static).update(Text(last, style="bold reverse"))
        self.query_one("#board", Static).update(self._fitted(board.tables))
        self.query_one("#players", Static).update(Text("\n".join(board.players)))

    def add_entries(self, seat: Seat, entries: Sequence[LogEntry]) -> None:
        """Keep ``entries`` in ``seat``'s log, and show them if it is the one shown."""
        self.logs.setdefault(seat, []).extend(entries)
        if self.shown_seat is None:
            self.shown_seat = seat
        if seat == self.shown_seat:
            log = self.query_one("#log", RichLog)
            for entry in entries:
                self._write(log, entry)
            log.border_title = self._log_title()

    def ask(self, ask: Ask) -> None:
        """Offer the moves and open the input line."""
        self.asking = self._open = ask
        self.waiting = False
        lines = [f"{n:>2}) {label}" for n, label in enumerate(ask.labels, start=1)]
        lines += list(ask.hints)
        self.query_one("#moves", Static).update(Text("\n".join(lines)))
        self.query_one("#status", Static).update(Text(ask.prompt, style="bold"))
        field = self.query_one("#input", MoveInput)
        field.suggester = SuggestFromList(ask.completions, case_sensitive=False)
        field.disabled = False
        field.focus()

    def say(self, text: str, style: str) -> None:
        """Show an answer (an error, the help, a hint) on the status line; the question
        asked before stays open.
        """
        self.query_one("#status", Static).update(Text(text, style=style))
        if not self.waiting and self.finished is None:
            self.asking = self._open

    def wait_key(self, text: str) -> None:
        """Show ``text`` and take the next key as the answer."""
        self.asking = self._open = None
        self.waiting = True
        self.query_one("#status", Static).update(Text(text, style="bold cyan"))
        field = self.query_one("#input", MoveInput)
        field.disabled = True
        self.query_one("#log", RichLog).focus()

    def hand_over(self, seat: Seat, name: str) -> None:
        """Hide the table until the next person presses a key; then show their log."""
        self.asking = self._open = None
        self.query_one("#input", MoveInput).disabled = True

        def back(_: None) -> None:
            self._show_log(seat)
            self.channel.key()

        self.push_screen(HandOverScreen(self.lang, name), back)

    def game_over(self, finished: Finished) -> None:
        """The end: the result stays on screen until the person leaves."""
        self.finished = finished
        self.asking = None
        self.waiting = False
        lines = [finished.result]
        if finished.saved is not None:
            lines.append(msg("term.saved", path=finished.saved).text(self.lang))
        lines.append(msg("term.tui.leave").text(self.lang))
        self.query_one("#status", Static).update(Text(" ".join(lines), style="bold green"))
        self.query_one("#input", MoveInput).disabled = True
        self.query_one("#log", RichLog).focus()

    # Keys and answers.

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A line typed: to the game, or "Really quit?" for ``q``."""
        field = self.query_one("#input", MoveInput)
        line = event.value.strip()
        field.value = ""
        field.remember(line)
        if line.lower() in ("q", "quit", "exit", "salir"):
            self.action_request_quit()
            return
        if self.asking is None and not self._chatty:
            return
        self.asking = None  # until the game asks again (or answers: ``say``)
        if not self._chatty:
            waiting = msg("term.tui.playing").text(self.lang)
            self.query_one("#status", Static).update(Text(waiting, style="dim"))
        self.channel.line(line)

    def on_key(self, event: Key) -> None:
        """Keys outside the input line: ``q`` asks to quit, any other ends a pause."""
        if event.key == "q":
            event.stop()
            self.action_request_quit()
            return
        if self.waiting:
            event.stop()
            self.waiting = False
            self.query_one("#status", Static).update("")
            self.channel.key()
        elif self.finished is not None and event.key in ("enter", "escape"):
            self.exit(0)

    def action_request_quit(self) -> None:
        """Leave, after asking (a finished game leaves at once: it is saved)."""
        if self.finished is not None:
            self.exit(1 if self.finished.abandoned else 0)
            return
        if self._quitting:
            return
        self._quitting = True

        def answered(leave: bool | None) -> None:
            self._quitting = False
            if leave:
                self.query_one("#status", Static).update(msg("term.quit").text(self.lang))
                self.channel.leave()

        self.push_screen(QuitScreen(self.lang, self._save_note), answered)

    def action_log_scroll(self, pages: int) -> None:
        """Page the log up or down."""
        log = self.query_one("#log", RichLog)
        if pages < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    def action_detail(self) -> None:
        """The full table over the screen (every trait, rule and card)."""
        if self._board is not None and not isinstance(self.screen, DetailScreen):
            self.push_screen(DetailScreen(self._board.tables[0], self.lang))

    def show_detail(self) -> None:
        """The full table over the screen, asked for by a typed line (Gotcha's ``/table``)."""
        self.action_detail()

    def action_toggle_chatter(self) -> None:
        """Show all the talk in the log, or only some of it (Gotcha)."""
        self.show_chatter = not self.show_chatter
        if self.shown_seat is not None:
            self._show_log(self.shown_seat)

    def on_resize(self, event: Resize) -> None:
        """A larger terminal: a wider side panel and a fuller board."""
        self._fit_side(event.size.width)
        if self._board is not None:
            self.query_one("#board", Static).update(self._fitted(self._board.tables))

    # Drawing.

    def _fit_side(self, width: int) -> None:
        side = self.query_one("#side")
        side.styles.width = SIDE_NARROW if width < WIDE else width * 2 // 5

    def _fitted(self, tables: Sequence[RenderableType]) -> RenderableType:
        """The first table that fits the board's room (the last one otherwise)."""
        box = self.query_one("#board-box")
        width = max(box.size.width - 1, 20)
        height = max(box.size.height - 1, 5)
        options = self.console.options.update_width(width)
        for table in tables:
            if len(self.console.render_lines(table, options, pad=False)) <= height:
                return table
        return tables[-1]

    def _write(self, log: RichLog, entry: LogEntry) -> None:
        if not entry.chatter:
            self._since_talk += 1
        elif not self.show_chatter:
            if self._since_talk < CHATTER_GAP:
                self._talk_hidden += 1
                return
            self._since_talk = 0
        if entry.important:
            log.write(Text(f"★ {entry.text}", style="bold yellow"))
        elif entry.chatter:
            log.write(Text(f"  {entry.text}", style="dim"))
        else:
            log.write(Text(f"· {entry.text}"))

    def _show_log(self, seat: Seat) -> None:
        self.shown_seat = seat
        log = self.query_one("#log", RichLog)
        log.clear()
        self._since_talk = CHATTER_GAP
        self._talk_hidden = 0
        for entry in self.logs.get(seat, []):
            self._write(log, entry)
        log.border_title = self._log_title()

    def _log_title(self) -> str:
        entries = self.logs.get(self.shown_seat, []) if self.shown_seat is not None else []
        title = msg("term.tui.log", count=len(entries)).text(self.lang)
        if self._chatty and not self.show_chatter:
            title += " · " + msg("term.tui.folded", count=self._talk_hidden).text(self.lang)
        return title

    def _keys_line(self) -> str:
        line = msg("term.tui.keys").text(self.lang)
        if self._chatty:
            line += " · " + msg("term.tui.chatter_key").text(self.lang)
        return line


register(
    {
        "term.tui.prompt": {
            "es": "{seat}, tu jugada: número o texto (? ayuda y pista; q salir)",
            "en": "{seat}, your move: a number or text (? help and hint; q quit)",
        },
        "term.tui.playing": {"es": "Jugando…", "en": "Playing…"},
        "term.tui.last": {"es": "Última jugada: {move}", "en": "Last move: {move}"},
        "term.tui.leave": {
            "es": "q o Intro para salir.",
            "en": "q or Enter to leave.",
        },
        "term.tui.log": {"es": "Sucesos ({count})", "en": "Events ({count})"},
        "term.tui.folded": {
            "es": "charla oculta: {count}",
            "en": "talk hidden: {count}",
        },
        "term.tui.keys": {
            "es": "q salir · ↑↓ repetir · Tab completa · RePág/AvPág sucesos · F3 mesa",
            "en": "q quit · ↑↓ history · Tab complete · PgUp/PgDn events · F3 table",
        },
        "term.tui.chatter_key": {"es": "F2 charla", "en": "F2 talk"},
    }
)
