"""Gotcha's bots with a person's reflexes: their parameters stay in the documented human
ranges, they notice breaches seconds later and not always, they slip by rule difficulty,
they chat in the room's language, games replay exactly, the levels are ordered by their
measured rating, and the bench's person fares better against beginners than the strongest."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from ludoteca.agents import human_time, levels
from ludoteca.agents.gotcha import chatter, reaction
from ludoteca.agents.gotcha.human import PERSON_SKILL, HumanGotcha
from ludoteca.agents.gotcha.reaction import EASE, FORGET, RANGES, Reflexes
from ludoteca.agents.registry import agent_for_level, make_agent
from ludoteca.engine import runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.games.gotcha import cards
from ludoteca.games.gotcha.actions import Buzz, Chat
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import CHAT_MAX, State

PROFILES = [
    {"name": "Ana", "age": 30, "traits": ["woman", "jeans", "glasses"]},
    {"name": "Bruno", "age": 41, "traits": ["man"]},
    {"name": "Carla", "age": 25, "traits": ["woman"]},
    {"name": "Diego", "age": 52, "traits": ["man", "glasses"]},
]
SKILLS = [i / 10 for i in range(11)]


def level_skill(level: str) -> float:
    name = agent_for_level(level, "gotcha")
    base, _, value = name.partition(":skill=")
    assert base == "humanlike", name
    return float(value)


def within(name: str, value: float) -> bool:
    low, high = RANGES[name]
    return low <= value <= high


# ---------------------------------------------------------------------------------------
# The parameters


@pytest.mark.parametrize("skill", SKILLS)
def test_every_skill_keeps_each_parameter_in_its_documented_range(skill: float) -> None:
    reflexes = Reflexes.of(skill)
    for field in ("skill", "time_scale", "vigilance", "capacity", "slip_scale"):
        assert within(field, getattr(reflexes, field)), (field, getattr(reflexes, field))
    for family in cards_families():
        assert reflexes.slip_chance(family) > 0 and within("slip", reflexes.slip_chance(family))
        for live in range(1, 7):
            chance = reflexes.notice_chance(family, live)
            assert within("notice", chance) and chance < 1
        for u in (0.0, 0.01, 0.5, 0.99, 1.0):
            assert within("notice_ms", reflexes.notice_ms(family, 12, 6, u))
    for u in (0.0, 0.5, 1.0):
        assert within("think_ms", reflexes.think_ms(30, 2, u))


def cards_families() -> set[str]:
    families = {c.rule.family for c in cards.CARDS if c.rule is not None}
    assert families <= set(EASE) and families <= set(FORGET)
    return families


def test_the_levels_parameters_are_in_range_and_grow_with_the_level() -> None:
    skills = [level_skill(level) for level in levels.LEVELS]
    assert skills == sorted(skills) and len(set(skills)) == len(skills)
    for skill in skills:
        assert within("skill", skill)
    reflexes = [Reflexes.of(s) for s in skills]
    scales = [r.time_scale for r in reflexes]
    assert scales == sorted(scales, reverse=True)
    assert [r.vigilance for r in reflexes] == sorted(r.vigilance for r in reflexes)


def test_a_typical_person_notices_a_breach_in_seconds_not_milliseconds() -> None:
    person = Reflexes.of(PERSON_SKILL)
    median = person.notice_ms("chat_form", 3, 2, 0.5)
    assert 4_000 <= median <= 7_000  # "several seconds", never the old expert's 0.35-0.65 s
    # The recognising part alone is a simple choice's 350-700 ms (Hick-Hyman).
    decide = human_time.hick_ms(2)
    assert 300 <= decide <= 1000
    # More live rules and longer messages take longer; omissions longer still.
    assert person.notice_ms("chat_form", 3, 6, 0.5) > median
    assert person.notice_ms("chat_form", 12, 2, 0.5) > median
    assert person.notice_ms("react", 0, 2, 0.5) > person.notice_ms("before", 0, 2, 0.5)
    # Harder rules and more live rules are noticed less often, and slipped more.
    assert person.notice_chance("react", 2) < person.notice_chance("chat_form", 2)
    assert person.notice_chance("chat_form", 6) < person.notice_chance("chat_form", 2)
    assert person.slip_chance("wait") > person.slip_chance("never_emote")
    spread = [person.notice_ms("chat_form", 3, 2, u / 100) for u in range(1, 100)]
    assert statistics.median(spread) == median and min(spread) < median < max(spread)


# ---------------------------------------------------------------------------------------
# At the table


def new() -> State:
    state: State = runner.new_game(GAME, 4, 0, {"profiles": json.dumps(PROFILES)})
    return state


def act(state: State, seat: int, text: str, dt: int = 100) -> State:
    after: State = runner.step(GAME, state, seat, GAME.parse_action(f"@{state.clock + dt} {text}"))
    return after


def whisper_for_men_broken() -> State:
    """Men must whisper (area 1); Diego (a man) then chats in capitals."""
    from test_greedy_gotcha import draw_and_play, give  # noqa: PLC0415 (the same scene)

    state = draw_and_play(give(new(), 0, "A01", "W01"), "A01 a1")
    state = act(state, 2, "emote wave", 3000)
    return act(state, 3, "chat HOLA A TODOS")


def test_a_human_bot_notices_seconds_later_and_not_always() -> None:
    state = whisper_for_men_broken()
    breach_t = state.clock
    legal = GAME.legal_actions(state, 2)
    times = []
    for seed in range(40):
        bot = HumanGotcha(PERSON_SKILL)
        bot.chat_rate = bot.emote_rate = 0.0
        action = bot.choose(GAME.view(state, 2), legal, random.Random(seed))
        assert action in legal
        if isinstance(action, Buzz):
            assert action.slot == 0 and action.seats == (3,)
            times.append(action.t - breach_t)
    assert 10 < len(times) < 40  # noticed often, not always
    assert all(reaction.NOTICE_MS[0] <= t <= reaction.NOTICE_MS[1] for t in times)
    assert 3_000 <= statistics.median(times) <= 9_000


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_human_bot_chats_in_the_rooms_language_and_not_at_once(lang: str) -> None:
    options = {"profiles": json.dumps(PROFILES), "language": lang}
    state: State = runner.new_game(GAME, 4, 0, options)
    other = {"es": "en", "en": "es"}[lang]
    said = set()
    for seed in range(30):
        bot = HumanGotcha(PERSON_SKILL)
        bot.chat_rate, bot.emote_rate = 1.0, 0.0
        action = bot.choose(GAME.view(state, 2), GAME.legal_actions(state, 2), random.Random(seed))
        if isinstance(action, Chat):
            assert action.t >= state.clock + 1000  # a pause, then typing
            assert action.text in chatter.LINES["small_talk"][lang]
            assert action.text not in chatter.LINES["small_talk"][other]
            said.add(action.text)
    assert len(said) >= 4


def test_every_line_is_legal_chat_in_both_languages_and_moments_pick_them() -> None:
    for moment in chatter.MOMENTS:
        es, en = chatter.LINES[moment]["es"], chatter.LINES[moment]["en"]
        assert len(es) == len(en) >= 4
        for line in (*es, *en):
            assert 0 < len(line) <= CHAT_MAX and line == line.strip() and "\n" not in line
    rng = random.Random(3)
    picks = [chatter.pick("small_talk", "en", "", rng) for _ in range(30)]
    assert len(set(picks)) > 5
    last = ""
    for _ in range(30):
        line = chatter.pick("was_caught", "es", last, rng)
        assert line != last
        last = line
    view = {"seat": 1, "buzzes": [[5000, 2, "a1", [1], "correct"]]}
    assert chatter.moment(view, 0) == "was_caught"
    assert chatter.moment({**view, "seat": 2}, 0) == "caught_someone"
    assert chatter.moment({**view, "seat": 0}, 0) == "someone_caught"
    assert chatter.moment(view, 6000) == "small_talk"


def test_each_level_plays_whole_games_legally_and_replays_exactly() -> None:
    names = [agent_for_level(level, "gotcha") for level in levels.LEVELS]

    def game() -> runner.Match:
        bots = [make_agent(name, "gotcha") for name in names]
        match = runner.play(GAME, bots, 21)
        assert all(isinstance(b, HumanGotcha) and b.fallbacks == 0 for b in bots)
        return match

    first, again = game(), game()
    assert first.outcome is not None and first.record == again.record
    kinds = {text.split()[1] for _, text in first.record.actions if text.startswith("@")}
    assert {"draw", "play", "chat", "emote", "buzz"} <= kinds


def test_the_registry_builds_humanlike_bots_and_refuses_a_skill_out_of_range() -> None:
    bot = make_agent("humanlike:skill=0.3", "gotcha")
    assert isinstance(bot, HumanGotcha) and bot.skill == 0.3
    for level in levels.LEVELS:
        assert isinstance(make_agent(level, "gotcha"), HumanGotcha)
    for bad in ("humanlike:skill=2", "humanlike:skill=x", "humanlike:speed=1"):
        with pytest.raises(GameSetupError):
            make_agent(bad, "gotcha")


# ---------------------------------------------------------------------------------------
# The measured levels


def test_the_levels_are_named_in_the_order_of_their_measured_rating() -> None:
    entry = levels.ratings()["games"]["gotcha"]
    rated = [entry["ratings"][entry["levels"][level]]["ordinal"] for level in levels.LEVELS]
    assert rated == sorted(rated)
    assert entry["command"].startswith("bench/tools/gotcha_person.py")


def test_the_default_level_is_the_one_the_person_wins_a_fair_share_against() -> None:
    entry = levels.ratings()["games"]["gotcha"]
    person = entry["person"]
    fair = levels.default_level("gotcha")
    assert fair is not None and fair == entry["default"]
    nearest = min(levels.LEVELS, key=lambda level: abs(person[level]["share"] - 0.25))
    assert fair == nearest
    shares = [person[level]["share"] for level in levels.LEVELS]
    assert shares == sorted(shares, reverse=True)


def test_the_person_beats_beginners_more_often_than_the_strongest() -> None:
    """A small seeded run as the bench plays it (``bench/tools/gotcha_person.py``: the
    person at a rotating seat among three bots of a level): the shares point the right way.
    """
    wins = {}
    for level in ("beginner", "strongest"):
        agent = agent_for_level(level, "gotcha")
        wins[level] = 0
        for seed in range(8):
            bots = [make_agent(agent, "gotcha") for _ in range(4)]
            bots[seed % 4] = HumanGotcha(PERSON_SKILL)
            match = runner.play(GAME, bots, seed, checked=False)
            assert match.outcome is not None
            wins[level] += seed % 4 in match.outcome.winners
    assert wins["beginner"] > wins["strongest"]
