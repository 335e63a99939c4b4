"""Mystery Date in the terminal and on the command line: the renderer (track with every
piece, hand by colour, discard top, door opening), the menu, and play/rules/simulate/bench."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner, Result

from ludoteca.agents.random import RandomAgent
from ludoteca.cli import app
from ludoteca.engine import record, registry, runner
from ludoteca.engine.replay import replay
from ludoteca.engine.seats import seat_symbol
from ludoteca.games.mystery_date.cards import card_label, card_name
from ludoteca.games.mystery_date.game import GAME
from ludoteca.terminal import mystery_date as md_term
from ludoteca.terminal import renderer_for

BASE_ENV = {"COLUMNS": "200", "LANG": "C.UTF-8"}


def invoke(args: list[str], stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, args, input=stdin, env=BASE_ENV)


def states_of(seed: int, players: int = 3) -> list[Any]:
    states: list[Any] = []
    runner.play(
        GAME,
        [RandomAgent() for _ in range(players)],
        seed,
        observer=lambda before, seat, action, after: states.append(after),
    )
    return states


def text_of(renderable: Any, width: int = 140) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width).print(renderable)
    return buffer.getvalue()


def test_the_renderer_is_registered() -> None:
    assert renderer_for("mystery_date") is md_term.RENDERER


def test_track_shows_every_piece_and_the_hand_by_colour() -> None:
    state = next(s for s in states_of(4) if GAME.phase(s) == "give")
    view = GAME.view(state, state.mover)
    out = text_of(md_term.render_view(view, "en"))
    for seat, space in enumerate(state.positions):
        assert seat_symbol(seat) in out  # each piece by its seat's symbol, never a number
        line = next(line for line in out.splitlines() if seat_symbol(seat) in line)
        assert f"{space:>2} " in line
    assert "Your hand" in out and "pink " in out and "orange " in out
    assert f"top {card_name(state.discard[-1])}" in out
    assert "Recent events" in out


def test_cards_are_written_with_the_readers_colour_letters() -> None:
    """In Spanish a card is R/V/A/N and a number (rosa, verde, azul, naranja), as typed."""
    state = next(s for s in states_of(4) if GAME.phase(s) == "give")
    view = GAME.view(state, state.mover)
    top = state.discard[-1]
    assert f"encima {card_label(top, 'es')}" in text_of(md_term.render_view(view, "es"))
    assert f"top {card_label(top, 'en')}" in text_of(md_term.render_view(view, "en"))
    assert card_label(0, "es") == "R1" and card_label(11, "es") == "N3"
    assert card_label(0, "en") == "P1" and card_label(11, "en") == "O3"
    for card in range(12):
        assert GAME.parse_action(f"descartar {card_label(card, 'es')}").card == card  # type: ignore[union-attr]


def test_hand_by_colour_marks_complete_outfits() -> None:
    text = md_term.hand_by_colour([0, 1, 2, 4, 4], "es").plain
    assert text == "rosa 1 2 3 ✓ · verde 2 2 · azul - · naranja -"


def test_the_door_opening_is_shown_to_everyone() -> None:
    states = states_of(2)
    opened = next(s for s in states if any(entry[0] == 6 for entry in s.log))
    for seat in (0, 1, 2, None):
        out = text_of(md_term.render_view(GAME.view(opened, seat), "en"))
        assert "Last door" in out and "opens the door:" in out


def test_the_screen_is_drawn_from_the_view_only() -> None:
    state = next(s for s in states_of(6) if GAME.phase(s) == "pick")
    for seat in range(3):
        view = GAME.view(state, seat)
        out = text_of(md_term.render_view(view, "es"))
        for seed in range(3):
            other = GAME.sample_state(view, seat, random.Random(seed))
            assert text_of(md_term.render_view(GAME.view(other, seat), "es")) == out
    giver = text_of(md_term.render_view(GAME.view(state, state.mover), "en"))
    assert "face down to " in giver and "Seat" not in giver
    others = [s for s in range(3) if s != state.mover]
    assert "face down to" not in text_of(md_term.render_view(GAME.view(state, others[0]), "en"))


def test_the_whole_table_shows_every_hand() -> None:
    state = states_of(3)[-1]
    seat_views = [GAME.view(state, s) for s in range(3)]
    out = text_of(md_term.render_view(GAME.view(state, None), "es", seat_views))
    for seat in range(3):
        assert f"Mano de {('Ana', 'Bruno', 'Carla')[seat]}" in out


def test_the_menu_numbers_every_move() -> None:
    state = next(s for s in states_of(4) if GAME.phase(s) == "give")
    legal = GAME.legal_actions(state, state.mover)
    menu = md_term.menu(GAME.view(state, state.mover), legal, "es")
    assert menu.actions == tuple(legal)
    assert all("boca abajo" in label and "[" not in label for label in menu.labels)


def test_a_spanish_menu_writes_moves_with_spanish_letters_only() -> None:
    """The card in the label and in the typed form are the same letters (``da R1 …`` and
    ``dar R1 a 1``, never ``give P1 to 1``), and the typed form reads back as the move."""
    seen = 0
    for seed in (3, 4):
        for state in states_of(seed, 4):
            actors = GAME.actors(state)
            if not actors or actors[0] < 0:
                continue
            legal = GAME.legal_actions(state, actors[0])
            for lang in ("es", "en"):
                menu = md_term.menu(GAME.view(state, actors[0]), legal, lang)
                for action, label in zip(menu.actions, menu.labels, strict=True):
                    typed = md_term.notation(action, lang)
                    assert GAME.parse_action(typed) == action
                    if lang == "es" and hasattr(action, "card"):
                        spanish = card_label(action.card, "es")
                        assert spanish in label and spanish in typed, label
                        seen += 1
    assert seen > 10


def test_rules_lists_md01_to_md10_and_the_options() -> None:
    for lang, words in (("es", "Cita misteriosa"), ("en", "Mystery Date")):
        result = invoke(["rules", "mystery_date", "--lang", lang])
        assert result.exit_code == 0, result.output
        assert words in result.stdout
        for n in range(1, 11):
            assert f"MD-{n:02d}" in result.stdout
        assert "door_weights" in result.stdout and "turn_limit" in result.stdout


def test_play_a_whole_game_against_the_default_bot_the_expert(tmp_path: Path) -> None:
    saved = tmp_path / "md.jsonl"
    args = ["play", "mystery_date", "--seed", "3", "--lang", "es", "--save", str(saved)]
    result = invoke(args, "1\n" * 2000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Cita misteriosa · turno" in out and "Tu mano" in out and "Tus jugadas" in out
    assert "Fin de la partida" in out
    rec = record.GameRecord.loads(saved.read_text("utf-8"))
    assert rec.seats == ("human", "expert")  # play picks the strongest bot a game has
    outcome = registry.make("mystery_date").outcome(replay(rec))
    assert outcome is not None and outcome.to_json() == rec.outcome


def test_play_with_four_players_and_door_weights() -> None:
    args = ["play", "mystery_date", "--players", "4", "--vs", "random", "--seed", "5"]
    result = invoke([*args, "--option", "door_weights=1,1,1,1,0"], "1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Diego" in result.stdout


def test_bad_door_weights_are_one_clean_error() -> None:
    result = invoke(["play", "mystery_date", "--option", "door_weights=1,2", "--lang", "es"])
    assert result.exit_code == 2
    assert "door_weights='1,2'" in result.stderr and "Traceback" not in result.output


def test_simulate_greedy_against_random(tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    args = ["simulate", "mystery_date", "-n", "6", "--agents", "greedy,random", "--out", str(out)]
    result = invoke(args)
    assert result.exit_code == 0, result.output
    assert "6 games of mystery_date" in result.stdout and "greedy" in result.stdout
    lines = out.read_text("utf-8").splitlines()
    assert len(lines) == 6
    assert all(json.loads(line)["outcome"] for line in lines)


def test_bench_covers_mystery_date(tmp_path: Path) -> None:
    report = tmp_path / "bench.json"
    args = ["bench", "--games", "mystery_date", "--seconds", "0.01", "--json", str(report)]
    result = invoke(args)
    assert result.exit_code == 0, result.output
    assert "mystery_date" in result.stdout
    assert "mystery_date" in report.read_text("utf-8")
