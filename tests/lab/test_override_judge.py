"""``lab.override_judge``: the judge of the search's overrides pairs its playouts.

(The judge's measurements, by ``bench/studies/override_judge.py``, are indexed in
bench/README.md; here only that its pairing is sound: a move judged against itself gains
exactly nothing, and swapping the two moves flips the gain, because each pair of playouts
shares one chance stream.)
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.agents.registry import make_agent
from ludoteca.engine import registry, runner
from ludoteca.engine.game import CHANCE, Game
from ludoteca.lab import override_judge


def _first_choice() -> tuple[Game[Any, Any], Any, int, list[Any]]:
    """Mystery Date's first decision with several moves: (game, state, seat, legal)."""
    game = registry.make("mystery_date")
    state = runner.new_game(game, 2, 11)
    chance = random.Random(11)
    while True:
        seat = game.actors(state)[0]
        if seat == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, chance))
            continue
        legal = list(game.legal_actions(state, seat))
        if len(legal) > 1:
            return game, state, seat, legal
        state = game.apply(state, seat, legal[0])


def test_a_move_judged_against_itself_gains_nothing_and_swapping_flips_the_sign() -> None:
    game, state, seat, legal = _first_choice()

    def expert() -> Any:
        return make_agent("expert", "mystery_date")

    same = override_judge.judge(
        game, state, seat, (legal[0], legal[0]), expert, 12, random.Random(1)
    )
    assert same == (0.0, 0.0)
    forward = override_judge.judge(
        game, state, seat, (legal[0], legal[1]), expert, 12, random.Random(2)
    )
    backward = override_judge.judge(
        game, state, seat, (legal[1], legal[0]), expert, 12, random.Random(2)
    )
    assert forward[0] == -backward[0] and forward[1] == backward[1]


def test_a_judged_game_reports_each_override_with_its_kind() -> None:
    game = registry.make("mystery_date")
    found = override_judge.play(game, 9000, 60, 4, every_decision=True)
    assert {"Give", "Discard"} & {line["kind"] for line in found}
    for line in found:
        assert line["kind"] in {"Give", "Discard", "Pile", "Show"}
        assert line["expert"] != line["search"]
        assert -2.0 <= line["gain"] <= 2.0
    # Left to the expert (the shipped spec), gifts and discards are never overridden.
    shipped = override_judge.play(game, 9000, 60, 4)
    assert all(line["kind"] not in {"Give", "Discard"} for line in shipped)
