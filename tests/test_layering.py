"""Layering: games import only the engine; the engine imports nothing above it; nothing
imports the command line (the package ``cli/``), and only it knows Typer."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "ludoteca"

ALLOWED = {
    "engine": {"engine"},
    "games": {"engine", "games"},
    "agents": {"engine", "agents", "games"},
    "lessons": {"engine", "lessons"},
}


def _all_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _imports(path: Path) -> set[str]:
    return {name for name in _all_imports(path) if name.startswith("ludoteca")}


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_is_below_it(layer: str) -> None:
    for path in (SRC / layer).rglob("*.py"):
        for module in _imports(path):
            parts = module.split(".")
            top = parts[1] if len(parts) > 1 else ""
            assert top in ALLOWED[layer], f"{path.relative_to(SRC)} imports {module}"


CLI = SRC / "cli"
"""The command line: a package of one module per command group, imported by nothing else."""


def _is_the_cli(module: str) -> bool:
    return module == "ludoteca.cli" or module.startswith("ludoteca.cli.")


def _imports_the_cli(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        named = isinstance(node, ast.ImportFrom) and node.module == "ludoteca"
        if named and any(alias.name == "cli" for alias in node.names):  # type: ignore[attr-defined]
            return True
    return any(_is_the_cli(module) for module in _imports(path))


def test_nothing_imports_the_cli() -> None:
    # The command groups (cli/lab.py, cli/serve.py, ...) import the root of the command line
    # (cli/root.py) to register on its app; nothing outside the package imports any of it.
    assert (CLI / "__init__.py").is_file()
    for path in SRC.rglob("*.py"):
        if CLI in path.parents:
            continue
        assert not _imports_the_cli(path), path


def test_only_the_cli_parses_the_command_line() -> None:
    # What a command does lives below it (terminal.play runs a game, lab.simulate
    # simulates): only the command line knows Typer.
    for path in SRC.rglob("*.py"):
        if CLI in path.parents:
            continue
        imported = _all_imports(path)
        assert not any(m == "typer" or m.startswith("typer.") for m in imported), path


def test_only_the_cli_imports_the_web_table() -> None:
    for path in SRC.rglob("*.py"):
        if CLI in path.parents or SRC / "web" in path.parents:
            continue
        assert not any(m.startswith("ludoteca.web") for m in _imports(path)), path


def test_the_web_knows_no_game_and_no_terminal() -> None:
    # A sixth game needs no change in web/: what the server needs from a game comes through
    # the engine's protocol (GameInfo.profiles, RealtimeGame, ProfiledGame) and registry.
    for path in (SRC / "web").rglob("*.py"):
        for module in _imports(path):
            assert not module.startswith("ludoteca.terminal"), f"{path.name} imports {module}"
            assert not module.startswith("ludoteca.games"), f"{path.name} imports {module}"


GAME_IDS = ("tacocat", "dweebies", "tile_up", "mystery_date", "gotcha")


@pytest.mark.parametrize("layer", ["games", "agents"])
def test_a_game_package_never_imports_another_game(layer: str) -> None:
    for game_id in GAME_IDS:
        for path in (SRC / layer / game_id).rglob("*.py"):
            for module in _imports(path):
                parts = module.split(".")
                if len(parts) > 2 and parts[1] == "games" and parts[2] in GAME_IDS:
                    assert parts[2] == game_id, f"{path.relative_to(SRC)} imports {module}"


def test_every_game_has_its_own_package() -> None:
    for game_id in GAME_IDS:
        assert (SRC / "games" / game_id / "__init__.py").is_file(), game_id
        assert (SRC / "games" / game_id / "components.toml").is_file(), game_id
    flat = sorted(p.name for p in (SRC / "games").glob("*.py") if p.name != "__init__.py")
    assert flat == [], f"per-game modules outside a game package: {flat}"
