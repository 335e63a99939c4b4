"""Terminal pieces on their own: the Tacocat renderer, the menu, the human agent, hot-seat."""

import io
import random
import string
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import ludoteca.cli  # noqa: F401  (registers the command's texts)
from ludoteca.agents.random import RandomAgent
from ludoteca.engine import i18n, runner
from ludoteca.engine.game import View
from ludoteca.engine.i18n import Lang
from ludoteca.games import tacocat
from ludoteca.terminal import GENERIC, MENU_LIMIT, renderer_for, seat_label
from ludoteca.terminal import tacocat as tacocat_term
from ludoteca.terminal.human import HotSeat, HumanAgent, QuitGame

GAME = tacocat.GAME


def states_of(seed: int) -> list[Any]:
    states: list[Any] = []
    runner.play(
        GAME,
        [RandomAgent(), RandomAgent()],
        seed,
        observer=lambda before, seat, action, after: states.append(after),
    )
    return states


def first_state(phase: str, seat: int, seed: int = 11) -> Any:
    return next(s for s in states_of(seed) if GAME.phase(s) == phase and GAME.actors(s) == (seat,))


def text_of(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=140).print(renderable)
    return buffer.getvalue()


def scripted(lines: list[str], prompts: list[str]) -> Any:
    answers: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    return read_line


def test_rendered_view_shows_the_public_table_and_only_the_own_hand() -> None:
    state = first_state("defend", 1)
    view = GAME.view(state, 1)
    out = text_of(tacocat_term.render_view(view, "en"))
    assert "YAY T A C O C A T WOW" in out
    assert "You play as Bruno (WOW)" in out
    assert "Your hand" in out and " ".join(map(str, state.hands[1])) in out
    assert "Current attack" in out and " ".join(map(str, state.attack)) in out
    assert "Ana's hand" not in out
    # Whatever seat 0 holds, seat 1's screen is the same (it is drawn from the view only).
    for other_seed in range(3):
        other = GAME.sample_state(view, 1, random.Random(other_seed))
        assert text_of(tacocat_term.render_view(GAME.view(other, 1), "en")) == out


def test_whole_table_shows_every_hand_and_secret_choice() -> None:
    state = first_state("duel", 1)
    seat_views = [GAME.view(state, s) for s in (0, 1)]
    out = text_of(tacocat_term.render_view(GAME.view(state, None), "es", seat_views))
    assert "Mano de Ana" in out and "Mano de Bruno" in out
    assert "Tu mano" not in out
    if state.pending[0] is not None:
        assert f"elección secreta: duelo con {state.pending[0][0]}" in out


def test_track_marks_tacocat_and_covered_spaces() -> None:
    state = states_of(5)[-1]
    out = text_of(tacocat_term.render_view(GAME.view(state, 0), "en"))
    goal_line = next(line for line in out.splitlines() if "YAY" in line and "WOW" in line)
    assert tacocat_term.COVERED in goal_line
    assert tacocat_term.MARKER in out


def test_replace_menu_is_compact_with_a_hint() -> None:
    state = first_state("replace", 0)
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    menu = tacocat_term.menu(view, legal, "en")
    assert len(legal) > tacocat_term.NUMBER_ALL_REPLACES
    assert menu.actions[0] == tacocat.KEEP
    assert len(menu.actions) == 1 + len(set(state.hands[0]))
    assert len(menu.labels) == len(menu.actions)
    (hint,) = menu.hints
    assert f"up to {max(len(a.cards) for a in legal if isinstance(a, tacocat.Replace))}" in hint


def test_other_menus_number_every_move() -> None:
    state = first_state("attack", 0)
    legal = GAME.legal_actions(state, 0)
    menu = tacocat_term.menu(GAME.view(state, 0), legal, "es")
    assert menu.actions == tuple(legal)
    assert menu.hints == ()
    assert any(label.startswith("ataca con") for label in menu.labels)
    assert not any("[" in label for label in menu.labels)  # labels, never the move's code


def test_generic_renderer_for_games_without_their_own() -> None:
    assert renderer_for("no_such_game") is GENERIC
    assert renderer_for("tacocat") is tacocat_term.RENDERER
    many = list(range(MENU_LIMIT + 5))
    menu = GENERIC.menu({"game": "x"}, many, "es")
    assert len(menu.actions) == MENU_LIMIT
    assert "5 jugadas más" in menu.hints[0]
    view: View = {"game": "no_such_game", "phase": "p", "score": 3}
    assert "score" in text_of(GENERIC.render_view(view, "en", ()))


def human(
    seat: int, lines: list[str], prompts: list[str], lang: Lang = "en"
) -> tuple[HumanAgent, io.StringIO]:
    buffer = io.StringIO()
    console = Console(file=buffer, width=140)
    return HumanAgent(GAME, seat, lang, console, scripted(lines, prompts)), buffer


def test_human_explains_a_too_low_defence_and_asks_again() -> None:
    state = first_state("defend", 1)
    view = GAME.view(state, 1)
    legal = GAME.legal_actions(state, 1)
    against = state.attack[len(state.answers)]
    lower = [card for card in state.hands[1] if card < against]
    wrong = f"defend {lower[0]}" if lower else "attack 1"
    prompts: list[str] = []
    agent, buffer = human(1, ["", "defend twelve", wrong, "0", "sacrifice"], prompts)
    assert agent.choose(view, legal, random.Random(0)) == tacocat.SACRIFICE
    out = buffer.getvalue()
    assert len(prompts) == 5
    assert "Type a move" in out
    assert "Cannot read the action 'defend twelve'" in out
    named = GAME.describe(GAME.parse_action(wrong), "en")
    assert f"You cannot do this: {named} (rule TC-06)" in out
    assert "0 is not one of the options: choose a number from 1 to" in out


def test_human_picks_by_number_and_by_spanish_text() -> None:
    state = first_state("attack", 0)
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    agent, _ = human(0, ["2"], [], "es")
    assert agent.choose(view, legal, random.Random(0)) == legal[1]
    card = state.hands[0][0]
    agent, _ = human(0, [f"atacar {card}"], [], "es")
    assert agent.choose(view, legal, random.Random(0)) == tacocat.Attack((card,))


def test_human_can_ask_for_help_and_quit() -> None:
    state = first_state("attack", 0)
    prompts: list[str] = []
    agent, buffer = human(0, ["?", "salir"], prompts, "es")
    with pytest.raises(QuitGame):
        agent.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0))
    out = buffer.getvalue()
    assert out.count("Tus jugadas") == 2
    assert "Escribe el número de una jugada" in out
    assert prompts[0].startswith("Ana, tu jugada")


def test_hot_seat_asks_for_the_device_only_when_the_seat_changes() -> None:
    prompts: list[str] = []
    console = Console(file=io.StringIO())
    hot = HotSeat(console, scripted([""] * 3, prompts), tacocat_term.RENDERER, "en")
    for seat in (0, 0, 1, 1, 0):
        hot.hand_over(seat)
    assert [p.split(" and ")[0] for p in prompts] == [
        "Pass the device to Ana",
        "Pass the device to Bruno",
        "Pass the device to Ana",
    ]


def test_every_terminal_and_command_text_exists_in_both_languages() -> None:
    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    ours = [k for k in i18n._CATALOGUE if k.split(".")[0] in ("term", "cli", "replay", "lab")]
    assert len(ours) > 100
    for key in ours:
        templates = i18n._CATALOGUE[key]
        assert templates["es"].strip() and templates["en"].strip(), key
        assert templates["es"] != templates["en"] or key in SAME_IN_BOTH, key
        assert fields(templates["es"]) == fields(templates["en"]), key


SAME_IN_BOTH = {
    "cli.col.id",
    "lab.cmp.col.holm",
    "lab.sim.end_reason",
    "replay.action",
    "cli.frame.error",
    "lab.sim.total",  # "Total" in both
    "lab.report.col_total",
    "lab.cmp.col.a",  # the compared variants' letters and symbols: A, B, B − A, p
    "lab.cmp.col.b",
    "lab.cmp.col.diff",
    "lab.cmp.col.p",
}


def test_answers_and_last_trick_are_shown() -> None:
    states = states_of(11)
    state = next(s for s in states if GAME.phase(s) == "defend" and s.answers)
    out = text_of(tacocat_term.render_view(GAME.view(state, 0), "en"))
    answer = state.answers[0]
    expected = str(answer) if answer > 0 else f"sacrificed {-answer}"
    (answers_line,) = [line for line in out.splitlines() if "Answers" in line]
    assert expected in answers_line
    trick_state = next(s for s in states if s.last_trick is not None)
    out = " ".join(text_of(tacocat_term.render_view(GAME.view(trick_state, 1), "es")).split())
    attacker, attack, _ = trick_state.last_trick
    cards = " ".join(map(str, attack))
    name = seat_label(attacker, "es")
    assert f"Última baza {name} atacó con {cards};" in out
    assert "; respuestas: " in out


@pytest.mark.parametrize(
    ("lang", "own"),
    [("en", "You had only one legal move"), ("es", "Solo podías hacer una cosa")],
)
def test_a_forced_move_is_told_to_its_player_in_the_second_person(lang: Lang, own: str) -> None:
    """Tile Up: after 'draw tiles' the lone 'end' plays itself; seat 0 is told "you" (not
    "Seat 0 had only one legal move"), and the other seat is not told at all (hidden
    hands: whether a move was forced may depend on them)."""
    from ludoteca.engine.shared_events import step_events  # noqa: PLC0415
    from ludoteca.games.tile_up.game import GAME as TILE_UP  # noqa: PLC0415

    rng = random.Random(0)

    def chance_steps(state: Any) -> Any:
        while TILE_UP.actors(state)[0] < 0:
            chance = TILE_UP.sample_chance(state, rng)
            state = runner.step(TILE_UP, state, TILE_UP.actors(state)[0], chance)
        return state

    state = chance_steps(runner.new_game(TILE_UP, 2, 5))
    seat = TILE_UP.actors(state)[0]
    state = chance_steps(runner.step(TILE_UP, state, seat, TILE_UP.parse_action("draw tiles")))
    (end,) = TILE_UP.legal_actions(state, seat)
    after = runner.step(TILE_UP, state, seat, end)
    names = [renderer_for("tile_up").seat_label(s, lang) for s in range(2)]
    mine = [e.text(lang, names) for e in step_events(TILE_UP, state, seat, end, after, seat)]
    assert any(line.startswith(own) for line in mine), mine
    theirs = step_events(TILE_UP, state, seat, end, after, 1 - seat)
    assert "forced" not in [e.kind for e in theirs]
