"""``ludoteca learn GAME``: a game's lesson in the terminal, line by line, then a short game
against a gentle bot.

Each step shows its title, the rules it teaches (id and sentence), the table from the
learner's seat (the game's renderer, fitted like a game's screen) and what to do. A "do"
step reads a move as ``ludoteca play`` does (a number from the menu, or the move typed;
Gotcha's own input for chat, emotes and buzzes) and answers it with the step's verdict
(``lessons.Step.judge``): an illegal move gets the game's reason and rule, a legal one the
step does not ask for gets the step's hint. Progress is saved per user after every step
(:func:`progress_path`), so a lesson left with ``q`` or Ctrl-C resumes where it stopped.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

from rich.console import Console

from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError, RulesError
from ludoteca.engine.events import render
from ludoteca.engine.game import Game, View
from ludoteca.engine.i18n import Lang, Message, msg, register
from ludoteca.lessons import Lesson, UnknownLessonError, Verdict, lesson
from ludoteca.terminal import Menu, renderer_for, saves, session, table_names
from ludoteca.terminal.human import (
    HELP_WORDS,
    QUIT_WORDS,
    Pause,
    QuitGame,
    ReadLine,
    console_reader,
    key_pause,
)
from ludoteca.terminal.layout import NEXT_PAGE, PREVIOUS_PAGE, screen_height, show_screen

FEEDBACK_ROWS = 3
"""Rows a screen leaves free under its prompt: the answer to a try (two rows of feedback)
and the prompt again fit without scrolling the table's top away."""
TRY_DELAY_MS = 1000
"""Game time a realtime try is stamped at after the position's clock (the lesson waits for
the person, so one second after the last action)."""


def progress_path() -> Path:
    """The file where the terminal keeps lesson progress, next to its saved games
    (``$XDG_DATA_HOME/ludoteca/lessons.json``; see ``terminal.saves``).
    """
    return saves.games_dir().parent / "lessons.json"


def load_progress(path: Path) -> dict[str, list[str]]:
    """Each game's finished step ids; an absent or unreadable file is no progress."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        str(game): [str(step) for step in done]
        for game, done in data.items()
        if isinstance(done, list)
    }


def save_progress(path: Path, progress: dict[str, list[str]]) -> None:
    """Write ``progress`` whole (a new file renamed over the old one).

    Raises:
        GameSetupError: If the file cannot be written.
    """
    saves.ensure_folder(path)
    partial = path.with_name(path.name + ".new")
    try:
        partial.write_text(json.dumps(progress, indent=1, sort_keys=True), "utf-8")
        os.replace(partial, path)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("term.cannot_write", path=path, reason=reason)) from None


def learn(
    game_id: str,
    lang: Lang,
    console: Console,
    *,
    restart: bool = False,
    plain: bool = False,
    read_line: ReadLine | None = None,
    path: Path | None = None,
) -> int:
    """Run ``game_id``'s lesson from where this user left it, then its closing game.

    Args:
        game_id: The game whose lesson to run.
        lang: The language of every text.
        console: Where to draw.
        restart: Start from the first step, forgetting the progress.
        plain: Play the closing game line by line even on a terminal.
        read_line: How to read a line (default: the console's).
        path: The progress file (default :func:`progress_path`).

    Returns:
        The exit code: 0, or ``session.EXIT_ABANDONED`` when the person left.

    Raises:
        GameSetupError: For a game without a lesson or a progress file that cannot be
            written.
    """
    try:
        the_lesson = lesson(game_id)
    except UnknownLessonError as error:
        raise GameSetupError(error.message) from None
    read = console_reader(console) if read_line is None else read_line
    pause = key_pause(console)
    path = progress_path() if path is None else path
    progress = load_progress(path)
    done = [] if restart else progress.get(game_id, [])
    ids = [step.id for step in the_lesson.steps]
    if set(ids) <= set(done):
        done = []  # a finished lesson starts again
    progress[game_id] = [step_id for step_id in done if step_id in ids]
    save_progress(path, progress)
    todo = [index for index, step in enumerate(the_lesson.steps) if step.id not in done]
    title = the_lesson.title.text(lang)
    console.print(msg("term.learn.title", title=title).text(lang), style="bold")
    if todo and todo[0] > 0:
        console.print(msg("term.learn.resume", step=todo[0] + 1, steps=len(ids)).text(lang))
    try:
        for index in todo:
            _StepRun(the_lesson, index, lang, console, read, pause).run()
            progress[game_id].append(the_lesson.steps[index].id)
            save_progress(path, progress)
    except (QuitGame, *session.LEAVE):
        console.print()
        console.print(msg("term.learn.left", game=game_id).text(lang), style="bold")
        return session.EXIT_ABANDONED
    console.print(msg("term.learn.closing_game").text(lang), style="bold")
    return _closing_game(the_lesson, lang, console, plain)


def _closing_game(the_lesson: Lesson, lang: Lang, console: Console, plain: bool) -> int:
    """The short game against the gentle bot, as ``ludoteca play --level`` plays it."""
    from ludoteca.terminal.play import PlayChoices, play  # noqa: PLC0415 (after the lesson)

    learner = the_lesson.steps[0].learner if the_lesson.steps else 0
    choices = PlayChoices(
        game=the_lesson.game,
        level=the_lesson.final_bot,
        players=the_lesson.players,
        seat=learner,
        plain=plain,
    )
    return play(choices, lang, console)


class _StepRun:
    """One step on the screen, until the person does what it asks (or reads it)."""

    def __init__(
        self,
        the_lesson: Lesson,
        index: int,
        lang: Lang,
        console: Console,
        read_line: ReadLine,
        pause: Pause,
    ) -> None:
        self.lesson = the_lesson
        self.step = the_lesson.steps[index]
        self.index = index
        self.lang = lang
        self.console = console
        self.read_line = read_line
        self.pause = pause
        self.game: Game[Any, Any] = registry.make(the_lesson.game)
        self.renderer = renderer_for(the_lesson.game)
        state = self.step.state()
        self.view: View = self.game.view(state, self.step.learner)
        count = len(self.step.names)
        shown = table_names(self.game, state, count, lang)
        self.names = self.step.seat_names(shown[self.step.learner])
        self.page = 0

    def run(self) -> None:
        """Show the step; for a "do" step, read tries until one is right.

        Raises:
            QuitGame: If the person asks to leave.
            EOFError: If the input ends.
        """
        step = self.step
        if step.kind == "show":
            prompt = msg("term.learn.continue").text(self.lang)
            self._show(Menu((), ()), prompt)
            while True:
                answer = self.read_line(prompt).strip().lower()
                if answer in QUIT_WORDS:
                    raise QuitGame
                if answer in HELP_WORDS:
                    self._help()
                    continue
                break
            self._say(step.success, "green")
            return
        legal = step.legal()
        options = self.renderer.menu(self.view, legal, self.lang)
        prompt = msg("term.learn.prompt").text(self.lang)
        self._show(options, prompt)
        while True:
            answer = self.read_line(prompt).strip()
            lowered = answer.lower()
            if lowered in QUIT_WORDS:
                raise QuitGame
            if lowered in NEXT_PAGE | PREVIOUS_PAGE:
                self.page += 1 if lowered in NEXT_PAGE else -1
                self._show(options, prompt)
                continue
            if lowered in HELP_WORDS:
                self._help()
                continue
            try:
                action = self._read(answer, options)
            except RulesError as error:
                self.console.print(
                    error.text(self.lang, self.names), style="red", markup=False, highlight=False
                )
                continue
            verdict = step.judge(action)
            if verdict.ok:
                self._say(verdict.message, "green")
                self.pause(msg("term.learn.next").text(self.lang))
                return
            self._say(_feedback(verdict), "red")

    def _help(self) -> None:
        """The table drawn in full (a step's screen may show a compact drawing), the step's
        words and how to answer.
        """
        self.console.print(self.renderer.render_view(self.view, self.lang, ()))
        for line in self._block():
            self.console.print(line, markup=False, highlight=False, emoji=False)
        examples = self.renderer.examples(self.lang)
        self._say(msg("term.learn.help", examples=examples), "cyan")

    def _read(self, answer: str, options: Menu) -> Any:
        """The action ``answer`` asks for, as ``ludoteca play`` reads it.

        Raises:
            RulesError: If the answer is no move.
        """
        if not answer:
            raise RulesError(msg("term.empty"))
        clock = self.view.get("clock")
        if self.game.info.realtime and isinstance(clock, int):
            human = self.renderer.human
            if human is not None:
                reader = human(
                    self.game, self.step.learner, self.lang, self.console, self.read_line
                )
                names = [str(profile["name"]) for profile in self.view.get("profiles", ())]
                return reader.parse_answer(answer, clock + TRY_DELAY_MS, options, names)
        if answer.isascii() and answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(options.actions):
                high = len(options.actions)
                raise RulesError(msg("term.bad_choice", number=number, high=high))
            return options.actions[number - 1]
        return self.game.parse_action(answer)

    def _show(self, options: Menu, prompt: str) -> None:
        """The table, the moves, then the step's words just above the prompt, on one screen
        with room for the answer to a try. The fullest drawing of the table comes first,
        with the numbered moves, else without them (the line on how to type a move stays,
        and ``?`` lists examples), then the more compact drawings the same way.
        """
        block = self._block()
        bottom = "\n".join(block) + "\n" + prompt + "\n" * FEEDBACK_ROWS
        height = screen_height(self.console)
        drawings = self.renderer.tables(self.view, self.lang)
        # The fullest drawing that fits (a compact one may leave out what the words name,
        # as Dweebies' card names), then the moves; the smallest drawing when nothing fits.
        layouts = [
            (drawings[index : index + 1], labels, hints)
            for index in range(len(drawings))
            for labels, hints in ((options.labels, options.hints), ((), options.hints[:1]))
        ]
        layouts.append((drawings[-1:], (), ()))
        for tables, labels, hints in layouts:
            probe = Console(
                file=io.StringIO(),
                width=self.console.width,
                height=height,
                force_terminal=self.console.is_terminal,
            )
            measured = show_screen(probe, self.lang, tables, (), labels, hints, bottom, self.page)
            if measured.lines <= height:
                break
        fitted = show_screen(self.console, self.lang, tables, (), labels, hints, bottom, self.page)
        self.page = fitted.page
        for number, line in enumerate(block):
            style = "bold" if number == 0 else ("cyan" if number < len(block) - 1 else None)
            self.console.print(line, style=style, markup=False, highlight=False, emoji=False)

    def _block(self) -> list[str]:
        """The step's title, its rules (id and sentence) and what to do."""
        step, lang = self.step, self.lang
        steps = len(self.lesson.steps)
        title = render(step.title, lang, self.names)
        lines = [msg("term.learn.step", n=self.index + 1, steps=steps, title=title).text(lang)]
        for rule in step.rules:
            lines.append(f"{rule} · {self.lesson.rule_text(rule, lang)}")
        lines.append(render(step.prompt, lang, self.names))
        return lines

    def _say(self, message: Message, style: str) -> None:
        text = render(message, self.lang, self.names)
        self.console.print(text, style=style, markup=False, highlight=False, emoji=False)


def _feedback(verdict: Verdict) -> Message:
    """A wrong try's message with its rule id."""
    rule = msg("engine.rule_suffix", rule_id=verdict.rule) if verdict.rule else ""
    return msg("term.learn.wrong", rule=rule, reason=verdict.message)


register(
    {
        "term.learn.title": {
            "es": "{title}. Escribe q para salir: la lección seguirá donde la dejes.",
            "en": "{title}. Type q to leave: the lesson will go on where you left it.",
        },
        "term.learn.resume": {
            "es": "Sigues en el paso {step} de {steps}.",
            "en": "Going on from step {step} of {steps}.",
        },
        "term.learn.step": {
            "es": "Paso {n} de {steps} · {title}",
            "en": "Step {n} of {steps} · {title}",
        },
        "term.learn.prompt": {
            "es": "Tu jugada (número o texto; ? mesa entera y ayuda; q salir): ",
            "en": "Your move (number or text; ? whole table and help; q quit): ",
        },
        "term.learn.continue": {
            "es": "Intro: seguir · ?: mesa entera · q: salir ",
            "en": "Enter: go on · ?: whole table · q: leave ",
        },
        "term.learn.next": {
            "es": "Pulsa una tecla para seguir (q: salir)",
            "en": "Press a key to go on (q: leave)",
        },
        "term.learn.help": {
            "es": "Arriba, la mesa entera. Escribe el número de una jugada o la jugada en "
            "texto ({examples}); q deja la lección, que seguirá donde la dejes.",
            "en": "Above, the whole table. Type a move's number or the move as text "
            "({examples}); q leaves the lesson, which goes on where you left it.",
        },
        "term.learn.wrong": {
            "es": "Todavía no{rule}: {reason}",
            "en": "Not yet{rule}: {reason}",
        },
        "term.learn.left": {
            "es": "Lección guardada. «ludoteca learn {game}» sigue donde la dejaste.",
            "en": "Lesson saved. 'ludoteca learn {game}' goes on where you left it.",
        },
        "term.learn.closing_game": {
            "es": "¡Lección terminada! Ahora, una partida corta contra un bot tranquilo.",
            "en": "Lesson done! Now a short game against a gentle bot.",
        },
    }
)
