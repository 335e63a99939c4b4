"""The command line reads its values without Pydantic (``cli.values``) exactly as Typer's
own reading does: the same value for what both accept, a refusal for what Typer refuses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
from typer._click import core as click_core
from typer._click.exceptions import BadParameter
from typer.core import TyperGroup
from typer.main import get_command

from ludoteca.cli.values import BadValue, PlainReading, read_plainly


def _command(plain: bool) -> click_core.Command:
    app = typer.Typer()

    @app.command()
    def read(
        whole: int = 0,
        number: float = 1.0,
        text: str | None = None,
        path: Path | None = None,
        flag: Annotated[bool, typer.Option("--flag/--no-flag")] = False,
        item: Annotated[list[str] | None, typer.Option("--item")] = None,
        count: Annotated[int | None, typer.Option(envvar="TEST_COUNT")] = None,
        switch: Annotated[bool, typer.Option(envvar="TEST_SWITCH")] = False,
    ) -> dict[str, Any]:
        return dict(locals())

    command = get_command(app)
    if plain:
        read_plainly(command, command.context_class(command, info_name="read"))
    return command


def _read(plain: bool, args: list[str]) -> object:
    try:
        return _command(plain).main(args, standalone_mode=False)
    except BadParameter as error:
        return type(error)


ACCEPTED = [
    [], ["--whole", "3"], ["--whole", " 4 "], ["--whole", "-2"], ["--whole", "+5"],
    ["--whole", "1_000"], ["--whole", "7.0"], ["--number", "1e3"], ["--number", "inf"],
    ["--number", " 2.5 "], ["--number", "1_0.5"], ["--number", "3"], ["--text", ""],
    ["--text", "ñandú"], ["--path", ""], ["--path", "a/b"], ["--flag"], ["--no-flag"],
    ["--item", "a", "--item", "b"], ["--count", "7"],
]  # fmt: skip
REFUSED = [
    ["--whole", "1.5"], ["--whole", "1e3"], ["--whole", "1."], ["--whole", "inf"],
    ["--whole", "0x10"], ["--whole", "٣"], ["--whole", "many"], ["--number", "٣"],
    ["--number", "fast"], ["--count", ""],
]  # fmt: skip
VARIABLES = [
    ({"TEST_COUNT": "8"}, True), ({"TEST_SWITCH": "yes"}, True), ({"TEST_SWITCH": "0"}, True),
    ({"TEST_SWITCH": " On "}, True), ({"TEST_SWITCH": ""}, True),
    ({"TEST_SWITCH": "maybe"}, False), ({"TEST_COUNT": "x"}, False),
]  # fmt: skip


@pytest.mark.parametrize("args", ACCEPTED, ids=" ".join)
def test_a_value_typer_accepts_is_read_the_same(args: list[str]) -> None:
    typers = _read(False, args)
    assert isinstance(typers, dict), typers
    assert repr(_read(True, args)) == repr(typers)


@pytest.mark.parametrize("args", REFUSED, ids=" ".join)
def test_a_value_typer_refuses_is_refused_saying_what_it_takes(args: list[str]) -> None:
    assert _read(False, args) is BadParameter
    assert _read(True, args) is BadValue


@pytest.mark.parametrize(("variables", "accepted"), VARIABLES, ids=str)
def test_values_from_the_environment_too(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], accepted: bool
) -> None:
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    typers, ours = _read(False, []), _read(True, [])
    if accepted:
        assert isinstance(typers, dict), typers
        assert repr(ours) == repr(typers)
    else:
        assert (typers, ours) == (BadParameter, BadValue)


def test_every_parameter_of_the_command_line_is_read_plainly() -> None:
    """Each command's options (and its help option) get the plain reading: none of them
    makes Typer import Pydantic.
    """
    from ludoteca.cli import app  # noqa: PLC0415 (every command group)

    root = get_command(app)
    assert isinstance(root, TyperGroup)
    context = root.context_class(root, info_name="ludoteca")
    unread = []
    for name in root.list_commands(context):
        command = root.get_command(context, name)
        assert command is not None
        for param in command.get_params(context):
            if not isinstance(getattr(param, "_runtime_param", None), PlainReading):
                unread.append(f"{name} {param.name}")
    assert not unread
