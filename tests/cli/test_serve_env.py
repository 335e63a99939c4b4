"""Every ``ludoteca serve`` option is also ``LUDOTECA_<OPTION>``: walked option by option
from the command itself, so an option added later is checked without a line more here.
"""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer._click import core as click_core
from typer.core import TyperOption
from typer.testing import CliRunner, Result

from ludoteca.cli import app
from ludoteca.cli.envvars import env_name

DOCS = Path(__file__).resolve().parents[2] / "docs" / "hosting.md"
BASE_ENV = {"COLUMNS": "200", "LANG": "C.UTF-8"}


def serve_command() -> click_core.Command:
    group: Any = typer.main.get_command(app)
    command: click_core.Command = group.commands["serve"]
    return command


def serve_options() -> list[TyperOption]:
    return [
        param
        for param in serve_command().params
        if isinstance(param, TyperOption) and param.name != "help"
    ]


def kind(option: TyperOption) -> Any:
    annotation: Any = option.type_descriptor.annotation
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        kinds = [k for k in typing.get_args(annotation) if k is not type(None)]
        annotation = kinds[0]
    return annotation


def sample(option: TyperOption, other: bool = False) -> str:
    """A value the option's type accepts (``other``: a second, different one)."""
    annotation = kind(option)
    if annotation is bool:
        return "false" if other else "true"
    if annotation is int:
        return "9" if other else "7"
    if annotation is float:
        return "9.5" if other else "2.5"
    return "second" if other else "first"


def parsed(args: list[str]) -> dict[str, Any]:
    ctx = serve_command().make_context("serve", list(args))
    return dict(ctx.params)


def flag_args(option: TyperOption, value: str) -> list[str]:
    flag = max(option.opts, key=len)
    if option.is_flag:
        return [flag] if value == "true" else []
    return [flag, value]


def invoke(args: list[str], env: dict[str, str]) -> Result:
    return CliRunner().invoke(app, args, env={**BASE_ENV, **env})


def test_serve_has_the_options_this_walk_expects() -> None:
    names = {option.name for option in serve_options()}
    assert {"host", "port", "db", "metrics", "metrics_listen", "log_format", "lang"} <= names


@pytest.mark.parametrize("option", serve_options(), ids=lambda option: option.name)
def test_each_serve_option_is_read_from_its_environment_variable(
    option: TyperOption, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert option.name is not None
    variable = env_name(option)
    assert variable == "LUDOTECA_" + max(option.opts, key=len)[2:].replace("-", "_").upper()
    default = parsed([])[option.name]
    monkeypatch.setenv(variable, sample(option))
    from_env = parsed([])[option.name]
    monkeypatch.delenv(variable)
    from_flag = parsed(flag_args(option, sample(option)))[option.name]
    assert from_env == from_flag != default


@pytest.mark.parametrize("option", serve_options(), ids=lambda option: option.name)
def test_a_flag_wins_over_its_environment_variable(
    option: TyperOption, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert option.name is not None
    given = flag_args(option, sample(option))
    expected = parsed(given)[option.name]
    monkeypatch.setenv(env_name(option), sample(option, other=True))
    assert parsed([])[option.name] != expected
    assert parsed(given)[option.name] == expected


def test_hosting_md_lists_every_variable() -> None:
    text = DOCS.read_text("utf-8")
    missing = [env_name(option) for option in serve_options() if env_name(option) not in text]
    assert not missing, missing


TYPED = [option for option in serve_options() if kind(option) in (int, float)]


@pytest.mark.parametrize("option", TYPED, ids=lambda option: option.name)
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Bad value in the environment variable"), ("es", "Valor no válido en la variable")],
)
def test_a_bad_number_in_a_variable_names_the_variable(
    option: TyperOption, lang: str, words: str
) -> None:
    result = invoke(["serve", "--lang", lang], {env_name(option): "lots"})
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert words in lines[0] and env_name(option) in lines[0] and "lots" in lines[0]
    assert max(option.opts, key=len) in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("variable", "value", "flag"),
    [
        ("LUDOTECA_FRAMES", "fast", "--frames"),
        ("LUDOTECA_METRICS", "10.0.0.x", "--metrics"),
        ("LUDOTECA_LOG_FORMAT", "xml", "--log-format"),
        ("LUDOTECA_METRICS_LISTEN", "nowhere", "--metrics-listen"),
        ("LUDOTECA_WORKERS", "many", "--workers"),
    ],
)
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "read from the environment variable"), ("es", "tomado de la variable de entorno")],
)
def test_a_refused_text_from_a_variable_names_the_variable(
    variable: str, value: str, flag: str, lang: str, words: str, tmp_path: Path
) -> None:
    env = {variable: value, "LUDOTECA_DB": str(tmp_path / "store.sqlite3"), "LUDOTECA_LANG": lang}
    result = invoke(["serve"], env)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert words in lines[0] and variable in lines[0] and value in lines[0], lines[0]
    assert "Traceback" not in result.output


def test_the_same_bad_value_as_a_flag_names_no_variable(tmp_path: Path) -> None:
    result = invoke(["serve", "--frames", "fast", "--db", str(tmp_path / "s.sqlite3")], {})
    assert result.exit_code == 2
    assert "--frames" in result.stderr and "LUDOTECA_" not in result.stderr
