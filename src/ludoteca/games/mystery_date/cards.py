"""Mystery Date components, actions and their text forms (used by ``mystery_date``).

Cards are integers ``colour * 3 + (number - 1)``: 0..2 are pink 1..3, 3..5 green, 6..8 blue,
9..11 orange. A hand, the draw pile and every "known cards" zone is a 12-tuple of copies per
card (a multiset). Cards are written as a colour letter and a number: ``P1``..``O3`` in
English letters (pink, green, blue, orange), ``R1``..``N3`` in Spanish ones (rosa, verde,
azul, naranja) when read.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from ludoteca.engine import components, native
from ludoteca.engine.errors import InvalidActionError
from ludoteca.engine.i18n import Lang, Message, msg, register

DATA: Final[dict[str, Any]] = components.load("mystery_date")

COLOURS: Final[tuple[str, ...]] = tuple(DATA["cards"]["colours"])
NUMBERS: Final[int] = DATA["cards"]["numbers"]
COPIES: Final[int] = DATA["cards"]["copies"]
CARDS: Final = len(COLOURS) * NUMBERS
DECK: Final[tuple[int, ...]] = (COPIES,) * CARDS
"""Copies of each card in the full deck (48 cards)."""
DECK_SIZE: Final = sum(DECK)
LETTERS_EN: Final[tuple[str, ...]] = tuple(DATA["cards"]["letters_en"])
LETTERS_ES: Final[tuple[str, ...]] = tuple(DATA["cards"]["letters_es"])
DEAL: Final[int] = DATA["cards"]["deal"]
HAND_LIMIT: Final[int] = DATA["cards"]["hand_limit"]
DOOR_OUTCOMES: Final[tuple[str, ...]] = tuple(DATA["door"]["outcomes"])
DUD: Final = DOOR_OUTCOMES.index("dud")
DEFAULT_DOOR_WEIGHTS: Final[str] = DATA["door"]["weights"]
DIE: Final[int] = DATA["track"]["die"]

if DOOR_OUTCOMES[: len(COLOURS)] != COLOURS or len(DOOR_OUTCOMES) != len(COLOURS) + 1:
    raise ValueError("mystery_date door outcomes must be the colours in order, then the dud")

# The colour letters are data ([cards] letters_es / letters_en): messages are made from them.
register(
    {
        f"mystery_date.letter.{colour}": {"es": LETTERS_ES[index], "en": LETTERS_EN[index]}
        for index, colour in enumerate(COLOURS)
    }
)

Counts = tuple[int, ...]
"""Copies per card, indexed by card (a multiset of cards)."""
NO_CARDS: Final[Counts] = (0,) * CARDS


def card_name(card: int) -> str:
    """``"P1"`` for pink 1, ... ``"O3"`` for orange 3."""
    return f"{LETTERS_EN[card // NUMBERS]}{card % NUMBERS + 1}"


def card_label(card: int, lang: Lang) -> str:
    """A card for people in ``lang``: ``"R1"`` (rosa 1) in Spanish, ``"P1"`` in English."""
    letters = LETTERS_ES if lang == "es" else LETTERS_EN
    return f"{letters[card // NUMBERS]}{card % NUMBERS + 1}"


def card_text(card: int) -> Message:
    """A card for a message: its colour letter in the reader's language and its number."""
    letter = msg(f"mystery_date.letter.{COLOURS[card // NUMBERS]}")
    return msg("mystery_date.card", letter=letter, number=card % NUMBERS + 1)


def cards_text(cards: list[int] | tuple[int, ...]) -> Message:
    """Cards for a message, space separated, in the reader's letters (``-`` if none)."""
    if not cards:
        return msg("mystery_date.no_cards")
    text = card_text(cards[-1])
    for card in reversed(cards[:-1]):
        text = msg("mystery_date.card_list", first=card_text(card), rest=text)
    return text


def colour_of(card: int) -> int:
    """The card's colour index (0 pink, 1 green, 2 blue, 3 orange)."""
    return card // NUMBERS


def outfit(colour: int) -> tuple[int, ...]:
    """The cards of a colour's outfit, 1 then 2 then 3."""
    return tuple(range(colour * NUMBERS, colour * NUMBERS + NUMBERS))


def cards_of(counts: Counts) -> list[int]:
    """A multiset as a sorted list of cards."""
    if not any(counts):
        return []  # most "known cards" zones are empty: skip the scan
    cards: list[int] = []
    for card, copies in enumerate(counts):
        if copies:
            cards += (card,) * copies
    return cards


def counts_of(cards: list[int] | tuple[int, ...]) -> Counts:
    """A list of cards as a multiset."""
    counts = [0] * CARDS
    for card in cards:
        counts[card] += 1
    return tuple(counts)


def weighted_index(weights: list[int] | tuple[int, ...], total: int, rng: random.Random) -> int:
    """An index drawn with probability ``weights[i] / total``, ``total`` being their sum: the
    first index whose running total passes ``int(rng.random() * total)`` (zero weights are
    never drawn). The chance draws of the rules (``game``) and of the fast path.

    Raises:
        ValueError: If no weight is positive (after drawing).
    """
    target = int(rng.random() * total)
    for index, weight in enumerate(weights):
        if target < weight:
            return index
        target -= weight
    raise ValueError("no positive weight")


# ---------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the die shows ``value`` (MD-02)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the top card of the draw pile is ``card`` (deal, take spaces, dud redraw)."""

    card: int

    def __str__(self) -> str:
        return f"draw {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: ``card`` is turned face up to (re)start the discard pile (MD-01, MD-07)."""

    card: int

    def __str__(self) -> str:
        return f"reveal {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Chance: the card the mover takes at random from the swap partner's hand (MD-05)."""

    card: int

    def __str__(self) -> str:
        return f"pick {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Door:
    """Chance: what the door opens on, a colour's date or the dud (MD-09)."""

    result: int

    def __str__(self) -> str:
        return f"door {DOOR_OUTCOMES[self.result]}"


@dataclass(frozen=True, slots=True)
class Give:
    """Give ``card`` face down to seat ``target``, first step of a swap (MD-05)."""

    card: int
    target: int

    def __str__(self) -> str:
        return f"give {card_name(self.card)} to {self.target}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` face up while over the hand limit (MD-04)."""

    card: int

    def __str__(self) -> str:
        return f"discard {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Pile:
    """On the draw-or-discard space, take the top of the discard pile or of the draw pile."""

    from_discard: bool

    def __str__(self) -> str:
        return "pile discard" if self.from_discard else "pile draw"


@dataclass(frozen=True, slots=True)
class Show:
    """Show the complete outfit of ``colour`` and open the door (MD-08)."""

    colour: int

    def __str__(self) -> str:
        return f"show {COLOURS[self.colour]}"


Action = Roll | Draw | Reveal | Pick | Door | Give | Discard | Pile | Show
CHANCE_TYPES: Final = (Roll, Draw, Reveal, Pick, Door)

MAX_SEATS: Final = 4
ROLLS: Final[tuple[Roll, ...]] = tuple(Roll(v) for v in range(DIE + 1))
DRAWS: Final[tuple[Draw, ...]] = tuple(Draw(c) for c in range(CARDS))
REVEALS: Final[tuple[Reveal, ...]] = tuple(Reveal(c) for c in range(CARDS))
PICKS: Final[tuple[Pick, ...]] = tuple(Pick(c) for c in range(CARDS))
DOORS: Final[tuple[Door, ...]] = tuple(Door(r) for r in range(len(DOOR_OUTCOMES)))
GIVES: Final[tuple[tuple[Give, ...], ...]] = tuple(
    tuple(Give(c, t) for t in range(MAX_SEATS)) for c in range(CARDS)
)
"""``GIVES[card][target]``: interned so legal action lists allocate nothing new."""
DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(c) for c in range(CARDS))
PILE_DRAW: Final = Pile(False)
PILE_DISCARD: Final = Pile(True)
SHOWS: Final[tuple[Show, ...]] = tuple(Show(c) for c in range(len(COLOURS)))


# ---------------------------------------------------------------------------------------
# Reading actions

_VERBS: Final = {
    "roll": "roll", "tirar": "roll",
    "draw": "draw", "robar": "draw",
    "reveal": "reveal", "descubrir": "reveal",
    "pick": "pick", "sacar": "pick",
    "door": "door", "puerta": "door",
    "give": "give", "dar": "give",
    "discard": "discard", "descartar": "discard",
    "pile": "pile", "monton": "pile", "montón": "pile",
    "show": "show", "mostrar": "show",
}  # fmt: skip
_COLOUR_WORDS: Final = {
    "pink": 0, "rosa": 0, "green": 1, "verde": 1,
    "blue": 2, "azul": 2, "orange": 3, "naranja": 3,
}  # fmt: skip
_DUD_WORDS: Final = {"dud": DUD, "fracaso": DUD, "plaga": DUD}
_PILE_WORDS: Final = {"draw": False, "robo": False, "discard": True, "descarte": True}
_TO_WORDS: Final = {"to", "a"}
_LETTER: Final = {letter.lower(): i for i, letter in enumerate(LETTERS_EN)} | {
    letter.lower(): i for i, letter in enumerate(LETTERS_ES)
}

if len(_LETTER) != 2 * len(COLOURS):
    raise ValueError("mystery_date colour letters must be distinct across both languages")


def parse_action(text: str) -> Action:
    """Read an action from its text form (see ``Action`` types' ``__str__``).

    Forms: ``roll 4``, ``draw P2``, ``reveal G1``, ``pick B3``, ``door pink``/``door dud``,
    ``give O2 to 1``, ``discard P1``, ``pile draw``/``pile discard``, ``show green``. Spanish
    verbs and words work too (``tirar``, ``robar``, ``descubrir``, ``sacar``, ``puerta``,
    ``dar R2 a 1``, ``descartar``, ``monton robo|descarte``, ``mostrar verde``).

    Raises:
        InvalidActionError: If the text is not an action.
    """
    tokens = text.strip().lower().split()
    if not tokens or tokens[0] not in _VERBS:
        raise InvalidActionError(text, msg("mystery_date.bad_verb"))
    verb = _VERBS[tokens[0]]
    args = tokens[1:]
    if verb == "give":
        if len(args) == 3 and args[1] in _TO_WORDS:
            args = [args[0], args[2]]
        if len(args) != 2:
            raise InvalidActionError(text, msg("mystery_date.bad_verb"))
        target = _seat_number(text, args[1])
        return GIVES[_card(text, args[0])][target]
    if len(args) != 1:
        raise InvalidActionError(text, msg("mystery_date.bad_verb"))
    arg = args[0]
    if verb == "roll":
        if not (arg.isascii() and arg.isdigit()) or not 1 <= int(arg) <= DIE:
            raise InvalidActionError(text, msg("mystery_date.bad_number", token=arg))
        return ROLLS[int(arg)]
    if verb == "pile":
        if arg not in _PILE_WORDS:
            raise InvalidActionError(text, msg("mystery_date.bad_pile", token=arg))
        return PILE_DISCARD if _PILE_WORDS[arg] else PILE_DRAW
    if verb == "show":
        if arg not in _COLOUR_WORDS:
            raise InvalidActionError(text, msg("mystery_date.bad_colour", token=arg))
        return SHOWS[_COLOUR_WORDS[arg]]
    if verb == "door":
        result = _COLOUR_WORDS.get(arg, _DUD_WORDS.get(arg))
        if result is None:
            raise InvalidActionError(text, msg("mystery_date.bad_colour", token=arg))
        return DOORS[result]
    card = _card(text, arg)
    tables: dict[str, tuple[Action, ...]] = {
        "draw": DRAWS,
        "reveal": REVEALS,
        "pick": PICKS,
        "discard": DISCARDS,
    }
    return tables[verb][card]


def _card(text: str, token: str) -> int:
    if len(token) != 2 or token[0] not in _LETTER or token[1] not in "123":
        raise InvalidActionError(text, msg("mystery_date.bad_card", token=token))
    return _LETTER[token[0]] * NUMBERS + int(token[1]) - 1


def _seat_number(text: str, token: str) -> int:
    if not (token.isascii() and token.isdigit()) or int(token) >= MAX_SEATS:
        raise InvalidActionError(
            text, msg("mystery_date.bad_seat", token=token, high=MAX_SEATS - 1)
        )
    return int(token)


native.picklable(globals())
