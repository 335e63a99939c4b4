"""Where the terminal keeps the games it played: one record file per game in the data
folder of the XDG base directories (``$XDG_DATA_HOME/ludoteca/games``, by default
``~/.local/share/ludoteca/games``), written when a game ends or is left, unless the person
says ``--no-save``. ``ludoteca replay`` without a file lists them, newest first.
"""

from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass
from pathlib import Path

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import msg
from ludoteca.engine.record import GameRecord


def games_dir() -> Path:
    """The folder saved games go to (not created here)."""
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "ludoteca" / "games"


def default_path(game_id: str, seed: int) -> Path:
    """A new file in :func:`games_dir` for a game of ``game_id`` played with ``seed``, named
    by the local time it started (``2026-12-06_073105_tile_up_seed1234.jsonl``) and created
    empty at once, so that another game started in the same second with the same seed gets
    the next free name (``…_seed1234_2.jsonl``) instead of overwriting it later. An empty
    file is no record: :func:`saved_games` leaves it out if the game never gets written.

    Raises:
        GameSetupError: If the folder or the file cannot be created.
    """
    stamp = time.strftime("%Y-%m-%d_%H%M%S")
    first = games_dir() / f"{stamp}_{game_id}_seed{seed}.jsonl"
    ensure_folder(first)
    for number in itertools.count(1):
        path = first if number == 1 else first.with_name(f"{first.stem}_{number}.jsonl")
        try:
            path.open("x", encoding="utf-8").close()
        except FileExistsError:
            continue
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise GameSetupError(msg("term.cannot_write", path=path, reason=reason)) from None
        return path
    raise AssertionError("unreachable")  # itertools.count never ends


def ensure_folder(path: Path) -> None:
    """Create the folder ``path`` will be written in.

    Raises:
        GameSetupError: If it cannot be created.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("term.cannot_write", path=path, reason=reason)) from None


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One saved game, as ``ludoteca replay`` lists it.

    Attributes:
        path: The record file.
        game: The game's id.
        seats: The agents of the seats (``human``, ``greedy``...).
        steps: The steps recorded.
        finished: Whether the game reached its end.
    """

    path: Path
    game: str
    seats: tuple[str, ...]
    steps: int
    finished: bool


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """The games saved in ``folder`` (default :func:`games_dir`), newest first; files that
    are not records are left out.
    """
    folder = games_dir() if folder is None else folder
    if not folder.is_dir():
        return []
    found: list[SavedGame] = []
    for path in sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            first = path.read_text("utf-8").splitlines()[0]
            record = GameRecord.loads(first)
        except (OSError, UnicodeDecodeError, IndexError, ValueError, TypeError, AttributeError):
            continue
        found.append(
            SavedGame(
                path, record.game, record.seats, len(record.actions), record.outcome is not None
            )
        )
    return found
