"""One game on the full-screen table: the seats filled, the game played in its thread,
the record saved at the end or when the person leaves, and the result printed once the
screen is gone (so that it stays in the terminal's scrollback).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from ludoteca.agents.registry import make_agent
from ludoteca.engine import runner
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.terminal import session
from ludoteca.terminal.files import write_lines
from ludoteca.terminal.human import QuitGame
from ludoteca.terminal.result import result_line
from ludoteca.terminal.setup import Setup
from ludoteca.terminal.tui.app import Finished, TableApp
from ludoteca.terminal.tui.side import GameSide, TableHuman


def table_app(setup: Setup, lang: Lang) -> TableApp:
    """The table for ``setup``, ready to run (``run()``, or ``run_test()`` in tests)."""
    if setup.save is not None:
        note = msg("term.tui.saving_on", path=setup.save).text(lang)
    else:
        note = msg("term.tui.saving_off").text(lang)

    def play(app: TableApp) -> Finished:
        return _play(setup, lang, app)

    return TableApp(lang, play, note, chatty=setup.game.info.realtime)


def play_full_screen(setup: Setup, lang: Lang, console: Console) -> int:
    """Play ``setup`` on the full-screen table; the exit code (``session.EXIT_ABANDONED``
    when the person left).

    Raises:
        BaseException: Whatever stopped the game's thread, once the screen is gone.
    """
    app = table_app(setup, lang)
    code = app.run()
    if app.failure is not None:
        raise app.failure
    finished = app.finished
    if finished is not None:
        console.print(finished.result, style="bold", markup=False, highlight=False)
        if finished.saved is not None:
            if finished.abandoned:
                saved = msg("term.saved_partial", steps=finished.steps, path=finished.saved)
            else:
                saved = msg("term.saved", path=finished.saved)
            console.print(saved.text(lang), markup=False, highlight=False)
    return session.EXIT_ABANDONED if code == 1 else int(code or 0)


def _title(setup: Setup, lang: Lang) -> str:
    name = setup.game.info.name(lang)
    seed = msg("term.tui.seed", seed=setup.seed).text(lang)
    if setup.hot_seat:
        return f"{name} · {seed}"
    versus = msg("term.tui.versus", bot=setup.bot_label(lang)).text(lang)
    return f"{name} · {versus} · {seed}"


def _play(setup: Setup, lang: Lang, app: TableApp) -> Finished:
    """The game's thread: play to the end or to the person leaving; save the record."""
    game, count, seat = setup.game, setup.count, setup.seat
    people = list(range(count)) if setup.hot_seat else [seat]
    side = GameSide(
        game,
        setup.renderer,
        people,
        setup.names(lang),
        lang,
        app,
        app.call_from_thread,
        app.channel,
        pauses=not setup.hot_seat,
        title=_title(setup, lang),
    )
    agents: list[runner.Agent]
    if setup.hot_seat:
        agents = [TableHuman(side, s, hints=setup.hints, hot_seat=True) for s in range(count)]
    else:
        person = _person(setup, side)
        agents = [person if s == seat else make_agent(setup.vs, game.info.id) for s in range(count)]
    log = session.StepLog()

    def observe(before: Any, actor: int, action: Any, after: Any) -> None:
        log(before, actor, action, after)
        side(before, actor, action, after)

    try:
        match = runner.play(game, agents, setup.seed, setup.options, observer=observe)
    except QuitGame:
        saved = None
        if setup.save is not None:
            partial = log.record(game, [a.name for a in agents], setup.seed, setup.options)
            write_lines(setup.save, [partial.dumps()])
            saved = setup.save
        quit_line = msg("term.quit").text(lang)
        return Finished(quit_line, saved, abandoned=True, steps=len(log.entries))
    watcher = None if setup.hot_seat else seat
    side.show(game.view(match.state, watcher if watcher is not None else people[0]))
    if setup.save is not None:
        write_lines(setup.save, [match.record.dumps()])
    result = result_line(game, match, watcher, lang)
    return Finished(result, setup.save, False, match.steps, match.record, tuple(side.names))


def _person(setup: Setup, side: GameSide) -> runner.Agent:
    """The person's agent: Gotcha's own (the person types while the others play), or the
    move prompt.
    """
    if setup.game.info.realtime:
        from ludoteca.terminal.tui.gotcha_side import TableGotcha  # noqa: PLC0415

        return TableGotcha(side, setup.seat, setup.speed)
    return TableHuman(side, setup.seat, hints=setup.hints)


register(
    {
        "term.tui.seed": {"es": "semilla {seed}", "en": "seed {seed}"},
        "term.tui.versus": {"es": "contra «{bot}»", "en": "against '{bot}'"},
    }
)
