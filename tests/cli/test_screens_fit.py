"""Every screen of every game fits an 80×24 terminal (issue 22): seeded games played
through the terminal's own agent, feed and layout, one screen cut at every prompt and
every pause, each measured in rows (wrapped at 80 columns) and in columns.

The person picks a random move among the numbers on screen, sometimes turns the page or
asks for help ('?') first, so paged menus and the help are measured too. The bots are
seeded; so is the person.
"""

from __future__ import annotations

import io
import itertools
import random
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from ludoteca.agents.registry import make_agent
from ludoteca.engine import registry, runner
from ludoteca.engine.i18n import Lang
from ludoteca.terminal import renderer_for
from ludoteca.terminal.feed import EventFeed
from ludoteca.terminal.human import HumanAgent
from ludoteca.terminal.layout import show_screen

WIDTH, HEIGHT = 80, 24
NUMBERED = re.compile(r"^\s+(\d+)\) ")
GAMES = {
    "tacocat": (1,),
    "dweebies": (2,),
    "tile_up": (1,),
    "mystery_date": (1,),
}
"""Seeds per game (two players, random bots)."""
STEPS = 150
"""Steps played per game at most (a random person makes Tile Up games long); the end of
every game is measured apart (``test_the_last_screen_fits``)."""


class Screens:
    """The output since the last prompt, cut into one screen per prompt or pause."""

    def __init__(self, seed: int) -> None:
        self.buffer = io.StringIO()
        self.console = Console(file=self.buffer, width=WIDTH, color_system=None)
        self.screens: list[str] = []
        self.rng = random.Random(seed)
        self.help = True

    def cut(self, last_line: str) -> str:
        screen = self.buffer.getvalue() + last_line
        self.buffer.seek(0)
        self.buffer.truncate()
        self.screens.append(screen)
        return screen

    def read_line(self, prompt: str) -> str:
        screen = self.cut(prompt)
        if "'+'" in screen and self.rng.random() < 0.3:
            return "+"
        if self.help and self.rng.random() < 0.08:
            return "?"  # the screen again, with the help and a hint under it
        numbers = [m.group(1) for line in screen.splitlines() if (m := NUMBERED.match(line))]
        return self.rng.choice(numbers) if numbers else "1"

    def pause(self, text: str) -> None:
        self.console.print(text, end="", markup=False, highlight=False, emoji=False)
        self.cut("")


def rows(screen: str) -> int:
    return sum(max(1, -(-cell_len(line) // WIDTH)) for line in screen.rstrip("\n").split("\n"))


def play(game_id: str, seed: int, lang: Lang) -> list[str]:
    """One game (``STEPS`` at most), the person at seat 0 against random bots, as ``cli
    play`` wires it."""
    game = registry.make(game_id)
    renderer = renderer_for(game_id)
    out = Screens(seed)
    count = game.info.min_players
    names = [renderer.seat_label(s, lang) for s in range(count)]
    feed = EventFeed(game, [0], names, lang, out.console, out.pause)
    person = HumanAgent(game, 0, lang, out.console, out.read_line, pause=out.pause, feed=feed)
    agents: list[Any] = [person] + [make_agent("random", game_id) for _ in range(1, count)]
    match = runner.play(game, agents, seed, {}, observer=feed, max_steps=STEPS)
    return [*out.screens, last_screen(out, game_id, match.state, feed.take(0), lang)]


def play_gotcha(seed: int, lang: Lang) -> list[str]:
    """Gotcha (a room with a turn limit of 8, GT-14): the person answers a listed number
    when there is one and otherwise lets the others go on (Enter)."""
    game = registry.make("gotcha")
    renderer = renderer_for("gotcha")
    out = Screens(seed)
    out.help = False  # Gotcha's help is measured in its own tests
    feed = EventFeed(game, [0], [], lang, out.console)

    def read_line(prompt: str) -> str:
        answer = out.read_line(prompt)
        listed = any(NUMBERED.match(line) for line in out.screens[-1].splitlines())
        return answer if listed or answer == "+" else ""

    assert renderer.human is not None
    person = renderer.human(game, 0, lang, out.console, read_line, feed=feed)
    agents = [person] + [make_agent("greedy", "gotcha") for _ in range(2)]
    options = {"turn_limit": 8, "language": lang}
    match = runner.play(game, agents, seed, options, observer=feed, max_steps=STEPS * 2)
    return [*out.screens, last_screen(out, "gotcha", match.state, feed.take(0), lang)]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_gotcha_screen_fits_80_by_24(lang: Lang) -> None:
    screens = play_gotcha(4, lang)
    assert len(screens) > 5
    for number, screen in enumerate(screens):
        assert rows(screen) <= HEIGHT, f"screen {number}:\n{screen}"
        assert all(cell_len(line) <= WIDTH for line in screen.splitlines()), screen


def last_screen(out: Screens, game_id: str, state: Any, news: list[str], lang: Lang) -> str:
    """The screen after the game (``cli play``: the table, the news, the result)."""
    game = registry.make(game_id)
    tables = renderer_for(game_id).tables(game.view(state, 0), lang)
    result = "Game over: the result line, as long as it is in the terminal. " * 2
    show_screen(out.console, lang, tables, news, (), (), result)
    out.console.print(result, markup=False, highlight=False)
    return out.cut("")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_screen_of_a_seeded_game_fits_80_by_24(game_id: str, lang: Lang) -> None:
    for seed in GAMES[game_id]:
        screens = play(game_id, seed, lang)
        assert len(screens) > 5
        for number, screen in enumerate(screens):
            assert rows(screen) <= HEIGHT, f"seed {seed} screen {number}:\n{screen}"
            wide = [line for line in screen.splitlines() if cell_len(line) > WIDTH]
            assert not wide, f"seed {seed} screen {number}:\n{screen}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_last_screen_fits(game_id: str) -> None:
    """A game of greedy bots to its end: its last screen, with every event of the last
    round as news, fits too."""
    game = registry.make(game_id)
    count = game.info.min_players
    agents = [make_agent("greedy", game_id) for _ in range(count)]
    out = Screens(0)
    names = [renderer_for(game_id).seat_label(s, "es") for s in range(count)]
    feed = EventFeed(game, [0], names, "es", out.console)
    match = runner.play(game, agents, 3, {}, observer=feed)
    assert match.outcome is not None
    screen = last_screen(out, game_id, match.state, feed.take(0), "es")
    assert rows(screen) <= HEIGHT, screen
    assert all(cell_len(line) <= WIDTH for line in screen.splitlines()), screen


def test_a_long_menu_is_paged_and_a_number_from_another_page_still_plays() -> None:
    """Dweebies' placements: the page line names '+', and '+' shows other numbers."""
    for seed in (1, 2, 3):
        screens = play("dweebies", seed, "en")
        paged = [s for s in screens if "page 1/" in s]
        if paged:
            break
    assert paged, "no paged menu in three seeded Dweebies games"
    # A decision's first page, then (after '+') its second one.
    pair = next((a, b) for a, b in itertools.pairwise(screens) if "page 1/" in a and "page 2/" in b)
    first, later = (
        [m.group(1) for line in s.splitlines() if (m := NUMBERED.match(line))] for s in pair
    )
    assert first and later and int(first[-1]) < int(later[0])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_replay_as_one_seat_fits_80_by_24(game_id: str) -> None:
    """``ludoteca replay --seat 0``: every frame (header, table) and the prompt fit; the
    compact table is used where the full one does not (a whole-table replay shows every
    hand and is not fitted)."""
    from ludoteca.engine.replay import replay_states  # noqa: PLC0415
    from ludoteca.terminal.replay import ReplayViewer  # noqa: PLC0415

    game = registry.make(game_id)
    agents = [make_agent("greedy", game_id) for _ in range(game.info.min_players)]
    match = runner.play(game, agents, 2, {}, max_steps=STEPS)
    out = Screens(0)
    viewer = ReplayViewer(match.record, list(replay_states(match.record)), "en", out.console, 0)
    for index in range(0, viewer.last + 1, max(1, viewer.last // 25)):
        out.console.print(viewer.frame(index))
        screen = out.cut("Enter = next, b = back, q = quit, a number: that move (0-99): ")
        assert rows(screen) <= HEIGHT, screen
        assert all(cell_len(line) <= WIDTH for line in screen.splitlines()), screen
