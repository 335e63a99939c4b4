"""The learner is the person everywhere a lesson shows them: the seats, the texts and the
board (Gotcha's board names the seats by their profiles, whose names the position fixes)."""

from __future__ import annotations

import json
import re

from ludoteca.engine import registry
from ludoteca.lessons import lesson, lesson_games


def test_the_board_names_the_learner_as_the_seats_do() -> None:
    for game in lesson_games():
        for step in lesson(game).steps:
            view = registry.make(game).view(step.state(), step.learner)
            shown = step.learner_view(view, "Zoe")
            profiles = shown.get("profiles")
            if profiles is None:
                assert shown == view, f"{step.id}: a view without profiles is unchanged"
                continue
            own = view["profiles"][step.learner]["name"]
            assert own != "Zoe", "the view itself is kept"
            assert [p["name"] for p in profiles] == list(step.seat_names("Zoe")), step.id
            assert not re.search(rf"\b{own}\b", json.dumps(shown)), f"{step.id} shows {own}"
            others = [p for seat, p in enumerate(profiles) if seat != step.learner]
            assert others == [p for seat, p in enumerate(view["profiles"]) if seat != step.learner]


def test_no_live_rule_binding_the_learner_reads_a_name() -> None:
    """The position keeps its profile's own name for the rules, so a rule that reads the
    learner's name ("whose name starts with a vowel", "saying their own name") would judge
    a name the learner never sees."""
    game = registry.make("gotcha")
    for step in lesson("gotcha").steps:
        view = game.view(step.state(), step.learner)
        for slot in view["slots"]:
            if slot["live"] and step.learner in slot["bound"]:
                assert "name" not in slot["en"].lower(), f"{step.id} {slot['en']}"
                assert "nombre" not in slot["es"].lower(), f"{step.id} {slot['es']}"
