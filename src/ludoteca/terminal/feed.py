"""What happened since your last move: the engine's events (``engine.events``), per person.

An :class:`EventFeed` watches every step of a terminal game (it is a runner observer) and
keeps, for each person at the table, the events that person may see, in order, with the
players' names. The person's agent shows them with the next decision. A round end is shown
at once and waits for a key (a person alone against bots), so its result is read before
the next deal. After any bot's move the feed also says why it played it
(``agents.explain``), in one sentence that names nothing the person may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console

from ludoteca.engine.events import Event
from ludoteca.engine.game import Game, Seat
from ludoteca.engine.i18n import Lang, msg
from ludoteca.engine.shared_events import step_events
from ludoteca.terminal.human import Pause
from ludoteca.terminal.layout import Aside, news_lines, screen_height, text_rows

ANNOUNCED = frozenset({"round_end"})
"""Event kinds shown as they happen and waited on, not kept for the next decision."""


class EventFeed:
    """The events each person has not seen yet."""

    def __init__(
        self,
        game: Game[Any, Any],
        viewers: Sequence[Seat],
        names: Sequence[str],
        lang: Lang,
        console: Console,
        pause: Pause | None = None,
    ) -> None:
        """Watch a game for ``viewers`` (the seats people play).

        Args:
            game: The game being played.
            viewers: The seats whose events are kept.
            names: One name per seat, used in the sentences.
            lang: The people's language.
            console: Where announced events are printed.
            pause: How to wait after an announced event; ``None``: never wait (hot-seat,
                where the hand-over waits, or no person at all).
        """
        self._game = game
        self._names = list(names)
        self._lang = lang
        self._console = console
        self._pause = pause
        self._pending: dict[Seat, list[str]] = {seat: [] for seat in viewers}
        self._bots: dict[Seat, Any] = {}

    def explain_bots(self, agents: Sequence[Any]) -> None:
        """Say why after each move of the bots among ``agents`` (one per seat; the seats
        people play are not bots).
        """
        self._bots = {seat: agent for seat, agent in enumerate(agents) if seat not in self._pending}

    def __call__(self, before: Any, seat: Seat, action: Any, after: Any) -> None:
        """Take one step's events for every viewer (the ``runner.StepObserver`` signature)."""
        why = self._why(before, seat, action)
        for viewer, pending in self._pending.items():
            told = step_events(self._game, before, seat, action, after, viewer)
            lines = [self._line(item) for item in told]
            if why is not None:
                # Right after the move's own line, before what followed it (a new turn);
                # on a short screen it gives way to what happened (``Aside``).
                lines.insert(min(1, len(lines)), Aside(why))
            pending.extend(lines)
            if self._pause is not None and any(item.kind in ANNOUNCED for item in told):
                pause = msg("term.feed.continue").text(self._lang)
                self.show(viewer, screen_height(self._console) - text_rows(self._console, pause))
                self._pause(pause)

    def _why(self, before: Any, seat: Seat, action: Any) -> str | None:
        """A bot's reason for this step's move (what a bot recorded of its latest choice is
        of this move), its view read from ``before``, the state the move was applied to.
        """
        bot = self._bots.get(seat)
        if bot is None:
            return None
        # On a bot's first move, not before the first screen (start-up).
        from ludoteca.agents import explain  # noqa: PLC0415

        game = self._game
        decision = explain.capture(
            game.info.id,
            bot,
            seat,
            game.view(before, seat),
            game.legal_actions(before, seat),
            action,
        )
        reason = explain.reason_for(decision)
        return None if reason is None else reason.text(self._lang, self._names)

    def rename(self, names: Sequence[str]) -> None:
        """Name the players ``names`` from now on (Gotcha's players are named at the deal)."""
        self._names = list(names)

    def take(self, viewer: Seat) -> list[str]:
        """The lines ``viewer`` has not seen yet, oldest first; they count as seen now."""
        lines = self._pending.get(viewer, [])
        self._pending[viewer] = []
        return lines

    def show(self, viewer: Seat, room: int | None = None) -> None:
        """Print ``viewer``'s unseen lines under a heading (nothing if there are none);
        ``room``: at most that many rows, the latest lines kept.
        """
        lines = self.take(viewer)
        if room is None:
            print_lines(self._console, lines, self._lang)
            return
        for index, line in enumerate(news_lines(self._console, self._lang, lines, room)):
            style = "bold" if index == 0 else None
            self._console.print(line, style=style, highlight=False, markup=False, emoji=False)

    def _line(self, item: Event) -> str:
        return item.text(self._lang, self._names)


def print_lines(console: Console, lines: Sequence[str], lang: Lang) -> None:
    """The "since your last move" block: a heading and one line per event."""
    if not lines:
        return
    console.print(msg("term.feed.title").text(lang), style="bold")
    for line in lines:
        console.print(f"  · {line}", highlight=False, markup=False, emoji=False)
