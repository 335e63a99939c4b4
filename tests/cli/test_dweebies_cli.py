"""Dweebies in the terminal: the renderer and menu on their own, and the ``ludoteca``
commands (play, rules, simulate, bench) run in-process."""

from __future__ import annotations

import io
import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from ludoteca.cli import app
from ludoteca.engine import record, registry, testing
from ludoteca.engine.errors import InvalidActionError
from ludoteca.engine.replay import replay
from ludoteca.games.dweebies import cards, layout
from ludoteca.games.dweebies.actions import Place
from ludoteca.games.dweebies.game import GAME, Phase, State
from ludoteca.games.dweebies.layout import Grid
from ludoteca.terminal import MENU_LIMIT, renderer_for
from ludoteca.terminal import dweebies as term

BASE_ENV = {"COLUMNS": "200", "LANG": "C.UTF-8"}


def invoke(args: list[str], stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, args, input=stdin, env=BASE_ENV)


def text_of(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=160).print(renderable)
    return buffer.getvalue()


def position(text: str, hands: list[list[int]]) -> State:
    """Seat 0 to place on the pictured table (``x`` right, ``y`` down, ``.`` empty)."""
    table: dict[int, int] = {}
    for dy, line in enumerate(textwrap.dedent(text).strip().splitlines()):
        for dx, token in enumerate(line.split()):
            if token != ".":
                table[layout.cell(dx, dy)] = int(token)
    rest = list(cards.FULL_PILE)
    for card in [*table.values(), *(c for h in hands for c in h)]:
        rest.remove(card)
    frontier = layout.frontier_of(table)
    groups = layout.groups_of(table)
    return State(
        players=len(hands),
        first=0,
        phase=Phase.PLACE,
        turn=0,
        dealt=5 * len(hands),
        hands=tuple(tuple(sorted(h)) for h in hands),
        pile=tuple(rest),
        table=Grid(table),
        frontier=frontier,
        groups=groups,
        cells=layout.legal_cells(table, frontier, groups),
        row=(),
        column=(),
        scores=(0,) * len(hands),
        last=None,
    )


def test_renderer_is_registered() -> None:
    assert renderer_for("dweebies") is term.RENDERER


def test_grid_marks_every_legal_cell_and_shows_only_the_own_hand() -> None:
    state = position("01 05\n.  06", [[2, 7], [9, 10]])
    out = text_of(term.render_view(GAME.view(state, 0), "en"))
    assert text_of(term.grid_of(GAME.view(state, 0))).count(term.LEGAL) == len(state.cells) == 7
    assert "01" in out and "05" in out and "06" in out
    assert "02 Doctor, 07 Pirate" in out
    assert "D09" not in out and "D10" not in out
    spectator = text_of(term.render_view(GAME.view(state, None), "es"))
    assert "Tu mano" not in spectator
    whole = text_of(term.render_view(GAME.view(state, None), "es", [GAME.view(state, 1)]))
    assert "09 Astronauta, 10 Química" in whole


def test_a_split_table_says_so_and_marks_only_the_link() -> None:
    state = position(
        """
        01 .  .
        .  .  10
        """,
        [[2], [9]],
    )
    assert len(state.groups) == 2
    out = text_of(term.render_view(GAME.view(state, 0), "en"))
    assert "split into 2 groups" in out
    assert text_of(term.grid_of(GAME.view(state, 0))).count(term.LEGAL) == 4


def test_the_cards_taken_so_far_are_listed_in_both_languages() -> None:
    """DW-11: the collected cards are public (seen when taken); the panel counts them."""
    state = GAME.apply(position("01 05", [[1, 2], [9]]), 0, Place(1, 2, 0))
    state = GAME.apply(state, 0, GAME.parse_action("collect row"))
    en = text_of(term.render_view(GAME.view(state, 1), "en"))
    es = text_of(term.render_view(GAME.view(state, 1), "es"))
    assert "Taken so far (seen by all)" in en and "01×2 05" in en
    assert "Ya recogidas" in es and "01×2 05" in es
    fresh = text_of(term.render_view(GAME.view(position("01", [[2], [9]]), 0), "en"))
    assert "Taken so far" not in fresh


def test_bad_card_and_verb_messages_echo_what_was_typed() -> None:
    with pytest.raises(InvalidActionError) as info:
        GAME.parse_action("Place D99 0 0")
    assert "'D99'" in info.value.text("en") and "'D99'" in info.value.text("es")
    with pytest.raises(InvalidActionError) as info:
        GAME.parse_action("nada")
    assert "'pass'" in info.value.text("en") and "pasar" in info.value.text("es")


def test_menu_numbers_collecting_placements_first_and_hints_the_rest() -> None:
    state = position("01 05 06 02 03 04 07 08 09 11 12 13", [[1, 2, 3, 14, 15], [16]])
    legal = GAME.legal_actions(state, 0)
    assert len(legal) > MENU_LIMIT
    menu = term.menu(GAME.view(state, 0), legal, "en")
    assert len(menu.actions) == MENU_LIMIT
    assert menu.actions[0] == Place(1, 12, 0)  # the whole row: 13 cards
    assert "(collects 13)" in menu.labels[0]
    assert "(collects 2)" in menu.labels[1]
    # The example is a move left out of the list, so with a card of the hand (7 is not),
    # the card by its number on the board.
    example = menu.hints[0].split("'")[1]
    assert example.startswith("place ") and not example.startswith("place 7 ")
    assert "D" not in example
    assert GAME.parse_action(example) in legal and GAME.parse_action(example) not in menu.actions


def test_menu_numbers_every_collect_decision_in_spanish() -> None:
    state = GAME.apply(position("01 05", [[1], [9]]), 0, Place(1, 2, 0))
    menu = term.menu(GAME.view(state, 0), GAME.legal_actions(state, 0), "es")
    assert menu.labels == ("recoge la fila", "no recoge")


def test_rules_lists_dw01_to_dw11_and_the_option() -> None:
    for lang, words in (("es", "Mantener unidos"), ("en", "Keep together")):
        result = invoke(["rules", "dweebies", "--lang", lang])
        assert result.exit_code == 0, result.output
        for number in range(1, 12):
            assert f"DW-{number:02d}" in result.stdout
        assert words in result.stdout and "first_player" in result.stdout


def test_play_a_whole_game_against_greedy_with_bad_answers(tmp_path: Path) -> None:
    saved = tmp_path / "game.jsonl"
    stdin = "hello\nplace D01 40 40\ncollect row\n" + "1\n" * 200
    args = ["play", "dweebies", "--vs", "greedy", "--seed", "4", "--lang", "en"]
    result = invoke([*args, "--save", str(saved)], stdin)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Cannot read the action 'hello'" in out
    assert "(rule DW-0" in out
    assert "Your hand" in out and "y\\x" in out
    rec = record.GameRecord.loads(saved.read_text("utf-8"))
    outcome = registry.make("dweebies").outcome(replay(rec))
    assert outcome is not None and outcome.to_json() == rec.outcome


def test_play_four_players_as_seat_two_and_quit() -> None:
    result = invoke(["play", "dweebies", "--players", "4", "--seat", "2", "--seed", "1"], "q\n")
    assert result.exit_code == 1, result.output
    assert "You play as Carla" in result.stdout


@pytest.mark.parametrize("players", [2, 5])
def test_simulate_runs_dweebies(players: int) -> None:
    agents = ",".join(["greedy", *["random"] * (players - 1)])
    result = invoke(["simulate", "dweebies", "--games", "6", "--agents", agents, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "6 games of dweebies" in result.stdout


def test_bench_covers_dweebies(tmp_path: Path) -> None:
    report = tmp_path / "bench.json"
    args = ["bench", "--games", "dweebies", "--seconds", "0.01", "--json", str(report)]
    result = invoke(args)
    assert result.exit_code == 0, result.output
    assert "dweebies" in result.stdout
    assert "dweebies" in json.dumps(json.loads(report.read_text("utf-8")))


def test_a_random_game_renders_at_every_step() -> None:
    """Every view of a 3-player random game renders, for the actor and for a spectator."""
    for visit in testing.visits(GAME, 3, range(1), every=7):
        for seat in (0, None):
            assert "Dweebies" in text_of(term.render_view(GAME.view(visit.state, seat), "es"))
