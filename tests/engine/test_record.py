"""Records round-trip through JSON, replay exactly, and corrupt files give clear errors."""

import json

import pytest

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import record, runner
from ludoteca.engine.errors import RecordError
from ludoteca.engine.replay import replay, replay_states
from ludoteca.games import tacocat


def _match() -> runner.Match:
    return runner.play(tacocat.GAME, [RandomAgent(), RandomAgent()], seed=3)


def test_round_trip_and_replay() -> None:
    match = _match()
    again = record.GameRecord.loads(match.record.dumps())
    assert again == match.record
    assert replay(again) == match.state
    states = list(replay_states(again))
    assert len(states) == len(again.actions) + 1


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"game": "tacocat"}', "missing field"),
        (
            '{"game": "tacocat", "version": 1, "seed": "x", "num_players": 2, "actions": []}',
            "'seed' must be of type int",
        ),
        (
            '{"game": "tacocat", "version": 1, "seed": 1, "num_players": 2, "actions": [[0]]}',
            "action #0 must be [seat, text]",
        ),
    ],
)
def test_corrupt_records_are_refused(text: str, english: str) -> None:
    with pytest.raises(RecordError) as caught:
        record.GameRecord.loads(text)
    assert english in caught.value.text("en")
    assert caught.value.text("es").startswith("Registro de partida no válido")


def _tampered(**changes: object) -> record.GameRecord:
    data = _match().record.to_json()
    data.update(changes)
    return record.GameRecord.from_json(json.loads(json.dumps(data)))


def test_unknown_game_in_record() -> None:
    with pytest.raises(RecordError, match="Unknown game 'chess'"):
        replay(_tampered(game="chess"))


def test_other_version_is_refused() -> None:
    with pytest.raises(RecordError, match="version 99"):
        replay(_tampered(version=99))


def test_an_action_that_does_not_replay_names_its_step() -> None:
    data = _match().record.to_json()
    data["actions"][20] = [data["actions"][20][0], "attack 99"]
    with pytest.raises(RecordError) as caught:
        replay(record.GameRecord.from_json(data))
    assert "step 20" in caught.value.text("en")
    assert "paso 20" in caught.value.text("es")


def test_a_swapped_seat_does_not_replay() -> None:
    data = _match().record.to_json()
    index = next(i for i, (seat, _) in enumerate(data["actions"]) if seat == 0)
    data["actions"][index][0] = 1
    with pytest.raises(RecordError, match=f"step {index}"):
        replay(record.GameRecord.from_json(data))
