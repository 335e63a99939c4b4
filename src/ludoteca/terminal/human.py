"""A person at the terminal, as an agent: shows its seat's view and asks for a move.

The agent sees what every agent sees, the seat's view and the legal actions. To explain
why a typed move is illegal it asks the rules (``runner.check``) about a state sampled from
that same view (``Game.sample_state``), so the explanation can only use what the seat knows.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from rich.console import Console

from ludoteca.engine import runner
from ludoteca.engine.errors import IllegalActionError, RulesError
from ludoteca.engine.events import ActionText, render
from ludoteca.engine.game import Game, View
from ludoteca.engine.i18n import Lang, Message, msg
from ludoteca.startup import resume_collector
from ludoteca.terminal import Menu, Renderer, renderer_for
from ludoteca.terminal.layout import NEXT_PAGE, PREVIOUS_PAGE, show_screen, text_rows

if TYPE_CHECKING:
    from ludoteca.agents.hints import Hint

QUIT_WORDS = frozenset({"q", "quit", "exit", "salir"})
HELP_WORDS = frozenset({"?", "help", "ayuda"})

QUIT_KEYS = frozenset({"q", "Q", "\x03", "\x04"})
"""Keys that leave the game at a "press a key" pause: q, Ctrl-C, Ctrl-D."""

ReadLine = Callable[[str], str]
"""Shows a prompt and returns the line typed (raises ``EOFError`` at the end of input)."""

Pause = Callable[[str], None]
"""Shows a line and waits for a key (raises :class:`QuitGame` on q, Ctrl-C or Ctrl-D)."""


def flush_typed_ahead(stream: TextIO | None = None) -> None:
    """Drop whatever was typed before the prompt appeared, so that keys pressed while the
    bots played can never answer a later decision. Only a terminal has such input.
    """
    stream = sys.stdin if stream is None else stream
    if not stream.isatty():
        return
    import termios  # noqa: PLC0415 (POSIX only; never needed for piped input)

    termios.tcflush(stream.fileno(), termios.TCIFLUSH)


def console_reader(console: Console) -> ReadLine:
    """Read lines through ``console``, dropping typed-ahead input first; when input is
    piped, echo each line so that the transcript shows the answers.
    """

    def read_line(prompt: str) -> str:
        resume_collector()
        flush_typed_ahead()
        line = console.input(prompt, markup=False, emoji=False)
        if not sys.stdin.isatty():
            console.print(line, markup=False, highlight=False, emoji=False)
        return line

    return read_line


def key_pause(console: Console) -> Pause:
    """Waiting for a key on ``console``'s terminal: typed-ahead keys are dropped first, then
    one key is read without Enter. With piped input nothing is waited for (the line is only
    shown), so scripted games need no extra answers.
    """

    def pause(text: str) -> None:
        resume_collector()
        if not sys.stdin.isatty():
            console.print(text, style="cyan", markup=False, highlight=False, emoji=False)
            return
        flush_typed_ahead()  # before the line appears: every key after it counts
        console.print(text, style="cyan", end="", markup=False, highlight=False, emoji=False)
        console.file.flush()
        key = _read_key()
        console.print()
        if key in QUIT_KEYS:
            raise QuitGame

    return pause


def _read_key() -> str:
    """One key from the terminal, in cbreak mode (Ctrl-C still interrupts); a key pressed
    since the pause was shown is not lost.
    """
    import termios  # noqa: PLC0415 (POSIX only)
    import tty  # noqa: PLC0415

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)  # not TCSAFLUSH: keep a key already pressed
        data = os.read(fd, 8)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    return data.decode("utf-8", "replace")[:1] if data else "\x04"


class QuitGame(Exception):  # noqa: N818 (a request, not an error)
    """The person asked to leave the game."""


class HotSeat:
    """Hands the device over between seats that share one terminal.

    Before a seat's turn, if the previous prompt was for another seat, the screen is cleared
    and the next person is asked to take the device, so hands stay private.
    """

    def __init__(self, console: Console, read_line: ReadLine, renderer: Renderer, lang: Lang):
        self._console = console
        self._read_line = read_line
        self._renderer = renderer
        self._lang = lang
        self._last: int | None = None

    def hand_over(self, seat: int) -> None:
        """Clear the screen and wait for ``seat``'s player, unless ``seat`` just played."""
        if seat == self._last:
            return
        self._clear()
        label = self._renderer.seat_label(seat, self._lang)
        self._read_line(msg("term.pass_device", seat=label).text(self._lang))
        self._clear()
        self._last = seat

    def _clear(self) -> None:
        """Clear the screen and, on a terminal, its scrollback: the previous person's hand
        must not be one scroll away.
        """
        self._console.clear()
        if self._console.is_terminal:
            self._console.file.write("\x1b[3J")
            self._console.file.flush()


class HumanAgent:
    """An agent whose choices are typed by a person.

    Each turn it draws the seat's view and the numbered moves, then reads a line: a move
    number, a move in text notation (``game.parse_action``), ``?`` for help or ``q`` to
    quit. Unreadable or illegal answers are explained in the person's language, with the rule
    id, and asked again; nothing changes until a legal move is given. When the seat has
    exactly one legal move it is announced and played after a key (except in hot-seat games,
    where the hand-over already waits for the person).
    """

    name = "human"

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        lang: Lang,
        console: Console,
        read_line: ReadLine,
        hot_seat: HotSeat | None = None,
        pause: Pause | None = None,
        feed: Any = None,
        hints: bool = True,
        names: Sequence[str] = (),
    ) -> None:
        """Create the agent for one seat.

        Args:
            game: The game being played.
            seat: The seat this person plays.
            lang: The person's language.
            console: Where to draw.
            read_line: How to read a line (e.g. ``console.input``).
            hot_seat: Shared by all human seats of a hot-seat game; ``None`` otherwise.
            pause: How to wait for a key (default: :func:`key_pause` on ``console``).
            feed: The game's ``terminal.feed.EventFeed``: the events since this seat's last
                move are shown with each decision; ``None``: none are shown.
            hints: Whether ``?`` also gives a hint (the kind of move, then the move).
            names: The players' names, one per seat (default: ``Renderer.seat_label``'s).
        """
        self._game = game
        self._seat = seat
        self._lang = lang
        self._console = console
        self._read_line = read_line
        self._hot_seat = hot_seat
        self._renderer = renderer_for(game.info.id)
        seats = range(game.info.max_players)
        self._names = list(names) or [self._renderer.seat_label(s, lang) for s in seats]
        self._news: list[str] = []
        self._pause = key_pause(console) if pause is None else pause
        self._feed = feed
        self._hints = hints
        self._hint: Hint | None = None
        self._page = 0
        self._pages = 1

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Show the view and ask until the person gives a legal move.

        Raises:
            QuitGame: If the person asks to leave.
            EOFError: If the input ends.
        """
        if self._hot_seat is not None:
            self._hot_seat.hand_over(self._seat)
        options = self._renderer.menu(view, legal, self._lang)
        self._news = self._feed.take(self._seat) if self._feed is not None else []
        self._page = 0
        if len(legal) == 1 and self._hot_seat is None:
            # A forced move (Tile Up's lone ``end`` after a draw) is announced, not asked for;
            # the key it waits for is read fresh, so nothing typed earlier can answer it.
            only = legal[0]
            move = options.labels[0] if options.labels else str(only)
            pause = msg("term.only_move", move=move).text(self._lang)
            self._show(view, Menu(options.actions, ()), pause)
            self._pause(pause)
            return only
        label = self._renderer.seat_label(self._seat, self._lang)
        prompt = msg("term.prompt", seat=label).text(self._lang)
        self._show(view, options, prompt)
        asked = 0
        while True:
            answer = self._read_line(prompt).strip()
            if answer.lower() in QUIT_WORDS:
                raise QuitGame
            if answer.lower() in NEXT_PAGE | PREVIOUS_PAGE and self._pages > 1:
                self._page += 1 if answer.lower() in NEXT_PAGE else -1
                self._show(view, options, prompt)
                continue
            if answer.lower() in HELP_WORDS:
                helped = msg("term.help", examples=self._renderer.examples(self._lang))
                rows = text_rows(self._console, helped.text(self._lang))
                self._show(view, options, prompt, extra=rows + (answer == "?"))
                self._say(helped, "cyan")
                if answer == "?":
                    self._give_hint(view, legal, options, asked)
                    asked += 1
                continue
            try:
                return self._read_move(answer, view, legal, options)
            except RulesError as error:
                self._say(refusal(error, self._game), "red")

    def _read_move(self, answer: str, view: View, legal: Sequence[Any], options: Menu) -> Any:
        if not answer:
            raise RulesError(msg("term.empty"))
        if answer.isascii() and answer.isdigit():
            number = int(answer)
            if not options.actions:
                raise RulesError(msg("term.no_numbers"))
            if not 1 <= number <= len(options.actions):
                raise RulesError(msg("term.bad_choice", number=number, high=len(options.actions)))
            return options.actions[number - 1]
        action = self._game.parse_action(answer)
        if action in legal:
            return action
        # Ask the rules why, on a state the seat cannot tell from the real one.
        sampled = self._game.sample_state(view, self._seat, random.Random(0))
        runner.check(self._game, sampled, self._seat, action)
        raise IllegalActionError(
            seat=self._seat,
            action=str(action),
            phase=str(view.get("phase", "")),
            reason=msg("engine.not_legal_here"),
        )

    def _give_hint(self, view: View, legal: Sequence[Any], options: Menu, asked: int) -> None:
        """The first ``?`` of a decision names the kind of move, the next one the move (by
        its number in ``options``, the moves listed, if it is there).
        """
        # On the first ``?``, not before the first screen (start-up); its texts too.
        from ludoteca.agents import hints as hints_mod  # noqa: PLC0415

        if not self._hints:
            self._say(msg("hints.off"), "yellow")
            return
        if asked == 0 or self._hint is None:
            self._hint = hints_mod.hint(
                self._game, view, legal, self._seat, self._lang, names=self._names
            )
        found = self._hint
        if asked == 0:
            self._say(found.kind, "green")
            return
        # Also how to play it: its number in the list, else as it is typed (the places in
        # the coordinates the person types).
        listed = options.actions
        if found.action in listed:
            typed = msg("term.hint_number", move=found.move, number=listed.index(found.action) + 1)
        else:
            typed = msg("term.hint_typed", move=found.move, typed=str(found.action))
        self._say(msg("hints.move", move=typed), "green")

    def _show(self, view: View, options: Menu, last_line: str, extra: int = 0) -> None:
        """The screen of this decision, fitted to the terminal (``terminal.layout``);
        ``extra``: rows to leave free above ``last_line`` (the help and a hint). The help's
        rows come out of the news first (shown on the screen before it), so the page of
        moves keeps its size.
        """
        fitted = show_screen(
            self._console,
            self._lang,
            self._renderer.tables(view, self._lang),
            () if extra else self._news,
            options.labels,
            options.hints,
            last_line + "\n" * extra,
            self._page,
        )
        self._pages, self._page = fitted.pages, fitted.page

    def _say(self, message: Message, style: str) -> None:
        text = render(message, self._lang, self._names)
        self._console.print(text, style=style, highlight=False, markup=False)


def refusal(error: RulesError, game: Game[Any, Any] | None = None) -> Message:
    """What a person is told when their typed move is refused: an illegal move with its
    reason and rule id, or any other refusal's own message.

    Args:
        error: The refusal the engine raised.
        game: The game, to name the refused move as people read it (else its text form).

    Returns:
        The message to show, in the person's language at the surface.
    """
    if isinstance(error, IllegalActionError):
        rule = msg("engine.rule_suffix", rule_id=error.rule_id) if error.rule_id else ""
        action: object = error.action
        if game is not None:
            # An action no text reads back is shown as it was written.
            with contextlib.suppress(RulesError):
                action = ActionText(game.parse_action(error.action), game.describe)
        return msg("term.illegal", action=action, rule=rule, reason=error.reason)
    return error.message
