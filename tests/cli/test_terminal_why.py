"""Why the bot did that, in the terminal: the feed's line after a search bot's move."""

import pytest
from rich.console import Console

from ludoteca.agents import registry as agents_registry
from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry, runner
from ludoteca.engine.i18n import Lang
from ludoteca.terminal.feed import EventFeed


@pytest.mark.parametrize(
    ("lang", "opening", "others"),
    [("es", "El bot jugó «", "Otras opciones"), ("en", "The bot played '", "Other moves")],
)
def test_the_feed_says_why_the_search_bot_moved_without_naming_its_other_moves(
    lang: Lang, opening: str, others: str
) -> None:
    game = registry.make("dweebies")
    feed = EventFeed(game, [0], ["Ana", "Bot"], lang, Console(width=80))
    agents = [RandomAgent(), agents_registry.make_agent("ismcts:iterations=20", "dweebies")]
    feed.explain_bots(agents)
    runner.play(game, agents, 5, max_steps=24, observer=feed)
    lines = feed.take(0)
    reasons = [line for line in lines if line.startswith(opening)]
    assert reasons, lines
    assert all(others not in line for line in reasons)
    # Each follows the bot's own move line in the feed, never the person's.
    for line in reasons:
        before = lines[lines.index(line) - 1]
        assert "Bot" in before


def test_no_reasons_for_the_persons_own_seat_or_a_heuristic_bot() -> None:
    game = registry.make("dweebies")
    feed = EventFeed(game, [0], ["Ana", "Bot"], "en", Console(width=80))
    searcher = agents_registry.make_agent("ismcts:iterations=20", "dweebies")
    feed.explain_bots([searcher, agents_registry.make_agent("greedy", "dweebies")])
    runner.play(game, [searcher, RandomAgent()], 5, max_steps=24, observer=feed)
    assert not [line for line in feed.take(0) if line.startswith("The bot played")]
