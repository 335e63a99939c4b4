"""Games saved by default (``terminal.saves``), listed by ``ludoteca replay``; levels by
their Spanish names; what matters to a person in the log (``tui.news``)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.agents import levels
from ludoteca.cli import app
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.events import Event
from ludoteca.engine.i18n import msg
from ludoteca.terminal import saves
from ludoteca.terminal.tui.news import is_chatter, matters

ENV = {"COLUMNS": "120", "LANG": "C.UTF-8"}


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, args, input=stdin, env=ENV)
    return result.exit_code, result.output


def test_a_game_is_saved_by_default_and_listed_by_replay() -> None:
    folder = saves.games_dir()
    assert folder.is_relative_to(Path(os.environ["XDG_DATA_HOME"]))
    code, _ = run(["play", "tacocat", "--vs", "random", "--seed", "3", "--plain"], "q\n")
    assert code == 1  # left at the first question
    saved = saves.saved_games()
    assert len(saved) == 1 and saved[0].game == "tacocat" and not saved[0].finished
    code, out = run(["replay", "--lang", "en"])
    assert code == 0
    assert "Tacocat" in out and saved[0].path.name in out and "(unfinished)" in out
    code, out = run(["replay", "1", "--to-end", "--lang", "en"])
    assert code == 0 and "Initial position" in out


def test_two_games_with_one_seed_started_in_one_second_are_both_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The file name is the second the game started: the clock is held on one second.
    monkeypatch.setattr(time, "strftime", lambda *_: "2026-12-06_151000")
    for _ in range(2):
        code, _ = run(["play", "tacocat", "--vs", "random", "--seed", "3", "--plain"], "q\n")
        assert code == 1
    names = sorted(game.path.name for game in saves.saved_games())
    assert names == [
        "2026-12-06_151000_tacocat_seed3.jsonl",
        "2026-12-06_151000_tacocat_seed3_2.jsonl",
    ]


def test_a_name_taken_but_never_written_is_no_saved_game() -> None:
    path = saves.default_path("tile_up", 8)
    assert path.exists() and path.read_text("utf-8") == ""
    assert saves.saved_games() == []


def test_no_save_writes_nothing_and_cannot_go_with_save(tmp_path: Path) -> None:
    code, _ = run(["play", "tacocat", "--vs", "random", "--no-save", "--plain"], "q\n")
    assert code == 1 and saves.saved_games() == []
    code, out = run(["play", "tacocat", "--no-save", "--save", str(tmp_path / "x.jsonl")])
    assert code == 2 and "--no-save" in out


def test_replay_without_saved_games_says_where_it_looked() -> None:
    code, out = run(["replay", "--lang", "es"])
    assert code == 0 and "No hay partidas guardadas" in out


@pytest.mark.parametrize(
    ("name", "level"),
    [
        ("fuerte", "strong"),
        ("Aficionado", "casual"),
        ("el más fuerte", "strongest"),
        ("mas-fuerte", "strongest"),
        ("strong", "strong"),
    ],
)
def test_levels_are_read_in_either_language(name: str, level: str) -> None:
    assert levels.level_id(name) == level


def test_an_unknown_level_is_refused_with_both_names() -> None:
    with pytest.raises(GameSetupError) as refused:
        levels.level_id("legendary")
    assert "fuerte" in refused.value.message.text("es")


def test_the_versus_line_names_the_level_not_the_agent() -> None:
    code, out = run(
        ["play", "dweebies", "--level", "casual", "--no-save", "--plain", "--lang", "es"], "q\n"
    )
    assert code == 1
    assert "«aficionado»" in out and "ismcts" not in out


def _event(kind: str, actor: int | None, **data: object) -> Event:
    return Event(kind, actor, data, msg(""))


def test_what_matters_to_a_person() -> None:
    assert matters(_event("round_end", None), 0)
    assert matters(_event("door", -1, seat=0), 0)
    assert not matters(_event("door", -1, seat=1), 0)
    assert matters(_event("buzz", 1, accused=[0, 2]), 0, chatty=True)
    assert not matters(_event("buzz", 1, accused=[2]), 0, chatty=True)
    assert not matters(_event("place", 1), 0)
    assert is_chatter(_event("emote", 1)) and not is_chatter(_event("play", 1))
