"""The markers ``make quick`` deselects by come from what a test uses (tests/suite_markers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import suite_markers

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parent
INI = """
[pytest]
addopts = --strict-markers -p suite_markers
markers =
    browser: b
    postgres: p
    cluster: c
    tmux: t
    slow: s
"""


def test_markers_come_from_fixtures_parameters_and_imports(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fresh interpreter: this session may have imported the suite's own tmux_driver.
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    pytester.makeini(INI)
    pytester.makepyfile(tmux_driver="def drive() -> None: ...\n")
    pytester.makeconftest(
        "import pytest\n"
        "@pytest.fixture\n"
        "def pg_cluster() -> None: ...\n"
        "@pytest.fixture\n"
        "def redis_server() -> None: ...\n"
    )
    pytester.makepyfile(
        test_needs="import pytest\n"
        "def test_plain() -> None: ...\n"
        "def test_postgres(pg_cluster: None) -> None: ...\n"
        "def test_cluster(redis_server: None) -> None: ...\n"
        "@pytest.mark.parametrize('store', ['sqlite', 'postgresql'])\n"
        "def test_store(store: str) -> None: ...\n",
        test_terminal="from tmux_driver import drive\ndef test_drives() -> None: ...\n",
        # Named like a module of SLOW: one of its parameter ids is slow, the other not.
        test_conformance="import pytest\n"
        "@pytest.mark.parametrize('case', ['gotcha-8-views', 'tacocat-2-views'])\n"
        "def test_conformance(case: str) -> None: ...\n",
    )
    chosen = {
        marker: pytester.runpytest_subprocess("-q", "--collect-only", "-m", marker).outlines
        for marker in ("postgres", "cluster", "tmux", "slow")
    }
    assert any("test_postgres" in line for line in chosen["postgres"])
    assert any("test_store[postgresql]" in line for line in chosen["postgres"])
    assert not any("test_store[sqlite]" in line for line in chosen["postgres"])
    assert any("test_cluster" in line for line in chosen["cluster"])
    assert any("test_drives" in line for line in chosen["tmux"])
    assert any("test_conformance[gotcha-8-views]" in line for line in chosen["slow"])
    assert not any("tacocat-2-views" in line for line in chosen["slow"])
    rest = pytester.runpytest_subprocess(
        "-q", "--collect-only", "-m", "not postgres and not cluster"
    )
    names = "\n".join(rest.outlines)
    assert "test_plain" in names and "test_store[sqlite]" in names
    assert "test_postgres" not in names and "test_store[postgresql]" not in names


def test_every_slow_entry_names_a_module_and_tests_that_exist() -> None:
    modules = {path.name: path for path in TESTS.rglob("test_*.py")}
    for file_name, tests in suite_markers.SLOW.items():
        assert file_name in modules, f"SLOW names {file_name}, which no longer exists"
        tree = ast.parse(modules[file_name].read_text("utf-8"))
        defined = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        functions = {name.split("[")[0] for name in tests}
        assert functions <= defined, f"{file_name} has no {sorted(functions - defined)}"
