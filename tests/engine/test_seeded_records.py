"""The same seeds give the same games as before the engine-speed work (issue 19).

``fixtures/seeded_records.json`` was written with main's code before any speed change: for
every game, at its fewest and most seats, three seeded ``runner.play`` matches between random
agents. Each entry keeps the step count, the outcome, the last actions and a SHA-256 of the
whole record (one line of JSON), so a change that reorders legal actions, draws chance
differently or alters a rule shows up here.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry, runner

_FIXTURE = Path(__file__).parent / "fixtures" / "seeded_records.json"
_EXPECTED: dict[str, list[dict[str, Any]]] = json.loads(_FIXTURE.read_text(encoding="utf-8"))
_RECORD_KEYS = {
    "format",
    "game",
    "version",
    "seed",
    "num_players",
    "options",
    "seats",
    "actions",
    "outcome",
}
_CASES = [
    (game_id, row["players"], row["seed"], row)
    for game_id, rows in sorted(_EXPECTED.items())
    for row in rows
]


def test_fixture_covers_every_game() -> None:
    assert set(_EXPECTED) == set(registry.available_games())


@pytest.mark.parametrize(("game_id", "players", "seed", "expected"), _CASES)
def test_same_seed_same_record(
    game_id: str, players: int, seed: int, expected: dict[str, Any]
) -> None:
    game = registry.make(game_id)
    match = runner.play(game, [RandomAgent() for _ in range(players)], seed)
    assert match.steps == expected["steps"]
    # Fields added to records and outcomes after the fixture was written (end_reason,
    # turns, figures) are left out, so the digest covers exactly what the fixture saw.
    data = match.record.to_json()
    for key in set(data) - _RECORD_KEYS:
        del data[key]
    outcome = data["outcome"]
    for key in set(outcome) - set(expected["outcome"]):
        del outcome[key]
    assert outcome == expected["outcome"]
    assert [list(entry) for entry in match.record.actions[-3:]] == expected["last_actions"]
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    assert hashlib.sha256(text.encode()).hexdigest() == expected["sha256"]
