"""Issue 7, browser: for each game a person plays a full game against bots to the end.

The person creates the room from the lobby form, sits, fills the other seats with bots, starts
and then clicks moves from the moves list until the outcome banner appears.
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from e2e.e2e_table import (
    Frames,
    add_bot,
    create_room,
    outcome_shown,
    play_until,
    random_move,
    room,
    sit,
    start,
    wait_until,
)
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e

GAMES: dict[str, tuple[int, dict[str, Any], str | None]] = {
    "tacocat": (2, {}, None),
    "dweebies": (2, {}, None),
    "tile_up": (2, {"board_size": 9}, "greedy"),
    "mystery_date": (2, {"turn_limit": 30}, None),
    "gotcha": (3, {"track_length": 4, "turn_limit": 8}, None),
}
"""Players, options and bot level per game (None: the room's default bot): the shortest
games the options allow. Tile Up's expert needs ~150 moves of a random player to finish
against it, the greedy bot ~60."""

GOTCHA_TURN = ("draw", "play", "vote")


def gotcha_move(state: dict[str, Any], rng: random.Random) -> str | None:
    """The turn's move (draw, play, vote) when there is one; now and then an emote or a buzz;
    otherwise nothing (the bots go on)."""
    texts: list[str] = [move["text"] for move in state["legal"]]
    turn = [text for text in texts if text.split()[0] in GOTCHA_TURN]
    if turn:
        return rng.choice(turn)
    if rng.random() < 0.2:
        return rng.choice(texts)
    return None


CHOOSERS = {"gotcha": gotcha_move}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_person_plays_a_full_game_against_bots(
    server: Server, context: BrowserContext, game: str
) -> None:
    players, options, agent = GAMES[game]
    page = context.new_page()
    frames = Frames(page)
    room_id = create_room(page, server.url, game, players, options)
    profile = (34, ["glasses", "jeans"]) if game == "gotcha" else None
    sit(page, frames, 0, "Ana", profile)
    for seat in range(1, players):
        add_bot(page, frames, seat, agent)
    first = start(page, frames)
    assert first["you"] == 0
    assert room(frames)["options"] == {**room(frames)["options"], **options}

    clicks = play_until(
        page, frames, lambda: outcome_shown(page, frames), CHOOSERS.get(game, random_move)
    )

    final = frames.last("state")
    assert final is not None
    outcome = final["outcome"]
    assert len(outcome["scores"]) == len(outcome["ranks"]) == players
    mine = [m for m in frames.of_type("state") if m["last"] and m["last"]["seat"] == 0]
    assert clicks > 0 and mine, "the person's moves were never accepted"
    assert {m["last"]["seat"] for m in frames.of_type("state") if m["last"]} >= {0, 1}
    wait_until(page, lambda: room(frames)["status"] == "finished", "room finished")
    with urllib.request.urlopen(f"{server.url}/api/rooms/{room_id}") as answer:
        assert json.loads(answer.read())["status"] == "finished"
    banner = page.get_by_test_id("outcome").inner_text()
    names = {0: "Ana", **{s: room(frames)["seats"][s]["name"] for s in range(1, players)}}
    for winner in outcome["winners"]:
        assert names[winner] in banner
