"""Gotcha rules GT-01..GT-08: setup, the turn, rule areas, individual mats, reading aloud, the
buzz, its window and scoring (helpers in ``gotcha_table``)."""

from __future__ import annotations

import json
import re

import pytest
from gotcha_table import (
    AIR_GUITAR,
    CLAP_FIRST,
    GLASSES,
    IND_WHISPER,
    NEVER_CLAP,
    PEACE,
    PROFILES,
    WHISPER,
    act,
    draw,
    give,
    illegal,
    live_whisper_for_men,
    new,
    positions,
    turn,
)

from ludoteca.engine import runner
from ludoteca.engine.errors import (
    GameSetupError,
    InvalidActionError,
    NotYourTurnError,
)
from ludoteca.engine.game import CHANCE
from ludoteca.games.gotcha import cards as gotcha_cards
from ludoteca.games.gotcha import referee as gotcha_referee
from ludoteca.games.gotcha import state as gotcha_state
from ludoteca.games.gotcha.actions import Chat
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import (
    DRAW,
    PLAY,
)

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
    assert error.rule_id == "GT-02"
    assert "you do not hold the card “must stay silent outside their own turn”" in error.text("en")


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
