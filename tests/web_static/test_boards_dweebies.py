"""The Dweebies board (static/boards/dweebies.js) drawn in chromium from real views."""

from __future__ import annotations

import json
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

from ludoteca.games.dweebies import cards
from ludoteca.games.dweebies import game as dweebies

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian chromium")

SAMPLES = samples("dweebies", players=3, seed=4, every=15)


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with board_page("dweebies") as opened:
        yield opened


def _of_phase(phase: str) -> list[dict[str, Any]]:
    found = [s for s in SAMPLES if s["phase"] == phase]
    assert found, f"no {phase} sample"
    return found


def test_card_names_match_the_data_file(page: Any) -> None:
    kinds = page.evaluate("import('./boards/dweebies_cards.js').then(m => m.KINDS)")
    expected = [[k["id"], k["copies"], k["es"], k["en"]] for k in cards.KINDS]
    assert kinds == expected


def test_legal_cells_carry_the_exact_placements_of_each_hand_card(page: Any) -> None:
    """For every hand card picked, the highlighted cells are exactly its legal placements."""
    for sample in _of_phase("place"):
        draw(page, context(sample, "en", 3))
        legal = {m["text"] for m in sample["legal"]}
        for code in dict.fromkeys(sample["view"]["hand"]):
            page.click(f'[data-hand="{code}"]')
            shown = set(actions_on_page(page, ".legal[data-action]"))
            wanted = {t for t in legal if t.startswith(f"place {code} ")}
            assert shown == wanted
        assert acts(page) == []  # picking a card sends nothing


def test_click_on_a_legal_cell_sends_its_text(page: Any) -> None:
    sample = _of_phase("place")[-1]
    draw(page, context(sample, "es", 3))
    text = actions_on_page(page, ".legal[data-action]")[0]
    page.click(f'.legal[data-action="{text}"]')
    assert acts(page) == [text]
    assert text in {m["text"] for m in sample["legal"]}


def test_an_illegal_cell_is_still_clickable_and_sends_the_intended_placement(page: Any) -> None:
    """A cell away from the layout is sent as typed, so the server answers with DW-03."""
    sample = _of_phase("place")[-1]
    draw(page, context(sample, "en", 3))
    tries = actions_on_page(page, ".dw-try[data-action]")
    assert tries
    legal = {m["text"] for m in sample["legal"]}
    text = tries[0]
    assert text not in legal
    dweebies.GAME.parse_action(text)  # a real action text
    page.click(f'[data-action="{text}"]', force=True)
    assert acts(page) == [text]


def test_collect_choices_are_buttons_and_lines(page: Any) -> None:
    for sample in _of_phase("collect"):
        draw(page, context(sample, "en", 3))
        legal = {m["text"] for m in sample["legal"]}
        shown = set(actions_on_page(page, ".legal[data-action]"))
        assert shown == legal
        page.click('button.legal[data-action="collect none"]')
        assert acts(page) == ["collect none"]


def test_hand_shows_own_cards_only_and_others_as_counts(page: Any) -> None:
    """DW-11: the DOM holds this seat's hand and only counts of the other hands."""
    for sample in SAMPLES:
        draw(page, context(sample, "en", 3))
        own = page.eval_on_selector_all("[data-hand]", "ns => ns.map(n => n.dataset.hand)")
        assert own == sample["view"]["hand"]
        for seat, count in enumerate(sample["view"]["hand_counts"]):
            text = page.inner_text(f'.dw-player[data-seat="{seat}"]')
            assert f"{count} in hand" in text


def test_last_placement_is_marked_and_labelled(page: Any) -> None:
    sample = next(s for s in SAMPLES if s["view"]["last"] and s["last"])
    draw(page, context(sample, "en", 3))
    assert page.locator('[data-testid="dw-last-mark"]').count() == 1
    assert sample["last"]["label"] in page.inner_text('[data-testid="board-last"]')


def test_spanish_strings_and_phone_size(page: Any) -> None:
    sample = _of_phase("place")[-1]
    page.set_viewport_size(PHONE)
    try:
        draw(page, context(sample, "es", 3))
        text = page.inner_text("#root")
        assert "Tu mano" in text and "Jugadores" in text
        assert "Your hand" not in text
        errors = page.evaluate("window.__errors")
        assert errors == [], json.dumps(errors)
        box = page.locator(".legal").first.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40
    finally:
        page.set_viewport_size(DESKTOP)


def test_a_spectator_sees_no_hand_and_no_moves(page: Any) -> None:
    for sample in SAMPLES[::3]:
        draw(page, context(sample, "es", 3, spectator=True))
        assert page.locator("[data-hand]").count() == 0
        assert page.locator(".legal").count() == 0
        assert page.evaluate("window.__errors") == []


def test_a_replay_frame_sends_nothing(page: Any) -> None:
    sample = _of_phase("collect")[0]
    ctx = context(sample, "en", 3)
    ctx.update(replay=True, legal=[])
    draw(page, ctx)
    assert page.locator(".legal").count() == 0
    for node in page.locator("[data-action]").all():
        node.click(force=True)
    assert acts(page) == []


def test_every_board_string_exists_in_spanish_and_english(page: Any) -> None:
    text = page.evaluate("import('./boards/dweebies.js').then(m => m.TEXT)")
    assert set(text) == {"es", "en"}
    assert set(text["es"]) == set(text["en"])
    assert all(text["es"][key] and text["en"][key] for key in text["en"])


def test_the_hand_says_what_to_do_in_each_step(page: Any) -> None:
    """Issue 21: while collecting, the hand no longer says "pick a card, then a green cell"."""
    for sample in _of_phase("collect"):
        draw(page, context(sample, "en", 3))
        help_text = page.get_by_test_id("dw-hand-help").inner_text()
        assert "green cell" not in help_text and "collect" in help_text
    sample = _of_phase("place")[0]
    draw(page, context(sample, "en", 3))
    assert "green cell" in page.get_by_test_id("dw-hand-help").inner_text()


def test_a_wide_grid_on_a_phone_scrolls_in_its_frame_and_shows_what_is_hidden(page: Any) -> None:
    """Issue 38: a 13-column grid on a 390-px phone keeps cells of 40 px and scrolls inside
    its own frame; the left end is reachable (no centred overflow), the page never scrolls
    sideways, and the frame says on which side part of the grid is out of sight."""
    sample = json.loads(json.dumps(_of_phase("place")[-1]))
    view = sample["view"]
    codes = [code for _x, _y, code in view["table"]] * 13
    view["table"] = [[x, 0, codes[x + 6]] for x in range(-6, 5)]
    view["last"] = {"cell": [4, 0], "taken": 0}
    page.set_viewport_size(PHONE)
    try:
        draw(page, context(sample, "en", 3))
        page.wait_for_function(
            "document.querySelector('.dw-table-frame').dataset.more !== undefined"
        )
        measured = page.evaluate(
            """() => {
              const frame = document.querySelector('.dw-table-frame');
              const wrap = frame.querySelector('.dw-table-wrap');
              const svg = wrap.querySelector('svg');
              const cell = svg.querySelector('[data-cell]').getBoundingClientRect();
              const opened = frame.dataset.more;
              wrap.scrollLeft = 0;
              wrap.dispatchEvent(new Event('scroll'));
              return {opened, atStart: frame.dataset.more, cell: cell.width,
                      svgLeft: svg.getBoundingClientRect().left,
                      wrapLeft: wrap.getBoundingClientRect().left,
                      scrolls: wrap.scrollWidth > wrap.clientWidth,
                      page: document.documentElement.scrollWidth};
            }"""
        )
        assert measured["scrolls"] and measured["cell"] >= 40, measured
        assert measured["opened"] == "left", measured  # opened on the last card, at the right end
        assert measured["atStart"] == "right", measured
        assert abs(measured["svgLeft"] - measured["wrapLeft"]) < 1, measured
        assert measured["page"] <= PHONE["width"], measured
    finally:
        page.set_viewport_size(DESKTOP)


def test_my_seat_is_marked_you_unless_its_name_already_says_so(page: Any) -> None:
    """A learner not yet named is "Tú"/"You" (the lesson's seat name): the panel reads just
    that, not "Tú (tú)"; a named person reads "Lucía (tú)"."""
    sample = _of_phase("place")[-1]
    me = sample["you"]
    for lang, name, shown, not_shown in [
        ("es", "Tú", "Tú", "Tú (tú)"),
        ("en", "You", "You", "You (you)"),
        ("es", "Lucía", "Lucía (tú)", None),
    ]:
        ctx = context(sample, lang, 3)
        ctx["seats"][me]["name"] = name
        draw(page, ctx)
        text = page.inner_text(f'.dw-player[data-seat="{me}"]')
        assert shown in text, text
        assert not_shown is None or not_shown not in text, text
