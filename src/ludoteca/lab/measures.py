"""The per-game measures of a run's rows, and their means with 95% intervals.

A run's rows (``lab.table``) give one value per game for each measure, by key:

* ``share_<s>``: the win share of whoever sat in seat ``s`` (1, 1/k for a shared win, 0);
* ``agent.<name>``: an agent's win share per seat it held (only when the agents differ);
* ``draws``, ``turns`` (finished games), ``steps``, ``margin`` (best minus second-best
  score, for games scored in points);
* ``end.<reason>``: 1 when the game ended so, else 0;
* ``stat.<name>``, ``fig.<name>``: the game's own counts and the outcome's figures.

Row ``i`` is game ``i`` (its seed is ``seed + i``), so two runs on the same seeds pair up
by row (``lab.paired``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.lab import stats

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True, slots=True)
class Measure:
    """One measure over a set of games.

    Attributes:
        key: Its id (see the module docstring).
        mean: Its mean per game (a share for a 0/1 or ``1/k`` measure).
        low: Lower bound of its 95% interval (Wilson for a share, t for a mean).
        high: Upper bound.
        count: Games it was measured on.
    """

    key: str
    mean: float
    low: float
    high: float
    count: int


SHARE_KEYS = ("share_", "agent.", "draws", "end.")
"""Measures that are shares of games (their interval is Wilson's)."""


def is_share(key: str) -> bool:
    """Whether a measure is a share of games (shown as a percentage)."""
    return key.startswith(SHARE_KEYS)


def measure_columns(rows: pd.DataFrame) -> dict[str, pd.Series]:
    """Every per-game measure of a run as a numeric column, by key, indexed by game."""
    import pandas as pd  # noqa: PLC0415

    columns: dict[str, pd.Series] = {}
    seats = [name for name in rows.columns if name.startswith("share_")]
    for name in seats:
        columns[name] = rows[name].astype(float)
    columns.update(_agent_columns(rows, len(seats)))
    finished = rows["finished"].astype(bool)
    columns["draws"] = (finished & (rows["n_winners"] == 0)).astype(float)
    columns["turns"] = rows["turns"][finished].astype(float)
    columns["steps"] = rows["steps"].astype(float)
    scores = [c for c in rows.columns if c.startswith("score_")]
    if scores and not rows[scores].isin([0.0, 1.0]).all().all():
        columns["margin"] = rows["margin"].dropna().astype(float)
    for reason in sorted(set(rows["end_reason"])):
        columns[f"end.{reason}"] = (rows["end_reason"] == reason).astype(float)
    kinds = pd.api.types
    for name in rows.columns:
        column = rows[name]
        numeric = kinds.is_numeric_dtype(column) and not kinds.is_bool_dtype(column)
        if name.startswith(("stat.", "fig.")) and numeric:
            columns[name] = column.dropna().astype(float)
    return columns


def _agent_columns(rows: pd.DataFrame, seats: int) -> dict[str, pd.Series]:
    """Each agent's win share per seat held, game by game, when the seats' agents differ."""
    agents = [rows[f"agent_{seat}"] for seat in range(seats)]
    names = list(dict.fromkeys(name for column in agents for name in column))
    if len(names) < 2:
        return {}
    found = {}
    for name in names:
        held = sum((column == name).astype(float) for column in agents)
        won = sum(
            rows[f"share_{seat}"].astype(float) * (agents[seat] == name) for seat in range(seats)
        )
        found[f"agent.{name}"] = (won / held)[held > 0]
    return found


_ORDER = ("share_", "agent.", "draws", "turns", "steps", "margin", "end.", "fig.", "stat.")
_SEAT = re.compile(r"^(?P<base>.*?)(?:_|@)(?P<seat>\d+)$")


def ordered(keys: list[str]) -> list[str]:
    """Measure keys in reading order: wins, length, endings, figures, counts; a per-seat
    measure's seats together, in seat order, where its first seat appeared.
    """

    def rank(item: tuple[int, str]) -> tuple[int, int, int]:
        position, key = item
        kind = next((i for i, prefix in enumerate(_ORDER) if key.startswith(prefix)), 9)
        found = _SEAT.match(key)
        if found is None or key.startswith("share_"):
            seat = int(key.removeprefix("share_")) if key.startswith("share_") else 0
            return kind, position if not key.startswith("share_") else 0, seat
        base = found["base"]
        first = next(i for i, other in enumerate(keys) if other.startswith(base))
        return kind, first, int(found["seat"])

    return [key for _, key in sorted(enumerate(keys), key=rank)]


def measure(key: str, values: pd.Series) -> Measure:
    """The mean of a column with its 95% interval."""
    count = len(values)
    mean = float(values.mean()) if count else 0.0
    if is_share(key):
        low, high = stats.wilson_interval(float(values.sum()), count)
    elif count > 1:
        half = stats.Z_95 * float(values.std(ddof=1)) / math.sqrt(count)
        low, high = mean - half, mean + half
    else:
        low = high = mean
    return Measure(key, mean, low, high, count)


def zeros(count: int) -> pd.Series:
    """A measure that is 0 in every game (an ending a run never reached)."""
    import pandas as pd  # noqa: PLC0415

    return pd.Series([0.0] * count)
