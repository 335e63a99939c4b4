"""Issue 38, the screen: Tacocat's board shows no stale duel card and no clipped counter.

Drawn in chromium from real views of a seeded random game (``web_boards_samples``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_boards_harness import PHONE, board_page, context, draw
from web_boards_samples import samples

SAMPLES = samples("tacocat", players=2, seed=3, per_phase=40, every=1)


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with board_page("tacocat", viewport=PHONE) as opened:
        yield opened


def new_round_duels() -> list[dict[str, Any]]:
    """Duel samples of a later round before anyone dueled in it: the previous round's duel
    is still in the view (``last_duel``), and it was no tie."""
    found = [
        s
        for s in SAMPLES
        if s["phase"] == "duel"
        and s["view"]["last_duel"]
        and s["view"]["last_duel"][0] != s["view"]["last_duel"][1]
        and s["view"]["hand_counts"][0] == s["view"]["hand_size"]
    ]
    assert found, "no new round's duel in the sample game"
    return found


def test_a_new_rounds_duel_shows_no_card_of_the_previous_round(page: Any) -> None:
    for sample in new_round_duels():
        draw(page, context(sample))
        shown = page.locator(".tc-duel.revealed").count()
        assert shown == 0, f"round {sample['view']['round']}: the previous duel is shown"


def test_the_pile_and_discard_counts_stay_inside_the_board(page: Any) -> None:
    biggest = max(SAMPLES, key=lambda s: len(s["view"]["discard"]))
    assert len(biggest["view"]["discard"]) >= 10
    for lang in ("en", "es"):
        draw(page, context(biggest, lang))
        inside = page.evaluate(
            """() => {
              const svg = document.querySelector('.board svg');
              const width = svg.viewBox.baseVal.width;
              return [...svg.querySelectorAll('.tc-piles text')].map(
                (t) => [t.textContent, t.getBBox().x + t.getBBox().width <= width]);
            }"""
        )
        assert inside and all(ok for _, ok in inside), (lang, inside)
