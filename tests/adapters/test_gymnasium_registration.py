"""``import ludoteca`` registers the Gymnasium ids in a fresh interpreter, whichever of
``ludoteca`` and ``gymnasium`` is imported first, without importing Gymnasium, NumPy or the
adapter itself (the terminal's start stays as it was)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("gymnasium")


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


MAKE = (
    "e = gymnasium.make('ludoteca/Tacocat-v0', opponents='greedy')\n"
    "o, info = e.reset(seed=3)\n"
    "print(o.shape[0], int(info['action_mask'].sum()) > 0)\n"
)


def test_gymnasium_first_then_ludoteca() -> None:
    assert _run("import gymnasium\nimport ludoteca\n" + MAKE) == "236 True"


def test_ludoteca_first_then_gymnasium() -> None:
    assert _run("import ludoteca\nimport gymnasium\n" + MAKE) == "236 True"


def test_the_module_form_needs_no_import_of_ludoteca() -> None:
    assert _run("import gymnasium\n" + MAKE.replace("'ludoteca/", "'ludoteca:ludoteca/")) == (
        "236 True"
    )


def test_importing_ludoteca_imports_neither_gymnasium_nor_numpy_nor_the_adapter() -> None:
    code = (
        "import sys\nimport ludoteca\n"
        "print(sorted(m for m in ('gymnasium', 'numpy', 'ludoteca.adapters.gymnasium_env')"
        " if m in sys.modules))\n"
        "import gymnasium\n"
        "print('ludoteca/TileUp-v0' in gymnasium.registry,"
        " 'ludoteca.adapters.gymnasium_env' in sys.modules)\n"
    )
    assert _run(code).splitlines() == ["[]", "True False"]
