"""``ludoteca bench`` (the engine's speed) and ``ludoteca bench web`` (load on the web table).

``bench`` is a group: run without a subcommand it measures the engine
(``ludoteca.lab.bench``); ``bench web`` hands its arguments, unparsed, to the web load
bench's own parser (``ludoteca.loadbench.command``), which checks them and prints its help.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli.errors import refused
from ludoteca.cli.lang import help_text, lang_from_args, meta
from ludoteca.cli.root import OPTIONS_METAVAR, LangOption, app, chosen_lang, top_lang

bench_app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.add_typer(
    bench_app,
    name="bench",
    help=help_text("bench"),
    options_metavar=OPTIONS_METAVAR,
    subcommand_metavar=meta("optional_command"),
    invoke_without_command=True,
)


@bench_app.callback()
def bench(
    ctx: typer.Context,
    games: Annotated[
        str | None,
        typer.Option("--games", help=help_text("bench_games"), metavar=meta("games")),
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", help=help_text("seconds"), metavar=meta("seconds"))
    ] = 1.0,
    openspiel: Annotated[
        bool, typer.Option("--openspiel", help=help_text("openspiel"), metavar="")
    ] = False,
    json_out: Annotated[
        Path | None, typer.Option("--json", help=help_text("json"), metavar=meta("file"))
    ] = None,
    lang: LangOption = None,
) -> None:
    """Parse the options and hand over to ``ludoteca.lab.bench.run_cli`` (which validates
    them); nothing here when a subcommand (``web``) follows.
    """
    if ctx.invoked_subcommand is not None:
        return
    from ludoteca.lab.bench import run_cli  # noqa: PLC0415 (loaded only for this command)

    chosen = chosen_lang(lang)
    game_ids = [g.strip() for g in games.split(",")] if games is not None else None
    with refused(chosen):
        code = run_cli(game_ids, seconds, openspiel, json_out, chosen)
    raise typer.Exit(code)


@bench_app.command(
    "web",
    help=help_text("bench_web"),
    add_help_option=False,
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def web(ctx: typer.Context) -> None:
    """Hand every argument (``--help`` too) to the web load bench's parser; a ``--lang``
    given before ``bench`` is handed over with them.
    """
    from ludoteca.loadbench import command as loadbench_cli  # noqa: PLC0415 (only here)

    before = top_lang()
    args = [*(["--lang", before] if before is not None else []), *ctx.args]
    raise typer.Exit(loadbench_cli.command(args, lang_from_args(args)))
