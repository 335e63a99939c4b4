"""Dweebies rules DW-01..DW-06: setup, turn order, placement, lines, collecting and both lines
(helpers in ``dweebies_table``)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dweebies_table import (
    act,
    cells_of,
    draw,
    illegal,
    legal_texts,
    new,
    picture,
    position,
    table_of,
    turn,
)

from ludoteca.engine.errors import (
    GameSetupError,
    NotYourTurnError,
)
from ludoteca.engine.game import CHANCE
from ludoteca.games.dweebies import cards, layout
from ludoteca.games.dweebies.actions import COLLECT_BOTH, Draw
from ludoteca.games.dweebies.cards import DECK
from ludoteca.games.dweebies.game import GAME, Phase

# ---------------------------------------------------------------------------------------
# DW-01 Setup


def test_dw01_deck_has_54_cards_of_27_dweebies_with_the_ruled_copy_counts() -> None:
    """DW-01: 27 Dweebies D01..D27 (3 kinds x4, 4 x3, 10 x2, 10 x1 = 54), each named in
    Spanish and English."""
    assert len(cards.KINDS) == 27
    assert cards.CODES[1:] == tuple(f"D{n:02d}" for n in range(1, 28))
    copies = DECK[1:]
    assert sum(copies) == 54 == cards.DECK_SIZE
    assert sorted(copies, reverse=True) == [4] * 3 + [3] * 4 + [2] * 10 + [1] * 10
    for lang in ("es", "en"):
        names = [cards.name(card, lang) for card in range(1, 28)]
        assert all(names) and len(set(names)) == 27


def test_dw01_five_cards_each_are_dealt_round_the_table_from_the_first_player() -> None:
    """DW-01: the deal is 5 chance draws per seat, one at a time round the table from the
    first player; then the first player places."""
    state = new(3, first_player=1)
    assert state.phase == Phase.DEAL and len(state.pile) == 54
    assert dict(GAME.chance_outcomes(state))[Draw(1)] == Fraction(4, 54)
    order = []
    for _ in range(15):
        order.append(state.turn)
        state = draw(state)
    assert order == [1, 2, 0] * 5
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert len(state.pile) == 54 - 15
    assert state.phase == Phase.PLACE and GAME.actors(state) == (1,)


def test_dw01_first_player_option_defaults_to_seat_0_and_must_be_a_seat() -> None:
    """DW-01: the table picks the first player (default seat 0); a seat outside the game is
    refused."""
    state = new(2)
    for _ in range(10):
        state = draw(state)
    assert GAME.actors(state) == (0,)
    with pytest.raises(GameSetupError):
        new(2, first_player=3)


def test_dw01_play_passes_to_the_left() -> None:
    """DW-01: after seat 2's turn comes seat 0 (seat + 1, wrapping round)."""
    state = position("01", [[2], [3], [4]], turn=2)
    state = turn(state, 2, "place D04 1 0")
    assert GAME.actors(state) == (0,)
    state = turn(state, 0, "place D02 2 0")
    assert GAME.actors(state) == (1,)


# ---------------------------------------------------------------------------------------
# DW-02 Turn order


def test_dw02_a_turn_is_place_then_collect_then_draw() -> None:
    """DW-02: place, then the collect decision, then chance draws for the same seat, then
    the next seat."""
    state = position("01 05", [[1, 6], [7]])
    state = act(state, 0, "place D01 2 0")
    assert state.phase == Phase.COLLECT and GAME.actors(state) == (0,)
    state = act(state, 0, "collect row")
    assert state.phase == Phase.DRAW and GAME.actors(state) == (CHANCE,)
    state = draw(state, 9)
    assert 9 in state.hands[0] and GAME.actors(state) == (1,)


def test_dw02_no_collecting_before_placing_nor_placing_while_deciding() -> None:
    """DW-02: collecting comes after the placement; the collect decision comes before any
    other placement; another seat may not act."""
    state = position("01 05", [[1, 6], [7]])
    assert illegal(state, 0, "collect row").rule_id == "DW-02"
    with pytest.raises(NotYourTurnError) as info:
        act(state, 1, "place D07 -1 0")
    assert info.value.rule_id == "DW-02"
    state = act(state, 0, "place D01 2 0")
    assert illegal(state, 0, "place D06 3 0").rule_id == "DW-02"


# ---------------------------------------------------------------------------------------
# DW-03 Placement


def test_dw03_the_first_card_goes_to_the_centre() -> None:
    """DW-03: on an empty table the only cell is (0, 0)."""
    state = position("", [[1, 2], [3]])
    assert legal_texts(state, 0) == ["place D01 0 0", "place D02 0 0"]
    assert illegal(state, 0, "place D01 1 0").rule_id == "DW-03"
    state = act(state, 0, "place D01 0 0")
    assert table_of(state) == {(0, 0): 1}


def test_dw03_only_empty_cells_orthogonally_next_to_a_card() -> None:
    """DW-03: the legal cells are the empty orthogonal neighbours of the cards; diagonal,
    far or occupied cells are not; nor a card not held."""
    state = position(
        """
        01 02
        .  03
        """,
        [[4, 4], [5]],
    )
    assert cells_of(state) == {(-1, 0), (0, -1), (1, -1), (2, 0), (2, 1), (1, 2), (0, 1)}
    assert legal_texts(state, 0)[:2] == ["place D04 -1 0", "place D04 0 -1"]
    assert len(GAME.legal_actions(state, 0)) == 7  # one distinct card x 7 cells
    for text in ("place D04 -1 -1", "place D04 3 0", "place D04 0 0", "place D04 2 2"):
        assert illegal(state, 0, text).rule_id == "DW-03", text
    assert illegal(state, 0, "place D05 2 0").rule_id == "DW-03"


# ---------------------------------------------------------------------------------------
# DW-04 Lines


def test_dw04_a_line_is_a_maximal_unbroken_run_in_a_row_or_column() -> None:
    """DW-04: the run through a card stops at the first empty cell each way."""
    cells = picture(
        """
        01 02 03 .  04
        .  05 .  .  06
        .  07 .  .  .
        """
    )
    c = layout.cell
    assert layout.line_through(cells, c(1, 0), layout.ROW) == (c(0, 0), c(1, 0), c(2, 0))
    assert layout.line_through(cells, c(1, 0), layout.COLUMN) == (c(1, 0), c(1, 1), c(1, 2))
    assert layout.line_through(cells, c(4, 0), layout.ROW) == (c(4, 0),)


def test_dw04_a_gap_breaks_the_line() -> None:
    """DW-04: a matching card beyond a gap is not the end of the placed card's line."""
    state = position(
        """
        01 02 .  03
        .  04 05 06
        """,
        [[1], [7]],
    )
    state = act(state, 0, "place D01 4 0")
    assert state.phase == Phase.DRAW  # the row is 03 01 only: nothing to collect
    assert len(state.table) == 7


# ---------------------------------------------------------------------------------------
# DW-05 Collect


def test_dw05_placing_at_the_end_of_a_row_whose_other_end_matches_takes_the_row() -> None:
    """DW-05: the whole row (ends and middle) goes to the player's score pile."""
    state = position(
        """
        01 05 06
        .  .  08
        """,
        [[1, 9], [7]],
    )
    state = act(state, 0, "place D01 3 0")
    assert legal_texts(state, 0) == ["collect row", "collect none"]
    assert [layout.xy(c) for c in state.row] == [(0, 0), (1, 0), (2, 0), (3, 0)]
    state = act(state, 0, "collect row")
    assert table_of(state) == {(2, 1): 8}
    assert state.scores == (4, 0)


def test_dw05_a_column_and_the_far_end_match_from_either_side() -> None:
    """DW-05: columns count like rows, and the placed card may be at either end."""
    state = position(
        """
        05
        06
        02
        """,
        [[2], [7]],
    )
    state = act(state, 0, "place D02 0 -1")
    assert legal_texts(state, 0) == ["collect column", "collect none"]
    state = act(state, 0, "collect column")
    assert state.scores == (4, 0) and len(state.table) == 0


def test_dw05_two_adjacent_equal_cards_form_a_collectable_line() -> None:
    """DW-05: a line of two equal cards is collectable."""
    state = position(
        """
        03 .
        04 .
        """,
        [[3], [7]],
    )
    state = act(state, 0, "place D03 1 0")
    assert [layout.xy(c) for c in state.row] == [(0, 0), (1, 0)]
    state = act(state, 0, "collect row")
    assert table_of(state) == {(0, 1): 4} and state.scores == (2, 0)


def test_dw05_a_match_with_a_middle_card_does_not_count() -> None:
    """DW-05 (rulebook negative case): the matching Dweebie must be at the far END."""
    state = position("02 01 03", [[1], [7]])
    state = act(state, 0, "place D01 3 0")
    assert state.phase == Phase.DRAW and state.scores == (0, 0)
    assert layout.collectable(state.table.cells, layout.cell(3, 0), layout.ROW) == ()


def test_dw05_the_placed_card_must_be_at_an_end_not_in_the_middle() -> None:
    """DW-05: a card filling a gap sits in the middle of its line; even if the two ends
    then match each other, nothing is collected."""
    state = position(
        """
        01 02 .  03 01
        .  04 05 06 .
        """,
        [[1], [7]],
    )
    assert state.groups == ()
    state = act(state, 0, "place D01 2 0")
    assert state.phase == Phase.DRAW and len(state.table) == 8


def test_dw05_a_diagonal_match_does_not_count() -> None:
    """DW-05 (rulebook negative case): no diagonal lines."""
    state = position(
        """
        01 .
        02 .
        """,
        [[1], [7]],
    )
    state = act(state, 0, "place D01 1 1")
    assert state.phase == Phase.DRAW and state.scores == (0, 0)


def test_dw05_collecting_is_optional() -> None:
    """DW-05: the player *may* take the line: 'collect none' keeps it on the table, and a
    line that does not qualify cannot be asked for."""
    state = position("01 05", [[1], [7]])
    state = act(state, 0, "place D01 2 0")
    assert illegal(state, 0, "collect column").rule_id == "DW-05"
    state = act(state, 0, "collect none")
    assert len(state.table) == 3 and state.scores == (0, 0)


# ---------------------------------------------------------------------------------------
# DW-06 Both lines


BOTH = """
    03 .  .
    06 08 .
    .  07 03
    """


def test_dw06_a_card_ending_its_row_and_its_column_may_take_both_counted_once() -> None:
    """DW-06: both lines are on offer; taking both counts the placed card once."""
    state = position(BOTH, [[3], [9]])
    state = act(state, 0, "place D03 0 2")
    assert legal_texts(state, 0) == [
        "collect row",
        "collect column",
        "collect both",
        "collect none",
    ]
    state = act(state, 0, "collect both")
    assert table_of(state) == {(1, 1): 8}
    assert state.scores == (5, 0)  # 3 in the column + 3 in the row - the shared card


def test_dw06_one_of_the_two_lines_may_be_taken_alone() -> None:
    """DW-06: the player may also take just one of the two lines."""
    state = act(position(BOTH, [[3], [9]]), 0, "place D03 0 2")
    after = act(state, 0, "collect column")
    assert after.scores == (3, 0)
    assert table_of(after) == {(1, 1): 8, (1, 2): 7, (2, 2): 3}


def test_dw06_both_is_not_offered_when_only_one_line_qualifies() -> None:
    """DW-06: 'collect both' needs two qualifying lines."""
    state = act(position("01 05", [[1], [7]]), 0, "place D01 2 0")
    assert COLLECT_BOTH not in GAME.legal_actions(state, 0)
    assert illegal(state, 0, "collect both").rule_id == "DW-06"
