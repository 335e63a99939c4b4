"""How to play a game, for someone who has never seen the box: structured, in es and en.

:func:`how_to_play` builds the same content for every surface (``ludoteca rules`` prints
it, the web table renders it as its "How to play" page). Each game contributes:

- its components, from ``games/<id>/guide.py`` (``components(lang)``), built from the
  numbers in its ``components.toml`` so counts cannot drift from the rules engine;
- the ``[guide]`` table of that file: ``setup``, ``turn`` and ``end`` paragraphs in each
  language;
- every ``[[rules]]`` entry with its rule id, and its options.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoteca.engine import components, registry
from ludoteca.engine.game import OptionValue
from ludoteca.engine.i18n import Lang, msg, register

GUIDE_PARTS = ("setup", "turn", "example", "end")
"""The ``[guide]`` paragraphs every game writes, in this order (``example``: one turn, a
paragraph per step; the web page draws a picture of each step)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a section: a term (a card, a symbol, a rule id) and what it means."""

    term: str
    text: str

    def to_json(self) -> dict[str, str]:
        """``{"term", "text"}``."""
        return {"term": self.term, "text": self.text}


@dataclass(frozen=True, slots=True)
class Section:
    """A part of the guide: a title, paragraphs, then rows.

    Attributes:
        key: Stable id (``"components"``, ``"setup"``, ``"rules"``... or a game's own).
        title: The heading, in the guide's language.
        paragraphs: Free text, shown before the rows.
        entries: ``(term, text)`` rows, e.g. each card with its copies.
        preformatted: Rows whose text is a drawing (goal shapes): keep line breaks and
            spacing, use a fixed-width font.
    """

    key: str
    title: str
    paragraphs: tuple[str, ...] = ()
    entries: tuple[Entry, ...] = ()
    preformatted: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the section."""
        return {
            "key": self.key,
            "title": self.title,
            "paragraphs": list(self.paragraphs),
            "entries": [entry.to_json() for entry in self.entries],
            "preformatted": self.preformatted,
        }


@dataclass(frozen=True, slots=True)
class Guide:
    """How to play one game, in one language."""

    game: str
    lang: Lang
    name: str
    summary: str
    sections: tuple[Section, ...]

    def section(self, key: str) -> Section:
        """The section with ``key``.

        Raises:
            KeyError: If the guide has no such section.
        """
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the whole guide (what the web page renders)."""
        return {
            "game": self.game,
            "lang": self.lang,
            "name": self.name,
            "summary": self.summary,
            "sections": [section.to_json() for section in self.sections],
        }


ComponentsBuilder = Callable[[Lang], tuple[Section, ...]]


def how_to_play(game_id: str, lang: Lang) -> Guide:
    """Everything a new player needs for ``game_id``, in ``lang``.

    Args:
        game_id: A registered game id.
        lang: ``"es"`` or ``"en"``.

    Returns:
        The guide: the game's components, setup, a turn, the end, every rule with its id,
        and the options.

    Raises:
        GameSetupError: If the game id is unknown.
    """
    game = registry.make(game_id)
    data = components.load(game_id)
    builder: ComponentsBuilder = importlib.import_module(
        f"ludoteca.games.{game_id}.guide"
    ).components
    sections: list[Section] = list(builder(lang))
    guide = data.get("guide", {})
    for part in GUIDE_PARTS:
        paragraphs = tuple(guide.get(part, {}).get(lang, ()))
        if paragraphs:
            sections.append(Section(part, title(part, lang), paragraphs))
    rules = tuple(Entry(rule_id, text) for rule_id, text in game.rules_text(lang))
    sections.append(Section("rules", title("rules", lang), entries=rules))
    sections.append(_options(game.info.options, lang))
    info = game.info
    summary = info.summary_es if lang == "es" else info.summary_en
    return Guide(game_id, lang, info.name(lang), summary, tuple(sections))


def title(key: str, lang: Lang) -> str:
    """A section heading from the catalogue (``guide.title.<key>``)."""
    return msg(f"guide.title.{key}").text(lang)


def text(key: str, lang: Lang, **params: object) -> str:
    """A guide text from the catalogue (``guide.<key>``), formatted."""
    return msg(f"guide.{key}", **params).text(lang)


def copies(count: int, lang: Lang) -> str:
    """``"1 copy"`` / ``"4 copies"`` in ``lang``."""
    return text("copy_one", lang) if count == 1 else text("copies", lang, count=count)


def _show(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _options(specs: Any, lang: Lang) -> Section:
    entries = []
    for spec in specs:
        help_text = spec.help_es if lang == "es" else spec.help_en
        if spec.choices:
            values = " | ".join(_show(choice) for choice in spec.choices)
        elif isinstance(spec.default, bool):
            values = "true | false"
        else:
            values = text("any_value", lang, kind=type(spec.default).__name__)
        default = text("option_default", lang, value=_show(spec.default), values=values)
        entries.append(Entry(spec.name, f"{help_text} ({default})"))
    paragraphs = (text("options_how", lang),) if entries else (text("no_options", lang),)
    return Section("options", title("options", lang), paragraphs, tuple(entries))


register(
    {
        "guide.title.components": {"es": "Componentes", "en": "Components"},
        "guide.title.setup": {"es": "Preparación", "en": "Setup"},
        "guide.title.turn": {"es": "Un turno", "en": "A turn"},
        "guide.title.example": {"es": "Un turno de ejemplo", "en": "An example turn"},
        "guide.title.end": {"es": "El final", "en": "The end"},
        "guide.title.rules": {
            "es": "Todas las reglas, con su identificador",
            "en": "Every rule, with its id",
        },
        "guide.title.options": {"es": "Opciones", "en": "Options"},
        "guide.option_default": {
            "es": "por defecto: {value}; valores: {values}",
            "en": "default: {value}; values: {values}",
        },
        "guide.any_value": {"es": "cualquier {kind}", "en": "any {kind}"},
        "guide.options_how": {
            "es": "Se cambian con -o NOMBRE=VALOR (p. ej. en ludoteca play).",
            "en": "Change them with -o NAME=VALUE (e.g. in ludoteca play).",
        },
        "guide.no_options": {"es": "Este juego no tiene opciones.", "en": "No options."},
        "guide.copy_one": {"es": "1 copia", "en": "1 copy"},
        "guide.copies": {"es": "{count} copias", "en": "{count} copies"},
        "guide.total": {"es": "En total", "en": "In all"},
    }
)
