"""Replaying a record: its states, its final state, what each viewer was told at each step.

Above the runner (which plays the steps again, checked), the catalogue (which finds the
game) and the shared events; the record itself, as data, is ``engine.record``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError, RulesError
from ludoteca.engine.events import Event
from ludoteca.engine.game import CHANCE, Seat
from ludoteca.engine.i18n import msg, register
from ludoteca.engine.record import GameRecord, bad_record, moves
from ludoteca.engine.shared_events import step_events


def replay_states(record: GameRecord) -> Iterator[Any]:
    """Every state of a recorded match, from the initial one to the last.

    Each recorded action is parsed and checked for legality before it is applied.

    Raises:
        RecordError: If the game or version is unknown, or an action does not replay.
    """
    try:
        game = registry.make(record.game)
    except GameSetupError as error:
        raise bad_record(error.message) from None
    if record.version != game.info.version:
        raise bad_record(
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
        raise bad_record(error.message) from None
    yield state
    for index, (seat, text) in enumerate(record.actions):
        try:
            action = game.parse_action(text)
            state = runner.step(game, state, seat, action)
        except RulesError as error:
            who = "chance" if seat == CHANCE else str(seat)
            raise bad_record(
                msg("record.step", index=index, seat=who, text=text, error=error.message)
            ) from None
        yield state


def replay(record: GameRecord) -> Any:
    """The final state of a recorded match (see :func:`replay_states`)."""
    state = None
    for state in replay_states(record):  # noqa: B007
        pass
    return state


def record_events(record: GameRecord, viewer: Seat | None) -> tuple[tuple[Event, ...], ...]:
    """``viewer``'s events for every step of a record (one tuple per recorded step).

    Raises:
        RecordError: If the record does not replay.
    """
    game = registry.make(record.game)
    states = list(replay_states(record))
    return tuple(
        step_events(game, states[i], seat, game.parse_action(text), states[i + 1], viewer)
        for i, (seat, text) in enumerate(record.actions)
    )


def round_starts(record: GameRecord, groups: tuple[range, ...] | None = None) -> tuple[int, ...]:
    """Indices into ``groups`` (default ``engine.record.moves``) of the groups that start a
    round.

    Group 0 always starts one; after it, a group starts a round when the group before it
    holds a ``round_end`` event (as a spectator sees the steps). Games without rounds give
    ``(0,)``.

    Raises:
        RecordError: If the record does not replay.
    """
    groups = moves(record) if groups is None else groups
    if not groups:
        return ()
    per_step = record_events(record, None)
    starts = [0]
    for number, group in enumerate(groups[:-1]):
        if any(e.kind == "round_end" for i in group for e in per_step[i]):
            starts.append(number + 1)
    return tuple(starts)


register(
    {
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
