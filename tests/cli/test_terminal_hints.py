"""'?' at the terminal: help, then the kind of move, then (asked again) the move itself."""

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import ludoteca.cli  # noqa: F401  (registers the command's texts)
from ludoteca.agents.random import RandomAgent
from ludoteca.engine import runner
from ludoteca.engine.i18n import Lang
from ludoteca.games import tacocat
from ludoteca.terminal.human import HumanAgent, QuitGame

GAME = tacocat.GAME


def _attack_state() -> Any:
    states: list[Any] = []
    runner.play(
        GAME,
        [RandomAgent(), RandomAgent()],
        11,
        observer=lambda before, seat, action, after: states.append(after),
    )
    return next(s for s in states if GAME.phase(s) == "attack" and GAME.actors(s) == (0,))


def _human(lines: list[str], lang: Lang, hints: bool) -> tuple[HumanAgent, io.StringIO]:
    buffer = io.StringIO()
    answers: Iterator[str] = iter(lines)
    console = Console(file=buffer, width=140)
    agent = HumanAgent(GAME, 0, lang, console, lambda prompt: next(answers), hints=hints)
    return agent, buffer


@pytest.mark.parametrize(
    ("lang", "kind", "move"),
    [("es", "Pista: piensa en", "Pista: "), ("en", "Hint: think about", "Hint: ")],
)
def test_first_question_mark_names_the_kind_the_second_the_move(
    lang: Lang, kind: str, move: str
) -> None:
    state = _attack_state()
    agent, buffer = _human(["?", "?", "q"], lang, hints=True)
    with pytest.raises(QuitGame):
        agent.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    lines = buffer.getvalue().splitlines()
    kinds = [line for line in lines if line.startswith(kind)]
    moves = [line for line in lines if line.startswith(move) and not line.startswith(kind)]
    assert len(kinds) == 1 and len(moves) == 1


def test_hints_can_be_turned_off() -> None:
    state = _attack_state()
    agent, buffer = _human(["?", "q"], "en", hints=False)
    with pytest.raises(QuitGame):
        agent.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    out = buffer.getvalue()
    assert "Hints are turned off" in out
    assert "Hint: think" not in out
