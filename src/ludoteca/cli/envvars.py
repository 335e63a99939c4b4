"""Every option of a command also as an environment variable: ``LUDOTECA_<OPTION>``.

A command built with ``context_settings=ENV_SETTINGS`` reads each option it was not given
on the command line from ``LUDOTECA_`` and the option's name in capitals, dashes as
underscores (``--address-frames`` is ``LUDOTECA_ADDRESS_FRAMES``): Click's automatic
environment variables, so an option added later is covered without a line more. A flag
given on the command line wins over the variable. A bad value read from a variable is
reported naming the variable (:func:`env_error`, :func:`name_env_source`).
"""

from __future__ import annotations

import os
from typing import Any

from typer._click import core as click_core
from typer._click import exceptions as click_errors
from typer._click.globals import get_current_context
from typer.core import TyperOption

from ludoteca.cli.values import expected
from ludoteca.engine.i18n import Lang, Message, msg

PREFIX = "LUDOTECA"
ENV_SETTINGS: dict[str, Any] = {"auto_envvar_prefix": PREFIX}
"""The ``context_settings`` of a command whose options are read from the environment."""


def env_name(param: click_core.Parameter) -> str:
    """The variable that sets ``param``: ``LUDOTECA_`` and its name in capitals."""
    return f"{PREFIX}_{(param.name or '').upper()}"


def from_env(ctx: click_core.Context | None, param: click_core.Parameter | None) -> bool:
    """Whether ``param``'s value in ``ctx`` was read from its environment variable."""
    if ctx is None or param is None or param.name is None:
        return False
    source = ctx.get_parameter_source(param.name)
    return source is click_core.ParameterSource.ENVIRONMENT


def env_error(error: click_errors.BadParameter) -> Message | None:
    """A bad value read from an environment variable, as a message naming the variable
    and what the option takes; None if the value came from the command line.
    """
    param = error.param
    if not from_env(error.ctx, param):
        return None
    assert param is not None
    flag = max(param.opts, key=len) if param.opts else str(param.name)
    return msg(
        "cli.env.bad_value",
        var=env_name(param),
        value=str(_raw_value(param))[:40],
        flag=flag,
        expected=expected(getattr(getattr(param, "type_descriptor", None), "annotation", str)),
    )


def name_env_source(text: str, lang: Lang) -> str:
    """``text`` (an error naming an option, e.g. ``--frames``) with the variable that set
    that option named too, when the option came from the environment.
    """
    ctx = get_current_context(silent=True)
    if ctx is None:
        return text
    for param in ctx.command.params:
        if not isinstance(param, TyperOption) or not from_env(ctx, param):
            continue
        if any(opt in text for opt in param.opts):
            return msg("cli.env.set_by", text=text, var=env_name(param)).text(lang)
    return text


def _raw_value(param: click_core.Parameter) -> str:
    return os.environ.get(env_name(param), "")
