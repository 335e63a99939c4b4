"""Tile Up rules TU-06..TU-10: when goals are scored, end-of-turn limits, the empty deck and bag,
the end and the winner, hidden information."""

from __future__ import annotations

import json

import pytest
from tile_up_table import (
    CENTRE,
    B,
    R,
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

from ludoteca.engine import rng as rng_mod
from ludoteca.engine import testing
from ludoteca.engine.errors import NotYourTurnError
from ludoteca.engine.game import CHANCE
from ludoteca.games.tile_up import model as tile_up_model
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    DISCARD,
    FULL_BAG,
    OVER,
    PLAY,
)

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
    state = dealt("O1 O3 O5", "R4 R4 R4")
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
        state = dealt("O1 O3 O5", "R4 R4 R4")
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
