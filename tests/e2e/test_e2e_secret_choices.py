"""Issue 13, browser: a secret choice reaches the other person as "chose", and its cards
only when both are revealed together (TC-02 replace on the double arrow, TC-04 duel).

Two people play Tacocat in two browser profiles; Bea always chooses first, and Ana's history
panel is read after each step: it names that Bea chose, never what, until Ana's own choice
reveals both.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from e2e.e2e_table import (
    Frames,
    click_move,
    create_room,
    moves_drawn,
    my_turn,
    room,
    sit,
    start,
    wait_until,
)
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e


def turn_in(page: Page, frames: Frames, phase: str) -> dict[str, Any]:
    """Wait until the page offers its moves of ``phase``, drawn; that state."""

    def ready() -> dict[str, Any] | None:
        state = my_turn(frames)
        if state is None or state["view"]["phase"] != phase or not moves_drawn(page, state):
            return None
        return state

    return wait_until(page, ready, f"a {phase} move")


def test_tc02_tc04_the_other_person_hears_chose_then_both_cards_at_the_reveal(
    server: Server, context: BrowserContext, other_context: BrowserContext
) -> None:
    ana = context.new_page()
    ana_frames = Frames(ana)
    create_room(ana, server.url, "tacocat", 2)
    sit(ana, ana_frames, 0, "Ana")
    bea = other_context.new_page()
    bea_frames = Frames(bea)
    bea.goto(ana.get_by_test_id("invite-link").input_value())
    sit(bea, bea_frames, 1, "Bea")
    wait_until(ana, lambda: room(ana_frames)["seats"][1]["kind"] == "human", "Bea seated")
    start(ana, ana_frames)
    history = ana.get_by_test_id("history")

    # TC-02: round 1 starts on the centre's double arrow; Bea keeps first, secretly.
    state = turn_in(bea, bea_frames, "replace")
    assert click_move(bea, bea_frames, state, "keep")
    chose = history.locator("li[data-kind=secret_choice]", has_text="Bea")
    expect(chose).to_have_text("Bea has secretly chosen what to replace.")
    expect(history.locator("li[data-kind=replace]")).to_have_count(0)
    state = turn_in(ana, ana_frames, "replace")
    assert click_move(ana, ana_frames, state, "keep")
    expect(history.locator("li[data-kind=replace]", has_text="Bea")).to_have_text(
        "Bea keeps every card."
    )
    expect(history.locator("li[data-kind=replace]", has_text="Ana")).to_have_text(
        "Ana keeps every card."
    )

    # TC-04: Bea picks her duel card first; Ana hears that she chose, not which card.
    state = turn_in(bea, bea_frames, "duel")
    bea_card = max(state["view"]["hand"])
    assert click_move(bea, bea_frames, state, f"duel {bea_card}")
    expect(history.locator("li[data-kind=secret_choice]", has_text="duel card")).to_have_text(
        "Bea has chosen a duel card."
    )
    expect(history.locator("li[data-kind=duel], li[data-kind=duel_tie]")).to_have_count(0)
    state = turn_in(ana, ana_frames, "duel")
    ana_card = min(state["view"]["hand"])
    assert click_move(ana, ana_frames, state, f"duel {ana_card}")
    revealed = history.locator("li[data-kind=duel], li[data-kind=duel_tie]").first
    if ana_card == bea_card:
        expect(revealed).to_contain_text(f"The duel ties at {ana_card}")
    else:
        expect(revealed).to_contain_text(f"Duel: Ana {ana_card}, Bea {bea_card};")
