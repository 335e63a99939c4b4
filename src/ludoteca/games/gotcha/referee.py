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
- Only what can hold a new breach is judged (issue 19; the same record, checked against
  the unfiltered referee by tests/games/test_gotcha_referee_speed.py): for a rule whose
  breaches are the breaker's own events of one kind (``cards.breach_kind``: a chat, an
  emote, a play...), each new event of that kind by a seat the rule binds, once
  (``cards.breach_at``, which looks back only as far as the event that decides); for a
  "react" rule, each trigger whose deadline has come since the previous clock
  (``cards.reaction_missed``), none in most steps.
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

from collections.abc import Sequence
from typing import Any, Final

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


def bind_start(log: Sequence[Event], bind_t: int) -> int:
    """The first local log index whose event is at or after ``bind_t``."""
    # Binary searches written out rather than ``bisect`` with a key: compiled, each probe
    # reads ``t`` natively instead of calling a key function through the C API.
    low = 0
    high = len(log)
    while low < high:
        middle = (low + high) >> 1
        if log[middle].t < bind_t:
            low = middle + 1
        else:
            high = middle
    return low


def _count_until(log: tuple[Event, ...], t: int) -> int:
    """How many events of ``log`` are at ``t`` or before (``bisect_right`` by time)."""
    low = 0
    high = len(log)
    while low < high:
        middle = (low + high) >> 1
        if t < log[middle].t:
            high = middle
        else:
            low = middle + 1
    return low


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
    # For every rule family but "react" a new breach can only be one of its breaker's own
    # new events (``own_events_only``), and only one of the kind its breaches are
    # (``breach_kind``: a chat, an emote, a play...): those new events alone are judged,
    # each once (``cards.breach_at``). A "react" breach (a rule without a breach kind) is
    # a trigger at the rule's ``start`` or later whose deadline (``t + delay``) has come
    # (``<= now``) and that is new: a new event, or a deadline after the previous clock.
    # Times ascend, so two bisections find those triggers (usually none) before anything
    # else is computed.
    new_from = max(first_new - base, 0)
    kinds_sent = {event.kind for event in log[new_from:]}
    known = None
    added: list[Record] = []
    for slot, rule, kind, delay in _checkable_rules(state):
        if kind:
            if kind not in kinds_sent:
                continue
        else:
            due = _count_until(log, now - delay)
            fresh = min(_count_until(log, previous_clock - delay), new_from)
            if fresh >= due:
                continue
        serial, at = state.binds[slot]
        grace = state.rules.grace_ms
        if now < at + grace:
            continue
        # A rule announced before the look-back's first event binds from there (no search).
        context = state.prev_start - base
        context_t = log[context].t
        bind_t = at + grace
        start = context if bind_t <= context_t else max(bind_start(log, bind_t), context)
        if start >= len(log):
            continue
        since = context if at <= context_t else max(bind_start(log, at), context)
        found = (
            _own_breaches(state, slot, rule, kind, max(new_from, start), start, since)
            if kind
            else _missed_reactions(state, slot, rule, range(max(start, fresh), due))
        )
        for seat, index, t in found:
            if known is None:
                known = {(r.slot, r.serial, r.seat, r.log_index) for r in state.breaches}
            key = (slot, serial, seat, index + base)
            if key in known:
                continue
            known.add(key)
            added.append(Record(seat, slot, serial, index + base, state.turn, t, False))
    return state.breaches + tuple(added) if added else state.breaches


Found = list[tuple[int, int, int]]
"""New breaches of one rule: ``(seat, local log index, time)``, by seat, then by index."""


def _own_breaches(
    state: State, slot: int, rule: cards.Card, kind: str, first: int, start: int, since: int
) -> Found:
    """The new breaches of an own-event rule: each new event of its breach kind by a seat
    it binds, judged by ``cards.breach_at``.
    """
    log = state.log
    bound = bound_seats(state, slot)
    found = [
        (event.seat, index, event.t)
        for index, event in enumerate(log[first:], first)
        if event.kind == kind
        and event.seat in bound
        and cards.breach_at(rule, log, index, event.seat, state.profiles, start=start, since=since)
    ]
    if len(found) > 1:
        found.sort(key=_seat_of)
    return found


def _seat_of(found: tuple[int, int, int]) -> int:
    return found[0]


def _missed_reactions(state: State, slot: int, rule: cards.Card, triggers: range) -> Found:
    """The reactions owed at the ``triggers`` whose deadline came unanswered. An owed
    reaction is recorded at its deadline; on a rule area the WHO is judged at its trigger,
    so every seat is examined and each breach checked against the WHO.
    """
    spec = rule.rule
    assert spec is not None
    log = state.log
    n = len(state.profiles)
    at_trigger = slot < AREAS
    seats = range(n) if at_trigger else bound_seats(state, slot)
    return [
        (seat, index, log[index].t + spec.delay)
        for seat in seats
        for index in triggers
        if cards.reaction_missed(spec, log, index, seat, n)
        and (not at_trigger or _bound_at(state, slot, seat, index))
    ]


Rules = tuple[tuple[int, cards.Card, str, int], ...]
"""The live checkable rules: ``(slot, card, breach kind, react delay)`` by slot."""
_RULES_MEMO: Final[list[tuple[Any, Any, Rules, Rules]]] = [(None, None, (), ())]
"""The last board's live checkable rules and those among them that may owe a reaction
(``(what, mats, rules, owing)``): one tuple, replaced whole, so a reader in another thread
never sees half of an update."""


def _board_rules(state: State) -> tuple[Rules, Rules]:
    """The live checkable rules by slot (as ``live_slots`` and ``rule_card``), each with
    its card's ``breach_kind`` and, for a rule without one (``react``), its delay (0 for
    the others); and those among them that may owe an answer (``cards.may_owe``: a
    reaction, the gesture before a buzz). Only a play or a reshuffle changes them:
    memoised on the identity of the ``what`` and ``mats`` tuples, which the other
    transitions pass on unchanged.
    """
    what, mats = state.what, state.mats
    memo = _RULES_MEMO[0]
    if memo[0] is what and memo[1] is mats:
        return memo[2], memo[3]
    found = []
    for slot in live_slots(state):
        rule = rule_card(state, slot)
        if rule is not None and rule.checkable:
            assert rule.rule is not None
            kind = cards.breach_kind(rule)
            found.append((slot, rule, kind, 0 if kind else rule.rule.delay))
    rules = tuple(found)
    owing = tuple(entry for entry in rules if cards.may_owe(entry[1]))
    _RULES_MEMO[0] = (what, mats, rules, owing)
    return rules, owing


def _checkable_rules(state: State) -> Rules:
    return _board_rules(state)[0]


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
    facts = cards.make_facts(state.profiles, state.positions, current)
    return cards.who_matches(who_card(state.who[slot][-1]), seat, facts)


def owed_answers(state: State, seat: int, t: int) -> list[tuple[Rule, str]]:
    """GT-15: the reactions ``seat`` owes at time ``t`` (``(rule, word)`` of each live
    ``react`` rule binding it whose latest trigger since the announcement is unanswered
    and not yet past its deadline: I18 "sit down whenever anyone buzzes"), and the gesture
    a ``before``-a-buzz rule (A31, I06 "bow before buzzing") wants when the seat has not
    made it since its last buzz. These are owed by the rules, not chosen, so they do not
    count against the room cap; one per trigger (or per buzz), so they cannot flood.
    """
    owing = _board_rules(state)[1]
    if not owing:
        return []
    log = state.log
    out: list[tuple[Rule, str]] = []
    for slot, rule, _, _ in owing:
        if slot >= AREAS and state.mats[slot - AREAS].owner != seat:
            continue
        i = cards.owed_answer_at(rule, log, seat, state.profiles, t)
        if i < 0:
            continue
        if i < len(log):
            # A trigger: owed since the announcement, to a seat the WHO covered then.
            if log[i].t < state.binds[slot].at:
                continue
            if slot < AREAS and not _bound_at(state, slot, seat, i):
                continue
        elif slot < AREAS and seat not in bound_seats(state, slot):
            # Before the seat's own coming event: to a seat the WHO covers now.
            continue
        spec = rule.rule
        assert spec is not None
        out.append((spec, cards.spoken_word(rule, state.rules.language)))
    return out


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
