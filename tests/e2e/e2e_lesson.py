"""A newcomer going through a lesson page (/learn/<game>) like a person: reading each step,
making its move on the moves list (one wrong try first, once per lesson), pressing
Continue; the moves to make are found by ``lesson_tries`` from the lesson's own data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page, expect

from e2e.e2e_table import css_string
from lesson_tries import Tries, tries
from ludoteca.engine.i18n import Lang
from ludoteca.lessons import Lesson, lesson
from ludoteca.web.learn import steps

VERDICT = "[data-testid=lesson-verdict]"
WAIT = 15_000
"""How long an assertion waits for the page (ms): the server answers each step and try over
HTTP, and a loaded machine running the suite on two cores is slow to."""
ILLEGAL = {
    "tacocat": ("attack 1 2 3", "defend 12", "sacrifice", "duel 5"),
    "dweebies": ("place D01 a1", "place D02 z9"),
    "tile_up": ("place 1 a1", "stack 9 m13"),
    "mystery_date": ("open", "roll", "swap 1 2"),
    "gotcha": ("vote yes", "play W01 a1", "buzz a1 1"),
}
"""Well-formed moves a lesson's first positions seldom allow (a typed wrong try when no
listed move of the lesson is a wrong one)."""


@dataclass
class Run:
    """What a newcomer's run through one lesson showed."""

    wrong_rule: str | None = None
    wrong_text: str = ""
    steps_seen: list[str] = field(default_factory=list)


def open_lesson(page: Page, origin: str, game: str) -> None:
    """Open the lesson page and wait for its step."""
    page.goto(f"{origin}/learn/{game}")
    page.get_by_test_id("lesson-step-title").wait_for()


def step_shown(page: Page, step_id: str) -> None:
    """Wait until the page shows ``step_id`` with its board drawn."""
    expect(page.locator(f".lesson-step[data-step={css_string(step_id)}]")).to_be_visible(
        timeout=WAIT
    )
    expect(page.locator(f".board[data-step^={css_string(step_id + ':before')}]")).to_have_count(
        1, timeout=WAIT
    )


def click_move(page: Page, text: str) -> None:
    """Press the moves-list button of ``text`` (opening its group if it is folded), else the
    board's (a realtime board offers moves the short list leaves out: Gotcha's emotes).
    """
    listed = page.locator(f"button.move[data-action={css_string(text)}]")
    board = page.locator(f".board button[data-action={css_string(text)}]")
    button = (listed if listed.count() else board).first
    # On a phone Gotcha's board shows one panel at a time: open the one with the move.
    tab = button.evaluate(
        "b => { const p = b.closest('[data-tab]');"
        " return p && !b.checkVisibility() ? p.dataset.tab : null; }"
    )
    if tab:
        page.get_by_test_id(f"gotcha-tab-{tab}").click()
        button = (listed if listed.count() else board).first
    button.evaluate("b => { const g = b.closest('details'); if (g) g.open = true; }")
    button.click()


def wrong_try(page: Page, game: str, step_id: str, lang: Lang, found: Tries) -> tuple[str, str]:
    """One wrong try in the step shown, answered by its rule: a listed move the step does
    not ask for, else a typed move the rules forbid. Returns the rule and the move.
    """
    taught = steps.lesson_of(game)
    _index, step = steps.step_of(taught, step_id)
    listed = {
        move["text"] for move in steps.step_json(taught, _index, step, lang, "Lucía")["legal"]
    }
    if found.wrong is not None and found.wrong_rule is not None:
        rule, text = found.wrong_rule, found.wrong
    else:
        for text in ILLEGAL.get(game, ()):
            judged = steps.judged(taught, step, text, lang, "Lucía")
            if not judged["ok"] and judged["rule"]:
                rule = judged["rule"]
                break
        else:
            raise AssertionError(f"{step_id}: no wrong try is answered by a rule")
    if text in listed:  # a move of the list that is not the one asked: pressed
        click_move(page, text)
    else:  # a move the rules forbid: typed
        page.locator("details.typed summary").click()
        page.get_by_test_id("move-input").fill(text)
        page.get_by_test_id("move-send").click()
    verdict = page.locator(VERDICT)
    expect(verdict).to_have_attribute("data-ok", "false", timeout=WAIT)
    expect(verdict).to_have_attribute("data-rule", rule, timeout=WAIT)
    expect(verdict.get_by_test_id("rule-id")).to_have_text(rule, timeout=WAIT)
    # The verdict has the focus (a screen reader reads it), and nothing moved.
    assert page.evaluate("document.activeElement.dataset.testid") == "lesson-verdict"
    step_shown(page, step_id)
    return rule, text


def go_through(page: Page, origin: str, game: str, lang: Lang, resume_at: int | None = None) -> Run:
    """The whole lesson of ``game`` from its first step to its end screen, one wrong try in
    the first step that has one; with ``resume_at``, the page is reloaded on that step and
    must come back to it.
    """
    taught: Lesson = lesson(game)
    run = Run()
    open_lesson(page, origin, game)
    for index, step in enumerate(taught.steps):
        step_shown(page, step.id)
        if index == resume_at:  # only once the page is on the step (it stores it then)
            page.reload()
            step_shown(page, step.id)
        run.steps_seen.append(step.id)
        expect(page.get_by_test_id("lesson-count")).to_contain_text(str(len(taught.steps)))
        if step.kind == "do":
            found = tries(game, step.id, lang)
            if run.wrong_rule is None and (found.wrong is not None or step is _last_do(taught)):
                run.wrong_rule, run.wrong_text = wrong_try(page, game, step.id, lang, found)
            click_move(page, found.right)
            expect(page.locator(VERDICT)).to_have_attribute("data-ok", "true", timeout=WAIT)
            assert page.evaluate("document.activeElement.dataset.testid") == "lesson-continue"
            expect(
                page.locator(f".board[data-step^={css_string(step.id + ':after')}]")
            ).to_have_count(1, timeout=WAIT)
        page.get_by_test_id("lesson-continue").click()
    expect(page.get_by_test_id("lesson-end")).to_be_visible(timeout=WAIT)
    return run


def _last_do(taught: Lesson) -> object:
    """The lesson's last "do" step (where a typed wrong try is made if none came before)."""
    return [step for step in taught.steps if step.kind == "do"][-1]
