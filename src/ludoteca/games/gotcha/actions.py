"""Gotcha's actions and their text forms (``@<ms> <verb> ...``).

Every player action carries the game-clock time ``t`` in milliseconds, stamped by whoever
sends it (the runner's agent, a server, the terminal); the engine never reads a clock. The
time is part of the value and of the text, so a record replays exactly:

    @15000 draw                 @16000 play W03 a1          @16000 play I05 m1 2
    @16000 play B04 m2 1 : debe cantar antes de jugar       @12500 chat hola que tal
    @13000 emote clap           @14000 buzz a1 2,3          @17000 vote yes
    deal W03                    (chance: the drawn card)

Slots: ``a1``/``a2`` are the two rule areas (index 0 and 1), ``m1``..``m4`` the mats (slot
index 2..5). Seats are written as numbers from 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ludoteca.engine import native
from ludoteca.engine.errors import InvalidActionError
from ludoteca.engine.i18n import msg

AREAS: Final = 2
MATS: Final = 4
SLOT_NAMES: Final[tuple[str, ...]] = ("a1", "a2", "m1", "m2", "m3", "m4")
"""Slot index -> name: the two rule areas, then the mats."""
_SLOT_INDEX: Final = {name: index for index, name in enumerate(SLOT_NAMES)}
NO_TARGET: Final = -1


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card: starts the turn (GT-02)."""

    t: int

    def __str__(self) -> str:
        return f"@{self.t} draw"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the drawn card, off the pile into the turn player's hand."""

    card: str

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand: ends the turn (GT-02).

    Attributes:
        t: Game-clock time (ms).
        card: The card id.
        slot: A rule area (0, 1) for WHO and WHAT cards (GT-03); a mat (2..5) for individual
            cards (GT-04).
        target: For an individual card, the seat the mat is given to; else ``NO_TARGET``.
        text: A blank card's free text; empty for every other card.
    """

    t: int
    card: str
    slot: int
    target: int = NO_TARGET
    text: str = ""

    def __str__(self) -> str:
        out = f"@{self.t} play {self.card} {SLOT_NAMES[self.slot]}"
        if self.target != NO_TARGET:
            out += f" {self.target}"
        if self.text:
            out += f" : {self.text}"
        return out


@dataclass(frozen=True, slots=True)
class Chat:
    """Say ``text`` in the game room (GT-15)."""

    t: int
    text: str

    def __str__(self) -> str:
        return f"@{self.t} chat {self.text}"


@dataclass(frozen=True, slots=True)
class Emote:
    """Send one of the fixed emotes (GT-15)."""

    t: int
    emote: str

    def __str__(self) -> str:
        return f"@{self.t} emote {self.emote}"


@dataclass(frozen=True, slots=True)
class Buzz:
    """Hit the buzzer naming the rule on ``slot`` and the players who broke it (GT-06).

    ``seats`` is kept sorted and without repeats, whatever order it was given in.
    """

    t: int
    slot: int
    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(sorted(set(self.seats))))

    def __str__(self) -> str:
        return f"@{self.t} buzz {SLOT_NAMES[self.slot]} {','.join(map(str, self.seats))}"


@dataclass(frozen=True, slots=True)
class Vote:
    """A ballot on a buzz that names an uncheckable (blank) rule (GT-09)."""

    t: int
    yes: bool

    def __str__(self) -> str:
        return f"@{self.t} vote {'yes' if self.yes else 'no'}"


Action = Draw | Deal | Play | Chat | Emote | Buzz | Vote
Timed = Draw | Play | Chat | Emote | Buzz | Vote


# Fast makers for the listings (issue 19): a frozen dataclass's ``__init__`` sets each field
# through ``object.__setattr__``, about 4x slower than setting its slots directly, and a
# random pick makes one action per seat per step. Each maker builds the very value its
# class's constructor builds (same class, same fields): the class's own ``__new__`` (a
# native allocator once compiled by mypyc, ``object.__new__`` interpreted), then each
# field's slot descriptor. Compiled, the generated ``__init__`` stays interpreted Python
# (mypyc compiles a dataclass's methods, not the ones ``dataclass`` writes), so the makers
# save more there. tests/games/test_gotcha_makers.py checks they build the constructor's
# values.
_NEW_DRAW: Final = Draw.__new__
_NEW_CHAT: Final = Chat.__new__
_NEW_EMOTE: Final = Emote.__new__
_NEW_PLAY: Final = Play.__new__
_NEW_BUZZ: Final = Buzz.__new__
_SET_DRAW_T: Final = vars(Draw)["t"].__set__
_SET_CHAT_T: Final = vars(Chat)["t"].__set__
_SET_CHAT_TEXT: Final = vars(Chat)["text"].__set__
_SET_EMOTE_T: Final = vars(Emote)["t"].__set__
_SET_EMOTE: Final = vars(Emote)["emote"].__set__
_SET_PLAY_T: Final = vars(Play)["t"].__set__
_SET_PLAY_CARD: Final = vars(Play)["card"].__set__
_SET_PLAY_SLOT: Final = vars(Play)["slot"].__set__
_SET_PLAY_TARGET: Final = vars(Play)["target"].__set__
_SET_PLAY_TEXT: Final = vars(Play)["text"].__set__
_SET_BUZZ_T: Final = vars(Buzz)["t"].__set__
_SET_BUZZ_SLOT: Final = vars(Buzz)["slot"].__set__
_SET_BUZZ_SEATS: Final = vars(Buzz)["seats"].__set__


def draw_at(t: int) -> Draw:
    """``Draw(t)``, made faster."""
    action: Draw = _NEW_DRAW(Draw)
    _SET_DRAW_T(action, t)
    return action


def chat_at(t: int, text: str) -> Chat:
    """``Chat(t, text)``, made faster."""
    action: Chat = _NEW_CHAT(Chat)
    _SET_CHAT_T(action, t)
    _SET_CHAT_TEXT(action, text)
    return action


def emote_at(t: int, emote: str) -> Emote:
    """``Emote(t, emote)``, made faster."""
    action: Emote = _NEW_EMOTE(Emote)
    _SET_EMOTE_T(action, t)
    _SET_EMOTE(action, emote)
    return action


def play_at(t: int, card: str, slot: int, target: int, text: str) -> Play:
    """``Play(t, card, slot, target, text)``, made faster."""
    action: Play = _NEW_PLAY(Play)
    _SET_PLAY_T(action, t)
    _SET_PLAY_CARD(action, card)
    _SET_PLAY_SLOT(action, slot)
    _SET_PLAY_TARGET(action, target)
    _SET_PLAY_TEXT(action, text)
    return action


def buzz_one(t: int, slot: int, seat: int) -> Buzz:
    """``Buzz(t, slot, (seat,))``, made faster (one seat is already sorted, without repeats)."""
    action: Buzz = _NEW_BUZZ(Buzz)
    _SET_BUZZ_T(action, t)
    _SET_BUZZ_SLOT(action, slot)
    _SET_BUZZ_SEATS(action, (seat,))
    return action


_CARD: Final = re.compile(r"^[A-Z]\d\d$")
_EMOTE: Final = re.compile(r"^[a-z_]{1,30}$")
_VERBS: Final = {
    "draw": "draw", "robar": "draw",
    "play": "play", "jugar": "play",
    "chat": "chat", "decir": "chat",
    "emote": "emote", "gesto": "emote",
    "buzz": "buzz", "timbre": "buzz",
    "vote": "vote", "votar": "vote",
}  # fmt: skip
_YES: Final = {"yes": True, "si": True, "sí": True, "no": False}


def parse(text: str) -> Action:
    """Read an action from its text form (see the module docstring).

    Raises:
        InvalidActionError: If the text is not an action.
    """
    stripped = text.strip()
    head, _, rest = stripped.partition(" ")
    if head.lower() == "deal":
        card = rest.strip().upper()
        if not _CARD.match(card):
            raise InvalidActionError(text, msg("gotcha.bad_syntax"))
        return Deal(card)
    if not head.startswith("@"):
        raise InvalidActionError(text, msg("gotcha.bad_time"))
    digits = head[1:]
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 12:
        raise InvalidActionError(text, msg("gotcha.bad_time"))
    t = int(digits)
    verb_word, _, args = rest.strip().partition(" ")
    verb = _VERBS.get(verb_word.lower())
    if verb is None:
        raise InvalidActionError(text, msg("gotcha.bad_syntax"))
    args = args.strip()
    if verb == "draw":
        if args:
            raise InvalidActionError(text, msg("gotcha.bad_syntax"))
        return Draw(t)
    if verb == "chat":
        if not args:
            raise InvalidActionError(text, msg("gotcha.bad_syntax"))
        return Chat(t, args)
    if verb == "emote":
        name = args.lower()
        if not _EMOTE.match(name):
            raise InvalidActionError(text, msg("gotcha.bad_syntax"))
        return Emote(t, name)
    if verb == "vote":
        if args.lower() not in _YES:
            raise InvalidActionError(text, msg("gotcha.bad_syntax"))
        return Vote(t, _YES[args.lower()])
    if verb == "buzz":
        tokens = args.split()
        if len(tokens) != 2:
            raise InvalidActionError(text, msg("gotcha.bad_syntax"))
        return Buzz(t, _slot(text, tokens[0]), _seats(text, tokens[1]))
    return _parse_play(text, t, args)


def _parse_play(text: str, t: int, args: str) -> Play:
    head, sep, free = args.partition(":")
    tokens = head.split()
    if sep and not free.strip():
        raise InvalidActionError(text, msg("gotcha.bad_syntax"))
    if len(tokens) not in (2, 3) or not _CARD.match(tokens[0].upper()):
        raise InvalidActionError(text, msg("gotcha.bad_syntax"))
    slot = _slot(text, tokens[1])
    target = NO_TARGET
    if len(tokens) == 3:
        seats = _seats(text, tokens[2])
        if len(seats) != 1:
            raise InvalidActionError(text, msg("gotcha.bad_seats", token=tokens[2]))
        target = seats[0]
    return Play(t, tokens[0].upper(), slot, target, free.strip())


def _slot(text: str, token: str) -> int:
    index = _SLOT_INDEX.get(token.lower())
    if index is None:
        raise InvalidActionError(text, msg("gotcha.bad_slot", token=token))
    return index


def _seats(text: str, token: str) -> tuple[int, ...]:
    parts = token.split(",")
    if not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise InvalidActionError(text, msg("gotcha.bad_seats", token=token))
    seats = [int(p) for p in parts]
    if len(set(seats)) != len(seats):
        raise InvalidActionError(text, msg("gotcha.bad_seats", token=token))
    return tuple(sorted(seats))


def time_of(action: Action) -> int:
    """The game-clock time an action carries (``-1`` for the chance deal)."""
    return -1 if isinstance(action, Deal) else action.t


native.picklable(globals())
