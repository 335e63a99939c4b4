"""A bot's reason for one move, kept as data until a person reads it.

A :class:`Reason` is a catalogue key and three kinds of parameters:

* **seats** — who the sentence names (the bot, an opponent), written with the reader's
  names for the seats;
* **words** — anything else the sentence names (a colour, a place on the board), as a
  :class:`~ludoteca.engine.i18n.Message`; only what the reader can see: the move itself as
  the board shows it, public cards, the phase;
* **figures** — the bot's own numbers (chances, counts of moves or simulated games, points
  or cards it expects): :class:`Chance` reads ``71%``, :class:`Chances` ``40% and 35%``, an
  ``int`` as itself, a ``float`` with one decimal. They come from the bot's whole view,
  hidden cards included, so they are the only part that may change with what the reader
  cannot see; they never name a card.

:meth:`Reason.masked` writes the sentence with every figure as ``#``: what must stay the same
when the zones hidden from the reader are resampled (tests/agents/test_explain_leaks.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ludoteca.engine.events import name_list, seat_name
from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import Lang, Message, msg

MASK = "#"
"""How :meth:`Reason.masked` writes a figure."""


@dataclass(frozen=True, slots=True)
class Chance:
    """A probability figure in ``[0, 1]``, written as a whole percentage."""

    value: float

    def text(self) -> str:
        """``"71%"``."""
        return f"{round(min(1.0, max(0.0, self.value)) * 100)}%"


@dataclass(frozen=True, slots=True)
class Chances:
    """Several probability figures, written ``40%, 35% and 20%``."""

    values: tuple[float, ...]


Figure = Chance | Chances | int | float
"""A bot's own number in a reason."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot made one move.

    Attributes:
        key: The catalogue key of the sentence.
        seats: Seats the sentence names, by parameter (``bot`` is the bot itself); a tuple
            of seats reads "Ana and Bea".
        words: Other public things it names, as messages in both languages.
        figures: The bot's numbers, by parameter.
        chosen: The figure of the move played, where the reason compares moves.
        others: The figures of the other moves it shows, in the same unit.
        close: The text says why the move played is not the best figure shown.
    """

    key: str
    seats: Mapping[str, Seat | tuple[Seat, ...]] = field(default_factory=dict)
    words: Mapping[str, Message] = field(default_factory=dict)
    figures: Mapping[str, Figure] = field(default_factory=dict)
    chosen: float | None = None
    others: tuple[float, ...] = ()
    close: bool = False

    def text(self, lang: Lang, names: Sequence[str]) -> str:
        """The sentence in ``lang``, seats named by ``names`` (one per seat)."""
        return self._render(lang, names, masked=False)

    def masked(self, lang: Lang, names: Sequence[str]) -> str:
        """The sentence with every figure written as :data:`MASK`."""
        return self._render(lang, names, masked=True)

    def agrees(self) -> bool:
        """The move played has the best figure shown, or the text says why not."""
        if self.chosen is None or not self.others:
            return True
        return self.close or self.chosen >= max(self.others)

    def _render(self, lang: Lang, names: Sequence[str], *, masked: bool) -> str:
        params: dict[str, object] = {}
        for name, seat in self.seats.items():
            if isinstance(seat, tuple):
                params[name] = name_list([seat_name(s, names, lang) for s in seat], lang)
            else:
                params[name] = seat_name(seat, names, lang)
        params.update(self.words)
        for name, figure in self.figures.items():
            params[name] = MASK if masked else figure_text(figure, lang)
        return msg(self.key, **params).text(lang)


def figure_text(figure: Figure, lang: Lang) -> str:
    """A figure for people: ``71%``, ``3``, ``2.5`` (``2,5`` in Spanish)."""
    if isinstance(figure, Chance):
        return figure.text()
    if isinstance(figure, Chances):
        return chance_list(figure.values, lang)
    if isinstance(figure, int):
        return str(figure)
    text = f"{figure:.1f}"
    return text.replace(".", ",") if lang == "es" else text


def chance_list(chances: Sequence[float], lang: Lang) -> str:
    """``"40%"``, ``"40% and 35%"``, ``"40%, 35% and 20%"`` (``y`` in Spanish)."""
    texts = [Chance(c).text() for c in chances]
    if len(texts) <= 1:
        return "".join(texts)
    joiner = " y " if lang == "es" else " and "
    return ", ".join(texts[:-1]) + joiner + texts[-1]
