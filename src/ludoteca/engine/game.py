"""The Game protocol and the small value types every game shares.

A game is a set of pure functions over an immutable state (see ``docs/architecture.md``).
Seats are ``int`` values ``0..n-1``; :data:`CHANCE` stands for nature at a chance step
(both defined in ``engine.seats``, below the names of seats in ``engine.events``, and part of
this module's API).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from ludoteca.engine.events import Event, name_list, render, seat_name
from ludoteca.engine.i18n import Lang, Message, msg, register
from ludoteca.engine.seats import CHANCE, Seat

__all__ = [
    "CHANCE",
    "Action",
    "Game",
    "GameInfo",
    "OptionSpec",
    "OptionValue",
    "Options",
    "Outcome",
    "ProfileSpec",
    "ProfiledGame",
    "RealtimeGame",
    "Seat",
    "SeatProfile",
    "Trait",
    "View",
    "ranks_from_scores",
]

View = dict[str, Any]
"""A JSON-ready view of a state for one seat (or a spectator)."""

OptionValue = bool | int | str
Options = Mapping[str, OptionValue]

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option, its default and its help text in both languages.

    The value type is the type of ``default`` (``bool``, ``int`` or ``str``).

    Attributes:
        name: Option name as written on the command line (``tie_goes_to_arrow``).
        default: The value used when the option is not given.
        help_es: What it does, in Spanish.
        help_en: What it does, in English.
        choices: The allowed values, or empty for any value of the type.
        label_es: A short name for people, in Spanish (forms, room headers).
        label_en: The same in English.
        rule: Whether the option changes the rules (``False`` for a room setting that
            does not, e.g. Gotcha's chat language): ``ludoteca tune`` searches only rules
            unless told otherwise.
    """

    name: str
    default: OptionValue
    help_es: str
    help_en: str
    choices: tuple[OptionValue, ...] = ()
    label_es: str = ""
    label_en: str = ""
    rule: bool = True

    def label(self, lang: str) -> str:
        """The option's short name for people in ``lang`` (its ``name`` if it has none)."""
        return (self.label_es if lang == "es" else self.label_en) or self.name


@dataclass(frozen=True, slots=True)
class Trait:
    """A trait a seat profile may declare (the rules may name whoever has it).

    Attributes:
        id: The trait's id, as profiles and options carry it (``"glasses"``).
        es: Its label in Spanish.
        en: Its label in English.
    """

    id: str
    es: str
    en: str


@dataclass(frozen=True, slots=True)
class SeatProfile:
    """What a seat's player declares about themselves (``ProfileSpec``)."""

    name: str
    age: int
    traits: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """As a surface shows and stores it (traits sorted, each once)."""
        return {"name": self.name, "age": self.age, "traits": sorted(set(self.traits))}


@dataclass(frozen=True, slots=True)
class ProfileSpec:
    """Seat profiles: each seat's player declares a name, an age and traits when sitting
    down; the game deals with them through one option that a surface fills from the seats
    (never from a person's options). Bots' profiles come from ``ProfiledGame.draw_profiles``.

    Attributes:
        option: The option the seats' profiles fill (see :meth:`option_value`).
        traits: The traits a profile may declare, in the game's order.
        min_age: The youngest age a drawn profile has.
        max_age: The oldest age a drawn profile has.
        bot_names: Names for bots' seats, in the order they are handed out.
    """

    option: str
    traits: tuple[Trait, ...]
    min_age: int
    max_age: int
    bot_names: tuple[str, ...]

    def trait_ids(self) -> tuple[str, ...]:
        """The traits' ids, in order."""
        return tuple(trait.id for trait in self.traits)

    def default_age(self) -> int:
        """The age of a person who gives none (the middle of the drawn range)."""
        return (self.min_age + self.max_age) // 2

    def option_value(self, profiles: Sequence[Mapping[str, Any]]) -> str:
        """The option's value for the seats' profiles (one ``{name, age, traits}`` object
        per seat, in seat order, as a JSON list).
        """
        return json.dumps(list(profiles), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What kind of game this is, declared before any logic (OpenSpiel's GameType).

    Attributes:
        id: The one id used everywhere (``"tacocat"``).
        version: Bumped whenever the rules change; records store it.
        name_es: Name in Spanish.
        name_en: Name in English.
        min_players: Fewest seats.
        max_players: Most seats.
        has_chance: Whether the game has chance steps.
        hidden_info: Whether some zones are hidden from some seats.
        simultaneous: Whether several seats may act in the same state.
        max_steps: Steps (actions plus chance outcomes) a game stays within. Where the rules
            allow endless repetition (drawn rounds) this is a bound exceeded with negligible
            probability, documented by the game.
        options: The options the game accepts.
        summary_es: One-paragraph description in Spanish.
        summary_en: One-paragraph description in English.
        realtime: Whether actions carry game-clock times (``RealtimeGame.action_time``) and
            seats race: when several seats act at once, ``runner.play`` applies only the
            earliest choice (ties by the order of ``actors``) and asks again. False keeps
            simultaneous secret choices (every choice applied, see ``runner.play``).
        profiles: Whether seats declare a profile (``ProfileSpec``; the game is then a
            :class:`ProfiledGame`), else ``None``.
    """

    id: str
    version: int
    name_es: str
    name_en: str
    min_players: int
    max_players: int
    has_chance: bool
    hidden_info: bool
    simultaneous: bool
    max_steps: int
    options: tuple[OptionSpec, ...] = ()
    summary_es: str = ""
    summary_en: str = ""
    realtime: bool = False
    profiles: ProfileSpec | None = None

    def name(self, lang: str) -> str:
        """The game's name in ``lang``."""
        return self.name_es if lang == "es" else self.name_en


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    Attributes:
        scores: One number per seat (for win/lose games 1 for a winner, 0 otherwise).
        winners: The winning seats (several on a shared win, none on a draw).
        ranks: Rank per seat, 1 is best; equal scores share a rank.
        reason: Why it ended, for people (a sentence without the final stop).
        end_reason: Why it ended, as a stable id (``"goal"``, ``"tiles_out"``, ``"corners"``,
            ``"champ"``, ``"turn_limit"``, ``"deck_out"``, ...), counted by ``simulate``.
        turns: Turns played, as the rulebook counts a turn (not engine steps).
        figures: The game's own result figures, JSON-ready (Tacocat's rounds won and final
            track position, Gotcha's pawn positions, Tile Up's scores, ...).
    """

    scores: tuple[float, ...]
    winners: tuple[Seat, ...]
    ranks: tuple[int, ...]
    reason: Message | None = field(default=None, compare=False)
    end_reason: str = field(default="", compare=False)
    turns: int = field(default=0, compare=False)
    figures: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def returns(self) -> tuple[float, ...]:
        """Zero-sum returns for learning agents: +1 per winner share, -1 otherwise."""
        n = len(self.scores)
        if not self.winners or len(self.winners) == n:
            return tuple(0.0 for _ in range(n))
        win = 1.0 / len(self.winners)
        lose = -1.0 / (n - len(self.winners))
        return tuple(win if seat in self.winners else lose for seat in range(n))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "end_reason": self.end_reason,
            "turns": self.turns,
            "figures": json.loads(json.dumps(self.figures)),
        }

    def reason_text(self, lang: str, names: Sequence[str]) -> str | None:
        """Why the game ended, in ``lang``, its seats named by ``names`` (None without one).

        A seat past the end of ``names`` is "Player N" ("Jugador N").
        """
        return render(self.reason, lang, names) if self.reason is not None else None

    def describe(self, lang: str, names: Sequence[str]) -> str:
        """The result for people: who won (by ``names``, one per seat) and why."""
        code: Lang = "es" if lang == "es" else "en"
        winners = name_list([seat_name(s, names, code) for s in self.winners], code)
        reason = self.reason_text(code, names) or ""
        return msg("engine.outcome", winners=winners, reason=reason, turns=self.turns).text(code)


def ranks_from_scores(scores: Sequence[float]) -> tuple[int, ...]:
    """Competition ranks (1 is best, ties share the better rank)."""
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


class Action(Protocol):
    """Any action: hashable, with a short text form that the game parses back."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


class Game(Protocol[S, A]):
    """The protocol every game implements. All methods are pure.

    ``apply`` may assume the action is legal: callers that take input from outside go
    through :func:`ludoteca.engine.runner.step`, which checks first.
    """

    info: GameInfo

    def setup(self, num_players: int, rng: random.Random, options: Options) -> S:
        """The initial state. ``options`` are already validated and complete."""
        ...

    def actors(self, state: S) -> tuple[Seat, ...]:
        """Seats that may act now; ``(CHANCE,)`` at a chance step; empty when over."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]:
        """The seat's legal actions, unique, in a deterministic documented order."""
        ...

    def apply(self, state: S, seat: Seat, action: A) -> S:
        """The next state. Never mutates ``state``."""
        ...

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        """At a chance step: every outcome with its exact probability (summing to 1)."""
        ...

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """At a chance step: one outcome drawn with the probabilities of ``chance_outcomes``."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        ...

    def phase(self, state: S) -> str:
        """The current phase's id (for messages and views)."""
        ...

    def view(self, state: S, seat: Seat | None) -> View:
        """What ``seat`` may see (``None``: a spectator). JSON-ready."""
        ...

    def sample_state(self, view: View, seat: Seat | None, rng: random.Random) -> S:
        """A full state consistent with ``view``, hidden zones drawn at random."""
        ...

    def explain(self, state: S, seat: Seat, action: A) -> tuple[str | None, Message] | None:
        """Why ``action`` is illegal for ``seat`` now: ``(rule_id, reason)``, or ``None``."""
        ...

    def parse_action(self, text: str) -> A:
        """The action written as ``text``; raises ``InvalidActionError`` if unreadable."""
        ...

    def describe(self, action: A, lang: str, names: Sequence[str] = ()) -> str:
        """A sentence for people describing ``action``; a seat it names (a target, a
        suspect) is ``names[seat]``, or "Player N" past the end of ``names``.
        """
        ...

    def rules_text(self, lang: str) -> list[tuple[str, str]]:
        """The rules as ``(rule id, sentence)`` pairs in ``lang``."""
        ...

    def events(
        self, before: S, seat: Seat, action: A, after: S, viewer: Seat | None
    ) -> tuple[Event, ...]:
        """What ``viewer`` (a seat, ``None`` for a spectator) learns from the step
        ``before --seat:action--> after``, in the order it happened.

        Pure and derived on demand; never computed inside ``apply``. The shared events
        (forced moves, the end of the game) are added by ``engine.shared_events.step_events``.
        """
        ...


class RealtimeGame(Game[S, A], Protocol):
    """A game whose actions carry the game-clock time (``GameInfo.realtime``).

    The engine never reads a clock: the runner, a server or a terminal stamps each action
    with its time, and the game keeps it in the action value and its text form.
    Its views carry the game clock (the time of the last action, ms) under ``"clock"``.
    What follows is what a surface (a server, a terminal) needs to run the clock and offer
    moves without knowing the game.
    """

    max_gap_ms: int
    """The longest game time between two actions (a surface's clock stops there)."""

    def action_time(self, action: A) -> int:
        """The game-clock time (ms) the action carries."""
        ...

    def with_time(self, action: A, t: int) -> A:
        """``action`` stamped at game time ``t`` instead of its own."""
        ...

    def parse_at(self, text: str, t: int) -> A:
        """A person's action text, written without its time (any time it has is ignored),
        stamped at game time ``t``.

        Raises:
            InvalidActionError: If the text is not an action.
        """
        ...

    def turn_moves(self, legal: Sequence[A]) -> Sequence[A]:
        """Among a seat's ``legal`` actions, those the game waits on (its turn's moves), as
        opposed to those anyone may send at any time; empty if the game waits on others.
        """
        ...

    def move_menu(self, view: View, legal: Sequence[A], lang: str) -> list[tuple[str, str]]:
        """A seat's moves to offer a person, as ``(text without time, label in lang)`` pairs,
        each text once (typed moves such as free text are left out).
        """
        ...


class ProfiledGame(Game[S, A], Protocol):
    """A game whose seats declare profiles (``GameInfo.profiles``)."""

    def draw_profiles(self, num_players: int, rng: random.Random) -> tuple[SeatProfile, ...]:
        """Random profiles for every seat, as the game draws them for bots (a name that
        fits the traits, an age in the spec's range).
        """
        ...


register(
    {
        "engine.outcome": {
            "es": "Gana: {winners} ({reason}; {turns} turnos).",
            "en": "Winner: {winners} ({reason}; {turns} turns).",
        },
    }
)
