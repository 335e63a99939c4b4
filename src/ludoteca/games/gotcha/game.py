"""Gotcha! (¡Te tengo!): a 3-8 player party game of making rules and catching breakers.

Rules map: ``docs/rules/gotcha.md`` (GT-01..GT-13 from ``shared/games/gotcha.md``; the
digital GT-14..GT-17). Components: ``components.toml``; the cards: ``cards.py``.

Design (digital edition):

- **Time.** Every player action carries its game-clock time in ms (``@12500 chat hola``);
  the engine never reads a clock. An action's time is at least the clock (the time of the
  last action) and at most ``MAX_GAP_MS`` after it (GT-16). The game is *realtime*
  (``GameInfo.realtime``): ``runner.play`` asks every actor, applies only the earliest
  choice (ties by actor order: the turn player first, then the others clockwise) and asks
  again, like a race at a real table.
- **Actors.** Anyone may chat, emote or buzz at any time (up to ``events_per_turn`` chat
  or emote events per seat per turn, GT-15, an anti-flood rule; owed reactions are free);
  the turn player also draws, then plays. During a vote only the voters act; after a draw
  chance deals the card (the pile is a multiset: no hidden order to resample).
- **Legal actions** are a lazy sequence (:class:`Choices`): iteration lists a small,
  deterministic set (each action at the times ``clock + OFFSETS``; the turn player lists
  its draw or plays only, so random playouts move on; the others list the canned chat
  lines, every emote and a buzz per live rule and bound opponent), while membership
  accepts any well-formed action the rules allow (any chat text, any time in range, any
  set of accused), so a server can stamp the real time into typed input.
- **Event log.** Every action becomes an event of the cards module's ``Event`` type
  (``turn_start``, ``draw``, ``play``, ``announce``, ``chat``, ``emote``, ``buzz``,
  ``vote``). The referee judges each event with the log from the start of the previous
  turn; the state keeps one turn more (so every view shows the context of every judgement
  of the turns whose breaches can still be buzzed; older events can no longer matter),
  with the absolute index of its first event; views carry it, so bots and people see the
  room.
- **Referee** (``gotcha_referee``): breaches are recorded privately as they happen, only
  once a rule binds (GT-05), and expire with the window (GT-07); buzzes are judged from the
  record; blank cards go to a vote of all players (GT-09); the auto-referee (GT-12).
- **Profiles** (name, age, traits) are declared when a seat is taken: the ``profiles``
  option (JSON); without it, random profiles are drawn from the setup stream (bots get
  random traits). They are public.
- **Game length.** GT-10 is the ending (first to CHAMP wins at once), as in the rulebook.
  A room may choose a turn limit (GT-14, option ``turn_limit``, default 0: none), the
  furthest pawn winning, ties shared. ``max_steps`` is a safety bound of
  ``TRUNCATE_TURNS`` turns of the largest possible turn: a game stopped there has no
  outcome (``runner.play`` returns none, ``simulate`` counts it as truncated), never a win.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ludoteca.engine import components
from ludoteca.engine import events as engine_events
from ludoteca.engine import rng as rng_mod
from ludoteca.engine.game import (
    GameInfo,
    Options,
    Outcome,
    Seat,
    SeatProfile,
    View,
    ranks_from_scores,
)
from ludoteca.engine.i18n import Message, msg, register
from ludoteca.games.gotcha import cards, legal, surface, transitions
from ludoteca.games.gotcha import events as gotcha_events
from ludoteca.games.gotcha.actions import (
    AREAS,
    NO_TARGET,
    SLOT_NAMES,
    Action,
    Buzz,
    Chat,
    Deal,
    Draw,
    Emote,
    Play,
    parse,
    time_of,
)
from ludoteca.games.gotcha.cards import Event
from ludoteca.games.gotcha.figures import GotchaTally
from ludoteca.games.gotcha.legal import why
from ludoteca.games.gotcha.names import card_name, slot_name
from ludoteca.games.gotcha.state import (
    DATA,
    DRAW,
    EVENTS_CHOICES,
    HAND_SIZE,
    MAX_GAP_MS,
    OPTIONS,
    OVER,
    PHASES,
    PRINTED,
    START,
    TRUNCATE_TURNS,
    Ballot,
    Bind,
    BuzzResult,
    Mat,
    Rules,
    State,
    bound_seats,
    deck,
    live_slots,
    profiles_from,
    resolve_rules,
    sentence,
    slot_count,
)
from ludoteca.games.gotcha.stats import BreachTally

MAX_PLAYERS: Final = 8
STEPS_PER_TURN: Final = 3 + MAX_PLAYERS * (max(EVENTS_CHOICES) + 2) * (1 + MAX_PLAYERS)
"""Draw, deal and play, plus every seat's game-room events and (about) its buzzes (one
wrong buzz locks it, GT-17; correct ones are bounded by the breaches), each buzz possibly
followed by a vote of every player (GT-09)."""

INFO: Final = GameInfo(
    id="gotcha",
    version=2,
    name_es=DATA["names"]["es"],
    name_en=DATA["names"]["en"],
    min_players=3,
    max_players=MAX_PLAYERS,
    has_chance=True,
    hidden_info=True,
    simultaneous=True,
    max_steps=TRUNCATE_TURNS * STEPS_PER_TURN,
    options=OPTIONS,
    summary_es=DATA["summary"]["es"],
    summary_en=DATA["summary"]["en"],
    realtime=True,
    profiles=surface.PROFILES,
)


# ---------------------------------------------------------------------------------------
# The game


@mypyc_attr(allow_interpreted_subclasses=True)
class Gotcha:
    """The Gotcha rules as pure functions (the Game protocol, realtime)."""

    info = INFO

    def setup(self, num_players: int, rng: random.Random, options: Options) -> State:
        """GT-01: pawns on START, blanks out unless ``custom_cards``, 2 cards each."""
        rules = resolve_rules(num_players, options)
        profiles = profiles_from(str(options["profiles"]), num_players, rng)
        pile = list(deck(rules.custom_cards))
        rng_mod.shuffle(rng, pile)
        hands = tuple(
            tuple(sorted(pile[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]))
            for seat in range(num_players)
        )
        rest = tuple(sorted(pile[num_players * HAND_SIZE :]))
        slots = AREAS + rules.mats
        return State(
            rules=rules,
            profiles=profiles,
            phase=DRAW,
            current=0,
            turn=1,
            clock=0,
            positions=(START,) * num_players,
            hands=hands,
            pile=rest,
            who=tuple((PRINTED + group,) for group in rules.printed_groups),
            what=((), ()),
            what_text=("", ""),
            mats=tuple(Mat(-1, (), "") for _ in range(rules.mats)),
            binds=(Bind(0, 0),) * slots,
            serial=0,
            log=(),
            log_base=0,
            prev_start=0,
            turn_start=0,
            events_left=(rules.events_per_turn,) * num_players,
            locked=(0,) * num_players,
            breaches=(),
            ballot=None,
            buzzes=(),
            winners=(),
            ended="",
        )

    # The two hottest members are the functions themselves, without a method layer (issue
    # 19): ``legal.actors`` and ``legal.choices`` (see their docstrings).
    actors = staticmethod(legal.actors)
    legal_actions = staticmethod(legal.choices)

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        """The next state; assumes the action is legal (check with ``runner.step``)."""
        return transitions.apply(state, seat, action)

    def action_time(self, action: Action) -> int:
        """GT-16: the game-clock time the action carries (the runner's race reads it)."""
        return time_of(action)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        """Each card left in the pile, equally likely."""
        share = Fraction(1, len(state.pile))
        return tuple((_deal(c), share) for c in state.pile)

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """One card of the pile, uniformly."""
        return _deal(rng_mod.choice(rng, state.pile))

    def figure_tally(self, players: int) -> GotchaTally:
        """A fresh count of one match's figures from its public events (``figures.py``):
        the lab's mechanics and the end panel's figures by seat.
        """
        return GotchaTally(self, players)

    def outcome(self, state: State) -> Outcome | None:
        """GT-10 / GT-14: the winners (shared on a turn-limit tie); ranks by position.

        A game stopped by a step cap is not over and has no outcome (a truncation).
        """
        if state.phase != OVER:
            return None
        n = len(state.profiles)
        scores = tuple(1.0 if s in state.winners else 0.0 for s in range(n))
        if state.ended == "champ":
            reason = msg("gotcha.win_champ", name=state.profiles[state.winners[0]].name)
        else:
            reason = msg("gotcha.win_limit", turns=state.rules.turn_limit)
        return Outcome(
            scores,
            state.winners,
            ranks_from_scores(state.positions),
            reason,
            end_reason=state.ended,
            turns=state.turn,
            figures={"positions": list(state.positions), "track": state.rules.track_length},
        )

    def events(
        self, before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
    ) -> tuple[engine_events.Event, ...]:
        """What ``viewer`` learns from one step (``games/gotcha/events.py``)."""
        return gotcha_events.step_events(before, seat, action, after, viewer)

    def phase(self, state: State) -> str:
        """The phase id: draw, deal, play, vote or over."""
        return PHASES[state.phase]

    def view(self, state: State, seat: Seat | None) -> View:
        """GT-13: everything public (profiles, board, mats, positions, the log, the live
        rules as sentences); the own hand; counts for other hands and the pile; never the
        breach record.
        """
        n = len(state.profiles)
        view = dict(_public_view(state))
        view["seat"] = seat
        if seat is not None and 0 <= seat < n:
            view["hand"] = list(state.hands[seat])
        return view

    def sample_state(self, view: View, seat: Seat | None, rng: random.Random) -> State:
        """A state consistent with ``view``: the unseen cards (deck minus own hand minus
        the board) dealt at random to the other hands and the pile; the referee's private
        record is dropped (GT-13: a player only knows the breaches it noticed itself).
        """
        return _sample(view, seat, rng)

    def _public(self, state: State) -> View:
        """The part of every view that is the same for every seat."""
        slots = []
        live = set(live_slots(state))
        for slot in range(slot_count(state)):
            entry: dict[str, Any] = {
                "slot": SLOT_NAMES[slot],
                "live": slot in live,
                "serial": state.binds[slot].serial,
                "announced": state.binds[slot].at,
                "binds_from": state.binds[slot].at + state.rules.grace_ms,
                "es": sentence(state, slot, "es"),
                "en": sentence(state, slot, "en"),
            }
            if slot < AREAS:
                entry["who"] = list(state.who[slot])
                entry["what"] = list(state.what[slot])
                entry["text"] = state.what_text[slot]
            else:
                mat = state.mats[slot - AREAS]
                entry["owner"] = mat.owner
                entry["cards"] = list(mat.cards)
                entry["text"] = mat.text
            entry["bound"] = list(bound_seats(state, slot)) if slot in live else []
            slots.append(entry)
        ballot = state.ballot
        return {
            "game": "gotcha",
            "phase": PHASES[state.phase],
            "actors": list(self.actors(state)),
            "current": state.current,
            "turn": state.turn,
            "clock": state.clock,
            "positions": list(state.positions),
            "profiles": [
                {"name": p.name, "age": p.age, "traits": sorted(p.traits)} for p in state.profiles
            ],
            "slots": slots,
            "hand_counts": [len(h) for h in state.hands],
            "pile_size": len(state.pile),
            "log": [[e.t, e.seat, e.kind, e.text, e.target] for e in state.log],
            "log_base": state.log_base,
            "prev_start": state.prev_start,
            "turn_start": state.turn_start,
            "events_left": list(state.events_left),
            "locked": [lock == state.turn for lock in state.locked],
            "ballot": (
                {
                    "buzzer": ballot.buzzer,
                    "slot": SLOT_NAMES[ballot.slot],
                    "accused": list(ballot.accused),
                    "ballots": list(ballot.ballots),
                    "resume": PHASES[ballot.resume],
                }
                if ballot
                else None
            ),
            "buzzes": [
                [b.t, b.buzzer, SLOT_NAMES[b.slot], list(b.accused), b.result] for b in state.buzzes
            ],
            "winners": list(state.winners),
            "ended": state.ended,
            "rules": state.rules._asdict() | {"printed_groups": list(state.rules.printed_groups)},
        }

    def explain(
        self, state: State, seat: Seat, action: Action
    ) -> tuple[str | None, Message] | None:
        """Why ``action`` is illegal for ``seat`` now, with the rule id; ``None`` if legal."""
        return why(state, seat, action)

    def parse_action(self, text: str) -> Action:
        """Read an action (see ``gotcha_actions``): ``@15000 draw``, ``@16000 play W03 a1``,
        ``@16000 play I05 m1 2``, ``@12500 chat hola``, ``@13000 emote clap``,
        ``@14000 buzz a1 2,3``, ``@17000 vote yes``, ``deal W03``; Spanish verbs work too.

        Raises:
            InvalidActionError: If the text is not an action.
        """
        return parse(text)

    def describe(self, action: Action, lang: str, names: Sequence[str] = ()) -> str:
        """A sentence for people, e.g. "buzzes! area 1: Ana and Luis" (seats named by
        ``names``, "Player N" past its end).
        """
        return engine_events.render(_describe(action), lang, names)

    def rules_text(self, lang: str) -> list[tuple[str, str]]:
        """The rules as ``(rule id, sentence)`` pairs in ``lang``."""
        return components.rules_text(DATA, lang)

    # What a surface needs (``RealtimeGame``, ``ProfiledGame``; see ``surface.py``).

    max_gap_ms = MAX_GAP_MS

    def with_time(self, action: Action, t: int) -> Action:
        """``action`` stamped at game time ``t``."""
        return surface.with_time(action, t)

    def parse_at(self, text: str, t: int) -> Action:
        """A person's action text without its time, stamped at ``t``."""
        return surface.parse_at(text, t)

    def turn_moves(self, legal: Sequence[Action]) -> Sequence[Action]:
        """The draw, the plays or the votes among ``legal`` (not the room events)."""
        return surface.turn_moves(legal)

    def move_menu(self, view: View, legal: Sequence[Action], lang: str) -> list[tuple[str, str]]:
        """The moves to offer a person, without their times (``surface.move_menu``)."""
        return surface.move_menu(view, legal, "es" if lang == "es" else "en", self.describe)

    def draw_profiles(self, num_players: int, rng: random.Random) -> tuple[SeatProfile, ...]:
        """Random profiles as bots get them."""
        return surface.draw_profiles(num_players, rng)

    def match_statistics(self) -> BreachTally:
        """A fresh observer of one match for ``ludoteca simulate``'s per-game statistics:
        breaches recorded, caught, refereed and escaped, buzzes, turns, CHAMP endings.
        """
        return BreachTally()


GAME: Final = Gotcha()

_VIEW_MEMO: Final[list[Any]] = [None, None]


def _public_view(state: State) -> View:
    """The public part of the views of ``state``, built once for the seats that ask in a
    row (the runner asks every actor about the same state). Views share its lists: treat
    views as read-only.
    """
    if _VIEW_MEMO[0] is not state:
        _VIEW_MEMO[0], _VIEW_MEMO[1] = state, GAME._public(state)
    return _VIEW_MEMO[1]  # type: ignore[no-any-return]


_DEALS: Final[dict[str, Deal]] = {}


def _deal(card_id: str) -> Deal:
    action = _DEALS.get(card_id)
    if action is None:
        action = _DEALS[card_id] = Deal(card_id)
    return action


# ---------------------------------------------------------------------------------------
# Sampling, describing


def _sample(view: View, seat: Seat | None, rng: random.Random) -> State:
    rules_raw = view["rules"]
    rules = Rules(**(rules_raw | {"printed_groups": tuple(rules_raw["printed_groups"])}))
    profiles = tuple(
        cards.Profile(p["name"], p["age"], frozenset(p["traits"])) for p in view["profiles"]
    )
    n = len(profiles)
    slots = view["slots"]
    who = tuple(tuple(slots[a]["who"]) for a in range(AREAS))
    what = tuple(tuple(slots[a]["what"]) for a in range(AREAS))
    what_text = tuple(slots[a]["text"] for a in range(AREAS))
    mats = tuple(Mat(s["owner"], tuple(s["cards"]), s["text"]) for s in slots[AREAS:])
    own: tuple[str, ...] = tuple(view["hand"]) if seat is not None and 0 <= seat < n else ()
    seen = set(own)
    for stack in (*who, *what, *(m.cards for m in mats)):
        seen.update(stack)
    unseen = [c for c in deck(rules.custom_cards) if c not in seen]
    rng_mod.shuffle(rng, unseen)
    hands: list[tuple[str, ...]] = []
    for other in range(n):
        if other == seat:
            hands.append(own)
            continue
        count = view["hand_counts"][other]
        hands.append(tuple(sorted(unseen[:count])))
        del unseen[:count]
    ballot_raw = view["ballot"]
    ballot = (
        Ballot(
            ballot_raw["buzzer"],
            SLOT_NAMES.index(ballot_raw["slot"]),
            tuple(ballot_raw["accused"]),
            tuple(ballot_raw["ballots"]),
            PHASES.index(ballot_raw["resume"]),
        )
        if ballot_raw
        else None
    )
    return State(
        rules=rules,
        profiles=profiles,
        phase=PHASES.index(view["phase"]),
        current=view["current"],
        turn=view["turn"],
        clock=view["clock"],
        positions=tuple(view["positions"]),
        hands=tuple(hands),
        pile=tuple(sorted(unseen)),
        who=who,
        what=what,
        what_text=what_text,
        mats=mats,
        binds=tuple(Bind(s["serial"], s["announced"]) for s in slots),
        serial=max(s["serial"] for s in slots),
        log=tuple(Event(t, s, k, x, g) for t, s, k, x, g in view["log"]),
        log_base=view["log_base"],
        prev_start=view["prev_start"],
        turn_start=view["turn_start"],
        events_left=tuple(view["events_left"]),
        locked=tuple(view["turn"] if lock else 0 for lock in view["locked"]),
        breaches=(),
        ballot=ballot,
        buzzes=tuple(
            BuzzResult(t, b, SLOT_NAMES.index(s), tuple(a), r) for t, b, s, a, r in view["buzzes"]
        ),
        winners=tuple(view["winners"]),
        ended=view["ended"],
    )


def _describe(action: Action) -> Message:
    if isinstance(action, Draw):
        return msg("gotcha.do.draw")
    if isinstance(action, Deal):
        return msg("gotcha.do.deal", card=card_name(action.card))
    if isinstance(action, Play):
        slot = slot_name(action.slot)
        card = card_name(action.card, action.text)
        if action.target == NO_TARGET:
            return msg("gotcha.do.play_area", card=card, slot=slot)
        return msg("gotcha.do.play_mat", card=card, slot=slot, seat=action.target)
    if isinstance(action, Chat):
        return msg("gotcha.do.chat", text=action.text)
    if isinstance(action, Emote):
        return msg("gotcha.do.emote", emote=msg(f"gotcha.emote.{action.emote}"))
    if isinstance(action, Buzz):
        return msg("gotcha.do.buzz", slot=slot_name(action.slot), seats=action.seats)
    return msg("gotcha.do.vote", vote=msg("gotcha.yes" if action.yes else "gotcha.no"))


register(
    {
        f"gotcha.emote.{emote}": {lang: cards.emote_label(emote, lang) for lang in ("es", "en")}
        for emote in cards.EMOTES
    }
)
