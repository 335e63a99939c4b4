"""Issue 7, browser: two people play Tacocat through the invite link; neither page ever
holds the other's hand.

Both pages record every `state` they receive. After the game the test rebuilds the server's
game from its store and checks that each page was sent exactly its own seat's view (hidden
hands as counts), its own legal moves, and never the other seat's secret choice; and, during
the game, that no page shows a card of the other hand beyond what is public; and that
when one closes the tab the other sees the seat disconnected.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.e2e_record import StoredGame, stored_game
from e2e.e2e_table import (
    Frames,
    click_move,
    create_room,
    moves_drawn,
    my_turn,
    outcome_shown,
    room,
    sit,
    start,
    wait_until,
)
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e

OWN_KEYS = {"seat", "hand", "my_choice"}
"""The keys of a Tacocat view that belong to its seat only (TC-11)."""


def public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in OWN_KEYS}


SNAPSHOT_JS = """() => {
    const board = document.querySelector('.board');
    const all = (selector, read) => [...document.querySelectorAll(selector)].map(read);
    return {
        version: board ? board.dataset.version || '' : '',
        cards: all('[data-card]', (e) => e.getAttribute('data-card')),
        generic: document.querySelector('.board.generic-board') !== null,
        rows: all('.board table.kv:not(.nested) > tbody > tr[data-key]', (e) => e.dataset.key),
        chips: all('.board tr[data-key="hand"] .chip', (e) => e.textContent),
    };
}"""
"""What the board shows, read in one go with the version of the state it was drawn from."""


def drawn_board(page: Page) -> dict[str, Any] | None:
    """:data:`SNAPSHOT_JS`'s reading of the board, or None while no board was drawn yet."""
    shot: dict[str, Any] = page.evaluate(SNAPSHOT_JS)
    return shot if shot["version"] else None


def shown_state(frames: Frames, version: str) -> dict[str, Any] | None:
    """The state message the page drew its board from (the last one of that version)."""
    for message in reversed(frames.of_type("state")):
        if str(message["version"]) == version:
            found: dict[str, Any] = message
            return found
    return None


def public_cards(view: dict[str, Any]) -> Counter[int]:
    """Cards face up for everyone in a Tacocat view: discards and the cards on the table."""
    cards: Counter[int] = Counter(view["discard"])
    cards.update(view["attack"])
    cards.update(abs(a) for a in view["answers"])
    for key in ("last_duel", "last_showdown"):
        cards.update(c for c in view.get(key) or [] if isinstance(c, int))
    trick = view.get("last_trick")
    if trick:
        cards.update(trick["attack"])
        cards.update(abs(a) for a in trick["answers"])
    return cards


def test_two_people_play_tacocat_and_never_see_each_others_hand(
    server: Server, context: BrowserContext, other_context: BrowserContext
) -> None:
    ana = context.new_page()
    ana_frames = Frames(ana)
    room_id = create_room(ana, server.url, "tacocat", 2)
    sit(ana, ana_frames, 0, "Ana")
    invite = ana.get_by_test_id("invite-link").input_value()
    assert invite.endswith(f"/room/{room_id}")

    bea = other_context.new_page()
    bea_frames = Frames(bea)
    bea.goto(invite)
    sit(bea, bea_frames, 1, "Bea")
    wait_until(ana, lambda: room(ana_frames)["seats"][1]["kind"] == "human", "Bea seated")
    start(ana, ana_frames)

    pages = [(ana, ana_frames), (bea, bea_frames)]
    rng = random.Random(7)
    dom_checks = 0
    deadline = time.monotonic() + 150
    while not all(outcome_shown(p, f) for p, f in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        moved = False
        for page, frames in pages:
            state = my_turn(frames)
            if state is None or not moves_drawn(page, state):
                continue
            dom_checks += check_dom(page, frames)
            moved |= click_move(page, frames, state, rng.choice(state["legal"])["text"])
        if not moved:
            ana.wait_for_timeout(20)

    # The others see who is connected: Bea closes her tab, Ana's seat list shows it.
    assert ana.locator('[data-testid="seat-1"] .dot.on').is_visible()
    bea.close()
    wait_until(ana, lambda: room(ana_frames)["seats"][1]["connected"] is False, "Bea gone")
    ana.locator('[data-testid="seat-1"] .dot.off').wait_for()

    record = stored_game(server.db, room_id)
    for seat, frames in ((0, ana_frames), (1, bea_frames)):
        check_frames(record, seat, frames.of_type("state"))
    versions = {m["version"] for m in ana_frames.of_type("state")}
    assert versions & {m["version"] for m in bea_frames.of_type("state")}
    assert len(versions) > 10
    assert dom_checks > 10


def check_dom(page: Page, frames: Frames) -> int:
    """The page shows its own hand and no card face beyond it and the public cards.

    The board and the version of the state it was drawn from are read together (the board
    is drawn asynchronously, and in a secret choice the other seat's choice can bring a new
    state at any time); that state is the one compared. The Tacocat board marks every card
    face with ``data-card``; the generic board (the fallback) lists the view's keys as
    ``tr[data-key]`` rows. The first board of a page is drawn once its module has loaded,
    which can come after the moves list: until the board says which state it shows
    (``data-version``) there is nothing to compare, so the check waits for that. Returns 1
    (one check made).
    """
    shot: dict[str, Any] = wait_until(page, lambda: drawn_board(page), "a drawn board")
    state = wait_until(page, lambda: shown_state(frames, shot["version"]), "the drawn state")
    view = state["view"]
    hand = Counter(view["hand"])
    if shot["generic"]:
        rows = shot["rows"]
        assert set(rows) <= set(view), f"rows for keys not in the view: {set(rows) - set(view)}"
        assert Counter(int(c) for c in shot["chips"]) == hand
        return 1
    allowed = hand + public_cards(view) + Counter(view.get("my_choice") or [])
    shown = Counter(int(v) for v in shot["cards"] if v.lstrip("-").isdigit())
    assert not hand - shown, f"own hand {dict(hand)} not drawn as card faces: {dict(shown)}"
    extra = shown - allowed
    assert not extra, f"seat {state['you']} shows cards it may not see: {dict(extra)}"
    return 1


def check_frames(record: StoredGame, seat: int, states: list[dict[str, Any]]) -> None:
    """Every state sent to ``seat`` is its own view of the stored game, nothing more."""
    other = 1 - seat
    assert states, f"seat {seat} received no state"
    for message in states:
        version = message["version"]
        assert message["you"] == seat
        assert message["view"] == record.view(version, seat), f"seat {seat}, version {version}"
        assert [m["text"] for m in message["legal"]] == record.legal(version, seat)
        hidden = record.view(version, other)["hand"]
        assert "hand" not in public(message["view"])
        assert message["view"]["hand_counts"][other] == len(hidden)
        assert message["view"]["hand"] == record.view(version, seat)["hand"]
        last = message["last"]
        if last is not None and last["seat"] == other:
            index = max(i for i, (s, _) in enumerate(record.steps[:version]) if s >= 0)
            assert record.steps[index] == (other, last["text"])
            assert not record.secret(index), f"seat {seat} was told {other}'s secret choice"
