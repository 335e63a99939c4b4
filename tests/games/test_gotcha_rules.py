"""Gotcha!, rule by rule: scenario tests per rule id GT-01..GT-16.

Rulings: ``shared/games/gotcha.md``; map of rule -> code -> test: ``docs/rules/gotcha.md``.
Every action goes through ``runner.step`` (which checks legality). Tables are four players
with declared profiles (seat 0 Ana, woman with jeans and glasses; 1 Bruno, man; 2 Carla,
woman; 3 Diego, man with glasses); the printed WHO groups are area a1 "men", a2 "women".
Hands are set with :func:`give`; the card drawn is chosen with :func:`draw`.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from collections.abc import Mapping
from typing import Any

import pytest
from rules_map import check_rules_map

from ludoteca.engine import runner
from ludoteca.engine.errors import (
    GameSetupError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
)
from ludoteca.engine.game import CHANCE
from ludoteca.games.gotcha import actions as gotcha_actions
from ludoteca.games.gotcha import cards as gotcha_cards
from ludoteca.games.gotcha import game as gotcha
from ludoteca.games.gotcha import legal as gotcha_legal
from ludoteca.games.gotcha import referee as gotcha_referee
from ludoteca.games.gotcha import state as gotcha_state
from ludoteca.games.gotcha.actions import Buzz, Chat, Deal, Draw, Emote, Play, Vote
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import (
    DEAL,
    DRAW,
    NAMES_MAN,
    NAMES_WOMAN,
    OVER,
    PLAY,
    VOTE,
    State,
    profiles_from,
)

PROFILES = [
    {"name": "Ana", "age": 30, "traits": ["woman", "jeans", "glasses"]},
    {"name": "Bruno", "age": 41, "traits": ["man"]},
    {"name": "Carla", "age": 25, "traits": ["woman"]},
    {"name": "Diego", "age": 52, "traits": ["man", "glasses"]},
]

# Cards used below (their predicates come from the cards module):
WHISPER = "A01"  # WHAT: must whisper (chat all lower case)
AIR_GUITAR = "A07"  # WHAT: must play air guitar before playing a card
PEACE = "A11"  # WHAT: must flash a peace sign within 3 s whenever the buzzer sounds
GLASSES = "W02"  # WHO: anyone wearing glasses
EVERYONE = "W29"  # WHO: everyone
CLAP_FIRST = "I04"  # individual: must clap before playing a card
IND_WHISPER = "I08"  # individual: must whisper
NEVER_CLAP = "I16"  # individual: must never clap


# ---------------------------------------------------------------------------------------
# Helpers


def new(players: int = 4, **options: object) -> State:
    """A state after setup with the declared profiles (the first ``players``)."""
    given: dict[str, object] = {"profiles": json.dumps(PROFILES[:players])}
    given.update(options)
    state: State = runner.new_game(GAME, players, 0, given)
    return state


def act(state: State, seat: int, text: str, dt: int = 100) -> State:
    """Apply ``text`` (without its time) for ``seat`` at ``dt`` ms after the clock."""
    after: State = runner.step(GAME, state, seat, GAME.parse_action(f"@{state.clock + dt} {text}"))
    return after


def illegal(state: State, seat: int, text: str, dt: int = 100) -> IllegalActionError:
    """The error refusing ``text``; the state must be unchanged."""
    before = state
    with pytest.raises(IllegalActionError) as caught:
        runner.step(GAME, state, seat, GAME.parse_action(f"@{state.clock + dt} {text}"))
    assert state == before
    return caught.value


def free(state: State, *cards: str) -> State:
    """``cards`` back in the pile: a seat holding one gets a filler card instead."""
    hands = [list(h) for h in state.hands]
    pile = list(state.pile)
    for card in cards:
        for hand in hands:
            if card in hand:
                filler = next(c for c in reversed(pile) if c[0] == "W" and c not in cards)
                hand[hand.index(card)] = filler
                pile[pile.index(filler)] = card
    return state._replace(hands=tuple(tuple(sorted(h)) for h in hands), pile=tuple(sorted(pile)))


def give(state: State, seat: int, *cards: str) -> State:
    """``seat`` holds exactly ``cards`` (taken from the pile; its old hand goes back)."""
    hands = list(state.hands)
    pile = set(state.pile) | set(hands[seat])
    hands[seat] = ()
    state = free(state._replace(hands=tuple(hands), pile=tuple(sorted(pile))), *cards)
    hands = list(state.hands)
    hands[seat] = tuple(sorted(cards))
    return state._replace(hands=tuple(hands), pile=tuple(sorted(set(state.pile) - set(cards))))


def draw(state: State, card: str, dt: int = 100) -> State:
    """The turn player draws and is dealt ``card``."""
    state = act(free(state, card), state.current, "draw", dt)
    assert state.phase == DEAL
    after: State = runner.step(GAME, state, CHANCE, Deal(card))
    return after


def turn(state: State, play: str, drawn: str | None = None, dt: int = 100) -> State:
    """The turn player draws (``drawn``, or the highest WHAT card of the pile, a filler no
    test names) and plays ``play``."""
    drawn = drawn or next(c for c in reversed(state.pile) if c[0] == "A")
    state = draw(state, drawn, dt)
    return act(state, state.current, f"play {play}", dt)


def live_whisper_for_men(grace: bool = True) -> State:
    """Seat 0 plays "must whisper" under the printed "men" of a1; the grace period passes
    (an emote by Carla 3 s later) unless ``grace`` is false. Seat 1 (Bruno) is to play."""
    state = give(new(), 0, WHISPER, "W01")
    state = turn(state, f"{WHISPER} a1")
    if grace:
        state = act(state, 2, "emote wave", 3000)
    return state


def positions(state: State) -> tuple[int, ...]:
    return state.positions


# ---------------------------------------------------------------------------------------
# GT-01 Setup


def test_gt01_pawns_on_start_two_cards_each_rest_is_the_pile() -> None:
    """GT-01: pawns on START; 2 cards dealt to each player; the rest is the draw pile."""
    for players in (3, 4, 8):
        state = runner.new_game(GAME, players, 5)
        assert state.positions == (0,) * players
        assert all(len(hand) == 2 for hand in state.hands)
        dealt = [c for hand in state.hands for c in hand]
        assert len(set(dealt)) == 2 * players
        assert sorted(dealt + list(state.pile)) == sorted(gotcha_state.deck(False))
        assert state.phase == DRAW and state.current == 0 and state.turn == 1


def test_gt01_blank_cards_are_removed_unless_custom_cards() -> None:
    """GT-01: the 6 blank cards are out of the deck unless option custom_cards."""
    blanks = {c.id for c in gotcha_cards.CARDS if not c.checkable}
    assert len(blanks) == 6
    plain = runner.new_game(GAME, 4, 1)
    assert not blanks & set(plain.pile) and not any(blanks & set(h) for h in plain.hands)
    assert len(gotcha_state.deck(False)) == 104
    custom = runner.new_game(GAME, 4, 1, {"custom_cards": True})
    everything = set(custom.pile).union(*custom.hands)
    assert blanks <= everything and len(everything) == 110


def test_gt01_three_players_use_three_mats_more_use_four() -> None:
    """GT-01 / GT-04: with 3 players only 3 mats; otherwise 4."""
    assert len(runner.new_game(GAME, 3, 0).mats) == 3
    assert len(runner.new_game(GAME, 5, 0).mats) == 4


def test_gt01_profiles_are_declared_or_random_and_bad_profiles_are_refused() -> None:
    """GT-01 (digital): profiles come from option profiles, else random from the seed."""
    state = new()
    assert [p.name for p in state.profiles] == ["Ana", "Bruno", "Carla", "Diego"]
    assert state.profiles[0].traits == frozenset({"woman", "jeans", "glasses"})
    random_a = runner.new_game(GAME, 5, 3).profiles
    assert random_a == runner.new_game(GAME, 5, 3).profiles
    assert all(len({"man", "woman"} & p.traits) == 1 for p in random_a)
    with pytest.raises(GameSetupError):
        runner.new_game(GAME, 4, 0, {"profiles": json.dumps(PROFILES[:3])})
    with pytest.raises(GameSetupError):
        runner.new_game(GAME, 4, 0, {"profiles": "[not json"})
    with pytest.raises(GameSetupError):
        runner.new_game(GAME, 4, 0, {"printed_groups": "man,unicorn"})


# ---------------------------------------------------------------------------------------
# GT-02 Turn


def test_gt02_draw_starts_the_turn_and_play_ends_it_passing_to_the_next_seat() -> None:
    """GT-02: draw one card, then play one; play passes to seat + 1. «Roba una carta del
    mazo de robo. Esta acción inicia tu turno»: the turn's start is logged with the draw."""
    state = give(new(), 0, WHISPER, "W01")
    state = draw(state, "A02")
    assert [e.kind for e in state.log[-2:]] == ["turn_start", "draw"]
    assert state.phase == PLAY and state.hands[0] == ("A01", "A02", "W01")
    state = act(state, 0, "play A02 a2")
    assert state.current == 1 and state.phase == DRAW and state.turn == 2
    assert state.hands[0] == ("A01", "W01")
    assert [e.kind for e in state.log[-2:]] == ["play", "announce"]


def test_gt02_only_the_turn_player_draws_and_plays_and_in_that_order() -> None:
    """GT-02: nobody else draws or plays; no play before the draw, no second draw."""
    state = give(new(), 0, WHISPER, "W01")
    assert illegal(state, 1, "draw").rule_id == "GT-02"
    assert illegal(state, 0, f"play {WHISPER} a1").rule_id == "GT-02"
    state = draw(state, "A02")
    assert illegal(state, 0, "draw").rule_id == "GT-02"
    assert illegal(state, 2, "play A02 a1").rule_id == "GT-02"
    error = illegal(state, 0, "play A05 a1")
    assert error.rule_id == "GT-02" and "you do not hold card A05" in error.text("en")


def test_gt02_the_drawn_card_is_dealt_by_chance_and_seats_wait() -> None:
    """GT-02: after the draw only chance acts (the card comes off the pile)."""
    state = act(new(), 0, "draw")
    assert GAME.actors(state) == (CHANCE,)
    with pytest.raises(NotYourTurnError):
        runner.step(GAME, state, 1, Chat(state.clock + 10, "hola"))
    outcomes = GAME.chance_outcomes(state)
    assert {str(a) for a, _ in outcomes} == {f"deal {c}" for c in state.pile}
    assert sum(p for _, p in outcomes) == 1


# ---------------------------------------------------------------------------------------
# GT-03 Rule areas


def test_gt03_a_what_card_under_the_printed_who_makes_a_live_rule() -> None:
    """GT-03: areas start with the printed groups and no WHAT: nothing is live; a WHAT card
    under the printed "men" makes a1 live."""
    state = new()
    assert gotcha_state.live_slots(state) == ()
    assert state.who == (("P:man",), ("P:woman",))
    state = live_whisper_for_men(grace=False)
    assert gotcha_state.live_slots(state) == (0,)
    assert gotcha_state.bound_seats(state, 0) == (1, 3)
    view = GAME.view(state, 2)
    assert view["slots"][0]["live"] and view["slots"][0]["en"].lower().startswith("men")


def test_gt03_a_who_card_covers_the_printed_group_and_a_lone_who_is_not_live() -> None:
    """GT-03: a WHO card goes on either area covering what is there; an area with a WHO
    and no WHAT is not live."""
    state = give(new(), 0, GLASSES, "W01")
    state = turn(state, f"{GLASSES} a2")
    assert state.who[1] == ("P:woman", GLASSES)
    assert gotcha_state.live_slots(state) == ()
    state = give(state, 1, WHISPER, "W03")
    state = turn(state, f"{WHISPER} a2")
    assert gotcha_state.bound_seats(state, 1) == (0, 3)  # glasses: Ana and Diego


def test_gt03_a_new_what_covers_the_old_one_on_the_same_area() -> None:
    """GT-03: playing onto an occupied slot covers the card there."""
    state = live_whisper_for_men()
    state = give(state, 1, AIR_GUITAR, "W05")
    state = turn(state, f"{AIR_GUITAR} a1")
    assert state.what[0] == (WHISPER, AIR_GUITAR)
    assert gotcha_state.rule_card(state, 0).id == AIR_GUITAR  # type: ignore[union-attr]


def test_gt03_who_and_what_cards_go_to_areas_only() -> None:
    """GT-03: a WHO or WHAT card cannot go on a mat or name a player."""
    state = draw(give(new(), 0, WHISPER, "W01"), "A02")
    assert illegal(state, 0, f"play {WHISPER} m1 2").rule_id == "GT-03"
    assert illegal(state, 0, "play W01 m1 1").rule_id == "GT-03"


# ---------------------------------------------------------------------------------------
# GT-04 Individual mats


def test_gt04_an_individual_card_goes_on_a_free_mat_to_a_player_without_one() -> None:
    """GT-04: a free mat first, given to any player with no individual rule."""
    state = give(new(), 0, CLAP_FIRST, "W01")
    state = draw(state, IND_WHISPER)
    assert illegal(state, 0, f"play {CLAP_FIRST} m2 2").rule_id == "GT-04"  # m1 is free
    assert illegal(state, 0, f"play {CLAP_FIRST} a1").rule_id == "GT-04"
    state = act(state, 0, f"play {CLAP_FIRST} m1 2")
    assert state.mats[0] == gotcha_state.Mat(2, (CLAP_FIRST,), "")
    assert gotcha_state.bound_seats(state, 2) == (2,)
    # Carla has a rule now: nobody may give her another while mats are free.
    state = give(state, 1, NEVER_CLAP, "W03")
    state = draw(state, "A02")
    error = illegal(state, 1, f"play {NEVER_CLAP} m2 2")
    assert error.rule_id == "GT-04" and "already has an individual rule" in error.text("en")
    state = act(state, 1, f"play {NEVER_CLAP} m2 1")  # even to oneself
    assert state.mats[1].owner == 1


def test_gt04_with_every_mat_in_use_one_is_taken_from_anyone_and_its_card_covered() -> None:
    """GT-04: with 3 players only 3 individual rules; when all mats are in use, one is
    taken from any player (even the one playing) and given to a player without one."""
    state = new(3)
    for seat, card in enumerate(("I01", "I02", "I03")):
        state = give(state, seat, card, "W01" if seat == 0 else f"W0{seat + 2}")
        state = turn(state, f"{card} m{seat + 1} {seat}")
    assert [m.owner for m in state.mats] == [0, 1, 2]
    state = give(state, 0, CLAP_FIRST, "W01")
    state = draw(state, "A02")
    # Every player holds a rule: only the owner of the mat taken may receive it.
    assert illegal(state, 0, f"play {CLAP_FIRST} m1 1").rule_id == "GT-04"
    state = act(state, 0, f"play {CLAP_FIRST} m2 1")  # Bruno's mat back to Bruno
    assert state.mats[1] == gotcha_state.Mat(1, ("I02", CLAP_FIRST), "")
    listed = {str(a) for a in GAME.legal_actions(draw(give(state, 1, "I05", "W05"), "A03"), 1)}
    assert any(t.endswith("play I05 m1 0") for t in listed)  # from seat 0 to seat 0
    assert not any(re.search(r"play I05 m1 [12]$", t) for t in listed)


# ---------------------------------------------------------------------------------------
# GT-05 Read aloud: binding after the announcement and the grace period


def test_gt05_a_rule_binds_only_after_its_announcement_plus_grace() -> None:
    """GT-05: breaking a rule during the grace period is no breach; after it, it is."""
    state = live_whisper_for_men(grace=False)
    state = act(state, 1, "chat HOLA", 1000)  # 1 s after the announcement: still grace
    assert state.breaches == ()
    assert positions(act(state, 2, "buzz a1 1")) == (0, 0, 0, 0)  # wrong buzz, no penalty
    state = act(state, 1, "chat OTRA VEZ", 2500)  # 3.5 s after: binding
    assert [(r.seat, r.slot) for r in state.breaches] == [(1, 0)]
    assert positions(act(state, 2, "buzz a1 1")) == (0, -1, 2, 0)


def test_gt05_what_is_done_during_the_grace_period_counts_toward_keeping_the_rule() -> None:
    """GT-05: Bruno gets "clap before playing a card"; he claps during the grace period and
    plays after it: kept. Without the clap the same play is a breach."""
    state = give(new(), 0, CLAP_FIRST, "W01")
    state = give(turn(state, f"{CLAP_FIRST} m1 1"), 1, "W03", "W04")  # Bruno's turn
    clapped = act(state, 1, "emote clap", 500)
    assert turn(clapped, "W03 a2", dt=3000).breaches == ()
    assert [r.seat for r in turn(state, "W03 a2", dt=3000).breaches] == [1]


def test_gt05_the_grace_period_is_an_option() -> None:
    """GT-05: option grace_ms (0: binding at once)."""
    state = give(new(grace_ms=0), 0, WHISPER, "W01")
    state = turn(state, f"{WHISPER} a1")
    state = act(state, 1, "chat HOLA", 10)
    assert len(state.breaches) == 1


def test_gt05_the_announcement_is_logged_with_the_whole_sentence_in_view() -> None:
    """GT-05: the play is announced (an ``announce`` event) and the view reads the rule."""
    state = live_whisper_for_men(grace=False)
    announce = [e for e in state.log if e.kind == "announce"]
    assert announce and announce[-1].text == WHISPER
    slot = GAME.view(state, None)["slots"][0]
    assert slot["binds_from"] == slot["announced"] + 3000
    assert slot["es"] == gotcha_cards.sentence(
        gotcha_cards.printed_who("man"), gotcha_cards.card(WHISPER), "es"
    )


# ---------------------------------------------------------------------------------------
# GT-06 Buzz


def test_gt06_a_correct_buzz_names_a_live_rule_and_a_breaker() -> None:
    """GT-06: anyone may buzz naming the live rule and the breaker; the record decides."""
    state = live_whisper_for_men()
    state = act(state, 3, "chat Hola a todos")  # Diego (man) breaks the whisper rule
    after = act(state, 0, "buzz a1 3")
    assert positions(after) == (2, 0, 0, -1)
    assert after.buzzes[-1].result == "correct"


def test_gt06_naming_someone_who_kept_the_rule_is_wrong_even_with_a_real_breaker() -> None:
    """GT-06: every named player must have broken the rule."""
    state = live_whisper_for_men()
    state = act(state, 3, "chat Hola")
    state = act(state, 1, "chat hola")  # Bruno whispers: kept
    after = act(state, 0, "buzz a1 1,3")
    assert positions(after) == (0, 0, 0, 0) and after.buzzes[-1].result == "wrong"
    assert positions(act(state, 0, "buzz a1 3")) == (2, 0, 0, -1)


def test_gt06_a_breach_scores_once() -> None:
    """GT-06: a breach already scored cannot be buzzed again."""
    state = live_whisper_for_men()
    state = act(state, 3, "chat Hola")
    state = act(state, 0, "buzz a1 3")
    again = act(state, 2, "buzz a1 3")
    assert positions(again) == positions(state) and again.buzzes[-1].result == "wrong"


def test_gt06_a_seat_not_covered_by_the_who_cannot_break_it() -> None:
    """GT-06: Carla (a woman) shouting is no breach of a rule for men."""
    state = live_whisper_for_men()
    state = act(state, 2, "chat HOLA")
    assert state.breaches == ()


def test_gt06_buzzes_must_name_a_live_rule_and_opponents() -> None:
    """GT-06: no buzz of an empty slot, of oneself, or of nobody."""
    state = live_whisper_for_men()
    assert illegal(state, 2, "buzz a2 1").rule_id == "GT-06"
    assert illegal(state, 2, "buzz m1 1").rule_id == "GT-06"
    assert illegal(state, 1, "buzz a1 1").rule_id == "GT-06"
    assert illegal(state, 2, "buzz a1 9").rule_id == "GT-06"
    with pytest.raises(InvalidActionError):
        GAME.parse_action("@99999 buzz a1")


def test_gt06_an_unmet_reaction_is_a_breach_once_its_delay_is_over() -> None:
    """GT-06 with a timed rule: "flash a peace sign whenever the buzzer sounds" (3 s)."""
    state = give(new(), 0, PEACE, "W01")
    state = give(turn(state, f"{PEACE} a2"), 1, "W03", "W04")  # women: Ana and Carla
    state = act(state, 1, "emote wave", 4000)
    state = act(state, 3, "buzz a2 2")  # a wrong buzz, but the buzzer sounded
    state = act(state, 0, "emote peace", 1000)  # Ana reacts in time
    assert state.breaches == ()
    state = act(state, 1, "emote clap", 2500)  # 3.5 s after the buzz: Carla missed it
    assert [(r.seat, r.slot) for r in state.breaches] == [(2, 1)]
    assert positions(act(state, 1, "buzz a2 2"))[1:3] == (2, -1)


# ---------------------------------------------------------------------------------------
# GT-07 Window


def test_gt07_a_breach_can_be_buzzed_until_the_end_of_the_next_turn() -> None:
    """GT-07: a breach in turn k can be caught during turn k+1, not in turn k+2."""
    state = live_whisper_for_men()  # turn 2 (Bruno)
    state = act(state, 3, "chat HOLA")
    state = give(state, 1, "W03", "W04")
    state = turn(state, "W03 a2")  # turn 3 (Carla) starts
    assert state.turn == 3
    assert positions(act(state, 0, "buzz a1 3")) == (2, 0, 0, -1)
    state = give(state, 2, "W05", "W06")
    state = turn(state, "W05 a2")  # turn 4: the breaker got away with it
    assert state.breaches == ()
    assert positions(act(state, 0, "buzz a1 3")) == (0, 0, 0, 0)


def test_gt07_a_covered_rule_keeps_its_breaches_for_the_whole_window() -> None:
    """GT-07, «Solo tienes 1 turno para avisar a un infractor de reglas por una infracción»:
    covering a rule does not erase its breaches, not even the one the covering play
    commits; a buzz naming the slot still catches them until the window closes."""
    state = give(new(), 0, AIR_GUITAR, "W01")
    state = turn(state, f"{AIR_GUITAR} a1")  # men must play air guitar before playing
    state = act(state, 2, "emote wave", 3000)
    state = give(state, 1, WHISPER, "W04")
    state = turn(state, f"{WHISPER} a1")  # Bruno plays without air guitar, covering it
    assert [(r.seat, r.slot) for r in state.breaches] == [(1, 0)]
    assert positions(act(state, 0, "buzz a1 1")) == (2, -1, 0, 0)
    state = turn(give(state, 2, "W05", "W06"), "W05 a2")  # turn 3 ends: the window closes
    assert state.breaches == ()
    assert positions(act(state, 0, "buzz a1 1")) == positions(state)


# ---------------------------------------------------------------------------------------
# GT-08 Scoring


def test_gt08_several_breakers_of_one_rule_score_two_once_and_each_loses_one() -> None:
    """GT-08: the buzzer gains 2 once; each breaker moves back 1."""
    state = live_whisper_for_men()
    state = act(state, 1, "chat HOLA")
    state = act(state, 3, "chat QUE TAL")
    assert positions(act(state, 2, "buzz a1 1,3")) == (0, -1, 2, -1)


def test_gt08_pawns_never_go_below_wrong_way_and_stop_at_champ() -> None:
    """GT-08: WRONG WAY is the floor."""
    state = live_whisper_for_men()._replace(positions=(0, -1, 0, 0))
    state = act(state, 1, "chat HOLA")
    assert positions(act(state, 2, "buzz a1 1")) == (0, -1, 2, 0)
    assert gotcha_referee.score((7, 0, 0, 0), 0, (1,), 8) == (8, -1, 0, 0)


def test_gt08_a_wrong_buzz_costs_nothing_unless_the_english_option() -> None:
    """GT-08: no penalty (rulebook); wrong_buzz_penalty=1 moves the buzzer back 1."""
    state = live_whisper_for_men()
    assert positions(act(state, 2, "buzz a1 1")) == (0, 0, 0, 0)
    state = give(new(wrong_buzz_penalty=1), 0, WHISPER, "W01")
    state = act(turn(state, f"{WHISPER} a1"), 2, "emote wave", 3000)
    assert positions(act(state, 2, "buzz a1 1")) == (0, 0, -1, 0)


# ---------------------------------------------------------------------------------------
# GT-09 Blank cards: votes


def blank_rule_state() -> State:
    """Ana writes a blank WHAT card under "women" (a2)."""
    state = give(new(custom_cards=True), 0, "B01", "W01")
    state = turn(state, "B01 a2 : must sing before talking")
    return act(state, 1, "emote wave", 3000)


def test_gt09_a_buzz_on_a_blank_rule_goes_to_a_vote_of_every_player() -> None:
    """GT-09: uncheckable rule: every player votes (the buzzer and the accused too)."""
    state = blank_rule_state()
    assert "must sing before talking" in GAME.view(state, None)["slots"][1]["en"]
    state = act(state, 1, "buzz a2 2")
    assert state.phase == VOTE and GAME.actors(state) == (0, 1, 2, 3)
    assert illegal(state, 3, "chat hola").rule_id == "GT-09"
    for seat, vote in ((0, "yes"), (1, "yes"), (2, "no")):
        state = act(state, seat, f"vote {vote}")
    state = act(state, 3, "vote yes")
    assert state.phase == DRAW and positions(state) == (0, 2, -1, 0)
    assert state.buzzes[-1].result == "correct"


def test_gt09_a_majority_against_makes_the_buzz_wrong() -> None:
    """GT-09: majority no: a wrong buzz (no penalty by default)."""
    state = act(blank_rule_state(), 1, "buzz a2 2")
    for seat, vote in enumerate(("no", "no", "no", "yes")):
        state = act(state, seat, f"vote {vote}")
    assert positions(state) == (0, 0, 0, 0) and state.buzzes[-1].result == "wrong"


def test_gt09_without_a_majority_nobody_scores() -> None:
    """GT-09: a tie: nobody scores and play goes on."""
    state = act(blank_rule_state(), 1, "buzz a2 2")
    for seat, vote in enumerate(("yes", "no", "no", "yes")):
        state = act(state, seat, f"vote {vote}")
    assert positions(state) == (0, 0, 0, 0) and state.buzzes[-1].result == "no_majority"
    assert state.phase == DRAW


def test_gt09_votes_only_during_a_vote_and_once_each() -> None:
    """GT-09: no vote without a buzz on a blank rule; one ballot per player."""
    state = blank_rule_state()
    assert illegal(state, 0, "vote yes").rule_id == "GT-09"
    state = act(act(state, 1, "buzz a2 2"), 0, "vote yes")
    with pytest.raises(NotYourTurnError) as caught:
        runner.step(GAME, state, 0, Vote(state.clock + 5, False))
    assert caught.value.rule_id == "GT-09"


def test_gt09_checkable_rules_are_decided_from_the_log_without_a_vote() -> None:
    """GT-09: a checkable rule never opens a vote."""
    state = act(live_whisper_for_men(), 2, "buzz a1 1")
    assert state.phase == DRAW and state.ballot is None


# ---------------------------------------------------------------------------------------
# GT-10 Win


def test_gt10_reaching_champ_wins_at_once() -> None:
    """GT-10: the first pawn on CHAMP wins; nobody acts any more."""
    state = live_whisper_for_men()._replace(positions=(0, 0, 6, 0))
    state = act(state, 1, "chat HOLA")
    state = act(state, 2, "buzz a1 1")
    assert state.phase == OVER and GAME.actors(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (2,) and outcome.ranks[2] == 1
    assert "Carla reached CHAMP" in outcome.reason.text("en")  # type: ignore[union-attr]
    with pytest.raises(NotYourTurnError) as caught:
        runner.step(GAME, state, 0, Chat(state.clock + 1, "hola"))
    assert caught.value.rule_id == "GT-10"


def test_gt10_six_spaces_is_no_win() -> None:
    """GT-10: short of CHAMP the game goes on."""
    state = live_whisper_for_men()._replace(positions=(0, 0, 4, 0))
    state = act(act(state, 1, "chat HOLA"), 2, "buzz a1 1")
    assert state.phase == DRAW and GAME.outcome(state) is None


# ---------------------------------------------------------------------------------------
# GT-11 Draw pile exhausted


def test_gt11_an_empty_pile_is_rebuilt_from_every_covered_card() -> None:
    """GT-11: tops stay; covered cards become the new pile."""
    state = live_whisper_for_men()
    state = give(state, 1, AIR_GUITAR, "W05")
    state = turn(state, f"{AIR_GUITAR} a1")  # covers the whisper card
    state = give(state, 2, "W03", "W04")
    state = turn(state, "W03 a1")  # covers the printed "men"
    state = give(state, 3, "W06", "W07")
    state = turn(state, "W06 a1")  # covers the played WHO card W03
    held = {c for hand in state.hands for c in hand}
    state = state._replace(pile=())
    state = act(state, state.current, "draw")
    # The covered WHAT and the covered WHO card; the printed "men" is no card.
    assert state.pile == tuple(sorted(("W03", WHISPER)))
    assert state.what[0] == (AIR_GUITAR,) and state.who[0] == ("W06",)
    assert not held & set(state.pile)


# ---------------------------------------------------------------------------------------
# GT-12 Auto-referee


def test_gt12_the_auto_referee_buzzes_uncaught_breaches_when_the_window_closes() -> None:
    """GT-12: option auto_referee: the breaker moves back 1, nobody gains."""
    state = give(new(auto_referee=True), 0, WHISPER, "W01")
    state = act(turn(state, f"{WHISPER} a1"), 2, "emote wave", 3000)
    state = act(state, 3, "chat HOLA")
    state = turn(give(state, 1, "W03", "W04"), "W03 a2")
    assert positions(state) == (0, 0, 0, 0)
    state = turn(give(state, 2, "W05", "W06"), "W05 a2")
    assert positions(state) == (0, 0, 0, -1)
    assert state.buzzes[-1].result == "referee" and state.buzzes[-1].buzzer == -1
    assert any(e.kind == "buzz" and e.seat == -1 for e in state.log)


def test_gt12_without_the_auto_referee_the_breaker_gets_away() -> None:
    """GT-12: off by default."""
    state = live_whisper_for_men()
    state = act(state, 3, "chat HOLA")
    state = turn(give(state, 1, "W03", "W04"), "W03 a2")
    state = turn(give(state, 2, "W05", "W06"), "W05 a2")
    assert positions(state) == (0, 0, 0, 0) and not state.buzzes


# ---------------------------------------------------------------------------------------
# GT-13 Hidden information


def test_gt13_the_breach_record_is_in_no_view() -> None:
    """GT-13: the referee's record is seen by nobody until buzzed."""
    state = act(live_whisper_for_men(), 3, "chat HOLA")
    assert state.breaches
    for seat in (0, 1, 2, 3, None):
        text = json.dumps(GAME.view(state, seat))
        assert "breach" not in text and "scored" not in text
    assert GAME.sample_state(GAME.view(state, 0), 0, random.Random(1)).breaches == ()


def test_gt13_hands_are_secret_the_room_is_public() -> None:
    """GT-13: own hand only; counts of the others; the log, positions, traits public."""
    state = act(live_whisper_for_men(), 3, "chat HOLA")
    view = GAME.view(state, 2)
    assert view["hand"] == list(state.hands[2]) and "hands" not in view
    assert view["hand_counts"] == [len(h) for h in state.hands]
    assert "hand" not in GAME.view(state, None)
    assert [3, "chat", "HOLA"] in [entry[1:4] for entry in view["log"]]
    assert view["profiles"][0]["traits"] == ["glasses", "jeans", "woman"]
    assert view["pile_size"] == len(state.pile) and "pile" not in view


def test_gt13_sampled_states_keep_the_view_and_redraw_hidden_hands() -> None:
    """GT-13: sample_state keeps what a seat sees and redraws the rest."""
    state = act(live_whisper_for_men(), 3, "chat HOLA")
    view = GAME.view(state, 1)
    sampled = GAME.sample_state(json.loads(json.dumps(view)), 1, random.Random(4))
    assert GAME.view(sampled, 1) == view
    assert sampled.hands[1] == state.hands[1]
    assert list(GAME.legal_actions(sampled, 1)) == list(GAME.legal_actions(state, 1))


# ---------------------------------------------------------------------------------------
# GT-14 Turn limit


def test_gt14_a_room_may_choose_a_turn_limit_and_the_furthest_pawn_wins() -> None:
    """GT-14: after turn_limit turns the furthest pawn wins; ties share."""
    state = give(new(turn_limit=8), 0, "W01", "W03")._replace(turn=8, positions=(3, 1, 3, 0))
    state = turn(state, "W01 a1")
    assert state.phase == OVER
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 2)
    assert outcome.scores == (1.0, 0.0, 1.0, 0.0) and outcome.ranks == (1, 3, 1, 4)
    assert "8-turn limit" in outcome.reason.text("en")  # type: ignore[union-attr]


def test_gt14_before_the_limit_the_game_goes_on() -> None:
    """GT-14: turn 7 of 8 ends without an outcome."""
    state = give(new(turn_limit=8), 0, "W01", "W03")._replace(turn=7)
    assert GAME.outcome(turn(state, "W01 a1")) is None


# ---------------------------------------------------------------------------------------
# GT-15 Game room


def test_gt15_each_seat_sends_at_most_events_per_turn_room_events() -> None:
    """GT-15: chat and emotes count; the limit resets each turn; the turn player may still
    draw and play. (Buzzes do not count: see ``test_gotcha_turns``.)"""
    state = new(events_per_turn=2)
    state = act(act(state, 1, "chat hola"), 1, "emote clap")
    assert 1 not in GAME.actors(state)
    with pytest.raises(NotYourTurnError) as caught:
        runner.step(GAME, state, 1, Emote(state.clock + 1, "wave"))
    assert caught.value.rule_id == "GT-15"
    state = act(act(state, 0, "chat hola"), 0, "emote clap")
    state = act(state, 0, "draw")
    assert GAME.actors(state) == (CHANCE,)
    state = runner.step(GAME, state, CHANCE, Deal(state.pile[0]))
    card = next(c for c in state.hands[0] if c[0] in "WA")
    state = act(state, 0, f"play {card} a1")
    assert 1 in GAME.actors(state) and state.events_left == (2, 2, 2, 2)


def test_gt15_chat_texts_and_emotes_are_checked() -> None:
    """GT-15: 1..200 characters, no line breaks or outer spaces; emotes from the set."""
    state = new()
    assert illegal(state, 1, "emote moonwalk").rule_id == "GT-15"
    too_long = Chat(state.clock + 1, "x" * 201)
    assert GAME.explain(state, 1, too_long) is not None
    assert GAME.explain(state, 1, Chat(state.clock + 1, " hola")) is not None
    assert GAME.explain(state, 1, Chat(state.clock + 1, "a\nb")) is not None
    assert GAME.explain(state, 1, Chat(state.clock + 1, "x" * 200)) is None
    for emote in gotcha_cards.EMOTES:
        assert Emote(state.clock + 1, emote) in GAME.legal_actions(state, 2)


def test_gt15_any_text_and_time_is_legal_not_only_the_listed_ones() -> None:
    """GT-15 / GT-16: membership accepts unlisted texts and times (a server stamps them)."""
    state = new()
    legal = GAME.legal_actions(state, 1)
    typed = Chat(state.clock + 12345, "¿quién empieza?")
    assert typed not in list(legal) and typed in legal
    after = runner.step(GAME, state, 1, typed)
    assert after.log[-1] == gotcha_cards.Event(12345, 1, "chat", "¿quién empieza?")


# ---------------------------------------------------------------------------------------
# GT-16 Clock


def test_gt16_an_action_cannot_be_earlier_than_the_clock_nor_too_far_ahead() -> None:
    """GT-16: times are never before the last event nor more than 60 s after it."""
    state = act(new(), 1, "chat hola", 5000)
    assert state.clock == 5000
    assert GAME.explain(state, 2, Chat(4999, "hola"))[0] == "GT-16"  # type: ignore[index]
    assert GAME.explain(state, 2, Chat(5000, "hola")) is None
    assert GAME.explain(state, 2, Chat(65001, "hola"))[0] == "GT-16"  # type: ignore[index]
    assert GAME.explain(state, 0, Draw(65000)) is None


def test_gt16_several_seats_race_and_the_earliest_action_counts() -> None:
    """GT-16: in ``runner.play`` only the earliest proposal is applied each time."""

    class At:
        def __init__(self, delay: int, text: str) -> None:
            self.name, self.delay, self.text = "at", delay, text

        def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
            for action in legal:
                if isinstance(action, Draw | Play):
                    return type(action)(**{**_fields(action), "t": view["clock"] + self.delay})
            return Chat(view["clock"] + self.delay, self.text)

    agents = [At(9000, "a"), At(500, "b"), At(700, "c")]
    match = runner.play(GAME, agents, 0, {"events_per_turn": 1}, max_steps=3)
    first = match.state.log[0:2]
    assert [(e.seat, e.text) for e in first] == [(1, "b"), (2, "c")]


def _fields(action: Any) -> Mapping[str, Any]:
    return {name: getattr(action, name) for name in action.__slots__}


# ---------------------------------------------------------------------------------------
# Action text, describe, rules text, the rules map


def test_parse_action_reads_every_form_and_round_trips() -> None:
    """Text forms (``gotcha_actions.parse``), Spanish verbs too."""
    cases = {
        "@15000 draw": Draw(15000),
        "@16000 play W03 a1": Play(16000, "W03", 0),
        "@16000 play I05 m1 2": Play(16000, "I05", 2, 2),
        "@16000 play B04 m2 1 : debe cantar": Play(16000, "B04", 3, 1, "debe cantar"),
        "@12500 chat hola  que tal": Chat(12500, "hola  que tal"),
        "@13000 emote clap": Emote(13000, "clap"),
        "@14000 buzz a1 3,2": Buzz(14000, 0, (2, 3)),
        "@17000 vote yes": Vote(17000, True),
        "deal W03": Deal("W03"),
    }
    for text, action in cases.items():
        assert GAME.parse_action(text) == action
        assert GAME.parse_action(str(action)) == action
    assert GAME.parse_action("@1 votar sí") == Vote(1, True)
    assert GAME.parse_action("@1 timbre m2 0") == Buzz(1, 3, (0,))


@pytest.mark.parametrize(
    "text",
    ["chat hola", "@x chat hola", "@1 chat", "@1 dance", "@1 buzz a1", "@1 buzz z9 1",
     "@1 buzz a1 1,1", "@1 play W03", "@1 play W03 a3", "@1 vote maybe", "@1 draw now",
     "@1 emote Clap!", "deal 7", "@1 play B01 a1 :"],
)  # fmt: skip
def test_parse_action_refuses_malformed_text(text: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        GAME.parse_action(text)
    assert caught.value.text("es") and caught.value.text("en")


def test_describe_in_both_languages() -> None:
    assert GAME.describe(Buzz(1, 0, (2, 3)), "en") == "buzzes! area 1, players 2, 3"
    assert GAME.describe(Buzz(1, 2, (1,)), "es") == "¡pulsa el timbre! tapete 1, jugadores 1"
    assert GAME.describe(Play(1, "I05", 3, 2), "en") == "plays I05 on mat 2 for player 2"
    assert GAME.describe(Vote(1, False), "es") == "vota no"


def test_rules_text_lists_gt01_to_gt17_in_both_languages() -> None:
    for lang in ("es", "en"):
        ids = [rule_id for rule_id, _ in GAME.rules_text(lang)]
        assert ids == [f"GT-{n:02d}" for n in range(1, 18)]


def test_rules_map_names_real_functions_and_tests() -> None:
    """Every rule id has one row; every code name exists; every test named exists here;
    every rule test here is listed."""
    # The rule tests of issue 15 (turn start, ending, buzzer) live in their own module,
    # which imports this one's helpers: looked up here, when both are loaded.
    turn_tests = importlib.import_module("test_gotcha_turns")
    check_rules_map(
        "gotcha",
        "GT",
        17,
        gotcha,
        {**globals(), **vars(turn_tests)},
        {
            "gotcha": gotcha,
            "gotcha_actions": gotcha_actions,
            "gotcha_state": gotcha_state,
            "gotcha_referee": gotcha_referee,
            "gotcha_legal": gotcha_legal,
        },
    )


def test_random_profiles_take_names_that_match_their_declared_man_or_woman_trait() -> None:
    seen = set()
    for seed in range(40):
        profiles = profiles_from("", 8, random.Random(seed))
        assert len({p.name for p in profiles}) == 8
        for profile in profiles:
            names = NAMES_MAN if "man" in profile.traits else NAMES_WOMAN
            assert profile.name in names, profile
            seen.add("man" in profile.traits)
    assert seen == {True, False}
