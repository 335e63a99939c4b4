"""Tacocat rules TC-06..TC-11: defence, the trick, the showdown, the move, the win and hidden
information."""

from __future__ import annotations

import pytest
from tacocat_table import (
    CENTRE,
    SEVEN_0,
    WOW,
    YAY,
    act,
    assert_reads,
    dealt_first_round,
    draws,
    finish_with,
    illegal,
    legal_texts,
    new,
    table,
)

from ludoteca.engine.errors import NotYourTurnError
from ludoteca.engine.game import CHANCE, View
from ludoteca.games import tacocat
from ludoteca.games.tacocat import (
    GAME,
    HAND_SIZES,
    SACRIFICE,
    Phase,
    State,
)

# ---------------------------------------------------------------------------------------
# TC-06 Defence, card by card


def test_tc06_defend_with_an_equal_or_higher_card_not_lower() -> None:
    """TC-06: against a 6, a 6 or higher defends; a lower card is refused."""
    state = act(table((2, 6, 9), (4, 6, 10)), 0, "attack 6")
    assert legal_texts(state, 1) == ["defend 6", "defend 10", "sacrifice"]
    error = illegal(state, 1, "defend 4")
    assert error.rule_id == "TC-06"
    assert_reads(
        error,
        "para defender contra 6 hace falta una carta igual o mayor; 4 es menor",
        "defending against 6 needs an equal or higher card; 4 is lower",
    )
    error = illegal(state, 1, "defend 7")
    assert error.rule_id == "TC-06"
    assert_reads(error, "no tienes 7 en la mano", "you do not hold 7")
    assert act(state, 1, "defend 6").hands == ((2, 9), (4, 10))
    assert act(state, 1, "defend 10").hands == ((2, 9), (4, 6))


def test_tc06_defender_may_sacrifice_even_when_able_to_defend() -> None:
    """TC-06: defending is optional; the sacrifice is always legal."""
    state = act(table((2, 6, 9), (7, 10, 11)), 0, "attack 6")
    assert SACRIFICE in GAME.legal_actions(state, 1)
    after = act(state, 1, "sacrifice")
    assert after.hands == ((2, 9), (10, 11))


def test_tc06_the_sacrifice_takes_the_lowest_card() -> None:
    """TC-06: a sacrifice discards the defender's LOWEST card face up, whatever was attacked."""
    state = act(table((2, 6, 9, 12), (5, 3, 11, 8)), 0, "attack 12")
    after = act(state, 1, "sacrifice")
    assert after.hands[1] == (5, 8, 11)
    assert after.discard == (12, 3)
    assert after.last_trick == (0, (12,), (-3,))
    assert GAME.view(after, 0)["last_trick"] == {"attacker": 0, "attack": [12], "answers": [-3]}


def test_tc06_jumbo_attack_is_answered_card_by_card_in_attack_order() -> None:
    """TC-06: each attack card gets its own answer, in the attack's (ascending) order; the
    current lowest card is the one sacrificed each time; hands stay equal in size."""
    state = act(table((3, 4, 5, 12, 12), (1, 2, 4, 9, 10)), 0, "attack 3 4 5")
    assert GAME.actors(state) == (1,)
    assert legal_texts(state, 1) == ["defend 4", "defend 9", "defend 10", "sacrifice"]
    state = act(state, 1, "sacrifice")
    assert state.answers == (-1,)
    assert state.hands[1] == (2, 4, 9, 10)
    assert state.phase == Phase.DEFEND
    # Second card is the 4: the 4 defends it; a 2 could not.
    assert illegal(state, 1, "defend 2").rule_id == "TC-06"
    state = act(state, 1, "defend 4")
    # Third card is the 5: the lowest card now is the 2.
    assert legal_texts(state, 1) == ["defend 9", "defend 10", "sacrifice"]
    state = act(state, 1, "sacrifice")
    assert state.hands == ((12, 12), (9, 10))
    assert state.last_trick == (0, (3, 4, 5), (-1, 4, -2))
    assert state.discard == (3, 4, 5, 1, 4, 2)


def test_tc06_set_attack_needs_an_answer_per_card() -> None:
    """TC-06: against 7 7 the defender answers twice; two defences meet the set."""
    state = act(table((7, 7, 1, 12), (8, 9, 2, 10)), 0, "attack 7 7")
    state = act(state, 1, "defend 8")
    assert state.phase == Phase.DEFEND
    assert legal_texts(state, 1) == ["defend 9", "defend 10", "sacrifice"]
    state = act(state, 1, "defend 9")
    assert state.last_trick == (0, (7, 7), (8, 9))


def test_tc06_only_defend_or_sacrifice_while_defending() -> None:
    """TC-06: in the defence phase the defender cannot attack; the attacker waits."""
    state = act(table((2, 6, 9), (4, 6, 10)), 0, "attack 6")
    error = illegal(state, 1, "attack 10")
    assert error.rule_id == "TC-06"
    assert_reads(
        error, "en la fase defensa no se puede atacar", "you cannot attack in the defence phase"
    )
    with pytest.raises(NotYourTurnError):
        act(state, 0, "attack 9")


# ---------------------------------------------------------------------------------------
# TC-07 Trick result


def test_tc07_defender_who_meets_every_card_attacks_next() -> None:
    """TC-07: every attack card beaten or matched: the defender becomes the attacker."""
    state = act(table((3, 4, 5, 12, 12), (3, 5, 6, 9, 10)), 0, "attack 3 4 5")
    for text in ("defend 3", "defend 5", "defend 6"):
        state = act(state, 1, text)
    assert state.phase == Phase.ATTACK
    assert state.attacker == 1
    assert GAME.actors(state) == (1,)
    assert state.discard == (3, 4, 5, 3, 5, 6)
    assert state.attack == () and state.answers == ()
    assert state.hands == ((12, 12), (9, 10))
    assert state.last_trick == (0, (3, 4, 5), (3, 5, 6))


def test_tc07_one_sacrifice_lets_the_attacker_attack_again() -> None:
    """TC-07: a single sacrifice within a jumbo attack loses the trick for the defender."""
    state = act(table((3, 4, 5, 12, 12), (2, 5, 6, 9, 11)), 0, "attack 3 4 5")
    for text in ("sacrifice", "defend 5", "defend 6"):
        state = act(state, 1, text)
    assert state.attacker == 0
    assert state.phase == Phase.ATTACK
    assert GAME.actors(state) == (0,)
    assert state.last_trick == (0, (3, 4, 5), (-2, 5, 6))
    assert state.hands == ((12, 12), (9, 11))


def test_tc07_single_card_trick_both_ways() -> None:
    """TC-07: one attack card: defended -> defender attacks; sacrificed -> attacker again."""
    state = act(table((5, 8, 10), (6, 7, 11), attacker=1), 1, "attack 7")
    assert act(state, 0, "defend 8").attacker == 0
    assert act(state, 0, "sacrifice").attacker == 1


# ---------------------------------------------------------------------------------------
# TC-08 Showdown


def test_tc08_showdown_when_each_holds_one_card_and_the_lower_wins() -> None:
    """TC-08: the trick that leaves one card each triggers the showdown; LOWER wins."""
    state = act(table((2, 9), (6, 11)), 0, "attack 9")
    state = act(state, 1, "defend 11")
    assert state.last_showdown == (2, 6)
    assert state.results == (YAY,)
    assert state.position == CENTRE - 1
    assert state.round == 2
    assert GAME.view(state, None)["last_showdown"] == [2, 6]


def test_tc08_seat_1_wins_with_the_lower_card() -> None:
    """TC-08: the other direction: the higher last card loses even if it attacked last."""
    state = act(table((8, 12), (3, 11)), 0, "attack 12")
    state = act(state, 1, "sacrifice")
    assert state.last_showdown == (8, 11)
    assert state.results == (YAY,)
    state = act(table((8, 12), (3, 11)), 0, "attack 8")
    state = act(state, 1, "defend 11")
    assert state.last_showdown == (12, 3)
    assert state.results == (WOW,)
    assert state.position == CENTRE + 1


@pytest.mark.parametrize("position", [1, 3, 5])
def test_tc08_equal_last_cards_are_a_drawn_round_without_moving(position: int) -> None:
    """TC-08: a tie is a drawn round: Tacocat stays, nothing is covered, a new deal of the
    same size comes from the full deck."""
    state = finish_with(table((), (), position=position, covered=[0]), 6, 6)
    assert state.position == position
    assert state.covered == 1
    assert state.results == (-1,)
    assert state.last_showdown == (6, 6)
    assert state.winner == -1
    assert state.round == 2
    assert state.phase == Phase.DEAL
    assert state.pile == tacocat.FULL_PILE
    assert state.owed == (HAND_SIZES[position],) * 2
    assert GAME.outcome(state) is None


@pytest.mark.parametrize(("position", "arrow"), [(1, WOW), (5, YAY)])
def test_tc08_option_tie_goes_to_arrow(position: int, arrow: int) -> None:
    """TC-08 option tie_goes_to_arrow: the tie goes to the player the arrow points at."""
    state = table((), (), position=position, options={"tie_goes_to_arrow": True})
    state = finish_with(state, 6, 6)
    assert state.results == (arrow,)
    assert state.position == position + (-1 if arrow == YAY else 1)
    assert state.covered == 1 << position


def test_tc08_tie_goes_to_arrow_on_the_double_arrow_stays_a_draw() -> None:
    """TC-08: with tie_goes_to_arrow, a tie on the centre (both arrows) is still a draw."""
    state = table((), (), options={"tie_goes_to_arrow": True})
    state = finish_with(state, 6, 6)
    assert state.results == (-1,)
    assert state.position == CENTRE
    assert state.covered == 0


# ---------------------------------------------------------------------------------------
# TC-09 Move


def test_tc09_tacocat_moves_one_space_toward_the_winner_and_covers_the_space_left() -> None:
    """TC-09: seat 0 (YAY) pulls toward space 0, seat 1 (WOW) toward space 6."""
    state = finish_with(table((), ()), 2, 5)
    assert state.position == 2
    assert state.covered == 1 << 3
    assert GAME.view(state, None)["covered"] == [3]
    state = finish_with(table((), ()), 5, 2)
    assert state.position == 4
    assert state.covered == 1 << 3


def test_tc09_covered_spaces_are_skipped() -> None:
    """TC-09: Tacocat jumps over covered spaces to the nearest uncovered one."""
    state = finish_with(table((), (), position=4, covered=[3, 2]), 2, 5)
    assert state.position == 1
    assert GAME.view(state, None)["covered"] == [2, 3, 4]
    state = finish_with(table((), (), position=1, covered=[2, 3, 4]), 5, 2)
    assert state.position == 5
    assert state.owed == (HAND_SIZES[5],) * 2


@pytest.mark.parametrize(
    ("position", "covered", "winner", "goal"),
    [
        (0, [], YAY, -1),
        (1, [0], YAY, -1),
        (6, [], WOW, 7),
        (4, [5, 6], WOW, 7),
    ],
)
def test_tc09_no_uncovered_space_left_on_that_side_enters_the_goal(
    position: int, covered: list[int], winner: int, goal: int
) -> None:
    """TC-09: with no uncovered space toward the winner, Tacocat enters the winner's goal."""
    low0, low1 = (2, 5) if winner == YAY else (5, 2)
    state = finish_with(table((), (), position=position, covered=covered), low0, low1)
    assert state.position == goal
    assert state.covered >> position & 1


def test_tc09_the_loser_side_is_not_a_goal_when_spaces_remain() -> None:
    """TC-09: next to YAY's goal, a WOW win moves Tacocat away (to the nearest free space)."""
    state = finish_with(table((), (), position=0, covered=[1, 2, 3]), 5, 2)
    assert state.position == 4
    assert state.winner == -1


# ---------------------------------------------------------------------------------------
# TC-10 Win


def test_tc10_entering_yay_goal_wins_at_once_for_seat_0() -> None:
    """TC-10: the game ends in the showdown that moves Tacocat into YAY: no new deal."""
    state = finish_with(table((), (), position=0, covered=[1, 2, 3]), 2, 5)
    assert state.phase == Phase.OVER
    assert state.winner == YAY
    assert GAME.actors(state) == ()
    assert GAME.legal_actions(state, 0) == () and GAME.legal_actions(state, 1) == ()
    assert state.owed == (0, 0)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.scores == (1.0, 0.0)
    assert outcome.ranks == (1, 2)
    assert outcome.returns() == (1.0, -1.0)
    assert outcome.reason is not None
    assert outcome.reason.text("es") == "el Tacocat entró en la meta YAY"
    assert outcome.reason.text("en") == "Tacocat entered the YAY goal"
    view = GAME.view(state, None)
    assert view["winner"] == 0
    assert view["phase"] == "over"
    with pytest.raises(NotYourTurnError) as info:
        act(state, 0, "keep")
    assert_reads(info.value, "la partida ha terminado", "the game is over")


def test_tc10_entering_wow_goal_wins_for_seat_1() -> None:
    """TC-10: the other goal, the other winner."""
    state = finish_with(table((), (), position=6), 9, 1)
    assert state.position == 7
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.scores == (0.0, 1.0)
    assert outcome.ranks == (2, 1)
    assert outcome.reason is not None
    assert outcome.reason.text("en") == "Tacocat entered the WOW goal"


def test_tc10_a_round_win_away_from_a_goal_does_not_end_the_game() -> None:
    """TC-10: only entering a goal wins; any other round win deals the next round."""
    state = finish_with(table((), (), position=1), 2, 5)
    assert state.position == 0
    assert GAME.outcome(state) is None
    assert GAME.actors(state) == (CHANCE,)


# ---------------------------------------------------------------------------------------
# TC-11 Hidden information


def _views(state: State) -> dict[int | None, View]:
    return {seat: GAME.view(state, seat) for seat in (0, 1, None)}


def test_tc11_a_seat_sees_its_own_hand_never_the_opponents() -> None:
    """TC-11: own hand in the own view; the other hand only as a count, for seats and the
    spectator alike (a different opponent hand gives the same view)."""
    one = table((2, 6, 9), (4, 6, 10))
    two = table((2, 6, 9), (3, 5, 12))
    assert GAME.view(one, 0)["hand"] == [2, 6, 9]
    assert GAME.view(one, 1)["hand"] == [4, 6, 10]
    assert GAME.view(one, 0)["hand_counts"] == [3, 3]
    assert GAME.view(one, 0) == GAME.view(two, 0)
    assert GAME.view(one, None) == GAME.view(two, None)
    assert "hand" not in GAME.view(one, None)
    assert "my_choice" not in GAME.view(one, None)
    assert GAME.view(one, 1) != GAME.view(two, 1)


def test_tc11_cards_dealt_to_the_opponent_stay_hidden() -> None:
    """TC-11: while seat 1 is dealt, neither seat 0 nor a spectator learns which cards."""
    state = draws(new(), SEVEN_0)
    five, nine = draws(state, (5,)), draws(state, (9,))
    assert GAME.view(five, 1)["hand"] == [5]
    for seat in (0, None):
        assert GAME.view(five, seat) == GAME.view(nine, seat)


def test_tc11_the_pile_order_and_contents_are_never_shown() -> None:
    """TC-11: views carry the pile's size only."""
    state = dealt_first_round()
    for view in _views(state).values():
        assert "pile" not in view
        assert view["pile_size"] == 24


def test_tc11_pending_secret_choices_are_seen_by_their_owner_only() -> None:
    """TC-11: a pending replace set or duel card shows to its owner only (as my_choice)."""
    duel = table((2, 4, 9), (3, 5, 8), phase=Phase.DUEL)
    a, b = act(duel, 0, "duel 2"), act(duel, 0, "duel 9")
    assert GAME.view(a, 0)["my_choice"] == [2]
    assert GAME.view(b, 0)["my_choice"] == [9]
    assert GAME.view(a, 1) == GAME.view(b, 1)
    assert GAME.view(a, None) == GAME.view(b, None)
    replace = dealt_first_round()
    c, d = act(replace, 1, "replace 11 11"), act(replace, 1, "keep")
    assert GAME.view(c, 1)["my_choice"] == [11, 11]
    assert GAME.view(d, 1)["my_choice"] == []
    assert GAME.view(c, 0) == GAME.view(d, 0)
    assert GAME.view(c, None) == GAME.view(d, None)


def test_tc11_discards_and_played_cards_are_public() -> None:
    """TC-11: duel cards, attack cards, answers (sacrifices too), discards and the showdown
    appear in every view, the spectator's included."""
    state = table((2, 4, 9, 12), (3, 5, 8, 10), phase=Phase.DUEL)
    state = act(act(state, 0, "duel 12"), 1, "duel 10")
    state = act(state, 0, "attack 9")
    for view in _views(state).values():
        assert view["last_duel"] == [12, 10]
        assert view["discard"] == [12, 10]
        assert view["attack"] == [9]
        assert view["attacker"] == 0
    state = act(state, 1, "sacrifice")
    for view in _views(state).values():
        assert view["discard"] == [12, 10, 9, 3]
        assert view["last_trick"] == {"attacker": 0, "attack": [9], "answers": [-3]}
        assert view["hand_counts"] == [2, 2]
    state = act(state, 0, "attack 4")
    state = act(state, 1, "defend 5")
    for view in _views(state).values():
        assert view["last_showdown"] == [2, 8]
        assert view["results"] == [0]


def test_tc11_only_chance_draws_cards() -> None:
    """TC-11: a seat cannot pick cards off the hidden pile."""
    state = table((2, 4, 9), (3, 5, 8))
    error = illegal(state, 0, "draw 5")
    assert error.rule_id == "TC-11"
    assert_reads(
        error, "solo el azar roba cartas del mazo", "only chance draws cards from the pile"
    )


def test_tc11_legal_actions_do_not_depend_on_the_hidden_hand() -> None:
    """TC-11: what seat 0 may do never depends on seat 1's hidden cards."""
    one = table((2, 6, 9), (4, 6, 10))
    two = table((2, 6, 9), (3, 5, 12))
    assert GAME.legal_actions(one, 0) == GAME.legal_actions(two, 0)
    attacked = act(one, 0, "attack 6")
    attacked_two = act(two, 0, "attack 6")
    assert GAME.view(attacked, 0) == GAME.view(attacked_two, 0)
