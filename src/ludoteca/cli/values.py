"""The values of the command line read without Pydantic, and what a value of each kind is.

Typer (0.29) reads each parameter's value through a Pydantic ``TypeAdapter`` it builds on
first use; importing Pydantic and building the adapters is about 0.08 s of CPU on every
run, a third of ``ludoteca play``'s start-up to its first screen. Every parameter of ours
is a ``str``, ``int``, ``float``, ``bool``, ``Path`` or a list of one of them:
:func:`read_plainly` gives each such parameter a reading of its own, with Python's
conversions (as Click read them before Typer 0.29), through the slot in which Typer keeps
a parameter's reading once built (``_runtime_param``). Any other kind (an enum, a
constrained number, a custom parser, a file) keeps Typer's. A value that is not of its
kind is refused with :class:`BadValue`, which says what the option takes in the person's
language (:func:`expected`).
"""

from __future__ import annotations

import sys
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer._click import core as click_core
from typer._click.exceptions import BadParameter
from typer._coercion import RuntimeParam
from typer._param_types import coerce_cli_path
from typer.core import TyperArgument, TyperOption, _TyperParameter
from typer.models import ParameterInfo

from ludoteca.cli import messages as _messages  # noqa: F401 (the kinds' words)
from ludoteca.engine.i18n import Message, msg

TRUE_WORDS = frozenset({"1", "true", "t", "yes", "y", "on"})
FALSE_WORDS = frozenset({"0", "false", "f", "no", "n", "off", ""})
"""A boolean's words (as Typer and Click read them; an empty value is false)."""
SCALARS = (str, int, float, bool, Path)


class BadValue(BadParameter):
    """A value that is not of its parameter's kind; ``expected`` says what it takes."""

    def __init__(
        self,
        expected: Message,
        ctx: click_core.Context | None,
        param: _TyperParameter | None,
    ) -> None:
        """The refusal of a value where ``expected`` (a kind, in words) was wanted."""
        super().__init__(expected.text("en"), ctx=ctx, param=param)
        self.expected = expected


def expected(annotation: Any) -> Message:
    """What a parameter of type ``annotation`` takes, in words."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        kinds = [kind for kind in typing.get_args(annotation) if kind is not type(None)]
        annotation = kinds[0] if len(kinds) == 1 else str
    if typing.get_origin(annotation) is list:
        (annotation,) = typing.get_args(annotation)
    if annotation is bool:
        return msg("cli.expect_bool")
    if annotation is int:
        return msg("cli.expect_int")
    if annotation is float:
        return msg("cli.expect_number")
    return msg("cli.expect_text")


@dataclass(frozen=True)
class PlainReading(RuntimeParam):
    """Reads a value of one of :data:`SCALARS` (or a list of one) with Python's own
    conversions; a value of the wrong kind raises :class:`BadValue`.
    """

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: click_core.Context) -> Any:
        annotation: Any = self.annotation
        if typing.get_origin(annotation) is list:
            (kind,) = typing.get_args(annotation)
            items = value if isinstance(value, list | tuple) else [value]
            return [self._one(kind, item, param, ctx) for item in items]
        return self._one(annotation, value, param, ctx)

    def _one(self, kind: Any, value: Any, param: _TyperParameter, ctx: click_core.Context) -> Any:
        if isinstance(value, bytes):
            value = value.decode(sys.getfilesystemencoding(), "replace")
        if kind is str:
            return str(value)
        if kind is Path:
            path = value if isinstance(value, Path) else Path(str(value))
            info = self.parameter_info
            return coerce_cli_path(path, info, path_type=Path, param=param, ctx=ctx)
        try:
            return _scalar(kind, value)
        except (TypeError, ValueError, OverflowError):
            raise BadValue(expected(kind), ctx, param) from None


def _scalar(kind: Any, value: Any) -> Any:
    """``value`` as an ``int``, ``float`` or ``bool`` as Typer's Pydantic reading takes it
    (ASCII digits, ``_`` between them, a whole number also as ``3.0``); ``ValueError`` if
    it is none.
    """
    if kind is bool:
        if isinstance(value, bool):
            return value
        word = str(value).strip().lower()
        if word in TRUE_WORDS or word in FALSE_WORDS:
            return word in TRUE_WORDS
        raise ValueError(value)
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, int | float):
        number = value
    else:
        text = str(value).strip()
        if not text.isascii() or text.endswith("."):
            raise ValueError(value)
        number = float(text) if kind is float or "." in text else int(text)
    if kind is float:
        return float(number)
    if isinstance(number, float) and not number.is_integer():
        raise ValueError(value)
    return int(number)


def read_plainly(command: click_core.Command, ctx: click_core.Context) -> None:
    """Give every parameter of ``command`` run in ``ctx`` (its help option too) whose kind
    is plain a reading without Pydantic (see the module docstring); one already read keeps
    its reading.
    """
    for param in command.get_params(ctx):
        if not isinstance(param, TyperOption | TyperArgument) or param._runtime_param is not None:
            continue
        descriptor = param.type_descriptor
        info = descriptor.parameter_info
        if descriptor.file_annotation is None and _plain(descriptor.annotation, info):
            param._runtime_param = PlainReading(info, descriptor.annotation)


def _plain(annotation: Any, info: ParameterInfo) -> bool:
    """Whether :class:`PlainReading` reads ``annotation`` as Typer's own reading would."""
    if info.parser is not None:
        return False
    if typing.get_origin(annotation) is list:
        (annotation,) = typing.get_args(annotation)
    if annotation in (int, float):
        return info.min is None and info.max is None and not info.clamp
    if annotation is Path:
        return info.path_type is None
    return annotation in (str, bool)
