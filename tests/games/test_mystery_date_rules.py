"""Mystery Date, rule by rule: one or more scenario tests per rule id MD-01..MD-10.

Rulings: ``shared/games/mystery_date.md``; map of rule -> code -> test:
``docs/rules/mystery_date.md``. Every action goes through ``runner.step`` (legality checked);
positions are built with ``table`` (see ``mystery_date_helpers``).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
import test_mystery_date_sampling
import test_playouts
from mystery_date_helpers import (
    DOOR_CORNER,
    DOOR_MID,
    EITHER,
    SWAP_ANY,
    SWAP_LEFT,
    SWAP_RIGHT,
    TAKE_1,
    TAKE_2,
    act,
    c,
    chance,
    cs,
    hand_names,
    illegal,
    legal_texts,
    names,
    new,
    roll_to,
    table,
    with_hand,
)
from rules_map import check_rules_map

from ludoteca.agents.random import RandomAgent
from ludoteca.engine import runner, testing
from ludoteca.engine.errors import GameSetupError, InvalidActionError, NotYourTurnError
from ludoteca.engine.game import CHANCE
from ludoteca.games.mystery_date import game as mystery_date
from ludoteca.games.mystery_date import playout
from ludoteca.games.mystery_date.cards import DECK, Door, Draw, Pick, Roll, counts_of
from ludoteca.games.mystery_date.game import (
    GAME,
    STARTS,
    TRACK,
    TURN_LIMIT,
    Phase,
    Space,
    State,
)

# ---------------------------------------------------------------------------------------
# MD-01 Setup


@pytest.mark.parametrize(
    ("players", "starts"), [(2, (0, 16)), (3, (0, 8, 16)), (4, (0, 8, 16, 24))]
)
def test_md01_pieces_start_on_corner_doors_in_seat_order(
    players: int, starts: tuple[int, ...]
) -> None:
    """MD-01: 2 players on 0 and 16, 3 on 0, 8, 16, 4 on every corner; all are door spaces;
    48 cards in the draw pile and two owed to each player."""
    state = new(players)
    assert state.positions == starts == STARTS[players]
    assert all(TRACK[space] == Space.DOOR for space in starts)
    assert sum(state.pile) == 48 and state.pile == DECK
    assert state.owed == 2 * players
    assert state.phase == Phase.DEAL and GAME.actors(state) == (CHANCE,)


def test_md01_the_deal_goes_round_from_seat_0_then_the_top_card_starts_the_discard() -> None:
    """MD-01: two cards each, one at a time from the dealer's left (seat 0); then the top
    card of the pile is turned face up; seat 0, after the dealer (seat n-1), starts."""
    state = chance(new(3), "draw P1", "draw G1", "draw B1", "draw P2")
    assert [hand_names(state, s) for s in range(3)] == ["P1 P2", "G1", "B1"]
    state = chance(state, "draw G2")
    assert state.phase == Phase.DEAL
    state = chance(state, "draw B2")
    assert state.phase == Phase.REVEAL and state.discard == ()
    state = chance(state, "reveal O3")
    assert state.discard == (c("O3"),)
    assert sum(state.pile) == 48 - 6 - 1
    assert state.phase == Phase.ROLL and state.mover == 0 and state.turn == 1


def test_md01_the_deal_draws_by_the_counts_in_the_pile() -> None:
    """MD-01: each card is drawn with probability copies left / cards left."""
    state = new(3)
    assert dict(GAME.chance_outcomes(state)) == {Draw(card): Fraction(4, 48) for card in range(12)}
    state = chance(state, "draw P1", "draw P1", "draw P1", "draw P1")
    assert state.phase == Phase.DEAL
    outcomes = dict(GAME.chance_outcomes(state))
    assert Draw(c("P1")) not in outcomes and outcomes[Draw(c("P2"))] == Fraction(4, 44)
    illegal(state, CHANCE, "reveal P1")


def test_md01_seats_cannot_act_during_the_deal() -> None:
    """MD-01: only chance acts during the deal and the first reveal."""
    state = chance(new(), "draw P1", "draw G1")
    with pytest.raises(NotYourTurnError) as info:
        act(state, 0, "pile draw")
    assert info.value.rule_id == "MD-01"
    assert GAME.legal_actions(state, 0) == () and GAME.legal_actions(state, 1) == ()
    revealing = chance(state, "draw B1", "draw O1")
    assert revealing.phase == Phase.REVEAL and revealing.turn == 0
    with pytest.raises(NotYourTurnError) as info:
        act(revealing, 1, "pile draw")
    assert info.value.rule_id == "MD-01"  # the first reveal is part of the set-up


def test_md01_the_track_and_start_spaces_come_from_the_data_file() -> None:
    """MD-01: the default board is the data list: 32 spaces, doors on 0, 8, 16, 24 and each
    side's offset 4; offsets 1..7 take either, take 1, swap right, door, take 2, swap left,
    swap any."""
    side = [
        Space.DOOR, Space.TAKE_EITHER, Space.TAKE_1, Space.SWAP_RIGHT,
        Space.DOOR, Space.TAKE_2, Space.SWAP_LEFT, Space.SWAP_ANY,
    ]  # fmt: skip
    assert list(TRACK) == side * 4
    assert mystery_date.DATA["track"]["spaces"][:8] == [kind.name.lower() for kind in side]


# ---------------------------------------------------------------------------------------
# MD-02 Turn


def test_md02_the_die_is_one_sixth_each_and_moves_clockwise() -> None:
    """MD-02: roll 1..6 with probability 1/6 each; the piece moves that many spaces ahead."""
    state = table(["P1 P2", "G1 G2"])
    assert dict(GAME.chance_outcomes(state)) == {Roll(v): Fraction(1, 6) for v in range(1, 7)}
    state = chance(state, "roll 2")
    assert state.positions == (2, 16)
    with pytest.raises(InvalidActionError):
        GAME.parse_action("roll 7")


def test_md02_moving_wraps_around_the_loop() -> None:
    """MD-02: the track is a loop: from space 30 a 4 lands on space 2."""
    state = table(["P1 P2", "G1 G2"], positions=(30, 16))
    state = chance(state, "roll 4")
    assert state.positions[0] == 2 and state.phase == Phase.DRAW


def test_md02_pieces_may_share_a_space() -> None:
    """MD-02: a piece may stop where another piece stands."""
    state = table(["P1 P2", "G1 G2"], positions=(14, 16))
    state = chance(state, "roll 2")
    assert state.positions == (16, 16)


def test_md02_only_the_space_stopped_on_acts() -> None:
    """MD-02: passing a door with a complete outfit does nothing; the take-2 space where
    the piece stops acts."""
    state = table(["P1 P2 P3", "G1 G2"], positions=(0, 16))
    state = chance(state, "roll 5")
    assert state.positions[0] == TAKE_2
    assert state.phase == Phase.DRAW and state.owed == 2
    assert state.shown == -1


def test_md02_play_passes_to_the_left_seat_plus_one() -> None:
    """MD-02: after a turn the next seat (seat + 1, wrapping) rolls."""
    state = table(["P1 P2", "G1 G2", "B1 B2"], mover=2, positions=(0, 8, 16))
    state = roll_to(state, TAKE_1)
    state = chance(state, "draw O1")
    assert state.phase == Phase.ROLL and state.mover == 0 and state.turn == 2
    state = roll_to(state, EITHER)
    with pytest.raises(NotYourTurnError) as info:
        act(state, 1, "pile draw")
    assert info.value.rule_id == "MD-02"
    assert "waiting for Ana" in info.value.text("en", ("Ana", "Bea", "Cai"))


# ---------------------------------------------------------------------------------------
# MD-03 Take spaces


def test_md03_take_1_and_take_2_draw_from_the_top_of_the_pile() -> None:
    """MD-03: the printed number of cards comes off the draw pile, one chance step each."""
    state = roll_to(table(["P1", "G1 G2"]), TAKE_1)
    assert state.phase == Phase.DRAW and state.owed == 1
    state = chance(state, "draw B3")
    assert hand_names(state, 0) == "P1 B3" and state.mover == 1
    state = roll_to(state, TAKE_2)
    assert state.owed == 2 and GAME.actors(state) == (CHANCE,)
    pile_before = sum(state.pile)
    state = chance(state, "draw O1", "draw O2")
    assert hand_names(state, 1) == "G1 G2 O1 O2" and sum(state.pile) == pile_before - 2


def test_md03_the_mover_cannot_draw_for_chance() -> None:
    """MD-03: the cards come from chance; the mover has no action while they are drawn."""
    state = roll_to(table(["P1", "G1 G2"]), TAKE_2)
    assert GAME.legal_actions(state, 0) == ()
    with pytest.raises(NotYourTurnError) as info:
        act(state, 0, "draw P2")
    assert info.value.rule_id == "MD-03"


# ---------------------------------------------------------------------------------------
# MD-04 Hand limit


def test_md04_over_six_the_mover_discards_cards_of_their_choice_face_up() -> None:
    """MD-04: 5 cards plus 2 taken is 7: one discard of the mover's choice, face up on top."""
    state = roll_to(table(["P1 P2 P3 G1 G2", "B1 B2"]), TAKE_2)
    state = chance(state, "draw G3", "draw O1")
    assert state.phase == Phase.DISCARD and GAME.actors(state) == (0,)
    assert legal_texts(state, 0) == [
        "discard P1", "discard P2", "discard P3",
        "discard G1", "discard G2", "discard G3", "discard O1",
    ]  # fmt: skip
    state = act(state, 0, "discard P1")
    assert hand_names(state, 0) == "P2 P3 G1 G2 G3 O1"
    assert state.discard[-1] == c("P1")
    assert state.phase == Phase.ROLL and state.mover == 1


def test_md04_eight_cards_discard_two() -> None:
    """MD-04: from 6 cards a take 2 means two discards, one at a time."""
    state = roll_to(table(["P1 P2 P3 G1 G2 G3", "B1 B2"]), TAKE_2)
    state = chance(state, "draw O1", "draw O1")
    state = act(state, 0, "discard O1")
    assert state.phase == Phase.DISCARD and sum(state.hands[0]) == 7
    state = act(state, 0, "discard O1")
    assert state.phase == Phase.ROLL and sum(state.hands[0]) == 6
    assert state.discard[-2:] == (c("O1"), c("O1"))


def test_md04_six_or_fewer_keeps_every_card() -> None:
    """MD-04: reaching exactly 6 needs no discard; the turn ends."""
    state = roll_to(table(["P1 P2 P3 G1", "B1 B2"]), TAKE_2)
    state = chance(state, "draw O1", "draw O2")
    assert state.phase == Phase.ROLL and sum(state.hands[0]) == 6


def test_md04_discarding_a_card_not_held_is_illegal() -> None:
    """MD-04: only cards in hand can be discarded, and only over the limit."""
    state = roll_to(table(["P1 P2 P3 G1 G2 G3", "B1 B2"]), TAKE_1)
    state = chance(state, "draw O1")
    error = illegal(state, 0, "discard B1")
    assert error.rule_id == "MD-04" and "B1" in error.text("en")
    illegal(state, 0, "pile draw")
    with pytest.raises(NotYourTurnError):
        act(state, 1, "discard B1")


def test_md04_the_draw_or_discard_space_also_obeys_the_limit() -> None:
    """MD-04: taking the discard top to 7 cards also means a discard."""
    state = roll_to(table(["P1 P2 P3 G1 G2 G3", "B1 B2"], discard="O2 B3"), EITHER)
    state = act(state, 0, "pile discard")
    assert state.phase == Phase.DISCARD
    state = act(state, 0, "discard B3")
    assert state.discard == (c("O2"), c("B3"))


# ---------------------------------------------------------------------------------------
# MD-05 Swaps


def test_md05_right_is_seat_minus_one_and_left_is_seat_plus_one() -> None:
    """MD-05: with 3 players seat 1 swaps right with seat 0 and left with seat 2."""
    hands = ["P1 P2", "G1 G2", "B1 B2"]
    right = roll_to(table(hands, mover=1, positions=(0, 8, 16)), 8 + SWAP_RIGHT)
    assert legal_texts(right, 1) == ["give G1 to 0", "give G2 to 0"]
    left = roll_to(table(hands, mover=1, positions=(0, 8, 16)), 8 + SWAP_LEFT)
    assert legal_texts(left, 1) == ["give G1 to 2", "give G2 to 2"]
    wrap = roll_to(table(hands, mover=0, positions=(0, 8, 16)), SWAP_RIGHT)
    assert mystery_date.swap_targets(wrap) == (2,)
    error = illegal(left, 1, "give G1 to 0")
    assert error.rule_id == "MD-05"
    assert "with Cai, not with Ana" in error.text("en", ("Ana", "Bea", "Cai"))


def test_md05_swap_any_offers_every_other_seat() -> None:
    """MD-05: on swap-any the mover chooses the partner (never themselves)."""
    state = roll_to(table(["P1", "G1", "B1", "O1"], mover=2), SWAP_ANY)
    assert legal_texts(state, 2) == ["give B1 to 0", "give B1 to 1", "give B1 to 3"]
    illegal(state, 2, "give B1 to 2")


def test_md05_with_two_players_every_swap_is_with_the_opponent() -> None:
    """MD-05: right, left and any all mean the opponent with two players."""
    for space in (SWAP_RIGHT, SWAP_LEFT, SWAP_ANY):
        state = roll_to(table(["P1 P2", "G1 G2"]), space)
        assert mystery_date.swap_targets(state) == (1,)
        state = roll_to(table(["P1 P2", "G1 G2"], mover=1), space)
        assert mystery_date.swap_targets(state) == (0,)


def test_md05_give_first_then_take_one_at_random_from_the_partners_hand() -> None:
    """MD-05: the given card waits face down; the random card is taken from the partner's
    own cards (copies / hand size), so the given card cannot come straight back."""
    state = roll_to(table(["P1 P2", "G1 G1 B2"]), SWAP_RIGHT)
    state = act(state, 0, "give P1 to 1")
    assert state.phase == Phase.PICK and GAME.actors(state) == (CHANCE,)
    assert dict(GAME.chance_outcomes(state)) == {
        Pick(c("G1")): Fraction(2, 3),
        Pick(c("B2")): Fraction(1, 3),
    }
    illegal(state, CHANCE, "pick P1")
    state = chance(state, "pick B2")
    assert hand_names(state, 0) == "P2 B2"
    assert hand_names(state, 1) == "P1 G1 G1"
    assert state.phase == Phase.ROLL and state.mover == 1


def test_md05_a_card_not_held_cannot_be_given() -> None:
    """MD-05: only a card from the mover's hand can be given."""
    state = roll_to(table(["P1 P2", "G1 G2"]), SWAP_LEFT)
    error = illegal(state, 0, "give G1 to 1")
    assert error.rule_id == "MD-05"
    assert "no tienes V1 en la mano (tu mano: R1 R2)" in error.text("es")
    assert "you do not hold G1 (your hand: P1 P2)" in error.text("en")
    illegal(state, 0, "discard P1")


def test_md05_swaps_never_change_hand_sizes() -> None:
    """MD-05: one card each way: both hand sizes stay the same."""
    state = roll_to(table(["P1 P2 P3", "G1 G2"]), SWAP_ANY)
    state = chance(act(state, 0, "give P3 to 1"), "pick G2")
    assert [sum(h) for h in state.hands] == [3, 2]


# ---------------------------------------------------------------------------------------
# MD-06 Draw-or-discard space


def test_md06_take_the_known_top_of_the_discard_pile() -> None:
    """MD-06: ``pile discard`` takes the face-up top card."""
    state = roll_to(table(["P1", "G1 G2"], discard="B1 O2"), EITHER)
    assert legal_texts(state, 0) == ["pile draw", "pile discard"]
    state = act(state, 0, "pile discard")
    assert hand_names(state, 0) == "P1 O2" and state.discard == (c("B1"),)
    assert state.phase == Phase.ROLL and state.mover == 1


def test_md06_or_the_unknown_top_of_the_draw_pile() -> None:
    """MD-06: ``pile draw`` leaves the discard and draws by chance."""
    state = roll_to(table(["P1", "G1 G2"], discard="B1 O2"), EITHER)
    state = act(state, 0, "pile draw")
    assert state.phase == Phase.DRAW and state.discard == (c("B1"), c("O2"))
    state = chance(state, "draw P3")
    assert hand_names(state, 0) == "P1 P3"


def test_md06_only_a_pile_choice_is_legal_there() -> None:
    """MD-06: no other action on the draw-or-discard space, and only for the mover."""
    state = roll_to(table(["P1", "G1 G2"]), EITHER)
    assert illegal(state, 0, "give P1 to 1").rule_id == "MD-06"
    assert illegal(state, 0, "show pink").rule_id == "MD-06"
    with pytest.raises(NotYourTurnError):
        act(state, 1, "pile draw")


# ---------------------------------------------------------------------------------------
# MD-07 Piles


def test_md07_an_emptied_discard_pile_restarts_from_the_draw_pile() -> None:
    """MD-07: taking the only discard turns the top draw card face up (a chance step)."""
    state = roll_to(table(["P1", "G1 G2"], discard="B1"), EITHER)
    state = act(state, 0, "pile discard")
    assert state.phase == Phase.REVEAL and state.discard == ()
    outcomes = dict(GAME.chance_outcomes(state))
    assert sum(outcomes.values()) == 1 and len(outcomes) == 12
    state = chance(state, "reveal G3")
    assert state.discard == (c("G3"),) and state.phase == Phase.ROLL and state.mover == 1


def test_md07_an_emptied_draw_pile_is_the_discards_but_the_top() -> None:
    """MD-07: when the last draw card is taken, the discards except the top become the new
    draw pile (a multiset: no chance step) and the top card stays."""
    state = roll_to(table(["P1", "G1 G2"], discard="B1 B2 O3"), TAKE_2)
    state = state._replace(pile=counts_of([c("P2")]))
    state = chance(state, "draw P2")
    assert state.pile == counts_of(cs("B1 B2")) and state.discard == (c("O3"),)
    assert GAME.actors(state) == (CHANCE,)
    assert dict(GAME.chance_outcomes(state)) == {
        Draw(c("B1")): Fraction(1, 2),
        Draw(c("B2")): Fraction(1, 2),
    }
    state = chance(state, "draw B2")
    assert hand_names(state, 0) == "P1 P2 B2" and state.pile == counts_of([c("B1")])


def all_states(players: int, seeds: range) -> list[State]:
    """Every state of seeded random games."""
    states: list[State] = []
    for seed in seeds:
        runner.play(
            GAME,
            [RandomAgent() for _ in range(players)],
            seed,
            observer=lambda before, seat, action, after: states.append(after),
        )
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_md07_no_card_is_ever_lost_or_duplicated(players: int) -> None:
    """MD-07: through deals, takes, swaps, discards, reshuffles and duds, the hands, the
    draw pile, the discard pile and a card given face down always hold the 48 cards; the
    draw pile is never empty at rest and neither is the discard pile after the deal."""
    for state in all_states(players, range(3)):
        total = [sum(column) for column in zip(state.pile, *state.hands, strict=True)]
        for card in state.discard:
            total[card] += 1
        if state.given >= 0:
            total[state.given] += 1
        assert total == list(DECK)
        assert sum(state.pile) > 0
        if state.phase not in (Phase.DEAL, Phase.REVEAL):
            assert state.discard


# ---------------------------------------------------------------------------------------
# MD-08 Door spaces


def test_md08_a_complete_outfit_must_open_the_door() -> None:
    """MD-08: with one complete outfit the door opens at once: no choice, no declining."""
    state = roll_to(table(["G3 P1 P2 P3 O1", "G1 G2"]), DOOR_MID)
    assert state.phase == Phase.DOOR and state.shown == 0
    assert GAME.actors(state) == (CHANCE,) and GAME.legal_actions(state, 0) == ()


def test_md08_without_a_complete_outfit_nothing_happens() -> None:
    """MD-08: 1, 2 of pink and 3 of green is no outfit: the turn passes."""
    state = roll_to(table(["P1 P2 G3 O1 O1 B2", "G1 G2"]), DOOR_CORNER + 8)
    assert state.phase == Phase.ROLL and state.mover == 1 and state.shown == -1


def test_md08_two_complete_outfits_choose_which_to_show() -> None:
    """MD-08: ready for two dates, the mover chooses; an incomplete colour cannot be shown."""
    state = roll_to(table(["P1 P2 P3 B1 B2 B3", "G1 G2"]), DOOR_MID)
    assert state.phase == Phase.SHOW
    assert legal_texts(state, 0) == ["show pink", "show blue"]
    error = illegal(state, 0, "show green")
    assert error.rule_id == "MD-08" and "green" in error.text("en")
    state = act(state, 0, "show blue")
    assert state.phase == Phase.DOOR and state.shown == 2


def test_md08_an_outfit_is_the_1_2_and_3_of_one_colour() -> None:
    """MD-08: duplicates do not make an outfit; the three numbers of one colour do."""
    assert mystery_date.complete_outfits(counts_of(cs("P1 P1 P2 P2 O3 O3"))) == ()
    assert mystery_date.complete_outfits(counts_of(cs("P1 P1 P2 P3"))) == (0,)
    assert mystery_date.complete_outfits(counts_of(cs("O1 O2 O3 G1 G2 G3"))) == (1, 3)


# ---------------------------------------------------------------------------------------
# MD-09 Door results


def test_md09_the_matching_date_wins_at_once() -> None:
    """MD-09: the date that goes with the shown outfit wins the game."""
    state = chance(roll_to(table(["O1 O2 O3", "G1 G2"]), DOOR_MID), "door orange")
    assert state.phase == Phase.OVER and GAME.actors(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.ranks == (1, 2)
    assert outcome.reason is not None and "beach" in outcome.reason.text("en")


def test_md09_another_date_ends_the_turn_and_the_cards_are_kept() -> None:
    """MD-09: a date for another colour (even one the mover also holds) just ends the turn."""
    state = roll_to(table(["P1 P2 P3 B1 B2 B3", "G1 G2"]), DOOR_MID)
    state = chance(act(state, 0, "show pink"), "door blue")
    assert state.phase == Phase.ROLL and state.mover == 1 and GAME.outcome(state) is None
    assert hand_names(state, 0) == "P1 P2 P3 B1 B2 B3"


def test_md09_the_dud_discards_the_shown_outfit_and_draws_three() -> None:
    """MD-09: the dud sends the three shown cards to the discard pile (3 on top), then three
    new cards are drawn; the other outfit stays in hand."""
    state = roll_to(table(["P1 P2 P3 B1 B2 B3", "G1 G2"]), DOOR_MID)
    state = chance(act(state, 0, "show pink"), "door dud")
    assert state.phase == Phase.DRAW and state.owed == 3
    assert state.discard[-3:] == tuple(cs("P1 P2 P3"))
    assert hand_names(state, 0) == "B1 B2 B3"
    state = chance(state, "draw P1", "draw O1", "draw O2")
    assert hand_names(state, 0) == "P1 B1 B2 B3 O1 O2"
    assert state.phase == Phase.ROLL and state.mover == 1


def test_md09_door_weights_set_the_door_probabilities() -> None:
    """MD-09: every opening is an independent draw by ``door_weights`` (default uniform);
    an outcome of weight 0 cannot happen; bad weights are refused in both languages."""
    state = roll_to(table(["O1 O2 O3", "G1 G2"]), DOOR_MID)
    assert dict(GAME.chance_outcomes(state)) == {Door(r): Fraction(1, 5) for r in range(5)}
    weighted = roll_to(table(["O1 O2 O3", "G1 G2"], options={"door_weights": "0,1,0,3,4"}), 4)
    assert dict(GAME.chance_outcomes(weighted)) == {
        Door(1): Fraction(1, 8),
        Door(3): Fraction(3, 8),
        Door(4): Fraction(4, 8),
    }
    illegal(weighted, CHANCE, "door pink")
    for bad in ("1,1,1,1", "0,0,0,0,0", "1,1,x,1,1", "1,-1,1,1,1"):
        with pytest.raises(GameSetupError) as info:
            new(2, {"door_weights": bad})
        assert "door_weights" in info.value.text("es") and "weights" in info.value.text("en")


def test_md09_the_turn_limit_ends_a_game_without_a_winner_in_a_draw() -> None:
    """MD-09: after ``turn_limit`` turns without a winner the game is a draw for everyone."""
    assert TURN_LIMIT == 2000
    state = table(["P1 P2", "G1 G2"], options={"turn_limit": 3})
    for _ in range(2):
        state = chance(roll_to(state, TAKE_1), "draw B1")
        assert state.phase == Phase.ROLL
    assert state.turn == 3
    state = chance(roll_to(state, TAKE_1), "draw B1")
    assert state.phase == Phase.OVER and GAME.actors(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.ranks == (1, 1)
    assert outcome.reason is not None and "3" in outcome.reason.text("es")
    for bad in (0, mystery_date.TURN_LIMIT_MAX + 1):
        with pytest.raises(GameSetupError):
            new(2, {"turn_limit": bad})


def test_md09_random_games_end_within_max_steps_with_the_default_limit() -> None:
    """MD-09: the turn limit bounds every game: max_steps covers the longest allowed game."""
    bound = mystery_date.STEPS_PER_TURN * mystery_date.TURN_LIMIT_MAX + 2 * 4 + 1
    assert GAME.info.max_steps == bound
    match = runner.play(GAME, [RandomAgent(), RandomAgent()], 5, {"turn_limit": 5})
    assert match.outcome is not None and match.state.turn <= 5
    assert match.steps <= mystery_date.STEPS_PER_TURN * 5 + 5


# ---------------------------------------------------------------------------------------
# MD-10 Hidden information


def swapped_three() -> State:
    """Three players: seat 0 gives P1 to seat 1 (swap left) and takes G2 from it."""
    state = roll_to(table(["P1 B3", "G1 G2 O1", "B1 B2"], positions=(0, 8, 16)), SWAP_LEFT)
    return chance(act(state, 0, "give P1 to 1"), "pick G2")


def test_md10_hands_are_secret_and_their_sizes_public() -> None:
    """MD-10: a seat sees its own hand and only the sizes of the others; nobody sees the
    draw pile's cards."""
    state = table(["P1 B3", "G1 G2 O1", "B1 B2"], positions=(0, 8, 16))
    view = GAME.view(state, 1)
    assert names(view["hand"]) == "G1 G2 O1"
    assert view["hand_counts"] == [2, 3, 2] and view["pile_size"] == 48 - 7 - 1
    assert "pile" not in view and "hands" not in view
    assert "hand" not in GAME.view(state, None)
    text = json.dumps(GAME.view(state, 0))
    other = GAME.sample_state(GAME.view(state, 0), 0, random.Random(3))
    assert json.dumps(GAME.view(other, 0)) == text


def test_md10_a_swapped_card_is_known_to_giver_and_receiver_only() -> None:
    """MD-10: the giver knows the receiver holds the card given; the receiver knows the giver
    holds the card taken; the third seat knows neither."""
    state = swapped_three()
    giver, receiver, third = (GAME.view(state, s) for s in range(3))
    assert giver["known"] == [[], [c("P1")], []]
    assert giver["known_by"] == [[], [c("G2")], []]
    assert receiver["known"] == [[c("G2")], [], []]
    assert receiver["known_by"] == [[c("P1")], [], []]
    assert third["known"] == [[], [], []] and third["known_by"] == [[], [], []]
    assert "known" not in GAME.view(state, None)


def test_md10_the_card_given_face_down_is_seen_by_the_giver_only_until_taken() -> None:
    """MD-10: while the swap is under way the given card shows in the giver's view only."""
    state = roll_to(table(["P1 B3", "G1 G2 O1", "B1 B2"], positions=(0, 8, 16)), SWAP_LEFT)
    state = act(state, 0, "give P1 to 1")
    assert GAME.view(state, 0)["given"] == c("P1")
    for seat in (1, 2, None):
        assert "given" not in GAME.view(state, seat)
    assert GAME.view(state, 1)["hand_counts"] == [1, 3, 2]


def test_md10_sample_state_keeps_what_the_viewer_knows_and_only_that() -> None:
    """MD-10: resampled from the giver's view the receiver always holds the card given; from
    the third seat's view it often does not (so the knowledge is hidden from it)."""
    state = swapped_three()
    rng = random.Random(5)
    for _ in range(50):
        from_giver = GAME.sample_state(GAME.view(state, 0), 0, rng)
        assert from_giver.hands[1][c("P1")] >= 1
        from_receiver = GAME.sample_state(GAME.view(state, 1), 1, rng)
        assert from_receiver.hands[0][c("G2")] >= 1
    without = sum(
        not GAME.sample_state(GAME.view(state, 2), 2, rng).hands[1][c("P1")] for _ in range(50)
    )
    assert without > 10


def test_md10_knowledge_goes_stale_when_the_hand_changes_unseen() -> None:
    """MD-10: a public discard of the card removes it from what others know; a swap by a
    third seat with the receiver leaves the giver sure of one copy fewer of each card."""
    state = swapped_three()
    assert hand_names(state, 1) == "P1 G1 O1"
    state = with_hand(state, 1, "P1 G1 O1 O2 O3 B1")
    state = chance(roll_to(state, 8 + TAKE_1), "draw G3")
    assert GAME.view(state, 0)["known"][1] == [c("P1")]
    state = act(state, 1, "discard P1")
    assert GAME.view(state, 0)["known"][1] == []
    stale = roll_to(swapped_three()._replace(mover=2), 16 + SWAP_RIGHT)
    assert mystery_date.swap_targets(stale) == (1,)
    stale = chance(act(stale, 2, "give B1 to 1"), "pick O1")
    assert GAME.view(stale, 0)["known"][1] == []
    assert GAME.view(stale, 2)["known"][1] == [c("B1")]
    assert GAME.view(stale, 1)["known"] == [[c("G2")], [], [c("O1")]]
    # The receiver swapping on with seat 2: seat 0 cannot see which card left seat 1.
    onward = roll_to(swapped_three(), 8 + SWAP_LEFT)
    onward = chance(act(onward, 1, "give G1 to 2"), "pick B1")
    assert GAME.view(onward, 0)["known"][1] == []
    assert GAME.view(onward, 1)["known"] == [[c("G2")], [], [c("G1")]]
    assert GAME.view(onward, 2)["known"][1] == [c("B1")]


def test_md10_the_giver_taking_a_card_back_updates_what_both_know() -> None:
    """MD-10: when the partner later swaps back, each learns the other's card exactly."""
    state = roll_to(table(["P1 B3", "G1 G2"]), SWAP_LEFT)
    state = chance(act(state, 0, "give P1 to 1"), "pick G2")
    state = roll_to(state, 16 + SWAP_LEFT)
    state = chance(act(state, 1, "give P1 to 0"), "pick B3")
    assert GAME.view(state, 0)["known"][1] == [c("B3")]
    assert GAME.view(state, 1)["known"][0] == [c("P1"), c("G2")]


def test_md10_a_card_taken_from_the_discard_pile_is_known_to_every_seat() -> None:
    """MD-06 and MD-10: the top discard is face up, so every other seat (and an onlooker)
    knows it is now in the taker's hand, and resampling keeps it there."""
    state = roll_to(table(["P1 B3", "G1 G2", "B1 B2"], discard="O2 G3"), EITHER)
    state = act(state, 0, "pile discard")
    for seat in (1, 2):
        assert GAME.view(state, seat)["known"][0] == [c("G3")]
    assert GAME.view(state, 0)["known_by"] == [[], [c("G3")], [c("G3")]]
    assert GAME.view(state, None)["public"] == [[c("G3")], [], []]
    rng = random.Random(2)
    for viewer in (1, 2, None):
        for _ in range(20):
            assert GAME.sample_state(GAME.view(state, viewer), viewer, rng).hands[0][c("G3")]
    # Taken by a seat that already held one: the table is sure of one copy, not two.
    again = roll_to(table(["G3 B3", "G1 G2"], discard="O2 G3"), EITHER)
    again = act(again, 0, "pile discard")
    assert GAME.view(again, 1)["known"][0] == [c("G3")]


def test_md10_an_outfit_shown_at_a_door_that_opened_on_another_date_stays_known() -> None:
    """MD-08 and MD-10: the outfit is shown to the table; when the date is another one the
    cards go back to the hand and every seat remembers them (once each, however many
    copies it knew of); the dud's discards and later unseen changes make them stale."""
    state = roll_to(table(["P1 P2 P3 B1 B2 B3", "G1 G2", "O1 O2"]), DOOR_MID)
    assert state.phase == Phase.SHOW
    known = list(state.known)
    known[1 * 3 + 0] = counts_of(cs("P1 B2"))  # seat 1 knew of P1 and B2 (from swaps)
    state = act(state._replace(known=tuple(known)), 0, "show pink")
    assert GAME.view(state, 1)["known"][0] == cs("P1 P2 P3 B2")  # seen as the door opens
    assert GAME.view(state, 2)["known"][0] == cs("P1 P2 P3")
    state = chance(state, "door blue")
    for seat in (1, 2, None):
        assert GAME.view(state, seat)["public"][0] == cs("P1 P2 P3")
    assert GAME.view(state, 2)["known"][0] == cs("P1 P2 P3")
    # Seat 1 swaps with seat 0 (swap right): a card the others cannot see left seat 0.
    swap = roll_to(state, 8 + SWAP_RIGHT)
    swap = chance(act(swap, 1, "give G1 to 0"), "pick P2")
    assert GAME.view(swap, 2)["known"][0] == [] and GAME.view(swap, 2)["public"][0] == []
    # Seat 1 took P2 (one of the copies it knew of left) and gave G1.
    assert GAME.view(swap, 1)["known"][0] == cs("P1 P3 G1 B2")
    assert GAME.view(swap, 0)["known_by"][1] == cs("P1 P3 G1 B2")
    # The dud: the outfit goes face up on the discard pile, so nobody counts on it.
    dud = roll_to(table(["P1 P2 P3 B1", "G1 G2"]), DOOR_MID)
    assert dud.phase == Phase.DOOR and GAME.view(dud, 1)["known"][0] == cs("P1 P2 P3")
    dud = chance(dud, "door dud", "draw O1", "draw O2", "draw O3")
    assert GAME.view(dud, 1)["known"][0] == [] and GAME.view(dud, 1)["public"][0] == []


def test_md10_what_the_table_saw_is_part_of_every_seats_knowledge() -> None:
    """MD-10: in random games ``public`` is always within what each other seat knows and
    within the hand; resampled from one seat, the others' knowledge of each other is
    exactly what the table saw."""
    seen = 0
    for players in (2, 3, 4):
        for state in all_states(players, range(2)):
            for b in range(players):
                public = state.public[b]
                seen += sum(public)
                holdings = list(state.hands[b])
                if state.phase == Phase.PICK and b == state.mover:
                    holdings[state.given] += 1
                assert all(p <= h for p, h in zip(public, holdings, strict=True))
                for a in range(players):
                    if a != b:
                        known = state.known[a * players + b]
                        assert all(p <= k for p, k in zip(public, known, strict=True))
        resampled = GAME.sample_state(GAME.view(state, 0), 0, random.Random(players))
        for a in range(1, players):
            for b in range(1, players):
                expected = state.public[b] if a != b else (0,) * 12
                assert resampled.known[a * players + b] == expected
    assert seen > 0


def test_md10_resampled_while_the_mover_chooses_an_outfit_it_holds_two() -> None:
    """MD-08 and MD-10: everyone sees the mover stop on a door and choose an outfit, so a
    state resampled for another seat gives the mover two complete outfits (and the ones it
    is known to hold), never a hand without a choice to make."""
    state = roll_to(table(["P1 P2 P3 B1 B2 B3", "G1 G2", "O1 O2"]), DOOR_MID)
    assert state.phase == Phase.SHOW
    rng = random.Random(4)
    colours: set[tuple[int, ...]] = set()
    for viewer in (1, 2, None):
        for _ in range(30):
            other = GAME.sample_state(GAME.view(state, viewer), viewer, rng)
            assert len(mystery_date.complete_outfits(other.hands[0])) == 2
            assert sum(other.hands[0]) == 6 and len(GAME.legal_actions(other, 0)) == 2
            colours.add(mystery_date.complete_outfits(other.hands[0]))
    assert len(colours) > 1
    # Seat 1 knows seat 0 holds B2 (it gave it): the pair always has blue.
    known = list(state.known)
    known[1 * 3 + 0] = counts_of(cs("B2"))
    state = state._replace(known=tuple(known))
    for _ in range(30):
        other = GAME.sample_state(GAME.view(state, 1), 1, rng)
        assert 2 in mystery_date.complete_outfits(other.hands[0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_md10_what_a_seat_knows_is_always_in_the_other_hand(players: int) -> None:
    """MD-10: in random games every card a seat is sure another holds really is there (in
    the hand, or face down in front of the partner while that seat's swap is under way), and
    swaps do teach seats something."""
    learned = 0
    for state in all_states(players, range(3)):
        for a in range(players):
            for b in range(players):
                known = state.known[a * players + b]
                holdings = list(state.hands[b])
                if state.phase == Phase.PICK and b == state.mover:
                    holdings[state.given] += 1
                assert all(k <= h for k, h in zip(known, holdings, strict=True)), (a, b)
                assert a != b or not any(known)
                learned += sum(known)
    assert learned > 0


def test_md10_the_leak_check_catches_a_view_that_shows_other_seats_swaps() -> None:
    """MD-10: the conformance leak check is meaningful here: a view that also listed what
    other seats know about each other fails it."""

    class Leaky(mystery_date.MysteryDate):
        def view(self, state: State, seat: int | None) -> dict[str, Any]:
            view = super().view(state, seat)
            view["all_known"] = [list(known) for known in state.known]
            return view

    with pytest.raises(AssertionError, match="leaks hidden state"):
        testing.check_no_leaks(Leaky(), 3, range(2))
    testing.check_no_leaks(GAME, 3, range(2))


def test_md10_only_chance_rolls_draws_picks_and_opens_the_door() -> None:
    """MD-10: a seat sending a chance outcome is refused with the rule id."""
    state = roll_to(table(["P1", "G1 G2"]), EITHER)
    for text in ("roll 3", "draw P1", "pick G1", "door pink", "reveal P2"):
        error = illegal(state, 0, text)
        assert error.rule_id == "MD-10"
        assert "azar" in error.text("es") and "chance" in error.text("en")


def test_md10_legal_actions_do_not_depend_on_hidden_cards() -> None:
    """MD-10: resampling hidden hands never changes the mover's legal actions."""
    state = roll_to(swapped_three()._replace(mover=1), 8 + SWAP_ANY)
    legal = legal_texts(state, 1)
    for seed in range(10):
        other = GAME.sample_state(GAME.view(state, 1), 1, random.Random(seed))
        assert legal_texts(other, 1) == legal


# ---------------------------------------------------------------------------------------
# docs/rules/mystery_date.md stays in sync with the code and these tests


def test_rules_text_lists_md01_to_md10_in_both_languages() -> None:
    for lang in ("es", "en"):
        ids = [rule_id for rule_id, _ in GAME.rules_text(lang)]
        assert ids == [f"MD-{n:02d}" for n in range(1, 11)]


def test_rules_map_names_real_functions_and_tests() -> None:
    """Every rule id has one row; every code name exists; every test named exists here;
    every rule test here is listed."""
    tests = {**vars(test_playouts), **vars(test_mystery_date_sampling), **globals()}
    check_rules_map("mystery_date", "MD", 10, mystery_date, tests, {"playout": playout}, "playout")
