"""The pieces of the full-screen table that are not plain Textual widgets: the input line
with its history and completion, the "Really quit?" question and the hand-over screen.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ludoteca.engine.i18n import Lang, msg, register


class MoveInput(Input):
    """The line the person types moves in: Up and Down walk through the lines typed
    before, Tab takes the completion offered (the legal moves as they are typed).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "older", show=False),
        Binding("down", "newer", show=False),
        Binding("tab", "complete", show=False, priority=True),
    ]

    def __init__(self, **kwargs: object) -> None:
        """An empty line with no history yet."""
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.history: list[str] = []
        self._back = 0

    def remember(self, line: str) -> None:
        """Keep ``line`` in the history (not twice in a row, never empty)."""
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self._back = 0

    def action_older(self) -> None:
        """The line typed before the one shown."""
        if self._back < len(self.history):
            self._back += 1
            self.value = self.history[-self._back]
            self.cursor_position = len(self.value)

    def action_newer(self) -> None:
        """The line typed after the one shown (an empty line after the newest)."""
        if self._back > 0:
            self._back -= 1
            self.value = self.history[-self._back] if self._back else ""
            self.cursor_position = len(self.value)

    def action_complete(self) -> None:
        """Take the completion offered, if any."""
        if self._suggestion:
            self.value = self._suggestion
            self.cursor_position = len(self.value)


class QuitScreen(ModalScreen[bool]):
    """Asks "Really quit?" and says what happens to the game (saved where, or lost)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,s,enter", "answer(True)", show=False),
        Binding("n,escape,q", "answer(False)", show=False),
    ]

    def __init__(self, lang: Lang, note: str) -> None:
        """Ask in ``lang``; ``note`` says what happens to the game."""
        super().__init__()
        self._lang = lang
        self._note = note

    def compose(self) -> ComposeResult:
        """The question, what happens to the game, the keys."""
        with Vertical(id="quit-box"):
            yield Static(msg("term.tui.really_quit").text(self._lang), id="quit-question")
            yield Static(self._note, id="quit-note")
            yield Static(msg("term.tui.quit_keys").text(self._lang), id="quit-keys")

    def action_answer(self, leave: bool) -> None:
        """Close the question with the answer."""
        self.dismiss(leave)


class DetailScreen(ModalScreen[None]):
    """The full table over the screen (F3): every trait, rule and card of the board when
    the screen shows its compact drawing; ↑ ↓ scroll, any other key closes it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f3,q,enter,space", "close", show=False),
    ]

    def __init__(self, table: RenderableType, lang: Lang) -> None:
        """Show ``table``; the closing keys in ``lang``."""
        super().__init__()
        self._table = table
        self._keys = msg("term.tui.detail_keys").text(lang)

    def compose(self) -> ComposeResult:
        """The table, scrollable, and how to close it."""
        with VerticalScroll(id="detail-box"):
            yield Static(self._table)
        yield Static(self._keys, id="detail-keys")

    def on_mount(self) -> None:
        """Scroll with the arrows at once."""
        self.query_one("#detail-box").focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class HandOverScreen(ModalScreen[None]):
    """Hides the table while the device goes to the next person (hot-seat)."""

    def __init__(self, lang: Lang, name: str) -> None:
        """Ask for the person called ``name``."""
        super().__init__()
        self._text = msg("term.tui.hand_over", seat=name).text(lang)

    def compose(self) -> ComposeResult:
        """Only the request: nothing of the previous person's hand stays on screen."""
        yield Static(self._text, id="hand-over")

    def on_key(self, event: Key) -> None:
        """Any key: the person is at the keyboard."""
        event.stop()
        self.dismiss(None)


register(
    {
        "term.tui.really_quit": {"es": "¿Seguro que quieres salir?", "en": "Really quit?"},
        "term.tui.quit_keys": {
            "es": "s / Intro: salir · n / Esc: seguir jugando",
            "en": "y / Enter: quit · n / Esc: keep playing",
        },
        "term.tui.saving_on": {
            "es": "Guardado activado: lo jugado se guarda en {path}.",
            "en": "Saving is on: the game so far is saved to {path}.",
        },
        "term.tui.saving_off": {
            "es": "Guardado desactivado (--no-save): la partida se perderá.",
            "en": "Saving is off (--no-save): the game will be lost.",
        },
        "term.tui.detail_keys": {
            "es": "↑ ↓ desplazan · Esc, F3 o Intro vuelven a la mesa",
            "en": "↑ ↓ scroll · Esc, F3 or Enter go back to the table",
        },
        "term.tui.hand_over": {
            "es": "Pasa el dispositivo a {seat} y pulsa una tecla (que nadie más mire).",
            "en": "Pass the device to {seat} and press a key (nobody else look).",
        },
    }
)
