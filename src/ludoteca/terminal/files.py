"""Files the terminal commands write: records (``play --save``, ``simulate --out``).

A file that cannot be opened is bad input (``GameSetupError``), reported as one line by the
command line, not a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import msg


def open_for_writing(path: Path) -> IO[str]:
    """``path`` opened for writing text (UTF-8).

    Raises:
        GameSetupError: If it cannot be opened (a missing folder, no permission).
    """
    try:
        return path.open("w", encoding="utf-8")
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("term.cannot_write", path=path, reason=reason)) from None


def write_lines(path: Path, lines: Sequence[str]) -> None:
    """Write ``lines`` to ``path``, one per line.

    Raises:
        GameSetupError: If the file cannot be opened.
    """
    with open_for_writing(path) as sink:
        for line in lines:
            sink.write(line + "\n")
