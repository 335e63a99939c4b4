"""One game in the terminal, as ``ludoteca play`` asks for it: the choices checked, the
seats filled (a person and bots, or hot-seat people), the game played to its end or to the
person leaving, the result shown and the record saved.

The command line only reads the options into :class:`PlayChoices` and hands them here.
"""

from __future__ import annotations

import secrets
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from ludoteca.agents import levels
from ludoteca.agents import registry as agents_registry
from ludoteca.agents.registry import make_agent
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import Lang, msg
from ludoteca.startup import resume_collector
from ludoteca.terminal import renderer_for, saves, session
from ludoteca.terminal.files import write_lines
from ludoteca.terminal.human import (
    HotSeat,
    HumanAgent,
    QuitGame,
    ReadLine,
    console_reader,
    key_pause,
)
from ludoteca.terminal.result import result_line
from ludoteca.terminal.setup import HUMAN, Setup

if TYPE_CHECKING:
    from ludoteca.terminal.feed import EventFeed

BOT_PREFERENCE = ("expert", "greedy", "random")
"""The opponent when none is named: the first of these the game offers."""


@dataclass(frozen=True, slots=True)
class PlayChoices:
    """What the person asked for (the options of ``ludoteca play``).

    Attributes:
        game: The game's id; ``None`` asks for it (and for the player count) with menus.
        vs: The bots' agent name, or :data:`HUMAN` for hot-seat; ``None``: the strongest.
        level: A difficulty level instead of ``vs`` (``agents.levels``).
        hints: Whether the person's prompt offers hints.
        seat: The person's seat against bots.
        seed: The match seed; ``None`` draws one.
        players: The number of seats; ``None``: the game's fewest.
        options: Game options as typed, ``NAME=VALUE``.
        save: Where to write the record (also of a game left before its end); ``None``:
            the default place (``terminal.saves``).
        speed: How fast a realtime game's bots play (1 is normal; 0 or more).
        no_save: Keep no record at all.
        plain: Line by line even on a terminal (screen readers).
    """

    game: str | None = None
    vs: str | None = None
    level: str | None = None
    hints: bool = True
    seat: int = 0
    seed: int | None = None
    players: int | None = None
    options: tuple[str, ...] = ()
    save: Path | None = None
    speed: float = 1.0
    no_save: bool = False
    plain: bool = False


def play(choices: PlayChoices, lang: Lang, console: Console) -> int:
    """Play one game in the terminal against bots or hot-seat, and show how it ended.

    On a terminal the game is a full screen (``terminal.tui``); with ``plain`` or when the
    input or output is not a terminal (a pipe, a screen reader's transcript) it is line by
    line. The record is saved at the end or when the person leaves, to ``save`` or to the
    default place (``terminal.saves``), unless ``no_save``.

    Args:
        choices: What the person asked for.
        lang: The language of every text.
        console: Where to draw (and whose input is read).

    Returns:
        The exit code: 0, or ``session.EXIT_ABANDONED`` when the person left the game.

    Raises:
        GameSetupError: For choices that cannot be played (an unknown game or opponent, a
            seat or player count out of range, a bad option or speed, an unwritable file).
    """
    read_line = console_reader(console)
    game_id, players = choices.game, choices.players
    if game_id is None:
        from ludoteca.terminal.chooser import choose_game, choose_players  # noqa: PLC0415

        try:
            game_id = choose_game(console, read_line, lang)
            if players is None:
                players = choose_players(console, read_line, game_id, lang)
        except (QuitGame, *session.LEAVE):
            console.print()
            console.print(msg("term.no_game").text(lang))
            return 0
    try:
        setup = _setup(choices, game_id, players, lang)
        if not choices.plain and session.full_screen_possible(console):
            from ludoteca.terminal.tui.run import play_full_screen  # noqa: PLC0415 (start-up)

            return play_full_screen(setup, lang, console)
        return _play_plain(setup, lang, console, read_line)
    finally:
        resume_collector()  # if the game never waited for the person (``ludoteca.startup``)


def _setup(choices: PlayChoices, game_id: str, players: int | None, lang: Lang) -> Setup:
    """Check the choices and fill in what was not given (the opponent, the seed, where
    the record goes).

    Raises:
        GameSetupError: For choices that cannot be played.
    """
    if not choices.speed >= 0:
        raise GameSetupError(msg("term.bad_speed", value=choices.speed))
    if choices.no_save and choices.save is not None:
        raise GameSetupError(msg("term.save_and_no_save"))
    game = registry.make(game_id)
    info = game.info
    given = options_mod.with_language(info, options_mod.parse_pairs(list(choices.options)), lang)
    options = options_mod.resolve(info, given)
    count = info.min_players if players is None else players
    runner.check_players(info, count)
    session.check_seat(info, choices.seat, count)
    vs = _opponent(choices, game_id, info.realtime)
    seed = secrets.randbelow(1_000_000) if choices.seed is None else choices.seed
    save = choices.save
    if save is None and not choices.no_save:
        save = saves.default_path(game_id, seed)
    if save is not None:
        saves.ensure_folder(save)
    return Setup(
        game,
        renderer_for(game_id),
        count,
        vs,
        choices.seat,
        seed,
        options,
        save,
        choices.hints,
        choices.speed,
        None if choices.level is None else levels.level_id(choices.level),
    )


def _play_plain(setup: Setup, lang: Lang, console: Console, read_line: ReadLine) -> int:
    """The game line by line (``--plain``, pipes, screen readers)."""
    # Only line by line (the full screen has its own); not imported before it is chosen.
    from ludoteca.terminal.feed import EventFeed  # noqa: PLC0415
    from ludoteca.terminal.layout import show_screen  # noqa: PLC0415
    from ludoteca.terminal.live import live_input  # noqa: PLC0415

    game, renderer, count, vs, seat = setup.game, setup.renderer, setup.count, setup.vs, setup.seat
    names = setup.names(lang)
    people = list(range(count)) if setup.hot_seat else [seat]
    pause = None if setup.hot_seat else key_pause(console)
    feed = EventFeed(game, people, names, lang, console, pause)
    if setup.hot_seat:
        hot_seat = HotSeat(console, read_line, renderer, lang)
        agents: list[runner.Agent] = [
            HumanAgent(
                game,
                s,
                lang,
                console,
                read_line,
                hot_seat,
                feed=feed,
                hints=setup.hints,
                names=names,
            )
            for s in range(count)
        ]
    else:
        person = _person(setup, lang, console, read_line, feed)
        agents = [person if s == seat else make_agent(vs, game.info.id) for s in range(count)]
        feed.explain_bots(agents)
    console.print(msg("term.seed", seed=setup.seed).text(lang), style="dim")
    if not setup.hot_seat:
        you = renderer.seat_label(seat, lang)
        bot = setup.bot_label(lang)
        console.print(msg("term.versus", seat=you, bot=bot).text(lang), style="bold")
    log = session.StepLog()

    def observe(before: Any, actor: int, action: Any, after: Any) -> None:
        log(before, actor, action, after)
        feed(before, actor, action, after)

    try:
        # A person in a realtime game types while the others act (``terminal.live``).
        realtime_person = renderer.human is not None and not setup.hot_seat
        with live_input(console) if realtime_person else nullcontext() as live:
            if live is not None:
                agents[seat].attach_live(live)  # type: ignore[attr-defined]
            match = runner.play(game, agents, setup.seed, setup.options, observer=observe)
    except (QuitGame, *session.LEAVE):
        console.print()
        console.print(msg("term.quit").text(lang), style="bold")
        if setup.save is not None:
            partial = log.record(game, [a.name for a in agents], setup.seed, setup.options)
            write_lines(setup.save, [partial.dumps()])
            console.print(
                msg("term.saved_partial", steps=len(log.entries), path=setup.save).text(lang)
            )
        return session.EXIT_ABANDONED
    watcher = None if setup.hot_seat else seat
    news = feed.take(seat)
    final_view = game.view(match.state, watcher)
    result = result_line(game, match, watcher, lang)
    show_screen(console, lang, renderer.tables(final_view, lang), news, (), (), result)
    console.print(result, style="bold")
    if setup.save is not None:
        write_lines(setup.save, [match.record.dumps()])
        console.print(msg("term.saved", path=setup.save).text(lang))
    return 0


def _opponent(choices: PlayChoices, game_id: str, realtime: bool) -> str:
    """The bots' agent name (or :data:`HUMAN`) from ``--vs`` or ``--level``.

    Raises:
        GameSetupError: For both ``--vs`` and ``--level``, an unknown opponent, or hot-seat
            in a realtime game.
    """
    bots = agents_registry.agent_names(game_id)
    vs = choices.vs
    if choices.level is not None:
        if vs is not None:
            raise GameSetupError(msg("term.level_and_vs"))
        # A level always names a real bot, listed or not (Gotcha's are humanlike:skill=S).
        return agents_registry.agent_for_level(choices.level, game_id)
    if vs is None:
        fair = levels.default_level(game_id)  # Gotcha: the level measured fair, as on the web
        if fair is not None:
            return agents_registry.agent_for_level(fair, game_id)
        vs = next(name for name in BOT_PREFERENCE if name in bots)
    if vs == HUMAN and realtime:
        raise GameSetupError(msg("term.realtime_hot_seat", game=game_id))
    valid = (*bots, HUMAN)
    if vs != HUMAN and vs.partition(":")[0] not in valid and vs not in levels.LEVELS:
        raise GameSetupError(
            msg("term.unknown_opponent", name=vs, game=game_id, valid=", ".join(valid))
        )
    return vs


def _person(
    setup: Setup, lang: Lang, console: Console, read_line: ReadLine, feed: EventFeed
) -> runner.Agent:
    """The agent of the person playing against bots: the game's own (realtime Gotcha), or
    the generic prompt.
    """
    seat, game = setup.seat, setup.game
    if setup.renderer.human is not None:
        agent: runner.Agent = setup.renderer.human(
            game, seat, lang, console, read_line, feed=feed, speed=setup.speed
        )
        return agent
    names = setup.names(lang)
    return HumanAgent(
        game, seat, lang, console, read_line, feed=feed, hints=setup.hints, names=names
    )
