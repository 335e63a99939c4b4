"""Tile Up in the terminal: the board in colour with stack heights, the goal cards with their
shapes, the seat's own tiles and cards, and the moves — drawn from a seat's view only.

Each cell shows its top tile (colour letter and number on the colour) and, for a stack,
its height as a superscript: ``R4²`` is a red 4 on one other tile. Empty corners show ``◇``.
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
from ludoteca.games.tile_up.game import GAME
from ludoteca.games.tile_up.model import (
    CARDS,
    COLOUR_NAMES,
    COLOURS,
    HIDDEN_DISCARD,
    SHAPE_NAMES,
    SHAPES,
    Place,
)
from ludoteca.terminal import MARKED, MENU_LIMIT, Menu, Renderer
from ludoteca.terminal import seat_label as generic_seat_label

STYLES = {
    "O": "bold black on dark_orange",
    "R": "bold white on red3",
    "Y": "bold black on yellow",
    "G": "bold black on green3",
    "B": "bold white on blue",
    "P": "bold white on magenta",
}
"""Cell style per colour letter."""
INK = {"O": "dark_orange", "R": "red3", "Y": "yellow", "G": "green3", "B": "blue", "P": "magenta"}
"""Text colour per colour letter (shapes and hands)."""
SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
EMPTY = "·"
CORNER = "◇"
BLOCK = "■"
SHOWN_EVENTS = 12
CELLS_PER_LINE = 18
"""Allowed cells listed per line of the placement hint."""
"""Recent public actions listed under the table (a bot's whole turn, usually)."""


def seat_label(seat: int, lang: Lang) -> str:
    """The generic seat name (``Seat 1``)."""
    return generic_seat_label(seat, lang)


def render_view(view: View, lang: Lang, seat_views: Sequence[View] = ()) -> RenderableType:
    """The board and the table as ``view``'s seat sees them.

    Args:
        view: A Tile Up view (``TileUp.view``).
        lang: Language of the labels.
        seat_views: Every seat's view, to also show their tiles and cards (whole-table
            replays only).
    """
    seat = view.get("seat")
    title = msg(
        "term.tile_up.title", turn=view["turn"] + 1, phase=msg(f"tile_up.phase.{view['phase']}")
    ).text(lang)
    if seat is not None and seat >= 0:
        title += " · " + msg("term.you_are", seat=seat_label(seat, lang)).text(lang)
    parts: list[RenderableType] = [
        board_table(view),
        Text(msg("term.tile_up.legend").text(lang), style="dim"),
        _table(view, lang, seat_views),
    ]
    return Panel(Group(*parts), title=title, title_align="left")


def compact_view(view: View, lang: Lang) -> RenderableType:
    """For a small terminal: the board drawn narrow with the table beside it (the seats
    with points, tiles and cards and start sums; the own tiles and goals with their shapes;
    the face-up goals, the bag and deck, the discard pile's top cards).
    """
    seat = view.get("seat")
    title = msg(
        "term.tile_up.title", turn=view["turn"] + 1, phase=msg(f"tile_up.phase.{view['phase']}")
    ).text(lang)
    if seat is not None and seat >= 0:
        title += " · " + msg("term.you_are", seat=seat_label(seat, lang)).text(lang)
    side: list[RenderableType] = [_seats_table(view, lang)]
    info = Table.grid(padding=(0, 1))
    info.add_column(style="bold")
    info.add_column()
    if "tiles" in view:
        info.add_row(msg("term.tile_up.your_tiles").text(lang), _tiles(view["tiles"]))
    faceup = " ".join(_card_tag(card) for card in view["faceup"] if card >= 0) or "-"
    info.add_row(msg("term.tile_up.faceup_short").text(lang), faceup)
    deck = str(view["deck_size"])
    if view["deck_order"] is not None:
        deck += " (" + " ".join(map(str, view["deck_order"][:3])) + "…)"
    info.add_row(msg("term.tile_up.bag_deck").text(lang), f"{view['bag_size']} · {deck}")
    info.add_row(msg("term.tile_up.discard").text(lang), _discard_short(view["discard"], lang))
    side.append(info)
    if "goals" in view:
        side.append(Text(msg("term.tile_up.your_goals").text(lang) + ":", style="bold"))
        side.append(cards_row(view["goals"], lang, short=True))
    layout = Table.grid(padding=(0, 2))
    layout.add_column()
    layout.add_column()
    layout.add_row(board_table(view, narrow=True), Group(*side))
    return Panel(layout, title=title, title_align="left")


def _seats_table(view: View, lang: Lang) -> Table:
    """One row per seat: points (cards scored), tiles/cards held, start sum; ▶ to act."""
    table = Table.grid(padding=(0, 1))
    table.add_column()
    for _ in range(3):
        table.add_column(justify="right")
    table.add_row(
        "",
        *(Text(msg(f"term.tile_up.col_{key}").text(lang), style="dim") for key in COLUMNS),
    )
    actors = set(view["actors"])
    sums = view["start_sums"]
    for s, points in enumerate(view["scores"]):
        mark = "▶" if s in actors else " "
        start = str(sums[s]) if s < len(sums) and sums[s] >= 0 else "-"
        table.add_row(
            Text(f"{mark}{seat_label(s, lang)}", style="bold" if s == view.get("seat") else ""),
            f"{points} ({view['scored'][s]})",
            f"{view['tile_counts'][s]}/{view['goal_counts'][s]}",
            start,
        )
    return table


COLUMNS = ("points", "held", "start")
"""The columns of the compact seats table."""
SHOWN_DISCARDS = 2
"""Discarded goal cards named in the compact table (the top ones)."""


def _card_tag(card: int) -> str:
    """A goal card in a few letters: ``#11 O4P`` (id, shape, colour letter)."""
    shape, colour = CARDS[card]
    return f"#{card} {SHAPE_NAMES[shape]}{COLOURS[colour]}"


def _discard_short(discard: Sequence[int], lang: Lang) -> str:
    if not discard:
        return "-"
    top = " ".join(_card_tag(card) for card in discard[-SHOWN_DISCARDS:])
    more = "… " if len(discard) > SHOWN_DISCARDS else ""
    return f"{len(discard)}: {more}{top}"


def board_table(view: View, *, narrow: bool = False) -> Table:
    """The board: column letters on top, row numbers at the left, one cell per column;
    ``narrow``: cells four characters wide with no padding between them (a tile, its
    height and at least one space: ``P1² P3``, never ``P1²P3``).
    """
    size = int(view["size"])
    grid = Table.grid(padding=(0, 0 if narrow else 1))
    grid.add_column(justify="right", style="dim", min_width=3 if narrow else 0)
    for _ in range(size):
        grid.add_column(justify="center", min_width=4 if narrow else 3)
    grid.add_row("", *(Text("abcdefghijklmnopqrstuvwxyz"[c], style="dim") for c in range(size)))
    last = size - 1
    marked = _marked_cell(view)
    for r, row in enumerate(view["board"]):
        cells: list[Text] = []
        for c, stack in enumerate(row):
            if (r, c) == marked:
                text = tile_text(stack[-1], len(stack)) if stack else Text(EMPTY)
                text.stylize("reverse")
                cells.append(text)
            elif stack:
                cells.append(tile_text(stack[-1], len(stack)))
            elif r in (0, last) and c in (0, last):
                cells.append(Text(CORNER, style="bold"))
            else:
                cells.append(Text(EMPTY, style="dim"))
        grid.add_row(str(r + 1), *cells)
    return grid


def _marked_cell(view: View) -> tuple[int, int] | None:
    """The (row, column) of the cell the last move touched (``terminal.MARKED``), if any."""
    cell = (view.get(MARKED) or {}).get("cell")
    if not isinstance(cell, str) or len(cell) < 2 or not cell[1:].isdigit():
        return None
    return int(cell[1:]) - 1, ord(cell[0]) - ord("a")


def tile_text(name: str, height: int = 1) -> Text:
    """A tile as coloured text, with its stack height as a superscript above 1 (not in
    the tile's colour, so that it reads as the height, not as part of the tile).
    """
    text = Text(name, style=STYLES.get(name[0], "bold"))
    if height > 1:
        text.append(_superscript(height), style="bold")
    return text


def shape_text(card: int, lang: Lang, *, short: bool = False) -> Text:
    """A goal card: its id, shape name and colour (``short``: the colour's letter), and the
    shape drawn in blocks.
    """
    shape, colour = CARDS[card]
    letter = COLOURS[colour]
    cells = set(SHAPES[shape])
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    long_head = f"#{card} {SHAPE_NAMES[shape]} {COLOUR_NAMES[lang][colour]}"
    head = _card_tag(card) if short else long_head
    text = Text(head + "\n", style="bold")
    for r in range(rows):
        line = "".join(BLOCK if (r, c) in cells else " " for c in range(cols))
        text.append(line.rstrip() + "\n", style=INK[letter])
    return text


def cards_row(cards: Sequence[int], lang: Lang, *, short: bool = False) -> RenderableType:
    """Several goal cards side by side, or ``-``; ``short``: with colour letters."""
    shown = [card for card in cards if card >= 0]
    if not shown:
        return Text("-")
    grid = Table.grid(padding=(0, 1 if short else 3))
    for _ in shown:
        grid.add_column()
    drawn = [shape_text(card, lang, short=short) for card in shown]
    if short:
        for text in drawn:
            text.rstrip()
    grid.add_row(*drawn)
    return grid


def menu(view: View, legal: Sequence[Any], lang: Lang) -> Menu:
    """Every move but placements numbered; placements too when there are few. A hint lists,
    per tile, the cells it may go on.
    """
    places = [a for a in legal if isinstance(a, Place)]
    others = [a for a in legal if not isinstance(a, Place)]
    shown = list(legal) if len(legal) <= MENU_LIMIT else others
    labels = tuple(GAME.describe(action, lang) for action in shown)
    hints: list[str] = []
    if places and len(shown) < len(legal):
        hints.append(msg("term.tile_up.place_hint").text(lang))
        by_tile: dict[str, list[str]] = {}
        for action in places:
            tile, cell = str(action).split()[1:]
            by_tile.setdefault(tile, []).append(cell)
        for tile, cells in by_tile.items():
            # One line per few cells, so each line fits an 80-column terminal.
            for start in range(0, len(cells), CELLS_PER_LINE):
                head = f"{tile}:" if start == 0 else " " * (len(tile) + 1)
                hints.append(f"  {head} {' '.join(cells[start : start + CELLS_PER_LINE])}")
    return Menu(tuple(shown), labels, tuple(hints))


def examples(lang: Lang) -> str:
    """Example moves for the help line."""
    return msg("term.tile_up.examples").text(lang)


RENDERER = Renderer(
    render_view=render_view,
    menu=menu,
    seat_label=seat_label,
    examples=examples,
    compact=compact_view,
)


def _table(view: View, lang: Lang, seat_views: Sequence[View]) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()

    def row(key: str, value: RenderableType) -> None:
        grid.add_row(msg(f"term.tile_up.{key}").text(lang), value)

    def per_seat(values: Sequence[object]) -> str:
        return " · ".join(f"{seat_label(s, lang)}: {value}" for s, value in enumerate(values))

    actors = view["actors"]
    row("turn", ", ".join(seat_label(s, lang) for s in actors) if actors else "-")
    scores = [f"{p} ({n})" for p, n in zip(view["scores"], view["scored"], strict=True)]
    row("scores", per_seat(scores))
    row("faceup", cards_row(view["faceup"], lang))
    if "tiles" in view:
        row("your_tiles", _tiles(view["tiles"]))
        row("your_goals", cards_row(view["goals"], lang))
    for other in seat_views:
        label = msg("term.hand_of", seat=seat_label(int(other["seat"]), lang)).text(lang)
        grid.add_row(label, _tiles(other.get("tiles", [])))
        grid.add_row("", cards_row(other.get("goals", []), lang))
    row(
        "counts",
        per_seat(
            [f"{t}/{g}" for t, g in zip(view["tile_counts"], view["goal_counts"], strict=True)]
        ),
    )
    known = [
        (s, cards) for s, cards in enumerate(view["known_goals"]) if cards and s != view.get("seat")
    ]
    for s, cards in known:
        grid.add_row(
            msg("term.tile_up.known", seat=seat_label(s, lang)).text(lang), cards_row(cards, lang)
        )
    deck = str(view["deck_size"])
    if view["deck_order"] is not None:
        deck += " · " + msg(
            "term.tile_up.deck_order", order=" ".join(map(str, view["deck_order"]))
        ).text(lang)
    row("bag_deck", f"{view['bag_size']} · {deck}")
    discard = " ".join(_card_tag(card) for card in view["discard"])
    row("discard", Text(discard or "-"))
    if view["start_sums"] and min(view["start_sums"]) >= 0:
        row("start_sums", per_seat(view["start_sums"]))
    events = [_event(entry, lang) for entry in view.get("log", [])[-SHOWN_EVENTS:]]
    if events:
        row("events", "\n".join(events))
    return grid


def _event(entry: Sequence[Any], lang: Lang) -> str:
    """One public action of the log: ``Seat 1: scores card 12 (red T4) at f4 (+7)``."""
    seat, text, points = entry
    if text == HIDDEN_DISCARD:
        said = msg("term.tile_up.discard_hidden").text(lang)
    else:
        said = GAME.describe(GAME.parse_action(text), lang)
    if points:
        said += f" (+{points})"
    return f"{seat_label(int(seat), lang)}: {said}"


def _tiles(names: Sequence[str]) -> Text:
    if not names:
        return Text("-")
    text = Text()
    for index, name in enumerate(names):
        if index:
            text.append(" ")
        text.append_text(tile_text(name))
    return text


def _superscript(number: int) -> str:
    return "".join(SUPERSCRIPTS[int(d)] for d in str(number))


register(
    {
        "term.tile_up.title": {
            "es": "Tile Up · turno {turn} · fase: {phase}",
            "en": "Tile Up · turn {turn} · phase: {phase}",
        },
        "term.tile_up.legend": {
            "es": "R4² = 4 rojo sobre otra ficha (altura 2) · ◇ esquina libre · · vacía",
            "en": "R4² = red 4 on one other tile (height 2) · ◇ free corner · · empty",
        },
        "term.tile_up.turn": {"es": "Turno", "en": "To act"},
        "term.tile_up.scores": {"es": "Puntos (cartas)", "en": "Points (cards)"},
        "term.tile_up.faceup": {"es": "Objetivos boca arriba", "en": "Face-up goals"},
        "term.tile_up.faceup_short": {"es": "A la vista", "en": "Face up"},
        "term.tile_up.col_points": {"es": "puntos", "en": "points"},
        "term.tile_up.col_held": {"es": "fich/cart", "en": "tiles/cards"},
        "term.tile_up.col_start": {"es": "suma ini.", "en": "start sum"},
        "term.tile_up.your_tiles": {"es": "Tus fichas", "en": "Your tiles"},
        "term.tile_up.your_goals": {"es": "Tus objetivos", "en": "Your goals"},
        "term.tile_up.counts": {"es": "Fichas/cartas", "en": "Tiles/cards"},
        "term.tile_up.known": {"es": "Cartas conocidas de {seat}", "en": "{seat}'s known cards"},
        "term.tile_up.bag_deck": {"es": "Bolsa · mazo", "en": "Bag · deck"},
        "term.tile_up.deck_order": {"es": "orden conocido: {order}", "en": "known order: {order}"},
        "term.tile_up.discard": {"es": "Descartes", "en": "Discard pile"},
        "term.tile_up.start_sums": {"es": "Sumas iniciales", "en": "Start sums"},
        "term.tile_up.events": {"es": "Últimas jugadas", "en": "Recent moves"},
        "term.tile_up.discard_hidden": {
            "es": "devuelve una ficha a la bolsa",
            "en": "returns a tile to the bag",
        },
        "term.tile_up.place_hint": {
            "es": "O escribe 'colocar FICHA CASILLA' (p. ej. 'colocar R4 f6'); casillas posibles:",
            "en": "Or type 'place TILE CELL' (e.g. 'place R4 f6'); allowed cells:",
        },
        "term.tile_up.examples": {
            "es": "colocar R4 f6, puntuar 12 f6, robar fichas, robar objetivo, fin, "
            "descartar R4, descartar objetivo 12",
            "en": "place R4 f6, score 12 f6, draw tiles, draw goal, end, discard R4, "
            "discard goal 12",
        },
    }
)
