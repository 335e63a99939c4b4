"""Mystery Date's components for the how-to-play guide (``engine.how_to_play``), from its data."""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.how_to_play import Entry, Section, copies, text, title
from ludoteca.engine.i18n import Lang, msg, register
from ludoteca.games.mystery_date.cards import (
    COLOURS,
    COPIES,
    DATA,
    DEAL,
    DECK_SIZE,
    DIE,
    HAND_LIMIT,
    LETTERS_EN,
    LETTERS_ES,
    NUMBERS,
)


def components(lang: Lang) -> tuple[Section, ...]:
    """The outfit cards with their letters, which outfit goes with which date, the door and
    the board's spaces.
    """
    letters = LETTERS_ES if lang == "es" else LETTERS_EN
    outfits = []
    for index, colour in enumerate(COLOURS):
        colour_name = msg(f"mystery_date.colour.{colour}").text(lang)
        cards = " ".join(f"{letters[index]}{n}" for n in range(1, NUMBERS + 1))
        outfits.append(
            Entry(
                f"{letters[index]} · {colour_name}",
                text(
                    "mystery_date.outfit",
                    lang,
                    cards=cards,
                    date=msg(f"mystery_date.date.{colour}"),
                ),
            )
        )
    cards_section = Section(
        "components",
        title("components", lang),
        (
            text(
                "mystery_date.cards",
                lang,
                total=DECK_SIZE,
                colours=len(COLOURS),
                numbers=NUMBERS,
                copies=copies(COPIES, lang),
                deal=DEAL,
                limit=HAND_LIMIT,
            ),
            text("mystery_date.letters", lang),
        ),
        tuple(outfits),
    )
    door = Section(
        "door",
        text("mystery_date.door_title", lang),
        (text("mystery_date.door", lang, die=DIE),),
    )
    spaces = Counter(DATA["track"]["spaces"])
    board = Section(
        "board",
        text("mystery_date.board_title", lang),
        (text("mystery_date.board", lang, spaces=len(DATA["track"]["spaces"])),),
        tuple(
            Entry(
                msg(f"mystery_date.space.{kind}").text(lang), text("mystery_date.times", lang, n=n)
            )
            for kind, n in spaces.items()
        ),
    )
    return cards_section, door, board


register(
    {
        "guide.mystery_date.cards": {
            "es": "{total} cartas de atuendo: {colours} colores, numeradas del 1 al {numbers}, "
            "{copies} de cada una. Cada jugador empieza con {deal}; nadie puede tener más de "
            "{limit}.",
            "en": "{total} outfit cards: {colours} colours, numbered 1 to {numbers}, {copies} of "
            "each. Each player starts with {deal}; nobody may hold more than {limit}.",
        },
        "guide.mystery_date.letters": {
            "es": "Una carta se escribe con la letra de su color y su número (R1 es el 1 rosa). "
            "Un atuendo completo es el 1, el 2 y el 3 de un color, y va con una cita:",
            "en": "A card is written as its colour's letter and number (P1 is the pink 1). A "
            "complete outfit is the 1, 2 and 3 of one colour, and it goes with one date:",
        },
        "guide.mystery_date.outfit": {
            "es": "{cards} → {date}",
            "en": "{cards} → {date}",
        },
        "guide.mystery_date.door_title": {
            "es": "La puerta y el dado",
            "en": "The door and the die",
        },
        "guide.mystery_date.door": {
            "es": "Tras la puerta aparece una de las cuatro citas o el fracaso (un chico que no "
            "es cita de nadie). Se mueve con un dado de {die} caras.",
            "en": "Behind the door appears one of the four dates or the dud (a boy who is "
            "nobody's date). Pieces move with a {die}-sided die.",
        },
        "guide.mystery_date.board_title": {"es": "El tablero", "en": "The board"},
        "guide.mystery_date.board": {
            "es": "Un circuito de {spaces} casillas que se recorre en el sentido de las agujas "
            "del reloj; las piezas empiezan en las casillas de puerta de las esquinas. Casillas:",
            "en": "A loop of {spaces} spaces travelled clockwise; pieces start on the corner "
            "door spaces. Spaces:",
        },
        "guide.mystery_date.times": {"es": "{n} casillas", "en": "{n} spaces"},
    }
)
