"""Bad input of any kind ends with one line on stderr, in the chosen language, exit code 2.

A refused request (a ``RulesError``: an unknown game, a bad option...) is turned into that
line by :func:`refused`; a command-line syntax error (an unknown option, a missing argument,
a value of the wrong type) by :class:`OneLineErrors`, the class of the root command, instead
of Typer's usage box. Its commands read their values without Pydantic (``cli.values``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from typer._click import core as click_core
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from ludoteca.cli.envvars import env_error
from ludoteca.cli.help import translate_rich_frame
from ludoteca.cli.lang import lang_from_args
from ludoteca.cli.values import BadValue, read_plainly
from ludoteca.engine.errors import RulesError
from ludoteca.engine.i18n import Lang, Message, msg

EXIT_BAD_INPUT = 2


class OneLineErrors(TyperGroup):
    """Reports command-line syntax errors (unknown option, missing argument, a value of the
    wrong type) as one line in the chosen language, exit code 2, instead of a usage box.
    Its own options and its commands' are read without Pydantic (``cli.values``).
    """

    def get_command(self, ctx: click_core.Context, cmd_name: str) -> click_core.Command | None:
        """The command ``cmd_name``, its values read without Pydantic."""
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            # The context the command will run in (as ``make_context`` builds it), for its
            # help option's names.
            settings = command.context_settings
            read_plainly(command, command.context_class(command, ctx, cmd_name, **settings))
        return command

    def parse_args(self, ctx: click_core.Context, args: list[str]) -> list[str]:
        """Read the root's own options (``--lang``, ``--help``) without Pydantic too."""
        read_plainly(self, ctx)
        return super().parse_args(ctx, args)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command; a syntax error is one line on stderr (exit code 2), not a box.

        Click's own handling is off (``standalone_mode=False``) so its errors reach here;
        the exit code is returned instead when the caller asked for no standalone mode.
        """
        argv = list(sys.argv[1:] if args is None else args)
        if not argv or "--help" in argv:
            translate_rich_frame()  # a help page: Typer's Rich drawing in the chosen language
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
            echo_error(click_error(error).text(lang_from_args(argv)))
            result = error.exit_code
        except typer.Abort:
            result = 1
        code = result if isinstance(result, int) else 0
        if not standalone_mode:
            return code
        sys.exit(code)


@contextmanager
def refused(lang: Lang) -> Iterator[None]:
    """Turn a refused request into one line on stderr and exit code 2."""
    try:
        yield
    except RulesError as error:
        fail(error.text(lang))


def fail(text: str) -> NoReturn:
    """Print ``text`` as the one error line and end with exit code 2."""
    echo_error(text)
    raise typer.Exit(EXIT_BAD_INPUT)


def echo_error(text: str) -> None:
    """``Error: text`` on stderr, on one line."""
    typer.echo("Error: " + " ".join(text.split()), err=True)


def click_error(error: click_errors.ClickException) -> Message:
    """A syntax error of the command line as a message of the catalogue."""
    if isinstance(error, click_errors.NoSuchOption):
        return msg("cli.no_such_option", name=error.option_name)
    if isinstance(error, click_errors.BadParameter):
        from_env = env_error(error)
        if from_env is not None:
            return from_env
        hint = error.param_hint
        if hint is None and error.param is not None:
            hint = error.param.get_error_hint()
        if not isinstance(hint, str):
            hint = " / ".join(hint or ["?"])
        if isinstance(error, click_errors.MissingParameter):
            return msg("cli.missing", param=hint)
        detail = error.expected if isinstance(error, BadValue) else error.message
        return msg("cli.bad_value", param=hint, detail=detail)
    return msg("cli.usage", detail=error.format_message().rstrip("."))
