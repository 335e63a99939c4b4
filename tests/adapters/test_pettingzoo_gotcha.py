"""The PettingZoo AEC adapter refuses a realtime game (Gotcha) with a clear reason."""

import pytest

pytest.importorskip("pettingzoo")

from ludoteca.adapters.pettingzoo import env
from ludoteca.engine.errors import GameSetupError


def test_a_realtime_game_is_refused_in_both_languages() -> None:
    with pytest.raises(GameSetupError) as caught:
        env("gotcha", num_players=4)
    assert "realtime" in caught.value.text("en")
    assert "tiempo real" in caught.value.text("es")
