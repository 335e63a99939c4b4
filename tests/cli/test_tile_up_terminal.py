"""Tile Up in the terminal: the board with colours and heights, the goal shapes, the menu,
and the ``play``, ``rules``, ``simulate`` and ``bench`` commands for the game."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner, Result

from ludoteca.agents.random import RandomAgent
from ludoteca.cli import app
from ludoteca.engine import runner
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import CARD_OF, CARDS, COLOURS, SHAPE_NAMES, State
from ludoteca.terminal import renderer_for
from ludoteca.terminal import tile_up as term

BASE_ENV = {"COLUMNS": "200", "LANG": "C.UTF-8"}


def invoke(args: list[str], stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, args, input=stdin, env=BASE_ENV)


def text_of(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=160).print(renderable)
    return buffer.getvalue()


def styled(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=160, force_terminal=True, color_system="truecolor").print(renderable)
    return buffer.getvalue()


def mid_game(seed: int = 4, steps: int = 120) -> State:
    states: list[State] = []
    runner.play(
        GAME,
        [RandomAgent(), RandomAgent()],
        seed,
        max_steps=steps,
        observer=lambda before, seat, action, after: states.append(after),
    )
    return states[-1]


def test_registered_renderer() -> None:
    assert renderer_for("tile_up") is term.RENDERER


def test_board_shows_top_tiles_heights_and_free_corners() -> None:
    state = mid_game()
    view = GAME.view(state, 0)
    out = text_of(term.render_view(view, "en"))
    lines = out.splitlines()
    assert any(" a   b   c " in line for line in lines)
    assert term.CORNER in out
    stacked = [
        (r, c, stack)
        for r, row in enumerate(view["board"])
        for c, stack in enumerate(row)
        if len(stack) > 1
    ]
    assert stacked, "a random mid-game has stacks"
    _, _, stack = stacked[0]
    assert stack[-1] + term.SUPERSCRIPTS[len(stack)] in out
    # Colour: the ANSI output carries a background colour for the tiles.
    assert "\x1b[" in styled(term.board_table(view))


def test_only_the_own_tiles_and_goals_are_drawn_with_shapes() -> None:
    state = mid_game()
    mine = text_of(term.render_view(GAME.view(state, 0), "en"))
    assert "Your tiles" in mine and "Your goals" in mine
    for card in state.goals[0]:
        assert f"#{card} " in mine
    for card in state.goals[1]:
        if card not in state.faceup and card not in state.known[1]:
            assert f"#{card} " not in mine
    spectator = text_of(term.render_view(GAME.view(state, None), "es"))
    assert "Tus fichas" not in spectator and "Objetivos boca arriba" in spectator


def test_a_goal_card_is_drawn_as_its_shape() -> None:
    plus = CARD_OF[(SHAPE_NAMES.index("X5"), 1)]
    lines = [line.rstrip() for line in term.shape_text(plus, "en").plain.splitlines()]
    assert lines == [f"#{plus} X5 red", " ■", "■■■", " ■"]


def test_menu_numbers_everything_but_many_placements_and_lists_cells_per_tile() -> None:
    state = mid_game(seed=4, steps=60)
    while GAME.actors(state)[0] < 0 or not any(
        str(a).startswith("place") for a in GAME.legal_actions(state, GAME.actors(state)[0])
    ):
        seat = GAME.actors(state)[0]
        if seat < 0:
            state = GAME.apply(state, seat, GAME.sample_chance(state, random.Random(1)))
        else:
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    seat = GAME.actors(state)[0]
    legal = GAME.legal_actions(state, seat)
    menu = term.menu(GAME.view(state, seat), legal, "en")
    if len(legal) > 30:
        assert all(not str(a).startswith("place") for a in menu.actions)
        assert "place TILE CELL" in menu.hints[0]
        tile = str(next(a for a in legal if str(a).startswith("place"))).split()[1]
        assert any(hint.strip().startswith(f"{tile}:") for hint in menu.hints)
    else:
        assert list(menu.actions) == list(legal)


def test_play_shows_the_board_refuses_bad_moves_with_the_rule_and_quits() -> None:
    stdin = "hola\nend\nplace R4 a1\nq\n"
    result = invoke(["play", "tile_up", "--vs", "random", "--seed", "3", "--lang", "es"], stdin)
    assert result.exit_code == 1, result.output
    out = result.stdout
    assert "Tile Up · turno 1" in out and "Tus fichas" in out and "Tus objetivos" in out
    assert "No entiendo la acción 'hola'" in out
    assert "(regla TU-02)" in out
    assert "(regla TU-03)" in out or "(regla TU-02)" in out


def test_play_three_players_draw_then_end_turns() -> None:
    """Seat 0 draws tiles (move 2) for a few turns against two bots; the lone ``end`` that
    follows each draw is played without asking.
    """
    stdin = "2\n" * 3 + "q\n"
    args = ["play", "tile_up", "--vs", "greedy", "--players", "3", "--seed", "5", "--lang", "en"]
    result = invoke(args, stdin)
    assert result.exit_code == 1, result.output[-2000:]
    out = result.stdout
    assert "Tile Up · turn 6 · phase: discard" in out and " Carla " in out
    assert out.count("Only one move: ends the turn") >= 2
    assert "Game abandoned." in out


def test_rules_lists_tu01_to_tu10_and_the_options() -> None:
    result = invoke(["rules", "tile_up", "--lang", "en"])
    assert result.exit_code == 0
    for n in range(1, 11):
        assert f"TU-{n:02d}" in result.stdout
    assert "board_size" in result.stdout and "allow_mirror" in result.stdout


def test_simulate_tile_up_with_options(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["simulate", "tile_up", "--games", "4", "--agents", "greedy,random,random"]
    result = invoke([*args, "-o", "board_size=9", "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text("utf-8").splitlines()
    assert len(lines) == 4
    first = json.loads(lines[0])
    assert first["num_players"] == 3 and first["options"]["board_size"] == 9


def test_recent_moves_show_what_the_other_seats_did() -> None:
    """The table lists the last public actions: placements, a score with its points, and a
    tile returned to the bag without its name (TU-07)."""
    view = GAME.view(mid_game(seed=4, steps=120), 0)
    view["log"] = [
        [1, "place G4 f4", 0],
        [1, "score 13 f4", 7],
        [1, "discard tile", 0],
        [0, "draw goal", 0],
    ]
    out = text_of(term.render_view(view, "en"))
    assert "Recent moves" in out and "Bruno: places G4 on f4" in out
    assert "Bruno: scores card #13 (red T4) at f4 (+7)" in out
    assert "Bruno: returns a tile to the bag" in out and "Ana: draws a goal card" in out
    out_es = text_of(term.render_view(view, "es"))
    assert "Últimas jugadas" in out_es and "Bruno: coloca G4 en f4" in out_es
    assert "devuelve una ficha a la bolsa" in out_es


def test_the_discard_pile_is_shown_as_cards_and_the_start_sums_after_turn_0() -> None:
    """Issue 22: the discard pile named bare numbers and the start sums (TU-01) vanished
    after turn 0. Both tables, full and compact, name each discarded card by id, shape and
    colour letter, and give every seat's start sum on any turn."""
    found = None
    for seed in range(4, 12):
        state = mid_game(seed, 160)
        if state.discard and state.turn > 0:
            found = state
            break
    assert found is not None
    view = GAME.view(found, 0)
    top = view["discard"][-1]
    shape, colour = CARDS[top]
    tag = f"#{top} {SHAPE_NAMES[shape]}{COLOURS[colour]}"
    full = text_of(term.render_view(view, "en"))
    compact = text_of(term.compact_view(view, "es"))
    assert tag in full and tag in compact
    sums = view["start_sums"]
    assert min(sums) >= 0
    assert "Start sums" in full
    assert " · ".join(f"{('Ana', 'Bruno')[s]}: {n}" for s, n in enumerate(sums)) in full
    assert "suma ini." in compact
    for s, n in enumerate(sums):
        assert re.search(rf"{('Ana', 'Bruno')[s]}\s.*\s{n}\s*│", compact), compact
