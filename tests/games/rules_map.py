"""The check every game's rules map (``docs/rules/<id>.md``) passes, shared by the rule tests."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def check_rules_map(
    game_id: str,
    prefix: str,
    count: int,
    default: ModuleType,
    tests: Mapping[str, Any],
    modules: Mapping[str, ModuleType] | None = None,
    fast_path: str | None = None,
) -> None:
    """Every rule id ``PREFIX-01..count`` has one row; every code name exists; every test
    named exists in ``tests``; every rule test in ``tests`` is listed; with ``fast_path``,
    the fast path is mapped too (:func:`check_fast_path`).

    A code name ``head.rest`` is looked up in ``modules[head]`` when ``head`` is a key of
    ``modules``, otherwise from ``default``.
    """
    known = modules or {}
    lines = (DOCS / f"{game_id}.md").read_text("utf-8").splitlines()
    rows = [line for line in lines if line.startswith(f"| {prefix}-")]
    assert [row.split()[1] for row in rows] == [f"{prefix}-{n:02d}" for n in range(1, count + 1)]
    listed: set[str] = set()
    for row in rows:
        _, _, _, code, named_tests, _ = row.split("|")
        for name in re.findall(r"`([^`]+)`", code):
            parts = name.split(".")
            owner: object = known.get(parts[0], default)
            if parts[0] in known:
                parts = parts[1:]
            for part in parts:
                assert hasattr(owner, part), f"docs name {name!r}, missing from the code"
                owner = getattr(owner, part)
        for name in re.findall(r"`([^`]+)`", named_tests):
            assert callable(tests.get(name)), f"docs name test {name!r}, missing here"
            listed.add(name)
    rule_tests = {name for name in tests if re.match(rf"test_{prefix.lower()}\d\d_", name)}
    assert rule_tests <= listed, sorted(rule_tests - listed)
    if fast_path is not None:
        check_fast_path(lines, fast_path, known[fast_path], tests)


def check_fast_path(
    lines: list[str], key: str, module: ModuleType, tests: Mapping[str, Any]
) -> None:
    """The fast path (issue 19's ``playout`` module, called ``key`` in the map) re-implements
    rules, so the map names every function and class it defines as ``key.name``: in the
    row of each rule it enforces, or in the "Fast path" section's list of helpers that
    enforce none. That section names the tests that prove the fast path equal to the
    rules' own functions; each must exist in ``tests``.
    """
    text = "\n".join(lines)
    named = set(re.findall(rf"`{key}\.(\w+)`", text))
    defined = {
        name
        for name, value in vars(module).items()
        if callable(value)
        and getattr(value, "__module__", None) == module.__name__
        and not name.startswith("__")
    }
    assert defined, f"{module.__name__} defines no function"
    assert defined <= named, f"not in docs/rules: {sorted(defined - named)}"
    section = text.partition("\n## Fast path\n")[2].partition("\n## ")[0]
    equality = re.findall(r"`(test_\w+)`", section)
    assert equality, "the Fast path section names no equality test"
    for name in equality:
        assert callable(tests.get(name)), f"docs name test {name!r}, missing here"
