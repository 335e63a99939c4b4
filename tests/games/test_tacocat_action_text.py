"""Tacocat's action text (parse, str, describe) and the rules map in ``docs/rules/tacocat.md``."""

from __future__ import annotations

from typing import Any

import pytest
import test_playouts
import test_tacocat_lists
import test_tacocat_rules_round_start
import test_tacocat_rules_tricks
from rules_map import check_rules_map
from tacocat_table import (
    act,
    dealt_first_round,
    table,
)

from ludoteca.engine.errors import InvalidActionError
from ludoteca.games import tacocat
from ludoteca.games.tacocat import (
    GAME,
    KEEP,
    SACRIFICE,
    Attack,
    Defend,
    Draw,
    Duel,
    Phase,
    Replace,
)

# ---------------------------------------------------------------------------------------
# Action text: parse_action, str, describe


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("keep", KEEP),
        ("replace 5 3", Replace((3, 5))),
        ("replace", KEEP),
        ("duel 7", Duel(7)),
        ("attack 4 4", Attack((4, 4))),
        ("attack 5 3 4", Attack((3, 4, 5))),
        ("defend 9", Defend(9)),
        ("sacrifice", SACRIFICE),
        ("draw 12", Draw(12)),
        ("  ATTACK   11  ", Attack((11,))),
    ],
)
def test_parse_action_reads_the_text_forms(text: str, action: Any) -> None:
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("mantener", KEEP),
        ("quedarse", KEEP),
        ("cambiar 5 3", Replace((3, 5))),
        ("reemplazar 12", Replace((12,))),
        ("duelo 7", Duel(7)),
        ("atacar 6 6", Attack((6, 6))),
        ("ataque 3 4 5", Attack((3, 4, 5))),
        ("defender 9", Defend(9)),
        ("sacrificar", SACRIFICE),
        ("robar 1", Draw(1)),
        ("Atacar 2", Attack((2,))),
    ],
)
def test_parse_action_reads_spanish_verbs(text: str, action: Any) -> None:
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    "action",
    [
        KEEP,
        Replace((3, 5)),
        Duel(7),
        Attack((4, 4)),
        Attack((3, 4, 5)),
        Defend(9),
        SACRIFICE,
        Draw(1),
    ],
)
def test_str_and_parse_action_round_trip(action: Any) -> None:
    assert GAME.parse_action(str(action)) == action


def test_every_legal_action_of_a_played_round_round_trips() -> None:
    state = dealt_first_round()
    for seat in (0, 1):
        for action in GAME.legal_actions(state, seat):
            assert GAME.parse_action(str(action)) == action
    state = table((3, 4, 4, 4, 5, 9), (3, 5, 6, 6, 7, 8))
    for action in GAME.legal_actions(state, 0):
        assert GAME.parse_action(str(action)) == action
    state = act(state, 0, "attack 4 4")
    for action in GAME.legal_actions(state, 1):
        assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "es", "en"),
    [
        ("", "se espera keep", "expected keep"),
        ("   ", "se espera keep", "expected keep"),
        ("xyzzy 3", "se espera keep", "expected keep"),
        ("3 attack", "se espera keep", "expected keep"),
        ("duel", "necesita 1 carta(s)", "needs 1 card(s)"),
        ("duel 3 4", "necesita 1 carta(s)", "needs 1 card(s)"),
        ("defend", "necesita 1 carta(s)", "needs 1 card(s)"),
        ("draw", "necesita 1 carta(s)", "needs 1 card(s)"),
        ("attack", "necesita 1+ carta(s)", "needs 1+ card(s)"),
        ("keep 3", "necesita 0 carta(s)", "needs 0 card(s)"),
        ("sacrifice 2", "necesita 0 carta(s)", "needs 0 card(s)"),
        ("defend 13", "'13' no es un valor de carta entre 1 y 12", "'13' is not a card value"),
        ("defend 0", "'0' no es un valor", "'0' is not a card value"),
        ("duel -3", "'-3' no es un valor", "'-3' is not a card value"),
        ("replace 3 x", "'x' no es un valor", "'x' is not a card value"),
        ("duel 2.5", "'2.5' no es un valor", "'2.5' is not a card value"),
        ("duel ²", "'²' no es un valor", "'²' is not a card value"),
        ("duel ٣", "'٣' no es un valor", "'٣' is not a card value"),
    ],
)
def test_parse_action_refuses_malformed_text(text: str, es: str, en: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        GAME.parse_action(text)
    assert info.value.input == text
    assert f"No entiendo la acción '{text}'" in info.value.text("es")
    assert es in info.value.text("es"), info.value.text("es")
    assert en in info.value.text("en"), info.value.text("en")


@pytest.mark.parametrize(
    ("action", "es", "en"),
    [
        (KEEP, "no cambia ninguna carta", "keeps every card"),
        (Replace((3, 5)), "cambia 3 5", "replaces 3 5"),
        (Duel(7), "elige 7 para el duelo", "duels with 7"),
        (Attack((4, 4)), "ataca con 4 4", "attacks with 4 4"),
        (Defend(9), "defiende con 9", "defends with 9"),
        (SACRIFICE, "sacrifica su carta más baja", "sacrifices their lowest card"),
        (Draw(5), "roba un 5", "draws a 5"),
    ],
)
def test_describe_in_both_languages(action: Any, es: str, en: str) -> None:
    assert GAME.describe(action, "es") == es
    assert GAME.describe(action, "en") == en


def test_rules_text_lists_tc01_to_tc11_in_both_languages() -> None:
    for lang in ("es", "en"):
        ids = [rule_id for rule_id, _ in GAME.rules_text(lang)]
        assert ids == [f"TC-{n:02d}" for n in range(1, 12)]


# ---------------------------------------------------------------------------------------
# docs/rules/tacocat.md stays in sync with the code and these tests


def test_rules_map_names_real_functions_and_tests() -> None:
    """Every rule id has one row; every code name exists; every test named exists here;
    every rule test here is listed."""
    check_rules_map(
        "tacocat",
        "TC",
        11,
        tacocat,
        {
            **vars(test_tacocat_rules_round_start),
            **vars(test_tacocat_rules_tricks),
            **vars(test_tacocat_lists),
            **vars(test_playouts),
            **globals(),
        },
        modules={
            "game": tacocat.game,
            "legal": tacocat.legal,
            "model": tacocat.model,
            "playout": tacocat.playout,
        },
        fast_path="playout",
    )


def test_tc11_the_trick_that_ends_a_round_stays_visible_in_the_next_deal() -> None:
    """TC-11: played cards are public. When the last trick leads straight to the showdown,
    both seats (and spectators) still see that trick and the showdown in the new round."""
    state = table((5, 9), (2, 10), phase=Phase.ATTACK, attacker=0)
    state = act(state, 0, "attack 9")
    state = act(state, 1, "defend 10")
    assert state.phase == Phase.DEAL and state.round == 2
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["last_trick"] == {"attacker": 0, "attack": [9], "answers": [10]}
        assert view["last_showdown"] == [5, 2]
        assert view["results"] == [1]
