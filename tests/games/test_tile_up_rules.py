"""Scenario tests for Tile Up, one or more per rule id (TU-01..TU-10).

Rulebook: ``shared/rulebooks/tile_up.es.txt``; rulings: ``shared/games/tile_up.md``; map of
rule -> code -> test: ``docs/rules/tile_up.md``. Boards are built by hand with ``table``
(cells written like ``"f6"``, stacks bottom to top); every action goes through
``runner.step``, which checks legality.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from fractions import Fraction

import pytest
from rules_map import check_rules_map

from ludoteca.engine import rng as rng_mod
from ludoteca.engine import runner, testing
from ludoteca.engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from ludoteca.engine.game import CHANCE
from ludoteca.games.tile_up import board as tile_up_board
from ludoteca.games.tile_up import game as tile_up
from ludoteca.games.tile_up import legal as tile_up_legal
from ludoteca.games.tile_up import model as tile_up_model
from ludoteca.games.tile_up import sampling as tile_up_sampling
from ludoteca.games.tile_up.board import all_regions
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    CARD_OF,
    CARDS,
    DISCARD,
    FULL_BAG,
    OVER,
    PLAY,
    SETUP,
    SHAPE_NAMES,
    BagDraw,
    DeckDraw,
    Place,
    Score,
    State,
    geo_of,
)

ORANGE, R, Y, G, B, PURPLE = range(6)

# ---------------------------------------------------------------------------------------
# Helpers


def code(name: str) -> int:
    """Tile code of ``"R4"``."""
    return tile_up_model.COLOURS.index(name[0]) * 5 + int(name[1]) - 1


def card(shape: str, colour: int) -> int:
    """The goal card with this shape and colour."""
    return CARD_OF[(SHAPE_NAMES.index(shape), colour)]


def cell(name: str) -> tuple[int, int]:
    """(row, col) of ``"f6"``."""
    return int(name[1:]) - 1, "abcdefghijklm".index(name[0])


def table(
    board: Mapping[str, str],
    *,
    hands: Iterable[Iterable[str]] = ((), ()),
    goals: Iterable[Iterable[int]] = ((), ()),
    faceup: Iterable[int] = (),
    current: int = 0,
    acted: int = tile_up_model.NONE,
    options: Mapping[str, object] | None = None,
    deck: Iterable[int] | None = None,
    discard: Iterable[int] = (),
) -> State:
    """A play state with the given board (``{"f6": "B4 R2"}``: a stack bottom to top),
    hands, hidden goals and face-up cards; the bag holds every other tile and the deck every
    other card (unordered) unless ``deck`` is given."""
    hand_codes = tuple(tuple(sorted(code(n) for n in h)) for h in hands)
    goal_ids = tuple(tuple(sorted(g)) for g in goals)
    num = len(hand_codes)
    state: State = runner.new_game(GAME, num, 0, options)
    geo = geo_of(state.rules)
    stacks: list[tuple[int, ...]] = [()] * len(state.stacks)
    bag = list(FULL_BAG)
    for name, text in board.items():
        stack = tuple(code(t) for t in text.split())
        stacks[geo.bit(*cell(name))] = stack
        for c in stack:
            bag[c] -= 1
    for hand in hand_codes:
        for c in hand:
            bag[c] -= 1
    assert min(bag) >= 0
    up = tuple(faceup) + (-1,) * (2 - len(tuple(faceup)))
    used = {c for g in goal_ids for c in g} | {c for c in up if c >= 0} | set(discard)
    colour_masks, number_masks, occupied = tile_up_model.board_masks(geo, stacks)
    return state._replace(
        stacks=tuple(stacks),
        colour_masks=colour_masks,
        number_masks=number_masks,
        occupied=occupied,
        frontier=geo.neighbours(occupied) & ~occupied,
        regions=all_regions(geo, colour_masks),
        bag=tuple(bag),
        hands=hand_codes,
        goals=goal_ids,
        known=((),) * num,
        faceup=up,
        deck=tuple(deck) if deck is not None else tuple(c for c in range(27) if c not in used),
        deck_ordered=deck is not None,
        discard=tuple(discard),
        pending=(),
        phase=PLAY,
        current=current,
        acted=acted,
        sums=(6,) * num,
    )


def act(state: State, seat: int, text: str) -> State:
    """Apply the action written as ``text`` for ``seat``, legality checked."""
    after: State = runner.step(GAME, state, seat, GAME.parse_action(text))
    return after


def chance(state: State, *texts: str) -> State:
    """Apply chance outcomes (``"bag R4"``, ``"deck 3"``), legality checked."""
    for text in texts:
        state = runner.step(GAME, state, CHANCE, GAME.parse_action(text))
    return state


def illegal(state: State, seat: int, text: str, rule: str) -> IllegalActionError:
    """The error for an illegal action: it names ``rule`` and leaves ``state`` as is."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        act(state, seat, text)
    assert state == before
    assert info.value.rule_id == rule, (info.value.rule_id, info.value.text("en"))
    for lang in ("es", "en"):
        assert info.value.text(lang) and "{" not in info.value.text(lang)
    return info.value


def legal(state: State, seat: int = 0) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def scores(state: State, seat: int = 0) -> list[str]:
    return [a for a in legal(state, seat) if a.startswith("score")]


CENTRE = {"f6": "R3"}

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


def _dealt(tiles0: str, tiles1: str, tiles2: str | None = None) -> State:
    players = 2 if tiles2 is None else 3
    state: State = runner.new_game(GAME, players, 0)
    state = chance(state, "bag R3", "bag O4", "bag Y5", "bag G3", "bag B4", "deck 0", "deck 1")
    for seat, tiles in enumerate([tiles0, tiles1, tiles2][:players]):
        assert tiles is not None
        state = chance(state, *(f"bag {t}" for t in tiles.split()), f"deck {seat + 2}")
    return state


def test_tu01_each_player_draws_3_tiles_and_1_goal_and_the_highest_sum_starts() -> None:
    """TU-01: two face-up goals, 3 tiles and 1 goal card each; seat 1's 12 beats 9."""
    state = _dealt("O1 O3 O5", "R4 R4 R4")
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
    state = _dealt("O5 O5 O5", "R5 R5 R5", "Y2 Y3 Y3")
    assert state.phase == SETUP and GAME.actors(state) == (CHANCE,)
    assert state.hands[0] == () and state.hands[1] == () and len(state.hands[2]) == 3
    assert state.bag[code("O5")] == 3 and state.bag[code("R5")] == 3
    assert state.pending == ((tile_up_model.K_TILE, 0),) * 3 + ((tile_up_model.K_TILE, 1),) * 3
    state = chance(state, "bag O1", "bag O1", "bag O1", "bag R2", "bag R2", "bag R2")
    assert state.phase == PLAY and state.current == 2
    assert list(state.sums) == [3, 6, 8]


def test_tu01_a_second_tie_redraws_again() -> None:
    """TU-01: repeat until one sum is highest."""
    state = _dealt("O5 O5 O5", "R5 R5 R5")
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


# ---------------------------------------------------------------------------------------
# TU-06 When goals are scored


def test_tu06_score_before_the_action_then_still_take_it() -> None:
    """TU-06: scoring first does not use up the turn's action."""
    i3 = card("I3", R)
    state = table({"e6": "R3", "f6": "R3", "g6": "R3"}, hands=(("B1",), ()), goals=((i3,), ()))
    state = act(state, 0, f"score {i3} e6")
    assert "draw tiles" in legal(state) and "place B1 e5" in legal(state)
    state = act(state, 0, "draw goal")
    state = chance(state, "deck 4")
    assert state.goals[0] == (4,)


def test_tu06_score_between_placements_and_after_the_action() -> None:
    """TU-06: place, score, place again, score again; tiles stay on the board."""
    i3, l3 = card("I3", R), card("L3", B)
    board = {"e6": "R3", "f6": "R3", "f7": "B4", "g7": "B4"}
    state = table(board, hands=(("R1", "B2"), ()), goals=((i3, l3), ()))
    state = act(state, 0, "place R1 g6")
    state = act(state, 0, f"score {i3} e6")
    assert GAME.view(state, None)["board"][5][6] == ["R1"]  # tiles stay
    state = act(state, 0, "place B2 g8")
    state = act(state, 0, f"score {l3} f7")
    assert state.scores[0] == 6 and state.scored[0] == 2
    state = act(state, 0, "end")
    assert state.current == 1


def test_tu06_score_after_drawing_tiles() -> None:
    """TU-06: a shape already on the board can be scored after a draw."""
    i3 = card("I3", R)
    state = table({"e6": "R3", "f6": "R3", "g6": "R3"}, goals=((i3,), ()))
    state = chance(act(state, 0, "draw tiles"), "bag G1", "bag G2", "bag G3")
    assert scores(state) == [f"score {i3} e6"]


def test_tu06_never_on_another_players_turn_nor_after_ending() -> None:
    """TU-06: scoring only on your own turn; not in the end-of-turn discards."""
    i3 = card("I3", R)
    board = {"e6": "R3", "f6": "R3", "g6": "R3"}
    state = table(board, faceup=(i3,), current=1)
    with pytest.raises(NotYourTurnError):
        act(state, 0, f"score {i3} e6")
    many = table(board, faceup=(i3,), hands=(tuple(["G1"] * 4 + ["Y1"] * 4), ()))
    many = act(many, 0, "place G1 f5")
    many = act(many, 0, "place G1 f4")
    many = act(many, 0, "end")
    assert many.current == 1  # 6 tiles: no discards, the turn passed
    start = table(board, faceup=(i3,), hands=(tuple(["G1"] * 4 + ["Y1"] * 4), ()))
    start = chance(act(start, 0, "draw goal"), "deck 26")
    start = act(start, 0, "end")
    assert start.phase == DISCARD
    illegal(start, 0, f"score {i3} e6", "TU-06")


def test_tu06_a_card_is_scored_at_most_once_a_turn() -> None:
    """TU-06 (bound): after a face-up card is scored, turned back into the deck and drawn
    face up again in the same turn, it cannot be scored again until the next turn."""
    i3 = card("I3", R)
    board = {"e6": "R3", "f6": "R3", "g6": "R3"}
    state = table(board, faceup=(i3, 20), deck=(), discard=())
    state = act(state, 0, f"score {i3} e6")
    # The deck was empty: the discard pile (just i3) is turned over and i3 comes back up.
    assert state.faceup == (i3, 20) and GAME.actors(state) == (0,)
    assert scores(state) == []
    illegal(state, 0, f"score {i3} e6", "TU-06")


def test_tu06_a_card_scored_last_turn_can_be_scored_again_this_turn() -> None:
    """TU-06: the once-a-turn bound lasts one turn only: the card that came back face up
    can be scored by the next player on the same region (tiles stay on the board)."""
    i3 = card("I3", R)
    board = {"e6": "R3", "f6": "R3", "g6": "R3"}
    state = table(board, hands=(("B1",), ()), faceup=(i3, 20), deck=(), discard=())
    state = act(state, 0, f"score {i3} e6")
    state = act(act(state, 0, "place B1 f7"), 0, "end")
    assert state.current == 1 and state.faceup == (i3, 20)
    assert scores(state, 1) == [f"score {i3} e6"]
    assert act(state, 1, f"score {i3} e6").scores == (3, 3)


# ---------------------------------------------------------------------------------------
# TU-07 End of turn limits


def test_tu07_over_seven_tiles_the_player_chooses_which_to_return() -> None:
    """TU-07: 6 tiles + 3 drawn = 9: two discards of the player's choice, back to the bag."""
    hand = ("G1", "G2", "G3", "Y1", "Y2", "Y3")
    state = table(CENTRE, hands=(hand, ()))
    state = chance(act(state, 0, "draw tiles"), "bag B5", "bag B5", "bag O1")
    before = state.bag[code("B5")]
    state = act(state, 0, "end")
    assert state.phase == DISCARD and GAME.actors(state) == (0,)
    assert legal(state) == [
        f"discard {t}" for t in ("O1", "Y1", "Y2", "Y3", "G1", "G2", "G3", "B5")
    ]
    illegal(state, 0, "place G1 f5", "TU-07")
    illegal(state, 0, "discard R5", "TU-07")
    state = act(state, 0, "discard B5")
    assert state.phase == DISCARD and state.bag[code("B5")] == before + 1
    state = act(state, 0, "discard B5")
    assert state.phase == PLAY and state.current == 1 and len(state.hands[0]) == 7


def test_tu07_over_three_goal_cards_one_goes_face_up_to_the_discard_pile() -> None:
    """TU-07: the chosen card is discarded face up; tiles are trimmed first."""
    state = table(CENTRE, goals=((1, 2, 3), ()))
    state = chance(act(state, 0, "draw goal"), "deck 9")
    state = act(state, 0, "end")
    assert legal(state) == ["discard goal 1", "discard goal 2", "discard goal 3", "discard goal 9"]
    state = act(state, 0, "discard goal 2")
    assert state.goals[0] == (1, 3, 9) and state.discard == (2,)
    assert GAME.view(state, 1)["discard"] == [2] and state.current == 1


def test_tu07_no_discards_within_the_limits_or_during_the_turn() -> None:
    """TU-07: exactly 7 tiles and 3 cards: the turn passes; discarding mid-turn is illegal."""
    state = table(CENTRE, hands=(("G1", "G2", "G3", "Y1", "Y2", "Y3", "B1", "B2"), ()))
    illegal(state, 0, "discard G1", "TU-07")
    state = act(state, 0, "place G1 f5")
    state = act(state, 0, "end")
    assert state.phase == PLAY and state.current == 1


# ---------------------------------------------------------------------------------------
# TU-08 Empty deck and bag


def test_tu08_the_discard_pile_is_turned_over_unshuffled() -> None:
    """TU-08: with the deck empty, the first card discarded is the first drawn, and the
    rest of the new deck keeps its (public) order."""
    state = table(CENTRE, deck=(), discard=(7, 3, 11))
    state = act(state, 0, "draw goal")
    assert GAME.actors(state) == (0,)  # no chance step: the order is known
    assert state.goals[0] == (7,) and state.deck == (3, 11) and state.deck_ordered
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["deck_order"] == [3, 11] and view["discard"] == []
    assert GAME.view(state, 1)["known_goals"][0] == [7]


def test_tu08_drawing_from_an_empty_bag_or_an_empty_deck_is_illegal() -> None:
    """TU-08: no tiles left in the bag, no cards in deck and discard: neither draw."""
    state = table(CENTRE, hands=(("B1",), ()), deck=(), discard=())
    state = state._replace(bag=(0,) * len(FULL_BAG))
    assert legal(state)[:1] != ["draw goal"] and "draw tiles" not in legal(state)
    illegal(state, 0, "draw tiles", "TU-08")
    illegal(state, 0, "draw goal", "TU-08")


def test_tu08_a_short_bag_gives_what_it_has() -> None:
    """TU-08 (decision): drawing with 1 or 2 tiles left draws those."""
    state = table(CENTRE)
    bag = [0] * len(FULL_BAG)
    bag[code("G2")] = 1
    state = chance(act(state._replace(bag=tuple(bag)), 0, "draw tiles"), "bag G2")
    assert GAME.actors(state) == (0,) and state.hands[0] == (code("G2"),)


# ---------------------------------------------------------------------------------------
# TU-09 End and winner


def _corners(missing: str | None) -> dict[str, str]:
    board = {"a1": "R3", "k1": "R3", "a11": "R3", "k11": "R3", "f6": "B3"}
    if missing:
        del board[missing]
    return board


def test_tu09_the_game_ends_at_the_end_of_the_turn_covering_the_fourth_corner() -> None:
    """TU-09: covering the fourth corner does not end the game at once: the player may
    still place and score; ending the turn ends the game."""
    state = table({**_corners("k11"), "k10": "G3"}, hands=(("Y1", "Y2"), ()))
    state = act(state, 0, "place Y1 k11")
    assert state.phase == PLAY and "place Y2 j11" in legal(state)
    state = act(state, 0, "end")
    assert state.phase == OVER and GAME.actors(state) == ()
    assert GAME.outcome(state) is not None


def test_tu09_three_corners_do_not_end_it() -> None:
    """TU-09: fewer than four corners: play goes on."""
    state = table({**_corners("k11"), "k10": "G3"}, hands=(("Y1", "Y2"), ("B1",)))
    state = act(act(state, 0, "place Y1 j10"), 0, "end")
    assert state.phase == PLAY and state.current == 1


def test_tu09_the_game_ends_when_no_tile_is_left_to_place_or_draw() -> None:
    """TU-09: the bag and every hand empty: no player can take a tile action; it ends."""
    state = table(CENTRE, hands=(("B1",), ()))
    state = state._replace(bag=(0,) * len(FULL_BAG))
    state = act(act(state, 0, "place B1 f5"), 0, "end")
    assert state.phase == OVER and tile_up_model.END_REASONS[state.end_reason] == "tiles"


def test_tu09_highest_score_wins_then_most_cards_then_shared() -> None:
    """TU-09: points first; equal points go to more goal cards scored; else shared."""
    over = table(CENTRE)._replace(phase=OVER, end_reason=1)
    result = GAME.outcome(over._replace(scores=(10, 12), scored=(3, 1)))
    assert result is not None and result.winners == (1,) and result.ranks == (2, 1)
    result = GAME.outcome(over._replace(scores=(12, 12), scored=(3, 1)))
    assert result is not None and result.winners == (0,) and result.ranks == (1, 2)
    result = GAME.outcome(over._replace(scores=(12, 12), scored=(2, 2)))
    assert result is not None and result.winners == (0, 1) and result.ranks == (1, 1)
    assert GAME.outcome(table(CENTRE)) is None


def test_tu09_random_games_end_well_within_max_steps() -> None:
    """TU-09: seeded random games end by the corners or the tiles running out, long before
    the turn bound."""
    for players in (2, 3, 4):
        for seed in range(5):
            match = testing.random_match(GAME, players, seed)
            assert match.outcome is not None
            assert match.state.turn < tile_up_model.MAX_TURNS
            assert match.steps < GAME.info.max_steps


# ---------------------------------------------------------------------------------------
# TU-10 Hidden information


def test_tu10_tiles_and_goals_behind_a_screen_are_seen_by_their_owner_only() -> None:
    """TU-10: own tiles and cards in the view; the others' only as counts."""
    state = table(CENTRE, hands=(("B1", "G2"), ("Y3",)), goals=((4,), (5, 6)))
    mine = GAME.view(state, 0)
    assert mine["tiles"] == ["G2", "B1"] and mine["goals"] == [4]
    assert mine["tile_counts"] == [2, 1] and mine["goal_counts"] == [1, 2]
    text = json.dumps(GAME.view(state, 1))
    assert '"B1"' not in text and "G2" not in text
    spectator = GAME.view(state, None)
    assert "tiles" not in spectator and "goals" not in spectator


def test_tu10_the_bag_and_an_unknown_deck_are_sizes_only() -> None:
    """TU-10: nobody sees the bag or the deck; drawing from them is chance's alone."""
    state = table(CENTRE)
    view = GAME.view(state, 0)
    assert view["bag_size"] == sum(state.bag) and view["deck_order"] is None
    assert view["deck_size"] == len(state.deck)
    illegal(state, 0, "bag R1", "TU-10")
    illegal(state, 0, "deck 3", "TU-10")


def test_tu10_resampling_keeps_the_view_and_the_announced_start_sums() -> None:
    """TU-10: ``sample_state`` redraws hidden hands consistently: same view, and a hand
    still equal to the one whose sum was announced keeps that sum."""
    state = _dealt("O1 O3 O5", "R4 R4 R4")
    sampler = rng_mod.make(3)
    view = GAME.view(state, 1)
    changed = False
    for _ in range(20):
        again = GAME.sample_state(json.loads(json.dumps(view)), 1, sampler)
        assert GAME.view(again, 1) == view
        assert sum(c % 5 + 1 for c in again.hands[0]) == 9
        changed = changed or again.hands[0] != state.hands[0]
    assert changed


def test_tu10_a_hand_changed_since_the_announcement_is_no_longer_bound_by_its_sum() -> None:
    """TU-10: the announced start sum only says something about the hand it was announced
    for; once the player draws, places or returns tiles, resampled hands may have any sum."""
    for first in ("draw tiles", "place O1 e5"):
        state = _dealt("O1 O3 O5", "R4 R4 R4")
        assert GAME.view(state, 1)["fresh"] == [True, True]
        state = state._replace(current=0)
        state = act(state, 0, first)
        if GAME.actors(state) == (CHANCE,):
            state = chance(state, "bag G1", "bag G1", "bag G1")
        state = act(state, 0, "end")
        view = GAME.view(state, 1)
        assert view["fresh"] == [False, True] and view["start_sums"] == [9, 12]
        sampler = rng_mod.make(5)
        sums = {
            sum(c % 5 + 1 for c in GAME.sample_state(view, 1, sampler).hands[0]) for _ in range(30)
        }
        assert len(sums) > 1, (first, sums)


def test_tu10_the_public_log_names_placed_tiles_and_scores_but_not_returned_tiles() -> None:
    """TU-10 (views): the log every seat sees lists placements, scores with their points
    and draws; a tile returned to the bag (TU-07) is logged without its name."""
    i3 = card("I3", R)
    hand = ("R1", "G1", "G2", "Y1", "Y2", "Y3", "B1", "B2", "B3")
    state = table({"e6": "R3", "f6": "R3"}, hands=(hand, ()), faceup=(i3,))
    state = act(state, 0, "place R1 g6")
    state = chance(act(state, 0, f"score {i3} e6"), "deck 9")
    state = act(act(state, 0, "end"), 0, "discard G2")
    assert state.current == 1
    for seat in (0, 1, None):
        assert GAME.view(state, seat)["log"] == [
            [0, "place R1 g6", 0],
            [0, f"score {i3} e6", 3],
            [0, "discard tile", 0],
        ]
    again = GAME.sample_state(GAME.view(state, 1), 1, rng_mod.make(2))
    assert again.log == state.log


def test_tu10_cards_drawn_from_a_known_deck_stay_known_when_resampling() -> None:
    """TU-10: a card everyone saw drawn from the turned-over deck is not redrawn."""
    state = act(table(CENTRE, deck=(), discard=(7, 3)), 0, "draw goal")
    state = act(state, 0, "end")
    view = GAME.view(state, 1)
    again = GAME.sample_state(view, 1, rng_mod.make(1))
    assert again.goals[0] == (7,) and again.deck == (3,) and again.deck_ordered


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
        globals(),
        {
            "tile_up_model": tile_up_model,
            "tile_up_legal": tile_up_legal,
            "tile_up_board": tile_up_board,
            "tile_up_sampling": tile_up_sampling,
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
