"""Issue 38, accessibility: every game is played to the end with the keyboard alone.

A person who uses no mouse opens the lobby at the game's address, sets the table up (players,
options, bot level), creates it, types a name, sits, fills the other seats with bots, starts
and plays every move from the moves list, reaching each control with Tab (the skip link
first) and pressing Enter or Space; then opens the end-of-game panel. Nothing is clicked.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.e2e_keys import play_move_by_keys, press_on, tab_to, type_into
from e2e.e2e_table import Frames, moves_drawn, my_turn, outcome_shown, rematch, room, wait_until
from e2e.test_e2e_games import CHOOSERS, GAMES
from ludoteca.loadbench.process import Server

pytestmark = pytest.mark.e2e

BOT_TYPEAHEAD = {"greedy": "Simple"}
"""What a person types on the bot menu to pick a named bot (its English line's start)."""


def choose(page: Page, selector: str, what: str, typed: str) -> None:
    """Reach the list ``selector`` with Tab and pick an entry by typing its start."""
    tab_to(page, selector, what)
    page.keyboard.type(typed)


def set_up_by_keys(page: Page, frames: Frames, origin: str, game: str) -> None:
    """Create the room, sit as Ana and fill the other seats with bots, by keyboard."""
    players, options, agent = GAMES[game]
    page.goto(f"{origin}/?game={game}")
    page.locator(".game-card").first.wait_for()
    choose(page, "[data-testid=players-select]", "the players list", str(players))
    for name, value in options.items():
        control = f'[data-option="{name}"]'
        if page.locator(control).evaluate("e => e.tagName") == "SELECT":
            choose(page, control, name, str(value))
        else:
            type_into(page, control, name, str(value))
    press_on(page, "[data-testid=create-room]", "Create table")
    page.wait_for_url("**/room/*")
    type_into(page, "[data-testid=name-input]", "the name field", "Ana")
    if game == "gotcha":
        type_into(page, "[data-testid=age-input]", "the age field", "34")
        for trait in ("glasses", "jeans"):
            press_on(page, f"[data-testid=trait-{trait}]", trait, key="Space")
    press_on(page, "[data-testid=sit-0]", "Sit here")
    wait_until(page, lambda: room(frames)["seats"][0]["kind"] == "human", "seated")
    if agent is not None:
        choose(page, "[data-testid=agent-select]", "the bot menu", BOT_TYPEAHEAD[agent])
    for seat in range(1, players):
        press_on(page, f"[data-testid=bot-{seat}]", f"the bot button of seat {seat}")
        wait_until(page, lambda s=seat: room(frames)["seats"][s]["kind"] == "bot", "a bot")  # type: ignore[misc]
    assert (
        page.get_by_test_id("agent-select").count() == 0
        or agent is None
        or (all(room(frames)["seats"][s].get("agent") == agent for s in range(1, players)))
    )
    press_on(page, "[data-testid=start]", "Start the game")
    wait_until(page, lambda: frames.last("state"), "the first state")


def play_by_keys(page: Page, frames: Frames, game: str, max_moves: int = 400) -> int:
    """Play the person's moves by keyboard until the outcome shows; returns the moves."""
    rng = random.Random(0)
    chooser = CHOOSERS.get(game, lambda state, r: r.choice(state["legal"])["text"])
    moves = 0
    while not outcome_shown(page, frames):
        assert moves < max_moves, f"not done after {moves} moves"
        state: dict[str, Any] | None = my_turn(frames)
        if state is None or not moves_drawn(page, state):
            page.wait_for_timeout(20)
            continue
        text = chooser(state, rng)
        if text is None:
            version = state["version"]
            wait_until(
                page,
                lambda v=version: outcome_shown(page, frames) or frames.version() > v,  # type: ignore[misc]
                "the bots' next move",
                timeout=60,
            )
            continue
        answered = len(frames.received)
        if not play_move_by_keys(page, text):
            continue
        moves += 1

        # The answer is the state with this move as the last one (or a refusal): in Gotcha
        # the bots' emotes bring newer states before it.
        def answer(since: int = answered, version: int = state["version"]) -> bool:
            return any(
                m.get("type") == "error"
                or (
                    m.get("type") == "state"
                    and m["version"] > version
                    and (m["last"] or {}).get("seat") == 0
                )
                for m in frames.received[since:]
            )

        wait_until(page, answer, f"the answer to {text!r}")
    return moves


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_played_to_the_end_by_keyboard_only(
    server: Server, context: BrowserContext, game: str
) -> None:
    page = context.new_page()
    frames = Frames(page)
    set_up_by_keys(page, frames, server.url, game)
    moves = play_by_keys(page, frames, game)
    games, told_before = 1, 0
    while moves == 0:
        # The room draws each game's seed: a Mystery Date game can end before the person's
        # first turn (about 1 game in 500). Its rematch, asked by keyboard, is played instead.
        assert games < 5, "five games in a row ended before the person's turn"
        games += 1
        told_before = rematch(
            page,
            frames,
            lambda: press_on(page, "[data-testid=rematch]", "the rematch button"),
        )
        moves = play_by_keys(page, frames, game)
    states = [m for m in frames.received[told_before:] if m.get("type") == "state"]
    mine = [m for m in states if m["last"] and m["last"]["seat"] == 0]
    assert mine, "no move of the person was played"
    assert frames.of_type("error") == []
    # Others' moves were read out: the live region holds the last lines, the bots' among them.
    bots = [room(frames)["seats"][s]["name"] for s in range(1, GAMES[game][0])]
    spoken = page.get_by_test_id("live-log").inner_text()
    assert any(name in spoken for name in bots), spoken
    press_on(page, "[data-testid=outcome-toggle]", "the result's button")
    wait_until(page, lambda: page.get_by_test_id("end-panel").is_visible(), "the end panel")

    # The replay by keyboard: the counter counts the moves a replay steps through from the
    # first look ("Move 43 / 43", not the steps with chance's), and after ← one move back
    # the counter and the board show the same frame.
    step = page.get_by_test_id("replay-step")
    wait_until(page, lambda: step.get_attribute("aria-busy") == "false", "the replay's frames")
    probe = frames.last("replay")
    assert probe is not None
    moves_total = len(probe["moves"]) - 1
    assert step.get_attribute("data-moves") == str(moves_total)
    assert step.get_attribute("data-move") == str(moves_total)
    page.keyboard.press("ArrowLeft")
    wait_until(
        page,
        lambda: (
            page.locator(".board").get_attribute("data-version") == "replay"
            and step.get_attribute("data-move") == str(moves_total - 1)
        ),
        "one move back",
    )
    shown = frames.last("replay")
    assert shown is not None and shown["step"] == probe["moves"][moves_total - 1]
    assert step.get_attribute("data-moves") == str(moves_total)
    assert step.get_attribute("data-step") == str(shown["step"])
