"""A league's folder: ``league.json`` (settings, members, ratings, generations),
``ratings.csv`` (the table) and one checkpoint file per generation (``gen-000.zip`` ...).

``league.json`` is rewritten whole (through a temporary file and a rename) after each
finished generation, so a stopped league keeps every generation it finished and a run with
the same folder resumes after the last of them. A checkpoint file whose generation is not
in ``league.json`` (its rating games were stopped) is trained again.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.i18n import Localized, Message, msg
from ludoteca.league.config import LeagueConfig

LEAGUE_FILE = "league.json"
TABLE_FILE = "ratings.csv"
FORMAT = 1
CSV_COLUMNS = (
    "rank",
    "member",
    "kind",
    "generation",
    "mu",
    "sigma",
    "ordinal",
    "games",
    "won",
    "timesteps",
)


def checkpoint_name(generation: int) -> str:
    """The member name of a generation's checkpoint (also its file's stem)."""
    return f"gen-{generation:03d}"


@dataclass(slots=True)
class Member:
    """A player of the league: a bot or a generation's checkpoint.

    Attributes:
        name: ``"greedy"``, ``"gen-003"``...
        kind: ``"bot"`` or ``"checkpoint"``.
        mu: OpenSkill's mean skill.
        sigma: Its uncertainty.
        games: Rating games played (unfinished ones are not counted).
        won: Games won (a shared win counts).
        generation: The checkpoint's generation (``None`` for a bot).
        timesteps: The learner's training steps up to the checkpoint.
    """

    name: str
    kind: str
    mu: float
    sigma: float
    games: int = 0
    won: int = 0
    generation: int | None = None
    timesteps: int = 0

    def words(self) -> Message:
        """How a person reads the member: ``"generation 3"``, ``"greedy bot"``."""
        if self.kind == "bot":
            return msg("league.bot", name=self.name)
        return msg("league.generation", generation=self.generation)

    @property
    def ordinal(self) -> float:
        """The conservative rating ``mu - 3 sigma`` the table is ordered by."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        """The member as saved."""
        return {
            "name": self.name,
            "kind": self.kind,
            "mu": self.mu,
            "sigma": self.sigma,
            "games": self.games,
            "won": self.won,
            "generation": self.generation,
            "timesteps": self.timesteps,
        }


@dataclass(slots=True)
class League:
    """A league as saved in its folder.

    Attributes:
        folder: The folder.
        config: The settings it was started with.
        members: Every member, bots first, then checkpoints by generation.
        generations: What each finished generation did (CPU seconds, results by opponent).
        matches: Rating games whose result updated the ratings.
        unfinished: Rating games stopped at the step limit (no result, no update).
    """

    folder: Path
    config: LeagueConfig
    members: dict[str, Member] = field(default_factory=dict)
    generations: list[dict[str, Any]] = field(default_factory=list)
    matches: int = 0
    unfinished: int = 0

    @property
    def next_generation(self) -> int:
        """The generation to train next (0: the untrained network, saved as a baseline)."""
        return len(self.generations)

    def checkpoints(self) -> list[Member]:
        """The checkpoints, oldest first."""
        return [m for m in self.members.values() if m.kind == "checkpoint"]

    def checkpoint_path(self, generation: int) -> Path:
        """The file of a generation's checkpoint."""
        return self.folder / f"{checkpoint_name(generation)}.zip"

    def words(self, names: Sequence[str]) -> Localized:
        """Members by name as a person reads them, in both languages, separated by commas."""
        texts = [self.members[name].words() for name in names]
        return Localized(
            es=", ".join(text.text("es") for text in texts),
            en=", ".join(text.text("en") for text in texts),
        )

    def ranked(self) -> list[Member]:
        """Every member, strongest first (by ``mu - 3 sigma``, then name)."""
        return sorted(self.members.values(), key=lambda m: (-m.ordinal, m.name))

    def to_json(self) -> dict[str, Any]:
        """The league as saved in ``league.json``."""
        return {
            "format": FORMAT,
            "settings": self.config.settings(),
            "matches": self.matches,
            "unfinished": self.unfinished,
            "generations": self.generations,
            "members": [member.to_json() for member in self.members.values()],
        }

    def save(self) -> None:
        """Write ``ratings.csv``, then ``league.json`` (each whole, or not at all): the
        league is what ``league.json`` says, so it is written last.
        """
        _write(self.folder / TABLE_FILE, table_csv(self))
        _write(self.folder / LEAGUE_FILE, json.dumps(self.to_json(), indent=1) + "\n")


def table_csv(league: League) -> str:
    """The ratings table as CSV text, strongest first."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for rank, member in enumerate(league.ranked(), start=1):
        generation = "" if member.generation is None else member.generation
        writer.writerow(
            [
                rank,
                member.name,
                member.kind,
                generation,
                f"{member.mu:.3f}",
                f"{member.sigma:.3f}",
                f"{member.ordinal:.3f}",
                member.games,
                member.won,
                member.timesteps,
            ]
        )
    return text.getvalue()


def _write(path: Path, text: str) -> None:
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text(text, "utf-8")
        os.replace(partial, path)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("league.cannot_write", path=path, reason=reason)) from None


def open_league(folder: Path, config: LeagueConfig) -> League:
    """The league in ``folder``: a new one if the folder has no ``league.json`` (nothing is
    written yet: :func:`make_folder` creates the folder).

    Raises:
        GameSetupError: If ``folder`` is a file, holds an unreadable
            ``league.json`` or one with other settings, or misses a finished checkpoint.
    """
    if folder.exists() and not folder.is_dir():
        raise GameSetupError(msg("league.not_a_folder", path=folder))
    path = folder / LEAGUE_FILE
    if not path.exists():
        return League(folder=folder, config=config)
    try:
        data = json.loads(path.read_text("utf-8"))
        saved = data["settings"]
        league = League(
            folder=folder,
            config=config,
            members={m["name"]: Member(**m) for m in data["members"]},
            generations=list(data["generations"]),
            matches=int(data["matches"]),
            unfinished=int(data["unfinished"]),
        )
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        reason = type(error).__name__
        raise GameSetupError(msg("league.unreadable", path=path, reason=reason)) from None
    if saved != config.settings():
        described = ", ".join(f"{key}={value}" for key, value in saved.items())
        raise GameSetupError(msg("league.other_league", path=folder, saved=described))
    for member in league.checkpoints():
        checkpoint = league.checkpoint_path(member.generation or 0)
        if not checkpoint.is_file():
            raise GameSetupError(msg("league.missing_checkpoint", path=checkpoint))
    return league


def make_folder(folder: Path) -> None:
    """Create the league's folder (and its parents) if missing.

    Raises:
        GameSetupError: If it cannot be created.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameSetupError(msg("league.cannot_write", path=folder, reason=reason)) from None


def saved_settings(folder: Path) -> dict[str, Any] | None:
    """The settings of the league in ``folder`` if there is a readable one (for defaults)."""
    try:
        data = json.loads((folder / LEAGUE_FILE).read_text("utf-8"))
        settings = data["settings"]
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
    return settings if isinstance(settings, dict) else None
