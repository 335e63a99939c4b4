"""Tile Up's components for the how-to-play guide (``engine.how_to_play``), from its data."""

from __future__ import annotations

from ludoteca.engine.how_to_play import Entry, Section, copies, text, title
from ludoteca.engine.i18n import Lang, register
from ludoteca.games.tile_up.model import (
    BOARD_SIZE,
    CARD_COUNT,
    CARDS,
    COLOUR_NAMES,
    COLOURS,
    COPIES,
    DATA,
    DRAW_TILES,
    FACEUP,
    MAX_GOALS,
    MAX_TILES,
    SHAPE_NAMES,
    SHAPES,
    START_GOALS,
    START_MIN_NUMBER,
    START_TILES,
    TILE_COUNT,
)


def shape_drawing(cells: tuple[tuple[int, int], ...]) -> str:
    """A goal shape as rows of ``#`` (a cell of the shape) and ``.`` (not part of it)."""
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    marked = set(cells)
    return "\n".join(
        "".join("#" if (r, c) in marked else "." for c in range(cols)) for r in range(rows)
    )


def components(lang: Lang) -> tuple[Section, ...]:
    """Colours and their letters, the tiles in the bag, the goal shapes and cards, the board."""
    per_colour = sum(COPIES)
    numbers = ", ".join(
        text("tile_up.number_copies", lang, number=n, copies=c)
        for n, c in enumerate(COPIES, start=1)
    )
    colours = tuple(
        Entry(letter, COLOUR_NAMES[lang][index]) for index, letter in enumerate(COLOURS)
    )
    tiles = Section(
        "components",
        title("components", lang),
        (
            text("tile_up.bag", lang, total=TILE_COUNT, colours=len(COLOURS), each=per_colour),
            text("tile_up.numbers", lang, numbers=numbers),
            text("tile_up.tile_notation", lang),
            text("tile_up.letters", lang),
        ),
        colours,
    )
    copies_of = DATA["goals"]["copies"]
    shapes = []
    for index, (name, cells) in enumerate(zip(SHAPE_NAMES, SHAPES, strict=True)):
        shape_colours = " ".join(COLOURS[colour] for shape, colour in CARDS if shape == index)
        note = text("tile_up.shape_note", lang, cells=len(cells), colours=shape_colours)
        shapes.append(Entry(name, f"{shape_drawing(cells)}\n{note}"))
    goals = Section(
        "goals",
        text("tile_up.goals_title", lang),
        (
            text(
                "tile_up.goals",
                lang,
                cards=CARD_COUNT,
                shapes=len(SHAPES),
                copies=copies(copies_of, lang),
                faceup=FACEUP,
            ),
        ),
        tuple(shapes),
        preformatted=True,
    )
    board = Section(
        "board",
        text("tile_up.board_title", lang),
        (
            text("tile_up.board", lang, size=BOARD_SIZE, low=START_MIN_NUMBER),
            text(
                "tile_up.hands",
                lang,
                tiles=START_TILES,
                goals=START_GOALS,
                draw=DRAW_TILES,
                max_tiles=MAX_TILES,
                max_goals=MAX_GOALS,
            ),
        ),
    )
    return tiles, goals, board


register(
    {
        "guide.tile_up.bag": {
            "es": "Una bolsa con {total} fichas de {colours} colores ({each} de cada color).",
            "en": "A bag of {total} tiles in {colours} colours ({each} of each colour).",
        },
        "guide.tile_up.numbers": {
            "es": "Cada color lleva los números del 1 al 5: {numbers}.",
            "en": "Each colour has the numbers 1 to 5: {numbers}.",
        },
        "guide.tile_up.number_copies": {"es": "{copies} de {number}", "en": "{copies} × {number}"},
        "guide.tile_up.tile_notation": {
            "es": "Una ficha se escribe color y número: R3 es el 3 rojo. En el tablero, una "
            "pila muestra su ficha de arriba y su altura (R3² = un R3 encima de otra ficha). "
            "Las casillas se nombran por columna y fila: f6.",
            "en": "A tile is written colour then number: R3 is the red 3. On the board a stack "
            "shows its top tile and its height (R3² = an R3 on top of one other tile). Cells "
            "are named column then row: f6.",
        },
        "guide.tile_up.letters": {
            "es": "Cada color tiene una letra:",
            "en": "Each colour has a letter:",
        },
        "guide.tile_up.goals_title": {"es": "Cartas de objetivo", "en": "Goal cards"},
        "guide.tile_up.goals": {
            "es": "{cards} cartas: {shapes} figuras, {copies} de cada una, cada copia de un "
            "color. {faceup} están boca arriba para todos; las demás se roban en secreto. Las "
            "figuras (# = casilla de la figura; se pueden girar):",
            "en": "{cards} cards: {shapes} shapes, {copies} of each, each copy in one colour. "
            "{faceup} lie face up for everyone; the others are drawn secretly. The shapes "
            "(# = a cell of the shape; they may be rotated):",
        },
        "guide.tile_up.shape_note": {
            "es": "{cells} casillas · colores: {colours}",
            "en": "{cells} cells · colours: {colours}",
        },
        "guide.tile_up.board_title": {"es": "El tablero", "en": "The board"},
        "guide.tile_up.board": {
            "es": "Tablero de {size}×{size} casillas. Empieza con una ficha (de {low} o más) "
            "en el centro y en sus cuatro vecinas. Cuando se cubren las cuatro esquinas, la "
            "partida acaba.",
            "en": "The board has {size}×{size} cells. It starts with a tile ({low} or higher) "
            "on the centre "
            "and on its four neighbours. When all four corners are covered, the game ends.",
        },
        "guide.tile_up.hands": {
            "es": "Detrás de tu pantalla: empiezas con {tiles} fichas y {goals} objetivo; robar "
            "da {draw} fichas; al final del turno puedes tener como mucho {max_tiles} fichas y "
            "{max_goals} objetivos.",
            "en": "Behind your screen: you start with {tiles} tiles and {goals} goal; a draw "
            "gives {draw} tiles; at the end of your turn you may hold at most {max_tiles} tiles "
            "and {max_goals} goals.",
        },
    }
)
