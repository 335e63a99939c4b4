"""Dweebies' places told in words (move labels for people, who see the table drawn, not
its coordinates).
"""

from __future__ import annotations

from ludoteca.engine.errors import InvalidActionError
from ludoteca.engine.i18n import Lang, msg


def where_text(x: int, y: int, lang: Lang) -> str:
    """Where cell ``(x, y)`` is, in words, from the first card's cell (0, 0) (x grows to the
    right, y downwards, as the table is drawn).
    """
    if x == 0 and y == 0:
        return msg("dweebies.where.first").text(lang)
    steps = []
    for count, ahead, back in ((x, "right", "left"), (y, "down", "up")):
        if count:
            way = ahead if count > 0 else back
            key = f"dweebies.where.{way}_one" if abs(count) == 1 else f"dweebies.where.{way}"
            steps.append(msg(key, n=abs(count)).text(lang))
    joined = msg("dweebies.where.and").text(lang).join(steps)
    return msg("dweebies.where.from", steps=joined).text(lang)


def parse_coord(text: str, token: str) -> int:
    """One coordinate of a typed placement (``"-3"``), or the rule's error for ``text``.

    Raises:
        InvalidActionError: not a whole number of at most six ASCII digits.
    """
    digits = token[1:] if token[:1] in "+-" else token
    # ASCII digits only, and at most six: str.isdigit() accepts "²", which int() rejects.
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        raise InvalidActionError(text, msg("dweebies.bad_coord", token=token))
    return int(token)
