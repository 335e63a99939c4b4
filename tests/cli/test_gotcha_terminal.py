"""Gotcha in the terminal: the renderer, the menu, the typed input of a person, and
``ludoteca play gotcha`` against bots."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludoteca.agents.gotcha.greedy import LINES, GreedyGotcha
from ludoteca.cli import app
from ludoteca.engine import runner
from ludoteca.engine.game import CHANCE
from ludoteca.games.gotcha import cards
from ludoteca.games.gotcha.actions import Buzz, Chat, Deal, Draw, Emote, Play
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import State
from ludoteca.terminal import gotcha as gotcha_term
from ludoteca.terminal import renderer_for
from ludoteca.terminal.human import QuitGame

PROFILES = [
    {"name": "Ana", "age": 30, "traits": ["woman", "jeans", "glasses"]},
    {"name": "Bruno", "age": 41, "traits": ["man"]},
    {"name": "Carla", "age": 25, "traits": ["woman"]},
    {"name": "Diego", "age": 52, "traits": ["man", "glasses"]},
]


def new() -> State:
    state: State = runner.new_game(GAME, 4, 0, {"profiles": json.dumps(PROFILES)})
    return state


def whisper_for_men() -> State:
    """Ana played "must whisper" under "men" on a1; Diego then shouted."""
    state = new()
    hands = list(state.hands)
    pile = set(state.pile) | set(hands[0])
    hands[0] = ("A01", "W01")
    state = state._replace(hands=tuple(hands), pile=tuple(sorted(pile - {"A01", "W01"})))
    state = runner.step(GAME, state, 0, Draw(100))
    state = runner.step(GAME, state, CHANCE, Deal(state.pile[-1]))
    state = runner.step(GAME, state, 0, Play(200, "A01", 0))
    shouted: State = runner.step(GAME, state, 3, Chat(4000, "HOLA"))
    return shouted


def text_of(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=140).print(renderable)
    return buffer.getvalue()


def test_the_view_shows_rules_track_room_and_only_the_own_hand() -> None:
    state = whisper_for_men()
    out = text_of(gotcha_term.render_view(GAME.view(state, 1), "en"))
    assert "Men must whisper." in out
    assert "Diego: HOLA" in out and "CHAMP" in out and "●Ana" in out
    assert "You play as ▲ Bruno" in out
    hand = out.split("Your hand")[1]
    for card in state.hands[1]:  # by its sentence, never its id
        assert cards.card(card).en[:20] in hand and card not in out
    for card in state.hands[2]:
        if card not in state.hands[1]:
            assert cards.card(card).en[:20] not in hand
    spanish = text_of(gotcha_term.render_view(GAME.view(state, None), "es"))
    assert "Los hombres deben susurrar." in spanish
    assert "Tu mano" not in spanish


def test_the_menu_numbers_one_draw_and_one_entry_per_play() -> None:
    state = new()
    menu = gotcha_term.menu(GAME.view(state, 0), GAME.legal_actions(state, 0), "en")
    assert len(menu.actions) == 1 and isinstance(menu.actions[0], Draw)
    assert "/buzz AREA NAMES" in menu.hints[0] or "/timbre ZONA NOMBRES" in menu.hints[0]
    state = runner.step(GAME, runner.step(GAME, state, 0, Draw(10)), CHANCE, Deal("A02"))
    menu = gotcha_term.menu(GAME.view(state, 0), GAME.legal_actions(state, 0), "en")
    shapes = {(a.card, a.slot, a.target) for a in menu.actions}
    assert len(shapes) == len(menu.actions)
    assert "Area 1: “must shout when talking”" in menu.labels
    assert renderer_for("gotcha") is gotcha_term.RENDERER


class FakeClock:
    """Each reading advances 0.75 s of 'real' time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.75
        return self.now


def person(lines: list[str], seat: int = 1) -> tuple[gotcha_term.GotchaHuman, list[str]]:
    answers: Iterator[str] = iter(lines)
    prompts: list[str] = []

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    console = Console(file=io.StringIO(), width=120)
    return gotcha_term.GotchaHuman(GAME, seat, "en", console, read_line, FakeClock()), prompts


def ask(agent: gotcha_term.GotchaHuman, state: State, seat: int = 1) -> Any:
    legal = GAME.legal_actions(state, seat)
    action = agent.choose(GAME.view(state, seat), legal, random.Random(0))
    assert action in legal
    return action


def test_typed_text_is_chat_stamped_with_the_time_spent_typing() -> None:
    state = whisper_for_men()
    agent, prompts = person(["¿quién sigue?"])
    action = ask(agent, state)
    assert action == Chat(state.clock + 750, "¿quién sigue?")
    assert prompts == ["Bruno, what now? > "]


def test_slash_commands_emote_buzz_and_numbers() -> None:
    state = act_grace(whisper_for_men())
    agent, _ = person(["/emote clap"], seat=2)
    assert ask(agent, state, 2) == Emote(state.clock + 750, "clap")
    agent, _ = person(["/buzz a1 3"], seat=2)
    buzz = ask(agent, state, 2)
    assert buzz == Buzz(state.clock + 750, 0, (3,))
    agent, _ = person(["1"], seat=1)
    assert isinstance(ask(agent, state, 1), Draw)


def act_grace(state: State) -> State:
    after: State = runner.step(GAME, state, 2, Emote(state.clock + 10, "wave"))
    return after


def test_an_illegal_line_is_explained_and_asked_again() -> None:
    state = whisper_for_men()
    agent, prompts = person(["/emote moonwalk", "/buzz a2 3", "/emote wave"])
    assert ask(agent, state) == Emote(state.clock + 750, "wave")
    out = agent._console.file.getvalue()  # type: ignore[attr-defined]
    assert "rule GT-15" in out and "rule GT-06" in out
    assert len(prompts) == 3


def test_a_pending_action_is_resent_after_a_bot_acts_first() -> None:
    state = whisper_for_men()
    agent, prompts = person(["hola"])
    action = ask(agent, state)
    earlier = runner.step(GAME, state, 2, Emote(state.clock + 10, "wave"))
    assert ask(agent, earlier) == action and len(prompts) == 1
    done = runner.step(GAME, earlier, 1, action)
    with pytest.raises(StopIteration):
        ask(agent, done)  # applied: it asks for the next line


def test_an_empty_line_waits_and_q_quits() -> None:
    state = whisper_for_men()
    agent, prompts = person(["", "q"])
    idle = ask(agent, state)
    assert idle.t == state.clock + 60000
    assert ask(agent, state) is not None and len(prompts) == 1  # still waiting
    later = runner.step(GAME, state, 2, Emote(state.clock + 6000, "wave"))
    with pytest.raises(QuitGame):
        ask(agent, later)


def test_play_gotcha_against_bots_in_the_terminal() -> None:
    stdin = "hola a todos\n/emote clap\n\n\n1\n\n\n\nq\n"
    result = CliRunner().invoke(
        app, ["play", "gotcha", "--players", "4", "--seed", "3", "--lang", "en"], input=stdin
    )
    assert result.exit_code == 1, result.output
    out = result.stdout
    assert "Gotcha! · turn 1 ·" in out and "You play as" in out  # no turn limit (GT-14)
    # The news since the person's last action (issue 13): their own chat and emote too.
    assert "Since your last move" in out
    assert "Ana: “hola a todos”" in out and "Ana sends the emote: clap." in out
    assert "Game abandoned." in out


def test_hot_seat_is_refused_for_the_realtime_game() -> None:
    result = CliRunner().invoke(app, ["play", "gotcha", "--vs", "human", "--lang", "en"])
    assert result.exit_code != 0
    assert "realtime: it cannot be played hot-seat" in result.output


def test_the_view_shows_who_is_who_how_to_keep_each_rule_and_the_announced_sentence() -> None:
    """A person must see the declared traits (a WHO card reads them), the seat numbers to
    name in a buzz, how each live rule is kept in the room, and the sentence announced."""
    state = whisper_for_men()
    out = text_of(gotcha_term.render_view(GAME.view(state, 1), "en"))
    assert "Players" in out and "Diego, 52: wears glasses, is a man" in out
    assert "Bruno, 41: is a man · you" in out
    assert "In the chat: lower case only." in out
    assert "binds from 3.2s: Bruno, Diego" in out
    assert "new rule: “Men must whisper.”" in out
    assert "Ana draws a card" in out
    spanish = text_of(gotcha_term.render_view(GAME.view(state, 1), "es"))
    assert "Jugadores" in spanish and "Bruno, 41 años: es hombre · tú" in spanish
    assert "En el chat: solo minúsculas." in spanish
    assert "obliga desde 3.2s a: Bruno, Diego" in spanish
    assert "nueva regla: «Los hombres deben susurrar.»" in spanish


def test_chat_text_is_shown_as_typed_not_read_as_markup() -> None:
    state = runner.step(GAME, whisper_for_men(), 2, Chat(4100, "[bold]hola[/bold] [red]"))
    out = text_of(gotcha_term.render_view(GAME.view(state, 1), "en"))
    assert "Carla: [bold]hola[/bold] [red]" in out


def test_refusals_name_what_the_person_typed_without_the_time_stamp() -> None:
    state = whisper_for_men()
    agent, _ = person(["/foo bar", "/emote moonwalk", "/emote wave"])
    ask(agent, state)
    out = agent._console.file.getvalue()  # type: ignore[attr-defined]
    assert "there is no command /foo; commands: /emote, /buzz" in out  # not engine syntax
    assert "@12500" not in out
    assert "You cannot do this: " in out and "(rule GT-15)" in out


@pytest.mark.parametrize("typed", ["/buzz a1 3", "/buzz area 1 Diego", "/timbre Zona1 diego"])
def test_a_person_catches_a_breaker_with_buzz_and_scores(typed: str) -> None:
    """GT-06/GT-08 through the terminal: Diego shouted under "men must whisper"; Carla
    (a person) types /buzz a1 3 (or names the area and Diego as the board shows them)
    and moves 2 forward, Diego 1 back."""
    state = act_grace(whisper_for_men())
    agent, _ = person([typed], seat=2)
    buzz = ask(agent, state, 2)
    after: State = runner.step(GAME, state, 2, buzz)
    assert after.buzzes[-1].result == "correct"
    assert after.positions[2] == 2 and after.positions[3] == -1


def test_enter_never_plays_a_move_for_the_person() -> None:
    """Issue 15: an empty line waits only while someone else can act; when the person is
    the only actor (here the turn player, everyone else out of room events and no rule to
    buzz), it says so and asks again instead of proposing the listed draw."""
    state = new()._replace(events_left=(4, 0, 0, 0))
    assert GAME.actors(state) == (0,)
    agent, prompts = person(["", "hola"], seat=0)
    assert ask(agent, state, 0) == Chat(state.clock + 750, "hola")
    assert len(prompts) == 2
    assert "nobody else can act now" in agent._console.file.getvalue()  # type: ignore[attr-defined]
    waiting, _ = person([""], seat=0)
    idle = ask(waiting, new(), 0)  # the others can act: the wait loses every race
    assert idle.t == 60000


def test_emotes_are_typed_by_id_or_by_their_label_in_either_language() -> None:
    """Issue 15: the room shows emotes by their Spanish labels, so ``/emote aplaudir`` and
    ``/gesto guitarra aérea`` work, as do the English labels and the ids."""
    state = whisper_for_men()
    for typed, emote in (
        ("/emote aplaudir", "clap"),
        ("/gesto Guitarra aerea", "air_guitar"),
        ("/emote air guitar", "air_guitar"),
        ("/emote high_five", "high_five"),
    ):
        agent, _ = person([typed], seat=2)
        assert ask(agent, state, 2) == Emote(state.clock + 750, emote), typed


def test_the_room_language_follows_the_person_and_bots_speak_it() -> None:
    """Issue 15: ``ludoteca play gotcha --lang en`` makes an English room (option
    ``language``), and the bots chat in English there."""
    stdin = "\n" * 6 + "q\n"
    result = CliRunner().invoke(
        app, ["play", "gotcha", "--players", "4", "--seed", "5", "--lang", "en"], input=stdin
    )
    assert "Game abandoned." in result.output and "Traceback" not in result.output
    state: State = runner.new_game(GAME, 4, 0, {"language": "en"})
    bot = GreedyGotcha(chat_rate=1.0)
    said = set()
    for seed in range(6):
        action = bot.choose(GAME.view(state, 1), GAME.legal_actions(state, 1), random.Random(seed))
        if isinstance(action, Chat):
            said.add(action.text)
    assert said and said <= set(LINES["en"])
