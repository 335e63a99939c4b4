"""The referee: Gotcha's private breach record, buzz judgement and windows.

How it works (GT-05..GT-09, GT-12, GT-13):

- After every event, :func:`record_breaches` asks the cards module (``breaches``) for every
  live checkable rule and every seat it binds *now* (the WHO predicate is read at that
  moment) whether that seat broke it among the log's events since the rule binds. A rule
  binds from its announcement plus the grace period (GT-05): the referee passes as
  ``start`` the first log event at or after that time, and as ``since`` the announcement,
  so what a player does during the grace period counts toward keeping the rule (a clap
  then satisfies "clap before playing") but never as a breach. A breach is recorded once (keyed by
  slot, announcement serial, seat and log index), and only when it *happens* now: its
  offending event is new, or its time (an unmet reaction's deadline) is after the previous
  clock. So a seat that starts being covered by a WHO later is not charged for what it did
  before, and moving the look-back window never invents old breaches. Who a rule covers is
  judged at the breach's trigger: for an owed reaction (recorded at its deadline) the WHO
  is read with the player whose turn it was at the trigger, so "the player whose turn it
  is must high-five after playing" still binds the player who played once the turn passed.
- What cannot hold a new breach is not judged (issue 19; the same record, checked against
  the unfiltered referee by tests/games/test_gotcha_referee_speed.py): a rule whose
  breaches are the breaker's own events of one kind (``cards.breach_kind``: a chat, an
  emote, a play...) when no new event is of that kind, and each seat none of whose new
  events is; a "react" rule when no trigger's deadline has come since the previous clock.
- The record lives in the state and in no view (GT-13).
- A buzz naming a checkable rule is judged from the record (:func:`judge`): correct when
  every named seat has an unscored breach of that rule (that announcement). The earliest
  such breach of each named seat is marked scored; the buzzer gains 2 once, each breaker
  loses 1 (GT-08).
- Windows (GT-07): a breach recorded in turn k can be buzzed until turn k+1 ends; at the
  start of turn k+2 it expires (:func:`close_windows`), and with the auto-referee
  (GT-12) every expiring unscored breach costs its breaker 1 space, the game buzzing it in
  the public log. Covering a rule (a new card on its slot, or a mat taken away) does not
  close its breaches: «Solo tienes 1 turno para avisar a un infractor» gives the whole
  window, so a buzz naming the slot may still catch a breach of the covered rule.
- The referee looks back at most to the start of the previous turn: "before you play,
  clap" is judged on what happened since then. (The state keeps one turn more, so that
  the views show the context of every judgement still open to a buzz.)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any

from ludoteca.games.gotcha import cards
from ludoteca.games.gotcha.actions import AREAS
from ludoteca.games.gotcha.cards import Event, Rule
from ludoteca.games.gotcha.state import (
    BREAKER_LOSS,
    BUZZ_GAIN,
    WRONG_WAY,
    Record,
    State,
    bound_seats,
    live_slots,
    rule_card,
    who_card,
)


def _event_time(event: Event) -> int:
    return event.t


def bind_start(log: Sequence[Event], bind_t: int) -> int:
    """The first local log index whose event is at or after ``bind_t``."""
    return bisect_left(log, bind_t, key=_event_time)


def record_breaches(state: State, first_new: int, previous_clock: int) -> tuple[Record, ...]:
    """The breach record after the events from absolute index ``first_new`` were logged.

    Args:
        state: The state with the new events in its log and its clock at their time.
        first_new: Absolute log index of the first new event.
        previous_clock: The clock before the new events.

    Returns:
        The updated record (the same tuple when nothing new happened).
    """
    log = state.log
    now = state.clock
    base = state.log_base
    grace = state.rules.grace_ms
    context = state.prev_start - base
    # Who sent the new events: for every rule family but "react" a new breach can only be
    # one of its breaker's own new events (``own_events_only``), so only they are judged.
    # More precisely (issue 19): only a new event of the kind its breaches are
    # (``breach_kind``: a chat, an emote, a play...) can be one, so a seat whose new events
    # are all of other kinds is not judged at all.
    sent = {(event.seat, event.kind) for event in log[max(first_new - base, 0) :]}
    kinds_sent = {kind for _, kind in sent}
    known = None
    added: list[Record] = []
    for slot, rule, kind in _checkable_rules(state):
        if kind and kind not in kinds_sent:
            continue
        serial, at = state.binds[slot]
        bind_t = at + grace
        if now < bind_t:
            continue
        # A rule announced before the look-back's first event binds from there (no search).
        context_t = log[context].t
        start = context if bind_t <= context_t else max(bind_start(log, bind_t), context)
        if start >= len(log):
            continue
        own_only = kind != ""
        if not own_only:
            # A "react" breach is a trigger at ``start`` or later whose deadline
            # (``t + delay``) has come (``<= now``) and that is new: a new event, or a
            # deadline after the previous clock. With no such trigger (times ascend, so two
            # bisections find them) no seat can have a new breach of this rule (issue 19).
            delay = _react_delay(rule)
            due = bisect_right(log, now - delay, key=_event_time)
            fresh = min(
                bisect_right(log, previous_clock - delay, key=_event_time), first_new - base
            )
            if max(start, fresh) >= due:
                continue
        since = context if at <= context_t else max(bind_start(log, at), context)
        # An owed reaction is recorded at its deadline; on a rule area the WHO is judged at
        # its trigger, so every seat is examined and each breach checked against the WHO.
        at_trigger = not own_only and slot < AREAS
        seats = range(len(state.profiles)) if at_trigger else bound_seats(state, slot)
        for seat in seats:
            if own_only and (seat, kind) not in sent:
                continue
            found = cards.breaches(
                rule, log, seat, state.profiles, start=start, now=now, since=since
            )
            for breach in found:
                index = breach.index + base
                if index < first_new and breach.t <= previous_clock:
                    continue
                if at_trigger and not _bound_at(state, slot, seat, breach.index):
                    continue
                if known is None:
                    known = {(r.slot, r.serial, r.seat, r.log_index) for r in state.breaches}
                key = (slot, serial, seat, index)
                if key in known:
                    continue
                known.add(key)
                added.append(Record(seat, slot, serial, index, state.turn, breach.t, False))
    return state.breaches + tuple(added) if added else state.breaches


_RULES_MEMO: list[tuple[Any, Any, tuple[tuple[int, cards.Card, str], ...]]] = [(None, None, ())]
"""The last board's checkable rules, ``(what, mats, ((slot, card, breach kind), ...))``: one
tuple, replaced whole, so a reader in another thread never sees half of an update."""


def _checkable_rules(state: State) -> tuple[tuple[int, cards.Card, str], ...]:
    """The live checkable rules by slot (as ``live_slots`` and ``rule_card``) with each
    card's ``breach_kind``. Only a play changes them: memoised on the identity of the
    ``what`` and ``mats`` tuples, which the other transitions pass on unchanged.
    """
    what, mats = state.what, state.mats
    memo = _RULES_MEMO[0]
    if memo[0] is what and memo[1] is mats:
        return memo[2]
    found = []
    for slot in live_slots(state):
        rule = rule_card(state, slot)
        if rule is not None and rule.checkable:
            found.append((slot, rule, _breach_kind(rule)))
    rules = tuple(found)
    _RULES_MEMO[0] = (what, mats, rules)
    return rules


_BREACH_KINDS: dict[str, str] = {}
"""``cards.breach_kind`` per card id (a card's predicate never changes)."""


def _breach_kind(rule: cards.Card) -> str:
    kind = _BREACH_KINDS.get(rule.id)
    if kind is None:
        kind = _BREACH_KINDS[rule.id] = cards.breach_kind(rule)
    return kind


_REACT_DELAYS: dict[str, int] = {}
"""The delay of each ``react`` card, by card id."""


def _react_delay(rule: cards.Card) -> int:
    delay = _REACT_DELAYS.get(rule.id)
    if delay is None:
        assert rule.rule is not None
        delay = _REACT_DELAYS[rule.id] = rule.rule.delay
    return delay


def _bound_at(state: State, slot: int, seat: int, index: int) -> bool:
    """Whether the WHO of area ``slot`` covered ``seat`` at local log ``index``: read with
    the player whose turn it was then (positions as now).
    """
    log = state.log
    n = len(state.profiles)
    current = state.current
    for j in range(min(index, len(log) - 1), -1, -1):
        event = log[j]
        if event.kind == "turn_start":
            current = event.seat
            break
        if event.kind == "play":
            current = event.seat if j == index else (event.seat + 1) % n
            break
    facts = cards.Facts(state.profiles, state.positions, current)
    return cards.who_matches(who_card(state.who[slot][-1]), seat, facts)


def owed_answers(state: State, seat: int, t: int) -> list[tuple[Rule, str]]:
    """GT-15: the reactions ``seat`` owes at time ``t`` (``(rule, word)`` of each live
    ``react`` rule binding it whose latest trigger since the announcement is unanswered
    and not yet past its deadline: I18 "sit down whenever anyone buzzes"), and the gesture
    a ``before``-a-buzz rule (A31, I06 "bow before buzzing") wants when the seat has not
    made it since its last buzz. These are owed by the rules, not chosen, so they do not
    count against the room cap; one per trigger (or per buzz), so they cannot flood.
    """
    log = state.log
    n = len(state.profiles)
    out: list[tuple[Rule, str]] = []
    for slot in live_slots(state):
        if slot >= AREAS and state.mats[slot - AREAS].owner != seat:
            continue
        rule = rule_card(state, slot)
        if rule is None or not rule.checkable or rule.rule is None:
            continue
        spec = rule.rule
        word = cards.spoken_word(rule, state.rules.language)
        if spec.family == "react":
            i = cards.owed_trigger(spec, log, seat, n, t)
            if i < 0 or log[i].t < state.binds[slot].at:
                continue
            if slot < AREAS and not _bound_at(state, slot, seat, i):
                continue
            out.append((spec, word))
        elif spec.family == "before" and spec.on == "buzz":
            if slot < AREAS and seat not in bound_seats(state, slot):
                continue
            if not _made_since_buzz(spec, log, seat):
                out.append((spec, word))
    return out


def _made_since_buzz(spec: Rule, log: Sequence[Event], seat: int) -> bool:
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if ev.seat == seat and ev.kind == "buzz":
            return False
        if cards.meets(spec, ev, seat):
            return True
    return False


def answers_owed(state: State, seat: int, event: Event) -> bool:
    """Whether the chat or emote ``event`` by ``seat`` is one its rules owe now
    (:func:`owed_answers`): such an event does not use the seat's GT-15 budget.
    """
    return any(cards.meets(spec, event, seat) for spec, _ in owed_answers(state, seat, event.t))


def judge(state: State, slot: int, accused: tuple[int, ...]) -> tuple[Record, ...] | None:
    """GT-06 / GT-07: the breach record after a correct buzz, or ``None`` for a wrong one.

    A buzz is correct when each named seat has an unscored breach of a rule on ``slot``
    whose window is open: the rule there now or one it covered this turn or the last
    («Solo tienes 1 turno…»); the earliest such breach per seat becomes scored.
    """
    chosen: list[int] = []
    for seat in accused:
        best = -1
        for i, record in enumerate(state.breaches):
            if (
                record.seat == seat
                and record.slot == slot
                and not record.scored
                and (best < 0 or record.log_index < state.breaches[best].log_index)
            ):
                best = i
        if best < 0:
            return None
        chosen.append(best)
    marked = set(chosen)
    return tuple(
        r._replace(scored=True) if i in marked else r for i, r in enumerate(state.breaches)
    )


def score(
    positions: tuple[int, ...], buzzer: int, breakers: Sequence[int], track_length: int
) -> tuple[int, ...]:
    """GT-08: the buzzer +2 (once, at most to CHAMP; ``buzzer < 0``: nobody gains), each
    breaker -1 (never below WRONG WAY).
    """
    out = list(positions)
    for seat in breakers:
        out[seat] = max(WRONG_WAY, out[seat] - BREAKER_LOSS)
    if buzzer >= 0:
        out[buzzer] = min(track_length, out[buzzer] + BUZZ_GAIN)
    return tuple(out)


def penalise(positions: tuple[int, ...], seat: int, spaces: int) -> tuple[int, ...]:
    """A wrong buzzer moves back ``spaces`` (option ``wrong_buzz_penalty``)."""
    if not spaces:
        return positions
    out = list(positions)
    out[seat] = max(WRONG_WAY, out[seat] - spaces)
    return tuple(out)


def close_windows(
    breaches: tuple[Record, ...], new_turn: int
) -> tuple[tuple[Record, ...], tuple[Record, ...]]:
    """GT-07: at the start of ``new_turn``, breaches recorded before the previous turn
    expire.

    Returns:
        ``(kept, escaped)``: the record still open, and the unscored breaches that expired
        (the breakers got away with them, unless the auto-referee buzzes them).
    """
    kept = tuple(r for r in breaches if r.turn >= new_turn - 1)
    if len(kept) == len(breaches):
        return breaches, ()
    escaped = tuple(r for r in breaches if r.turn < new_turn - 1 and not r.scored)
    return kept, escaped
