"""Issue 21's browser helpers: a person's room with bots, played to the middle of a game.

``open_table`` creates the room from the lobby, sits the person at seat 0 (with a profile
where the game asks for one), fills the other seats with bots and starts; ``mid_game`` clicks
moves from the moves list until the person played a few (``TABLES``).
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from e2e.e2e_table import (
    Frames,
    add_bot,
    create_room,
    my_turn,
    play_until,
    random_move,
    sit,
    start,
    wait_until,
)

GOTCHA_PROFILE = (34, ["glasses", "jeans"])
TABLES: dict[str, tuple[int, dict[str, Any], int]] = {
    "tacocat": (2, {}, 3),
    "dweebies": (3, {}, 4),
    "tile_up": (2, {}, 6),
    "mystery_date": (3, {}, 4),
    "gotcha": (4, {"turn_limit": 0}, 4),
}
"""Players, options and the person's moves before the picture, per game."""


def gotcha_turn(state: dict[str, Any], rng: random.Random) -> str | None:
    """Draw, play a card or vote when it is the person's turn; else let the bots go on."""
    texts: list[str] = [move["text"] for move in state["legal"]]
    turn = [text for text in texts if text.split()[0] in ("draw", "play", "vote")]
    plays = [text for text in turn if text.startswith("play")]
    if plays:
        return rng.choice(plays)
    return rng.choice(turn) if turn else None


def open_table(page: Page, origin: str, game: str) -> tuple[Frames, str]:
    """A room of ``game`` (``TABLES``) with the person at seat 0 and bots, started."""
    players, options, _ = TABLES[game]
    frames = Frames(page)
    room_id = create_room(page, origin, game, players, options)
    sit(page, frames, 0, "Ana", GOTCHA_PROFILE if game == "gotcha" else None)
    for seat in range(1, players):
        add_bot(page, frames, seat)
    start(page, frames)
    return frames, room_id


def mid_game(page: Page, frames: Frames, game: str) -> None:
    """After ``open_table``: the person's first moves (``TABLES``), or fewer if it ends."""
    wanted = TABLES[game][2]
    clicked = [0]
    chooser = gotcha_turn if game == "gotcha" else random_move

    def counted(state: dict[str, Any], rng: random.Random) -> str | None:
        choice = chooser(state, rng)
        if choice is not None:
            clicked[0] += 1
        return choice

    def done() -> bool:
        state = frames.last("state")
        over = state is not None and state.get("outcome") is not None
        return over or clicked[0] >= wanted

    play_until(page, frames, done, counted, seed=21, max_moves=wanted + 1, timeout=60)
    wait_until(page, lambda: my_turn(frames) or frames.last("state"), "a state")
