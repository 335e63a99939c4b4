"""Dweebies' components for the how-to-play guide (``engine.how_to_play``), from its data."""

from __future__ import annotations

from ludoteca.engine.how_to_play import Entry, Section, copies, text, title
from ludoteca.engine.i18n import Lang, register
from ludoteca.games.dweebies.cards import HAND_SIZE, KINDS


def components(lang: Lang) -> tuple[Section, ...]:
    """The deck: each of the 27 Dweebies with its copies; then the table's notation."""
    total = sum(int(kind["copies"]) for kind in KINDS)
    entries = tuple(
        Entry(f"{kind['id']} {kind[lang]}", copies(int(kind["copies"]), lang)) for kind in KINDS
    )
    deck = Section(
        "components",
        title("components", lang),
        (
            text("dweebies.deck", lang, kinds=len(KINDS), total=total, hand=HAND_SIZE),
            text("dweebies.dots", lang),
        ),
        (*entries, Entry(text("total", lang), copies(total, lang))),
    )
    notation = Section(
        "notation", text("dweebies.notation_title", lang), (text("dweebies.notation", lang),)
    )
    return deck, notation


register(
    {
        "guide.dweebies.deck": {
            "es": "Un mazo de {total} cartas con {kinds} Dweebies distintos; cada jugador "
            "empieza con {hand} en la mano.",
            "en": "A deck of {total} cards showing {kinds} different Dweebies; each player "
            "starts with {hand} in hand.",
        },
        "guide.dweebies.dots": {
            "es": "Cada carta lleva puntos que dicen cuántas copias de ese Dweebie hay en el "
            "mazo; saber cuántas quedan dice qué líneas se pueden cerrar todavía. Copias:",
            "en": "Each card carries dots telling how many copies of that Dweebie the deck "
            "holds; knowing how many remain tells which lines can still be closed. Copies:",
        },
        "guide.dweebies.notation_title": {
            "es": "La mesa en la pantalla",
            "en": "The table on screen",
        },
        "guide.dweebies.notation": {
            "es": "Las cartas se nombran por su código (D01..D27) y su nombre. La mesa es una "
            "cuadrícula: la primera carta va en (0, 0); x crece hacia la derecha e y hacia "
            "abajo; en ella '07' es D07 y '+' marca donde puede ir la siguiente carta. Una "
            "jugada se escribe 'place D07 1 0' (o 'colocar D07 1 0'); después "
            "'collect row|column|both|none' (recoger fila|columna|ambas|nada).",
            "en": "Cards are named by their code (D01..D27) and name. The table is a grid: the "
            "first card goes at (0, 0); x grows to the right and y downwards; on it '07' is D07 "
            "and '+' marks where the next card may go. A move is typed "
            "'place D07 1 0'; then 'collect row|column|both|none'.",
        },
    }
)
