"""Why the bot did that, in the terminal: the feed's line after every bot's move."""

import pytest
from rich.console import Console

from ludoteca.agents import registry as agents_registry
from ludoteca.agents.random import RandomAgent
from ludoteca.engine import registry, runner
from ludoteca.engine.i18n import Lang
from ludoteca.terminal.feed import EventFeed
from ludoteca.terminal.layout import Aside, news_lines


@pytest.mark.parametrize(
    ("lang", "game_id", "bot", "opening"),
    [
        ("es", "dweebies", "ismcts:iterations=20", "Bot comparó su jugada habitual"),
        ("en", "tile_up", "greedy", "Bot "),
        ("en", "tacocat", "random", "Bot plays loosely: they picked this move by chance"),
    ],
)
def test_the_feed_says_why_each_bot_move_was_made(
    lang: Lang, game_id: str, bot: str, opening: str
) -> None:
    def feed_lines(explained: bool) -> tuple[list[str], int]:
        game = registry.make(game_id)
        feed = EventFeed(game, [0], ["Ana", "Bot"], lang, Console(width=80))
        agents = [RandomAgent(), agents_registry.make_agent(bot, game_id)]
        if explained:
            feed.explain_bots(agents)
        match = runner.play(game, agents, 5, max_steps=40, observer=feed)
        return feed.take(0), sum(1 for seat, _ in match.record.actions if seat == 1)

    lines, bot_moves = feed_lines(True)
    plain, _ = feed_lines(False)
    reasons = [line for line in lines if line not in plain]
    assert bot_moves and len(lines) == len(plain) + bot_moves  # one reason per bot move
    assert all(line.startswith("Bot ") for line in reasons), reasons
    assert any(line.startswith(opening) for line in reasons), reasons
    # Each right after the bot's own move line (before a new turn's).
    for index, line in enumerate(lines):
        if line in reasons and index:
            assert "Bot" in lines[index - 1], lines[index - 1 : index + 1]


def test_no_reasons_for_the_persons_own_seat() -> None:
    game = registry.make("dweebies")
    feed = EventFeed(game, [0], ["Ana", "Bot"], "en", Console(width=80))
    searcher = agents_registry.make_agent("ismcts:iterations=20", "dweebies")
    feed.explain_bots([searcher, agents_registry.make_agent("greedy", "dweebies")])
    runner.play(game, [searcher, RandomAgent()], 5, max_steps=24, observer=feed)
    lines = feed.take(0)
    assert not [line for line in lines if line.startswith("Ana tested")]
    assert [line for line in lines if line.startswith("Bot weighed their")]


def test_on_a_short_screen_the_reasons_give_way_to_what_happened() -> None:
    console = Console(width=80)
    news = ["Bot draws tiles.", Aside("Bot saw no placement worth making."), "Bot ends the turn."]
    news.append(Aside("Bot has made their move this turn and stops there."))
    assert news_lines(console, "en", news, 5)[1:] == [f"  · {line}" for line in news]
    four = news_lines(console, "en", news, 4)  # the older reason gives way first
    assert four[1:] == [f"  · {line}" for line in (news[0], news[2], news[3])]
    assert "1 earlier" in four[0]
    assert news_lines(console, "en", news, 3)[1:] == [f"  · {news[0]}", f"  · {news[2]}"]
    assert news_lines(console, "en", news, 2)[1:] == [f"  · {news[2]}"]
