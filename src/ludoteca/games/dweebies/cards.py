"""Dweebies' cards and deal, from the data file (``games/dweebies/components.toml``).

The 27 Dweebies, their copies in the deck, their codes and names, the hand size and the
player counts (DW-01). Below every other module of the game: the rules, the fast path and
the events read them from here.
"""

from __future__ import annotations

from typing import Any, Final

from ludoteca.engine import components

DATA: Final = components.load("dweebies")
KINDS: Final[tuple[dict[str, Any], ...]] = tuple(DATA["dweebies"])
"""The 27 Dweebies as in the data file (``id``, ``copies``, ``es``, ``en``)."""
CODES: Final[tuple[str, ...]] = ("",) + tuple(str(k["id"]) for k in KINDS)
"""Card code by Dweebie id (index 0 unused): ``CODES[7] == "D07"``."""
DECK: Final[tuple[int, ...]] = (0,) + tuple(int(k["copies"]) for k in KINDS)
"""Copies per Dweebie id (index 0 unused)."""
NAMES: Final[dict[str, tuple[str, ...]]] = {
    lang: ("",) + tuple(str(k[lang]) for k in KINDS) for lang in ("es", "en")
}
"""Display names per language, indexed by Dweebie id."""
NUM_KINDS: Final = len(KINDS)
DECK_SIZE: Final = sum(DECK)
FULL_PILE: Final[tuple[int, ...]] = tuple(d for d, copies in enumerate(DECK) for _ in range(copies))
"""The whole deck as a sorted multiset of Dweebie ids."""
HAND_SIZE: Final[int] = DATA["deck"]["hand_size"]
FIRST_PLAYER: Final[int] = DATA["deck"]["first_player"]
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6

if [c["id"] for c in KINDS] != [f"D{n:02d}" for n in range(1, NUM_KINDS + 1)]:
    raise ValueError("dweebies data: ids must be D01, D02, ... in order")
if HAND_SIZE * MAX_PLAYERS > DECK_SIZE:
    raise ValueError("dweebies deck too small for the deal")


def code(card: int) -> str:
    """The text code of a Dweebie id: ``7 -> "D07"``."""
    return CODES[card]


def name(card: int, lang: str) -> str:
    """The display name of a Dweebie id in ``lang``."""
    return NAMES["es" if lang == "es" else "en"][card]


def card_label(card: int, lang: str) -> str:
    """A card as people read it and the table shows it: the Dweebie's name, e.g.
    ``"Pirate"`` (its code ``D07`` is for records and typed moves only).
    """
    return name(card, lang)
