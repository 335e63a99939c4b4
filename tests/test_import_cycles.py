"""No import cycles anywhere in ``src/ludoteca``, deferred and type-only imports included.

Every module is parsed (never imported) and every import statement counts: at the top,
inside a function (a deferred import), under ``if TYPE_CHECKING:``, absolute or relative.
``from package import name`` points at the module ``package.name`` when there is one, else
at the package. A package's ``__init__`` importing its own submodules is its face, not a
cycle (Python runs the ``__init__`` first whenever a submodule is imported): those edges
are left out. The strongly connected components of the graph with more than one module are
the cycles; each is reported with the import lines that close it.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "ludoteca"

ALLOWED_CYCLES: tuple[frozenset[str], ...] = ()
"""Cycles tolerated for now: none."""


@dataclass(frozen=True, slots=True)
class Edge:
    """One import of a module by another.

    Attributes:
        source: The importing module.
        target: The imported module.
        file: The source module's file, relative to the source folder.
        line: The line of the import statement in that file.
        where: ``"top"``, ``"deferred"`` (inside a function) or ``"type-only"`` (under
            ``if TYPE_CHECKING:``).
    """

    source: str
    target: str
    file: str
    line: int
    where: str


def modules(src: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``src`` by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _nearest(name: str, known: dict[str, Path]) -> str | None:
    """``name`` or its closest enclosing module that exists (``a.b.C`` -> ``a.b``)."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def _statements(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
    """Every import statement of a module with where it is (top, deferred, type-only)."""

    def visit(node: ast.AST, where: str) -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, where
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            where = "deferred" if where == "top" else where
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for part in node.body:
                yield from visit(part, "type-only")
            for part in node.orelse:
                yield from visit(part, where)
            return
        for child in ast.iter_child_nodes(node):
            yield from visit(child, where)

    yield from visit(tree, "top")


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def edges(src: Path, known: dict[str, Path]) -> list[Edge]:
    """Every import between two modules of ``known`` under ``src`` (self-imports and a
    package's imports of its own submodules left out)."""
    found: list[Edge] = []
    for source, path in known.items():
        file = path.relative_to(src).as_posix()
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node, where in _statements(tree):
            for target in _targets(node, source, is_package, known):
                if target == source or (is_package and target.startswith(source + ".")):
                    continue
                edge = Edge(source, target, file, node.lineno, where)
                if edge not in found:  # one edge for several names of one statement
                    found.append(edge)
    return found


def _targets(
    node: ast.Import | ast.ImportFrom, source: str, is_package: bool, known: dict[str, Path]
) -> list[str]:
    if isinstance(node, ast.Import):
        named = [_nearest(alias.name, known) for alias in node.names]
        return [name for name in named if name is not None]
    base = node.module or ""
    if node.level:
        here = source.split(".") if is_package else source.split(".")[:-1]
        up = here[: len(here) - (node.level - 1)]
        base = ".".join([*up, base] if base else up)
    targets: list[str] = []
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        target = submodule if submodule in known else _nearest(base, known)
        if target is not None:
            targets.append(target)
    return targets


def strongly_connected(nodes: list[str], found: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative), each sorted, in a stable order."""
    graph: dict[str, list[str]] = {node: [] for node in nodes}
    for edge in found:
        if edge.target not in graph[edge.source]:
            graph[edge.source].append(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[str, int]] = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            successors = graph[node]
            if position < len(successors):
                work.append((node, position + 1))
                successor = successors[position]
                if successor not in index:
                    work.append((successor, 0))
                elif successor in on_stack:
                    low[node] = min(low[node], index[successor])
                continue
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(components)


def cycles(src: Path, package: str) -> list[tuple[list[str], list[Edge]]]:
    """Each cycle of ``package`` under ``src`` with the imports inside it."""
    known = modules(src, package)
    found = edges(src, known)
    result = []
    for component in strongly_connected(list(known), found):
        members = set(component)
        inside = [e for e in found if e.source in members and e.target in members]
        result.append((component, sorted(inside, key=lambda e: (e.source, e.line, e.target))))
    return result


def describe(component: list[str], inside: list[Edge]) -> str:
    """A cycle for people: its modules, then each import line that joins two of them."""
    lines = [f"cycle ({len(component)}): " + ", ".join(component)]
    for edge in inside:
        at = f"{edge.file} line {edge.line}, {edge.where}"
        lines.append(f"    {edge.source} -> {edge.target} ({at})")
    return "\n".join(lines)


def area(module: str) -> str:
    """The top-level folder of ``ludoteca`` a module is in (``engine``, ``web``, ...)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


AREAS = sorted({area(module) for module in modules(SRC, PACKAGE)})


@functools.cache
def _project_cycles() -> tuple[tuple[list[str], list[Edge]], ...]:
    found = cycles(SRC, PACKAGE)
    return tuple((c, e) for c, e in found if frozenset(c) not in ALLOWED_CYCLES)


@pytest.mark.parametrize("folder", AREAS)
def test_no_import_cycle_runs_through(folder: str) -> None:
    # One test per folder of src/ludoteca (a cycle across folders fails each of them), so
    # the report says where the cycles are; together they cover every module.
    found = [(c, e) for c, e in _project_cycles() if any(area(m) == folder for m in c)]
    if found:
        report = "\n".join(describe(component, inside) for component, inside in found)
        pytest.fail(f"{len(found)} import cycle(s):\n{report}", pytrace=False)


def test_every_module_is_in_the_graph() -> None:
    known = modules(SRC, PACKAGE)
    assert "ludoteca.engine.game" in known and "ludoteca.cli" in known
    assert len(known) == len(list((SRC / PACKAGE).rglob("*.py")))
    assert {area(module) for module in known} == set(AREAS)
    assert {"engine", "games", "lab", "cli", "terminal", "web"} <= set(AREAS)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


def test_deferred_type_only_and_relative_imports_close_cycles(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg import a, b\n",
            "pkg/a.py": "def f():\n    from pkg import b\n",
            "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/c.py": "from . import d\n",
            "pkg/sub/d.py": "from ..sub.c import VALUE\n",
            "pkg/e.py": "from pkg.sub import c\n",
            "pkg/clean.py": "import pkg.e\nfrom pkg import sub\n",
        },
    )
    found = cycles(tmp_path, "pkg")
    assert [component for component, _ in found] == [
        ["pkg.a", "pkg.b"],
        ["pkg.sub.c", "pkg.sub.d"],
    ]
    (_, first), (_, second) = found
    assert [(e.source, e.target, e.line, e.where) for e in first] == [
        ("pkg.a", "pkg.b", 2, "deferred"),
        ("pkg.b", "pkg.a", 3, "type-only"),
    ]
    assert [(e.source, e.target, e.where) for e in second] == [
        ("pkg.sub.c", "pkg.sub.d", "top"),
        ("pkg.sub.d", "pkg.sub.c", "top"),
    ]
    assert "pkg.a -> pkg.b (pkg/a.py line 2, deferred)" in describe(*found[0])


def test_a_package_importing_its_own_modules_is_no_cycle(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.a import A\nfrom . import b\n",
            "pkg/a.py": "from pkg.b import B\nA = B\n",
            "pkg/b.py": "B = 1\n",
        },
    )
    assert cycles(tmp_path, "pkg") == []
