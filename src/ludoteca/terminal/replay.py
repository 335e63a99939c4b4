"""Step through a recorded game in the terminal.

The whole table (every hand) is shown by default, since a recorded game is over; with a
seat, each step is drawn from that seat's view and other seats' actions are not described.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.engine import record as record_mod
from ludoteca.engine import registry
from ludoteca.engine import replay as engine_replay
from ludoteca.engine.errors import RecordError
from ludoteca.engine.game import Game, Outcome
from ludoteca.engine.i18n import Lang, Message, msg
from ludoteca.terminal import renderer_for, saves, seat_badge, seat_label, table_names
from ludoteca.terminal.human import ReadLine, console_reader
from ludoteca.terminal.layout import rows_of, screen_height
from ludoteca.terminal.session import check_seat
from ludoteca.terminal.setup import HUMAN


def show_replay(
    path: Path,
    number: int,
    seat: int | None,
    to_end: bool,
    lang: Lang,
    console: Console,
) -> None:
    """``ludoteca replay``: game ``number`` (from 1) of a record file, its title, then its
    moves one by one as the person asks (or all at once with ``to_end``).

    Args:
        path: The JSON-lines file of records.
        number: Which record of the file, counting from 1.
        seat: Show the game as this seat saw it; ``None``: the whole table.
        to_end: Print every move without asking (for pipes and tests).
        lang: The language of every text.
        console: Where to draw (and whose input is read).

    Raises:
        RecordError: If the file, the record or one of its steps cannot be read.
        GameSetupError: For a seat the recorded game does not have.
    """
    record, states, names, title = open_replay(path, number, seat, lang)
    console.print(title.text(lang), style="bold", markup=False, highlight=False)
    if seat is not None:
        console.print(msg("replay.as_seat", seat=names[seat]).text(lang), style="italic")
    viewer = ReplayViewer(record, states, lang, console, seat)
    if to_end:
        viewer.print_all()
    else:
        viewer.interact(console_reader(console))


def open_replay(
    path: Path, number: int, seat: int | None, lang: Lang
) -> tuple[record_mod.GameRecord, list[Any], list[str], Message]:
    """Game ``number`` of ``path``, ready for either replay screen: its record, its states
    step by step, the players' names and the replay's title.

    Raises:
        RecordError: If the file, the record or one of its steps cannot be read.
        GameSetupError: For a seat the recorded game does not have.
    """
    record = load_record(path, number)
    states = replay_states(record, number)
    game = registry.make(record.game)
    if seat is not None:
        check_seat(game.info, seat, record.num_players)
    names = table_names(game, states[-1], record.num_players, lang)
    return record, states, names, replay_title(record, number, path, lang, names)


def saved_path(path: Path) -> Path:
    """``path``, or when no such file exists and it is a number N, the N-th game of
    :func:`list_saved` (``ludoteca replay 1``: the newest saved game).
    """
    text = str(path)
    if path.exists() or not (text.isascii() and text.isdigit()):
        return path
    found = saves.saved_games()
    number = int(text)
    if 1 <= number <= len(found):
        return found[number - 1].path
    return path


def list_saved(lang: Lang, console: Console) -> None:
    """The games ``ludoteca play`` saved, newest first, numbered for ``ludoteca replay N``."""
    found = saves.saved_games()
    folder = saves.games_dir()
    if not found:
        console.print(msg("replay.none_saved", folder=folder).text(lang), markup=False)
        return
    table = Table(title=msg("replay.saved_title", folder=folder).text(lang), title_justify="left")
    for key in ("replay.col.number", "replay.col.game", "replay.col.seats", "replay.col.steps"):
        table.add_column(msg(key).text(lang))
    table.add_column(msg("replay.col.file").text(lang), overflow="fold")
    for number, saved in enumerate(found, start=1):
        try:
            name = registry.make(saved.game).info.name(lang)
        except ValueError:
            name = saved.game
        steps = str(saved.steps)
        if not saved.finished:
            steps += " " + msg("replay.unfinished_short").text(lang)
        table.add_row(str(number), name, ", ".join(saved.seats), steps, saved.path.name)
    console.print(table)
    console.print(msg("replay.saved_hint").text(lang), markup=False)


def load_record(path: Path, number: int) -> record_mod.GameRecord:
    """The ``number``-th record (counting from 1) of a JSON-lines file; blank lines skipped.

    Raises:
        RecordError: If the file cannot be read, has no such game, or the line is not a
            record.
    """
    try:
        text = path.read_text("utf-8")
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise RecordError(msg("term.cannot_read", path=path, reason=reason)) from None
    except UnicodeDecodeError as error:
        raise RecordError(msg("term.cannot_read", path=path, reason=error.reason)) from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not 1 <= number <= len(lines):
        raise RecordError(msg("replay.no_game", path=path, number=number, count=len(lines)))
    try:
        return record_mod.GameRecord.loads(lines[number - 1])
    except (TypeError, AttributeError) as error:
        raise _malformed(number, error) from None


def replay_states(record: record_mod.GameRecord, number: int) -> list[Any]:
    """Every state of a record, checked step by step.

    Raises:
        RecordError: If the record does not replay.
    """
    try:
        return list(engine_replay.replay_states(record))
    except (TypeError, AttributeError) as error:
        raise _malformed(number, error) from None


class ReplayViewer:
    """Draws the steps of one recorded game."""

    def __init__(
        self,
        record: record_mod.GameRecord,
        states: Sequence[Any],
        lang: Lang,
        console: Console,
        seat: int | None = None,
    ) -> None:
        """Create a viewer.

        Args:
            record: The record.
            states: Its states (:func:`replay_states`), the initial one first.
            lang: Language of the texts.
            console: Where to draw.
            seat: Show the game as this seat saw it; ``None`` shows the whole table.
        """
        self._game: Game[Any, Any] = registry.make(record.game)
        self._record = record
        self._states = states
        self._lang = lang
        self._console = console
        self._seat = seat
        self._renderer = renderer_for(record.game)
        # Move by move: each move with the chance steps it caused (record_mod.moves).
        self._groups = record_mod.moves(record)
        self._rounds = engine_replay.round_starts(record, self._groups)
        self._names = table_names(self._game, states[-1], record.num_players, lang)

    @property
    def last(self) -> int:
        """The number of the last move (move 0 is the initial position)."""
        return len(self._groups)

    def frame(self, index: int) -> RenderableType:
        """Move ``index``: what was played (with the chance steps it caused) and the board
        after it.
        """
        header, tables, outcome = self.parts(index)
        parts: list[RenderableType] = [Text(header, "bold")]
        table = tables[0]
        # One seat's replay: its compact table when the full one would not fit with the
        # header and the prompt (a whole-table replay needs every hand: always full).
        rows = rows_of(self._console, Group(*parts, table)) + 1  # and the prompt
        if len(tables) > 1 and rows > screen_height(self._console):
            table = tables[1]
        parts.append(table)
        if outcome is not None:
            parts.append(Text(outcome, "bold"))
        return Group(*parts)

    def parts(self, index: int) -> tuple[str, tuple[RenderableType, ...], str | None]:
        """Move ``index`` in pieces: the header (the move, its round, what was played), the
        table drawn fully then compactly (compact only for one seat's replay: a whole
        table's needs every hand), and the result line after the last move.
        """
        lang = self._lang
        state = self._states[self._groups[index - 1].stop if index else 0]
        header = msg("replay.step", index=index, total=self.last).text(lang)
        number = self.round_of(index)
        if number is not None:
            header += " · " + msg("replay.round", round=number).text(lang)
        header += " — " + self.move_line(index)
        if self._seat is None:
            seat_views = [self._game.view(state, s) for s in range(self._record.num_players)]
            view = self._game.view(state, None)
        else:
            seat_views = []
            view = self._game.view(state, self._seat)
        tables: tuple[RenderableType, ...] = (
            (self._renderer.render_view(view, lang, seat_views),)
            if seat_views
            else self._renderer.tables(view, lang)
        )
        outcome = self._outcome_line(self._game.outcome(state)) if index == self.last else None
        return header, tables, outcome

    def move_line(self, index: int) -> str:
        """What move ``index`` played, with the chance steps it caused (``… ×8`` for runs)."""
        steps = [0] if index == 0 else [step + 1 for step in self._groups[index - 1]]
        return "; ".join(_counted(self._action_line(step) for step in steps))

    @property
    def rounds(self) -> tuple[int, ...]:
        """The moves that start a round (``(0,)`` or fewer in a game without rounds)."""
        return self._rounds

    def print_all(self) -> None:
        """Print every move, first to last (for pipes and tests)."""
        for index in range(self.last + 1):
            self._console.print(self.frame(index))

    def round_of(self, index: int) -> int | None:
        """The round (from 1) shown after move ``index``, for games with rounds: a move that
        ends a round shows the next one's deal, so it counts as the next round.
        """
        if len(self._rounds) < 2:
            return None
        return sum(1 for start in self._rounds if start <= index)

    def _round_target(self, answer: str, index: int) -> int | None:
        """The move an ``r`` / ``r N`` answer jumps to (the position before the round's
        first move), or ``None`` after saying why not.
        """
        words = answer.split()
        if len(words) == 1:
            later = [start for start in self._rounds if start > index]
            return later[0] if later else self.last + 1
        number = int(words[1])
        if not 1 <= number <= len(self._rounds):
            text = msg("replay.no_round", round=number, count=len(self._rounds))
            self._console.print(text.text(self._lang), style="yellow")
            return None
        return self._rounds[number - 1]

    def interact(self, read_line: ReadLine) -> None:
        """Enter = next, ``b`` = back, ``q`` = quit, a number = jump; ends at EOF too."""
        lang = self._lang
        index = 0
        self._console.print(self.frame(index))
        key = "replay.prompt" if len(self._rounds) > 1 else "replay.prompt_no_rounds"
        prompt = msg(key, last=self.last).text(lang)
        while True:
            try:
                answer = read_line(prompt).strip().lower()
            except EOFError:
                return
            if answer in ("q", "quit", "salir"):
                return
            if answer == "":
                target = index + 1
            elif answer in ("b", "back", "atras", "atrás"):
                target = index - 1
            elif answer.isascii() and answer.isdigit() and int(answer) <= self.last:
                target = int(answer)
            elif len(self._rounds) > 1 and (
                answer == "r"
                or (
                    answer.startswith("r ")
                    and answer[2:].strip().isascii()
                    and answer[2:].isdigit()
                )
            ):
                found = self._round_target(answer, index)
                if found is None:
                    continue
                target = found
            else:
                text = msg("replay.bad_input", text=answer, last=self.last).text(lang)
                self._console.print(text, style="red", markup=False, highlight=False)
                continue
            if not 0 <= target <= self.last:
                key = "replay.at_end" if target > self.last else "replay.at_start"
                self._console.print(msg(key).text(lang), style="yellow")
                continue
            index = target
            self._console.print(self.frame(index))

    def _action_line(self, index: int) -> str:
        lang = self._lang
        if index == 0:
            return msg("replay.start").text(lang)
        seat, text = self._record.actions[index - 1]
        who = self._names[seat] if 0 <= seat < len(self._names) else seat_label(seat, lang)
        if self._seat is not None and seat != self._seat:
            return msg("replay.hidden", who=who).text(lang)
        action = self._game.parse_action(text)
        said = self._game.describe(action, lang, self._names)
        return msg("replay.action", who=who, action=said).text(lang)

    def _outcome_line(self, outcome: Outcome | None) -> str:
        lang = self._lang
        if outcome is None:
            return msg("replay.unfinished").text(lang)
        if outcome.winners:
            seats = ", ".join(self._names[s] for s in outcome.winners)
            result = msg("term.winners", seats=seats).text(lang)
        else:
            result = msg("term.drawn").text(lang)
        reason = outcome.reason_text(lang, self._names) or ""
        return msg("term.game_over", reason=reason).text(lang) + " " + result


def _counted(lines: Iterable[str]) -> list[str]:
    """The lines in order, a run of equal ones as one with its count (``… ×8``)."""
    out: list[tuple[str, int]] = []
    for line in lines:
        if out and out[-1][0] == line:
            out[-1] = (line, out[-1][1] + 1)
        else:
            out.append((line, 1))
    return [line if count == 1 else f"{line} ×{count}" for line, count in out]


def _malformed(number: int, error: Exception) -> RecordError:
    detail = msg("replay.malformed", number=number, detail=type(error).__name__)
    return RecordError(msg("engine.bad_record", reason=detail))


def replay_title(
    record: record_mod.GameRecord, number: int, path: Path, lang: Lang, names: Sequence[str]
) -> Message:
    """The replay's heading: the file, the game, its seed and who sat where.

    Args:
        record: The recorded game.
        number: Its number in the file.
        path: The file it was read from.
        lang: The language of the seat labels.
        names: The players' names (``terminal.table_names``).

    Returns:
        The heading as a message.
    """
    person = msg("replay.person").text(lang)
    seats = ", ".join(
        f"{seat_badge(s, names[s])} ({person if agent == HUMAN else agent})"
        for s, agent in enumerate(record.seats)
    )
    game = registry.make(record.game).info.name(lang)
    return msg("replay.title", number=number, path=path, game=game, seed=record.seed, seats=seats)
