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
from typing import Any

from rich.console import Console

from ludoteca.agents import levels
from ludoteca.agents import registry as agents_registry
from ludoteca.agents.registry import make_agent
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry, runner
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import Game, OptionValue
from ludoteca.engine.i18n import Lang, msg
from ludoteca.terminal import Renderer, renderer_for, session
from ludoteca.terminal.chooser import choose_game, choose_players
from ludoteca.terminal.feed import EventFeed
from ludoteca.terminal.files import write_lines
from ludoteca.terminal.human import (
    HotSeat,
    HumanAgent,
    QuitGame,
    ReadLine,
    console_reader,
    key_pause,
)
from ludoteca.terminal.layout import show_screen
from ludoteca.terminal.live import live_input

HUMAN = "human"
"""The opponent name that makes every seat a person at this keyboard (hot-seat)."""

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
        save: Where to write the record (also of a game left before its end).
        speed: How fast a realtime game's bots play (1 is normal; 0 or more).
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


def play(choices: PlayChoices, lang: Lang, console: Console) -> int:
    """Play one game in the terminal against bots or hot-seat, and show how it ended.

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
        try:
            game_id = choose_game(console, read_line, lang)
            if players is None:
                players = choose_players(console, read_line, game_id, lang)
        except (QuitGame, *session.LEAVE):
            console.print()
            console.print(msg("term.no_game").text(lang))
            return 0
    if not choices.speed >= 0:
        raise GameSetupError(msg("term.bad_speed", value=choices.speed))
    game = registry.make(game_id)
    info = game.info
    given = options_mod.with_language(info, options_mod.parse_pairs(list(choices.options)), lang)
    options = options_mod.resolve(info, given)
    count = info.min_players if players is None else players
    runner.check_players(info, count)
    session.check_seat(info, choices.seat, count)
    renderer = renderer_for(game_id)
    vs = _opponent(choices, game_id, info.realtime)
    seat = choices.seat
    names = [renderer.seat_label(s, lang) for s in range(count)]
    people = list(range(count)) if vs == HUMAN else [seat]
    pause = None if vs == HUMAN else key_pause(console)
    feed = EventFeed(game, people, names, lang, console, pause)
    if vs == HUMAN:
        hot_seat = HotSeat(console, read_line, renderer, lang)
        agents: list[runner.Agent] = [
            HumanAgent(game, s, lang, console, read_line, hot_seat, feed=feed, hints=choices.hints)
            for s in range(count)
        ]
    else:
        person = _person(game, renderer, choices, lang, console, read_line, feed)
        agents = [person if s == seat else make_agent(vs, game_id) for s in range(count)]
        feed.explain_bots(agents)
    match_seed = secrets.randbelow(1_000_000) if choices.seed is None else choices.seed
    console.print(msg("term.seed", seed=match_seed).text(lang), style="dim")
    if vs != HUMAN:
        you = renderer.seat_label(seat, lang)
        console.print(msg("term.versus", seat=you, bot=vs).text(lang), style="bold")
    log = session.StepLog()

    def observe(before: Any, actor: int, action: Any, after: Any) -> None:
        log(before, actor, action, after)
        feed(before, actor, action, after)

    try:
        # A person in a realtime game types while the others act (``terminal.live``).
        realtime_person = renderer.human is not None and vs != HUMAN
        with live_input(console) if realtime_person else nullcontext() as live:
            if live is not None:
                agents[seat].attach_live(live)  # type: ignore[attr-defined]
            match = runner.play(game, agents, match_seed, options, observer=observe)
    except (QuitGame, *session.LEAVE):
        console.print()
        console.print(msg("term.quit").text(lang), style="bold")
        if choices.save is not None:
            _save_partial(log, game, agents, match_seed, options, choices.save, lang, console)
        return session.EXIT_ABANDONED
    watcher = None if vs == HUMAN else seat
    news = feed.take(seat)
    final_view = game.view(match.state, watcher)
    result = result_line(game, match, watcher, lang)
    show_screen(console, lang, renderer.tables(final_view, lang), news, (), (), result)
    console.print(result, style="bold")
    if choices.save is not None:
        write_lines(choices.save, [match.record.dumps()])
        console.print(msg("term.saved", path=choices.save).text(lang))
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
        vs = agents_registry.agent_for_level(choices.level, game_id)
    if vs is None:
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
    game: Game[Any, Any],
    renderer: Renderer,
    choices: PlayChoices,
    lang: Lang,
    console: Console,
    read_line: ReadLine,
    feed: EventFeed,
) -> runner.Agent:
    """The agent of the person playing against bots: the game's own (realtime Gotcha), or
    the generic prompt.
    """
    seat = choices.seat
    if renderer.human is not None:
        agent: runner.Agent = renderer.human(
            game, seat, lang, console, read_line, feed=feed, speed=choices.speed
        )
        return agent
    return HumanAgent(game, seat, lang, console, read_line, feed=feed, hints=choices.hints)


def _save_partial(
    log: session.StepLog,
    game: Game[Any, Any],
    agents: list[runner.Agent],
    seed: int,
    options: dict[str, OptionValue],
    path: Path,
    lang: Lang,
    console: Console,
) -> None:
    """Write the record of the steps played before the person left (no outcome)."""
    seats_played = tuple(agent.name for agent in agents)
    partial = log.record(game, seats_played, seed, options)
    write_lines(path, [partial.dumps()])
    console.print(msg("term.saved_partial", steps=len(log.entries), path=path).text(lang))


def result_line(game: Game[Any, Any], match: runner.Match, seat: int | None, lang: Lang) -> str:
    """How the game ended, for the person at ``seat`` (``None``: hot-seat, the winners named).

    A match stopped before its end says so, with its step count.
    """
    outcome = match.outcome
    if outcome is None:
        return msg("term.stopped", steps=match.steps).text(lang)
    renderer = renderer_for(game.info.id)
    names = [renderer.seat_label(s, lang) for s in range(len(outcome.scores))]
    line = msg("term.game_over", reason=outcome.reason_text(lang, names) or "").text(lang)
    if not outcome.winners:
        verdict = msg("term.drawn")
    elif seat is None:
        winners = ", ".join(renderer.seat_label(s, lang) for s in outcome.winners)
        verdict = msg("term.winners", seats=winners)
    else:
        verdict = msg("term.won" if seat in outcome.winners else "term.lost")
    return f"{line} {verdict.text(lang)}"
