"""Game options: defaults, typed values from text, and clear errors in both languages."""

import pytest

from ludoteca.engine import options
from ludoteca.engine.errors import GameSetupError
from ludoteca.games import tacocat


def test_defaults_are_filled_in() -> None:
    assert options.resolve(tacocat.INFO, None) == {"tie_goes_to_arrow": False, "min_sequence": 3}


def test_text_values_are_typed() -> None:
    resolved = options.resolve(tacocat.INFO, {"tie_goes_to_arrow": "sí", "min_sequence": "2"})
    assert resolved == {"tie_goes_to_arrow": True, "min_sequence": 2}


def test_unknown_option_lists_valid_ones() -> None:
    with pytest.raises(GameSetupError) as caught:
        options.resolve(tacocat.INFO, {"jokers": True})
    assert "min_sequence, tie_goes_to_arrow" in caught.value.text("en")
    assert caught.value.text("es").startswith("Opción desconocida 'jokers'")


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("tie_goes_to_arrow", "maybe", "true/false"),
        ("min_sequence", "4", "2 | 3"),
        ("min_sequence", True, "2 | 3"),
        ("min_sequence", "three", "2 | 3"),
    ],
)
def test_bad_values_say_what_is_expected(name: str, value: object, expected: str) -> None:
    with pytest.raises(GameSetupError) as caught:
        options.resolve(tacocat.INFO, {name: value})
    assert expected in caught.value.text("en")
    assert "se espera" in caught.value.text("es")


def test_parse_pairs() -> None:
    assert options.parse_pairs(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(GameSetupError):
        options.parse_pairs(["novalue"])
