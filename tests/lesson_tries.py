"""A newcomer's tries in a lesson: for a "do" step, a move its verdict calls right and a
move it calls wrong (answered by a rule), found by judging the step's own move list the
way the lesson page offers it (``ludoteca.web.learn.steps``). Shared by the web and the
browser tests of the lesson page.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.i18n import Lang
from ludoteca.web.learn import steps


@dataclass(frozen=True)
class Tries:
    """The move texts to try in one step (``None`` where the move list has none)."""

    right: str
    wrong: str | None
    wrong_rule: str | None


def tries(game_id: str, step_id: str, lang: Lang = "en") -> Tries:
    """A right and a wrong move of a "do" step, as texts the page sends.

    Raises:
        AssertionError: If no move of the step's list is judged right.
    """
    taught = steps.lesson_of(game_id)
    index, step = steps.step_of(taught, step_id)
    shown = steps.step_json(taught, index, step, lang, "Lucía")
    right: str | None = None
    wrong: tuple[str, str] | None = None
    for move in shown["legal"]:
        verdict = steps.judged(taught, step, move["text"], lang, "Lucía")
        if verdict["ok"] and right is None:
            right = move["text"]
        elif not verdict["ok"] and verdict["rule"] and wrong is None:
            wrong = (move["text"], verdict["rule"])
        if right is not None and wrong is not None:
            break
    assert right is not None, f"{step_id}: no move of its list is judged right"
    return Tries(right, wrong[0] if wrong else None, wrong[1] if wrong else None)
