"""Game records: JSON files that replay to the identical state on any machine.

This module is the record as data (read, written, grouped by move); replaying one is
``engine.replay``, above the runner that plays the steps again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.errors import RecordError
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
            raise bad_record(msg("record.not_object"))
        try:
            actions = data["actions"]
            if not isinstance(actions, list):
                raise bad_record(msg("record.field_type", field="actions", kind="list"))
            parsed: list[tuple[Seat, str]] = []
            for index, entry in enumerate(actions):
                if (
                    not isinstance(entry, list)
                    or len(entry) != 2
                    or not isinstance(entry[0], int)
                    or not isinstance(entry[1], str)
                ):
                    raise bad_record(msg("record.bad_entry", index=index))
                parsed.append((entry[0], entry[1]))
            options = data.get("options", {})
            if not isinstance(options, dict):
                raise bad_record(msg("record.field_type", field="options", kind="object"))
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
            raise bad_record(msg("record.missing", field=missing)) from None

    @staticmethod
    def loads(text: str) -> GameRecord:
        """Read a record from one line of JSON.

        Raises:
            RecordError: If the text is not JSON or not a record.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise bad_record(msg("record.not_json", detail=error.msg, column=error.colno)) from None
        return GameRecord.from_json(data)


def _seats(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise bad_record(msg("record.field_type", field="seats", kind="list of text"))
    return tuple(value)


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise bad_record(msg("record.field_type", field=key, kind=kind.__name__))
    return value


def _optional(data: dict[str, Any], key: str, kind: type) -> Any:
    """A field added after format 1 was fixed: ``None`` when absent (old records)."""
    return _typed(data, key, kind) if key in data else None


def moves(record: GameRecord) -> tuple[range, ...]:
    """The record's steps grouped by move, for a replay that steps move by move.

    Each group is one non-chance step followed by the chance steps it caused (a draw after a
    play, a deal after a round's last trick); chance steps before the first move (the first
    deal) form a group of their own. Groups are ranges of indices into ``record.actions``:
    the state after a group is ``states[group.stop]`` of ``engine.replay.replay_states``.
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


def bad_record(reason: Message) -> RecordError:
    """The error for a record that cannot be read or replayed, saying why (``reason``)."""
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
    }
)
