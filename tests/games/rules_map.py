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
) -> None:
    """Every rule id ``PREFIX-01..count`` has one row; every code name exists; every test
    named exists in ``tests``; every rule test in ``tests`` is listed.

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
