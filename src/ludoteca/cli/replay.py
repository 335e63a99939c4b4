"""``ludoteca replay [FILE]``: step through a recorded game (``terminal.replay`` draws
it); without a file, the games saved by ``ludoteca play`` (``terminal.saves``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli.errors import refused
from ludoteca.cli.lang import help_text, meta
from ludoteca.cli.root import OPTIONS_METAVAR, LangOption, app, chosen_lang, stdout
from ludoteca.terminal.replay import list_saved, saved_path, show_replay
from ludoteca.terminal.session import full_screen_possible


@app.command(help=help_text("replay"), options_metavar=OPTIONS_METAVAR)
def replay(
    file: Annotated[
        Path | None,
        typer.Argument(help=help_text("file"), metavar=meta("file"), show_default=False),
    ] = None,
    game: Annotated[
        int, typer.Option("--game", "-g", help=help_text("game_number"), metavar="N")
    ] = 1,
    seat: Annotated[
        int | None, typer.Option("--seat", help=help_text("replay_seat"), metavar="N")
    ] = None,
    to_end: Annotated[bool, typer.Option("--to-end", help=help_text("to_end"), metavar="")] = False,
    plain: Annotated[bool, typer.Option("--plain", help=help_text("plain"), metavar="")] = False,
    lang: LangOption = None,
) -> None:
    """Step through game ``--game`` (counting from 1) of a record file."""
    chosen = chosen_lang(lang)
    console = stdout()
    with refused(chosen):
        if file is None:
            list_saved(chosen, console)
            return
        path = saved_path(file)
        if not (to_end or plain) and full_screen_possible(console):
            from ludoteca.terminal.tui.replay_app import show_full_screen  # noqa: PLC0415

            show_full_screen(path, game, seat, chosen, console)
            return
        show_replay(path, game, seat, to_end, chosen, console)
