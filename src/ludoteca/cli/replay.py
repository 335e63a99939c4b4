"""``ludoteca replay FILE``: step through a recorded game (``terminal.replay`` draws it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli.errors import refused
from ludoteca.cli.lang import help_text, meta
from ludoteca.cli.root import OPTIONS_METAVAR, LangOption, app, chosen_lang, stdout
from ludoteca.terminal.replay import show_replay


@app.command(help=help_text("replay"), options_metavar=OPTIONS_METAVAR)
def replay(
    file: Annotated[Path, typer.Argument(help=help_text("file"), metavar=meta("file"))],
    game: Annotated[
        int, typer.Option("--game", "-g", help=help_text("game_number"), metavar="N")
    ] = 1,
    seat: Annotated[
        int | None, typer.Option("--seat", help=help_text("replay_seat"), metavar="N")
    ] = None,
    to_end: Annotated[bool, typer.Option("--to-end", help=help_text("to_end"), metavar="")] = False,
    lang: LangOption = None,
) -> None:
    """Step through game ``--game`` (counting from 1) of a record file."""
    chosen = chosen_lang(lang)
    with refused(chosen):
        show_replay(file, game, seat, to_end, chosen, stdout())
