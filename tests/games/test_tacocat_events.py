"""Tacocat's events, per viewer: secret choices stay secret until revealed (TC-02, TC-04,
TC-11), tied duels are replayed (TC-04), tricks (TC-06, TC-07), showdowns and round results
(TC-08, TC-09), forced moves and the end of the game (TC-10)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE
from ludoteca.engine.shared_events import step_events
from ludoteca.games import tacocat
from ludoteca.games.tacocat import GAME, START, Phase, State

YAY, WOW = 0, 1
NAMES = ["Ana", "Bo"]


def table(
    hand0: Iterable[int], hand1: Iterable[int], *, phase: Phase, position: int = START
) -> State:
    """A mid-round state with the given hands and the rest of the deck in the pile."""
    hands = (tuple(sorted(hand0)), tuple(sorted(hand1)))
    pile = list(tacocat.FULL_PILE)
    for card in (*hands[0], *hands[1]):
        pile.remove(card)
    state: State = runner.new_game(GAME, 2, 0)
    return state._replace(
        position=position,
        phase=phase,
        hands=hands,
        pile=tuple(pile),
        owed=(0, 0),
        replaced=(0, 0),
        attacker=0 if phase in (Phase.ATTACK, Phase.DEFEND) else -1,
    )


def step(state: State, seat: int, text: str) -> tuple[State, dict[Any, tuple[Any, ...]]]:
    """Play ``text`` for ``seat``; the new state and each viewer's events."""
    action = GAME.parse_action(text)
    after: State = runner.step(GAME, state, seat, action)
    told = {v: step_events(GAME, state, seat, action, after, v) for v in (0, 1, None)}
    return after, told


def kinds(told: tuple[Any, ...]) -> list[str]:
    return [e.kind for e in told]


def test_tc04_duel_cards_are_secret_until_both_chose() -> None:
    """TC-04, TC-11: the chooser learns its own card; the other seat and spectators learn
    only that a card was chosen."""
    state, told = step(table((2, 6, 9, 10), (3, 6, 8, 11), phase=Phase.DUEL), YAY, "duel 9")
    (mine,) = told[YAY]
    assert mine.kind == "secret_choice" and mine.data["card"] == 9 and mine.data["rule"] == "TC-04"
    for viewer in (WOW, None):
        (theirs,) = told[viewer]
        assert "card" not in theirs.data
        assert theirs.text("en", NAMES) == "Ana has chosen a duel card."
        assert theirs.text("es", NAMES) == "Ana ya ha elegido su carta de duelo."
    state, told = step(state, WOW, "duel 8")
    duel = told[None][-1]
    assert duel.kind == "duel" and duel.data["cards"] == [9, 8] and duel.data["attacker"] == YAY
    assert duel.text("en", NAMES) == "Duel: Ana 9, Bo 8; Ana attacks first."


def test_tc04_a_tied_duel_is_told_and_replayed() -> None:
    """TC-04: equal duel cards: a ``duel_tie`` event, and the duel repeats."""
    state, _ = step(table((2, 6, 9, 10), (3, 6, 8, 11), phase=Phase.DUEL), YAY, "duel 6")
    state, told = step(state, WOW, "duel 6")
    for viewer in (YAY, WOW, None):
        assert kinds(told[viewer]) == ["secret_choice", "duel_tie"]
    tie = told[None][-1]
    assert tie.data == {"rule": "TC-04", "cards": [6, 6]}
    assert tie.text("en", NAMES) == (
        "The duel ties at 6: both are discarded and the duel is replayed."
    )
    assert "se repite el duelo" in tie.text("es", NAMES)
    assert GAME.actors(state) == (0, 1)


def test_tc02_double_arrow_replacements_are_revealed_together() -> None:
    """TC-02: the first secret replace set is told to its owner only; once both chose, both
    discards are told to everyone."""
    state: State = runner.new_game(GAME, 2, 0)
    for card in (1, 3, 3, 5, 7, 9, 12, 2, 4, 4, 6, 8, 11, 11):
        state = runner.step(GAME, state, CHANCE, tacocat.Draw(card))
    state, told = step(state, YAY, "replace 1 3")
    assert told[YAY][0].data["cards"] == [1, 3]
    assert "cards" not in told[WOW][0].data and "cards" not in told[None][0].data
    state, told = step(state, WOW, "keep")
    reveals = [e for e in told[None] if e.kind == "replace"]
    assert [(e.actor, e.data["cards"]) for e in reveals] == [(YAY, [1, 3]), (WOW, [])]
    assert reveals[0].text("en", NAMES) == "Ana discards 1 3 and draws 2."
    assert reveals[1].text("es", NAMES) == "Bo no cambia ninguna carta."


def test_tc01_tc02_the_deal_tells_each_hand_once_and_replacements_card_by_card() -> None:
    """TC-01: a seat learns its dealt hand in one event at the deal's last card; nobody
    hears of another seat's draws one by one (the round's first line says how many are
    dealt). TC-02: a replacing seat learns each card it draws; the others were told the
    count by the reveal."""
    state: State = runner.new_game(GAME, 2, 0)
    heard: dict[Any, list[str]] = {0: [], 1: [], None: []}
    for card in (1, 3, 3, 5, 7, 9, 12, 2, 4, 4, 6, 8, 11, 11):
        state, told = step_chance(state, card)
        for viewer, items in told.items():
            heard[viewer] += [e.text("en", NAMES) for e in items if e.kind != "round_start"]
    assert heard == {
        0: ["You are dealt 1 3 3 5 7 9 12."],
        1: ["You are dealt 2 4 4 6 8 11 11."],
        None: [],
    }
    (dealt,) = [e for e in step_chance(runner.new_game(GAME, 2, 0), 5)[1][0]]
    assert dealt.kind == "round_start"
    state, _ = step(state, YAY, "replace 1 3")
    state, _ = step(state, WOW, "keep")
    state, told = step_chance(state, 10)
    assert [e.text("es", NAMES) for e in told[YAY]] == ["Robas un 10."]
    assert told[YAY][0].data == {"seat": YAY, "card": 10}
    assert told[WOW] == () and told[None] == ()


def step_chance(state: State, card: int) -> tuple[State, dict[Any, tuple[Any, ...]]]:
    """Draw ``card``; the new state and each viewer's events."""
    action = tacocat.Draw(card)
    after: State = runner.step(GAME, state, CHANCE, action)
    told = {v: step_events(GAME, state, CHANCE, action, after, v) for v in (0, 1, None)}
    return after, told


def test_tc06_tc07_answers_and_the_trick_result() -> None:
    """TC-06: each answer is told; TC-07: a sacrifice keeps the attacker attacking."""
    state, _ = step(table((2, 5, 9, 10), (3, 6, 8, 11), phase=Phase.ATTACK), YAY, "attack 9")
    state, told = step(state, WOW, "sacrifice")
    assert kinds(told[None]) == ["sacrifice", "trick_end"]
    assert told[None][0].data == {"rule": "TC-06", "card": 3, "attack": 9}
    assert told[None][1].data["attacker"] == YAY
    assert told[None][1].text("en", NAMES) == "Trick over: Ana attacks next."


def test_tc08_tc09_the_round_result_names_the_winner_and_where_tacocat_moved() -> None:
    """TC-08: the showdown's cards; TC-09: who won the round and Tacocat's new space."""
    state, _ = step(table((2, 9), (6, 11), phase=Phase.ATTACK), YAY, "attack 9")
    state, told = step(state, WOW, "defend 11")
    assert kinds(told[None]) == ["defend", "showdown", "round_end"]
    showdown, result = told[None][1:]
    assert showdown.data["cards"] == [2, 6]
    assert result.data["winner"] == YAY
    assert result.data["position"] == START - 1 == state.position
    assert result.text("en", NAMES) == "Ana wins round 1: Tacocat moves to the C (space 3)."
    assert result.text("es", NAMES) == "Ana gana la ronda 1: el Tacocat pasa a la C (casilla 3)."
    # The next step deals round 2 and says so.
    action = tacocat.Draw(state.pile[0])
    after = runner.step(GAME, state, CHANCE, action)
    first = step_events(GAME, state, CHANCE, action, after, None)[0]
    assert first.kind == "round_start" and first.data["round"] == 2


def test_tc08_a_drawn_round_is_told() -> None:
    """TC-08: equal last cards: the round is drawn and Tacocat stays."""
    state, _ = step(table((6, 12), (6, 12), phase=Phase.DUEL), YAY, "duel 12")
    _, told = step(state, WOW, "duel 12")
    result = told[None][-1]
    assert result.kind == "round_end" and result.data["winner"] is None
    assert result.data["moved"] is False
    assert "draw" in result.text("en", NAMES)


def test_tc10_the_end_of_the_game_with_its_reason_and_figures() -> None:
    """TC-10: Tacocat entering a goal ends the game: ``game_end`` with the outcome."""
    start = table((2, 9), (6, 11), phase=Phase.ATTACK, position=0)
    state, _ = step(start, YAY, "attack 9")
    state, told = step(state, WOW, "defend 11")
    end = told[WOW][-1]
    assert end.kind == "game_end"
    assert end.data["reason"] == "goal" and end.data["winners"] == [YAY]
    assert end.data["figures"]["rounds_won"] == [1, 0]
    assert end.data["figures"]["position"] == -1
    assert end.text("en", NAMES) == "Game over: Tacocat entered the YAY goal. Winner: Ana."
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.turns == 1 and outcome.end_reason == "goal"


def test_tc03_a_forced_keep_is_told_to_the_seat_that_had_no_choice() -> None:
    """TC-03: after the arrow player keeps, the other may only keep: a ``forced`` event."""
    state = table((3, 4, 5, 6), (3, 4, 5, 6), phase=Phase.REPLACE, position=6)
    state, _ = step(state._replace(replaced=(-1, -1)), YAY, "keep")
    _, told = step(state, WOW, "keep")
    assert told[WOW][0].kind == "forced"
    assert told[WOW][0].text("en", NAMES).startswith("You had only one legal move")
    assert "forced" not in kinds(told[YAY])  # hand-dependent: told to the seat only
