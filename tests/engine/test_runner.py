"""The runner checks turns and legality, and refuses bad setups, with reasons."""

import pytest

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry, rng, runner
from ludoteca.engine.errors import GameSetupError, IllegalActionError, NotYourTurnError
from ludoteca.engine.lazy import LazyActions
from ludoteca.games import tacocat
from ludoteca.games.dweebies.actions import Place

GAME = tacocat.GAME


def test_unknown_game_lists_valid_ids() -> None:
    with pytest.raises(GameSetupError) as caught:
        registry.make("chess")
    assert "tacocat" in caught.value.text("en")
    assert caught.value.text("es").startswith("Juego desconocido 'chess'")


def test_registry_returns_the_same_game() -> None:
    assert registry.make("tacocat") is GAME
    assert "tacocat" in registry.available_games()


@pytest.mark.parametrize("players", [1, 3])
def test_player_count_is_checked(players: int) -> None:
    with pytest.raises(GameSetupError) as caught:
        runner.new_game(GAME, players, 0)
    assert (
        caught.value.text("en")
        == f"Tacocat Spelled Backwards is played by 2 players, not {players}"
    )


def test_out_of_turn_action_is_refused_and_changes_nothing() -> None:
    state = runner.new_game(GAME, 2, 0)
    with pytest.raises(NotYourTurnError) as caught:
        runner.step(GAME, state, 0, tacocat.Duel(5))
    assert caught.value.rule_id == "TC-01"
    assert "not your turn: waiting for the deal" in caught.value.text("en")
    assert "en la fase reparto (regla TC-01)" in caught.value.text("es")
    assert state == runner.new_game(GAME, 2, 0)


def test_illegal_action_names_seat_phase_rule_and_legal_moves() -> None:
    state = runner.new_game(GAME, 2, 0)
    while GAME.actors(state) == (-1,):
        state = GAME.apply(state, -1, GAME.sample_chance(state, rng.make(1)))
    hand = state.hands[0]
    missing = next(v for v in range(1, 13) if v not in hand)
    with pytest.raises(IllegalActionError) as caught:
        runner.step(GAME, state, 0, tacocat.Replace((missing,)))
    error = caught.value
    assert error.rule_id == "TC-02"
    assert error.seat == 0
    assert error.phase == "replace"
    assert "keep" in error.legal
    assert error.text("en", ("Ana", "Bruno")).startswith(
        f"Illegal action 'replace {missing}' by Ana"
    )
    assert "(rule TC-02)" in error.text("en")
    assert "(regla TC-02)" in error.text("es")


def test_play_records_every_step() -> None:
    match = runner.play(GAME, [RandomAgent(), RandomAgent()], seed=5)
    assert match.outcome is not None
    assert len(match.record.actions) == match.steps
    assert match.record.seats == ("random", "random")


def test_max_steps_stops_a_match_early() -> None:
    match = runner.play(GAME, [RandomAgent(), RandomAgent()], seed=5, max_steps=10)
    assert match.steps == 10
    assert match.outcome is None
    assert match.record.outcome is None


class _PlacementsAgent(RandomAgent):
    """On a lazy list of placements, hands back what ``mode`` says; otherwise random."""

    name = "placements"

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.lazy_turns = 0

    def choose(self, view: object, legal: object, stream: object) -> object:
        if isinstance(legal, LazyActions) and not isinstance(legal, tuple | list):
            self.lazy_turns += 1
            picked = legal[len(legal) // 2]
            assert isinstance(picked, Place)
            if self.mode == "equal copy":
                return Place(picked.card, picked.x, picked.y)
            if self.mode == "off the table":
                return Place(picked.card, picked.x + 1000, picked.y)
            return picked
        return super().choose(view, legal, stream)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["handed item", "equal copy"])
def test_a_lazy_lists_item_or_an_equal_copy_is_accepted(mode: str) -> None:
    """runner.play checks a lazy list's pick by a direct call of its own ``in`` (the item it
    handed out by identity, any other action by the rules)."""
    game = registry.make("dweebies")
    agents = [_PlacementsAgent(mode), _PlacementsAgent(mode)]
    match = runner.play(game, agents, 3)
    assert match.outcome is not None
    assert agents[0].lazy_turns + agents[1].lazy_turns > 10


def test_a_placement_off_a_lazy_list_is_refused_after_another_was_handed_out() -> None:
    game = registry.make("dweebies")
    with pytest.raises(IllegalActionError) as caught:
        runner.play(game, [_PlacementsAgent("off the table"), RandomAgent()], 3)
    assert (caught.value.rule_id or "").startswith("DW-")


@pytest.mark.parametrize("game_id", ["gotcha", "tile_up"])
def test_a_long_match_records_every_action_text_in_order(game_id: str) -> None:
    """The record is written in pieces (``runner._WRITE_EVERY`` steps); none is lost or doubled.

    Gotcha's actions are new objects every step, Tile Up's are interned: both kinds, over
    more than one piece.
    """
    game = registry.make(game_id)
    seen: list[tuple[int, str]] = []
    match = runner.play(
        game,
        [RandomAgent(), RandomAgent(), RandomAgent()],
        seed=4,
        observer=lambda _before, seat, action, _after: seen.append((seat, str(action))),
    )
    assert match.steps > runner._WRITE_EVERY
    assert list(match.record.actions) == seen
