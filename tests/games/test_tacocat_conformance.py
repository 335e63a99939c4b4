"""Tacocat passes the shared conformance suite (TC-11 leaks included)."""

import pytest

from ludoteca.engine import testing
from ludoteca.games import tacocat


@pytest.mark.parametrize("check", sorted(testing.CHECKS))
def test_conformance(check: str) -> None:
    count = testing.DEFAULT_GAMES.get(check, 4)
    testing.CHECKS[check](tacocat.GAME, 2, range(count))
