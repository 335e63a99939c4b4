"""Terminal rendering of game views with Rich, the human agent that prompts, and the games
the command line asks for: ``terminal.play`` runs one game (``ludoteca play``),
``terminal.replay`` steps through a record (``ludoteca replay``).

Each game may add a renderer module (``terminal/<game id>.py`` exposing ``RENDERER``) and
list it in :data:`_RENDERERS`; games without one get a plain key/value rendering. Renderers
only ever receive views, never states, so they cannot show what a seat may not see.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

from ludoteca.engine import registry
from ludoteca.engine.game import CHANCE, Game, View
from ludoteca.engine.i18n import Lang, msg
from ludoteca.engine.seats import PLAYER_NAMES, seat_symbol
from ludoteca.terminal import messages as _messages  # noqa: F401 (registers the texts)

MARKED = "marked"
"""The key under which the full-screen table adds the last move's place to a view it draws:
the data of the event that told the move (a cell, a space, a card, a rule area), so a
renderer can mark it on the board. Only events the viewer was told, so nothing hidden.
"""
MENU_LIMIT = 30
"""Most moves the generic menu numbers."""


@dataclass(frozen=True, slots=True)
class Menu:
    """The moves offered to a person.

    Attributes:
        actions: The moves that can be picked by number (``actions[0]`` is number 1).
        labels: One line per numbered move, in the person's language.
        hints: Extra lines, e.g. how to type moves that are not numbered.
    """

    actions: tuple[Any, ...]
    labels: tuple[str, ...]
    hints: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Renderer:
    """How one game is drawn in the terminal.

    Attributes:
        render_view: ``(view, lang, seat_views)`` to a Rich renderable. ``seat_views`` is
            empty except when the whole table may be shown (a finished game's replay): then
            it holds every seat's own view, so their hands can be drawn too.
        menu: ``(view, legal, lang)`` to the :class:`Menu` offered to the person.
        seat_label: ``(seat, lang)`` to the seat's name (``"Ana"``).
        examples: ``lang`` to a few example moves in text notation, for the help line.
        human: ``(game, seat, lang, console, read_line)`` to the agent of a person playing
            against bots, for games whose input is not "pick a move" (realtime Gotcha);
            ``None``: the generic ``HumanAgent``.
        compact: ``(view, lang)`` to a shorter drawing of the table, used when the full one
            leaves no room for the moves in the terminal (``terminal.layout``); ``None``:
            the full one always.
        smaller: ``(view, lang)`` to a still shorter drawing, for when even the compact one
            does not fit (Gotcha with many players); ``None``: none.
    """

    render_view: Callable[[View, Lang, Sequence[View]], RenderableType]
    menu: Callable[[View, Sequence[Any], Lang], Menu]
    seat_label: Callable[[int, Lang], str]
    examples: Callable[[Lang], str]
    human: Callable[..., Any] | None = None
    compact: Callable[[View, Lang], RenderableType] | None = None
    smaller: Callable[[View, Lang], RenderableType] | None = None

    def tables(self, view: View, lang: Lang) -> tuple[RenderableType, ...]:
        """The table drawn fully, then compactly, then smaller (the drawings the game has)."""
        shorter = (self.compact, self.smaller)
        return (
            self.render_view(view, lang, ()),
            *(draw(view, lang) for draw in shorter if draw is not None),
        )


_RENDERERS: dict[str, str] = {
    "tacocat": "ludoteca.terminal.tacocat",
    "dweebies": "ludoteca.terminal.dweebies",
    "tile_up": "ludoteca.terminal.tile_up",
    "mystery_date": "ludoteca.terminal.mystery_date",
    "gotcha": "ludoteca.terminal.gotcha",
}


def renderer_for(game_id: str) -> Renderer:
    """The renderer for a game (the generic one if the game has none of its own)."""
    module_name = _RENDERERS.get(game_id)
    if module_name is None:
        return GENERIC
    renderer: Renderer = importlib.import_module(module_name).RENDERER
    return renderer


def seat_label(seat: int, lang: Lang) -> str:
    """The name of the person at ``seat`` (``"Ana"``, ``"Bruno"`` ...: the table names every
    seat, the person's own too, so that a sentence reads the same for all); chance is
    ``"Chance"``. People are told apart by name and symbol (:func:`seat_badge`), never by
    a seat number.
    """
    if seat == CHANCE:
        return msg("term.chance").text(lang)
    return PLAYER_NAMES[seat % len(PLAYER_NAMES)]


def seat_badge(seat: int, name: str) -> str:
    """A seat's name with its symbol, as the web's badge shows it (``"▲ Bruno"``)."""
    return f"{seat_symbol(seat)} {name}"


def table_names(game: Game[Any, Any], state: Any, count: int, lang: Lang) -> list[str]:
    """The players' names at ``state``'s table: the names the game gives its seats (Gotcha's
    profiles, public in every view), else :func:`seat_label`'s.
    """
    profiles = game.view(state, None).get("profiles")
    if isinstance(profiles, list) and len(profiles) == count:
        return [str(profile["name"]) for profile in profiles]
    return [seat_label(seat, lang) for seat in range(count)]


def _generic_view(view: View, lang: Lang, seat_views: Sequence[View]) -> RenderableType:
    game_id = str(view.get("game", ""))
    try:
        name = registry.make(game_id).info.name(lang)
    except ValueError:
        name = game_id
    table = Table(title=msg("term.generic_title", game=name, phase=view.get("phase")).text(lang))
    table.add_column("")
    table.add_column("")
    for key, value in view.items():
        table.add_row(str(key), json.dumps(value, ensure_ascii=False))
    for other in seat_views:
        label = msg("term.hand_of", seat=seat_label(int(other.get("seat", 0)), lang)).text(lang)
        table.add_row(label, json.dumps(other.get("hand"), ensure_ascii=False))
    return Group(table)


def _generic_menu(view: View, legal: Sequence[Any], lang: Lang) -> Menu:
    shown = tuple(legal[:MENU_LIMIT])
    hints: tuple[str, ...] = ()
    if len(legal) > MENU_LIMIT:
        hints = (msg("term.more_moves", count=len(legal) - MENU_LIMIT).text(lang),)
    return Menu(shown, tuple(str(action) for action in shown), hints)


GENERIC = Renderer(
    render_view=_generic_view,
    menu=_generic_menu,
    seat_label=seat_label,
    examples=lambda lang: "",
)
"""The fallback renderer: the view as a key/value table, every legal move numbered."""
