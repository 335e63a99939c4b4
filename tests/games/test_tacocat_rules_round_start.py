"""Tacocat rules TC-01..TC-05: the deal, replacing, the duel and the attack (helpers in
``tacocat_table``)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tacocat_table import (
    CENTRE,
    SEVEN_0,
    SEVEN_1,
    WOW,
    YAY,
    act,
    assert_reads,
    deal,
    dealt_first_round,
    draws,
    finish_with,
    illegal,
    legal_texts,
    new,
    table,
)

from ludoteca.engine.errors import IllegalActionError, NotYourTurnError
from ludoteca.engine.game import CHANCE
from ludoteca.games import tacocat
from ludoteca.games.tacocat import (
    DECK,
    GAME,
    HAND_SIZES,
    KEEP,
    Draw,
    Phase,
    Replace,
)

# ---------------------------------------------------------------------------------------
# TC-01 Setup and the deal


def test_tc01_tacocat_starts_on_the_centre_o_and_seven_each_are_owed() -> None:
    """TC-01: Tacocat starts on the centre O (number 7); a full 38-card deck; 7 cards owed."""
    state = new()
    assert state.position == CENTRE == 3
    assert tacocat.LETTERS[state.position] == "O"
    assert HAND_SIZES[state.position] == 7
    assert state.covered == 0
    assert state.round == 1
    assert state.phase == Phase.DEAL
    assert len(state.pile) == 38 == tacocat.DECK_SIZE
    assert state.hands == ((), ())
    assert state.owed == (7, 7)
    assert GAME.actors(state) == (CHANCE,)


def test_tc01_deal_serves_seat_0_first_then_seat_1() -> None:
    """TC-01: the deal is 7 chance draws to seat 0, then 7 to seat 1, then replacing starts."""
    state = new()
    state = draws(state, SEVEN_0)
    assert state.hands == (tuple(sorted(SEVEN_0)), ())
    assert state.owed == (0, 7)
    assert GAME.actors(state) == (CHANCE,)
    state = draws(state, SEVEN_1[:-1])
    assert state.phase == Phase.DEAL
    state = draws(state, SEVEN_1[-1:])
    assert state.hands == (SEVEN_0, SEVEN_1)
    assert state.phase == Phase.REPLACE
    assert len(state.pile) == 38 - 14


def test_tc01_the_deal_comes_from_the_deck_counts() -> None:
    """TC-01: the pile is the 38-card deck: a value with no copies left cannot be drawn."""
    state = new()
    assert dict(GAME.chance_outcomes(state)) == {
        Draw(value): Fraction(count, 38) for value, count in enumerate(DECK) if count
    }
    assert DECK[1:] == (2, 2, 5, 5, 5, 5, 2, 2, 2, 2, 3, 3)
    state = draws(state, (1, 1))
    assert Draw(1) not in dict(GAME.chance_outcomes(state))
    with pytest.raises(IllegalActionError):
        draws(state, (1,))


def test_tc01_seats_cannot_act_during_the_deal() -> None:
    """TC-01: only chance acts while cards are owed."""
    state = draws(new(), (5, 5))
    with pytest.raises(NotYourTurnError):
        act(state, 0, "keep")
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.legal_actions(state, 1) == ()


@pytest.mark.parametrize(
    ("start", "winner", "space", "size"),
    [
        (1, YAY, 0, 4),
        (2, YAY, 1, 6),
        (3, YAY, 2, 9),
        (2, WOW, 3, 7),
        (3, WOW, 4, 9),
        (4, WOW, 5, 6),
        (5, WOW, 6, 4),
    ],
)
def test_tc01_each_round_deals_the_number_on_tacocats_space(
    start: int, winner: int, space: int, size: int
) -> None:
    """TC-01: a round on a space deals that space's number to each player (4 6 9 7 9 6 4),
    from the full reshuffled deck."""
    assert HAND_SIZES == (4, 6, 9, 7, 9, 6, 4)
    low0, low1 = (2, 5) if winner == YAY else (5, 2)
    state = finish_with(table((), (), position=start), low0, low1)
    assert state.position == space
    assert state.phase == Phase.DEAL
    assert state.round == 2
    assert state.owed == (size, size)
    assert state.hands == ((), ())
    assert state.pile == tacocat.FULL_PILE
    assert state.discard == ()
    hand = (3, 3, 4, 4, 5, 5, 6, 6, 10)[:size]
    other = (3, 3, 4, 4, 6, 6, 11, 11, 12)[:size]
    state = deal(state, hand, other)
    assert tuple(len(h) for h in state.hands) == (size, size)
    assert state.phase == Phase.REPLACE


# ---------------------------------------------------------------------------------------
# TC-02 Replace on the double arrow


def test_tc02_double_arrow_both_choose_secretly_and_are_revealed_together() -> None:
    """TC-02: on the centre both seats choose at once; the first choice stays hidden (hand,
    discard, counts) until the second arrives; then both discard face up together."""
    state = dealt_first_round()
    assert GAME.actors(state) == (0, 1)
    assert tacocat.ARROWS[CENTRE] is None
    chosen = act(state, 0, "replace 1 12")
    assert GAME.actors(chosen) == (1,)
    assert chosen.hands == state.hands
    assert chosen.discard == ()
    # Nothing of seat 0's choice shows to seat 1 or a spectator: another choice, same views.
    other = act(state, 0, "replace 3 3 5 7")
    for seat in (1, None):
        assert GAME.view(chosen, seat) == GAME.view(other, seat)
        assert "my_choice" not in GAME.view(chosen, None)
    assert GAME.view(chosen, 1)["chosen"] == [True, False]
    assert GAME.view(chosen, 1)["my_choice"] is None
    assert GAME.view(chosen, 0)["my_choice"] == [1, 12]
    # A seat chooses once.
    with pytest.raises(NotYourTurnError):
        act(chosen, 0, "keep")
    revealed = act(chosen, 1, "replace 2 4")
    assert revealed.discard == (1, 12, 2, 4)
    assert revealed.replaced == (2, 2)
    assert revealed.hands == ((3, 3, 5, 7, 9), (4, 6, 8, 11, 11))
    assert revealed.pending == (None, None)
    assert GAME.view(revealed, 1)["discard"] == [1, 12, 2, 4]
    # Each draws as many as it discarded, seat 0 first; then the duel.
    assert revealed.phase == Phase.DEAL
    assert revealed.owed == (2, 2)
    state = draws(revealed, (6, 6, 10, 10))
    assert state.hands == ((3, 3, 5, 6, 6, 7, 9), (4, 6, 8, 10, 10, 11, 11))
    assert state.phase == Phase.DUEL


def test_tc02_second_seat_may_choose_first_and_any_number_of_cards() -> None:
    """TC-02: no order on the double arrow: seat 1 may choose first, and either seat may
    replace any number of cards, the whole hand included, or none."""
    state = dealt_first_round()
    assert "replace 2 4 4 6 8 11 11" in legal_texts(state, 1)
    assert "replace 1 3 3 5 7 9 12" in legal_texts(state, 0)
    state = act(state, 1, "replace 2 4 4 6 8 11 11")
    assert GAME.actors(state) == (0,)
    state = act(state, 0, "keep")
    assert state.replaced == (0, 7)
    assert state.owed == (0, 7)
    assert state.hands == (SEVEN_0, ())


def test_tc02_both_keep_goes_straight_to_the_duel() -> None:
    """TC-02: when neither replaces, nothing is drawn and the duel starts."""
    state = act(act(dealt_first_round(), 0, "keep"), 1, "keep")
    assert state.phase == Phase.DUEL
    assert state.hands == (SEVEN_0, SEVEN_1)


def test_tc02_replacing_a_card_not_held_is_illegal() -> None:
    """TC-02: a seat replaces only cards in its hand (error in Spanish and English)."""
    error = illegal(dealt_first_round(), 0, "replace 2")
    assert error.rule_id == "TC-02"
    assert_reads(error, "no tienes 2 en la mano", "you do not hold 2")


def test_tc02_a_round_starting_on_the_centre_after_a_draw_uses_the_double_arrow() -> None:
    """TC-02: a drawn round on the centre deals again there, and both replace at once."""
    state = finish_with(table((), ()), 4, 4)
    assert state.position == CENTRE
    assert state.round == 2
    state = deal(state, SEVEN_0, SEVEN_1)
    assert GAME.actors(state) == (0, 1)
    hidden = act(state, 1, "replace 11 11")
    assert GAME.view(hidden, 0) == GAME.view(act(state, 1, "keep"), 0)
    assert act(hidden, 0, "replace 1 3 3 5").replaced == (4, 2)


# ---------------------------------------------------------------------------------------
# TC-03 Replace on a single arrow


@pytest.mark.parametrize(
    ("position", "arrow"), [(0, WOW), (1, WOW), (2, WOW), (4, YAY), (5, YAY), (6, YAY)]
)
def test_tc03_the_arrow_player_replaces_first_then_the_other_up_to_k(
    position: int, arrow: int
) -> None:
    """TC-03 (both halves of the board): the arrow points at the trailing player, who
    replaces first (face up); the other may then replace 0..k, k what the first replaced."""
    other = 1 - arrow
    size = HAND_SIZES[position]
    hands = ((3, 3, 4, 5, 6, 9, 10, 11, 12)[:size], (3, 3, 4, 5, 6, 9, 10, 11, 12)[:size])
    state = table(*hands, phase=Phase.REPLACE, position=position)._replace(replaced=(-1, -1))
    assert tacocat.ARROWS[position] == arrow
    assert GAME.actors(state) == (arrow,)
    with pytest.raises(NotYourTurnError) as info:
        act(state, other, "keep")
    assert info.value.rule_id == "TC-03"
    assert f"waiting for {('Ana', 'Bea')[arrow]}" in info.value.text("en", ("Ana", "Bea"))
    assert f"falta {('Ana', 'Bea')[arrow]}" in info.value.text("es", ("Ana", "Bea"))
    assert GAME.legal_actions(state, other) == ()
    # The arrow player may replace its whole hand; here it replaces two cards.
    assert "replace " + " ".join(map(str, hands[arrow])) in legal_texts(state, arrow)
    state = act(state, arrow, "replace 3 4")
    assert state.discard == (3, 4)
    assert GAME.view(state, other)["discard"] == [3, 4]
    assert state.owed[arrow] == 2 and state.owed[other] == 0
    state = draws(state, (8, 8))
    assert state.phase == Phase.REPLACE
    assert GAME.actors(state) == (other,)
    # The other may replace at most k = 2.
    sizes = {len(a.cards) for a in GAME.legal_actions(state, other) if isinstance(a, Replace)}
    assert sizes == {0, 1, 2}
    error = illegal(state, other, "replace 3 4 5")
    assert error.rule_id == "TC-03"
    assert_reads(error, "como mucho 2 carta(s)", "at most 2 card(s)")
    state = act(state, other, "replace 3 5")
    state = draws(state, (7, 7))
    assert state.replaced[arrow] == 2 and state.replaced[other] == 2
    assert state.phase == Phase.DUEL


def test_tc03_when_the_arrow_player_keeps_the_other_may_only_keep() -> None:
    """TC-03: k = 0 leaves the other player only ``keep``."""
    state = table((3, 4, 5, 6), (3, 4, 5, 6), phase=Phase.REPLACE, position=6)
    state = state._replace(replaced=(-1, -1))
    state = act(state, YAY, "keep")
    assert GAME.actors(state) == (WOW,)
    assert GAME.legal_actions(state, WOW) == (KEEP,)
    error = illegal(state, WOW, "replace 3")
    assert error.rule_id == "TC-03"
    assert_reads(error, "como mucho 0 carta(s)", "at most 0 card(s)")
    assert act(state, WOW, "keep").phase == Phase.DUEL


def test_tc03_replacing_is_not_secret_on_a_single_arrow() -> None:
    """TC-03: the arrow player's discards are public at once (no pending choice)."""
    state = table((3, 4, 5, 6), (3, 4, 5, 6), phase=Phase.REPLACE, position=0)
    state = act(state._replace(replaced=(-1, -1)), WOW, "replace 6")
    assert state.pending == (None, None)
    assert GAME.view(state, None)["discard"] == [6]
    assert GAME.view(state, None)["replaced"] == [-1, 1]


# ---------------------------------------------------------------------------------------
# TC-04 Duel


def test_tc04_higher_duel_card_attacks_first_and_both_are_discarded() -> None:
    """TC-04: both choose secretly; revealed together; the higher card attacks first."""
    state = table((2, 4, 9), (3, 5, 8), phase=Phase.DUEL)
    assert GAME.actors(state) == (0, 1)
    chose = act(state, 1, "duel 8")
    assert chose.hands == state.hands
    assert GAME.view(chose, 0) == GAME.view(act(state, 1, "duel 3"), 0)
    assert GAME.view(chose, None) == GAME.view(act(state, 1, "duel 3"), None)
    assert GAME.view(chose, 1)["my_choice"] == [8]
    state = act(chose, 0, "duel 4")
    assert state.last_duel == (4, 8)
    assert state.discard == (4, 8)
    assert state.hands == ((2, 9), (3, 5))
    assert state.phase == Phase.ATTACK
    assert state.attacker == 1
    assert GAME.actors(state) == (1,)


def test_tc04_seat_0_wins_the_duel_with_the_higher_card() -> None:
    """TC-04: the other direction, so a fixed first attacker would fail."""
    state = table((2, 4, 9), (3, 5, 8), phase=Phase.DUEL)
    state = act(act(state, 0, "duel 9"), 1, "duel 3")
    assert state.attacker == 0
    assert state.phase == Phase.ATTACK


def test_tc04_a_tie_discards_both_and_the_duel_repeats() -> None:
    """TC-04: equal duel cards are discarded and both duel again."""
    state = table((2, 6, 9, 10), (3, 6, 8, 11), phase=Phase.DUEL)
    state = act(act(state, 0, "duel 6"), 1, "duel 6")
    assert state.phase == Phase.DUEL
    assert state.discard == (6, 6)
    assert state.hands == ((2, 9, 10), (3, 8, 11))
    assert GAME.actors(state) == (0, 1)
    assert state.attacker == -1
    state = act(act(state, 0, "duel 10"), 1, "duel 11")
    assert state.attacker == 1
    assert state.discard == (6, 6, 10, 11)


def test_tc04_duels_down_to_one_card_each_go_straight_to_the_showdown() -> None:
    """TC-04 then TC-08: a tied duel that leaves one card each ends the round (no attack)."""
    state = table((1, 12), (5, 12), phase=Phase.DUEL)
    state = act(act(state, 0, "duel 12"), 1, "duel 12")
    assert state.last_showdown == (1, 5)
    assert state.results == (YAY,)
    assert state.position == CENTRE - 1
    assert state.phase == Phase.DEAL


def test_tc04_a_decided_duel_leaving_one_card_each_also_goes_to_the_showdown() -> None:
    """TC-04: the duel winner cannot attack with its last card; the showdown follows."""
    state = table((7, 12), (2, 5), phase=Phase.DUEL)
    state = act(act(state, 0, "duel 12"), 1, "duel 5")
    assert state.last_showdown == (7, 2)
    assert state.results == (WOW,)
    assert state.position == CENTRE + 1


def test_tc04_duel_with_a_card_not_held_or_out_of_phase_is_illegal() -> None:
    """TC-04: the duel card must be in hand; other verbs are refused in the duel phase."""
    state = table((2, 4, 9), (3, 5, 8), phase=Phase.DUEL)
    error = illegal(state, 0, "duel 3")
    assert error.rule_id == "TC-04"
    assert_reads(error, "no tienes 3 en la mano (tu mano: 2 4 9)", "you do not hold 3")
    error = illegal(state, 0, "attack 9")
    assert error.rule_id == "TC-04"
    assert_reads(
        error, "en la fase duelo no se puede atacar", "you cannot attack in the duel phase"
    )
    with pytest.raises(NotYourTurnError):
        act(act(state, 0, "duel 9"), 0, "duel 4")


# ---------------------------------------------------------------------------------------
# TC-05 Attack


def test_tc05_attack_shapes_single_set_and_sequence() -> None:
    """TC-05: the legal attacks are singles, sets of 2+ and sequences of 3+, keeping a card."""
    state = table((3, 4, 4, 4, 5, 9), (3, 5, 6, 6, 7, 8))
    assert legal_texts(state, 0) == [
        "attack 3",
        "attack 4",
        "attack 5",
        "attack 9",
        "attack 4 4",
        "attack 4 4 4",
        "attack 3 4 5",
    ]
    after = act(state, 0, "attack 3 4 5")
    assert after.attack == (3, 4, 5)
    assert after.hands[0] == (4, 4, 9)
    assert after.phase == Phase.DEFEND
    assert GAME.actors(after) == (1,)
    assert act(state, 0, "attack 4 4 4").hands[0] == (3, 5, 9)


@pytest.mark.parametrize("text", ["attack 3 5 9", "attack 4 5", "attack 3 4", "attack 4 4 5"])
def test_tc05_invalid_attack_shapes_are_illegal(text: str) -> None:
    """TC-05: not a single card, a set or a sequence of 3+ (by default)."""
    state = table((3, 4, 4, 4, 5, 9), (3, 5, 6, 6, 7, 8))
    error = illegal(state, 0, text)
    assert error.rule_id == "TC-05"
    cards = text.removeprefix("attack ")
    assert_reads(
        error,
        f"{cards} no es un ataque válido: una carta, un conjunto de 2+ cartas iguales o una "
        "secuencia de 3+ valores consecutivos",
        f"{cards} is not a valid attack: one card, a set of 2+ equal cards or a sequence of "
        "3+ consecutive values",
    )


def test_tc05_odd_gaps_3_5_7_are_not_a_sequence() -> None:
    """TC-05: 3 5 7 is no sequence (gaps), with either sequence option."""
    for min_sequence in (2, 3):
        state = table((3, 5, 7, 9), (3, 5, 6, 8), options={"min_sequence": min_sequence})
        error = illegal(state, 0, "attack 3 5 7")
        assert error.rule_id == "TC-05"
        assert_reads(error, "no es un ataque válido", "is not a valid attack")
        assert "attack 3 5 7" not in legal_texts(state, 0)


def test_tc05_a_sequence_of_two_is_legal_only_with_min_sequence_2() -> None:
    """TC-05: option min_sequence=2 allows two consecutive values; the default (3) does not."""
    default = table((4, 5, 9), (3, 6, 8))
    assert "attack 4 5" not in legal_texts(default, 0)
    assert illegal(default, 0, "attack 4 5").rule_id == "TC-05"
    option = table((4, 5, 9, 12), (3, 6, 8, 10), options={"min_sequence": 2})
    assert "attack 4 5" in legal_texts(option, 0)
    error = illegal(option, 0, "attack 4 5 9")
    assert_reads(error, "secuencia de 2+ valores", "sequence of 2+ consecutive")
    assert act(option, 0, "attack 4 5").attack == (4, 5)


def test_tc05_the_attacker_must_keep_one_card() -> None:
    """TC-05: a set or a sequence that would empty the hand is refused."""
    state = table((4, 4, 4), (3, 6, 8))
    assert legal_texts(state, 0) == ["attack 4", "attack 4 4"]
    error = illegal(state, 0, "attack 4 4 4")
    assert error.rule_id == "TC-05"
    assert_reads(
        error,
        "el atacante debe quedarse al menos con una carta",
        "the attacker must keep at least one card",
    )
    state = table((3, 4, 5), (3, 6, 8))
    assert "attack 3 4 5" not in legal_texts(state, 0)
    assert illegal(state, 0, "attack 3 4 5").rule_id == "TC-05"
    assert "attack 3 4 5" in legal_texts(table((3, 4, 5, 12), (3, 6, 8, 9)), 0)


def test_tc05_only_the_attacker_attacks_and_only_with_cards_held() -> None:
    """TC-05: the attack uses the attacker's own cards; the defender waits."""
    state = table((3, 4, 9), (3, 5, 8), attacker=1)
    with pytest.raises(NotYourTurnError):
        act(state, 0, "attack 3")
    error = illegal(state, 1, "attack 9")
    assert error.rule_id == "TC-05"
    assert_reads(error, "no tienes 9 en la mano (tu mano: 3 5 8)", "you do not hold 9")
    assert act(state, 1, "attack 8").hands == ((3, 4, 9), (3, 5))
