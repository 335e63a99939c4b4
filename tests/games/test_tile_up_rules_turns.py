"""Tile Up rules TU-01..TU-05: setup, one action a turn, placement, scoring a goal by exact region
match, face-up and hidden goals (helpers in ``tile_up_table``)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tile_up_table import (
    CENTRE,
    ORANGE,
    G,
    R,
    Y,
    act,
    card,
    chance,
    code,
    dealt,
    illegal,
    legal,
    scores,
    table,
)

from ludoteca.engine import runner, testing
from ludoteca.engine.errors import IllegalActionError, NotYourTurnError
from ludoteca.engine.game import CHANCE
from ludoteca.games.tile_up import model as tile_up_model
from ludoteca.games.tile_up.board import all_regions
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    CARDS,
    FULL_BAG,
    OVER,
    PLAY,
    SETUP,
    SHAPE_NAMES,
    Rules,
    State,
    geo_of,
)

# ---------------------------------------------------------------------------------------
# TU-01 Setup


def test_tu01_start_cells_take_only_3s_4s_and_5s_by_copies_left() -> None:
    """TU-01: the five start cells are drawn first; 1s and 2s are returned and redrawn,
    which is the same as drawing only among the 3s, 4s and 5s in the bag."""
    state: State = runner.new_game(GAME, 2, 0)
    assert GAME.actors(state) == (CHANCE,)
    outcomes = dict((str(a), p) for a, p in GAME.chance_outcomes(state))
    assert "bag R1" not in outcomes and "bag O2" not in outcomes
    assert outcomes["bag R3"] == Fraction(4, 66) and outcomes["bag R5"] == Fraction(3, 66)
    assert sum(outcomes.values()) == 1
    with pytest.raises(IllegalActionError):
        chance(state, "bag R1")
    state = chance(state, "bag R3", "bag O4", "bag Y5", "bag G3", "bag B4")
    board = GAME.view(state, None)["board"]
    assert [board[5][5], board[4][5], board[5][4], board[5][6], board[6][5]] == [
        ["R3"],
        ["O4"],
        ["Y5"],
        ["G3"],
        ["B4"],
    ]
    # The next draws are the face-up goals: any card of the unknown deck, 1/27 each.
    outcomes = dict((str(a), p) for a, p in GAME.chance_outcomes(state))
    assert len(outcomes) == 27 and set(outcomes.values()) == {Fraction(1, 27)}


def test_tu01_each_player_draws_3_tiles_and_1_goal_and_the_highest_sum_starts() -> None:
    """TU-01: two face-up goals, 3 tiles and 1 goal card each; seat 1's 12 beats 9."""
    state = dealt("O1 O3 O5", "R4 R4 R4")
    assert state.phase == PLAY and state.current == 1
    assert GAME.actors(state) == (1,)
    assert state.faceup == (0, 1)
    assert [len(h) for h in state.hands] == [3, 3] and state.goals == ((2,), (3,))
    assert GAME.view(state, 0)["start_sums"] == [9, 12]
    with pytest.raises(NotYourTurnError):
        act(state, 0, "draw tiles")


def test_tu01_tied_players_return_their_tiles_draw_again_and_all_compare() -> None:
    """TU-01: seats 0 and 1 tie on 15; they return their tiles and redraw; then everyone
    compares again, and seat 2's untouched 8 beats their new 3 and 6."""
    state = dealt("O5 O5 O5", "R5 R5 R5", "Y2 Y3 Y3")
    assert state.phase == SETUP and GAME.actors(state) == (CHANCE,)
    assert state.hands[0] == () and state.hands[1] == () and len(state.hands[2]) == 3
    assert state.bag[code("O5")] == 3 and state.bag[code("R5")] == 3
    assert state.pending == ((tile_up_model.K_TILE, 0),) * 3 + ((tile_up_model.K_TILE, 1),) * 3
    state = chance(state, "bag O1", "bag O1", "bag O1", "bag R2", "bag R2", "bag R2")
    assert state.phase == PLAY and state.current == 2
    assert list(state.sums) == [3, 6, 8]


def test_tu01_a_second_tie_redraws_again() -> None:
    """TU-01: repeat until one sum is highest."""
    state = dealt("O5 O5 O5", "R5 R5 R5")
    state = chance(state, "bag O1", "bag O2", "bag O3", "bag R3", "bag R2", "bag R1")
    assert state.phase == SETUP and state.pending
    state = chance(state, "bag O1", "bag O2", "bag O3", "bag R3", "bag R2", "bag R2")
    assert state.phase == PLAY and state.current == 1


# ---------------------------------------------------------------------------------------
# TU-02 One action a turn


def test_tu02_a_turn_offers_draw_goal_draw_tiles_or_placements_but_not_end() -> None:
    """TU-02: at the start of a turn the three actions are offered; ending is not."""
    state = table(CENTRE, hands=(("B1",), ()))
    moves = legal(state)
    assert moves[:2] == ["draw goal", "draw tiles"]
    assert "place B1 f5" in moves and "end" not in moves
    illegal(state, 0, "end", "TU-02")


def test_tu02_after_drawing_tiles_nothing_but_scoring_and_end() -> None:
    """TU-02: drawing three tiles is the whole action: no placement, no second draw."""
    state = table(CENTRE, hands=(("B1",), ()))
    state = act(state, 0, "draw tiles")
    assert GAME.actors(state) == (CHANCE,)
    state = chance(state, "bag G2", "bag G3", "bag G4")
    assert len(state.hands[0]) == 4
    assert legal(state) == ["end"]
    illegal(state, 0, "place B1 f5", "TU-02")
    illegal(state, 0, "draw goal", "TU-02")
    illegal(state, 0, "draw tiles", "TU-02")


def test_tu02_after_drawing_a_goal_the_turn_can_only_end() -> None:
    """TU-02: drawing one goal card is the whole action."""
    state = table(CENTRE, hands=(("B1",), ()))
    state = chance(act(state, 0, "draw goal"), "deck 5")
    assert state.goals[0] == (5,)
    assert legal(state) == ["end"]
    illegal(state, 0, "place B1 f5", "TU-02")


def test_tu02_placing_tiles_one_at_a_time_then_end_passes_to_the_next_seat() -> None:
    """TU-02: any number of tiles, one action each; no draw once placing; seat + 1 next."""
    state = table(CENTRE, hands=(("B1", "G2"), ("Y1",)))
    state = act(state, 0, "place B1 f5")
    assert "draw tiles" not in legal(state) and "end" in legal(state)
    illegal(state, 0, "draw tiles", "TU-02")
    state = act(state, 0, "place G2 f4")
    assert legal(state) == ["end"]
    state = act(state, 0, "end")
    assert state.current == 1 and GAME.actors(state) == (1,)
    illegal(state, 0, "draw goal", "TU-02")


def test_tu02_play_goes_round_the_table_with_three_players() -> None:
    """TU-02: play passes to seat + 1, wrapping."""
    state = table(CENTRE, hands=(("B1",), ("Y1",), ("G1",)), goals=((), (), ()), current=2)
    state = chance(act(state, 2, "draw goal"), "deck 7")
    state = act(state, 2, "end")
    assert state.current == 0


# ---------------------------------------------------------------------------------------
# TU-03 Placement


def test_tu03_an_empty_cell_must_touch_a_tile_orthogonally() -> None:
    """TU-03: next to a tile is legal; diagonal only or far away is not."""
    state = table(CENTRE, hands=(("B1",), ()))
    for target in ("f5", "f7", "e6", "g6"):
        act(state, 0, f"place B1 {target}")
    error = illegal(state, 0, "place B1 e5", "TU-03")
    assert "diagonal" in error.text("en") and "diagonal" in error.text("es")
    illegal(state, 0, "place B1 a1", "TU-03")
    illegal(state, 0, "place B1 z9", "TU-03")


def test_tu03_stacking_needs_another_colour_and_a_lower_number_on_top() -> None:
    """TU-03: the rulebook: «La ficha de arriba tiene un número más bajo que la ficha que
    cubre»: R2 may go on B4; B4 may not go on R2; equal numbers and the same colour may not."""
    state = table({"f6": "B4", "f7": "R2"}, hands=(("R2", "B4", "G4", "B1"), ()))
    after = act(state, 0, "place R2 f6")
    assert GAME.view(after, None)["board"][5][5] == ["B4", "R2"]
    illegal(state, 0, "place B4 f7", "TU-03")  # higher on lower
    illegal(state, 0, "place G4 f6", "TU-03")  # equal number
    error = illegal(state, 0, "place B1 f6", "TU-03")  # same colour
    assert "colour" in error.text("en") and "color" in error.text("es")


def test_tu03_only_tiles_held_can_be_placed() -> None:
    """TU-03: you place your own tiles."""
    state = table(CENTRE, hands=(("B1",), ("Y1",)))
    illegal(state, 0, "place Y1 f5", "TU-03")
    assert "place Y1 f5" not in legal(state)


def test_tu03_legal_placements_are_every_tile_times_every_allowed_cell() -> None:
    """TU-03: the legal list is exactly adjacency plus stacking, nothing else."""
    state = table({"f6": "R3", "f5": "B5"}, hands=(("G4", "R1"), ()))
    placements = sorted(a for a in legal(state) if a.startswith("place"))
    empty = ["e5", "e6", "f4", "f7", "g5", "g6"]
    expected = [f"place G4 {c}" for c in [*empty, "f5"]]  # G4 on B5 only
    expected += [f"place R1 {c}" for c in [*empty, "f5"]]  # R1 on B5, not on R3
    assert placements == sorted(expected)


# ---------------------------------------------------------------------------------------
# TU-04 Scoring a goal: the exact region match


def test_tu04_an_exact_line_scores_one_point_per_tile_covered_tiles_included() -> None:
    """TU-04: a red I3 whose stacks hold 2 + 1 + 3 tiles scores 6."""
    board = {"e6": "B4 R3", "f6": "R3", "g6": "Y5 G4 R2", "f5": "B1"}
    i3 = card("I3", R)
    state = table(board, faceup=(i3,))
    assert scores(state) == [f"score {i3} e6"]
    state = act(state, 0, f"score {i3} e6")
    assert state.scores[0] == 6 and state.scored[0] == 1


def test_tu04_rotations_match() -> None:
    """TU-04: an L4 turned a quarter (three across, one down at the left) is an L4."""
    l4 = card("L4", G)
    board = {"e6": "G1", "f6": "G1", "g6": "G1", "e7": "G1"}
    assert scores(table(board, faceup=(l4,))) == [f"score {l4} e6"]
    # Upright L: e5 e6 e7 + f7.
    upright = {"e5": "G1", "e6": "G1", "e7": "G1", "f7": "G1", "f5": "R3"}
    assert scores(table(upright, faceup=(l4,))) == [f"score {l4} e5"]


def test_tu04_reflections_match_only_with_allow_mirror() -> None:
    """TU-04: a J (the mirror image of L4) is not an L4 unless ``allow_mirror``."""
    l4 = card("L4", G)
    j_shape = {"f5": "G1", "f6": "G1", "f7": "G1", "e7": "G1"}
    assert scores(table(j_shape, faceup=(l4,))) == []
    illegal(table(j_shape, faceup=(l4,)), 0, f"score {l4} f5", "TU-04")
    mirrored = table(j_shape, faceup=(l4,), options={"allow_mirror": True})
    assert scores(mirrored) == [f"score {l4} f5"]
    s4 = card("S4", Y)
    z_shape = {"e5": "Y1", "f5": "Y1", "f6": "Y1", "g6": "Y1"}
    assert scores(table(z_shape, faceup=(s4,))) == []
    assert scores(table(z_shape, faceup=(s4,), options={"allow_mirror": True})) != []


def test_tu04_an_extra_same_colour_tile_next_to_the_shape_spoils_it() -> None:
    """TU-04, the rulebook's example: no "L" with another tile of its colour beside it (the
    rulebook's L is orange; with the rulings' card colours the L3 cards are green, blue and
    purple); a line of four is not an I3 either."""
    l3 = card("L3", G)
    spoiled = {"f5": "G3", "f6": "G3", "g6": "G3", "g7": "G3"}
    assert scores(table(spoiled, faceup=(l3,))) == []
    illegal(table(spoiled, faceup=(l3,)), 0, f"score {l3} f5", "TU-04")
    i3 = card("I3", ORANGE)
    line4 = {"c6": "O3", "d6": "O3", "e6": "O3", "f6": "O3"}
    assert scores(table(line4, faceup=(i3,))) == []


def test_tu04_a_region_bigger_than_every_shape_never_scores() -> None:
    """TU-04: a red plus with one more red tile (six cells) contains the X5 and an I3 but
    is neither; covering the extra tile with another colour makes it an exact X5."""
    x5, i3 = card("X5", R), card("I3", R)
    plus = {"f5": "R3", "e6": "R4", "f6": "R3", "g6": "R4", "f7": "R1", "f8": "B4 R2"}
    state = table(plus, hands=(("Y1",), ()), faceup=(x5, i3))
    assert scores(state) == []
    illegal(state, 0, f"score {x5} f5", "TU-04")
    assert scores(act(state, 0, "place Y1 f8")) == [f"score {x5} f5"]


def test_tu04_a_diagonal_same_colour_tile_or_other_colours_around_do_not_spoil() -> None:
    """TU-04: only orthogonal same-colour neighbours count; other colours never do."""
    l3 = card("L3", G)
    board = {"f5": "G3", "f6": "G3", "g6": "G3", "e4": "G1", "g5": "R3", "f7": "B2"}
    assert scores(table(board, faceup=(l3,))) == [f"score {l3} f5"]


def test_tu04_only_top_tiles_count_for_the_colour() -> None:
    """TU-04: a covered red tile is not red on the board; a red top on a blue tile is."""
    i3 = card("I3", R)
    covered = {"e6": "R3", "f6": "R3", "g6": "R3 B1"}
    assert scores(table(covered, faceup=(i3,))) == []
    on_top = {"e6": "R3", "f6": "R3", "g6": "B4 R1"}
    assert scores(table(on_top, faceup=(i3,))) == [f"score {i3} e6"]


def test_tu04_wrong_colour_or_wrong_shape_does_not_score() -> None:
    """TU-04: a yellow line is not a red line; a red L3 is not a red I3."""
    i3 = card("I3", R)
    assert scores(table({"e6": "Y3", "f6": "Y3", "g6": "Y3"}, faceup=(i3,))) == []
    assert scores(table({"f5": "R3", "f6": "R3", "g6": "R3"}, faceup=(i3,))) == []
    illegal(table({"f5": "R3", "f6": "R3", "g6": "R3"}, faceup=(i3,)), 0, f"score {i3} f5", "TU-04")


def test_tu04_the_score_names_the_region_when_two_match() -> None:
    """TU-04: two separate red lines: one action each, points of the one named."""
    i3 = card("I3", R)
    board = {"b2": "R1", "c2": "R2", "d2": "R3", "b8": "B4 R1", "c8": "B5 R2", "d8": "R4"}
    state = table(board, faceup=(i3,))
    assert scores(state) == [f"score {i3} b2", f"score {i3} b8"]
    assert act(state, 0, f"score {i3} b8").scores[0] == 5
    illegal(state, 0, f"score {i3} c2", "TU-04")


def test_tu04_a_placement_that_completes_the_shape_makes_it_scoreable() -> None:
    """TU-04 after TU-03: placing the third red tile makes the line; a fourth spoils it."""
    i3 = card("I3", R)
    state = table({"e6": "R3", "f6": "R4"}, hands=(("R1", "R2"), ()), faceup=(i3,))
    assert scores(state) == []
    state = act(state, 0, "place R1 g6")
    assert scores(state) == [f"score {i3} e6"]
    state = act(state, 0, "place R2 h6")
    assert scores(state) == []


def test_tu04_covering_a_cell_can_split_a_region_into_a_shape() -> None:
    """TU-04: covering the end of a red line of four with blue leaves an exact red I3."""
    i3 = card("I3", R)
    board = {"d6": "R3", "e6": "R3", "f6": "R3", "g6": "R4"}
    state = table(board, hands=(("B1",), ()), faceup=(i3,))
    assert scores(state) == []
    state = act(state, 0, "place B1 g6")
    assert scores(state) == [f"score {i3} d6"]


def test_tu04_the_plus_and_the_u_match() -> None:
    """TU-04: the five-cell shapes, the U both ways up."""
    x5 = card("X5", R)
    plus = dict(zip(("f5", "e6", "f6", "g6", "f7"), ("R1", "R2", "R3", "R4", "R1"), strict=True))
    assert scores(table(plus, faceup=(x5,))) == [f"score {x5} f5"]
    u5 = card("U5", G)
    tiles = ("G1", "G2", "G3", "G4", "G1")
    u_board = dict(zip(("e5", "g5", "e6", "f6", "g6"), tiles, strict=True))
    assert scores(table(u_board, faceup=(u5,))) == [f"score {u5} e5"]
    upside = dict(zip(("e5", "f5", "g5", "e6", "g6"), tiles, strict=True))
    assert scores(table(upside, faceup=(u5,))) == [f"score {u5} e5"]
    assert scores(table(plus, faceup=(u5,))) == []


def test_tu04_incremental_regions_equal_a_full_recount_in_random_games() -> None:
    """TU-04: the regions kept up to date around each placed tile are exactly the regions
    found by scanning the whole board, at every step of seeded random games."""
    for players in (2, 4):
        for visit in testing.visits(GAME, players, range(3), every=5):
            state = visit.state
            geo = geo_of(state.rules)
            assert state.regions == all_regions(geo, state.colour_masks), visit


def test_tu03_tu04_the_neighbour_table_is_the_four_shifts_for_every_cell() -> None:
    """TU-03, TU-04: ``Geometry.around`` (read when a tile goes down) gives each cell's
    orthogonal neighbours on the board, as ``neighbours`` computes them, on every size."""
    for size in (9, 11, 13):
        for mirror in (False, True):
            geo = geo_of(Rules(size, mirror))
            assert geo.size == size  # geo_of's last-rules memo follows the rules asked
            for bit in range(size * geo.stride):
                assert geo.around[bit] == geo.neighbours(1 << bit), (size, bit)
            centre = geo.bit(size // 2, size // 2)
            assert geo.around[centre].bit_count() == 4
            assert geo.around[geo.bit(0, 0)] == 1 << geo.bit(0, 1) | 1 << geo.bit(1, 0)


def test_tu04_incremental_regions_hold_with_options_too() -> None:
    """TU-04: the same recount check on a 9 x 9 and a 13 x 13 board with ``allow_mirror``."""
    for options in ({"board_size": 9, "allow_mirror": True}, {"board_size": 13}):
        seen: list[State] = []

        def keep(
            before: State, seat: int, action: object, after: State, box: list[State] = seen
        ) -> None:
            box.append(after)

        agents = [testing._Uniform(), testing._Uniform(), testing._Uniform()]
        runner.play(GAME, agents, 3, options, observer=keep)
        assert seen[-1].phase == OVER
        for state in seen[::3]:
            assert state.regions == all_regions(geo_of(state.rules), state.colour_masks)


def test_tu04_goal_shapes_and_cards_are_the_rulings() -> None:
    """TU-04 components: 9 shapes x 3 = 27 cards, card i has colour i mod 6."""
    assert SHAPE_NAMES == ("I3", "L3", "I4", "O4", "T4", "L4", "S4", "U5", "X5")
    assert len(CARDS) == 27
    assert [colour for _, colour in CARDS] == [i % 6 for i in range(27)]
    assert [shape for shape, _ in CARDS] == [i // 3 for i in range(27)]
    assert sum(FULL_BAG) == 114 and FULL_BAG[:5] == (4, 4, 4, 4, 3)


# ---------------------------------------------------------------------------------------
# TU-05 Face-up and hidden goals


def test_tu05_face_up_goals_can_be_scored_by_anyone() -> None:
    """TU-05: both seats may score a face-up goal on their turn."""
    i3 = card("I3", R)
    board = {"e6": "R3", "f6": "R3", "g6": "R3"}
    assert scores(table(board, faceup=(i3,), current=1), 1) == [f"score {i3} e6"]
    assert scores(table(board, faceup=(i3,), current=0), 0) == [f"score {i3} e6"]


def test_tu05_hidden_goals_only_by_their_owner() -> None:
    """TU-05: seat 0's hidden card cannot be scored by seat 1."""
    i3 = card("I3", R)
    board = {"e6": "R3", "f6": "R3", "g6": "R3"}
    state = table(board, goals=((i3,), ()), current=1)
    assert scores(state, 1) == []
    illegal(state, 1, f"score {i3} e6", "TU-05")
    mine = table(board, goals=((i3,), ()), current=0)
    after = act(mine, 0, f"score {i3} e6")
    assert after.goals[0] == () and after.discard == (i3,) and after.scores[0] == 3


def test_tu05_a_scored_face_up_goal_is_replaced_at_once_from_the_deck() -> None:
    """TU-05: the slot is refilled by a deck draw before anything else; the card is
    discarded."""
    i3 = card("I3", R)
    state = table({"e6": "R3", "f6": "R3", "g6": "R3"}, faceup=(i3, 20))
    state = act(state, 0, f"score {i3} e6")
    assert GAME.actors(state) == (CHANCE,) and state.faceup == (-1, 20)
    assert state.discard == (i3,)
    state = chance(state, "deck 9")
    assert state.faceup == (9, 20) and GAME.actors(state) == (0,)
