"""Gotcha's cards and places as people read them: the card's short sentence (as printed on
it and drawn on the board) and "Area 2" / "Mat 1" (as the board labels them), never the
ids of the code and the records (``W10``, ``I29``, ``a2``, ``m1``).

Every text Gotcha writes for people (``Gotcha.describe``, its events, the move menu) names
cards and places through these two functions.
"""

from __future__ import annotations

from ludoteca.engine.i18n import Localized, Message, msg
from ludoteca.games.gotcha import cards
from ludoteca.games.gotcha.actions import AREAS


def card_name(card_id: str, text: str = "") -> Localized:
    """A card as people read it: its sentence in quotes (a blank card's written ``text``).

    Example: ``“must whisper”`` / ``«debe susurrar»``; an individual card's text starts
    "This player ...".
    """
    if text:
        return Localized(f"«{text}»", f"“{text}”")
    card = cards.card(card_id)
    return Localized(f"«{card.es}»", f"“{card.en}”")


def slot_name(slot: int) -> Message:
    """A place on the table as the board labels it: ``"Area 1"``, ``"Mat 2"``."""
    if slot < AREAS:
        return msg("gotcha.slot.area", n=slot + 1)
    return msg("gotcha.slot.mat", n=slot - AREAS + 1)
