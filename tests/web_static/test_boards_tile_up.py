"""The Tile Up board (static/boards/tile_up.js) drawn in chromium from real views."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium_launch import CHROMIUM
from web_boards_harness import (
    DESKTOP,
    PHONE,
    actions_on_page,
    acts,
    board_page,
    context,
    draw,
)
from web_boards_samples import samples

from ludoteca.games.tile_up import model

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian chromium")

SAMPLES = samples("tile_up", players=2, seed=1, every=40)


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with board_page("tile_up") as opened:
        yield opened


def _legal(sample: dict[str, Any]) -> set[str]:
    return {m["text"] for m in sample["legal"]}


def _with(prefix: str) -> list[dict[str, Any]]:
    found = [s for s in SAMPLES if any(t.startswith(prefix) for t in _legal(s))]
    assert found, f"no sample with a legal {prefix!r}"
    return found


def test_components_match_the_data_file(page: Any) -> None:
    data = page.evaluate(
        "import('./boards/tile_up_data.js').then(m => ({colours: m.COLOURS, names: "
        "m.COLOUR_NAMES, order: m.SHAPE_ORDER, shapes: m.SHAPES, copies: m.GOAL_COPIES, "
        "goals: Array.from({length: 27}, (_, i) => m.goal(i))}))"
    )
    assert data["colours"] == list(model.COLOURS)
    assert data["names"] == {lang: list(names) for lang, names in model.COLOUR_NAMES.items()}
    assert data["order"] == list(model.SHAPE_NAMES)
    assert data["shapes"] == {
        name: [list(cell) for cell in model.SHAPES[i]] for i, name in enumerate(model.SHAPE_NAMES)
    }
    assert data["copies"] == model.DATA["goals"]["copies"]
    assert [(g["shape"], g["colour"]) for g in data["goals"]] == [
        (model.SHAPE_NAMES[shape], model.COLOURS[colour]) for shape, colour in model.CARDS
    ]


def test_every_legal_action_is_on_the_board_with_its_exact_text(page: Any) -> None:
    """Placements per selected tile, and the score / draw / end / discard buttons."""
    for sample in SAMPLES:
        draw(page, context(sample, "en"))
        legal = _legal(sample)
        shown = set(actions_on_page(page, ".legal[data-action]"))
        if sample["phase"] == "play":
            for name in dict.fromkeys(sample["view"]["tiles"]):
                page.click(f'[data-hand="{name}"]')
                now = set(actions_on_page(page, ".legal[data-action]"))
                places = {t for t in now if t.startswith("place ")}
                assert places == {t for t in legal if t.startswith(f"place {name} ")}
                shown |= now
        assert shown == legal, sample["phase"]
        assert acts(page) == []


def test_placing_sends_the_full_text_after_two_clicks(page: Any) -> None:
    sample = _with("place ")[-1]
    draw(page, context(sample, "en"))
    name = sample["view"]["tiles"][-1]
    page.click(f'[data-hand="{name}"]')
    text = next(t for t in sorted(_legal(sample)) if t.startswith(f"place {name} "))
    page.click(f'.legal[data-action="{text}"]')
    assert acts(page) == [text]


def test_an_illegal_cell_still_sends_the_intended_placement(page: Any) -> None:
    """A cell away from every tile is sent, so the server answers with TU-03."""
    sample = _with("place ")[0]
    draw(page, context(sample, "en"))
    tries = actions_on_page(page, ".tu-try[data-action]")
    assert tries
    text = tries[0]
    assert text not in _legal(sample)
    page.click(f'[data-action="{text}"]')
    assert acts(page) == [text]


def test_turn_buttons_are_always_there_and_legal_ones_marked(page: Any) -> None:
    sample = _with("end")[0]
    draw(page, context(sample, "es"))
    for text in ("draw tiles", "draw goal", "end"):
        marked = page.locator(f'button[data-action="{text}"]').get_attribute("class") or ""
        assert ("legal" in marked.split()) == (text in _legal(sample))
    page.click('button[data-action="end"]')
    assert acts(page) == ["end"]
    assert "Terminar turno" in page.inner_text("#root")


def test_scores_and_discards_send_their_texts(page: Any) -> None:
    for prefix in ("score ", "discard goal "):
        sample = _with(prefix)[0]
        draw(page, context(sample, "en"))
        text = next(t for t in sorted(_legal(sample)) if t.startswith(prefix))
        page.click(f'button.legal[data-action="{text}"]')
        assert acts(page) == [text]


def test_no_hidden_tiles_or_goals_of_other_seats(page: Any) -> None:
    """TU-10: only this seat's tiles, its goals and the face-up/known goals are drawn."""
    for sample in SAMPLES:
        draw(page, context(sample, "en"))
        view = sample["view"]
        hand = page.eval_on_selector_all("[data-hand]", "ns => ns.map(n => n.dataset.hand)")
        assert hand == view["tiles"]
        goals = page.eval_on_selector_all(
            "div[data-goal]", "ns => ns.map(n => Number(n.dataset.goal))"
        )
        assert sorted(goals) == sorted(view["goals"] + [c for c in view["faceup"] if c >= 0])


def test_the_board_fits_a_phone(page: Any) -> None:
    sample = _with("place ")[-1]
    page.set_viewport_size(PHONE)
    try:
        draw(page, context(sample, "es"))
        # The board scrolls inside its frame (cells big enough to tap); the frame fits.
        box = page.locator(".tu-board-wrap").bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.evaluate("window.__errors") == []
    finally:
        page.set_viewport_size(DESKTOP)


def test_last_move_is_marked_and_labelled(page: Any) -> None:
    sample = next(s for s in SAMPLES if s["last"] and s["last"]["text"].startswith("place "))
    draw(page, context(sample, "en"))
    assert page.locator('[data-testid="tu-last-mark"]').count() == 1
    assert sample["last"]["label"] in page.inner_text('[data-testid="board-last"]')


def test_a_spectator_sees_no_hand_and_no_moves(page: Any) -> None:
    for sample in SAMPLES[::3]:
        draw(page, context(sample, "es", 2, spectator=True))
        assert page.locator("[data-hand]").count() == 0
        assert page.locator(".legal").count() == 0
        assert page.evaluate("window.__errors") == []


def test_zoom_gives_finger_sized_cells_on_a_phone(page: Any) -> None:
    """On a phone the board is drawn zoomed from the start (issue 21: 29 px cells were too
    small), with the button to see it whole."""
    sample = _with("place ")[-1]
    page.set_viewport_size(PHONE)
    try:
        draw(page, context(sample, "en"))
        assert page.get_by_test_id("tu-zoom").get_attribute("aria-pressed") == "true"
        box = page.locator(".tu-cell.legal").first.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        text = actions_on_page(page, ".tu-cell.legal")[0]
        page.locator(f'.legal[data-action="{text}"]').scroll_into_view_if_needed()
        page.click(f'.legal[data-action="{text}"]')
        assert acts(page) == [text]
    finally:
        page.set_viewport_size(DESKTOP)


def test_keyboard_enter_on_a_focused_cell_sends_it(page: Any) -> None:
    sample = _with("place ")[-1]
    draw(page, context(sample, "en"))
    text = actions_on_page(page, ".tu-cell.legal")[0]
    page.focus(f'.tu-cell.legal[data-action="{text}"]')
    page.keyboard.press("Enter")
    assert acts(page) == [text]


def test_every_board_string_exists_in_spanish_and_english(page: Any) -> None:
    text = page.evaluate("import('./boards/tile_up.js').then(m => m.TEXT)")
    assert set(text) == {"es", "en"}
    assert set(text["es"]) == set(text["en"])
    assert all(text["es"][key] and text["en"][key] for key in text["en"])
