"""Every lesson step is a real position the engine builds, with its expected move legal and
judged right, its declared wrong try answered by the rule the data names, its texts in both
languages naming things as people read them, and its feedback leaking nothing hidden."""

from __future__ import annotations

import pytest

from ludoteca.agents import registry as agents
from ludoteca.engine import registry, rng
from ludoteca.engine.i18n import LANGS, Message
from ludoteca.lessons import LEARNER_NAME, Step, UnknownLessonError, lesson, lesson_games
from people_read import offending, report, text_forms

STEPS = [(game, step) for game in lesson_games() for step in lesson(game).steps]
IDS = [step.id for _, step in STEPS]
DO_STEPS = [(game, step) for game, step in STEPS if step.kind == "do"]
DO_IDS = [step.id for _, step in DO_STEPS]


def _texts(step: Step) -> list[Message]:
    return [step.title, step.prompt, step.success, step.hint]


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_each_position_builds_through_the_protocol(game: str, step: Step) -> None:
    state = step.state()
    assert registry.make(game).outcome(state) is None, "a lesson position is a game going on"
    assert step.state() is state
    assert step.names[step.learner] == LEARNER_NAME
    assert len(step.names) == step.position.players


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_expected_moves_are_legal_and_judged_right(game: str, step: Step) -> None:
    if step.kind == "show":
        assert not step.wrong
        return
    legal = step.legal()
    written = [step.parse(text) for text in (*step.expect, step.example) if text]
    for action in written:
        assert action in legal, f"{step.id}: {action} is not legal there"
    expected = [action for action in [*written, *legal] if step.expects(action)]
    assert expected, f"{step.id}: no legal move is the one the step asks"
    if step.example:
        assert step.expects(step.parse(step.example))
    verdict = step.judge(expected[0])
    assert verdict.ok
    assert verdict.rule == step.rules[0]
    assert verdict.message == step.success


@pytest.mark.parametrize(("game", "step"), DO_STEPS, ids=DO_IDS)
def test_the_declared_wrong_try_is_answered_by_its_rule(game: str, step: Step) -> None:
    assert step.wrong, f"{step.id} declares no wrong try"
    verdict = step.judge(step.parse(step.wrong))
    assert not verdict.ok
    assert verdict.rule == step.wrong_rule
    assert verdict.message.text("es") and verdict.message.text("en")


@pytest.mark.parametrize(("game", "step"), DO_STEPS, ids=DO_IDS)
def test_a_legal_move_the_step_does_not_ask_gets_its_hint(game: str, step: Step) -> None:
    other = [action for action in step.legal() if not step.expects(action)]
    if not other:  # every legal move is right (a forced sacrifice)
        return
    verdict = step.judge(other[0])
    assert not verdict.ok
    assert verdict.rule == step.rules[0]
    assert verdict.message == step.hint


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_every_text_is_in_both_languages_and_names_things_as_people_do(
    game: str, step: Step
) -> None:
    required = [step.title, step.prompt, step.success] + ([step.hint] if step.kind == "do" else [])
    for message in required:
        for lang in ("es", "en"):
            assert message.text(lang).strip(), f"{message.key} has no {lang} text"
    legal_forms = [str(action) for action in step.legal()][:500]
    for lang in LANGS:
        texts = [message.text(lang) for message in _texts(step)]
        found = offending(texts, game, lang) + text_forms(texts, legal_forms)
        assert not found, report(found)
        assert texts[0] != texts[1]
    assert step.prompt.text("es") != step.prompt.text("en")


@pytest.mark.parametrize(("game", "step"), STEPS, ids=IDS)
def test_feedback_depends_only_on_the_learners_view(game: str, step: Step) -> None:
    # Every state the learner's view allows (hidden zones redrawn) gets the same verdicts:
    # the feedback a person reads cannot tell them anything hidden.
    game_ = registry.make(game)
    state = step.state()
    view = game_.view(state, step.learner)
    tries = [step.parse(text) for text in (*step.expect, step.wrong) if text]
    tries += list(step.legal())[:20]
    wanted = [step.judge(action) for action in tries]
    for index in range(8):
        other = game_.sample_state(view, step.learner, rng.derive(index, step.id))
        assert game_.view(other, step.learner) == view
        assert [step.judge_in(other, action) for action in tries] == wanted


def test_each_lesson_ends_with_a_gentle_bot() -> None:
    for game in lesson_games():
        the_lesson = lesson(game)
        assert the_lesson.final_bot == "beginner"
        assert agents.agent_for_level(the_lesson.final_bot, game)
        assert the_lesson.steps[0].kind == "show"


def test_step_ids_are_unique_and_stable() -> None:
    assert len(set(IDS)) == len(IDS)
    for game, step in STEPS:
        assert step.id.startswith(f"{game}.")
        assert lesson(game).step(step.id) is step


def test_an_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(UnknownLessonError) as raised:
        lesson("chess")
    assert isinstance(raised.value, KeyError)
    assert "chess" in raised.value.message.text("en")
    assert "tacocat" in raised.value.message.text("es")
