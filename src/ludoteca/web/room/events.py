"""What each socket is told happened: the events of a game's steps, per viewer.

The engine derives a step's events from the state before, the action and the state after,
for one viewer (``engine.shared_events.step_events``); nothing is built while a step is applied.
This module renders them for the web: in a socket's language, naming players by the room's
seat names, each tagged with the index of the step it came from. A socket is sent the
events of the steps it has not heard of with each ``state`` message, and the history so far
(the last :data:`HISTORY_LIMIT` events) whenever its game, seat or language changes (on
``hello`` above all). Rendered events are remembered per step, viewer, language and names.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ludoteca.engine.events import default_names
from ludoteca.engine.game import Game, Seat
from ludoteca.engine.i18n import Lang
from ludoteca.engine.shared_events import step_events
from ludoteca.web.room.live import Live

HISTORY_LIMIT = 200
"""Events sent as the history of a game (the newest ones)."""

EventJson = dict[str, Any]
"""``{"step", "kind", "actor", "data", "text"}``."""

_CACHE_LIMIT = 32
"""Rendered steps remembered per game before the memory is dropped and rebuilt: a step is
rendered once for each viewer and language as it is played and is rarely asked for again
(a socket's first ``state``), while every remembered entry is a few objects the garbage
collector walks, times every room of the server."""


def seat_names(names: Sequence[str], lang: Lang) -> tuple[str, ...]:
    """The room's seat names, a default name ("Player 2") where a seat has none."""
    if all(names):
        return tuple(names)
    defaults = default_names(len(names), lang)
    return tuple(name or defaults[index] for index, name in enumerate(names))


def render(
    game: Game[Any, Any],
    index: int,
    step: tuple[Seat, Any],
    states: tuple[Any, Any],
    viewer: Seat | None,
    lang: Lang,
    names: Sequence[str],
) -> list[EventJson]:
    """The events of step ``index`` (``step`` = seat and action, ``states`` = before and
    after) as ``viewer`` may see them, rendered in ``lang`` with ``names``.
    """
    seat, action = step
    before, after = states
    return [
        {"step": index, **event.to_json(lang, names)}
        for event in step_events(game, before, seat, action, after, viewer)
    ]


def in_clock_order(game: Game[Any, Any], events: list[EventJson]) -> list[EventJson]:
    """A realtime game's events ordered by the game-clock time they name (``data.t``),
    steps without one keeping their place after the last timed one; other games as given.
    """
    if not game.info.realtime:
        return events
    keyed = []
    last = 0
    for position, item in enumerate(events):
        at = item["data"].get("t")
        if isinstance(at, int) and not isinstance(at, bool):
            last = at
        keyed.append(((last, position), item))
    return [item for _, item in sorted(keyed, key=lambda pair: pair[0])]


class Book:
    """The rendered events of one game's steps (a live game or a rebuilt record).

    Args:
        game: The game.
        step_at: The seat and action of step ``i``.
        states_at: The states before and after step ``i``.
        key_of: What identifies step ``i`` for the memory (a live game's steps can be
            undone and taken again differently when the store refuses them).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        step_at: Callable[[int], tuple[Seat, Any]],
        states_at: Callable[[int], tuple[Any, Any]],
        key_of: Callable[[int], object],
    ) -> None:
        self.game = game
        self._step_at = step_at
        self._states_at = states_at
        self._key_of = key_of
        self._memory: dict[tuple[object, Seat | None, Lang, tuple[str, ...]], Any] = {}

    def step(
        self, index: int, viewer: Seat | None, lang: Lang, names: tuple[str, ...]
    ) -> list[EventJson]:
        """The rendered events of step ``index`` for ``viewer``."""
        key = (self._key_of(index), viewer, lang, names)
        found = self._memory.get(key)
        if found is not None:
            return found[1]  # type: ignore[no-any-return]
        if len(self._memory) >= _CACHE_LIMIT:
            self._memory.clear()
        rendered = render(
            self.game, index, self._step_at(index), self._states_at(index), viewer, lang, names
        )
        # The key object is kept alive with the entry so that its id is never reused.
        self._memory[key] = (self._key_of(index), rendered)
        return rendered

    def since(
        self, start: int, end: int, viewer: Seat | None, lang: Lang, names: tuple[str, ...]
    ) -> list[EventJson]:
        """The events of steps ``start..end-1``, in order."""
        out: list[EventJson] = []
        for index in range(start, end):
            out.extend(self.step(index, viewer, lang, names))
        return in_clock_order(self.game, out)

    def history(
        self,
        end: int,
        viewer: Seat | None,
        lang: Lang,
        names: tuple[str, ...],
        limit: int = HISTORY_LIMIT,
    ) -> list[EventJson]:
        """The last ``limit`` events of steps ``0..end-1``, oldest first."""
        chunks: list[list[EventJson]] = []
        total = 0
        for index in range(end - 1, -1, -1):
            if total >= limit:
                break
            chunk = self.step(index, viewer, lang, names)
            chunks.append(chunk)
            total += len(chunk)
        out = [item for chunk in reversed(chunks) for item in chunk]
        return in_clock_order(self.game, out)[-limit:] if out else out


_LIVE_BOOKS: weakref.WeakKeyDictionary[Live, Book] = weakref.WeakKeyDictionary()


def live_book(live: Live) -> Book:
    """The event book of a game in progress (made on first use, forgotten with the game)."""
    book = _LIVE_BOOKS.get(live)
    if book is None:

        def step_at(index: int) -> tuple[Seat, Any]:
            return live.steps[index].seat, live.action(index)

        def states_at(index: int) -> tuple[Any, Any]:
            return live.before(index), live.after(index)

        def key_of(index: int) -> tuple[int, Seat, str]:
            # A step undone and taken again differently has another text; taken again the
            # same, its events are the same (the steps before it did not change).
            entry = live.steps[index]
            return index, entry.seat, entry.text

        book = Book(live.game, step_at, states_at, key_of)
        _LIVE_BOOKS[live] = book
    return book


def record_book(
    game: Game[Any, Any], states: Sequence[Any], steps: Sequence[tuple[Seat, str]]
) -> Book:
    """The event book of a rebuilt record (``states[i]`` before step ``i``)."""
    actions = [game.parse_action(text) for _, text in steps]

    def step_at(index: int) -> tuple[Seat, Any]:
        return steps[index][0], actions[index]

    def states_at(index: int) -> tuple[Any, Any]:
        return states[index], states[index + 1]

    return Book(game, step_at, states_at, lambda index: index)


def told_reasons(
    reasons: Mapping[int, Mapping[str, str]],
    seats: Callable[[int], Seat],
    start: int,
    end: int,
    lang: Lang,
) -> list[dict[str, Any]]:
    """The bots' reasons for steps ``start`` to ``end - 1`` (``seats(index)``: who took a
    step), ``{"step", "seat", "text"}`` in ``lang``, in step order.

    A reason reads the same for every reader: it names nothing hidden from any of them
    (only the bot's own figures come from its hidden cards, ``agents.explain``), so the
    history, a reload and a replay send it to every seat and spectator alike, as the
    last move's reason always was.
    """
    if end - start <= len(reasons):  # a move's few new steps: look them up
        indices: Iterable[int] = (i for i in range(start, end) if i in reasons)
    else:
        indices = sorted(i for i in reasons if start <= i < end)
    return [
        {"step": index, "seat": seats(index), "text": reasons[index][lang]}
        for index in indices
        if lang in reasons[index]
    ]
