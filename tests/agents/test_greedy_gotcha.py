"""The Gotcha party bot: it obeys live rules (or slips), notices and buzzes breaches, keeps
its chat within its rules, plays whole games legally and deterministically."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludoteca.agents.gotcha.greedy import IDLE_MS, IDLE_RESERVE, LATE_IDLE_MS, GreedyGotcha
from ludoteca.agents.random import RandomAgent
from ludoteca.agents.registry import make_agent
from ludoteca.engine import runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import CHANCE
from ludoteca.games.gotcha.actions import Buzz, Chat, Deal, Emote, Play
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import MAX_GAP_MS, PLAY, State

PROFILES = [
    {"name": "Ana", "age": 30, "traits": ["woman", "jeans", "glasses"]},
    {"name": "Bruno", "age": 41, "traits": ["man"]},
    {"name": "Carla", "age": 25, "traits": ["woman"]},
    {"name": "Diego", "age": 52, "traits": ["man", "glasses"]},
]


def new() -> State:
    state: State = runner.new_game(GAME, 4, 0, {"profiles": json.dumps(PROFILES)})
    return state


def act(state: State, seat: int, text: str, dt: int = 100) -> State:
    after: State = runner.step(GAME, state, seat, GAME.parse_action(f"@{state.clock + dt} {text}"))
    return after


def give(state: State, seat: int, *cards: str) -> State:
    pool = set(state.pile) | set(state.hands[seat])
    assert set(cards) <= pool
    hands = list(state.hands)
    hands[seat] = tuple(sorted(cards))
    return state._replace(hands=tuple(hands), pile=tuple(sorted(pool - set(cards))))


def draw_and_play(state: State, play: str) -> State:
    seat = state.current
    state = act(state, seat, "draw")
    filler = next(c for c in reversed(state.pile) if c[0] == "A")
    dealt: State = runner.step(GAME, state, CHANCE, Deal(filler))
    return act(dealt, seat, f"play {play}")


def ask(bot: GreedyGotcha, state: State, seat: int, seed: int = 0) -> Any:
    legal = GAME.legal_actions(state, seat)
    action = bot.choose(GAME.view(state, seat), legal, random.Random(seed))
    assert action in legal
    return action


def clap_rule_on_bruno() -> State:
    """Ana gives Bruno "must clap before playing a card"; Bruno has drawn, grace over."""
    state = draw_and_play(give(new(), 0, "I04", "W01"), "I04 m1 1")
    state = act(state, 2, "emote wave", 3000)
    state = act(state, 1, "draw")
    dealt: State = runner.step(GAME, state, CHANCE, Deal(state.pile[-1]))
    assert dealt.phase == PLAY and dealt.current == 1
    return dealt


def test_the_bot_obeys_a_before_rule_then_plays() -> None:
    bot = GreedyGotcha(slip=0.0, chat_rate=0.0, emote_rate=0.0)
    state = clap_rule_on_bruno()
    first = ask(bot, state, 1)
    assert isinstance(first, Emote) and first.emote == "clap"
    state = runner.step(GAME, state, 1, first)
    second = ask(bot, state, 1)
    assert isinstance(second, Play)
    assert not runner.step(GAME, state, 1, second).breaches


def test_the_bot_slips_with_probability_one() -> None:
    bot = GreedyGotcha(slip=1.0, chat_rate=0.0, emote_rate=0.0)
    state = clap_rule_on_bruno()
    action = ask(bot, state, 1)
    assert isinstance(action, Play)
    assert [r.seat for r in runner.step(GAME, state, 1, action).breaches] == [1]


def whisper_for_men() -> State:
    state = draw_and_play(give(new(), 0, "A01", "W01"), "A01 a1")
    return act(state, 2, "emote wave", 3000)


def test_the_bot_notices_and_buzzes_after_its_delay() -> None:
    state = act(whisper_for_men(), 3, "chat HOLA")
    breach_t = state.clock
    bot = GreedyGotcha(notice=1.0, buzz_delay_ms=1500, chat_rate=0.0, emote_rate=0.0)
    action = ask(bot, state, 2)
    assert isinstance(action, Buzz) and action.slot == 0 and action.seats == (3,)
    assert breach_t + 1500 <= action.t <= breach_t + 2500
    after = runner.step(GAME, state, 2, action)
    assert after.positions == (0, 0, 2, -1)
    # Once caught, it does not buzz the same breach again.
    assert not isinstance(ask(bot, after, 2), Buzz)


def test_a_bot_that_never_notices_never_buzzes() -> None:
    state = act(whisper_for_men(), 3, "chat HOLA")
    bot = GreedyGotcha(notice=0.0, chat_rate=0.0, emote_rate=0.0)
    assert not isinstance(ask(bot, state, 2), Buzz)


def test_the_bot_keeps_its_chat_within_its_rules() -> None:
    state = whisper_for_men()
    for seed in range(5):
        bot = GreedyGotcha(slip=0.0, chat_rate=1.0, emote_rate=0.0)
        action = ask(bot, state, 3, seed)  # Diego is a man: he must whisper
        assert isinstance(action, Chat) and action.text == action.text.lower()
        assert not runner.step(GAME, state, 3, action).breaches


def test_bots_play_whole_games_legally_and_deterministically() -> None:
    for players in (3, 5, 8):
        bots = [GreedyGotcha() for _ in range(players)]
        first = runner.play(GAME, bots, 11)
        again = runner.play(GAME, [GreedyGotcha() for _ in range(players)], 11)
        assert first.outcome is not None and first.record == again.record
        assert all(bot.fallbacks == 0 for bot in bots)
        kinds = {text.split()[1] for _, text in first.record.actions if text.startswith("@")}
        assert {"draw", "play", "chat", "emote"} <= kinds


def test_bots_catch_breakers_and_beat_random_players() -> None:
    """Two bots and two random players, seats rotated: the bots win more often."""
    wins = {"greedy": 0.0, "random": 0.0}
    for game in range(12):
        names = ["greedy", "random", "greedy", "random"]
        names = names[game % 4 :] + names[: game % 4]
        agents = [GreedyGotcha() if n == "greedy" else RandomAgent() for n in names]
        match = runner.play(GAME, agents, 100 + game)
        assert match.outcome is not None
        for seat in match.outcome.winners:
            wins[names[seat]] += 1 / len(match.outcome.winners)
    assert wins["greedy"] > 2 * wins["random"], wins


def test_the_registry_builds_the_bot() -> None:
    assert isinstance(make_agent("greedy", "gotcha"), GreedyGotcha)


def everyone_must(what: str) -> State:
    """Ana puts "everyone" over ``what`` on a1 and the grace period passes; Bruno plays."""
    state = give(new(), 0, what, "W03")
    state = draw_and_play(state, f"{what} a1")
    state = draw_and_play(give(state, 1, "W29", "W04"), "W29 a1")
    return act(state, 3, "emote wave", 3000)


def test_the_bot_answers_an_owed_reaction_in_time() -> None:
    """ "Stand up whenever anyone buzzes" (3 s): after a buzz the bot stands up in time."""
    state = act(everyone_must("A12"), 3, "buzz a1 0")
    bot = GreedyGotcha(slip=0.0, notice=0.0, chat_rate=0.0, emote_rate=0.0)
    action = ask(bot, state, 1)
    assert isinstance(action, Emote) and action.emote == "stand_up"
    assert action.t < state.clock + 3000
    assert not runner.step(GAME, state, 1, action).breaches


def test_the_bot_answers_an_owed_reaction_with_no_room_events_left_gt15() -> None:
    """GT-15: an owed reaction does not use the room budget, so a bot that spent its four
    events still stands up after a buzz (A12), and its budget stays at 0."""
    state = everyone_must("A12")
    for word in ("uno", "dos", "tres", "cuatro"):
        state = act(state, 1, f"chat {word}")
    assert state.events_left[1] == 0
    state = act(state, 3, "buzz a1 0")
    bot = GreedyGotcha(slip=0.0, notice=0.0, chat_rate=0.0, emote_rate=0.0)
    action = ask(bot, state, 1)
    assert isinstance(action, Emote) and action.emote == "stand_up"
    after = runner.step(GAME, state, 1, action)
    assert after.events_left[1] == 0 and not after.breaches


def test_the_bot_waits_between_drawing_and_playing_when_a_rule_says_so() -> None:
    """ "Wait three seconds between drawing and playing": the play comes 3 s after the draw."""
    state = everyone_must("A16")
    bot = GreedyGotcha(slip=0.0, think_ms=200, chat_rate=0.0, emote_rate=0.0)
    seat = state.current
    draw = ask(bot, state, seat)
    state = runner.step(GAME, state, seat, draw)
    state = runner.step(GAME, state, CHANCE, Deal(state.pile[-1]))
    play = ask(bot, state, seat)
    assert isinstance(play, Play) and play.t >= draw.t + 3000
    assert not runner.step(GAME, state, seat, play).breaches


def test_the_bot_judges_a_finished_turn_with_the_context_the_referee_had() -> None:
    """Diego must clap before playing; he claps during Carla's turn and plays in his own
    (kept: the referee looks back to the previous turn's start). Once his play has ended
    the turn, the bot still sees that clap and does not buzz him."""
    state = draw_and_play(give(new(), 0, "I04", "W01"), "I04 m1 3")  # turn 2: Bruno
    state = draw_and_play(give(act(state, 2, "emote wave", 3000), 1, "W03", "W04"), "W03 a2")
    state = act(state, 3, "emote clap")  # turn 3: Carla's
    state = draw_and_play(give(state, 2, "W05", "W06"), "W05 a2")
    state = draw_and_play(give(state, 3, "W07", "W08"), "W07 a2")  # Diego plays
    assert state.turn == 5 and state.breaches == ()
    bot = GreedyGotcha(notice=1.0, chat_rate=0.0, emote_rate=0.0)
    assert not isinstance(ask(bot, state, 1), Buzz)


def test_bots_vote_on_a_blank_rule_and_the_game_goes_on() -> None:
    """GT-09 with bots: a buzz on a blank rule is voted by every bot, once each."""
    options = {"profiles": json.dumps(PROFILES), "custom_cards": True}
    state: State = runner.new_game(GAME, 4, 0, options)
    state = give(state, 0, "B01", "W01")
    state = draw_and_play(state, "B01 a2 : must sing")
    state = act(act(state, 1, "emote wave", 3000), 1, "buzz a2 2")
    bots = [GreedyGotcha() for _ in range(4)]
    for _ in range(4):
        seat = GAME.actors(state)[0]
        first = ask(bots[seat], state, seat)
        assert ask(bots[seat], state, seat) == first  # the same ballot when asked again
        state = runner.step(GAME, state, seat, first)
    assert state.ballot is None and state.buzzes[-1].result in ("correct", "wrong", "no_majority")


def test_ismcts_refuses_the_realtime_game_with_a_reason() -> None:
    with pytest.raises(GameSetupError) as caught:
        make_agent("ismcts", "gotcha")
    assert "realtime" in caught.value.text("en") and "tiempo real" in caught.value.text("es")


def test_a_bot_with_nothing_to_do_fidgets_late_once_its_room_budget_runs_low() -> None:
    """GT-15 budget: a bot idles with an emote 20 s ahead while it has more than
    IDLE_RESERVE room events left, and only just before the clock's longest step (GT-16)
    after that, so a slow person cannot drain the budget it needs to buzz."""
    quiet = GreedyGotcha(chat_rate=0.0, emote_rate=0.0)
    state = new()
    action = ask(quiet, state, 2)
    assert isinstance(action, Emote) and action.t == state.clock + IDLE_MS
    left = list(state.events_left)
    left[2] = IDLE_RESERVE
    low = state._replace(events_left=tuple(left))
    late = ask(GreedyGotcha(chat_rate=0.0, emote_rate=0.0), low, 2)
    assert isinstance(late, Emote) and late.t == low.clock + LATE_IDLE_MS
    assert IDLE_MS < LATE_IDLE_MS < MAX_GAP_MS
