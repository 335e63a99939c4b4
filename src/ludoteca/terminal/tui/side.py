"""The game's side of the full-screen table, run in the game's thread.

:class:`GameSide` watches every step (a runner observer): it tells each person at the
table every event they may see, once, in order (``tui.news``), marks the last move, and
when an event that matters to the person would pass in a blink (the bots play on) it
waits for a key. :class:`TableHuman` is a person choosing moves on that screen, with the
same answers as the line-by-line prompt (``terminal.human``): a number, a move as text,
``?`` for help and a hint, ``q`` to leave.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ludoteca.engine.errors import RulesError
from ludoteca.engine.events import Event, render
from ludoteca.engine.game import Game, Seat, View
from ludoteca.engine.i18n import Lang, Message, msg
from ludoteca.engine.shared_events import step_events
from ludoteca.terminal import MARKED, Renderer, seat_badge
from ludoteca.terminal.human import HELP_WORDS, QUIT_WORDS, HumanAgent, QuitGame, refusal
from ludoteca.terminal.tui.bridge import Ask, Board, Channel, Screen
from ludoteca.terminal.tui.news import LogEntry, is_chatter, is_move, marked_by, matters

Call = Callable[..., Any]
"""Runs a screen method in the event loop and returns its result (``call_from_thread``)."""

COMPLETIONS_LIMIT = 3000
"""Most legal moves offered as completions (larger lists: the numbered ones only)."""


class GameSide:
    """What the people at the table are told, step by step (a runner observer)."""

    def __init__(
        self,
        game: Game[Any, Any],
        renderer: Renderer,
        people: Sequence[Seat],
        names: Sequence[str],
        lang: Lang,
        screen: Screen,
        call: Call,
        channel: Channel,
        *,
        pauses: bool,
        title: str,
    ) -> None:
        """Watch a game for the seats in ``people``.

        Args:
            game: The game.
            renderer: Its terminal renderer.
            people: The seats played at this keyboard.
            names: One name per seat.
            lang: The people's language.
            screen: The table's screen.
            call: How to run a screen method from this thread.
            channel: The person's answers.
            pauses: Whether an event that matters waits for a key (a person against bots;
                in hot-seat the hand-over waits instead).
            title: The line above the board (the game, the seed).
        """
        self.game = game
        self.renderer = renderer
        self.people = tuple(people)
        self.names = list(names)
        self.lang = lang
        self.screen = screen
        self.call = call
        self.channel = channel
        self.pauses = pauses
        self.title = title
        self.steps = 0
        self.last = ""
        self.marked: dict[str, Any] | None = None
        self.entries: dict[Seat, list[LogEntry]] = {seat: [] for seat in people}
        self._named = False

    def __call__(self, before: Any, seat: Seat, action: Any, after: Any) -> None:
        """One step: its events to each person (the ``runner.StepObserver`` signature).

        Raises:
            QuitGame: If the person has confirmed leaving meanwhile.
        """
        self.channel.check()
        self.steps += 1
        self._rename(after)
        realtime = self.game.info.realtime
        wait_for: Seat | None = None
        for viewer in self.people:
            told = step_events(self.game, before, seat, action, after, viewer)
            if not told:
                continue
            entries = [
                LogEntry(
                    self.steps,
                    item.kind,
                    item.actor,
                    item.text(self.lang, self.names),
                    self._matters(item, viewer, after),
                    is_chatter(item),
                )
                for item in told
            ]
            moved = [entry.text for item, entry in zip(told, entries, strict=True) if is_move(item)]
            if moved and viewer == self.people[0]:
                self.last = moved[-1]
                # A move that touches no place (ending a turn) leaves the mark where the
                # turn's last placement put it.
                self.marked = marked_by(told) or self.marked
            self.entries[viewer].extend(entries)
            self.call(self.screen.add_entries, viewer, entries)
            important = any(entry.important and entry.kind != "game_end" for entry in entries)
            next_to_act = viewer in self.game.actors(after)
            if self.pauses and important and (realtime or not next_to_act):
                wait_for = viewer
        if wait_for is not None:
            self.show(self.game.view(after, wait_for))
            self.call(self.screen.wait_key, msg("term.feed.continue").text(self.lang))
            self.channel.read_key()

    def _matters(self, item: Event, viewer: Seat, after: Any) -> bool:
        """``news.matters``; a rule played in a realtime game (Gotcha) matters when the
        viewer's table says that it binds them.
        """
        realtime = self.game.info.realtime
        if realtime and item.kind == "play" and item.actor != viewer:
            slots = self.game.view(after, viewer).get("slots")
            if isinstance(slots, list):
                slot = item.data.get("slot")
                return any(
                    entry.get("slot") == slot and viewer in entry.get("bound", ())
                    for entry in slots
                )
        return matters(item, viewer, realtime)

    def _rename(self, state: Any) -> None:
        """Gotcha's players get their names at the deal: use them from then on."""
        if self._named or not self.people:
            return
        profiles = self.game.view(state, self.people[0]).get("profiles")
        if profiles:
            self.names = [str(profile["name"]) for profile in profiles]
            self._named = True

    def board(self, view: View) -> Board:
        """The board for ``view``: the tables, the players, the last move."""
        if self.marked is not None:
            view = {**view, MARKED: self.marked}
        return Board(
            tables=self.renderer.tables(view, self.lang),
            players=tuple(self.players(view)),
            last=self.last,
            title=self.title,
            marked=self.marked,
        )

    def show(self, view: View) -> None:
        """Draw ``view`` on the screen."""
        self.call(self.screen.show_board, self.board(view))

    def players(self, view: View) -> list[str]:
        """One line per seat: a mark for those to act, the name, the score when the view
        has one, and who the person is.
        """
        actors = set(view.get("actors") or ())
        scores = view.get("scores")
        seat = view.get("seat")
        you = msg("term.you").text(self.lang)
        lines = []
        for index, name in enumerate(self.names):
            mark = "▶" if index in actors else " "
            line = f"{mark} {seat_badge(index, name)}"
            if index == seat:
                line += f" ({you})"
            if isinstance(scores, list | tuple) and index < len(scores):
                line += f" · {scores[index]}"
            lines.append(line)
        return lines

    def completions(self, legal: Sequence[Any]) -> tuple[str, ...]:
        """The legal moves as they can be typed (none when there are very many)."""
        if len(legal) > COMPLETIONS_LIMIT:
            return ()
        return tuple(dict.fromkeys(str(action) for action in legal))


class TableHuman(HumanAgent):
    """A person choosing moves on the full-screen table."""

    def __init__(
        self, side: GameSide, seat: int, *, hints: bool = True, hot_seat: bool = False
    ) -> None:
        """Play ``seat`` on ``side``'s screen.

        Args:
            side: The game's side of the table.
            seat: The seat this person plays.
            hints: Whether ``?`` also gives a hint.
            hot_seat: Whether several people share the keyboard (the table is handed
                over before this seat's decisions).
        """
        super().__init__(side.game, seat, side.lang, None, _no_line, hints=hints, names=side.names)  # type: ignore[arg-type]
        self._side = side
        self._sharing = hot_seat

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Show the table and read answers until one is a legal move.

        Raises:
            QuitGame: If the person leaves.
        """
        side = self._side
        if self._sharing:
            side.call(side.screen.hand_over, self._seat, side.names[self._seat])
            side.channel.read_key()
        side.show(view)
        options = self._renderer.menu(view, legal, self._lang)
        side.channel.drain()
        if len(legal) == 1 and not self._sharing:
            move = options.labels[0] if options.labels else str(legal[0])
            side.call(side.screen.wait_key, msg("term.only_move", move=move).text(self._lang))
            side.channel.read_key()
            return legal[0]
        name = side.names[self._seat]
        prompt = msg("term.tui.prompt", seat=name).text(self._lang)
        ask = Ask(prompt, options.labels, options.hints, side.completions(legal))
        side.call(side.screen.ask, ask)
        asked = 0
        while True:
            answer = (side.channel.read_line() or "").strip()
            if answer.lower() in QUIT_WORDS:
                raise QuitGame
            if answer.lower() in HELP_WORDS:
                helped = msg("term.help", examples=self._renderer.examples(self._lang))
                self._say(helped, "cyan")
                if answer == "?":
                    self._give_hint(view, legal, options, asked)
                    asked += 1
                continue
            try:
                return self._read_move(answer, view, legal, options)
            except RulesError as error:
                self._say(refusal(error, self._game), "red")

    def _say(self, message: Message, style: str) -> None:
        text = render(message, self._lang, self._side.names)
        self._side.call(self._side.screen.say, text, style)


def _no_line(prompt: str) -> str:
    """Never called: the table reads its lines from the channel."""
    raise EOFError
