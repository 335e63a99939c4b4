"""``ludoteca play``: one game in the terminal against a bot or hot-seat.

This module reads the options; ``terminal.play`` fills the seats and runs the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli.errors import refused
from ludoteca.cli.lang import agents_help, help_text, meta
from ludoteca.cli.root import (
    OPTIONS_METAVAR,
    LangOption,
    OptionalGameArgument,
    OptionList,
    app,
    chosen_lang,
    stdout,
)
from ludoteca.terminal.play import PlayChoices
from ludoteca.terminal.play import play as play_in_terminal


@app.command(help=help_text("play"), options_metavar=OPTIONS_METAVAR)
def play(
    game: OptionalGameArgument = None,
    vs: Annotated[
        str | None, typer.Option("--vs", help=agents_help("vs"), metavar=meta("agent"))
    ] = None,
    level: Annotated[
        str | None, typer.Option("--level", help=help_text("level"), metavar=meta("level"))
    ] = None,
    no_hints: Annotated[
        bool, typer.Option("--no-hints", help=help_text("hints"), metavar="")
    ] = False,
    seat: Annotated[int, typer.Option("--seat", help=help_text("seat"), metavar="N")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help=help_text("seed"), metavar="N")] = None,
    players: Annotated[
        int | None, typer.Option("--players", help=help_text("players"), metavar="N")
    ] = None,
    option: OptionList = None,
    save: Annotated[
        Path | None, typer.Option("--save", help=help_text("save"), metavar=meta("file"))
    ] = None,
    speed: Annotated[float, typer.Option("--speed", help=help_text("speed"), metavar="X")] = 1.0,
    no_save: Annotated[
        bool, typer.Option("--no-save", help=help_text("no_save"), metavar="")
    ] = False,
    plain: Annotated[bool, typer.Option("--plain", help=help_text("plain"), metavar="")] = False,
    lang: LangOption = None,
) -> None:
    """Play one game in the terminal against a bot or hot-seat."""
    chosen = chosen_lang(lang)
    choices = PlayChoices(
        game=game,
        vs=vs,
        level=level,
        hints=not no_hints,
        seat=seat,
        seed=seed,
        players=players,
        options=tuple(option or ()),
        save=save,
        speed=speed,
        no_save=no_save,
        plain=plain,
    )
    with refused(chosen):
        code = play_in_terminal(choices, chosen, stdout())
    if code:
        raise typer.Exit(code)
