"""Tile Up's action text (parse, str, describe), the board-size option and the rules map in
``docs/rules/tile_up.md``."""

from __future__ import annotations

import pytest
import test_tile_up_rules_end
import test_tile_up_rules_turns
from rules_map import check_rules_map
from tile_up_table import (
    R,
    act,
    card,
    code,
    table,
)

from ludoteca.engine import rng as rng_mod
from ludoteca.engine import runner, testing
from ludoteca.engine.errors import InvalidActionError
from ludoteca.games.tile_up import board as tile_up_board
from ludoteca.games.tile_up import game as tile_up
from ludoteca.games.tile_up import legal as tile_up_legal
from ludoteca.games.tile_up import model as tile_up_model
from ludoteca.games.tile_up import sampling as tile_up_sampling
from ludoteca.games.tile_up import transitions as tile_up_transitions
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    FULL_BAG,
    OVER,
    PLAY,
    BagDraw,
    DeckDraw,
    Place,
    Score,
    State,
    geo_of,
)

# ---------------------------------------------------------------------------------------
# Action text


def test_parse_action_reads_every_form_and_round_trips() -> None:
    texts = [
        "place R4 f6",
        "score 12 f6",
        "draw tiles",
        "draw goal",
        "end",
        "discard B1",
        "discard goal 26",
        "bag P5",
        "deck 0",
    ]
    for text in texts:
        assert str(GAME.parse_action(text)) == text
    assert GAME.parse_action("colocar r4 F6") == Place(code("R4"), 5, 5)
    assert GAME.parse_action("puntuar 3 a1") == Score(3, 0, 0)
    assert str(GAME.parse_action("robar fichas")) == "draw tiles"
    assert str(GAME.parse_action("robar objetivo")) == "draw goal"
    assert str(GAME.parse_action("Robar cartas")) == "draw goal"
    assert str(GAME.parse_action("descartar objetivo 4")) == "discard goal 4"
    assert GAME.parse_action("bolsa O1") == BagDraw(0)
    assert GAME.parse_action("mazo 2") == DeckDraw(2)


@pytest.mark.parametrize(
    "text",
    ["place", "place R4", "place X4 f6", "place R6 f6", "place R4 66", "place R4 f0",
     "score 27 a1", "score x a1", "draw", "draw cards", "end now", "discard goal",
     "deck 99", "bag R", "place R4 f²"],
)  # fmt: skip
def test_parse_action_refuses_malformed_text(text: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        GAME.parse_action(text)
    for lang in ("es", "en"):
        assert "{" not in info.value.text(lang)
    if text in ("place", "place R4", "draw", "draw cards", "end now"):
        assert "colocar" in info.value.text("es") and "robar fichas" in info.value.text("es")


def test_describe_in_both_languages() -> None:
    assert GAME.describe(GAME.parse_action("place R4 f6"), "en") == "places R4 on f6"
    assert GAME.describe(GAME.parse_action("place R4 f6"), "es") == "coloca R4 en f6"
    i3 = card("I3", R)
    assert "red I3" in GAME.describe(Score(i3, 0, 0), "en")
    assert "I3 rojo" in GAME.describe(Score(i3, 0, 0), "es")
    for text in ("draw tiles", "draw goal", "end", "discard B1", "discard goal 2", "bag R1"):
        assert GAME.describe(GAME.parse_action(text), "es")


def test_rules_text_lists_tu01_to_tu10_in_both_languages() -> None:
    for lang in ("es", "en"):
        ids = [rule_id for rule_id, _ in GAME.rules_text(lang)]
        assert ids == [f"TU-{n:02d}" for n in range(1, 11)]


def test_board_size_option_moves_the_start_cells_and_corners() -> None:
    """Board option: a 9 x 9 board starts around e5 and ends on its own corners."""
    state: State = runner.new_game(GAME, 2, 0, {"board_size": 9})
    geo = geo_of(state.rules)
    assert [geo.row_col(c) for c in geo.start] == [(4, 4), (3, 4), (4, 3), (4, 5), (5, 4)]
    assert len(GAME.view(state, None)["board"]) == 9
    state = table({"a1": "R3", "i1": "R3", "a9": "R3", "i8": "R3"}, hands=(("B1",), ()),
                  options={"board_size": 9})  # fmt: skip
    assert state.phase == PLAY
    assert act(act(state, 0, "place B1 i9"), 0, "end").phase == OVER


# ---------------------------------------------------------------------------------------
# docs/rules/tile_up.md stays in sync with the code and these tests


def test_rules_map_names_real_functions_and_tests() -> None:
    """Every rule id has one row; every code name exists; every test named exists here;
    every rule test here is listed."""
    check_rules_map(
        "tile_up",
        "TU",
        10,
        tile_up,
        {**vars(test_tile_up_rules_turns), **vars(test_tile_up_rules_end), **globals()},
        {
            "model": tile_up_model,
            "legal": tile_up_legal,
            "board": tile_up_board,
            "sampling": tile_up_sampling,
            "transitions": tile_up_transitions,
        },
    )


def test_play_legal_list_membership_follows_the_rules() -> None:
    """``in`` on the play list is decided by the rules: it agrees with the list itself."""
    state = table({"f6": "B4", "f7": "R2"}, hands=(("R2", "B4"), ()))
    legal = GAME.legal_actions(state, 0)
    listed = set(legal)
    for text in ("place R2 f6", "place B4 f7", "place R2 a1", "end", "draw goal", "bag R1"):
        action = GAME.parse_action(text)
        assert (action in legal) == (action in listed), text
    assert "place R2 f6" not in legal  # type: ignore[comparison-overlap]
    assert object() not in legal


def test_tu10_resampled_announced_sums_stay_jointly_possible() -> None:
    """TU-10: with two announced sums competing for the same few 5s (12 and 15, three 5s
    unseen), every redraw gives each seat its sum: the 15 takes all three 5s."""
    pool = [0] * len(FULL_BAG)
    for name in ("O5", "R5", "Y5", "O4", "R4", "Y4", "O2", "O3"):
        pool[code(name)] = 1
    for seed in range(30):
        trial = list(pool)
        hands = tile_up_sampling.draw_hands(trial, [(1, 3, 12), (2, 3, 15)], rng_mod.make(seed))
        assert sorted(c % 5 + 1 for c in hands[2]) == [5, 5, 5]
        assert sum(c % 5 + 1 for c in hands[1]) == 12
        assert sum(trial) == sum(pool) - 6


def test_iterating_the_play_list_gives_its_items_in_index_order() -> None:
    """The list walks each tile's cell mask once when iterated; what it yields is exactly
    ``item(0), item(1), …`` (for every seat that may act, along random games of 2-4 players)."""
    checked = 0
    for players in (2, 3, 4):
        visits = testing.visits(GAME, players, range(2), every=7)
        for visit in visits:
            for seat in GAME.actors(visit.state):
                legal = GAME.legal_actions(visit.state, seat)
                assert list(iter(legal)) == [legal[i] for i in range(len(legal))]
                checked += len(legal)
    assert checked > 1000
