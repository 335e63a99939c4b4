"""Mystery Date action text: parse, str round trips, Spanish forms, refusals, descriptions."""

from __future__ import annotations

from typing import Any

import pytest
from mystery_date_helpers import c, chance, legal_texts, roll_to, table

from ludoteca.engine.errors import InvalidActionError
from ludoteca.games.mystery_date.cards import (
    PILE_DISCARD,
    PILE_DRAW,
    Discard,
    Door,
    Draw,
    Give,
    Pick,
    Reveal,
    Roll,
    Show,
    card_text,
    cards_text,
)
from ludoteca.games.mystery_date.game import GAME

ACTIONS: list[Any] = [
    Roll(1),
    Roll(6),
    Draw(0),
    Draw(11),
    Reveal(5),
    Pick(7),
    Door(0),
    Door(4),
    Give(3, 1),
    Give(11, 3),
    Discard(2),
    PILE_DRAW,
    PILE_DISCARD,
    Show(2),
]


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("roll 4", Roll(4)),
        ("draw P1", Draw(0)),
        ("draw o3", Draw(11)),
        ("reveal G2", Reveal(4)),
        ("pick B1", Pick(6)),
        ("door orange", Door(3)),
        ("door dud", Door(4)),
        ("give G1 to 2", Give(3, 2)),
        ("give G1 2", Give(3, 2)),
        ("discard B3", Discard(8)),
        ("pile draw", PILE_DRAW),
        ("pile discard", PILE_DISCARD),
        ("show pink", Show(0)),
        ("  SHOW   Blue ", Show(2)),
    ],
)
def test_parse_action_reads_the_text_forms(text: str, action: Any) -> None:
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("tirar 3", Roll(3)),
        ("robar R1", Draw(0)),
        ("descubrir V2", Reveal(4)),
        ("sacar A3", Pick(8)),
        ("puerta naranja", Door(3)),
        ("puerta fracaso", Door(4)),
        ("dar N1 a 1", Give(9, 1)),
        ("descartar A1", Discard(6)),
        ("montón robo", PILE_DRAW),
        ("monton descarte", PILE_DISCARD),
        ("mostrar verde", Show(1)),
    ],
)
def test_parse_action_reads_spanish_forms(text: str, action: Any) -> None:
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize("action", ACTIONS)
def test_str_and_parse_action_round_trip(action: Any) -> None:
    assert GAME.parse_action(str(action)) == action


def test_every_legal_action_of_a_swap_any_round_trips() -> None:
    state = roll_to(table(["P1 P2 G3", "G1", "B1", "O1"]), 7)
    assert len(legal_texts(state, 0)) == 9
    for action in GAME.legal_actions(state, 0):
        assert GAME.parse_action(str(action)) == action
    state = chance(GAME.apply(state, 0, GAME.legal_actions(state, 0)[0]), "pick G1")
    assert state.hands[0][c("G1")] == 1


@pytest.mark.parametrize(
    ("text", "es", "en"),
    [
        ("jump", "se espera una jugada: dar C a N", "expected a move: give C to N"),
        ("roll 0", "no es un número", "not a valid number"),
        ("roll six", "no es un número", "not a valid number"),
        ("roll 1 2", "se espera una jugada", "expected a move"),
        ("draw X1", "no es una carta", "is not a card"),
        ("draw P4", "no es una carta", "is not a card"),
        ("give P1", "se espera una jugada", "expected a move"),
        ("give P1 to 9", "'9' no es un asiento (0 a 3)", "'9' is not a seat (0 to 3)"),
        ("give P1 to ²", "no es un asiento", "is not a seat"),
        ("pile top", "no es un montón", "is not a pile"),
        ("show red", "no es un color", "is not a colour"),
        ("door nobody", "no es un color", "is not a colour"),
    ],
)
def test_parse_action_refuses_malformed_text(text: str, es: str, en: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        GAME.parse_action(text)
    assert info.value.input == text
    assert es in info.value.text("es"), info.value.text("es")
    assert en in info.value.text("en"), info.value.text("en")


@pytest.mark.parametrize(
    ("action", "es", "en"),
    [
        (Roll(5), "saca un 5", "rolls a 5"),
        (Draw(0), "roba R1", "draws P1"),
        (Reveal(4), "se descubre V2 como primer descarte", "G2 is turned face up"),
        (Pick(6), "toma A1 al azar", "takes B1 at random"),
        (Door(1), "tras la puerta aparece la cita de los bolos", "the door opens on the bowling"),
        (Door(4), "aparece el fracaso", "opens on the dud"),
        (Give(3, 2), "da V1 boca abajo a Jugador 3", "gives G1 face down to Player 3"),
        (Discard(11), "descarta N3", "discards O3"),
        (PILE_DRAW, "encima del mazo", "top card of the draw pile"),
        (PILE_DISCARD, "encima del descarte", "top card of the discard pile"),
        (Show(3), "muestra el atuendo naranja", "shows the orange outfit"),
    ],
)
def test_describe_in_both_languages(action: Any, es: str, en: str) -> None:
    assert es in GAME.describe(action, "es")
    assert en in GAME.describe(action, "en")


def test_a_gift_names_its_target_by_the_players_names() -> None:
    names = ("Ana", "Luis", "Eva")
    assert GAME.describe(Give(3, 2), "es", names) == "da V1 boca abajo a Eva"
    assert GAME.describe(Give(3, 1), "en", names) == "gives G1 face down to Luis"


def test_cards_in_messages_use_the_readers_letters() -> None:
    assert cards_text([0, 4, 11]).text("es") == "R1 V2 N3"
    assert cards_text([0, 4, 11]).text("en") == "P1 G2 O3"
    assert cards_text([]).text("es") == "-" and card_text(8).text("es") == "A3"
