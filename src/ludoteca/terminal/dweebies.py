"""Dweebies in the terminal: the table as a grid with the legal cells marked, and the hand.

Only view keys are read (see ``Dweebies.view``), so nothing hidden from the seat can appear.
The grid shows each card by its number (``07`` for the Pirate), ``+`` on every cell where the next
card may go, the last card placed in reverse video and, while a collection is being
decided, the lines on offer in yellow. ``x`` grows to the right and ``y`` downward.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludoteca.engine.game import View
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.games.dweebies import game as dweebies
from ludoteca.games.dweebies import layout
from ludoteca.games.dweebies.actions import Place
from ludoteca.games.dweebies.cards import CODES, card_label
from ludoteca.games.dweebies.cards import name as card_name
from ludoteca.terminal import MENU_LIMIT, Menu, Renderer, seat_label

LEGAL = "+"
"""The mark of a cell where the next card may go."""
_PALETTE = ("cyan", "magenta", "green", "blue", "red", "yellow", "bright_cyan", "bright_magenta")


BESIDE_GAP = 3
"""Columns between the compact board and its cards' names beside it."""


def render_view(
    view: View,
    lang: Lang,
    seat_views: Sequence[View] = (),
    *,
    compact: bool = False,
    named: bool = True,
) -> RenderableType:
    """The table and the players as ``view``'s seat sees them.

    Args:
        view: A Dweebies view (``Dweebies.view``).
        lang: Language of the labels.
        seat_views: Every seat's view, to also show their hands (whole-table replays only).
        compact: For a small terminal: no legend, the counts on one row, the cards taken
            and the last move left to the full drawing and the news.
        named: On the compact board, the hand by number and name and the table's cards
            named beside the board, or below it when there is no room; without it (the
            smallest board) the hand by name only and the names beside the board only.
    """
    seat = view.get("seat")
    title = msg("term.dweebies.title", phase=msg(f"dweebies.phase.{view['phase']}")).text(lang)
    if seat is not None and seat >= 0:
        title += " · " + msg("term.you_are", seat=seat_label(seat, lang)).text(lang)
    grid = grid_of(view, margin=0 if compact else 1)
    # The board shows numbers, the events names: every card on the table with both, below
    # the board, or beside it on the compact one (no line more on a small screen).
    on_table = sorted({code for _, _, code in view["table"]})
    parts: list[RenderableType] = [grid]
    if on_table and compact:
        parts = [_Beside(grid, [_card(code, lang) for code in on_table], below=named)]
    elif on_table:
        names = " · ".join(_card(code, lang) for code in on_table)
        parts.append(Text(names, style="cyan"))
    if not compact:
        parts.append(Text(msg("term.dweebies.legend").text(lang), style="dim"))
    if view["groups"] > 1:
        parts.append(
            Text(msg("term.dweebies.split", groups=view["groups"]).text(lang), style="bold red")
        )
    parts.append(_players(view, lang, seat_views, compact))
    if compact and "hand" in view:
        # Its own line, the whole width: the hand by name fits 80 columns where the
        # players' grid (its labels' column) would wrap it.
        cards = (
            _hand(view["hand"], lang)
            if named
            else ", ".join(card_name(int(code[1:]), lang) for code in view["hand"]) or "-"
        )
        parts.append(Text(msg("term.dweebies.your_hand").text(lang) + ": " + cards))
    return Panel(Group(*parts), title=title, title_align="left")


def compact_view(view: View, lang: Lang) -> RenderableType:
    """The compact drawing with the cards named (``render_view(..., compact=True)``)."""
    return render_view(view, lang, (), compact=True)


def smaller_view(view: View, lang: Lang) -> RenderableType:
    """The compact drawing with the hand by name only, when the other does not fit."""
    return render_view(view, lang, (), compact=True, named=False)


def menu(view: View, legal: Sequence[Any], lang: Lang) -> Menu:
    """Collect decisions are all numbered. Placements are numbered when there are few; else
    those that collect come first, up to ``MENU_LIMIT``, and a hint shows how to type any
    placement.
    """
    if not legal or not isinstance(legal[0], Place):
        decisions = tuple(dweebies.GAME.describe(a, lang) for a in legal)
        return Menu(tuple(legal), decisions)
    table = {layout.cell(x, y): int(code[1:]) for x, y, code in view["table"]}
    whole = view["groups"] <= 1
    gains = {action: _gain(table, action) if whole else 0 for action in legal}
    ordered = sorted(legal, key=lambda action: -gains[action])
    shown = tuple(ordered[:MENU_LIMIT])
    labels: list[str] = []
    for action in shown:
        # The grid shows coordinates, so the terminal names the cell by them (shorter than
        # the game's words for people who see no grid, which wrap past one row).
        card = card_label(action.card, lang)
        place = msg("term.dweebies.place", card=card, x=action.x, y=action.y).text(lang)
        label = place
        if gains[action]:
            label += "  " + msg("term.dweebies.collects", count=gains[action]).text(lang)
        labels.append(label)
    hints: tuple[str, ...] = ()
    if len(legal) > len(shown):
        unlisted = [action for action in legal if action not in shown]
        example = typed_place(unlisted[0], lang)
        hint = msg("term.dweebies.place_hint", count=len(legal) - len(shown), example=example)
        hints = (hint.text(lang),)
    return Menu(shown, tuple(labels), hints)


def typed_place(action: Place, lang: Lang) -> str:
    """A placement as the person types it, the card by its number as the board shows it
    (``place 7 1 0``, ``colocar 7 1 0``).
    """
    verb = "colocar" if lang == "es" else "place"
    return f"{verb} {int(CODES[action.card][1:])} {action.x} {action.y}"


def examples(lang: Lang) -> str:
    """Example moves for the help line."""
    return msg("term.dweebies.examples").text(lang)


RENDERER = Renderer(
    render_view=render_view,
    menu=menu,
    seat_label=seat_label,
    examples=examples,
    compact=compact_view,
    smaller=smaller_view,
)


def _gain(table: dict[int, int], action: Place) -> int:
    """Cards the placement would let its player collect (DW-05, DW-06), read from the view."""
    at = layout.cell(action.x, action.y)
    cells = {**table, at: action.card}
    taken = set(layout.collectable(cells, at, layout.ROW))
    taken.update(layout.collectable(cells, at, layout.COLUMN))
    return len(taken)


def grid_of(view: View, margin: int = 1) -> Table:
    """The table with ``x`` across and ``y`` down, ``margin`` more empty cells around the
    cards and the cells where the next card may go.
    """
    cards = {(x, y): code for x, y, code in view["table"]}
    legal = {tuple(c) for c in view["legal_cells"]} if view["phase"] == "place" else set()
    offered = {tuple(c) for c in (*view["row"], *view["column"])}
    last = view["last"]
    last_cell = tuple(last["cell"]) if last and not last["taken"] else None
    spots = [*cards, *legal] or [(0, 0)]
    xs = range(min(x for x, _ in spots) - margin, max(x for x, _ in spots) + 1 + margin)
    ys = range(min(y for _, y in spots) - margin, max(y for _, y in spots) + 1 + margin)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", style="dim")
    for _ in xs:
        grid.add_column(justify="center", min_width=2)
    grid.add_row("y\\x", *(Text(str(x), style="dim") for x in xs))
    for y in ys:
        row: list[Text | str] = [str(y)]
        for x in xs:
            code = cards.get((x, y))
            if code is not None:
                style = _PALETTE[int(code[1:]) % len(_PALETTE)]
                if (x, y) in offered:
                    style = "bold black on yellow"
                if (x, y) == last_cell:
                    style += " reverse"
                row.append(Text(code[1:], style=style))
            elif (x, y) in legal:
                row.append(Text(LEGAL, style="bold green"))
            else:
                row.append(Text("·", style="dim"))
        grid.add_row(*row)
    return grid


def _players(view: View, lang: Lang, seat_views: Sequence[View], compact: bool = False) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()

    def row(key: str, value: str) -> None:
        grid.add_row(msg(f"term.dweebies.{key}").text(lang), value)

    actors = [seat_label(s, lang) for s in view["actors"]]
    if not compact:  # compact: the person asked is the one to act
        row("turn", ", ".join(actors) if actors else "-")
    if "hand" in view and not compact:
        row("your_hand", _hand(view["hand"], lang))
    for other in seat_views:
        label = msg("term.hand_of", seat=seat_label(other["seat"], lang)).text(lang)
        grid.add_row(label, _hand(other.get("hand", []), lang))
    seats = range(view["players"])
    if compact:
        # The counts on one row: "Seat 0 3/12 · Seat 1 4/9 · pile 20".
        each = [
            f"{seat_label(s, lang)} {view['hand_counts'][s]}/{view['scores'][s]}" for s in seats
        ]
        pile = msg("term.dweebies.pile").text(lang)
        row("counts", " · ".join([*each, f"{pile} {view['pile_size']}"]))
        return grid
    row("hand_counts", " · ".join(f"{seat_label(s, lang)} {view['hand_counts'][s]}" for s in seats))
    row("scores", " · ".join(f"{seat_label(s, lang)} {view['scores'][s]}" for s in seats))
    if view.get("collected"):
        row("collected", _counted(view["collected"]))
    row("pile", str(view["pile_size"]))
    last = view["last"]
    if last:
        x, y = last["cell"]
        text = msg(
            "term.dweebies.last_move",
            seat=seat_label(last["seat"], lang),
            card=_card(last["card"], lang),
            x=x,
            y=y,
        ).text(lang)
        if last["taken"]:
            key = "term.dweebies.took_one" if last["taken"] == 1 else "term.dweebies.took"
            text += " · " + msg(key, count=last["taken"]).text(lang)
        row("last", text)
    return grid


class _Beside:
    """A board with its cards' names at its right when the width allows it (no line more):
    in columns, else packed in lines as tall as the board; else below it (``below``) or
    left out. The board is never squeezed.
    """

    def __init__(self, grid: Table, names: Sequence[str], *, below: bool) -> None:
        self.grid = grid
        self.names = names
        self.below = below

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        rows = max(self.grid.row_count, 1)
        room = options.max_width - Measurement.get(console, options, self.grid).maximum
        room -= BESIDE_GAP
        columns = self._columns(rows)
        legend: Table | Text | None = columns
        if Measurement.get(console, options, columns).maximum > room:
            lines = _packed(self.names, room)
            legend = Text("\n".join(lines), style="cyan") if len(lines) <= rows else None
        if legend is not None:
            both = Table.grid(padding=(0, BESIDE_GAP))
            both.add_column(no_wrap=True)
            both.add_column(no_wrap=True)
            both.add_row(self.grid, legend)
            yield both
            return
        yield self.grid
        if self.below:
            yield Text(" · ".join(self.names), style="cyan")

    def _columns(self, rows: int) -> Table:
        chunks = [self.names[i : i + rows] for i in range(0, len(self.names), rows)]
        legend = Table.grid(padding=(0, BESIDE_GAP))
        for _ in chunks:
            legend.add_column(style="cyan", no_wrap=True)
        for line in range(min(rows, len(self.names))):
            legend.add_row(*(chunk[line] if line < len(chunk) else "" for chunk in chunks))
        return legend


def _packed(names: Sequence[str], width: int) -> list[str]:
    """``names`` joined by " · " in lines of at most ``width`` cells, none cut (a name
    wider than ``width`` gives no lines that fit: the caller sees more lines than rows).
    """
    lines: list[str] = []
    for name in names:
        if cell_len(name) > width:
            return [*lines, *names]
        if lines and cell_len(lines[-1] + " · " + name) <= width:
            lines[-1] += " · " + name
        else:
            lines.append(name)
    return lines


def _card(code: str, lang: Lang) -> str:
    """A card by its number on the board and its name (``07 Pirate``)."""
    return f"{code[1:]} {card_name(int(code[1:]), lang)}"


def _counted(codes: Sequence[str]) -> str:
    """``["D01", "D01", "D05"] -> "01×2 05"``: the numbers the board shows (sorted)."""
    counts = dict.fromkeys(codes, 0)
    for code in codes:
        counts[code] += 1
    return " ".join(code[1:] if n == 1 else f"{code[1:]}×{n}" for code, n in counts.items())


def _hand(codes: Sequence[str], lang: Lang) -> str:
    return ", ".join(_card(code, lang) for code in codes) if codes else "-"


register(
    {
        "term.dweebies.title": {
            "es": "Dweebies · fase: {phase}",
            "en": "Dweebies · phase: {phase}",
        },
        "term.dweebies.legend": {
            "es": "número: el Dweebie · + : casilla donde puede ir la carta · "
            "amarillo: línea que puedes recoger · x a la derecha, y hacia abajo",
            "en": "number: the Dweebie · + : a cell where the card may go · "
            "yellow: a line you may collect · x to the right, y downward",
        },
        "term.dweebies.split": {
            "es": "La mesa está partida en {groups} grupos: hay que unirlos por el enlace más "
            "corto (las casillas +) y nadie recoge hasta que vuelva a estar unida.",
            "en": "The table is split into {groups} groups: they must be joined by the shortest "
            "link (the + cells) and nobody collects until it is whole again.",
        },
        "term.dweebies.turn": {"es": "Turno", "en": "To act"},
        "term.dweebies.counts": {"es": "En mano/recogidas", "en": "In hand/collected"},
        "term.dweebies.your_hand": {"es": "Tu mano", "en": "Your hand"},
        "term.dweebies.hand_counts": {"es": "Cartas en mano", "en": "Cards in hand"},
        "term.dweebies.scores": {"es": "Cartas recogidas", "en": "Cards collected"},
        "term.dweebies.pile": {"es": "Mazo", "en": "Draw pile"},
        "term.dweebies.collected": {
            "es": "Ya recogidas (todos las vieron)",
            "en": "Taken so far (seen by all)",
        },
        "term.dweebies.last": {"es": "Última jugada", "en": "Last move"},
        "term.dweebies.last_move": {
            "es": "{seat} colocó {card} en ({x}, {y})",
            "en": "{seat} placed {card} at ({x}, {y})",
        },
        "term.dweebies.took": {"es": "recogió {count} cartas", "en": "took {count} cards"},
        "term.dweebies.took_one": {"es": "recogió 1 carta", "en": "took 1 card"},
        "term.dweebies.collects": {"es": "(recoge {count})", "en": "(collects {count})"},
        "term.dweebies.place": {
            "es": "coloca {card} en ({x}, {y})",
            "en": "places {card} at ({x}, {y})",
        },
        "term.dweebies.place_hint": {
            "es": "… y {count} más: escríbelas como '{example}' (una carta de tu mano y X, Y "
            "de una +).",
            "en": "… and {count} more: type them as '{example}' (a card of your hand and X, Y "
            "of a + cell).",
        },
        "term.dweebies.examples": {
            "es": "colocar 7 1 0, recoger fila, recoger columna, recoger ambas, pasar",
            "en": "place 7 1 0, collect row, collect column, collect both, collect none",
        },
    }
)
