"""``ludoteca learn``: a game's lesson in the terminal (run by ``terminal.learn``)."""

from __future__ import annotations

from typing import Annotated

import typer

from ludoteca.cli.errors import refused
from ludoteca.cli.lang import help_text
from ludoteca.cli.root import OPTIONS_METAVAR, GameArgument, LangOption, app, chosen_lang, stdout
from ludoteca.terminal.learn import learn as learn_in_terminal


@app.command(help=help_text("learn"), options_metavar=OPTIONS_METAVAR)
def learn(
    game: GameArgument,
    restart: Annotated[
        bool, typer.Option("--restart", help=help_text("restart"), metavar="")
    ] = False,
    plain: Annotated[bool, typer.Option("--plain", help=help_text("plain"), metavar="")] = False,
    lang: LangOption = None,
) -> None:
    """Learn a game by playing: a short lesson, then a game against a gentle bot."""
    chosen = chosen_lang(lang)
    with refused(chosen):
        code = learn_in_terminal(game, chosen, stdout(), restart=restart, plain=plain)
    if code:
        raise typer.Exit(code)
