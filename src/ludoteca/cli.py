"""The ``ludoteca`` command: games, rules, play, replay, bench and serve (``simulate``,
``compare``, ``sweep``, ``ladder`` and ``report`` are in ``cli_lab``).

Every command takes ``--lang es|en`` (default: ``es`` if ``LANG`` starts with ``es``, else
``en``). Bad input of any kind ends with one line on stderr, in that language, and exit
code 2. Help texts follow ``--lang`` when it is on the command line, else ``LANG``.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import IO, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from ludoteca import cli_help
from ludoteca.agents import levels
from ludoteca.agents import registry as agents_registry
from ludoteca.engine import i18n, registry, runner
from ludoteca.engine import options as options_mod
from ludoteca.engine.errors import GameSetupError, RulesError
from ludoteca.engine.game import Game, GameInfo, OptionValue
from ludoteca.engine.how_to_play import how_to_play
from ludoteca.engine.i18n import Lang, Message, msg
from ludoteca.lab import simulate as simulate_mod
from ludoteca.terminal import renderer_for, session
from ludoteca.terminal import replay as replay_mod
from ludoteca.terminal.chooser import choose_game, choose_players
from ludoteca.terminal.feed import EventFeed
from ludoteca.terminal.guide import print_guide
from ludoteca.terminal.human import HotSeat, HumanAgent, QuitGame, console_reader, key_pause
from ludoteca.terminal.layout import show_screen
from ludoteca.terminal.live import live_input
from ludoteca.web.cluster import messages as _cluster_messages  # noqa: F401 (serve's texts)
from ludoteca.web.store import DEFAULT_DB
from ludoteca.web.store import hide_password as _hide_password
from ludoteca.web.wire import messages as _web_messages  # noqa: F401 (serve's help texts)

EXIT_BAD_INPUT = 2
HUMAN = "human"


def default_lang(env: Mapping[str, str] = os.environ) -> Lang:
    """``es`` if the ``LANG`` environment variable starts with ``es``, else ``en``."""
    return "es" if env.get("LANG", "").lower().startswith("es") else "en"


def lang_from_args(args: Sequence[str], env: Mapping[str, str] = os.environ) -> Lang:
    """The language asked for with ``--lang`` in ``args`` if valid, else :func:`default_lang`."""
    for index, arg in enumerate(args):
        value = None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in i18n.LANGS:
            return "es" if value == "es" else "en"
    return default_lang(env)


HELP_LANG: Lang = lang_from_args(sys.argv[1:])
"""The language of the ``--help`` texts, fixed when the command is built."""


def _help(key: str) -> str:
    return msg(f"cli.help.{key}").text(HELP_LANG)


def _agents_help(key: str) -> str:
    """A help text followed by the agents of every game, where agents are chosen."""
    listing = msg("cli.help.agent_list", agents=cli_help.agents_by_game()).text(HELP_LANG)
    return f"{_help(key)} {listing}"


def _meta(key: str) -> str:
    return msg(f"cli.meta.{key}").text(HELP_LANG)


cli_help.translate_help_frame(HELP_LANG)


class _OneLineErrors(TyperGroup):
    """Reports command-line syntax errors (unknown option, missing argument, a value of the
    wrong type) as one line in the chosen language, exit code 2, instead of a usage box.
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        try:
            result = super().main(
                argv,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except click_errors.NoArgsIsHelpError as error:
            typer.echo(error.format_message())
            result = 0
        except click_errors.ClickException as error:
            _echo_error(_click_error(error).text(lang_from_args(argv)))
            result = error.exit_code
        except typer.Abort:
            result = 1
        code = result if isinstance(result, int) else 0
        if not standalone_mode:
            return code
        sys.exit(code)


OPTIONS_METAVAR: str = _meta("options")

app: typer.Typer = typer.Typer(
    cls=_OneLineErrors,
    name="ludoteca",
    help=_help("app"),
    no_args_is_help=True,
    options_metavar=OPTIONS_METAVAR,
    subcommand_metavar=_meta("command"),
    add_completion=False,
    pretty_exceptions_enable=False,
)

LangOption = Annotated[str | None, typer.Option("--lang", help=_help("lang"), metavar="es|en")]
GameArgument = Annotated[str, typer.Argument(help=_help("game"), metavar=_meta("game"))]
OptionalGameArgument = Annotated[
    str | None, typer.Argument(help=_help("play_game"), metavar=_meta("game"), show_default=False)
]
OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=_help("option"), metavar=_meta("name_value")),
]


_TOP_LANG: list[Lang] = []
"""The ``--lang`` given before the command (``ludoteca --lang es rules tacocat``), if any."""


@app.callback()
def _top(lang: LangOption = None) -> None:
    """Every command takes ``--lang``; given before the command, it applies to it too."""
    _TOP_LANG.clear()
    if lang is not None:
        _TOP_LANG.append(_lang(lang))


def main() -> None:
    """Entry point of the ``ludoteca`` script (``bench web ...``: ``web.loadbench_cli``)."""
    args = sys.argv[1:]
    words = [i for i, a in enumerate(args) if a[:1] != "-" and args[i - 1 : i] != ["--lang"]]
    at = words[0] if words else 0
    if args[at : at + 2] == ["bench", "web"]:
        from ludoteca.loadbench import command as loadbench_cli  # noqa: PLC0415 (loaded only for this command)

        sys.exit(loadbench_cli.command(args[:at] + args[at + 2 :], lang_from_args(args)))
    app()


# ---------------------------------------------------------------------------------------
# Commands


@app.command(help=_help("games"), options_metavar=OPTIONS_METAVAR)
def games(lang: LangOption = None) -> None:
    """The catalogue: id, name, player range and summary of every game."""
    chosen = _lang(lang)
    with _errors(chosen):
        table = Table(title=msg("cli.games_title").text(chosen), show_lines=True)
        for key in ("id", "name", "players", "summary"):
            table.add_column(msg(f"cli.col.{key}").text(chosen))
        for game_id in registry.available_games():
            info = registry.make(game_id).info
            summary = info.summary_es if chosen == "es" else info.summary_en
            table.add_row(game_id, info.name(chosen), _players(info), summary)
        _out().print(table)


@app.command(help=_help("rules"), options_metavar=OPTIONS_METAVAR)
def rules(game: GameArgument, lang: LangOption = None) -> None:
    """How to play: the components, setup, a turn, the end, every rule with its id, the
    options (``engine.how_to_play``); paged when taller than the terminal.
    """
    chosen = _lang(lang)
    with _errors(chosen):
        print_guide(_out(), how_to_play(game, chosen))


@app.command(help=_help("play"), options_metavar=OPTIONS_METAVAR)
def play(
    game: OptionalGameArgument = None,
    vs: Annotated[
        str | None, typer.Option("--vs", help=_agents_help("vs"), metavar=_meta("agent"))
    ] = None,
    level: Annotated[
        str | None, typer.Option("--level", help=_help("level"), metavar=_meta("level"))
    ] = None,
    no_hints: Annotated[bool, typer.Option("--no-hints", help=_help("hints"), metavar="")] = False,
    seat: Annotated[int, typer.Option("--seat", help=_help("seat"), metavar="N")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help=_help("seed"), metavar="N")] = None,
    players: Annotated[
        int | None, typer.Option("--players", help=_help("players"), metavar="N")
    ] = None,
    option: OptionList = None,
    save: Annotated[
        Path | None, typer.Option("--save", help=_help("save"), metavar=_meta("file"))
    ] = None,
    speed: Annotated[float, typer.Option("--speed", help=_help("speed"), metavar="X")] = 1.0,
    lang: LangOption = None,
) -> None:
    """Play one game in the terminal against a bot or hot-seat."""
    chosen = _lang(lang)
    console = _out()
    read_line = console_reader(console)
    with _errors(chosen):
        if game is None:
            try:
                game = choose_game(console, read_line, chosen)
                if players is None:
                    players = choose_players(console, read_line, game, chosen)
            except (QuitGame, *session.LEAVE):
                console.print()
                console.print(msg("term.no_game").text(chosen))
                raise typer.Exit(0) from None
        if not speed >= 0:
            raise GameSetupError(msg("cli.bad_speed", value=speed))
        the_game = registry.make(game)
        info = the_game.info
        given = options_mod.parse_pairs(option or [])
        if any(spec.name == "language" for spec in info.options) and "language" not in given:
            # A game whose room has a language (bots speak it): the person's, unless set.
            given = {**given, "language": chosen}
        options = options_mod.resolve(info, given)
        count = info.min_players if players is None else players
        runner.check_players(info, count)
        _check_seat(info, seat, count)
        renderer = renderer_for(game)
        bots = agents_registry.agent_names(game)
        if level is not None:
            if vs is not None:
                raise GameSetupError(msg("cli.level_and_vs"))
            vs = agents_registry.agent_for_level(level, game)
        if vs is None:
            vs = next(name for name in ("expert", "greedy", "random") if name in bots)
        if vs == HUMAN and info.realtime:
            raise GameSetupError(msg("cli.realtime_hot_seat", game=game))
        names = [renderer.seat_label(s, chosen) for s in range(count)]
        people = list(range(count)) if vs == HUMAN else [seat]
        feed = EventFeed(
            the_game, people, names, chosen, console, None if vs == HUMAN else key_pause(console)
        )
        if vs == HUMAN:
            hot_seat = HotSeat(console, read_line, renderer, chosen)
            agents: list[runner.Agent] = [
                HumanAgent(
                    the_game, s, chosen, console, read_line, hot_seat, feed=feed, hints=not no_hints
                )
                for s in range(count)
            ]
        else:
            valid = (*bots, HUMAN)
            if vs.partition(":")[0] not in valid and vs not in levels.LEVELS:
                raise GameSetupError(
                    msg("cli.unknown_opponent", name=vs, game=game, valid=", ".join(valid))
                )
            person: runner.Agent = (
                renderer.human(the_game, seat, chosen, console, read_line, feed=feed, speed=speed)
                if renderer.human is not None
                else HumanAgent(
                    the_game, seat, chosen, console, read_line, feed=feed, hints=not no_hints
                )
            )
            agents = [
                person if s == seat else simulate_mod.make_agent(vs, game) for s in range(count)
            ]
            feed.explain_bots(agents)
        match_seed = secrets.randbelow(1_000_000) if seed is None else seed
        console.print(msg("term.seed", seed=match_seed).text(chosen), style="dim")
        if vs != HUMAN:
            you = renderer.seat_label(seat, chosen)
            console.print(msg("term.versus", seat=you, bot=vs).text(chosen), style="bold")
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
                match = runner.play(the_game, agents, match_seed, options, observer=observe)
        except (QuitGame, *session.LEAVE):
            console.print()
            console.print(msg("term.quit").text(chosen), style="bold")
            if save is not None:
                seats_played = tuple(agent.name for agent in agents)
                partial = log.record(the_game, seats_played, match_seed, options)
                _write_lines(save, [partial.dumps()])
                saved = msg("term.saved_partial", steps=len(log.entries), path=save)
                console.print(saved.text(chosen))
            raise typer.Exit(session.EXIT_ABANDONED) from None
        watcher = None if vs == HUMAN else seat
        news = feed.take(seat)
        final_view = the_game.view(match.state, watcher)
        result = _result_line(the_game, match, watcher, chosen)
        show_screen(console, chosen, renderer.tables(final_view, chosen), news, (), (), result)
        console.print(result, style="bold")
        if save is not None:
            _write_lines(save, [match.record.dumps()])
            console.print(msg("term.saved", path=save).text(chosen))


# ``simulate`` and the designer's questions (compare, sweep, ladder, report) live in
# ``cli_lab``; imported here so they are listed in this place of the help.
from ludoteca import cli_lab  # noqa: E402, F401


@app.command(help=_help("replay"), options_metavar=OPTIONS_METAVAR)
def replay(
    file: Annotated[Path, typer.Argument(help=_help("file"), metavar=_meta("file"))],
    game: Annotated[int, typer.Option("--game", "-g", help=_help("game_number"), metavar="N")] = 1,
    seat: Annotated[
        int | None, typer.Option("--seat", help=_help("replay_seat"), metavar="N")
    ] = None,
    to_end: Annotated[bool, typer.Option("--to-end", help=_help("to_end"), metavar="")] = False,
    lang: LangOption = None,
) -> None:
    """Step through game ``--game`` (counting from 1) of a record file."""
    chosen = _lang(lang)
    console = _out()
    with _errors(chosen):
        record = replay_mod.load_record(file, game)
        states = replay_mod.replay_states(record, game)
        if seat is not None:
            _check_seat(registry.make(record.game).info, seat, record.num_players)
        renderer = renderer_for(record.game)
        seats = ", ".join(
            f"{renderer.seat_label(s, chosen)} {name}" for s, name in enumerate(record.seats)
        )
        title = msg(
            "replay.title", number=game, path=file, game=record.game, seed=record.seed, seats=seats
        )
        console.print(title.text(chosen), style="bold", markup=False, highlight=False)
        if seat is not None:
            label = renderer.seat_label(seat, chosen)
            console.print(msg("replay.as_seat", seat=label).text(chosen), style="italic")
        viewer = replay_mod.ReplayViewer(record, states, chosen, console, seat)
        if to_end:
            viewer.print_all()
        else:
            viewer.interact(console_reader(console))


@app.command(help=_help("bench"), options_metavar=OPTIONS_METAVAR)
def bench(
    games: Annotated[
        str | None, typer.Option("--games", help=_help("bench_games"), metavar=_meta("games"))
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", help=_help("seconds"), metavar=_meta("seconds"))
    ] = 1.0,
    openspiel: Annotated[
        bool, typer.Option("--openspiel", help=_help("openspiel"), metavar="")
    ] = False,
    json_out: Annotated[
        Path | None, typer.Option("--json", help=_help("json"), metavar=_meta("file"))
    ] = None,
    lang: LangOption = None,
) -> None:
    """Parse the options and hand over to ``ludoteca.lab.bench.run_cli`` (which validates them)."""
    from ludoteca.lab.bench import run_cli  # noqa: PLC0415 (loaded only for this command)

    chosen = _lang(lang)
    game_ids = [g.strip() for g in games.split(",")] if games is not None else None
    with _errors(chosen):
        code = run_cli(game_ids, seconds, openspiel, json_out, chosen)
    raise typer.Exit(code)


FramesRate = Annotated[
    str | None, typer.Option("--frames", help=_help("rate_frames"), metavar=_meta("rate"))
]
AddressFramesRate = Annotated[
    str | None,
    typer.Option("--address-frames", help=_help("rate_address_frames"), metavar=_meta("rate")),
]
ChatRate = Annotated[
    str | None, typer.Option("--chat", help=_help("rate_chat"), metavar=_meta("rate"))
]
AddressChatRate = Annotated[
    str | None,
    typer.Option("--address-chat", help=_help("rate_address_chat"), metavar=_meta("rate")),
]
RoomsRate = Annotated[
    str | None, typer.Option("--rooms", help=_help("rate_rooms"), metavar=_meta("rate"))
]


@app.command(help=_help("serve"), options_metavar=OPTIONS_METAVAR)
def serve(
    host: Annotated[str, typer.Option("--host", help=_help("host"), metavar="HOST")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=_help("port"), metavar="N")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help=_help("db"), metavar="URL")] = None,
    limits: Annotated[str, typer.Option("--limits", help=_help("limits"), metavar="on|off")] = "on",
    frames: FramesRate = None,
    address_frames: AddressFramesRate = None,
    chat: ChatRate = None,
    address_chat: AddressChatRate = None,
    rooms: RoomsRate = None,
    max_pending: Annotated[
        int | None, typer.Option("--max-pending", help=_help("max_pending"), metavar="N")
    ] = None,
    idle_seconds: Annotated[
        float | None,
        typer.Option("--idle-seconds", help=_help("idle_seconds"), metavar=_meta("seconds")),
    ] = None,
    address_sockets: Annotated[
        int | None,
        typer.Option("--address-sockets", help=_help("address_sockets"), metavar="N"),
    ] = None,
    workers: Annotated[str, typer.Option("--workers", help=_help("workers"), metavar="N")] = "1",
    redis: Annotated[
        str | None, typer.Option("--redis", help=_help("redis"), metavar="URL")
    ] = None,
    lease_ms: Annotated[
        str, typer.Option("--lease-ms", help=_help("lease_ms"), metavar="MS")
    ] = "3000",
    lang: LangOption = None,
) -> None:
    """Run the web table with uvicorn over the store ``--db`` (``--workers``: processes)."""
    import uvicorn  # noqa: PLC0415 (loaded only for this command)

    from ludoteca.web.app import create_app  # noqa: PLC0415
    from ludoteca.web.server import workers as workers_mod  # noqa: PLC0415
    from ludoteca.web.store import open_store  # noqa: PLC0415

    chosen = _lang(lang)
    given = {"frames": frames, "address_frames": address_frames, "chat": chat}
    given |= {"address_chat": address_chat, "rooms": rooms}
    numbers: dict[str, float | None] = {"max_pending": max_pending, "idle_seconds": idle_seconds}
    numbers["address_sockets"] = address_sockets
    try:
        bounds = workers_mod.limits_from_flags(limits, given, numbers)
    except workers_mod.FlagError as error:
        _fail(error.message.text(chosen))
    store_url = db or os.environ.get("LUDOTECA_DB") or DEFAULT_DB
    try:
        open_store(store_url).close()  # a store that cannot open is bad input, not a crash
    except Exception as error:  # sqlite3 and psycopg raise their own error types
        detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        _fail(msg("web.bad_store", db=_hide_password(store_url), detail=detail).text(chosen))
    try:
        count, redis_url, lease = workers_mod.check_flags(workers, redis, lease_ms, store_url)
    except workers_mod.FlagError as error:
        _fail(error.message.text(chosen))
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown_host}:{port}/"
    if redis_url is not None:
        spec = workers_mod.WorkerSpec(store_url, redis_url, lease, bounds)
        shown = {"url": url, "workers": count, "db": _hide_password(store_url)}
        typer.echo(
            msg("web.serving_cluster", redis=_hide_password(redis_url), **shown).text(chosen)
        )
        raise typer.Exit(workers_mod.run(spec, count, host, port))
    typer.echo(msg("web.serving", url=url, db=_hide_password(store_url)).text(chosen))
    uvicorn.run(create_app(store_url, limits=bounds), host=host, port=port, log_level="warning")


# ---------------------------------------------------------------------------------------
# Helpers


def _lang(value: str | None) -> Lang:
    if value is None:
        return _TOP_LANG[0] if _TOP_LANG else default_lang()
    try:
        return i18n.parse_lang(value)
    except ValueError:
        _fail(msg("cli.bad_lang", lang=value).text(default_lang()))


@contextmanager
def _errors(lang: Lang) -> Iterator[None]:
    """Turn a refused request into one line on stderr and exit code 2."""
    try:
        yield
    except RulesError as error:
        _fail(error.text(lang))


def _fail(text: str) -> NoReturn:
    _echo_error(text)
    raise typer.Exit(EXIT_BAD_INPUT)


def _echo_error(text: str) -> None:
    typer.echo("Error: " + " ".join(text.split()), err=True)


def _click_error(error: click_errors.ClickException) -> Message:
    if isinstance(error, click_errors.NoSuchOption):
        return msg("cli.no_such_option", name=error.option_name)
    if isinstance(error, click_errors.BadParameter):
        hint = error.param_hint
        if hint is None and error.param is not None:
            hint = error.param.get_error_hint()
        if not isinstance(hint, str):
            hint = " / ".join(hint or ["?"])
        if isinstance(error, click_errors.MissingParameter):
            return msg("cli.missing", param=hint)
        return msg("cli.bad_value", param=hint, detail=error.message)
    return msg("cli.usage", detail=error.format_message().rstrip("."))


def _out() -> Console:
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False)


def _players(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players}-{info.max_players}"


def _check_seat(info: GameInfo, seat: int, count: int) -> None:
    if not 0 <= seat < count:
        raise GameSetupError(msg("cli.bad_seat", seat=seat, game=info.id, n=count, last=count - 1))


def _show_value(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _options_table(info: GameInfo, lang: Lang) -> Table | str:
    if not info.options:
        return msg("cli.no_options").text(lang)
    table = Table(title=msg("cli.options_title").text(lang))
    for key in ("option", "default", "choices", "help"):
        table.add_column(msg(f"cli.col.{key}").text(lang))
    for spec in info.options:
        if spec.choices:
            choices = " | ".join(_show_value(choice) for choice in spec.choices)
        elif isinstance(spec.default, bool):
            choices = "true | false"
        else:
            choices = msg("cli.any_value", kind=type(spec.default).__name__).text(lang)
        help_text = spec.help_es if lang == "es" else spec.help_en
        table.add_row(spec.name, _show_value(spec.default), choices, help_text)
    return table


def _result_line(game: Game[Any, Any], match: runner.Match, seat: int | None, lang: Lang) -> str:
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


def _open_for_writing(path: Path) -> IO[str]:
    try:
        return path.open("w", encoding="utf-8")
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("cli.cannot_write", path=path, reason=reason)) from None


def _write_lines(path: Path, lines: Sequence[str]) -> None:
    with _open_for_writing(path) as sink:
        for line in lines:
            sink.write(line + "\n")
