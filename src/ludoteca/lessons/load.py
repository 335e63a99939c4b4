"""Read the lessons' data files (``lessons/data/<game>.toml`` and the positions the script
``scripts/lesson_positions.py`` writes to ``lessons/data/positions/<game>.toml``).

Every text a person reads is registered in the message catalogue under
``lesson.<step id>.<field>`` (both languages required), so surfaces render it like any
other message.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.engine import i18n, registry
from ludoteca.engine.game import OptionValue
from ludoteca.engine.i18n import Message, msg
from ludoteca.lessons.model import KINDS, LEARNER_NAME, Lesson, Position, Step

CHANCE_WORD = "chance"
"""How a position's moves write the chance seat (``"chance draw 5"``)."""


class UnknownLessonError(KeyError):
    """No lesson exists for the id asked; the message lists the games that have one."""

    def __init__(self, game_id: str, known: tuple[str, ...]) -> None:
        super().__init__(game_id)
        self.game_id = game_id
        self.message = msg("lessons.unknown", game=game_id, valid=", ".join(known))

    def __str__(self) -> str:
        return self.message.text()


def _data_dir() -> Any:
    return resources.files("ludoteca.lessons").joinpath("data")


@cache
def lesson_games() -> tuple[str, ...]:
    """The games that have a lesson, in catalogue order."""
    files = {entry.name.removesuffix(".toml") for entry in _data_dir().iterdir()}
    return tuple(game for game in registry.available_games() if game in files)


def lesson(game_id: str) -> Lesson:
    """The lesson of ``game_id``.

    Raises:
        UnknownLessonError: A ``KeyError`` whose ``message`` (es/en) lists the valid ids.
    """
    if game_id not in lesson_games():
        raise UnknownLessonError(game_id, lesson_games())
    return _load(game_id)


@cache
def _load(game_id: str) -> Lesson:
    data = tomllib.loads(_data_dir().joinpath(f"{game_id}.toml").read_text("utf-8"))
    positions = tomllib.loads(
        _data_dir().joinpath("positions", f"{game_id}.toml").read_text("utf-8")
    )
    names = tuple(data["names"])
    learner = int(data.get("learner", 0))
    steps = tuple(_step(game_id, entry, positions, names, learner) for entry in data["steps"])
    return Lesson(
        game=game_id,
        title=_text(f"lesson.{game_id}.title", data["title"]),
        steps=steps,
        final_bot=str(data["final_bot"]),
        players=int(data.get("players", len(names))),
        left_out=tuple(sorted((str(k), str(v)) for k, v in data.get("left_out", {}).items())),
    )


def _step(
    game_id: str,
    entry: dict[str, Any],
    positions: dict[str, Any],
    names: tuple[str, ...],
    learner: int,
) -> Step:
    step_id = f"{game_id}.{entry['id']}"
    kind = str(entry["kind"])
    if kind not in KINDS:
        raise ValueError(f"lesson step {step_id}: kind {kind!r} is not one of {KINDS}")
    learner = int(entry.get("learner", learner))
    step_names = tuple(entry.get("names", names))
    step_names = tuple(LEARNER_NAME if i == learner else n for i, n in enumerate(step_names))
    empty = {"es": "", "en": ""}
    return Step(
        id=step_id,
        rules=tuple(entry["rules"]),
        kind=kind,
        title=_text(f"lesson.{step_id}.title", entry["title"]),
        prompt=_text(f"lesson.{step_id}.prompt", entry["prompt"]),
        learner=learner,
        names=step_names,
        game=game_id,
        position=_position(game_id, str(entry["position"]), positions),
        success=_text(f"lesson.{step_id}.success", entry.get("success", empty)),
        hint=_text(f"lesson.{step_id}.hint", entry.get("hint", empty)),
        expect=tuple(entry.get("expect", ())),
        expect_match=str(entry.get("expect_match", "")),
        wrong=str(entry.get("wrong", "")),
        wrong_rule=str(entry.get("wrong_rule", "")),
        example=str(entry.get("example", "")),
    )


def _position(game_id: str, name: str, positions: dict[str, Any]) -> Position:
    entry = positions[name]
    options: dict[str, OptionValue] = dict(entry.get("options", {}))
    moves = []
    for line in entry.get("moves", ()):
        seat_word, _, text = str(line).partition(" ")
        seat = -1 if seat_word == CHANCE_WORD else int(seat_word)
        moves.append((seat, text))
    return Position(
        game=game_id,
        name=name,
        seed=int(entry["seed"]),
        players=int(entry["players"]),
        options=tuple(sorted(options.items())),
        moves=tuple(moves),
    )


def _text(key: str, entry: dict[str, str]) -> Message:
    """Register ``entry`` (``{"es": ..., "en": ...}``) under ``key``; braces are literal."""
    i18n.register(
        {key: {lang: entry[lang].replace("{", "{{").replace("}", "}}") for lang in ("es", "en")}}
    )
    return Message(key)


i18n.register(
    {
        "lessons.unknown": {
            "es": "No hay lección para «{game}». Juegos con lección: {valid}.",
            "en": "There is no lesson for '{game}'. Games with a lesson: {valid}.",
        },
    }
)
