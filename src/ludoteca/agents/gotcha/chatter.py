"""What a human-like Gotcha! bot says, in the room's language, fitting the moment.

A guest at a party does not repeat one line: the bot picks from lines for the moment (it
has just caught someone, it has just been caught, someone else caught someone, or small
talk) and does not say the same line twice in a row. Every line exists in Spanish and
English, is legal chat (GT-15: 1-200 characters, one line, no outer spaces) and names no
one, so it reads the same to every player. A line is then conformed to the live rules like
any message (``cards.conform_chat_all``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ludoteca.games.gotcha.actions import SLOT_NAMES

MOMENTS: Final = ("caught_someone", "was_caught", "someone_caught", "small_talk")
"""The moments a line is chosen for, most specific first."""

LINES: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "caught_someone": {
        "es": ("¡Te pillé!", "¡Ja! Esa la vi", "No se me escapa una", "¡Pillado!"),
        "en": ("Gotcha!", "Ha! Saw that one", "Nothing gets past me", "Caught you!"),
    },
    "was_caught": {
        "es": ("Uy, se me olvidó", "Vaya, me pillaron", "¡No vale, estaba distraído!", "Ups"),
        "en": ("Oops, I forgot", "Well, you got me", "Not fair, I was distracted!", "Oops"),
    },
    "someone_caught": {
        "es": ("Buena esa", "Qué ojo", "Ni lo había visto", "Hay que estar atentos"),
        "en": ("Good one", "Sharp eyes", "I didn't even see that", "Stay alert, everyone"),
    },
    "small_talk": {
        "es": (
            "hola a todos",
            "¿Me toca ya?",
            "Buena jugada",
            "qué nervios",
            "Esta regla es muy difícil",
            "A ver quién cae ahora",
            "Estoy atento, ¿eh?",
            "¿Alguien ha visto eso?",
            "Me encanta este juego",
            "uy casi",
        ),
        "en": (
            "hi everyone",
            "Is it my turn yet?",
            "Nice move",
            "so tense",
            "This rule is really hard",
            "Let's see who slips next",
            "I'm watching, you know",
            "Did anyone see that?",
            "I love this game",
            "oh so close",
        ),
    },
}
"""Lines by moment and language."""


def moment(view: dict[str, Any], since: int) -> str:
    """The moment for ``view``'s seat: the latest scored buzz at or after game time
    ``since`` decides it, else small talk.
    """
    me: int = view["seat"]
    for t, buzzer, slot, accused, result in reversed(view["buzzes"]):
        if t < since:
            break
        if result not in ("correct", "referee") or slot not in SLOT_NAMES:
            continue
        if me in accused:
            return "was_caught"
        if buzzer == me:
            return "caught_someone"
        return "someone_caught"
    return "small_talk"


def pick(kind: str, language: str, last: str, rng: random.Random) -> str:
    """A line of ``kind`` in ``language`` ("es"/"en"), not ``last`` when there is another."""
    lines: Sequence[str] = LINES[kind]["en" if language == "en" else "es"]
    fresh = [line for line in lines if line != last] or list(lines)
    return fresh[int(rng.random() * len(fresh))]
