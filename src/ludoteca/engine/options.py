"""Validation of game options given as Python values or as command-line text."""

from __future__ import annotations

from collections.abc import Mapping

from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import GameInfo, OptionSpec, OptionValue
from ludoteca.engine.i18n import msg

LANGUAGE_OPTION = "language"
"""The option that is a room's language (Gotcha's bots chat and say the rules' words in
it): surfaces set it to the language of the person who creates the game unless it is given
(:func:`with_language`)."""

_TRUE = {"true", "yes", "1", "on", "si", "sí"}
_FALSE = {"false", "no", "0", "off"}


def resolve(info: GameInfo, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """Complete and validate options for a game.

    Args:
        info: The game's declaration.
        given: Options by name; values may be typed or text (``"true"``, ``"3"``).

    Returns:
        Every option of the game, given or default, typed.

    Raises:
        GameSetupError: For an unknown option name or a value of the wrong type or choice.
    """
    specs = {spec.name: spec for spec in info.options}
    resolved: dict[str, OptionValue] = {spec.name: spec.default for spec in info.options}
    for name, value in (given or {}).items():
        spec = specs.get(name)
        if spec is None:
            valid = ", ".join(sorted(specs)) or "-"
            raise GameSetupError(msg("engine.unknown_option", name=name, game=info.id, valid=valid))
        resolved[name] = _coerce(spec, value)
    return resolved


def with_language(
    info: GameInfo, given: Mapping[str, object] | None, lang: str
) -> dict[str, object]:
    """``given`` with the game's language option (:data:`LANGUAGE_OPTION`) set to ``lang``
    when the game has one and ``given`` does not set it: a room speaks its creator's language.
    """
    options = dict(given or {})
    if LANGUAGE_OPTION not in options and any(s.name == LANGUAGE_OPTION for s in info.options):
        options[LANGUAGE_OPTION] = lang
    return options


def parse_pairs(pairs: list[str]) -> dict[str, str]:
    """Read ``NAME=VALUE`` pairs from the command line.

    Raises:
        GameSetupError: For a pair without ``=``.
    """
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise GameSetupError(msg("engine.option_pair", text=pair))
        out[name.strip()] = value.strip()
    return out


def _is_int_text(text: str) -> bool:
    """ASCII digits, an optional minus, at most 18 digits (no ``²``, no int-string limit)."""
    digits = text.removeprefix("-")
    return digits.isascii() and digits.isdigit() and len(digits) <= 18


def _coerce(spec: OptionSpec, value: object) -> OptionValue:
    expected = type(spec.default).__name__
    result: OptionValue | None = None
    if isinstance(spec.default, bool):
        if isinstance(value, bool):
            result = value
        elif isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            result = value.lower() in _TRUE
        expected = "true/false"
    elif isinstance(spec.default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            result = value
        elif isinstance(value, str) and _is_int_text(value.strip()):
            result = int(value)
    elif isinstance(value, str):
        result = value
    if result is None or (spec.choices and result not in spec.choices):
        if spec.choices:
            expected = " | ".join(str(choice).lower() for choice in spec.choices)
        raise GameSetupError(
            msg("engine.bad_option", value=value, name=spec.name, expected=expected)
        )
    return result
