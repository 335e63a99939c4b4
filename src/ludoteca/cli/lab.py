"""The lab's commands of ``ludoteca``: simulate, compare, sweep, ladder and report.

They are registered on ``cli.root.app`` when the package imports this module, and share the
command line's conventions: ``--lang``, one line on stderr and exit code 2 for bad input,
checked before the first game. The work is done in ``ludoteca.lab``; this module reads the
options and prints (``cli.lab_print``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ludoteca.cli import lab_print as show
from ludoteca.cli.errors import refused
from ludoteca.cli.lang import agents_help, help_text, meta
from ludoteca.cli.root import (
    OPTIONS_METAVAR,
    GameArgument,
    LangOption,
    OptionList,
    app,
    chosen_lang,
    stderr,
    stdout,
)
from ludoteca.engine import options as options_mod
from ludoteca.engine import registry
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import GameInfo
from ludoteca.engine.i18n import Lang, msg
from ludoteca.lab import messages as _messages  # noqa: F401 (the lab's texts)
from ludoteca.lab import simulate as simulate_mod
from ludoteca.lab import table as table_mod
from ludoteca.lab.default_agents import strongest_fast_agent
from ludoteca.lab.labels import games as games_text
from ludoteca.lab.simulate import SimulationConfig
from ludoteca.terminal.files import open_for_writing

EXIT_INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells use."""

GamesOption = Annotated[
    int, typer.Option("--games", "-n", help=help_text("sim_games"), metavar="N")
]
AgentsOption = Annotated[
    str | None, typer.Option("--agents", help=agents_help("lab_agents"), metavar=meta("agents"))
]
PlayersOption = Annotated[
    int | None, typer.Option("--players", help=help_text("players_sim"), metavar="N")
]
PlayerCountsOption = Annotated[
    str | None, typer.Option("--players", help=help_text("players_list"), metavar="N[,N…]")
]
PermuteOption = Annotated[
    bool, typer.Option("--permute-seats", help=help_text("permute_seats"), metavar="")
]
SeedOption = Annotated[int, typer.Option("--seed", help=help_text("sim_seed"), metavar="N")]
WorkersOption = Annotated[
    int, typer.Option("--workers", "-w", help=help_text("lab_workers"), metavar="N")
]
BackendOption = Annotated[
    str, typer.Option("--backend", help=help_text("backend"), metavar="local|ray")
]
RayAddressOption = Annotated[
    str | None, typer.Option("--ray-address", help=help_text("ray_address"), metavar="URL")
]
JsonOption = Annotated[
    Path | None, typer.Option("--json", help=help_text("json_summary"), metavar=meta("file"))
]
CsvOption = Annotated[
    Path | None, typer.Option("--csv", help=help_text("csv"), metavar=meta("file"))
]
ParquetOption = Annotated[
    Path | None, typer.Option("--parquet", help=help_text("parquet"), metavar=meta("file"))
]


@app.command(help=help_text("simulate"), options_metavar=OPTIONS_METAVAR)
def simulate(
    game: GameArgument,
    games: GamesOption = 100,
    agents: AgentsOption = None,
    players: PlayersOption = None,
    seed: SeedOption = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help=help_text("out"), metavar=meta("file"))
    ] = None,
    json_out: JsonOption = None,
    csv_out: CsvOption = None,
    parquet_out: ParquetOption = None,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    option: OptionList = None,
    fixed_seats: Annotated[
        bool, typer.Option("--fixed-seats", help=help_text("fixed_seats"), metavar="")
    ] = False,
    permute_seats: PermuteOption = False,
    max_steps: Annotated[int, typer.Option("--max-steps", help=help_text("max_steps"))] = 0,
    lang: LangOption = None,
) -> None:
    """Run seeded games between agents and print win shares, ties, lengths and endings."""
    chosen = chosen_lang(lang)
    with refused(chosen):
        info = registry.make(game).info
        config = SimulationConfig(
            game_id=game,
            games=games,
            agents=agent_list(info, agents, players),
            seed=seed,
            options=options_mod.parse_pairs(option or []),
            rotate=not fixed_seats,
            permute=permute_seats,
            workers=workers,
            records=out is not None,
            max_steps=max_steps,
            backend=backend,
            ray_address=ray_address,
        )
        options = simulate_mod.validate(config)
        table_mod.check_writable([json_out, csv_out, parquet_out])
        started = time.perf_counter()
        sink = open_for_writing(out) if out is not None else None
        show.agents_used(game, config.agents, agents is not None, chosen)
        rows: list[dict[str, Any]] = []
        wants_rows = csv_out is not None or parquet_out is not None
        if wants_rows:  # load pandas now: after Ctrl-C the tables are written at once
            table_mod.frame([])

        def keep(result: simulate_mod.GameResult) -> None:
            if sink is not None:
                sink.write(result.record + "\n")
            if wants_rows:
                rows.append(table_mod.row(result, game, options))

        interrupted = False
        try:
            with progress(chosen, games) as advance:
                summary = simulate_mod.simulate(config, on_result=keep, on_progress=advance)
        except simulate_mod.Interrupted as stop:
            summary, interrupted = stop.summary, True
        finally:
            if sink is not None:
                sink.close()
        elapsed = time.perf_counter() - started
        show.summary(summary, chosen)
        if out is not None:
            written = msg("lab.sim.written", count=games_text(summary.games), path=out)
            stdout().print(written.text(chosen))
        write_outputs(summary.to_json(), rows, json_out, csv_out, parquet_out, chosen)
        line = msg(
            "lab.sim.elapsed",
            count=games_text(summary.games),
            seconds=f"{elapsed:.1f}",
            workers=workers,
        )
        stderr().print(line.text(chosen), style="dim")
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


@app.command(help=help_text("compare"), options_metavar=OPTIONS_METAVAR)
def compare(
    game: GameArgument,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", help=help_text("compare_option"), metavar=meta("name_value")
        ),
    ] = None,
    games: GamesOption = 200,
    agents: AgentsOption = None,
    players: PlayersOption = None,
    seed: SeedOption = 0,
    permute_seats: PermuteOption = False,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    json_out: JsonOption = None,
    csv_out: CsvOption = None,
    lang: LangOption = None,
) -> None:
    """Two option variants on the same seeds: each measure's difference and its test."""
    from ludoteca.lab import questions  # noqa: PLC0415 (pandas and scipy load only here)

    chosen = chosen_lang(lang)
    with refused(chosen):
        option_a, option_b = questions.variants(option_pairs(option))
        config = _question_config(
            game, games, agents, players, seed, {}, workers, backend, ray_address, permute_seats
        )
        table_mod.check_writable([json_out, csv_out])
        show.agents_used(game, config.agents, agents is not None, chosen)
        with progress(chosen, 2 * games) as advance, stopped_question(chosen):
            found = questions.compare(config, option_a, option_b, advance)
        show.comparison(found, chosen)
        rows = [
            {"variant": name, **cells}
            for name, run in (("A", found.a), ("B", found.b))
            for cells in run.rows.to_dict("records")
        ]
        data = {
            "a": found.a.summary.to_json(),
            "b": found.b.summary.to_json(),
            "differences": [show.difference_json(d) for d in found.differences],
        }
        write_outputs(data, rows, json_out, csv_out, None, chosen)


@app.command(help=help_text("sweep"), options_metavar=OPTIONS_METAVAR)
def sweep(
    game: GameArgument,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help=help_text("sweep_option"), metavar=meta("name_value")),
    ] = None,
    games: GamesOption = 200,
    agents: AgentsOption = None,
    players: PlayerCountsOption = None,
    seed: SeedOption = 0,
    permute_seats: PermuteOption = False,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    plots: Annotated[
        Path | None, typer.Option("--plots", help=help_text("plots"), metavar=meta("folder"))
    ] = None,
    json_out: JsonOption = None,
    csv_out: CsvOption = None,
    lang: LangOption = None,
) -> None:
    """One option (or the player count) over several values: a table, and a plot per
    measure with ``--plots``.
    """
    import ludoteca.lab.plots as plots_mod  # noqa: PLC0415
    from ludoteca.lab import questions  # noqa: PLC0415

    chosen = chosen_lang(lang)
    with refused(chosen):
        pairs = option_pairs(option)
        counts = questions.player_counts(players, game) if players is not None else []
        if len(counts) > 1:
            if any("," in value for _, value in pairs) or len({n for n, _ in pairs}) < len(pairs):
                raise GameSetupError(msg("lab.sweep_one_thing"))
            name, values = questions.PLAYERS, [str(count) for count in counts]
            fixed = dict(pairs)
            seats = None
        else:
            name, values = questions.sweep_values(pairs, game)
            fixed = {key: value for key, value in pairs if key != name}
            seats = counts[0] if counts else None
        config = _question_config(
            game, games, agents, seats, seed, fixed, workers, backend, ray_address, permute_seats
        )
        table_mod.check_writable([json_out, csv_out])
        show.agents_used(game, config.agents, agents is not None, chosen)
        with progress(chosen, len(values) * games) as advance, stopped_question(chosen):
            found = questions.sweep(config, name, values, advance)
        show.sweep(found, chosen)
        if plots is not None:
            written = plots_mod.write_sweep_plots(found, plots, chosen)
            for path in written:
                what = msg("lab.sim.what.plot")
                stdout().print(msg("lab.sim.wrote", what=what, path=path).text(chosen))
        rows = [
            {"swept": value, **cells}
            for value, run in zip(found.values, found.runs, strict=True)
            for cells in run.rows.to_dict("records")
        ]
        data = {
            "option": name,
            "values": list(found.values),
            "summaries": [run.summary.to_json() for run in found.runs],
        }
        write_outputs(data, rows, json_out, csv_out, None, chosen)


@app.command(help=help_text("ladder"), options_metavar=OPTIONS_METAVAR)
def ladder(
    game: GameArgument,
    agents: Annotated[
        str | None,
        typer.Option("--agents", help=help_text("ladder_agents"), metavar=meta("agents")),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", "-n", help=help_text("ladder_games"), metavar="N")
    ] = 40,
    players: PlayerCountsOption = None,
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    option: OptionList = None,
    json_out: JsonOption = None,
    lang: LangOption = None,
) -> None:
    """Every agent against every other, seats balanced: the win-rate matrix (one per player
    count with ``--players 2,3,4``).
    """
    from ludoteca.lab import questions  # noqa: PLC0415

    chosen = chosen_lang(lang)
    with refused(chosen):
        names = (
            split_agents(agents) if agents is not None else questions.default_ladder_agents(game)
        )
        counts: list[int | None] = (
            list(questions.player_counts(players, game)) if players is not None else [None]
        )
        table_mod.check_writable([json_out])
        show.agents_used(game, names, True, chosen, warn=False)
        pairs = len(names) * (len(names) - 1) // 2
        with progress(chosen, len(counts) * pairs * games) as advance, stopped_question(chosen):
            found = questions.ladders(
                game,
                names,
                counts,
                games=games,
                seed=seed,
                options=options_mod.parse_pairs(option or []),
                workers=workers,
                backend=backend,
                ray_address=ray_address,
                on_progress=advance,
            )
        for table in found:
            show.ladder(table, chosen)
        data = (
            show.ladder_json(found[0])
            if len(found) == 1
            else {"ladders": [show.ladder_json(table) for table in found]}
        )
        write_outputs(data, [], json_out, None, None, chosen)


@app.command(help=help_text("report"), options_metavar=OPTIONS_METAVAR)
def report(
    game: GameArgument,
    out: Annotated[
        Path, typer.Option("--out", help=help_text("report_out"), metavar=meta("file"))
    ] = Path("report.html"),
    games: GamesOption = 400,
    agents: Annotated[
        str | None,
        typer.Option("--agents", help=help_text("report_agents"), metavar=meta("agents")),
    ] = None,
    players: PlayersOption = None,
    ladder_agents: Annotated[
        str | None,
        typer.Option("--ladder-agents", help=help_text("ladder_agents"), metavar=meta("agents")),
    ] = None,
    ladder_games: Annotated[
        int, typer.Option("--ladder-games", help=help_text("ladder_games"), metavar="N")
    ] = 40,
    seed: SeedOption = 0,
    workers: WorkersOption = 1,
    backend: BackendOption = "local",
    ray_address: RayAddressOption = None,
    option: OptionList = None,
    lang: LangOption = None,
) -> None:
    """The design report: one self-contained HTML page with its plots and commands."""
    import ludoteca.lab.report as report_mod  # noqa: PLC0415
    from ludoteca.lab import questions  # noqa: PLC0415

    chosen = chosen_lang(lang)
    with refused(chosen):
        info = registry.make(game).info
        given = agent_list(info, agents, players)
        ladder_names = (
            split_agents(ladder_agents)
            if ladder_agents is not None
            else questions.default_ladder_agents(game)
        )
        plan = report_mod.Plan(
            game_id=game,
            games=games,
            agents=given,
            seed=seed,
            options=options_mod.parse_pairs(option or []),
            ladder_agents=ladder_names,
            ladder_games=ladder_games,
            workers=workers,
            backend=backend,
            ray_address=ray_address,
            out=str(out),
        )
        report_mod.check(plan)
        table_mod.check_writable([out])
        show.agents_used(game, given, agents is not None, chosen)
        pairs = len(ladder_names) * (len(ladder_names) - 1) // 2
        with progress(chosen, games + pairs * ladder_games) as advance, stopped_question(chosen):
            page = report_mod.build(plan, chosen, advance)
        report_mod.write(page, out)
        what = msg("lab.sim.what.report")
        stdout().print(msg("lab.sim.wrote", what=what, path=out).text(chosen))


# ---------------------------------------------------------------------------------------
# Helpers


def split_agents(text: str) -> tuple[str, ...]:
    """``"ismcts:iterations=200, greedy"`` as agent names."""
    return tuple(name.strip() for name in text.split(",") if name.strip())


def agent_list(info: GameInfo, agents: str | None, players: int | None) -> tuple[str, ...]:
    """One agent per seat from ``--agents`` and ``--players``; without ``--agents``, the
    game's strongest fast agent (``lab.default_agents``) in every seat.

    Raises:
        GameSetupError: If the two disagree, or the player count is outside the game's range.
    """
    if players is not None and not info.min_players <= players <= info.max_players:
        raise GameSetupError(
            msg(
                "lab.agent_count",
                game=info.id,
                players=simulate_mod.players_text(info),
                n=players,
            )
        )
    if agents is None:
        default = strongest_fast_agent(info.id)
        return (default,) * (players if players is not None else info.min_players)
    names = split_agents(agents) or ("",)
    if len(names) == 1 and players is None:
        return names * info.min_players
    if players is None or len(names) == players:
        return names
    if len(names) == 1:
        return names * players
    raise GameSetupError(msg("lab.players_mismatch", players=players, count=len(names)))


def option_pairs(given: Sequence[str] | None) -> list[tuple[str, str]]:
    """``-o NAME=VALUE`` pairs in order, a name possibly repeated.

    Raises:
        GameSetupError: For a pair without ``=``.
    """
    return [next(iter(options_mod.parse_pairs([pair]).items())) for pair in given or []]


@contextmanager
def stopped_question(lang: Lang) -> Iterator[None]:
    """Ctrl-C during a question (compare, sweep, ladder, report): one line, exit 130."""
    try:
        yield
    except simulate_mod.Interrupted as stop:
        done = games_text(stop.summary.games)
        stderr().print(msg("lab.interrupted_question", done=done).text(lang))
        raise typer.Exit(EXIT_INTERRUPTED) from None


@contextmanager
def progress(lang: Lang, total: int) -> Iterator[Callable[[int], None]]:
    """A callback for games finished: a bar on a terminal, else a line on stderr every
    twentieth of the games, or every 100 games (so a script or a test can follow it).
    """
    if stderr().is_terminal:
        bar = Progress(
            TextColumn(msg("cli.sim.progress").text(lang)),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=stderr(),
            transient=True,
            auto_refresh=False,  # no drawing thread: the worker pool may then fork
        )
        with bar:
            task = bar.add_task("", total=total)

            def advance(done: int) -> None:
                bar.advance(task, done)
                bar.refresh()

            yield advance
        return
    step = max(1, min(total // 20, 100))
    count = [0, 0]

    def line(done: int) -> None:
        count[0] += done
        if count[0] - count[1] >= step and count[0] < total:
            count[1] = count[0]
            text = msg("lab.sim.progress_line", done=count[0], total=total).text(lang)
            sys.stderr.write(text + "\n")
            sys.stderr.flush()

    yield line


def write_outputs(
    data: dict[str, Any],
    rows: list[dict[str, Any]],
    json_out: Path | None,
    csv_out: Path | None,
    parquet_out: Path | None,
    lang: Lang,
) -> None:
    """Write the JSON summary and the one-row-per-game tables that were asked for."""
    console = stdout()
    if json_out is not None:
        table_mod.write_json(data, json_out)
        what = msg("lab.sim.what.json")
        console.print(msg("lab.sim.wrote", what=what, path=json_out).text(lang))
    for path, kind in ((csv_out, "csv"), (parquet_out, "parquet")):
        if path is not None:
            table_mod.write(table_mod.frame(rows), path, kind)
            what = msg(f"lab.sim.what.{kind}", rows=len(rows))
            console.print(msg("lab.sim.wrote", what=what, path=path).text(lang))


def _question_config(
    game: str,
    games: int,
    agents: str | None,
    players: int | None,
    seed: int,
    options: dict[str, str],
    workers: int,
    backend: str,
    ray_address: str | None,
    permute: bool = False,
) -> SimulationConfig:
    """The simulation a ``compare`` or ``sweep`` runs for each variant (before its option)."""
    info = registry.make(game).info
    return SimulationConfig(
        game,
        games,
        agent_list(info, agents, players),
        seed=seed,
        options=options,
        permute=permute,
        workers=workers,
        backend=backend,
        ray_address=ray_address,
    )
