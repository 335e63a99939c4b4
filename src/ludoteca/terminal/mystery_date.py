"""Mystery Date in the terminal: the track with every piece, the hand by colour, the piles,
the door and the recent public events, drawn from a seat's view.

Only view keys are read (see ``MysteryDate.view``), so nothing hidden from the seat can appear.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.engine.game import View
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.engine.seats import seat_symbol
from ludoteca.games.mystery_date import game as mystery_date
from ludoteca.games.mystery_date.cards import (
    COLOURS,
    DOOR_OUTCOMES,
    MAX_SEATS,
    NUMBERS,
    Discard,
    Give,
    Pile,
    Show,
    card_label,
)
from ludoteca.terminal import MARKED, Menu, Renderer, seat_label

SYMBOLS = {
    "door": "◆",
    "take_either": "+1?",
    "take_1": "+1",
    "take_2": "+2",
    "swap_right": "⇄R",
    "swap_left": "⇄L",
    "swap_any": "⇄*",
}
"""Short labels of the space kinds on the track."""
STYLES = ("magenta", "green", "blue", "dark_orange")
"""Rich colour per card colour (pink, green, blue, orange)."""
SIDE = 8
"""Spaces per row of the drawn track (one side of the board)."""
SHOWN_EVENTS = 8
"""Recent public events listed (a bot's whole turn and more between two human decisions)."""


def render_view(
    view: View, lang: Lang, seat_views: Sequence[View] = (), *, compact: bool = False
) -> RenderableType:
    """The board and the table as ``view``'s seat sees them.

    Args:
        view: A Mystery Date view (``MysteryDate.view``).
        lang: Language of the labels.
        seat_views: Every seat's view, to also show their hands (whole-table replays only).
        compact: For a small terminal: no legend, the piles on one row, the recent events
            left to the news (``terminal.feed``).
    """
    seat = view.get("seat")
    title = msg(
        "term.md.title",
        turn=view["turn"],
        phase=msg(f"mystery_date.phase.{view['phase']}"),
    ).text(lang)
    if seat is not None and seat >= 0:
        title += " · " + msg("term.you_are", seat=seat_label(seat, lang)).text(lang)
    parts: list[RenderableType] = [_track(view)]
    if not compact:
        parts.append(Text(msg("term.md.legend").text(lang), style="dim"))
    parts.append(_table(view, lang, seat_views, compact))
    return Panel(Group(*parts), title=title, title_align="left")


def compact_view(view: View, lang: Lang) -> RenderableType:
    """The compact drawing (``render_view(..., compact=True)``)."""
    return render_view(view, lang, (), compact=True)


def menu(view: View, legal: Sequence[Any], lang: Lang) -> Menu:
    """Every move numbered (there are at most a few dozen), with its text in the person's
    language (``notation``), so a Spanish menu never mixes the two sets of card letters.
    """
    names = tuple(seat_label(seat, lang) for seat in range(MAX_SEATS))
    labels = tuple(mystery_date.GAME.describe(action, lang, names) for action in legal)
    return Menu(tuple(legal), labels)


def notation(action: Any, lang: Lang) -> str:
    """A move as it may be typed in ``lang``: ``dar R2 a 1`` in Spanish for ``give P2 to 1``
    (``parse_action`` reads both).
    """
    if lang != "es":
        return str(action)
    if isinstance(action, Give):
        return f"dar {card_label(action.card, lang)} a {action.target}"
    if isinstance(action, Discard):
        return f"descartar {card_label(action.card, lang)}"
    if isinstance(action, Pile):
        return "monton descarte" if action.from_discard else "monton robo"
    if isinstance(action, Show):
        return f"mostrar {SPANISH_COLOURS[action.colour]}"
    return str(action)


SPANISH_COLOURS = ("rosa", "verde", "azul", "naranja")
"""The colour words ``parse_action`` reads in Spanish, pink..orange."""


def examples(lang: Lang) -> str:
    """Example moves for the help line."""
    return msg("term.md.examples").text(lang)


RENDERER = Renderer(
    render_view=render_view,
    menu=menu,
    seat_label=seat_label,
    examples=examples,
    compact=compact_view,
)


def hand_by_colour(cards: Sequence[int], lang: Lang) -> Text:
    """A hand grouped by colour, e.g. ``pink 1 2 3 ✓ · green 2 · blue - · orange 1 1``."""
    text = Text()
    for colour, name in enumerate(COLOURS):
        numbers = sorted(card % NUMBERS + 1 for card in cards if card // NUMBERS == colour)
        if colour:
            text.append(" · ")
        label = msg(f"mystery_date.colour.{name}").text(lang)
        text.append(f"{label} ", style=f"bold {STYLES[colour]}")
        text.append(" ".join(map(str, numbers)) if numbers else "-")
        if set(numbers) == set(range(1, NUMBERS + 1)):
            text.append(" ✓", style="bold")
    return text


def _track(view: View) -> Table:
    """Four rows of eight spaces (one per side, clockwise): index, kind and the pieces."""
    by_space: dict[int, list[int]] = {}
    for seat, space in enumerate(view["positions"]):
        by_space.setdefault(space, []).append(seat)
    grid = Table.grid(padding=(0, 1))
    for _ in range(SIDE):
        grid.add_column(justify="left", min_width=7)
    spaces = mystery_date.TRACK
    marked = view.get(MARKED) or {}
    moved_to = marked.get("position") if marked.get("kind") == "roll" else None
    for start in range(0, len(spaces), SIDE):
        cells: list[Text] = []
        for index in range(start, min(start + SIDE, len(spaces))):
            kind = mystery_date.SPACE_NAMES[spaces[index]]
            cell = Text(f"{index:>2} ", style="dim")
            cell.append(SYMBOLS[kind], style="bold cyan" if kind == "door" else "")
            pieces = by_space.get(index, [])
            if pieces:
                cell.append(" " + "".join(seat_symbol(s) for s in pieces), style="bold yellow")
            if index == moved_to:
                cell.stylize("reverse")
            cells.append(cell)
        grid.add_row(*cells)
    return grid


def _table(view: View, lang: Lang, seat_views: Sequence[View], compact: bool = False) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()

    def row(key: str, value: str | Text) -> None:
        grid.add_row(msg(f"term.md.{key}").text(lang), value)

    actors = [seat_label(s, lang) for s in view["actors"]]
    space = msg(f"mystery_date.space.{view['space']}").text(lang)
    mover = f"{seat_label(view['mover'], lang)} · {space}"
    if compact:
        row("mover", mover)
    else:
        row("turn", ", ".join(actors) if actors else "-")
        row("mover", mover)
    if "hand" in view:
        row("your_hand", hand_by_colour(view["hand"], lang))
        for other, cards in enumerate(view["known"]):
            if cards:
                row("you_know", _knowledge(other, cards, lang))
        for other, cards in enumerate(view["known_by"]):
            if cards:
                row("they_know", _knowledge(other, cards, lang))
        if "given" in view:
            given = card_label(view["given"], lang)
            to = seat_label(view["target"], lang)
            row("given", msg("term.md.given_to", card=given, seat=to).text(lang))
    for seat_view in seat_views:
        label = msg("term.hand_of", seat=seat_label(seat_view["seat"], lang)).text(lang)
        grid.add_row(label, hand_by_colour(seat_view.get("hand", []), lang))
    sizes = " · ".join(f"{seat_label(s, lang)} {n}" for s, n in enumerate(view["hand_counts"]))
    discard: list[int] = view["discard"]
    top = card_label(discard[-1], lang) if discard else "-"
    on_top = msg("term.md.discard_top", top=top, count=len(discard)).text(lang)
    if compact:
        row("hand_counts", sizes)
        key = "term.md.piles_one" if len(discard) == 1 else "term.md.piles"
        piles = msg(key, pile=view["pile_size"], top=top, count=len(discard))
        row("pile", piles.text(lang))
    else:
        row("hand_counts", sizes)
        row("pile", str(view["pile_size"]))
        row("discard", on_top)
    if view["phase"] == "pick" and view["target"] >= 0:
        row("swap", msg("term.md.swap_now", seat=seat_label(view["target"], lang)).text(lang))
    if view["phase"] == "door" and view["shown"] >= 0:
        colour = msg(f"mystery_date.colour.{COLOURS[view['shown']]}").text(lang)
        row("door", msg("term.md.opening", colour=colour).text(lang))
    door = _last_door(view, lang)
    if door and not compact:
        row("last_door", door)
    events = [_event(entry, lang) for entry in view["log"]]
    if events and not compact:
        row("events", "\n".join(events[-SHOWN_EVENTS:]))
    return grid


def _knowledge(other: int, cards: Sequence[int], lang: Lang) -> str:
    return f"{seat_label(other, lang)}: " + " ".join(card_label(card, lang) for card in cards)


def _last_door(view: View, lang: Lang) -> str:
    for entry in reversed(view["log"]):
        if entry[0] == "door":
            return _event(entry, lang)
    return ""


def _event(entry: Sequence[Any], lang: Lang) -> str:
    kind, seat, a, b = entry
    who = seat_label(seat, lang) if seat >= 0 else ""
    if kind == "roll":
        kind_name = mystery_date.SPACE_NAMES[mystery_date.TRACK[b]]
        space = msg(f"mystery_date.space.{kind_name}")
        return msg("term.md.ev.roll", seat=who, value=a, space=b, kind=space).text(lang)
    if kind == "door":
        colour = msg(f"mystery_date.colour.{COLOURS[a]}")
        date = msg(f"mystery_date.date.{DOOR_OUTCOMES[b]}")
        return msg("term.md.ev.door", seat=who, colour=colour, date=date).text(lang)
    if kind in ("top", "discard", "reveal"):
        return msg(f"term.md.ev.{kind}", seat=who, card=card_label(a, lang)).text(lang)
    if kind == "swap":
        return msg("term.md.ev.swap", seat=who, other=seat_label(a, lang)).text(lang)
    if kind == "reshuffle":
        return msg("term.md.ev.reshuffle", count=a).text(lang)
    return msg(f"term.md.ev.{kind}", seat=who).text(lang)


register(
    {
        "term.md.title": {
            "es": "Cita misteriosa · turno {turn} · fase: {phase}",
            "en": "Mystery Date · turn {turn} · phase: {phase}",
        },
        "term.md.legend": {
            "es": "◆ abre la puerta · +1 / +2 toma del mazo · +1? del mazo o del descarte · "
            "⇄R / ⇄L / ⇄* intercambia a la derecha / izquierda / con quien quieras · ●▲■ piezas",
            "en": "◆ open the door · +1 / +2 take from the draw pile · +1? draw or discard · "
            "⇄R / ⇄L / ⇄* swap right / left / any player · ●▲■ the pieces",
        },
        "term.md.turn": {"es": "Turno", "en": "To act"},
        "term.md.mover": {"es": "Juega", "en": "Mover"},
        "term.md.your_hand": {"es": "Tu mano", "en": "Your hand"},
        "term.md.you_know": {"es": "Sabes que tiene", "en": "You know they hold"},
        "term.md.they_know": {"es": "Sabe que tienes", "en": "They know you hold"},
        "term.md.given": {"es": "Carta dada", "en": "Card given"},
        "term.md.given_to": {
            "es": "{card} boca abajo para {seat}",
            "en": "{card} face down to {seat}",
        },
        "term.md.hand_counts": {"es": "Cartas en mano", "en": "Cards in hand"},
        "term.md.pile": {"es": "Mazo de robo", "en": "Draw pile"},
        "term.md.discard": {"es": "Descartes", "en": "Discard pile"},
        "term.md.discard_top": {
            "es": "encima {top} (cartas en el montón: {count})",
            "en": "top {top} (cards in the pile: {count})",
        },
        "term.md.piles_one": {
            "es": "{pile} · descartes: encima {top} (1 carta)",
            "en": "{pile} · discard pile: top {top} (1 card)",
        },
        "term.md.piles": {
            "es": "{pile} · descartes: encima {top} ({count} cartas)",
            "en": "{pile} · discard pile: top {top} ({count} cards)",
        },
        "term.md.swap": {"es": "Intercambio", "en": "Swap"},
        "term.md.swap_now": {
            "es": "se toma una carta al azar de {seat}",
            "en": "a card is taken at random from {seat}",
        },
        "term.md.door": {"es": "Puerta", "en": "Door"},
        "term.md.opening": {
            "es": "se abre con el atuendo {colour} a la vista",
            "en": "opening, the {colour} outfit shown",
        },
        "term.md.last_door": {"es": "Última puerta", "en": "Last door"},
        "term.md.events": {"es": "Últimos sucesos", "en": "Recent events"},
        "term.md.ev.roll": {
            "es": "{seat} saca un {value} y llega a la casilla {space} ({kind})",
            "en": "{seat} rolls {value} and lands on space {space} ({kind})",
        },
        "term.md.ev.no_outfit": {
            "es": "{seat} no tiene un atuendo completo: la puerta sigue cerrada",
            "en": "{seat} has no complete outfit: the door stays shut",
        },
        "term.md.ev.pile_draw": {
            "es": "{seat} roba del mazo",
            "en": "{seat} draws from the draw pile",
        },
        "term.md.ev.top": {
            "es": "{seat} toma {card} del descarte",
            "en": "{seat} takes {card} from the discard pile",
        },
        "term.md.ev.discard": {"es": "{seat} descarta {card}", "en": "{seat} discards {card}"},
        "term.md.ev.swap": {
            "es": "{seat} intercambia una carta con {other}",
            "en": "{seat} swaps a card with {other}",
        },
        "term.md.ev.door": {
            "es": "{seat} muestra el atuendo {colour} y abre la puerta: ¡{date}!",
            "en": "{seat} shows the {colour} outfit and opens the door: {date}!",
        },
        "term.md.ev.reveal": {
            "es": "{card} se pone boca arriba como descarte",
            "en": "{card} is turned face up as the discard",
        },
        "term.md.ev.reshuffle": {
            "es": "el mazo se agotó: {count} descartes forman un mazo nuevo",
            "en": "the draw pile ran out: {count} discards make a new one",
        },
        "term.md.examples": {
            "es": "descartar V1, monton robo, monton descarte, mostrar rosa",
            "en": "discard G1, pile draw, pile discard, show pink",
        },
    }
)
