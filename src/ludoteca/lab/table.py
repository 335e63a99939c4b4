"""One row per simulated game, as a pandas DataFrame, CSV or Parquet file.

Columns, in this order: ``game``, ``index``, ``seed``, ``players``, ``agent_<s>`` per seat,
``options`` (the resolved options as sorted JSON), ``finished``, ``winners`` (seats joined
by ``|``, empty for a draw), ``n_winners``, ``share_<s>`` (1/k for each of k winners, else
0), ``score_<s>``, ``margin`` (best minus second-best score), ``steps``, ``turns``,
``end_reason``, then ``fig.<name>`` for the outcome's own figures (flattened: Tacocat's
``fig.rounds_won_0``) and ``stat.<name>`` for the game's own counts (Mystery Date's
``stat.door_opens``, Tile Up's ``stat.corners_covered``). A game without a value for a
column gets an empty cell. The same games give byte-identical files on every backend.

Python API::

    from ludoteca.lab import table
    from ludoteca.lab.simulate import SimulationConfig

    frame = table.simulate_frame(SimulationConfig("dweebies", 200, ("random",) * 4))
    frame.groupby("end_reason")["turns"].mean()
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import OptionValue
from ludoteca.engine.i18n import msg, register
from ludoteca.lab import simulate as simulate_mod
from ludoteca.lab.simulate import GameResult, SimulationConfig
from ludoteca.lab.summary import margin

if TYPE_CHECKING:
    import pandas as pd


def row(result: GameResult, game_id: str, options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """One game's row (see the module docstring for the columns)."""
    n = len(result.seats)
    part = 1 / len(result.winners) if result.winners else 0.0
    cells: dict[str, Any] = {
        "game": game_id,
        "index": result.index,
        "seed": result.seed,
        "players": n,
    }
    for seat, name in enumerate(result.seats):
        cells[f"agent_{seat}"] = name
    cells["options"] = json.dumps(dict(sorted(options.items())), sort_keys=True)
    cells["finished"] = result.finished
    cells["winners"] = "|".join(str(seat) for seat in result.winners)
    cells["n_winners"] = len(result.winners)
    for seat in range(n):
        cells[f"share_{seat}"] = part if seat in result.winners else 0.0
    for seat in range(n):
        cells[f"score_{seat}"] = result.scores[seat] if result.scores else None
    cells["margin"] = margin(result.scores) if result.scores else None
    cells["steps"] = result.steps
    cells["turns"] = result.turns
    cells["end_reason"] = result.end_reason
    for name, value in result.figures:
        cells[f"fig.{name}"] = value
    for name, count in result.counts:
        cells[f"stat.{name}"] = count
    return cells


def frame(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """A DataFrame of rows, columns in order of first appearance."""
    import pandas as pd  # noqa: PLC0415 (the `lab` extra; loaded only for tables)

    listed = list(rows)
    columns = list(dict.fromkeys(key for cells in listed for key in cells))
    return pd.DataFrame(listed, columns=columns)


def simulate_frame(config: SimulationConfig) -> pd.DataFrame:
    """Play ``config`` (any backend) and return one row per game.

    Raises:
        GameSetupError: If the configuration is invalid.
        SimulationError: If a game cannot be played.
    """
    options = simulate_mod.validate(config)
    return frame(row(result, config.game_id, options) for result in simulate_mod.run(config))


def write(table: pd.DataFrame, path: Path, kind: str) -> None:
    """Write a table as ``csv`` or ``parquet``.

    Raises:
        GameSetupError: If the file cannot be written (the reason in the message).
    """
    try:
        if kind == "csv":
            table.to_csv(path, index=False, lineterminator="\n")
        else:
            table.to_parquet(path, index=False)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("lab.cannot_write", path=path, reason=reason)) from None


def write_json(data: Mapping[str, Any], path: Path) -> None:
    """Write a summary as indented JSON.

    Raises:
        GameSetupError: If the file cannot be written.
    """
    try:
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("lab.cannot_write", path=path, reason=reason)) from None


def check_writable(paths: Sequence[Path | None]) -> None:
    """Refuse, before any game, an output file whose folder does not exist.

    Raises:
        GameSetupError: Naming the file.
    """
    for path in paths:
        if path is not None and not path.resolve().parent.is_dir():
            raise GameSetupError(msg("lab.cannot_write", path=path, reason=msg("lab.no_folder")))


register(
    {
        "lab.cannot_write": {
            "es": "No se puede escribir {path}: {reason}",
            "en": "Cannot write {path}: {reason}",
        },
        "lab.no_folder": {"es": "la carpeta no existe", "en": "the folder does not exist"},
    }
)
