"""Driving the web table with the keyboard alone: Tab, Shift+Tab, Enter, Space and typing.

Nothing here clicks or focuses an element from the script: every control is reached by
pressing Tab as a person does, so a control that Tab cannot reach, or a redraw that throws
the focus away, fails the test that uses these helpers.
"""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.e2e_table import css_string

FOCUSED_MATCHES = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"
FOCUS_IN = "(sel) => !!document.activeElement && !!document.activeElement.closest(sel)"


def focused(page: Page, selector: str) -> bool:
    """Whether the focused element matches ``selector``."""
    return bool(page.evaluate(FOCUSED_MATCHES, selector))


def tab_to(page: Page, selector: str, what: str, presses: int = 200) -> None:
    """Press Tab until the focused element matches ``selector``.

    Raises:
        AssertionError: If ``presses`` presses do not reach it.
    """
    for _ in range(presses):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {what} ({selector}) in {presses} presses")


def press_on(page: Page, selector: str, what: str, key: str = "Enter") -> None:
    """Reach ``selector`` with Tab and press ``key`` on it."""
    tab_to(page, selector, what)
    page.keyboard.press(key)


def type_into(page: Page, selector: str, what: str, text: str) -> None:
    """Reach the field ``selector`` with Tab, select what it holds and type ``text``."""
    tab_to(page, selector, what)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def into_moves(page: Page) -> None:
    """Bring the focus into the moves panel: from wherever it is, Tab to the skip link (the
    first stop of the page) and follow it, unless the focus is in the panel already."""
    if page.evaluate(FOCUS_IN, ".panel.moves"):
        return
    tab_to(page, "[data-testid=skip-link], .panel.moves *", "the skip link", presses=400)
    if focused(page, "[data-testid=skip-link]"):
        page.keyboard.press("Enter")


def play_move_by_keys(page: Page, text: str, presses: int = 600) -> bool:
    """Reach the moves-list button of ``text`` with Tab from inside the moves panel (opening
    a folded group with Enter on its title) and press Enter on it.

    Returns False when the button is not on the page any more (a newer state came).
    """
    button = f"button.move[data-action={css_string(text)}]"
    into_moves(page)
    for _ in range(presses):
        if page.locator(button).count() == 0:
            return False
        if focused(page, button):
            page.keyboard.press("Enter")
            return True
        closed_group = page.evaluate(
            "(sel) => { const a = document.activeElement;"
            " if (!a || a.tagName !== 'SUMMARY') return false;"
            " const d = a.closest('details'); return !d.open && !!d.querySelector(sel); }",
            button,
        )
        if closed_group:
            page.keyboard.press("Enter")
        if not page.evaluate(FOCUS_IN, ".panel.moves"):
            into_moves(page)
            continue
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached the move {text!r} in {presses} presses")
