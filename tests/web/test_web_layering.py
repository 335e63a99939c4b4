"""The web table's layering, package by package, and its texts in both languages.

From the bottom: ``telemetry`` (metrics and log formats), ``wire`` (what crosses a socket)
and ``store`` (where rooms live) import nothing else of the web; ``pace`` (a room's
correspondence pace, its clock and scheduler) reads the wire and the store; ``notify`` (Web
Push and mail) sends the notes a pace writes; ``room`` (the authoritative rooms of one
process) reads the wire, writes the store, keeps its pace and counts moves for the metrics;
``cluster`` (one worker of several) holds rooms through their public interface; ``learn``
(the lessons' steps and verdicts) reads the rooms' labels, clock and game lock; ``routes``
(the HTTP and WebSocket routes) talk to the room host; ``app`` assembles them all, and only
the command line and ``server.workers`` (each worker process builds it) import it. The load
bench talks to the server over the network: it imports nothing of the web. Nothing but the
command line imports the web table.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ludoteca.engine import i18n
from ludoteca.web.wire import messages  # noqa: F401 (registers the texts)

SRC = Path(__file__).resolve().parents[2] / "src" / "ludoteca"
WEB = SRC / "web"
WEB_MAY_IMPORT = {"engine", "agents", "lessons", "web"}
"""What the web table imports of the rest of Ludoteca (no game, no terminal)."""

PACKAGE_MAY_IMPORT = {
    "telemetry": {"telemetry"},
    "wire": {"wire"},
    "store": {"store"},
    "pace": {"pace", "wire", "store"},
    "notify": {"notify", "pace", "people", "store"},
    "room": {"room", "pace", "wire", "store", "telemetry"},
    "cluster": {"cluster", "room", "wire", "store"},
    "people": {"people", "store", "wire"},
    "learn": {"learn", "room", "wire"},
    "routes": {"routes", "room", "pace", "learn", "wire", "telemetry", "people"},
}
"""Which parts of the web each package imports (``app`` and ``server`` assemble and run)."""

ROOM_PARTS = (
    "bots",
    "broadcast",
    "clock",
    "events",
    "history",
    "live",
    "notices",
    "pacing",
    "seats",
    "session",
    "settings",
)
"""The parts a room uses: each takes what it needs of the room, never the room itself."""


def _imports(path: Path) -> set[str]:
    """Every ``ludoteca`` module ``path`` imports, deferred and type-only imports included
    (``from package import module`` names the module).
    """
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("ludoteca.")}


def _web_part(module: str) -> str | None:
    """The web package ``module`` is in (``room``, ``app``, ...); None outside the web."""
    parts = module.split(".")
    if parts[:2] != ["ludoteca", "web"] or len(parts) < 3:
        return None
    return parts[2]


def _is_command_line(path: Path) -> bool:
    return SRC / "cli" in path.parents


def test_web_imports_only_the_layers_below_it() -> None:
    for path in WEB.rglob("*.py"):
        for module in _imports(path):
            assert module.split(".")[1] in WEB_MAY_IMPORT, f"{path.name} imports {module}"


@pytest.mark.parametrize("package", sorted(PACKAGE_MAY_IMPORT))
def test_each_web_package_imports_only_what_is_below_it(package: str) -> None:
    allowed = PACKAGE_MAY_IMPORT[package]
    paths = list((WEB / package).rglob("*.py"))
    assert paths, package
    for path in paths:
        for module in _imports(path):
            part = _web_part(module)
            assert part is None or part in allowed, f"{path.relative_to(SRC)} imports {module}"


def test_the_parts_a_room_uses_never_import_the_room() -> None:
    for name in ROOM_PARTS:
        path = WEB / "room" / f"{name}.py"
        for module in _imports(path):
            for whole in ("room.room", "room.hall", "room.host"):
                assert not module.startswith(f"ludoteca.web.{whole}"), f"{name} imports {module}"


def test_the_collector_imports_nothing_of_the_web() -> None:
    modules = _imports(WEB / "server" / "collector.py")
    assert not any(_web_part(module) for module in modules), modules


def test_only_the_command_line_and_the_workers_import_the_app() -> None:
    workers = WEB / "server" / "workers.py"
    for path in SRC.rglob("*.py"):
        if _is_command_line(path) or path == workers:
            continue
        for module in _imports(path):
            assert not module.startswith("ludoteca.web.app"), f"{path} imports {module}"


def test_only_the_command_line_imports_web() -> None:
    for path in SRC.rglob("*.py"):
        if _is_command_line(path) or WEB in path.parents:
            continue
        for module in _imports(path):
            assert not module.startswith("ludoteca.web"), f"{path} imports {module}"


def test_the_load_bench_imports_nothing_of_the_server() -> None:
    paths = list((SRC / "loadbench").rglob("*.py"))
    assert paths
    for path in paths:
        for module in _imports(path):
            assert module.startswith(("ludoteca.loadbench", "ludoteca.engine.i18n")), (
                f"{path.name} imports {module}"
            )


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
