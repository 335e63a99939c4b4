"""Why the search bot did that: its simulated games as one sentence in Spanish and English,
with chances that agree with its choice."""

from __future__ import annotations

import importlib
import math
import random
from dataclasses import replace
from typing import Any

import pytest

from ludoteca.agents import registry
from ludoteca.agents.explain import Decision, capture, reason_for
from ludoteca.agents.explain.decision import random_reason
from ludoteca.agents.explain.reason import Chance, Reason
from ludoteca.agents.explain.search import search_reason
from ludoteca.agents.gotcha.greedy import GreedyGotcha, Sources
from ludoteca.agents.ismcts import ISMCTSAgent, SearchStats
from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry as games
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE, Game
from ludoteca.engine.i18n import Lang
from ludoteca.games.gotcha.actions import Chat, Emote

NAMES = ["Ana", "Bea"]


def _searched_decision(game_id: str, seed: int) -> tuple[ISMCTSAgent, Game[Any, Any], Any, Any]:
    """Play random moves until the search agent searches a decision; its choice."""
    game = games.make(game_id)
    agent = registry.make_agent("ismcts:iterations=60", game_id)
    assert isinstance(agent, ISMCTSAgent)
    rng = random.Random(seed)
    state = runner.new_game(game, 2, seed)
    while game.outcome(state) is None:
        seat = game.actors(state)[0]
        if seat == CHANCE:
            state = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        action = agent.choose(view, legal, rng)
        if len(agent.stats.top) > 1:
            return agent, game, action, capture(game_id, agent, seat, view, legal, action)
        state = game.apply(state, seat, action)
    raise AssertionError("no searched decision")


@pytest.mark.parametrize("game_id", ["dweebies", "tacocat"])
def test_a_searched_move_is_explained_in_both_languages(game_id: str) -> None:
    agent, _game, _action, decision = _searched_decision(game_id, 3)
    reason = reason_for(decision)
    assert reason is not None and reason.key.startswith("explain.search.")
    langs: tuple[tuple[Lang, str], ...] = (("en", "games simulated"), ("es", "partidas simuladas"))
    for lang, words in langs:
        text = reason.text(lang, NAMES)
        assert text.startswith(NAMES[decision.seat]) and words in text
        assert str(agent.stats.top[0][1]) in text  # the games each move was tried in
        assert "%" in text
    assert reason.agrees()


def test_a_kept_move_below_another_says_why_with_the_margin_it_needed() -> None:
    # The "94% ... next best 96% and 96%": the expert's move is kept because the
    # others' lead is within chance; the sentence must say so, with the margin.
    stats = SearchStats(
        iterations=120,
        top=(("kept", 40, 0.88), ("b", 40, 0.92), ("c", 40, 0.92)),
        anchored=True,
        anchor_value=0.88,
        margin=0.1,
    )
    reason = search_reason(1, stats, "kept")
    assert reason is not None and reason.close and reason.agrees()
    assert reason.chosen == pytest.approx(0.94) and max(reason.others) == pytest.approx(0.96)
    text = reason.text("en", NAMES)
    assert text.startswith("Bea tested their usual move") and "40 games" in text
    assert "by over 5%: their usual move, which they kept, won 94%" in text
    assert "the best other 96%, which is not clearly more." in text
    spanish = reason.text("es", NAMES)
    assert "por más de un 5%: con la habitual, que mantuvo, ganaba un 94%" in spanish
    assert "con la mejor de las demás, 96%, que no es claramente más." in spanish


def test_an_override_shows_the_usual_moves_lower_chance() -> None:
    stats = SearchStats(
        iterations=80,
        top=(("new", 40, 0.5), ("usual", 40, 0.1)),
        anchored=True,
        overridden=True,
        anchor_choice="usual",
        anchor_value=0.1,
        margin=0.2,
    )
    reason = search_reason(0, stats, "new")
    assert reason is not None and not reason.close and reason.agrees()
    assert "this move won 75% and their usual move 55%, so they traded it" in reason.text(
        "en", NAMES
    )


def test_an_unanchored_search_plays_its_most_tried_move_and_says_so() -> None:
    stats = SearchStats(iterations=30, top=(("a", 20, 0.0), ("b", 10, 0.5)))
    reason = search_reason(0, stats, "a")
    assert reason is not None and reason.close and reason.agrees()
    assert "move they tried most" in reason.text("en", NAMES)


def test_nothing_is_searched_without_statistics() -> None:
    assert search_reason(0, SearchStats(), "x") is None
    stats = SearchStats(iterations=10, top=(("a", 10, 0.0),))
    assert search_reason(0, stats, "not searched") is None


def test_an_unsearched_decision_gives_its_experts_reason() -> None:
    agent, game, action, decision = _searched_decision("tacocat", 5)
    agent.choose(decision.view, [action], random.Random(0))  # a forced move: no search
    assert agent.stats.top == ()
    forced = capture("tacocat", agent, decision.seat, decision.view, [action], action)
    reason = reason_for(forced)
    assert (
        reason is not None
        and reason.key.startswith("explain.tacocat.")
        and game.info.id == "tacocat"
    )


@pytest.mark.parametrize("margin", [math.inf, 2.5])
def test_a_search_with_too_few_games_to_trust_another_move_says_so(margin: float) -> None:
    # Too few paired games for a margin (infinite), or a margin no move can clear (over
    # 100% once halved): the old sentence read "by over 100%".
    stats = SearchStats(
        iterations=6,
        top=(("kept", 2, 0.0), ("b", 2, 0.5), ("c", 2, -0.5)),
        anchored=True,
        anchor_value=0.0,
        margin=margin,
    )
    reason = search_reason(0, stats, "kept")
    assert reason is not None and reason.close and reason.agrees()
    english, spanish = reason.text("en", NAMES), reason.text("es", NAMES)
    assert "100%" not in english and "100%" not in spanish
    assert (
        "trade it only for one that wins clearly more, and these were too few games to tell:"
        in english
    )
    assert "2 games simulated from what they see" in english
    assert "claramente más, y fueron muy pocas partidas para saberlo:" in spanish
    # Whether the games were too few depends on how many moves the bot weighed (its
    # hand): the sentence differs from a measured margin's only in the figure.
    measured = search_reason(0, replace(stats, margin=0.1), "kept")
    assert measured is not None and "by over 5%" in measured.text("en", NAMES)
    for lang in ("en", "es"):
        assert measured.masked(lang, NAMES) == reason.masked(lang, NAMES)


def test_one_simulated_game_is_written_in_the_singular() -> None:
    alone = search_reason(1, SearchStats(iterations=1, top=(("a", 1, 0.2),)), "a")
    assert alone is not None
    assert "Bea simulated 1 game from what they see" in alone.text("en", NAMES)
    assert "Bea simuló 1 partida desde lo que ve" in alone.text("es", NAMES)
    kept = SearchStats(
        iterations=2, top=(("a", 1, 0.0), ("b", 1, 0.0)), anchored=True, margin=math.inf
    )
    anchored = search_reason(1, kept, "a")
    assert anchored is not None
    assert "in 1 game simulated from what they see" in anchored.text("en", NAMES)
    assert "en 1 partida simulada desde lo que ve" in anchored.text("es", NAMES)


def test_a_random_bot_with_a_single_move_reads_naturally() -> None:
    agent = RandomAgent()

    def reason(moves: int) -> Reason:
        legal = list(range(moves))
        return random_reason(Decision("tacocat", agent, 0, {}, legal, 0))

    one, three = reason(1), reason(3)
    assert one.text("en", NAMES) == (
        "Ana plays loosely: they picked this move by chance among the ones they had "
        "(this time, 1 move)."
    )
    assert one.text("es", NAMES) == (
        "Ana juega a lo loco: eligió esta jugada al azar entre las que tenía (esta vez, 1 jugada)."
    )
    assert three.text("en", NAMES).endswith("(this time, 3 moves).")
    assert three.text("es", NAMES).endswith("(esta vez, 3 jugadas).")
    for lang in ("en", "es"):
        assert one.masked(lang, NAMES) == three.masked(lang, NAMES)  # a figure apart


def test_a_tacocat_attack_that_only_sheds_a_card_reads_naturally() -> None:
    importlib.import_module("ludoteca.agents.tacocat.reasons")  # registers its sentences
    seats = {"bot": 0, "opponent": 1}
    shed = Reason("explain.tacocat.attack", seats, figures={"chance": Chance(0.0)})
    english, spanish = shed.text("en", NAMES), shed.text("es", NAMES)
    assert "of the time" not in english and "de las veces" not in spanish
    assert "which also gets it out of their hand" in english
    assert english.endswith("the chance that Bea cannot match this attack is 0%.")
    assert spanish.endswith("la probabilidad de que Bea no pueda igualar este ataque es del 0%.")


def test_gotcha_small_talk_is_not_explained_but_a_rules_emote_is() -> None:
    agent = registry.make_agent("greedy", "gotcha")
    assert isinstance(agent, GreedyGotcha)
    clap, chat = Emote(t=10, emote="clap"), Chat(t=10, text="hola")
    idle = Sources([], [], [])
    for action in (clap, chat):
        assert reason_for(Decision("gotcha", agent, 1, {}, [action], action, idle)) is None
    owed = Decision("gotcha", agent, 1, {}, [clap], clap, Sources([clap], [], []))
    reason = reason_for(owed)
    assert reason is not None and reason.key == "explain.gotcha.before_move"
    assert reason.text("en", NAMES) == "Bea obeys a live rule that wants this before their move."
