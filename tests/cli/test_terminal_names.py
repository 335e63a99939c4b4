"""Issue 38, the terminal half: every text the terminal shows a person names people and
things, never ids (the web half: ``tests/web/test_people_read_names.py``).

Each of the five games is played to its end in both languages, once line by line
(``--plain``) and once on the full screen (Textual's headless Pilot), against bots. The
person asks for a hint twice (the kind, then the move), types a move that is no longer
legal (a refusal) and then plays as a greedy bot would, by the move's number when the list
shows it. Every screen drawn, the log, the hints, the refusal, the result and a replay of
the game (line by line, and the full screen's history) are collected and checked against
``people_read``: no seat number (``Seat 1``, ``YAY (0)``, ``P0``), no card or place id
(``D03``, ``I29``, ``a2``), no move's text form (``place Y1 f6``) and, in English, no
Spanish.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType
from table_driver import app_for, setup_for

from ludoteca.agents.registry import make_agent
from ludoteca.engine.game import View
from ludoteca.engine.i18n import Lang
from ludoteca.engine.record import GameRecord
from ludoteca.terminal import Menu, human, renderer_for
from ludoteca.terminal.play import _play_plain
from ludoteca.terminal.replay import ReplayViewer, replay_states
from ludoteca.terminal.setup import Setup
from ludoteca.terminal.tui.widgets import MoveInput
from people_read import offending, report, text_forms

GAMES: dict[str, tuple[int, tuple[str, ...]]] = {
    # players, options (small tables: the texts are the same, the games shorter)
    "tacocat": (2, ()),
    "dweebies": (3, ()),
    "tile_up": (2, ("board_size=9",)),
    "mystery_date": (3, ("turn_limit=30",)),
    "gotcha": (4, ("track_length=4", "turn_limit=8")),
}
WIDTH = 120


def text_of(renderable: RenderableType) -> str:
    """What a renderable shows, as plain text."""
    console = Console(file=io.StringIO(), width=WIDTH, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


class Person:
    """Answers a decision: two hints and one stale move at the first decisions that allow
    them, then the greedy bot's choice (its number when the menu lists it)."""

    def __init__(self, setup: Setup) -> None:
        self.game = setup.game
        self.seat = setup.seat
        self.bot = make_agent("greedy", setup.game.info.id)
        self.rng = random.Random(5)
        self.hints = 2
        self.refused = False
        self.seen: set[str] = set()
        self.answers: list[str] = []

    def menu(self, shown: Callable[[View, Sequence[Any], Lang], Menu]) -> Callable[..., Menu]:
        """The renderer's menu, queueing this decision's answers as it is drawn."""

        def menu(view: View, legal: Sequence[Any], lang: Lang) -> Menu:
            options = shown(view, legal, lang)
            if view.get("seat") == self.seat and len(legal) > 1:
                self.answers = self.decide(view, legal, options)
            return options

        return menu

    def decide(self, view: View, legal: Sequence[Any], options: Menu) -> list[str]:
        answers: list[str] = []
        typed = {str(action) for action in legal}
        if self.hints:
            answers += ["?"] * self.hints
            self.hints = 0
        stale = sorted(self.seen - typed)
        if not self.refused and stale:
            answers.append(stale[0].split(" ", 1)[1] if stale[0].startswith("@") else stale[0])
            self.refused = True
        self.seen |= typed
        choice = self.bot.choose(view, legal, self.rng)
        if choice in options.actions:
            answers.append(str(options.actions.index(choice) + 1))
        else:
            answers.append(str(choice))
        return answers

    def next_answer(self) -> str:
        return self.answers.pop(0) if self.answers else "1"


def setup_of(
    game: str, lang: Lang, save: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Setup, Person]:
    """The game's setup, its person's menu answered by :class:`Person`."""
    players, options = GAMES[game]
    setup = setup_for(game, lang, save, players=players, options=options, seed=3)
    person = Person(setup)
    renderer = replace(setup.renderer, menu=person.menu(setup.renderer.menu))
    monkeypatch.setattr(human, "renderer_for", lambda game_id: renderer)
    return replace(setup, renderer=renderer), person


def replay_texts(save: Path, lang: Lang, seat: int) -> list[str]:
    """The replay of the saved game: every move line by line, as ``seat`` and as the
    whole table."""
    record = GameRecord.loads(save.read_text("utf-8").splitlines()[0])
    texts = []
    for viewer_seat in (seat, None):
        buffer = io.StringIO()
        console = Console(file=buffer, width=WIDTH, color_system=None, height=60)
        viewer = ReplayViewer(record, replay_states(record, 1), lang, console, viewer_seat)
        viewer.print_all()
        texts += buffer.getvalue().splitlines()
        texts += [viewer.move_line(index) for index in range(viewer.last + 1)]
    return texts


TERMINAL = (
    re.compile(r"\b(?:YAY|WOW)\s*\(\d+\)"),  # Tacocat's seats as they were shown
    re.compile(r"\b[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+\d+\b"),  # a name with a seat number (Gotcha's track)
    re.compile(r"\[[a-z]+(?: [\w,.-]+)*\]"),  # a move's code in brackets ("[buzz a1 3]")
)
"""What the terminal showed besides the ids every surface must avoid."""


def forms_of(save: Path) -> set[str]:
    """The text forms of the players' moves in the saved game (what a move list must not
    show; chance's draws are named as the board shows them, ``You draw B1``)."""
    record = GameRecord.loads(save.read_text("utf-8").splitlines()[0])
    return {text for seat, text in record.actions if seat >= 0}


QUOTED = re.compile(r"'[^']*'")
"""An input example in a sentence (``type them as 'place 7 1 0'``)."""


def without_examples(texts: list[str], game: str, lang: Lang) -> list[str]:
    """The texts without their input examples: typed notation may show where it teaches
    what to type (the help's examples, a quoted example), not where a move is named."""
    examples = renderer_for(game).examples(lang)
    return [QUOTED.sub("", text.replace(examples, "")) for text in texts]


def check(texts: list[str], game: str, lang: Lang, forms: set[str]) -> None:
    found = offending(texts, game, lang)
    found += text_forms(without_examples(texts, game, lang), forms)
    found += [(p.pattern, text) for text in texts for p in TERMINAL if p.search(text)]
    assert not found, report(found)


def play_plain(game: str, lang: Lang, save: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    setup, person = setup_of(game, lang, save, monkeypatch)
    buffer = io.StringIO()
    console = Console(file=buffer, width=WIDTH, height=40, color_system=None)
    if setup.renderer.human is not None:  # Gotcha: a person who types into the room
        # Help, a buzz (names the players it accuses), a chat line; then the first listed
        # move or a wait, in turns, until the game ends.
        said = ["?", "/buzz area 1 Bruno", "hola" if lang == "es" else "hello"]
        answers = itertools.chain(said, itertools.cycle(["1", ""]))

        def read_line(prompt: str) -> str:
            console.print(prompt)
            return next(answers)

    else:

        def read_line(prompt: str) -> str:
            console.print(prompt)
            return person.next_answer()

    assert _play_plain(setup, lang, console, read_line) == 0
    assert person.refused or setup.renderer.human is not None
    return buffer.getvalue().splitlines()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", list(GAMES))
def test_plain_play_and_replay_name_people_and_things(
    game: str, lang: Lang, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.jsonl"
    texts = play_plain(game, lang, save, monkeypatch)
    texts += replay_texts(save, lang, 0)
    check(texts, game, lang, forms_of(save))


def play_full_screen(
    game: str, lang: Lang, save: Path, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    setup, person = setup_of(game, lang, save, monkeypatch)
    app = app_for(setup, lang)
    texts: list[str] = []

    def keep(method: Callable[..., Any], pick: Callable[..., list[str]]) -> Callable[..., Any]:
        def kept(*args: Any) -> Any:
            texts.extend(pick(*args))
            return method(*args)

        return kept

    app.show_board = keep(  # type: ignore[method-assign]
        app.show_board,
        lambda b: [*map(text_of, b.tables), *b.players, b.last, b.title],
    )
    app.add_entries = keep(  # type: ignore[method-assign]
        app.add_entries, lambda seat, entries: [e.text for e in entries]
    )
    app.say = keep(app.say, lambda text, style: [text])  # type: ignore[method-assign]
    app.wait_key = keep(app.wait_key, lambda text: [text])  # type: ignore[method-assign]

    async def run() -> None:
        async with app.run_test(size=(WIDTH, 40)) as pilot:
            for _ in range(20000):
                if app.finished is not None:
                    break
                if app.waiting:
                    await pilot.press("space")
                elif app.asking is not None and app.asking.labels:
                    texts.extend([app.asking.prompt, *app.asking.labels, *app.asking.hints])
                    app.query_one(MoveInput).value = person.next_answer()
                    await pilot.press("enter")
                    await pilot.pause()
                    texts.extend(strip.text for strip in app.screen._compositor.render_strips())
                else:
                    await pilot.pause(0.005)
            await pilot.pause()
            texts.extend(strip.text for strip in app.screen._compositor.render_strips())

    asyncio.run(run())
    assert app.finished is not None and not app.finished.abandoned
    texts.append(app.finished.result)
    return texts


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", list(GAMES))
def test_full_screen_play_names_people_and_things(
    game: str, lang: Lang, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.jsonl"
    texts = play_full_screen(game, lang, save, monkeypatch)
    check(texts, game, lang, forms_of(save))
