"""Why the bot did that: the search's top moves as a short text in Spanish and English."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.agents import registry
from ludoteca.agents.explain import considered, explain
from ludoteca.agents.ismcts import ISMCTSAgent, SearchStats
from ludoteca.engine import registry as games
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE, Game
from ludoteca.engine.i18n import Lang


def _searched_decision(game_id: str, seed: int) -> tuple[ISMCTSAgent, Game[Any, Any], Any]:
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
        action = agent.choose(game.view(state, seat), legal, rng)
        if len(agent.stats.top) > 1:
            return agent, game, action
        state = game.apply(state, seat, action)
    raise AssertionError("no searched decision")


@pytest.mark.parametrize("game_id", ["dweebies", "tacocat"])
def test_a_searched_move_is_explained_in_both_languages(game_id: str) -> None:
    agent, game, action = _searched_decision(game_id, 3)
    stats = agent.stats
    others = [a for a, _, _ in stats.top if a != action]
    langs: tuple[tuple[Lang, str], ...] = (("en", "chance of winning"), ("es", "de ganar"))
    for lang, word in langs:
        text = explain(game, stats, action, lang)
        assert text is not None
        assert game.describe(action, lang) in text and word in text
        assert str(stats.iterations) in text
        # From the bot's own view: the other moves are not named to anyone else ...
        assert not any(f"'{game.describe(a, lang)}'" in text for a in others if lang == "en")
        named = explain(game, stats, action, lang, name_others=True)
        assert named is not None
        # ... but are to a reader who may see that view.
        assert all(game.describe(a, lang) in named for a in others)


def test_chances_are_read_from_the_mean_values() -> None:
    stats = SearchStats(iterations=30, top=(("a", 20, 0.5), ("b", 10, -1.0), ("c", 0, 0.0)))
    assert [(m.action, m.chance) for m in considered(stats)] == [("a", 0.75), ("b", 0.0)]


def test_nothing_is_explained_without_a_search() -> None:
    game = games.make("dweebies")
    assert explain(game, SearchStats(), "x", "en") is None
    stats = SearchStats(iterations=10, top=(("a", 10, 0.0),))
    assert explain(game, stats, "not searched", "en") is None


def test_a_forced_move_clears_the_last_search() -> None:
    agent, _game, action = _searched_decision("dweebies", 5)
    assert agent.stats.top
    agent.choose({"seat": 0}, [action], random.Random(0))
    assert agent.stats.top == ()
