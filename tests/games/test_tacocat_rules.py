"""Tacocat, rule by rule: one or more scenario tests per rule id TC-01..TC-11.

Rulings: ``shared/games/tacocat.md``; map of rule -> code -> test: ``docs/rules/tacocat.md``.
Every action goes through ``runner.step`` (which checks legality). Cards are dealt by
applying ``Draw(v)`` for CHANCE, seat 0's hand first; mid-round positions are built from a
setup state with ``State._replace`` (see ``table``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import pytest
from rules_map import check_rules_map

from ludoteca.engine import runner
from ludoteca.engine.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from ludoteca.engine.game import CHANCE, View
from ludoteca.games import tacocat
from ludoteca.games.tacocat import (
    DECK,
    GAME,
    HAND_SIZES,
    KEEP,
    SACRIFICE,
    START,
    Attack,
    Defend,
    Draw,
    Duel,
    Phase,
    Replace,
    State,
)

YAY, WOW = 0, 1
CENTRE = START

# ---------------------------------------------------------------------------------------
# Helpers


def new(options: Mapping[str, object] | None = None) -> State:
    """The state after setup (nothing dealt yet)."""
    state: State = runner.new_game(GAME, 2, 0, options)
    return state


def act(state: State, seat: int, text: str) -> State:
    """Apply the action written as ``text`` for ``seat``, legality checked."""
    after: State = runner.step(GAME, state, seat, GAME.parse_action(text))
    return after


def draws(state: State, cards: Iterable[int]) -> State:
    """CHANCE deals ``cards`` off the pile, one ``Draw`` each, legality checked."""
    for card in cards:
        state = runner.step(GAME, state, CHANCE, Draw(card))
    return state


def deal(state: State, hand0: Iterable[int], hand1: Iterable[int]) -> State:
    """Deal exact hands: seat 0 is served first, then seat 1."""
    return draws(state, [*hand0, *hand1])


def pile_without(*zones: Iterable[int]) -> tuple[int, ...]:
    """The full deck (sorted card values) minus the cards in ``zones`` (which it must hold)."""
    pile = list(tacocat.FULL_PILE)
    for zone in zones:
        for card in zone:
            assert card in pile, f"the deck has no more {card}s"
            pile.remove(card)
    return tuple(pile)


def table(
    hand0: Iterable[int],
    hand1: Iterable[int],
    *,
    phase: Phase = Phase.ATTACK,
    attacker: int = 0,
    position: int = CENTRE,
    covered: Iterable[int] = (),
    options: Mapping[str, object] | None = None,
) -> State:
    """A mid-round state: replacements done, hands as given, the rest of the deck in the pile."""
    hands = (tuple(sorted(hand0)), tuple(sorted(hand1)))
    return new(options)._replace(
        position=position,
        covered=sum(1 << space for space in covered),
        phase=phase,
        hands=hands,
        pile=pile_without(*hands),
        owed=(0, 0),
        replaced=(0, 0),
        attacker=attacker if phase in (Phase.ATTACK, Phase.DEFEND) else -1,
    )


def illegal(state: State, seat: int, text: str) -> IllegalActionError:
    """The error ``runner.step`` raises for an illegal action (which leaves ``state`` as is)."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        act(state, seat, text)
    assert state == before
    return info.value


def assert_reads(error: IllegalActionError, es: str, en: str) -> None:
    """The error names its reason in Spanish and in English, fully formatted."""
    assert es in error.text("es"), error.text("es")
    assert en in error.text("en"), error.text("en")
    for lang in ("es", "en"):
        assert "{" not in error.text(lang)


def legal_texts(state: State, seat: int) -> list[str]:
    return [str(action) for action in GAME.legal_actions(state, seat)]


def finish_with(state: State, low0: int, low1: int) -> State:
    """From a duel with two cards each (a 12 and a low card), tie the duel on the 12s so the
    duel leaves one card each: the showdown of ``low0`` against ``low1``."""
    state = state._replace(
        phase=Phase.DUEL,
        hands=((low0, 12), (low1, 12)),
        pile=pile_without((low0, 12), (low1, 12)),
        attacker=-1,
    )
    state = act(state, 0, "duel 12")
    return act(state, 1, "duel 12")


SEVEN_0 = (1, 3, 3, 5, 7, 9, 12)
SEVEN_1 = (2, 4, 4, 6, 8, 11, 11)


def dealt_first_round(options: Mapping[str, object] | None = None) -> State:
    """Round 1 on the centre, dealt ``SEVEN_0`` and ``SEVEN_1``."""
    return deal(new(options), SEVEN_0, SEVEN_1)


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
    assert f"waiting for seat {arrow}" in info.value.text("en")
    assert f"falta el asiento {arrow}" in info.value.text("es")
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


# ---------------------------------------------------------------------------------------
# Action text: parse_action, str, describe


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("keep", KEEP),
        ("replace 5 3", Replace((3, 5))),
        ("replace", KEEP),
        ("duel 7", Duel(7)),
        ("attack 4 4", Attack((4, 4))),
        ("attack 5 3 4", Attack((3, 4, 5))),
        ("defend 9", Defend(9)),
        ("sacrifice", SACRIFICE),
        ("draw 12", Draw(12)),
        ("  ATTACK   11  ", Attack((11,))),
    ],
)
def test_parse_action_reads_the_text_forms(text: str, action: Any) -> None:
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("mantener", KEEP),
        ("quedarse", KEEP),
        ("cambiar 5 3", Replace((3, 5))),
        ("reemplazar 12", Replace((12,))),
        ("duelo 7", Duel(7)),
        ("atacar 6 6", Attack((6, 6))),
        ("ataque 3 4 5", Attack((3, 4, 5))),
        ("defender 9", Defend(9)),
        ("sacrificar", SACRIFICE),
        ("robar 1", Draw(1)),
        ("Atacar 2", Attack((2,))),
    ],
)
def test_parse_action_reads_spanish_verbs(text: str, action: Any) -> None:
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    "action",
    [
        KEEP,
        Replace((3, 5)),
        Duel(7),
        Attack((4, 4)),
        Attack((3, 4, 5)),
        Defend(9),
        SACRIFICE,
        Draw(1),
    ],
)
def test_str_and_parse_action_round_trip(action: Any) -> None:
    assert GAME.parse_action(str(action)) == action


def test_every_legal_action_of_a_played_round_round_trips() -> None:
    state = dealt_first_round()
    for seat in (0, 1):
        for action in GAME.legal_actions(state, seat):
            assert GAME.parse_action(str(action)) == action
    state = table((3, 4, 4, 4, 5, 9), (3, 5, 6, 6, 7, 8))
    for action in GAME.legal_actions(state, 0):
        assert GAME.parse_action(str(action)) == action
    state = act(state, 0, "attack 4 4")
    for action in GAME.legal_actions(state, 1):
        assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "es", "en"),
    [
        ("", "se espera keep", "expected keep"),
        ("   ", "se espera keep", "expected keep"),
        ("xyzzy 3", "se espera keep", "expected keep"),
        ("3 attack", "se espera keep", "expected keep"),
        ("duel", "necesita 1 carta(s)", "needs 1 card(s)"),
        ("duel 3 4", "necesita 1 carta(s)", "needs 1 card(s)"),
        ("defend", "necesita 1 carta(s)", "needs 1 card(s)"),
        ("draw", "necesita 1 carta(s)", "needs 1 card(s)"),
        ("attack", "necesita 1+ carta(s)", "needs 1+ card(s)"),
        ("keep 3", "necesita 0 carta(s)", "needs 0 card(s)"),
        ("sacrifice 2", "necesita 0 carta(s)", "needs 0 card(s)"),
        ("defend 13", "'13' no es un valor de carta entre 1 y 12", "'13' is not a card value"),
        ("defend 0", "'0' no es un valor", "'0' is not a card value"),
        ("duel -3", "'-3' no es un valor", "'-3' is not a card value"),
        ("replace 3 x", "'x' no es un valor", "'x' is not a card value"),
        ("duel 2.5", "'2.5' no es un valor", "'2.5' is not a card value"),
        ("duel ²", "'²' no es un valor", "'²' is not a card value"),
        ("duel ٣", "'٣' no es un valor", "'٣' is not a card value"),
    ],
)
def test_parse_action_refuses_malformed_text(text: str, es: str, en: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        GAME.parse_action(text)
    assert info.value.input == text
    assert f"No entiendo la acción '{text}'" in info.value.text("es")
    assert es in info.value.text("es"), info.value.text("es")
    assert en in info.value.text("en"), info.value.text("en")


@pytest.mark.parametrize(
    ("action", "es", "en"),
    [
        (KEEP, "no cambia ninguna carta", "keeps every card"),
        (Replace((3, 5)), "cambia 3 5", "replaces 3 5"),
        (Duel(7), "elige 7 para el duelo", "duels with 7"),
        (Attack((4, 4)), "ataca con 4 4", "attacks with 4 4"),
        (Defend(9), "defiende con 9", "defends with 9"),
        (SACRIFICE, "sacrifica su carta más baja", "sacrifices their lowest card"),
        (Draw(5), "roba un 5", "draws a 5"),
    ],
)
def test_describe_in_both_languages(action: Any, es: str, en: str) -> None:
    assert GAME.describe(action, "es") == es
    assert GAME.describe(action, "en") == en


def test_rules_text_lists_tc01_to_tc11_in_both_languages() -> None:
    for lang in ("es", "en"):
        ids = [rule_id for rule_id, _ in GAME.rules_text(lang)]
        assert ids == [f"TC-{n:02d}" for n in range(1, 12)]


# ---------------------------------------------------------------------------------------
# docs/rules/tacocat.md stays in sync with the code and these tests


def test_rules_map_names_real_functions_and_tests() -> None:
    """Every rule id has one row; every code name exists; every test named exists here;
    every rule test here is listed."""
    check_rules_map(
        "tacocat",
        "TC",
        11,
        tacocat,
        globals(),
        modules={"game": tacocat.game, "legal": tacocat.legal, "model": tacocat.model},
    )


def test_tc11_the_trick_that_ends_a_round_stays_visible_in_the_next_deal() -> None:
    """TC-11: played cards are public. When the last trick leads straight to the showdown,
    both seats (and spectators) still see that trick and the showdown in the new round."""
    state = table((5, 9), (2, 10), phase=Phase.ATTACK, attacker=0)
    state = act(state, 0, "attack 9")
    state = act(state, 1, "defend 10")
    assert state.phase == Phase.DEAL and state.round == 2
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["last_trick"] == {"attacker": 0, "attack": [9], "answers": [10]}
        assert view["last_showdown"] == [5, 2]
        assert view["results"] == [1]
