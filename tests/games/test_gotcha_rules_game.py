"""Gotcha rules GT-09..GT-17 (blank cards, the win, the exhausted pile, the auto-referee, hidden
information, the turn limit, the game room, the clock), action text and the rules map."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
from typing import Any

import pytest
import test_gotcha_rules_turns
from gotcha_table import (
    AIR_GUITAR,
    WHISPER,
    act,
    give,
    illegal,
    live_whisper_for_men,
    new,
    positions,
    turn,
)
from rules_map import check_rules_map

from ludoteca.engine import runner
from ludoteca.engine.errors import (
    InvalidActionError,
    NotYourTurnError,
)
from ludoteca.engine.game import CHANCE
from ludoteca.games.gotcha import actions as gotcha_actions
from ludoteca.games.gotcha import cards as gotcha_cards
from ludoteca.games.gotcha import families as gotcha_families
from ludoteca.games.gotcha import game as gotcha
from ludoteca.games.gotcha import legal as gotcha_legal
from ludoteca.games.gotcha import referee as gotcha_referee
from ludoteca.games.gotcha import state as gotcha_state
from ludoteca.games.gotcha import transitions as gotcha_transitions
from ludoteca.games.gotcha.actions import Buzz, Chat, Deal, Draw, Emote, Play, Vote
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import (
    DRAW,
    NAMES_MAN,
    NAMES_WOMAN,
    OVER,
    VOTE,
    State,
    profiles_from,
)

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
                    return dataclasses.replace(action, t=view["clock"] + self.delay)
            return Chat(view["clock"] + self.delay, self.text)

    agents = [At(9000, "a"), At(500, "b"), At(700, "c")]
    match = runner.play(GAME, agents, 0, {"events_per_turn": 1}, max_steps=3)
    first = match.state.log[0:2]
    assert [(e.seat, e.text) for e in first] == [(1, "b"), (2, "c")]


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
    # Places as the board labels them and cards by their sentence, never an id (issue 38).
    assert GAME.describe(Buzz(1, 0, (2, 3)), "en") == "buzzes! Area 1: Player 3 and Player 4"
    assert GAME.describe(Buzz(1, 2, (1,)), "es") == "¡pulsa el timbre! Tapete 1: Jugador 2"
    assert GAME.describe(Play(1, "I05", 3, 2), "en") == (
        "plays “This player must wave before drawing a card” on Mat 2 for Player 3"
    )
    assert GAME.describe(Vote(1, False), "es") == "vota no"


def test_describe_names_the_seats_it_mentions_by_the_players_names() -> None:
    names = ("Ana", "Luis", "Eva", "Teo")
    buzz = GAME.describe(Buzz(1, 0, (0, 2, 3)), "es", names)
    assert buzz == "¡pulsa el timbre! Zona 1: Ana, Eva y Teo"
    assert GAME.describe(Play(1, "I05", 3, 1), "es", names) == (
        "juega «Este jugador debe saludar con la mano antes de robar una carta» en Tapete 2"
        " para Luis"
    )


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
        {**globals(), **vars(turn_tests), **vars(test_gotcha_rules_turns)},
        {
            "gotcha": gotcha,
            "gotcha_actions": gotcha_actions,
            "gotcha_cards": gotcha_cards,
            "gotcha_families": gotcha_families,
            "gotcha_state": gotcha_state,
            "gotcha_referee": gotcha_referee,
            "gotcha_legal": gotcha_legal,
            "gotcha_transitions": gotcha_transitions,
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
