"""Messages a person reads, in Spanish and English.

Every text a player sees is a :class:`Message`: a catalogue key plus parameters. The
catalogue holds one template per language; games add their own keys when imported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ludoteca.engine import native

Lang = Literal["es", "en"]
LANGS: tuple[Lang, ...] = ("es", "en")
DEFAULT_LANG: Lang = "en"

_CATALOGUE: dict[str, dict[Lang, str]] = {}


@dataclass(frozen=True, slots=True)
class Message:
    """A translatable text: a catalogue key and its parameters.

    Attributes:
        key: Catalogue key, e.g. ``"tacocat.defend_too_low"``.
        params: Parameters as ``(name, value)`` pairs, formatted into the template.
    """

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, lang: Lang = DEFAULT_LANG) -> str:
        """Render this message in ``lang``.

        Args:
            lang: ``"es"`` or ``"en"``.

        Returns:
            The formatted text. Parameters that are themselves messages are rendered in the
            same language.
        """
        templates = _CATALOGUE.get(self.key)
        if templates is None:
            return self.key
        values = {
            name: value.text(lang) if isinstance(value, Message | Localized) else value
            for name, value in self.params
        }
        return templates[lang].format(**values)

    def __str__(self) -> str:
        return self.text(DEFAULT_LANG)


@dataclass(frozen=True, slots=True)
class Localized:
    """A parameter value already written in both languages (e.g. a game's ``describe``).

    Attributes:
        es: The Spanish text.
        en: The English text.
    """

    es: str
    en: str

    def text(self, lang: Lang = DEFAULT_LANG) -> str:
        """The text in ``lang``."""
        return self.es if lang == "es" else self.en

    def __str__(self) -> str:
        return self.en


def msg(key: str, **params: object) -> Message:
    """Build a :class:`Message` from keyword parameters."""
    return Message(key, tuple(params.items()))


def register(entries: Mapping[str, Mapping[str, str]]) -> None:
    """Add catalogue entries; each must have both a Spanish and an English template.

    Args:
        entries: ``{key: {"es": template, "en": template}}``.

    Raises:
        ValueError: If an entry lacks a language.
    """
    for key, templates in entries.items():
        missing = [lang for lang in LANGS if lang not in templates]
        if missing:
            raise ValueError(f"message {key!r} lacks the language(s) {missing}")
        _CATALOGUE[key] = {"es": templates["es"], "en": templates["en"]}


def has(key: str) -> bool:
    """Whether the catalogue knows ``key``."""
    return key in _CATALOGUE


def catalogue_keys() -> tuple[str, ...]:
    """Every catalogue key, sorted (for tests that check both languages exist)."""
    return tuple(sorted(_CATALOGUE))


def parse_lang(text: str) -> Lang:
    """Validate a language code.

    Raises:
        ValueError: If ``text`` is not ``es`` or ``en``.
    """
    if text == "es":
        return "es"
    if text == "en":
        return "en"
    raise ValueError(f"unknown language {text!r}; use one of: es, en")


register(
    {
        "engine.illegal": {
            "es": "Acción ilegal '{action}' de {seat} en la fase {phase}{rule}: {reason}",
            "en": "Illegal action '{action}' by {seat} in phase {phase}{rule}: {reason}",
        },
        "engine.rule_suffix": {"es": " (regla {rule_id})", "en": " (rule {rule_id})"},
        "engine.legal_list": {"es": " Legales: {legal}.", "en": " Legal: {legal}."},
        "engine.not_your_turn": {
            "es": "no es el turno de {seat}; ahora actúa: {actors_seats}",
            "en": "it is not {seat}'s turn; now acting: {actors_seats}",
        },
        "engine.game_over": {
            "es": "la partida ha terminado",
            "en": "the game is over",
        },
        "engine.not_legal_here": {
            "es": "esa acción no está permitida ahora",
            "en": "that action is not allowed now",
        },
        "engine.invalid_action": {
            "es": "No entiendo la acción '{text}': {reason}",
            "en": "Cannot read the action '{text}': {reason}",
        },
        "engine.unknown_game": {
            "es": "Juego desconocido '{game}'. Juegos válidos: {valid}",
            "en": "Unknown game '{game}'. Valid games: {valid}",
        },
        "engine.bad_players": {
            "es": "{game} se juega con {low} a {high} jugadores, no con {n}",
            "en": "{game} is played by {low} to {high} players, not {n}",
        },
        "engine.bad_players_exact": {
            "es": "{game} se juega con {low} jugadores, no con {n}",
            "en": "{game} is played by {low} players, not {n}",
        },
        "engine.unknown_option": {
            "es": "Opción desconocida '{name}' para {game}. Opciones válidas: {valid}",
            "en": "Unknown option '{name}' for {game}. Valid options: {valid}",
        },
        "engine.bad_option": {
            "es": "Valor '{value}' no válido para la opción '{name}': se espera {expected}",
            "en": "Invalid value '{value}' for option '{name}': expected {expected}",
        },
        "engine.bad_record": {
            "es": "Registro de partida no válido: {reason}",
            "en": "Invalid game record: {reason}",
        },
        "engine.option_pair": {
            "es": "La opción '{text}' debe escribirse NOMBRE=VALOR",
            "en": "The option '{text}' must be written NAME=VALUE",
        },
        "engine.none": {"es": "ninguna", "en": "none"},
        "engine.phase_over": {"es": "fin", "en": "over"},
    }
)

register(
    {
        "engine.illegal_full": {"es": "{base}.{legal}", "en": "{base}.{legal}"},
        "": {"es": "", "en": ""},
    }
)


native.picklable(globals())  # the frozen dataclasses above, compiled (engine/native.py)
