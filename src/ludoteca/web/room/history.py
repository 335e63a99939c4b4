"""A room's chat and the replay of its finished games.

Chat lines are stored, then sent to every socket (a spectator's name in each socket's
language). A replay rebuilds a finished game from its stored record (seed, options and
steps) once and keeps it; each ``replay`` request then shows one step of it from the
asking socket's seat, hiding the other seats' secret choices as the live game did, with the
events so far as that seat heard them and the bots' reasons stored with their moves. A
replay moves one move at a time: a chance step is shown with the move that caused it (the
``moves`` frames), and by round where there are rounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.engine import figures
from ludoteca.engine.game import CHANCE, Game, GameInfo, Outcome
from ludoteca.engine.i18n import Lang, msg
from ludoteca.engine.record import GameRecord
from ludoteca.engine.record import moves as record_moves
from ludoteca.engine.replay import replay_states, round_starts
from ludoteca.web.room import events
from ludoteca.web.room.live import secret_flags
from ludoteca.web.room.session import calls
from ludoteca.web.store import ChatRow, Store
from ludoteca.web.wire import protocol as p
from ludoteca.web.wire.client import RoomError, now_ms, outcome_json

CHAT_HISTORY = 50
"""Chat lines sent to a socket when it says hello."""


def chat_line(seat: int | None, name: str, text: str) -> ChatRow:
    """A checked chat line, timed now.

    Raises:
        RoomError: ``bad_message`` for an empty or too long line.
    """
    text = text.strip()
    if not 0 < len(text) <= p.MAX_CHAT:
        raise RoomError("bad_message", msg("web.error.chat_length", max=p.MAX_CHAT))
    return ChatRow(seat, name, text, now_ms())


def chat_json(line: ChatRow, lang: Lang) -> dict[str, Any]:
    """A ``chat`` message in ``lang``."""
    return {
        "type": "chat",
        "seat": line.seat,
        "name": line.name or msg("web.spectator").text(lang),
        "text": line.text,
        "at": line.at_ms,
    }


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """A finished game replayed: each state, each stored step, whether it was secret, the
    frames a replay shows and where rounds start (:func:`move_frames`), the events of its
    steps and the names of its seats.
    """

    states: list[Any]
    steps: list[tuple[int, str]]
    secret: list[bool]
    frames: list[int]
    book: events.Book
    names: tuple[str, ...]
    rounds: list[int]
    reasons: dict[int, dict[str, str]]


def move_frames(record: GameRecord) -> tuple[list[int], list[int]]:
    """The steps a replay stops at, one frame per move (``engine.record.moves``: each move
    shown with the chance steps it caused, so an 86-move Tacocat game has 87 frames, not
    206), and the positions among them where a round starts (``round_starts``).

    A frame is a number of steps applied: the state before each move, then the end. Chance
    steps before the first move (the first deal) are no frame of their own: the first frame
    is the table as the first player found it.
    """
    groups = record_moves(record)
    frames = [group.start for group in groups] + [len(record.actions)]
    skip = 1 if groups and record.actions[groups[0].start][0] == CHANCE else 0
    frames = frames[skip:]
    rounds = sorted({max(0, number - skip) for number in round_starts(record, groups)})
    return frames, rounds


class Replays:
    """The finished games of one room, rebuilt on first request.

    Args:
        store: Where the games are.
        room_id: The room.
        game: Its game.
        players: Its seats.
    """

    def __init__(self, store: Store, room_id: str, game: Game[Any, Any], players: int) -> None:
        self.store = store
        self.room_id = room_id
        self.game = game
        self.info: GameInfo = game.info
        self.players = players
        self._cache: dict[int, Rebuilt] = {}

    def message(
        self,
        finished_upto: int,
        number: int | None,
        step: int,
        seat: int | None,
        lang: Lang,
    ) -> dict[str, Any]:
        """The ``replay`` message: game ``number`` (default the last finished) at ``step``,
        with the frames a replay steps through (one per move), the frames that start a
        round, the events up to ``step`` as ``seat`` saw them, naming players as the
        game's stored seats did, and the bots' reasons for those steps (``whys``).

        Raises:
            RoomError: ``not_finished`` or ``bad_step``.
        """
        number = finished_upto if number is None else number
        if finished_upto < 1:
            raise RoomError("not_finished", msg("web.error.nothing_finished"))
        if not 1 <= number <= finished_upto:
            raise RoomError("not_finished", msg("web.error.not_finished", game=number))
        rebuilt = self._rebuilt(number)
        total = len(rebuilt.steps)
        if not 0 <= step <= total:
            raise RoomError("bad_step", msg("web.error.bad_step", step=step, total=total))
        game = self.game
        names = events.seat_names(rebuilt.names, lang)
        with calls(game):
            view = game.view(rebuilt.states[step], seat)
            last = None
            for index in range(step - 1, -1, -1):
                who, text = rebuilt.steps[index]
                if who == CHANCE:
                    continue
                if not rebuilt.secret[index] or who == seat:
                    action = game.parse_action(text)
                    label = game.describe(action, lang, names)
                    last = {"seat": who, "text": text, "label": label}
                break
            outcome = self._final_outcome(rebuilt) if step == total else None
            told = rebuilt.book.history(step, seat, lang, names)
        first = told[0]["step"] if told else 0
        seats = rebuilt.steps
        whys = events.told_reasons(rebuilt.reasons, lambda i: seats[i][0], first, step, lang)
        return {
            "type": "replay",
            "game": number,
            "step": step,
            "total": total,
            "view": view,
            "last": last,
            "outcome": outcome_json(outcome, lang, names),
            "moves": rebuilt.frames,
            "rounds": rebuilt.rounds,
            "events": told,
            "whys": whys,
        }

    def _final_outcome(self, rebuilt: Rebuilt) -> Outcome | None:
        """The finished game's outcome with the figures counted from its steps."""
        game, states = self.game, rebuilt.states
        outcome = game.outcome(states[-1])
        if outcome is None:
            return None
        steps = (
            (states[i], seat, game.parse_action(text), states[i + 1])
            for i, (seat, text) in enumerate(rebuilt.steps)
        )
        return figures.with_figures(game, outcome, self.players, steps, states[-1])

    def _rebuilt(self, number: int) -> Rebuilt:
        cached = self._cache.get(number)
        if cached is not None:
            return cached
        row = next(g for g in self.store.games(self.room_id) if g.game_no == number)
        steps = self.store.actions(self.room_id, number)
        record = GameRecord(
            game=self.info.id,
            version=self.info.version,
            seed=row.seed,
            num_players=self.players,
            options=row.options,
            seats=row.seats,
            actions=tuple(steps),
            outcome=row.outcome,
        )
        with calls(self.game):
            states = list(replay_states(record))
            flags = secret_flags(self.game, states, steps)
            frames, rounds = move_frames(record)
        book = events.record_book(self.game, states, steps)
        reasons = self.store.reasons(self.room_id, number)
        rebuilt = Rebuilt(states, steps, flags, frames, book, tuple(row.seats), rounds, reasons)
        self._cache[number] = rebuilt
        return rebuilt
