"""The lessons' positions are the ones ``scripts/lesson_positions.py`` finds with the
engine: nobody copied or edited them by hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "lesson_positions.py"


def test_the_positions_are_what_the_script_finds() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
