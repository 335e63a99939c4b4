"""What a person reads must name people and things, never ids (issue 38).

The patterns below are the ids of the code and the protocols (``P0``, ``seat 2``, ``I29``,
``D03``, ``a2``, ``m1``, ``W10`` ...) as they would show if a text leaked one. The web
(``tests/web/test_people_read_names.py``, ``tests/e2e/test_e2e_names.py``) and the terminal
(``tests/cli/test_terminal_names.py``) collect every string a person reads and check it
here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

SEAT_CODE = re.compile(r"\bP\d+\b")
"""A seat as the records write it (``P0``)."""
CARD_SEAT_CODE = re.compile(r"\bP0\b")
"""The same where purple/pink cards are P1, P2 ... on the board (Tile Up's tiles, Mystery
Date's cards, both named as the board labels them): a seat code ``P0`` is no card."""

COMMON: tuple[re.Pattern[str], ...] = (
    re.compile(r"\b(?:[Pp]layer|[Jj]ugador(?:a)?|[Ss]eat|[Aa]siento)\s*#?\d+"),
    re.compile(r"\b[A-Z]\d\d\b"),  # a card id (Dweebies D03, Gotcha W10 I29 A05 B02)
    re.compile(r"\bP:[a-z_]+"),  # Gotcha's printed WHO groups
    re.compile(r"\{\w+\}"),  # a template placeholder left unfilled
)
"""Ids no text may show, in any game."""

PER_GAME: dict[str, tuple[re.Pattern[str], ...]] = {
    "tacocat": (SEAT_CODE,),
    "dweebies": (SEAT_CODE,),
    "tile_up": (CARD_SEAT_CODE,),
    "mystery_date": (CARD_SEAT_CODE,),
    # Gotcha's rule areas and mats are "Area 2" and "Mat 1" on the board; Tile Up's cells
    # really are called a1..m13 on its board, so these apply to Gotcha only.
    "gotcha": (SEAT_CODE, re.compile(r"\b[am]\d\b")),
}
"""Ids of one game's texts (its places as the protocol writes them)."""

COORDINATE = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
"""A grid position as the protocol writes it (``(1, 0)``): the board shows places, not these."""


def option_ids(names: Iterable[str]) -> re.Pattern[str]:
    """A pattern for a game's option ids as the command line writes them.

    Only names with an underscore count (``tie_goes_to_arrow``, ``turn_limit``): a name of
    one word (``language``, ``profiles``) is an ordinary word in a sentence too.

    Args:
        names: The game's option names (``GameInfo.options``).
    """
    ids = sorted((name for name in names if "_" in name), key=len, reverse=True)
    if not ids:
        return re.compile(r"(?!)")  # matches nothing
    return re.compile(r"\b(?:" + "|".join(map(re.escape, ids)) + r")\b")


SPANISH_ONLY = re.compile(r"¿|\b(?:uy|casi|Jugador|Turno|roba|coloca|fichas)\b")
"""Marks of Spanish in a text meant to be English (a bot's chat, a board's log)."""


def offending(
    texts: Iterable[str], game: str, lang: str, extra: Iterable[re.Pattern[str]] = ()
) -> list[tuple[str, str]]:
    """``(pattern, text)`` for every text that shows an id (or, in English, Spanish).

    Args:
        texts: What a person reads.
        game: The game the texts are from (its own patterns apply too).
        lang: The language the person reads in.
        extra: Further ids these texts may not show (``COORDINATE``, ``option_ids``).
    """
    patterns = COMMON + PER_GAME.get(game, (SEAT_CODE,)) + tuple(extra)
    found: list[tuple[str, str]] = []
    for text in texts:
        for pattern in patterns:
            if pattern.search(text):
                found.append((pattern.pattern, text))
        if lang == "en" and SPANISH_ONLY.search(text):
            found.append(("spanish in english", text))
    return found


def text_forms(texts: Iterable[str], forms: Iterable[str]) -> list[tuple[str, str]]:
    """``("text form", text)`` for every text that shows a move's text form (what the
    protocol sends, ``place Y1 f6``, ``buzz a1 2``, ``draw tiles``) instead of its label.

    A form of one word (``keep``, ``end``) is an ordinary word too, so only forms of two
    words or more count: one with a digit wherever it stands as words, one without (``draw
    goal``) when it is the whole text or follows a name (``Zoe: draw tiles``), so that a
    sentence like "You draw goal card #3" is not one.
    """
    patterns: list[tuple[str, re.Pattern[str]]] = []
    for form in {f.split(" ", 1)[1] if f.startswith("@") else f for f in forms}:
        if " " not in form:
            continue
        if any(ch.isdigit() for ch in form):
            pattern = re.compile(r"(?<!\w)" + re.escape(form) + r"(?!\w)")
        else:
            pattern = re.compile(r"(?:^|: )" + re.escape(form) + r"(?:$| \()")
        patterns.append((f"text form {form!r}", pattern))
    return [(name, text) for text in texts for name, pattern in patterns if pattern.search(text)]


def report(found: list[tuple[str, str]], limit: int = 40) -> str:
    """The offending texts, one per line, each once (for an assertion message)."""
    lines = sorted({f"{pattern!s:>24}  {text!r}" for pattern, text in found})
    more = f"\n... and {len(lines) - limit} more" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more
