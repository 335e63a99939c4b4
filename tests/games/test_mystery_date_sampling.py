"""MD-08 and MD-10: a state resampled while the mover chooses an outfit, from random games.

``test_mystery_date_rules`` checks the showing mover's resampled hand on a table built by
hand; these walk random games, where the other hands can hold the only unseen copies of the
cards the mover's outfits need.
"""

from __future__ import annotations

import json
import random

import pytest

from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE
from ludoteca.games.mystery_date import game as mystery_date

GAME = registry.make("mystery_date")


@pytest.mark.parametrize(("seed", "players"), [(18, 3), (246, 4), (318, 4), (346, 4)])
def test_md08_a_showing_mover_resampled_in_random_games_holds_two_outfits(
    seed: int, players: int
) -> None:
    """MD-08: dealt after the other hands, the mover's outfits could find their cards gone
    ("no positive weight"); these games reached such a state for some viewer. Dealt first,
    every viewer's resampled mover holds two complete outfits and its known cards."""
    state = runner.new_game(GAME, players, seed)
    picker = random.Random(seed)
    sampler = random.Random(1)
    shows = 0
    while GAME.actors(state):
        if state.phase == mystery_date.Phase.SHOW:
            shows += 1
            for viewer in [None, *range(players)]:
                view = json.loads(json.dumps(GAME.view(state, viewer)))
                other = GAME.sample_state(view, viewer, sampler)
                hand = other.hands[state.mover]
                assert len(mystery_date.complete_outfits(hand)) == 2, viewer
                assert sum(hand) == 6, viewer
        actor = GAME.actors(state)[0]
        if actor == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, picker))
        else:
            state = GAME.apply(state, actor, picker.choice(GAME.legal_actions(state, actor)))
    assert shows > 0
