"""The Mystery Date board (static/boards/mystery_date.js) drawn in chromium from real views."""

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

from ludoteca.games.mystery_date import cards as mystery_date_cards
from ludoteca.games.mystery_date import game as mystery_date
from ludoteca.games.mystery_date.state import SPACE_NAMES, TRACK

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian chromium")

PLAYERS = 4
SAMPLES = samples("mystery_date", players=PLAYERS, seed=5, every=25, max_steps=20000)
# Seed 8 reaches a seat holding two complete outfits (the show choice, MD-08).
SHOW = [
    s
    for s in samples("mystery_date", players=PLAYERS, seed=8, every=10**9, max_steps=20000)
    if s["phase"] == "show"
]


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with board_page("mystery_date") as opened:
        yield opened


def _legal(sample: dict[str, Any]) -> set[str]:
    return {m["text"] for m in sample["legal"]}


def _where(phase: str, space: str | None = None) -> list[dict[str, Any]]:
    found = [
        s
        for s in SAMPLES + SHOW
        if s["phase"] == phase and (space is None or s["view"]["space"] == space)
    ]
    assert found, f"no {phase} sample on {space}"
    return found


def test_track_and_cards_match_the_data_file(page: Any) -> None:
    data = page.evaluate(
        "import('./boards/mystery_date_data.js').then(m => ({track: m.TRACK, colours: "
        "m.COLOURS, en: m.LETTERS_EN, es: m.LETTERS_ES, door: m.DOOR_OUTCOMES, "
        "codes: Array.from({length: 12}, (_, i) => m.cardCode(i)), "
        "es_labels: Array.from({length: 12}, (_, i) => m.cardLabel(i, 'es'))}))"
    )
    assert data["track"] == [SPACE_NAMES[space] for space in TRACK]
    assert data["colours"] == list(mystery_date_cards.COLOURS)
    assert data["en"] == list(mystery_date_cards.LETTERS_EN)
    assert data["es"] == list(mystery_date_cards.LETTERS_ES)
    assert data["door"] == list(mystery_date_cards.DOOR_OUTCOMES)
    assert data["codes"] == [mystery_date_cards.card_name(c) for c in range(12)]
    assert data["es_labels"] == [mystery_date_cards.card_label(c, "es") for c in range(12)]


def test_every_legal_action_is_on_the_board(page: Any) -> None:
    """Discards, piles and shows at once; gives after picking a card when the partner is free."""
    for sample in SAMPLES + SHOW:
        draw(page, context(sample, "en", PLAYERS))
        shown = set(actions_on_page(page, ".legal[data-action]"))
        if sample["phase"] == "give" and sample["view"]["space"] == "swap_any":
            for code in sorted({t.split()[1] for t in _legal(sample)}):
                page.click(f'[data-hand="{code}"]')
                shown |= set(actions_on_page(page, ".legal[data-action]"))
        assert shown == _legal(sample), (sample["phase"], sample["view"]["space"])
        assert acts(page) == []


def test_a_swap_with_one_partner_is_one_click(page: Any) -> None:
    sample = _where("give", "swap_right")[0]
    draw(page, context(sample, "en", PLAYERS))
    text = sorted(_legal(sample))[0]
    page.click(f'.legal[data-action="{text}"]')
    assert acts(page) == [text]


def test_a_swap_with_any_player_is_card_then_partner(page: Any) -> None:
    sample = _where("give", "swap_any")[0]
    draw(page, context(sample, "es", PLAYERS))
    text = sorted(_legal(sample))[0]
    code = text.split()[1]
    page.click(f'[data-hand="{code}"]')
    assert acts(page) == []
    page.click(f'button.legal[data-action="{text}"]')
    assert acts(page) == [text]


def test_pile_choice_and_discard_send_their_texts(page: Any) -> None:
    sample = _where("pile")[0]
    draw(page, context(sample, "en", PLAYERS))
    page.click('g.legal[data-action="pile discard"]')
    page.click('button.legal[data-action="pile draw"]')
    assert acts(page) == ["pile discard", "pile draw"]
    sample = _where("discard")[0]
    draw(page, context(sample, "en", PLAYERS))
    text = sorted(_legal(sample))[0]
    page.click(f'.legal[data-action="{text}"]')
    assert acts(page) == [text]


def test_the_piles_stay_clickable_out_of_turn_for_the_rule_answer(page: Any) -> None:
    """Taking from a pile off the draw-or-discard space is sent, so the server explains it."""
    sample = _where("discard")[0]
    draw(page, context(sample, "en", PLAYERS))
    page.click('g[data-action="pile draw"]')
    assert acts(page) == ["pile draw"]
    assert "pile draw" not in _legal(sample)


def test_show_offers_every_colour_and_marks_the_complete_ones(page: Any) -> None:
    assert SHOW, "seed 8 no longer reaches the show choice"
    sample = SHOW[0]
    draw(page, context(sample, "en", PLAYERS))
    buttons = actions_on_page(page, "button[data-action^='show']")
    assert buttons == [f"show {c}" for c in mystery_date_cards.COLOURS]
    assert set(actions_on_page(page, "button.legal[data-action^='show']")) == _legal(sample)


def test_only_this_seats_hand_is_drawn(page: Any) -> None:
    """MD-10: the hand cards in the DOM are this seat's, the others only as counts."""
    for sample in SAMPLES:
        draw(page, context(sample, "en", PLAYERS))
        view = sample["view"]
        hand = page.eval_on_selector_all("[data-hand]", "ns => ns.map(n => n.dataset.hand).sort()")
        assert hand == sorted({mystery_date_cards.card_name(c) for c in view["hand"]})
        for seat, count in enumerate(view["hand_counts"]):
            assert f"{count} cards" in page.inner_text(f'.md-player[data-seat="{seat}"]')


def test_pawns_last_move_and_phone(page: Any) -> None:
    sample = SAMPLES[-1]
    page.set_viewport_size(PHONE)
    try:
        draw(page, context(sample, "es", PLAYERS))
        assert page.locator(".md-pawn").count() == PLAYERS
        assert page.locator('[data-testid="md-last-mark"]').count() == 1
        assert sample["last"]["label"] in page.inner_text('[data-testid="board-last"]')
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert "Tu mano por colores" in page.inner_text("#root")
        assert page.evaluate("window.__errors") == []
    finally:
        page.set_viewport_size(DESKTOP)


def test_the_game_reads_every_text_the_board_can_send() -> None:
    for text in ("pile draw", "pile discard", "show pink", "give P2 to 3", "discard O3"):
        assert str(mystery_date.GAME.parse_action(text)) == text


def test_a_spectator_sees_no_hand_and_no_moves(page: Any) -> None:
    for sample in SAMPLES[::3]:
        draw(page, context(sample, "es", PLAYERS, spectator=True))
        assert page.locator("[data-hand]").count() == 0
        assert page.locator(".legal").count() == 0
        assert page.evaluate("window.__errors") == []


def test_every_board_string_exists_in_spanish_and_english(page: Any) -> None:
    text = page.evaluate("import('./boards/mystery_date.js').then(m => m.TEXT)")
    assert set(text) == {"es", "en"}
    assert set(text["es"]) == set(text["en"])
    assert all(text["es"][key] and text["en"][key] for key in text["en"])
