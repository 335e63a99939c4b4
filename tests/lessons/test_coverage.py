"""Every player-facing rule id of every game is taught or shown by some lesson step.

The ids come from the rules maps (``docs/rules/<game>.md``) and the game's own
``rules_text``; a lesson's ``left_out`` table names the ids a player never needs, each with
its reason. A new rule id fails here until a step teaches it or the lesson says why not.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoteca.engine import registry
from ludoteca.lessons import lesson, lesson_games

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
MAP_ROW = re.compile(r"^\| ([A-Z]{2}-\d\d) ", re.MULTILINE)


def _rule_ids(game: str) -> set[str]:
    mapped = set(MAP_ROW.findall((DOCS / f"{game}.md").read_text("utf-8")))
    stated = {rule for rule, _ in registry.make(game).rules_text("en")}
    assert mapped, f"docs/rules/{game}.md lists no rule"
    return mapped | stated


def test_every_game_has_a_lesson() -> None:
    assert lesson_games() == registry.available_games()


@pytest.mark.parametrize("game", registry.available_games())
def test_every_player_facing_rule_has_a_step(game: str) -> None:
    the_lesson = lesson(game)
    ids = _rule_ids(game)
    left_out = dict(the_lesson.left_out)
    assert set(left_out) <= ids, f"left_out names unknown ids: {set(left_out) - ids}"
    assert all(reason.strip() for reason in left_out.values())
    missing = ids - set(left_out) - the_lesson.covered()
    assert not missing, f"{game}: no lesson step teaches {sorted(missing)}"
    assert not set(left_out) & the_lesson.covered(), "an id both left out and taught"


@pytest.mark.parametrize("game", registry.available_games())
def test_steps_name_only_real_rules_with_a_sentence(game: str) -> None:
    the_lesson = lesson(game)
    ids = _rule_ids(game)
    for step in the_lesson.steps:
        assert step.rules, f"{step.id} teaches no rule"
        for rule in step.rules:
            assert rule in ids, f"{step.id} names the unknown rule {rule}"
            for lang in ("es", "en"):
                assert the_lesson.rule_text(rule, lang), (step.id, rule, lang)


LESSON_ROW = re.compile(r"^\| `([a-z_]+\.[a-z0-9-]+)` \| (do|show) \| ([A-Z0-9, -]+) \|$", re.M)


@pytest.mark.parametrize("game", registry.available_games())
def test_the_rules_map_lists_the_lesson_as_it_is(game: str) -> None:
    text = (DOCS / f"{game}.md").read_text("utf-8").partition("\n## Lesson\n")[2]
    listed = [
        (step, kind, tuple(rules.split(", "))) for step, kind, rules in LESSON_ROW.findall(text)
    ]
    steps = [(step.id, step.kind, step.rules) for step in lesson(game).steps]
    assert listed == steps, f"docs/rules/{game}.md's Lesson section is out of date"
    for rule, _ in lesson(game).left_out:
        assert f"- {rule}: " in text
