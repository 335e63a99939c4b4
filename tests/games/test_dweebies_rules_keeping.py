"""Dweebies rules DW-07..DW-11 (keeping together, the empty table, the draw, the end, hidden
information), action text and the rules map in ``docs/rules/dweebies.md``."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import test_dweebies_rules_placing
import test_playouts
from dweebies_table import (
    act,
    cells_of,
    draw,
    illegal,
    legal_texts,
    picture,
    position,
    table_of,
    turn,
)
from rules_map import check_rules_map

from ludoteca.engine import rng as rng_mod
from ludoteca.engine import testing
from ludoteca.engine.errors import (
    InvalidActionError,
    NotYourTurnError,
)
from ludoteca.engine.game import CHANCE
from ludoteca.games.dweebies import actions, cards, layout, playout
from ludoteca.games.dweebies import game as dweebies
from ludoteca.games.dweebies.actions import (
    COLLECT_BOTH,
    COLLECT_COLUMN,
    COLLECT_NONE,
    COLLECT_ROW,
    Collect,
    Draw,
    Place,
)
from ludoteca.games.dweebies.game import GAME, Phase, State

# ---------------------------------------------------------------------------------------
# DW-07 Keep together

SPLIT = """
    01 .  .  .
    02 05 06 .
    .  .  10 .
    """
"""Taking row y=1 (with a D02 placed at (3, 1)) leaves (0, 0) and (2, 2): two groups."""


def split_state() -> State:
    state = position(SPLIT, [[2, 1, 1, 4], [5, 1]])
    state = act(state, 0, "place D02 3 1")
    return draw(act(state, 0, "collect row"))


def test_dw07_a_collection_that_splits_the_layout_restricts_placements_to_the_link() -> None:
    """DW-07: two groups (0,0) and (2,2): only the ends of the shortest paths of empty
    cells joining them are legal; other cells next to a card are not."""
    state = split_state()
    assert table_of(state) == {(0, 0): 1, (2, 2): 10}
    assert len(state.groups) == 2
    assert cells_of(state) == {(1, 0), (0, 1), (2, 1), (1, 2)}
    error = illegal(state, 1, "place D05 -1 0")
    assert error.rule_id == "DW-07"
    assert "1 column right from the first card" in error.text("en")
    assert "1 columna a la derecha de la primera carta" in error.text("es")
    assert "(1, 0)" not in error.text("en")  # people read places as the table shows them
    assert illegal(state, 1, "place D05 3 2").rule_id == "DW-07"
    assert illegal(state, 1, "place D05 1 1").rule_id == "DW-03"  # on the link, not adjacent


def test_dw07_nobody_collects_until_the_layout_is_whole_and_the_rejoining_card_may() -> None:
    """DW-07: a matching line made while split is not collectable; the placement that
    rejoins the groups may collect (and that collection may split the layout again)."""
    state = split_state()
    state = turn(state, 1, "place D05 2 1")  # seat 1 grows the (2, 2) group toward (0, 0)
    assert cells_of(state) == {(1, 0), (2, 0), (0, 1), (1, 1)}
    state = act(state, 0, "place D01 1 0")  # 01 01 in a row: would match, but still split
    assert state.phase == Phase.DRAW and len(state.groups) == 2
    state = draw(state)
    assert cells_of(state) == {(1, 1), (2, 0)}
    state = act(state, 1, "place D01 1 1")  # touches (1, 0) and (2, 1): whole again
    assert state.groups == ()
    assert legal_texts(state, 1) == ["collect column", "collect none"]
    state = act(state, 1, "collect column")  # takes (1, 0) and (1, 1)
    assert state.scores == (4, 2)
    assert table_of(state) == {(0, 0): 1, (2, 1): 5, (2, 2): 10}
    assert len(state.groups) == 2


def test_dw07_with_three_groups_the_closest_pair_is_joined_first() -> None:
    """DW-07: groups at (0,0), (2,0) and (5,2): only the link of the closest pair (1, 0)
    is legal, not the cells toward the farther group."""
    state = position(
        """
        08 .  09 .  .  .  .
        02 05 06 07 04 03 .
        .  .  .  .  .  10 .
        """,
        [[2, 1], [12]],
    )
    state = act(state, 0, "place D02 6 1")
    state = draw(act(state, 0, "collect row"))
    assert len(state.groups) == 3
    assert cells_of(state) == {(1, 0)}
    assert illegal(state, 1, "place D12 3 0").rule_id == "DW-07"
    state = turn(state, 1, "place D12 1 0")
    assert len(state.groups) == 2
    assert cells_of(state) == {(3, 0), (2, 1), (4, 2), (5, 1)}


def test_dw07_equally_close_pairs_are_all_on_offer() -> None:
    """DW-07: four single cards pairwise 2 apart: every closest pair's link is legal."""
    groups = layout.groups_of(
        picture(
            """
            .  08 .  09
            .  .  .  .
            .  10 .  11
            """
        )
    )
    assert len(groups) == 4
    distance, pairs = layout.closest_pairs(groups)
    assert distance == 2 and len(pairs) == 4
    assert {layout.xy(c) for c in layout.link_cells(groups)} == {(2, 0), (1, 1), (3, 1), (2, 2)}


def test_dw07_link_cells_are_the_cells_of_the_shortest_paths() -> None:
    """DW-07: a straight gap, a diagonal neighbour and a rectangle."""
    c = layout.cell

    def link(text: str) -> set[tuple[int, int]]:
        return {layout.xy(x) for x in layout.link_cells(layout.groups_of(picture(text)))}

    assert link("01 .  .  02") == {(1, 0), (2, 0)}
    assert link("01 .\n.  02") == {(1, 0), (0, 1)}
    assert link("01 .  .\n.  .  02") == {(1, 0), (2, 0), (0, 1), (1, 1)}
    assert layout.link_cells(layout.groups_of({c(0, 0): 1, c(1, 0): 2})) == frozenset()


def _bfs_link(cells: dict[int, int], groups: layout.Groups) -> frozenset[int]:
    """Reference DW-07 by the ruling's words: breadth-first search over empty cells for the
    shortest paths joining each pair of groups; the cells on any path of the least length
    over all pairs."""
    xs = [c >> 8 for c in cells]
    ys = [c & 0xFF for c in cells]
    box = {
        x * layout.STRIDE + y
        for x in range(min(xs) - 2, max(xs) + 3)
        for y in range(min(ys) - 2, max(ys) + 3)
    }

    def distances(group: frozenset[int]) -> dict[int, int]:
        start = {n for g in group for n in (g + s for s in layout.STEPS) if n not in cells}
        dist = dict.fromkeys(start, 1)
        todo = sorted(start)
        while todo:
            nxt = []
            for here in todo:
                for s in layout.STEPS:
                    near = here + s
                    if near in box and near not in cells and near not in dist:
                        dist[near] = dist[here] + 1
                        nxt.append(near)
            todo = nxt
        return dist

    dists = [distances(g) for g in groups]
    best = 1 << 30
    found: set[int] = set()
    for i in range(len(groups)):
        for j in range(i + 1, len(groups)):
            near_j = {n for g in groups[j] for n in (g + s for s in layout.STEPS)}
            ends = [d for c, d in dists[i].items() if c in near_j]
            if not ends:
                continue
            length = min(ends)
            on_path = {
                c for c in dists[i] if c in dists[j] and dists[i][c] + dists[j][c] == length + 1
            }
            if length < best:
                best, found = length, on_path
            elif length == best:
                found |= on_path
    return frozenset(found)


def test_dw07_link_cells_agree_with_a_breadth_first_search_on_random_layouts() -> None:
    """DW-07: the closed form (rectangles of the closest pairs of cards) equals a search of
    the shortest paths of empty cells, on 400 random split layouts of 2 to 5 groups."""
    rng = rng_mod.make(5)
    checked = 0
    while checked < 400:
        cells = {}
        for _ in range(3 + rng_mod.below(rng, 8)):
            x, y = rng_mod.below(rng, 7), rng_mod.below(rng, 7)
            cells[layout.cell(x, y)] = 1
        groups = layout.groups_of(cells)
        if len(groups) < 2:
            continue
        checked += 1
        assert layout.link_cells(groups) == _bfs_link(cells, groups), sorted(
            layout.xy(c) for c in cells
        )


def test_dw07_split_and_merge_track_the_groups_incrementally() -> None:
    """DW-07: ``split_after_remove`` and ``merge_on_place`` give the groups a full search
    would."""
    cells = picture(
        """
        01 .  02
        03 04 05
        .  06 .
        """
    )
    row = [layout.cell(x, 1) for x in range(3)]
    for gone in row:
        del cells[gone]
    groups = layout.split_after_remove(cells, row)
    assert groups == layout.groups_of(cells) and len(groups) == 3
    cells[layout.cell(1, 0)] = 7
    merged = layout.merge_on_place(groups, layout.cell(1, 0))
    assert merged == layout.groups_of(cells) and len(merged) == 2
    whole = picture("01 02 03\n04 .  05\n06 07 08")
    top = [layout.cell(x, 0) for x in range(3)]
    for gone in top:
        del whole[gone]
    assert layout.split_after_remove(whole, top) == ()  # still one group round the hole


def test_dw07_incremental_frontier_groups_and_cells_match_a_full_rescan() -> None:
    """DW-07, DW-03: in 60 random games, the frontier, groups and legal cells kept
    incrementally equal those recomputed from the table, and at least one game splits."""
    splits = 0
    for visit in testing.visits(GAME, 3, range(60)):
        state = visit.state
        cells = state.table.cells
        assert state.frontier == layout.frontier_of(cells)
        assert state.groups == layout.groups_of(cells)
        assert state.cells == layout.legal_cells(cells, state.frontier, state.groups)
        splits += bool(state.groups)
    assert splits > 0


# ---------------------------------------------------------------------------------------
# DW-08 Empty table


def test_dw08_after_taking_the_whole_table_the_next_card_goes_to_the_centre() -> None:
    """DW-08: a collection that empties the table leaves only (0, 0)."""
    state = position("01 02", [[1], [7, 9]], origin=(3, 3))
    state = draw(act(act(state, 0, "place D01 5 3"), 0, "collect row"))
    assert len(state.table) == 0 and cells_of(state) == {(0, 0)}
    assert illegal(state, 1, "place D07 5 3").rule_id == "DW-08"
    state = act(state, 1, "place D07 0 0")
    assert table_of(state) == {(0, 0): 7}


# ---------------------------------------------------------------------------------------
# DW-09 Draw


def test_dw09_the_player_draws_at_the_end_of_the_turn_while_the_pile_lasts() -> None:
    """DW-09: one chance draw to the seat that played, then the turn passes; with an empty
    pile there is no draw and the hand shrinks."""
    state = position("01", [[2, 3], [4, 5]], pile=(6, 7))
    state = act(state, 0, "place D02 1 0")
    assert GAME.actors(state) == (CHANCE,)
    assert dict(GAME.chance_outcomes(state)) == {Draw(6): Fraction(1, 2), Draw(7): Fraction(1, 2)}
    state = draw(state, 7)
    assert state.hands[0] == (3, 7) and state.pile == (6,)
    state = draw(act(state, 1, "place D04 2 0"), 6)
    assert state.pile == () and state.hands[1] == (5, 6)
    state = act(state, 0, "place D03 3 0")
    assert GAME.actors(state) == (1,) and state.hands[0] == (7,)


def test_dw09_seats_never_draw_themselves() -> None:
    """DW-09: only chance draws."""
    state = position("01", [[2], [4]])
    assert illegal(state, 0, "draw D05").rule_id == "DW-09"


# ---------------------------------------------------------------------------------------
# DW-10 End


def test_dw10_hands_are_played_out_skipping_empty_ones_then_most_cards_wins() -> None:
    """DW-10: with the pile empty, seats with cards keep playing, empty hands are skipped,
    the game ends when every hand is empty; most collected wins; the table scores nobody."""
    state = position("01", [[2, 3], [], [4]], pile=(), scores=(3, 5, 1))
    state = act(state, 0, "place D02 1 0")
    assert GAME.actors(state) == (2,)  # seat 1 has no cards
    state = act(state, 2, "place D04 2 0")
    assert GAME.actors(state) == (0,)
    assert GAME.outcome(state) is None
    state = act(state, 0, "place D03 3 0")
    assert GAME.actors(state) == () and state.phase == Phase.OVER
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (1,) and outcome.scores == (3.0, 5.0, 1.0)
    assert outcome.ranks == (2, 1, 3)
    assert len(state.table) == 4  # left on the table, counted for nobody
    with pytest.raises(NotYourTurnError) as info:
        act(state, 0, "place D03 4 0")
    assert info.value.rule_id == "DW-10"


def test_dw10_equal_counts_share_the_win() -> None:
    """DW-10: a tie for the most cards is a shared win."""
    state = position("01", [[2], []], pile=(), scores=(4, 4))
    state = act(state, 0, "place D02 1 0")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)


# ---------------------------------------------------------------------------------------
# DW-11 Hidden information


def test_dw11_a_seat_sees_its_own_hand_and_only_counts_of_the_rest() -> None:
    """DW-11: own hand; hand sizes, score pile sizes, the table and the pile size are
    public; no other hand and no pile contents."""
    state = position("01 02", [[3, 4], [5, 6, 7]], scores=(2, 0))
    view = GAME.view(state, 0)
    assert view["hand"] == ["D03", "D04"]
    assert view["hand_counts"] == [2, 3] and view["scores"] == [2, 0]
    assert view["table"] == [[0, 0, "D01"], [1, 0, "D02"]]
    assert view["pile_size"] == len(state.pile)
    text = json.dumps(view)
    assert "D05" not in text and "D06" not in text and "D07" not in text
    assert "hand" not in GAME.view(state, None)
    assert GAME.view(state, 1)["hand"] == ["D05", "D06", "D07"]


def test_dw11_resampling_hidden_zones_keeps_the_view_and_the_legal_actions() -> None:
    """DW-11: ``sample_state`` redraws the other hands and the pile; the seat's view and
    legal actions stay the same, the hidden hands change."""
    state = split_state()
    view = GAME.view(state, 1)
    rng = rng_mod.make(3)
    changed = False
    for _ in range(5):
        other = GAME.sample_state(json.loads(json.dumps(view)), 1, rng)
        assert GAME.view(other, 1) == view
        assert list(GAME.legal_actions(other, 1)) == list(GAME.legal_actions(state, 1))
        changed = changed or other.hands[0] != state.hands[0]
    assert changed


def test_dw11_collected_cards_are_public_and_never_resampled_into_hands() -> None:
    """DW-11: the cards a player takes were face up on the table for everyone to see, so
    every view lists them (as a player with a memory knows them), and ``sample_state``
    never puts a collected card back into a hidden hand or the pile."""
    state = position(
        """
        01 05
        .  08
        """,
        [[1, 9], [1, 1, 7]],
    )
    state = draw(act(act(state, 0, "place D01 2 0"), 0, "collect row"), 9)
    view = GAME.view(state, 1)
    assert view["collected"] == ["D01", "D01", "D05"]
    assert GAME.view(state, None)["collected"] == view["collected"]
    # Seat 1 holds D01 x2; two more were collected: the fourth and last D01 is nowhere
    # hidden from seat 1 (it sees no D01 on the table), so no sample gives seat 0 a D01.
    rng = rng_mod.make(11)
    for _ in range(30):
        other = GAME.sample_state(json.loads(json.dumps(view)), 1, rng)
        assert GAME.view(other, 1) == view
        assert 1 not in other.hands[0] and 1 not in other.pile
        assert other.hands[0].count(5) + other.pile.count(5) == 2  # 3 copies, 1 collected


# ---------------------------------------------------------------------------------------
# Action text


def test_parse_action_reads_the_text_forms_and_spanish() -> None:
    assert GAME.parse_action("place D07 -1 2") == Place(7, -1, 2)
    assert GAME.parse_action("colocar d7 -1,2") == Place(7, -1, 2)
    assert GAME.parse_action("poner 7 0 0") == Place(7, 0, 0)
    assert GAME.parse_action("collect row") == COLLECT_ROW
    assert GAME.parse_action("recoger columna") == COLLECT_COLUMN
    assert GAME.parse_action("recoger ambas") == COLLECT_BOTH
    assert GAME.parse_action("pass") == COLLECT_NONE == GAME.parse_action("pasar")
    assert GAME.parse_action("robar D27") == Draw(27)
    assert GAME.parse_action("place D01 500 0") == Place(1, 500, 0)


@pytest.mark.parametrize(
    "text",
    ["", "place", "place D28 0 0", "place D00 0 0", "place D01 0", "place D01 a 0",
     "place D01 ² 0", "collect", "collect diagonal", "pass now", "draw", "draw X1", "jump"],
)  # fmt: skip
def test_parse_action_refuses_malformed_text(text: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        GAME.parse_action(text)
    for lang in ("es", "en"):
        assert info.value.text(lang) and "{" not in info.value.text(lang)


def test_a_far_cell_reads_as_an_action_and_is_refused_by_dw03() -> None:
    state = position("01", [[2], [3]])
    assert illegal(state, 0, "place D02 500 0").rule_id == "DW-03"


def test_str_and_parse_action_round_trip() -> None:
    for action in (Place(3, -4, 5), Collect("both"), COLLECT_NONE, Draw(12)):
        assert GAME.parse_action(str(action)) == action


def test_describe_in_both_languages() -> None:
    # Cards by the Dweebie's name as the table shows it, never its code (issue 38).
    assert GAME.describe(Place(7, 1, 0), "en") == (
        "places Pirate 1 column right from the first card"
    )
    assert GAME.describe(Place(7, 1, 0), "es") == (
        "coloca Pirata 1 columna a la derecha de la primera carta"
    )
    assert GAME.describe(Place(7, -2, -3), "en") == (
        "places Pirate 2 columns left and 3 rows up from the first card"
    )
    assert GAME.describe(Place(7, 0, 0), "es") == "coloca Pirata en el sitio de la primera carta"
    assert GAME.describe(COLLECT_BOTH, "es") == "recoge la fila y la columna"
    assert GAME.describe(Draw(1), "en") == "draws Super-hero"


def test_rules_text_lists_dw01_to_dw11_in_both_languages() -> None:
    for lang in ("es", "en"):
        rules = GAME.rules_text(lang)
        assert [rule_id for rule_id, _ in rules] == [f"DW-{n:02d}" for n in range(1, 12)]
        assert all(text for _, text in rules)


# ---------------------------------------------------------------------------------------
# docs/rules/dweebies.md stays in sync with the code and these tests


def test_rules_map_names_real_functions_and_tests() -> None:
    """Every rule id has one row; every code name exists; every test named exists here;
    every rule test here is listed."""
    check_rules_map(
        "dweebies",
        "DW",
        11,
        dweebies,
        {**vars(test_dweebies_rules_placing), **vars(test_playouts), **globals()},
        {"layout": layout, "cards": cards, "actions": actions, "playout": playout},
        fast_path="playout",
    )
