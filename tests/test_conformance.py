"""Every registered game passes every conformance check, for every player count."""

import pytest

from ludoteca.engine import registry, testing

CASES = [
    (game_id, players, check)
    for game_id in registry.available_games()
    for players in testing.player_counts(registry.make(game_id))
    for check in sorted(testing.CHECKS)
]


@pytest.mark.parametrize(("game_id", "players", "check"), CASES)
def test_conformance(game_id: str, players: int, check: str) -> None:
    count = testing.DEFAULT_GAMES.get(check, 4)
    testing.CHECKS[check](registry.make(game_id), players, range(count))
