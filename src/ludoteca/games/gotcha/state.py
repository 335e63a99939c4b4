"""Gotcha's components, options and state (the values ``gotcha.py`` works on).

Components come from ``games/gotcha/components.toml`` (the table, the track, the digital-edition
constants) and from the cards module ``gotcha_cards`` (the 110 cards, traits, emotes).
"""

from __future__ import annotations

import json
import random
from functools import cache, lru_cache
from typing import Final, NamedTuple

from ludoteca.engine import components
from ludoteca.engine.errors import GameSetupError
from ludoteca.engine.game import Options, OptionSpec
from ludoteca.engine.i18n import msg
from ludoteca.games.gotcha import cards
from ludoteca.games.gotcha.actions import AREAS, MATS
from ludoteca.games.gotcha.cards import Card, Event, Profile

DATA: Final = components.load("gotcha")
WRONG_WAY: Final[int] = DATA["track"]["wrong_way"]
START: Final[int] = DATA["track"]["start"]
TRACK_LENGTH: Final[int] = DATA["track"]["length"]
HAND_SIZE: Final[int] = DATA["table"]["hand_size"]
MATS_THREE: Final[int] = DATA["table"]["mats_three_players"]
BUZZ_GAIN: Final[int] = DATA["scoring"]["buzz_gain"]
BREAKER_LOSS: Final[int] = DATA["scoring"]["breaker_loss"]
GRACE_MS: Final[int] = DATA["timing"]["grace_ms"]
MAX_GAP_MS: Final[int] = DATA["timing"]["max_gap_ms"]
CHAT_MAX: Final[int] = DATA["timing"]["chat_max"]
TURN_LIMIT: Final[int] = DATA["digital"]["turn_limit"]
TURN_LIMIT_CHOICES: Final[tuple[int, ...]] = tuple(DATA["digital"]["turn_limit_choices"])
TRUNCATE_TURNS: Final[int] = DATA["digital"]["truncate_turns"]
EVENTS_PER_TURN: Final[int] = DATA["digital"]["events_per_turn"]
EVENTS_CHOICES: Final[tuple[int, ...]] = tuple(DATA["digital"]["events_per_turn_choices"])
OFFSETS: Final[tuple[int, ...]] = tuple(DATA["digital"]["offsets"])
CHAT_LINES: Final[tuple[str, ...]] = tuple(DATA["digital"]["chat_lines"])
BLANK_LINES: Final[tuple[str, ...]] = tuple(DATA["digital"]["blank_lines"])
NAMES_WOMAN: Final[tuple[str, ...]] = tuple(DATA["digital"]["names_woman"])
NAMES_MAN: Final[tuple[str, ...]] = tuple(DATA["digital"]["names_man"])
NAMES: Final[tuple[str, ...]] = tuple(
    name for pair in zip(NAMES_WOMAN, NAMES_MAN, strict=True) for name in pair
)
"""Every profile name, alternating the two lists (for callers that need any name)."""
MIN_AGE: Final[int] = DATA["digital"]["min_age"]
MAX_AGE: Final[int] = DATA["digital"]["max_age"]
TRAIT_P: Final[float] = DATA["digital"]["trait_probability"]
PRINTED: Final = "P:"
"""Prefix of the pseudo-card ids of the printed WHO groups (``P:man``)."""

if DATA["table"]["mats"] != MATS or DATA["table"]["areas"] != AREAS:
    raise ValueError("gotcha.toml table does not match the slots of gotcha_actions")

OPTIONS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec(
        "track_length",
        TRACK_LENGTH,
        "Casillas de INICIO a CAMPEÓN.",
        "Spaces from START to CHAMP.",
        choices=(4, 6, 8, 10, 12),
        label_es="Largo del recorrido",
        label_en="Track length",
    ),
    OptionSpec(
        "grace_ms",
        GRACE_MS,
        "Margen (ms) tras anunciar una regla antes de que obligue (GT-05).",
        "Grace period (ms) after a rule is announced before it binds (GT-05).",
        choices=(0, 1000, 2000, 3000, 5000, 10000),
        label_es="Margen antes de que una regla obligue (ms)",
        label_en="Grace before a rule binds (ms)",
    ),
    OptionSpec(
        "wrong_buzz_penalty",
        DATA["scoring"]["wrong_buzz_penalty"],
        "Casillas que retrocede quien pulsa mal (0: reglamento; 1: edición inglesa).",
        "Spaces a wrong buzzer moves back (0: rulebook; 1: English edition).",
        choices=(0, 1),
        label_es="Castigo por timbrazo fallido",
        label_en="Wrong-buzz penalty",
    ),
    OptionSpec(
        "auto_referee",
        False,
        "El juego canta las infracciones que nadie cantó al cerrarse el plazo (GT-12).",
        "The game buzzes breaches nobody caught when their window closes (GT-12).",
        label_es="Árbitro automático",
        label_en="Automatic referee",
    ),
    OptionSpec(
        "custom_cards",
        False,
        "Deja en el mazo las 6 cartas en blanco (texto libre, se decide votando).",
        "Keep the 6 blank cards in the deck (free text, decided by vote).",
        label_es="Cartas en blanco",
        label_en="Blank cards",
    ),
    OptionSpec(
        "printed_groups",
        "",
        "Los dos grupos QUIÉN impresos, como 'glasses,jeans' (vacío: hombres y mujeres).",
        "The two printed WHO groups, e.g. 'glasses,jeans' (empty: men and women).",
        label_es="Grupos QUIÉN impresos",
        label_en="Printed WHO groups",
    ),
    OptionSpec(
        "profiles",
        "",
        "Perfiles JSON [{name, age, traits}] por asiento (vacío: perfiles al azar).",
        "JSON profiles [{name, age, traits}] per seat (empty: random profiles).",
        label_es="Perfiles de los asientos",
        label_en="Seat profiles",
    ),
    OptionSpec(
        "turn_limit",
        TURN_LIMIT,
        "Turnos tras los que gana el peón más avanzado (GT-14; 0: sin límite, como el reglamento).",
        "Turns after which the furthest pawn wins (GT-14; 0: no limit, as in the rulebook).",
        choices=TURN_LIMIT_CHOICES,
        label_es="Límite de turnos",
        label_en="Turn limit",
    ),
    OptionSpec(
        "events_per_turn",
        EVENTS_PER_TURN,
        "Mensajes o gestos por jugador y turno; los timbrazos no cuentan (GT-15).",
        "Chat or emote events per player per turn; buzzes do not count (GT-15).",
        choices=EVENTS_CHOICES,
        label_es="Mensajes o gestos por turno",
        label_en="Messages or emotes per turn",
    ),
    OptionSpec(
        "language",
        "es",
        "Idioma de la sala: en él hablan los bots y se dicen las palabras de las reglas.",
        "The room's language: bots speak it and say the rules' words in it.",
        choices=("es", "en"),
        label_es="Idioma de la sala",
        label_en="Room language",
        rule=False,
    ),
    OptionSpec(
        "buzz_lock",
        True,
        "Un timbrazo fallido bloquea el timbre el resto del turno (GT-17, regla digital).",
        "A wrong buzz locks the buzzer for the rest of the turn (GT-17, digital rule).",
        label_es="Bloqueo del timbre tras fallar",
        label_en="Buzzer lock after a wrong buzz",
    ),
)


class Rules(NamedTuple):
    """The options that change play, resolved once at setup."""

    track_length: int
    grace_ms: int
    wrong_buzz_penalty: int
    auto_referee: bool
    custom_cards: bool
    printed_groups: tuple[str, str]
    turn_limit: int
    events_per_turn: int
    mats: int
    buzz_lock: bool
    language: str


class Mat(NamedTuple):
    """An individual-rule mat: its owner (``-1`` while unused), its card stack (top last)
    and the top card's free text (blank cards only).
    """

    owner: int
    cards: tuple[str, ...]
    text: str


class Bind(NamedTuple):
    """A rule slot's last announcement: its serial (``0``: never announced) and time."""

    serial: int
    at: int


class Record(NamedTuple):
    """One breach in the referee's private record (GT-13: in no view).

    Attributes:
        seat: The breaker.
        slot: The rule's slot (0, 1 areas; 2.. mats).
        serial: The announcement serial of the rule broken (a covered rule has a new one).
        log_index: The breach's absolute log index (the offending or the trigger event).
        turn: The turn in which it was recorded (the window runs to the end of the next).
        t: Its game-clock time.
        scored: Whether a buzz has already scored it.
    """

    seat: int
    slot: int
    serial: int
    log_index: int
    turn: int
    t: int
    scored: bool


class Ballot(NamedTuple):
    """A vote on a buzz naming a blank rule (GT-09).

    Attributes:
        buzzer: Who buzzed.
        slot: The rule's slot.
        accused: The players named.
        ballots: Per seat: ``-1`` not yet voted, ``0`` no, ``1`` yes.
        resume: The phase to go back to.
    """

    buzzer: int
    slot: int
    accused: tuple[int, ...]
    ballots: tuple[int, ...]
    resume: int


class BuzzResult(NamedTuple):
    """A public buzz result: who, which slot, whom, and ``correct``, ``wrong``, ``vote``,
    ``no_majority`` or ``referee``.
    """

    t: int
    buzzer: int
    slot: int
    accused: tuple[int, ...]
    result: str


DRAW: Final = 0
DEAL: Final = 1
PLAY: Final = 2
VOTE: Final = 3
OVER: Final = 4
PHASES: Final = ("draw", "deal", "play", "vote", "over")


class State(NamedTuple):
    """A full Gotcha state. Immutable; a NamedTuple (see ``docs/architecture.md``).

    Attributes:
        rules: Resolved options.
        profiles: Each seat's declared profile (public).
        phase: ``DRAW``, ``DEAL``, ``PLAY``, ``VOTE`` or ``OVER``.
        current: Whose turn it is.
        turn: Turn number, from 1.
        clock: Game-clock time of the last action (ms).
        positions: Pawn per seat, ``WRONG_WAY`` .. ``track_length`` (CHAMP).
        hands: Each seat's cards (sorted ids; hidden from the others).
        pile: The draw pile as a sorted multiset of ids (its order is never known).
        who: Per rule area, the WHO stack (bottom: the printed group ``P:<trait>``).
        what: Per rule area, the WHAT stack (empty until a WHAT card is played).
        what_text: Per rule area, the top WHAT card's free text (blank cards only).
        mats: The individual-rule mats in use at this player count.
        binds: Per slot (areas, then mats), the last announcement.
        serial: The last announcement serial given out.
        log: The public event log from the start of the turn before the previous one
            (older events can no longer matter: every window has closed).
        log_base: Absolute index of ``log[0]``.
        prev_start: Absolute log index of the previous turn's ``turn_start`` event (the
            referee judges with the log from there).
        turn_start: Absolute log index of the current turn's first event: the first one
            after the play that ended the previous turn. The ``turn_start`` event itself is
            logged at the draw («Roba una carta del mazo de robo. Esta acción inicia tu
            turno», GT-02), so events before the draw are nobody's turn for the cards.
        events_left: Chat and emote events each seat may still send this turn (GT-15).
        locked: Per seat, the turn in which its buzzer is locked after a wrong buzz
            (GT-17; ``0``: never locked).
        breaches: The referee's private record (GT-13).
        ballot: The vote under way, if any.
        buzzes: The last few public buzz results, oldest first.
        winners: The winners once the game is over.
        ended: ``"champ"`` or ``"turn_limit"`` once over, else ``""``.
    """

    rules: Rules
    profiles: tuple[Profile, ...]
    phase: int
    current: int
    turn: int
    clock: int
    positions: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]
    who: tuple[tuple[str, ...], ...]
    what: tuple[tuple[str, ...], ...]
    what_text: tuple[str, ...]
    mats: tuple[Mat, ...]
    binds: tuple[Bind, ...]
    serial: int
    log: tuple[Event, ...]
    log_base: int
    prev_start: int
    turn_start: int
    events_left: tuple[int, ...]
    locked: tuple[int, ...]
    breaches: tuple[Record, ...]
    ballot: Ballot | None
    buzzes: tuple[BuzzResult, ...]
    winners: tuple[int, ...]
    ended: str


BUZZ_HISTORY: Final = 8
"""Public buzz results kept in the state (and the views)."""


# ---------------------------------------------------------------------------------------
# Setup helpers


def resolve_rules(num_players: int, options: Options) -> Rules:
    """The ``Rules`` of a match from validated options.

    Raises:
        GameSetupError: For a bad ``printed_groups`` value.
    """
    groups_text = str(options["printed_groups"]).strip()
    if groups_text:
        parts = tuple(p.strip() for p in groups_text.split(","))
        if len(parts) != 2 or not all(p in cards.TRAITS for p in parts) or parts[0] == parts[1]:
            raise GameSetupError(msg("gotcha.bad_groups", valid=", ".join(cards.TRAITS)))
        groups = (parts[0], parts[1])
    else:
        groups = cards.DEFAULT_PRINTED_GROUPS
    return Rules(
        track_length=int(options["track_length"]),
        grace_ms=int(options["grace_ms"]),
        wrong_buzz_penalty=int(options["wrong_buzz_penalty"]),
        auto_referee=bool(options["auto_referee"]),
        custom_cards=bool(options["custom_cards"]),
        printed_groups=groups,
        turn_limit=int(options["turn_limit"]),
        events_per_turn=int(options["events_per_turn"]),
        mats=MATS_THREE if num_players == 3 else MATS,
        buzz_lock=bool(options["buzz_lock"]),
        language="en" if options["language"] == "en" else "es",
    )


def deck(custom_cards: bool) -> tuple[str, ...]:
    """GT-01: every card id in play (blank cards only with ``custom_cards``)."""
    return tuple(c.id for c in cards.CARDS if custom_cards or c.checkable)


def profiles_from(text: str, num_players: int, rng: random.Random) -> tuple[Profile, ...]:
    """Profiles from the ``profiles`` option, or random ones (bots get random traits).

    Random profiles: an age from ``MIN_AGE`` to ``MAX_AGE``, each trait with probability
    ``TRAIT_P``, exactly one of the exclusive pair ``man``/``woman`` where both are traits,
    and a distinct name from the data file's list for that trait.

    Raises:
        GameSetupError: For a malformed ``profiles`` option.
    """
    if text.strip():
        return _parse_profiles(text, num_players)
    out = []
    exclusive = ("man", "woman") if {"man", "woman"} <= set(cards.TRAITS) else ()
    used = {"man": 0, "woman": 0}
    for _ in range(num_players):
        age = MIN_AGE + int(rng.random() * (MAX_AGE - MIN_AGE + 1))
        traits = {t for t in cards.TRAITS if t not in exclusive and rng.random() < TRAIT_P}
        if exclusive:
            traits.add(exclusive[0] if rng.random() < 0.5 else exclusive[1])
        kind = "man" if "man" in traits else "woman"
        names = NAMES_MAN if kind == "man" else NAMES_WOMAN
        out.append(Profile(names[used[kind] % len(names)], age, frozenset(traits)))
        used[kind] += 1
    return tuple(out)


def _parse_profiles(text: str, num_players: int) -> tuple[Profile, ...]:
    def bad(detail: str) -> GameSetupError:
        return GameSetupError(msg("gotcha.bad_profiles", n=num_players, detail=detail))

    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise bad(str(error)) from None
    if not isinstance(raw, list) or len(raw) != num_players:
        raise bad(f"{num_players} entries")
    out = []
    for entry in raw:
        if not isinstance(entry, dict):
            raise bad("entries must be objects")
        name, age, traits = entry.get("name"), entry.get("age"), entry.get("traits", [])
        if not isinstance(name, str) or not name.strip() or len(name) > 30:
            raise bad("name")
        if not isinstance(age, int) or isinstance(age, bool) or not 0 < age < 130:
            raise bad("age")
        if not isinstance(traits, list) or not all(t in cards.TRAITS for t in traits):
            raise bad("traits: " + ", ".join(cards.TRAITS))
        out.append(Profile(name.strip(), age, frozenset(traits)))
    return tuple(out)


# ---------------------------------------------------------------------------------------
# Reading the board


@cache
def who_card(card_id: str) -> Card:
    """The WHO card of a WHO stack's top (a printed group or a played card)."""
    if card_id.startswith(PRINTED):
        return cards.printed_who(card_id[len(PRINTED) :])
    return cards.card(card_id)


card = cache(cards.card)


def rule_card(state: State, slot: int) -> Card | None:
    """The card that makes the rule on ``slot`` live (GT-03, GT-04), or ``None``."""
    if slot < AREAS:
        stack = state.what[slot]
        return card(stack[-1]) if stack else None
    mat = state.mats[slot - AREAS]
    return card(mat.cards[-1]) if mat.owner >= 0 and mat.cards else None


def live_slots(state: State) -> tuple[int, ...]:
    """The slots holding a live rule, in slot order (as ``rule_card`` is not ``None``)."""
    # They change only with the WHAT stacks and the mats: remembered on the identity of
    # those two tuples (the other transitions pass them on), one tuple replaced whole so
    # another thread never reads one board's slots with another's key.
    what, mats = state.what, state.mats
    memo = _LIVE_MEMO[0]
    if memo[0] is what and memo[1] is mats:
        return memo[2]
    found = [slot for slot in range(AREAS) if what[slot]]
    for index, mat in enumerate(mats):
        if mat.owner >= 0 and mat.cards:
            found.append(AREAS + index)
    live = tuple(found)
    _LIVE_MEMO[0] = (what, mats, live)
    return live


_LIVE_MEMO: Final[list[tuple[object, object, tuple[int, ...]]]] = [(None, None, ())]
"""The last board's live slots (the referee, the listings and the views all ask)."""


def facts(state: State) -> cards.Facts:
    """The game facts a WHO card reads."""
    return cards.make_facts(state.profiles, state.positions, state.current)


def bound_seats(state: State, slot: int) -> tuple[int, ...]:
    """Who the rule on ``slot`` covers now: the WHO's matches, or the mat's owner."""
    if slot >= AREAS:
        owner = state.mats[slot - AREAS].owner
        return (owner,) if owner >= 0 else ()
    # Who a WHO covers depends only on the profiles (fixed for a game), the positions and
    # the current player: memoised per profiles tuple, so every state of a game shares it.
    # The (profiles, table) pair is one list item replaced whole: another thread never
    # reads or fills one game's table for another game's profiles.
    profiles = state.profiles
    memo = _BOUND_MEMO[0]
    if memo[0] is not profiles:
        memo = (profiles, {})
        _BOUND_MEMO[0] = memo
    table = memo[1]
    key = (state.who[slot][-1], state.positions, state.current)
    found = table.get(key)
    if found is None:
        who = who_card(key[0])
        now = facts(state)
        found = tuple(s for s in range(len(profiles)) if cards.who_matches(who, s, now))
        if len(table) >= _BOUND_MEMO_SIZE:
            table.clear()
        table[key] = found
    return found


_BoundKey = tuple[str, tuple[int, ...], int]
_BOUND_MEMO: Final[list[tuple[object, dict[_BoundKey, tuple[int, ...]]]]] = [(None, {})]
"""The bound seats per (WHO, positions, current) for the last profiles tuple seen."""
_BOUND_MEMO_SIZE: Final = 4096


def sentence(state: State, slot: int, lang: str) -> str:
    """The rule on ``slot`` read aloud in ``lang`` (a lone WHO shows the group only)."""
    language = "es" if lang == "es" else "en"
    if slot < AREAS:
        what = state.what[slot]
        return _area_sentence(
            state.who[slot][-1], what[-1] if what else "", state.what_text[slot], language
        )
    mat = state.mats[slot - AREAS]
    if mat.owner < 0 or not mat.cards:
        return ""
    return _mat_sentence(mat.cards[-1], state.profiles[mat.owner].name, mat.text, language)


@lru_cache(maxsize=4096)
def _area_sentence(who_id: str, what_id: str, text: str, language: str) -> str:
    who = who_card(who_id)
    if not what_id:
        return who.es if language == "es" else who.en
    what = card(what_id)
    if not what.checkable:
        label = who.es if language == "es" else who.en
        return cards.blank_sentence(text, label, language)
    return cards.sentence(who, what, language)


@lru_cache(maxsize=4096)
def _mat_sentence(card_id: str, owner: str, text: str, language: str) -> str:
    rule = card(card_id)
    if not rule.checkable:
        return cards.blank_sentence(text, owner, language)
    return cards.individual_sentence(rule, owner, language)


def slot_count(state: State) -> int:
    """Areas plus the mats in use."""
    return AREAS + len(state.mats)
