"""Every message exists in Spanish and English with the same placeholders."""

import string

import pytest

from ludoteca.engine import i18n
from ludoteca.games import tacocat  # noqa: F401  (registers the game's messages)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", [k for k in i18n.catalogue_keys() if k])
def test_message_has_both_languages_with_same_fields(key: str) -> None:
    templates = i18n._CATALOGUE[key]
    assert templates["es"].strip() and templates["en"].strip()
    assert _fields(templates["es"]) == _fields(templates["en"])


def test_register_refuses_a_missing_language() -> None:
    with pytest.raises(ValueError, match="lacks"):
        i18n.register({"x.only_en": {"en": "hello"}})


def test_nested_messages_render_in_the_same_language() -> None:
    message = i18n.msg("engine.invalid_action", text="zz", reason=i18n.msg("tacocat.bad_verb"))
    assert message.text("es").startswith("No entiendo la acción 'zz': se espera")
    assert message.text("en").startswith("Cannot read the action 'zz': expected")


def test_parse_lang() -> None:
    assert i18n.parse_lang("es") == "es"
    with pytest.raises(ValueError, match="es, en"):
        i18n.parse_lang("fr")
