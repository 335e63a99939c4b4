"""A bot's reason for one move, kept as data until a person reads it.

A :class:`Reason` is a catalogue key and three kinds of parameters:

* **seats** — who the sentence names (the bot, an opponent), written with the reader's
  names for the seats;
* **words** — anything else the sentence names (a colour, a place on the board), as a
  :class:`~ludoteca.engine.i18n.Message`; only what the reader can see: the move itself as
  the board shows it, public cards, the phase;
* **figures** — the bot's own numbers (chances, counts of moves or simulated games, points
  or cards it expects): :class:`Chance` reads ``71%``, :class:`Count` a count with its
  noun in the number it asks (``1 move``, ``3 moves``),
  :class:`Margin` a search's margin (``by over 5%``, or that its games were too few to
  tell), :class:`~ludoteca.agents.explain.outcome.Outcome` the move played beside the
  others (ties said as ties), an ``int`` as itself, a ``float`` with one decimal. They
  come from the bot's whole view, hidden cards included, so they are the only part that
  may change with what the reader cannot see; they never name a card. A noun's number or
  a margin's wording goes with its figure for that reason: the rest of the sentence may not
  depend on them.

:meth:`Reason.masked` writes the sentence with every figure as ``#``: what must stay the same
when the zones hidden from the reader are resampled (tests/agents/test_explain_every_bot.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ludoteca.agents.explain.outcome import Outcome, percent
from ludoteca.engine.events import name_list, seat_name
from ludoteca.engine.game import Seat
from ludoteca.engine.i18n import Lang, Message, msg, register

MASK = "#"
"""How :meth:`Reason.masked` writes a figure."""


@dataclass(frozen=True, slots=True)
class Chance:
    """A probability figure in ``[0, 1]``, written as a whole percentage."""

    value: float

    def text(self, lang: Lang) -> str:
        """``"71%"`` (``outcome.percent``: only a certainty reads ``100%``)."""
        return percent(self.value, lang)


@dataclass(frozen=True, slots=True)
class Count:
    """A count with its noun: ``1 move``, ``3 moves`` (``1 jugada``, ``3 jugadas``).

    Attributes:
        value: How many.
        unit: The noun, a key of the ``explain.unit.<unit>.one`` / ``.other`` catalogue
            entries below.
    """

    value: int
    unit: str

    def text(self, lang: Lang) -> str:
        """``"1 move"``, ``"3 moves"`` in ``lang``."""
        form = "one" if self.value == 1 else "other"
        return f"{self.value} {msg(f'explain.unit.{self.unit}.{form}').text(lang)}"


@dataclass(frozen=True, slots=True)
class Margin:
    """How much more another move had to win for a search to trade its usual move for it.

    ``value`` is a chance (the margin on the ``[-1, 1]`` value scale, halved), infinite
    when the search took too few games to measure it. At ``1`` (100%) or more no move
    could clear it: the search's games were too few to tell, and that is what it reads,
    rather than "by over 100%". Under half a percent (its games all agreed, so any lead
    counts) it says so, rather than "by over 0%".
    """

    value: float

    def text(self, lang: Lang) -> str:
        """``"by over 5%"``, that any lead counts, or that the games were too few to tell."""
        if not math.isfinite(self.value) or self.value >= 1.0:
            return msg("explain.margin.too_few").text(lang)
        if self.value < 0.005:
            return msg("explain.margin.any").text(lang)
        return msg("explain.margin.over", margin=Chance(self.value).text(lang)).text(lang)


Figure = Chance | Count | Margin | Outcome | int | float
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
    if isinstance(figure, Chance | Count | Margin | Outcome):
        return figure.text(lang)
    if isinstance(figure, int):
        return str(figure)
    text = f"{figure:.1f}"
    return text.replace(".", ",") if lang == "es" else text


_UNITS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    # unit: ((English one, other), (Spanish one, other))
    "move": (("move", "moves"), ("jugada", "jugadas")),
    "possible_move": (("possible move", "possible moves"), ("jugada posible", "jugadas posibles")),
    "possible_placement": (
        ("possible placement", "possible placements"),
        ("colocación posible", "colocaciones posibles"),
    ),
    "promising_placement": (
        ("promising placement", "promising placements"),
        ("colocación prometedora", "colocaciones prometedoras"),
    ),
    "way": (("way", "ways"), ("manera", "maneras")),
    "card": (("card", "cards"), ("carta", "cartas")),
    "point": (("point", "points"), ("punto", "puntos")),
    "game": (("game", "games"), ("partida", "partidas")),
    "game_simulated": (
        ("game simulated", "games simulated"),
        ("partida simulada", "partidas simuladas"),
    ),
    "likely_hand": (("likely hand", "likely hands"), ("mano probable", "manos probables")),
    "simulated_deal": (
        ("simulated deal", "simulated deals"),
        ("reparto simulado", "repartos simulados"),
    ),
    "imagined_deal": (
        ("imagined deal", "imagined deals"),
        ("reparto imaginado", "repartos imaginados"),
    ),
}
"""The nouns a :class:`Count` reads with, singular and plural."""

register(
    {
        **{
            f"explain.unit.{unit}.{form}": {"en": en[index], "es": es[index]}
            for unit, (en, es) in _UNITS.items()
            for index, form in enumerate(("one", "other"))
        },
        "explain.margin.over": {"es": "por más de un {margin}", "en": "by over {margin}"},
        "explain.margin.any": {
            "es": "aquí por poco que fuera, pues sus partidas coincidían",
            "en": "here by any lead at all, as their games all agreed",
        },
        "explain.margin.too_few": {
            "es": "y fueron muy pocas partidas para saberlo",
            "en": "and these were too few games to tell",
        },
    }
)
