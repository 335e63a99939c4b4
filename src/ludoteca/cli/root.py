"""The root of the ``ludoteca`` command: the Typer app every command group registers on,
the options several commands share, and the language each command runs in.

The command groups (``cli.catalogue``, ``cli.play``, ``cli.lab``, ...) import :data:`app`
from here and add their commands to it; the package (``ludoteca.cli``) imports the groups.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from ludoteca.cli.errors import OneLineErrors, fail
from ludoteca.cli.help import translate_help_frame
from ludoteca.cli.lang import HELP_LANG, default_lang, help_text, meta
from ludoteca.engine import i18n
from ludoteca.engine.i18n import Lang, msg

translate_help_frame(HELP_LANG)

OPTIONS_METAVAR: str = meta("options")

app: typer.Typer = typer.Typer(
    cls=OneLineErrors,
    name="ludoteca",
    help=help_text("app"),
    no_args_is_help=True,
    options_metavar=OPTIONS_METAVAR,
    subcommand_metavar=meta("command"),
    add_completion=False,
    pretty_exceptions_enable=False,
)

LangOption = Annotated[str | None, typer.Option("--lang", help=help_text("lang"), metavar="es|en")]
GameArgument = Annotated[str, typer.Argument(help=help_text("game"), metavar=meta("game"))]
OptionalGameArgument = Annotated[
    str | None,
    typer.Argument(help=help_text("play_game"), metavar=meta("game"), show_default=False),
]
OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=help_text("option"), metavar=meta("name_value")),
]


_TOP_LANG: list[Lang] = []
"""The ``--lang`` given before the command (``ludoteca --lang es rules tacocat``), if any."""


@app.callback()
def _top(lang: LangOption = None) -> None:
    """Every command takes ``--lang``; given before the command, it applies to it too."""
    _TOP_LANG.clear()
    if lang is not None:
        _TOP_LANG.append(chosen_lang(lang))


def chosen_lang(value: str | None) -> Lang:
    """The language a command runs in: its own ``--lang``, else the one given before the
    command, else :func:`~ludoteca.cli.lang.default_lang`. An unknown language is bad input.
    """
    if value is None:
        return _TOP_LANG[0] if _TOP_LANG else default_lang()
    try:
        return i18n.parse_lang(value)
    except ValueError:
        fail(msg("cli.bad_lang", lang=value).text(default_lang()))


def top_lang() -> Lang | None:
    """The ``--lang`` given before the command, if any."""
    return _TOP_LANG[0] if _TOP_LANG else None


def stdout() -> Console:
    """Standard output, as the commands print to it."""
    return Console(highlight=False)


def stderr() -> Console:
    """Standard error, for progress and timings."""
    return Console(stderr=True, highlight=False)
