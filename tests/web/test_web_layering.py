"""The web layer sits on top: it imports the engine, games, agents and terminal; nothing but
the command line imports it. Its texts exist in both languages."""

from __future__ import annotations

import ast
from pathlib import Path

from ludoteca.engine import i18n
from ludoteca.web.wire import messages  # noqa: F401 (registers the texts)

SRC = Path(__file__).resolve().parents[2] / "src" / "ludoteca"
WEB_MAY_IMPORT = {"engine", "games", "agents", "terminal", "web"}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("ludoteca.")}


def test_web_imports_only_the_layers_below_it() -> None:
    for path in (SRC / "web").rglob("*.py"):
        for module in _imports(path):
            assert module.split(".")[1] in WEB_MAY_IMPORT, f"{path.name} imports {module}"


def test_only_the_command_line_imports_web() -> None:
    for path in SRC.rglob("*.py"):
        if path.name == "cli.py" or (SRC / "web") in path.parents:
            continue
        for module in _imports(path):
            assert not module.startswith("ludoteca.web"), f"{path} imports {module}"


def _params(key: str) -> dict[str, object]:
    """Every placeholder of the message's templates, filled with its own name."""
    names: dict[str, object] = {}
    for lang in i18n.LANGS:
        while True:
            try:
                i18n.msg(key, **names).text(lang)
                break
            except KeyError as missing:
                names[str(missing.args[0])] = f"<{missing.args[0]}>"
    return names


def test_every_server_text_has_both_languages_and_they_differ() -> None:
    keys = [k for k in i18n.catalogue_keys() if k.startswith("web.")]
    assert len(keys) > 30
    for key in keys:
        params = _params(key)
        es, en = i18n.msg(key, **params).text("es"), i18n.msg(key, **params).text("en")
        assert es and en, key
        assert es != en or key in {"web.error.too_large"}, key
