"""A newcomer's tries in a lesson: for a "do" step, a move its verdict calls right and a
move it calls wrong (answered by a rule), found by judging the step's own move list the
way the lesson page offers it (``ludoteca.web.learn.steps``). Shared by the web and the
browser tests of the lesson page.
"""

from __future__ import annotations

import re
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
    """A right and a wrong move of a "do" step, as texts the page sends: the wrong one is
    the try the lesson data declares when it has one, else a listed move judged wrong.

    Raises:
        AssertionError: If no move of the step's list is judged right.
    """
    taught = steps.lesson_of(game_id)
    index, step = steps.step_of(taught, step_id)
    shown = steps.step_json(taught, index, step, lang, "Lucía")
    # The moves list, then what the step names (a realtime game's board offers moves its
    # short list leaves out, Gotcha's emotes: the step's pattern names them, time aside).
    listed = [move["text"] for move in shown["legal"]]
    named = [re.sub(r"^@\d+ ", "", text) for text in step.expect]
    literal = re.sub(r"^@\[0-9\]\+ ", "", step.expect_match)
    if literal and re.escape(literal) == literal.replace(" ", "\\ "):
        named.append(literal)
    listed += [text for text in named if text not in listed]
    right: str | None = None
    wrong: tuple[str, str] | None = (step.wrong, step.wrong_rule) if step.wrong else None
    # The moves the step names first (most steps expect one exact move).
    for text in sorted(listed, key=lambda text: text not in step.expect):
        verdict = steps.judged(taught, step, text, lang, "Lucía")
        if verdict["ok"] and right is None:
            right = text
        elif not verdict["ok"] and verdict["rule"] and wrong is None:
            wrong = (text, verdict["rule"])
        if right is not None and wrong is not None:
            break
    assert right is not None, f"{step_id}: no move of its list is judged right"
    return Tries(right, wrong[0] if wrong else None, wrong[1] if wrong else None)
