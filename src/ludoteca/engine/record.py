"""Game records: JSON files that replay to the identical state on any machine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.errors import GameSetupError, RecordError, RulesError
from ludoteca.engine.game import CHANCE, OptionValue, Seat
from ludoteca.engine.i18n import Message, msg, register

FORMAT = 1


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to replay a match.

    Attributes:
        game: The game id.
        version: The game's rules version when played.
        seed: The match seed (setup randomness is derived from it).
        num_players: Seats in the match.
        options: Every option, resolved.
        seats: A label per seat (agent or player name).
        actions: ``(seat, action text)`` per step; seat ``-1`` is chance.
        outcome: The outcome as JSON, or ``None`` if unfinished.
        end_reason: The outcome's end reason id (``""`` if unfinished or recorded before
            end reasons existed); taken from ``outcome`` when not given.
        turns: Turns played as the rulebook counts them (0 if unknown); taken from
            ``outcome`` when not given.
    """

    game: str
    version: int
    seed: int
    num_players: int
    options: dict[str, OptionValue] = field(hash=False)
    seats: tuple[str, ...]
    actions: tuple[tuple[Seat, str], ...]
    outcome: dict[str, Any] | None = field(default=None, hash=False)
    end_reason: str | None = None
    turns: int | None = None

    def __post_init__(self) -> None:
        outcome = self.outcome or {}
        if self.end_reason is None:
            reason = outcome.get("end_reason", "")
            object.__setattr__(self, "end_reason", reason if isinstance(reason, str) else "")
        if self.turns is None:
            turns = outcome.get("turns", 0)
            valid = isinstance(turns, int) and not isinstance(turns, bool)
            object.__setattr__(self, "turns", turns if valid else 0)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "seed": self.seed,
            "num_players": self.num_players,
            "options": self.options,
            "seats": list(self.seats),
            "actions": [[seat, text] for seat, text in self.actions],
            "outcome": self.outcome,
            "end_reason": self.end_reason,
            "turns": self.turns,
        }

    def dumps(self) -> str:
        """One line of JSON."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def from_json(data: object) -> GameRecord:
        """Read a record from parsed JSON.

        Raises:
            RecordError: If a field is missing or has the wrong type.
        """
        if not isinstance(data, dict):
            raise _bad(msg("record.not_object"))
        try:
            actions = data["actions"]
            if not isinstance(actions, list):
                raise _bad(msg("record.field_type", field="actions", kind="list"))
            parsed: list[tuple[Seat, str]] = []
            for index, entry in enumerate(actions):
                if (
                    not isinstance(entry, list)
                    or len(entry) != 2
                    or not isinstance(entry[0], int)
                    or not isinstance(entry[1], str)
                ):
                    raise _bad(msg("record.bad_entry", index=index))
                parsed.append((entry[0], entry[1]))
            options = data.get("options", {})
            if not isinstance(options, dict):
                raise _bad(msg("record.field_type", field="options", kind="object"))
            return GameRecord(
                game=_typed(data, "game", str),
                version=_typed(data, "version", int),
                seed=_typed(data, "seed", int),
                num_players=_typed(data, "num_players", int),
                options=options,
                seats=_seats(data.get("seats", [])),
                actions=tuple(parsed),
                outcome=data.get("outcome"),
                end_reason=_optional(data, "end_reason", str),
                turns=_optional(data, "turns", int),
            )
        except KeyError as missing:
            raise _bad(msg("record.missing", field=missing)) from None

    @staticmethod
    def loads(text: str) -> GameRecord:
        """Read a record from one line of JSON.

        Raises:
            RecordError: If the text is not JSON or not a record.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise _bad(msg("record.not_json", detail=error.msg, column=error.colno)) from None
        return GameRecord.from_json(data)


def replay_states(record: GameRecord) -> Iterator[Any]:
    """Every state of a recorded match, from the initial one to the last.

    Each recorded action is parsed and checked for legality before it is applied.

    Raises:
        RecordError: If the game or version is unknown, or an action does not replay.
    """
    from ludoteca.engine import registry, runner  # noqa: PLC0415 (import cycle)

    try:
        game = registry.make(record.game)
    except GameSetupError as error:
        raise _bad(error.message) from None
    if record.version != game.info.version:
        raise _bad(
            msg(
                "record.version",
                game=record.game,
                recorded=record.version,
                current=game.info.version,
            )
        )
    try:
        state = runner.new_game(game, record.num_players, record.seed, record.options)
    except RulesError as error:
        raise _bad(error.message) from None
    yield state
    for index, (seat, text) in enumerate(record.actions):
        try:
            action = game.parse_action(text)
            state = runner.step(game, state, seat, action)
        except RulesError as error:
            who = "chance" if seat == CHANCE else str(seat)
            raise _bad(
                msg("record.step", index=index, seat=who, text=text, error=error.message)
            ) from None
        yield state


def replay(record: GameRecord) -> Any:
    """The final state of a recorded match (see :func:`replay_states`)."""
    state = None
    for state in replay_states(record):  # noqa: B007
        pass
    return state


def _seats(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise _bad(msg("record.field_type", field="seats", kind="list of text"))
    return tuple(value)


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _bad(msg("record.field_type", field=key, kind=kind.__name__))
    return value


def _optional(data: dict[str, Any], key: str, kind: type) -> Any:
    """A field added after format 1 was fixed: ``None`` when absent (old records)."""
    return _typed(data, key, kind) if key in data else None


def moves(record: GameRecord) -> tuple[range, ...]:
    """The record's steps grouped by move, for a replay that steps move by move.

    Each group is one non-chance step followed by the chance steps it caused (a draw after a
    play, a deal after a round's last trick); chance steps before the first move (the first
    deal) form a group of their own. Groups are ranges of indices into ``record.actions``:
    the state after a group is ``states[group.stop]`` of :func:`replay_states`.
    """
    groups: list[range] = []
    start = 0
    for index, (seat, _text) in enumerate(record.actions):
        if seat != CHANCE and index > start:
            groups.append(range(start, index))
            start = index
    if start < len(record.actions):
        groups.append(range(start, len(record.actions)))
    return tuple(groups)


def round_starts(record: GameRecord, groups: tuple[range, ...] | None = None) -> tuple[int, ...]:
    """Indices into ``groups`` (default :func:`moves`) of the groups that start a round.

    Group 0 always starts one; after it, a group starts a round when the group before it
    holds a ``round_end`` event (as a spectator sees the steps). Games without rounds give
    ``(0,)``.

    Raises:
        RecordError: If the record does not replay.
    """
    from ludoteca.engine.events import record_events  # noqa: PLC0415 (import cycle)

    groups = moves(record) if groups is None else groups
    if not groups:
        return ()
    per_step = record_events(record, None)
    starts = [0]
    for number, group in enumerate(groups[:-1]):
        if any(e.kind == "round_end" for i in group for e in per_step[i]):
            starts.append(number + 1)
    return tuple(starts)


def _bad(reason: Message) -> RecordError:
    return RecordError(msg("engine.bad_record", reason=reason))


register(
    {
        "record.not_object": {
            "es": "el registro debe ser un objeto JSON",
            "en": "the record must be a JSON object",
        },
        "record.not_json": {
            "es": "no es JSON ({detail}, columna {column})",
            "en": "not JSON ({detail} at column {column})",
        },
        "record.field_type": {
            "es": "el campo '{field}' debe ser de tipo {kind}",
            "en": "the field '{field}' must be of type {kind}",
        },
        "record.missing": {"es": "falta el campo {field}", "en": "missing field {field}"},
        "record.bad_entry": {
            "es": "la acción n.º {index} debe ser [asiento, texto]",
            "en": "action #{index} must be [seat, text]",
        },
        "record.version": {
            "es": "grabado con {game} versión {recorded}; este motor tiene la versión {current}",
            "en": "recorded with {game} version {recorded}; this engine has version {current}",
        },
        "record.step": {
            "es": "el paso {index} (asiento {seat}: '{text}') no se puede reproducir: {error}",
            "en": "step {index} (seat {seat}: '{text}') does not replay: {error}",
        },
    }
)
