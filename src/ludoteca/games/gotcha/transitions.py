"""Gotcha's transitions: the next state after each kind of action (``Gotcha.apply``).

Every transition copies the state into a list (:data:`Fields`), sets the changed fields by
position and builds the new State with ``tuple.__new__`` (about 5x faster than
``State._replace`` with keywords, issue 19). The referee (``referee.record_breaches``)
judges a state whose log holds the new events: :func:`_judged` builds that state once and
a second time only when the breach record changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ludoteca.engine.game import Seat
from ludoteca.games.gotcha import referee
from ludoteca.games.gotcha.actions import (
    AREAS,
    SLOT_NAMES,
    Action,
    Buzz,
    Chat,
    Deal,
    Draw,
    Emote,
    Play,
    Vote,
)
from ludoteca.games.gotcha.cards import Event, make_event
from ludoteca.games.gotcha.state import (
    BUZZ_HISTORY,
    DEAL,
    DRAW,
    OVER,
    PLAY,
    PRINTED,
    VOTE,
    Ballot,
    Bind,
    BuzzResult,
    Mat,
    State,
    card,
    rule_card,
)

Fields = list[Any]
"""A state being built: ``list(state)``, changed in place, then :func:`_build`."""

_new_state: Final = tuple.__new__
_F_RULES: Final = State._fields.index("rules")
_F_PROFILES: Final = State._fields.index("profiles")
_F_PHASE: Final = State._fields.index("phase")
_F_CURRENT: Final = State._fields.index("current")
_F_TURN: Final = State._fields.index("turn")
_F_CLOCK: Final = State._fields.index("clock")
_F_POSITIONS: Final = State._fields.index("positions")
_F_HANDS: Final = State._fields.index("hands")
_F_PILE: Final = State._fields.index("pile")
_F_WHO: Final = State._fields.index("who")
_F_WHAT: Final = State._fields.index("what")
_F_WHAT_TEXT: Final = State._fields.index("what_text")
_F_MATS: Final = State._fields.index("mats")
_F_BINDS: Final = State._fields.index("binds")
_F_SERIAL: Final = State._fields.index("serial")
_F_LOG: Final = State._fields.index("log")
_F_LOG_BASE: Final = State._fields.index("log_base")
_F_PREV_START: Final = State._fields.index("prev_start")
_F_TURN_START: Final = State._fields.index("turn_start")
_F_EVENTS_LEFT: Final = State._fields.index("events_left")
_F_LOCKED: Final = State._fields.index("locked")
_F_BREACHES: Final = State._fields.index("breaches")
_F_BALLOT: Final = State._fields.index("ballot")
_F_BUZZES: Final = State._fields.index("buzzes")
_F_WINNERS: Final = State._fields.index("winners")
_F_ENDED: Final = State._fields.index("ended")


def _build(new: Fields) -> State:
    state: State = _new_state(State, new)
    return state


def apply(state: State, seat: Seat, action: Action) -> State:
    """The next state; assumes the action is legal (``Gotcha.apply``)."""
    kind = type(action)
    if kind is Emote or kind is Chat:
        return _apply_room(state, seat, action)  # type: ignore[arg-type]
    if kind is Deal:
        return apply_deal(state, action)  # type: ignore[arg-type]
    after: State = _TRANSITIONS[kind](state, seat, action)
    return after


def _logged(state: State, events: tuple[Event, ...], clock: int) -> Fields:
    """The fields of ``state`` with ``events`` logged at ``clock``."""
    new = list(state)
    new[_F_LOG] = state.log + events
    new[_F_CLOCK] = clock
    return new


def _judged(new: Fields, before: State) -> State:
    """The state ``new``, with the breaches recorded that the events logged since
    ``before`` produced (the referee reads the log, the clock and the board of ``new``).
    """
    after = _build(new)
    first_new = before.log_base + len(before.log)
    breaches = referee.record_breaches(after, first_new, before.clock)
    if breaches is after.breaches:
        return after
    new[_F_BREACHES] = breaches
    return _build(new)


def apply_draw(state: State, seat: Seat, action: Draw) -> State:
    """GT-02: «Roba una carta del mazo de robo. Esta acción inicia tu turno»: the turn's
    ``turn_start`` event is logged here, with the draw, not at the previous play.

    The referee judges the draw with the board after an exhausted pile's reshuffle (GT-11):
    the reshuffle keeps every stack's top, and the rules live on the board are read from
    the tops only.
    """
    t = action.t
    new = _logged(state, (make_event(t, seat, "turn_start"), make_event(t, seat, "draw")), t)
    new[_F_PHASE] = DEAL
    if not state.pile:
        reshuffle(new)
    return _judged(new, state)


def reshuffle(new: Fields) -> None:
    """GT-11: tops stay; every covered card goes back into the (multiset) pile."""
    covered: list[str] = []
    who = []
    for stack in new[_F_WHO]:
        covered.extend(c for c in stack[:-1] if not c.startswith(PRINTED))
        who.append(stack[-1:])
    what = []
    for stack in new[_F_WHAT]:
        covered.extend(stack[:-1])
        what.append(stack[-1:])
    mats = []
    for mat in new[_F_MATS]:
        covered.extend(mat.cards[:-1])
        mats.append(Mat(mat.owner, mat.cards[-1:], mat.text))
    new[_F_PILE] = tuple(sorted(covered))
    new[_F_WHO] = tuple(who)
    new[_F_WHAT] = tuple(what)
    new[_F_MATS] = tuple(mats)


def apply_deal(state: State, action: Deal) -> State:
    """The drawn card goes from the pile into the turn player's hand (GT-02)."""
    seat = state.current
    pile = list(state.pile)
    pile.remove(action.card)
    hands = state.hands
    hand = tuple(sorted((*hands[seat], action.card)))
    new = list(state)
    new[_F_PILE] = tuple(pile)
    new[_F_HANDS] = (*hands[:seat], hand, *hands[seat + 1 :])
    new[_F_PHASE] = PLAY
    return _build(new)


def apply_play(state: State, seat: Seat, action: Play) -> State:
    """GT-02..GT-05: the card goes on its slot, announced (its serial and time), then the
    turn ends. The referee judges the play under the rules as they were before it.
    """
    t = action.t
    new = _logged(state, (make_event(t, seat, "play", action.card, action.target),), t)
    after = _judged(new, state)
    hand = list(after.hands[seat])
    hand.remove(action.card)
    hands = after.hands
    new[_F_HANDS] = (*hands[:seat], tuple(hand), *hands[seat + 1 :])
    serial = after.serial + 1
    new[_F_SERIAL] = serial
    slot = action.slot
    binds = list(after.binds)
    binds[slot] = Bind(serial, t)
    new[_F_BINDS] = tuple(binds)
    rule = card(action.card)
    if rule.kind == "who":
        who = after.who
        new[_F_WHO] = _put(who, slot, who[slot] + (action.card,))
    elif slot < AREAS:
        what = after.what
        new[_F_WHAT] = _put(what, slot, what[slot] + (action.card,))
        new[_F_WHAT_TEXT] = _put(after.what_text, slot, action.text)
    else:
        j = slot - AREAS
        mats = after.mats
        mat = Mat(action.target, mats[j].cards + (action.card,), action.text)
        new[_F_MATS] = _put(mats, j, mat)
    new[_F_LOG] = after.log + (make_event(t, -1, "announce", action.card, action.target),)
    return end_turn(new, t)


def end_turn(new: Fields, t: int) -> State:
    """GT-02 / GT-07 / GT-12 / GT-14: pass the turn, close windows, trim the log."""
    rules = new[_F_RULES]
    n = len(new[_F_PROFILES])
    positions = new[_F_POSITIONS]
    if rules.turn_limit and new[_F_TURN] >= rules.turn_limit:
        best = max(positions)
        new[_F_PHASE] = OVER
        new[_F_WINNERS] = tuple(s for s in range(n) if positions[s] == best)
        new[_F_ENDED] = "turn_limit"
        return _build(new)
    turn = new[_F_TURN] + 1
    kept, escaped = referee.close_windows(new[_F_BREACHES], turn)
    log = new[_F_LOG]
    if rules.auto_referee and escaped:
        buzzes = new[_F_BUZZES]
        for record in escaped:
            positions = referee.score(positions, -1, (record.seat,), rules.track_length)
            log = log + (make_event(t, -1, "buzz", SLOT_NAMES[record.slot]),)
            buzzes = _push(buzzes, BuzzResult(t, -1, record.slot, (record.seat,), "referee"))
        new[_F_POSITIONS] = positions
        new[_F_BUZZES] = buzzes
    # Keep the ending turn and the one before it: the referee judged the ending turn's
    # events with the log from the previous turn's start, and every view must still show
    # that context (a bot judging the play that ended the turn needs the clap before it).
    base = new[_F_PREV_START]
    log = log[base - new[_F_LOG_BASE] :]
    new[_F_PHASE] = DRAW
    new[_F_CURRENT] = (new[_F_CURRENT] + 1) % n
    new[_F_TURN] = turn
    new[_F_LOG] = log
    new[_F_LOG_BASE] = base
    new[_F_PREV_START] = new[_F_TURN_START]
    new[_F_TURN_START] = base + len(log)
    new[_F_EVENTS_LEFT] = (rules.events_per_turn,) * n
    new[_F_BREACHES] = kept
    return _build(new)


def social(state: State, seat: Seat, event: Event) -> tuple[Fields, State]:
    """Log a room event; chat and emotes use the seat's GT-15 budget, and buzzes too
    when the buzzer lock (GT-17) is off; what the seat's rules owe now (I18's sit-down
    after a buzz, A31's bow before one: ``referee.answers_owed``) uses none.

    Returns:
        The new state's fields and the new state (with the referee's record).
    """
    new = _logged(state, (event,), event.t)
    buzz = event.kind == "buzz"
    if not (state.rules.buzz_lock if buzz else referee.answers_owed(state, seat, event)):
        left = list(state.events_left)
        left[seat] -= 1
        new[_F_EVENTS_LEFT] = tuple(left)
    return new, _judged(new, state)


def _apply_room(state: State, seat: Seat, action: Chat | Emote) -> State:
    """GT-15: a chat line or an emote in the game room."""
    if type(action) is Chat:
        event = make_event(action.t, seat, "chat", action.text)
    else:
        event = make_event(action.t, seat, "emote", action.emote)  # type: ignore[union-attr]
    return social(state, seat, event)[1]


def apply_buzz(state: State, seat: Seat, action: Buzz) -> State:
    """GT-06 / GT-08 / GT-09: judge from the record, or open a vote for a blank rule."""
    new, after = social(state, seat, make_event(action.t, seat, "buzz", SLOT_NAMES[action.slot]))
    rule = rule_card(after, action.slot)
    assert rule is not None
    if not rule.checkable:
        ballot = Ballot(seat, action.slot, action.seats, (-1,) * len(after.profiles), after.phase)
        buzz = BuzzResult(action.t, seat, action.slot, action.seats, "vote")
        new[_F_PHASE] = VOTE
        new[_F_BALLOT] = ballot
        new[_F_BUZZES] = _push(after.buzzes, buzz)
        return _build(new)
    judged = referee.judge(after, action.slot, action.seats)
    if judged is None:
        return wrong(new, action.t, seat, action.slot, action.seats)
    new[_F_BREACHES] = judged
    return correct(new, action.t, seat, action.slot, action.seats)


def correct(new: Fields, t: int, seat: Seat, slot: int, accused: tuple[int, ...]) -> State:
    """GT-08 / GT-10: the buzzer +2, each breaker -1; the buzzer on CHAMP wins at once."""
    length = new[_F_RULES].track_length
    positions = referee.score(new[_F_POSITIONS], seat, accused, length)
    new[_F_POSITIONS] = positions
    new[_F_BUZZES] = _push(new[_F_BUZZES], BuzzResult(t, seat, slot, accused, "correct"))
    if positions[seat] >= length:
        new[_F_PHASE] = OVER
        new[_F_WINNERS] = (seat,)
        new[_F_ENDED] = "champ"
        new[_F_BALLOT] = None
    return _build(new)


def wrong(new: Fields, t: int, seat: Seat, slot: int, accused: tuple[int, ...]) -> State:
    """GT-08 (no penalty unless the option) and GT-17 (the buzzer locks for the turn)."""
    rules = new[_F_RULES]
    new[_F_POSITIONS] = referee.penalise(new[_F_POSITIONS], seat, rules.wrong_buzz_penalty)
    new[_F_BUZZES] = _push(new[_F_BUZZES], BuzzResult(t, seat, slot, accused, "wrong"))
    if rules.buzz_lock:
        new[_F_LOCKED] = _put(new[_F_LOCKED], seat, new[_F_TURN])
    return _build(new)


def apply_vote(state: State, seat: Seat, action: Vote) -> State:
    """GT-09: every player votes; a majority decides; without one nobody scores."""
    ballot = state.ballot
    assert ballot is not None
    ballots = list(ballot.ballots)
    ballots[seat] = 1 if action.yes else 0
    event = make_event(action.t, seat, "vote", "yes" if action.yes else "no")
    new = _logged(state, (event,), action.t)
    after = _judged(new, state)
    if min(ballots) < 0:
        new[_F_BALLOT] = ballot._replace(ballots=tuple(ballots))
        return _build(new)
    n = len(ballots)
    yes = ballots.count(1)
    new[_F_PHASE] = ballot.resume
    new[_F_BALLOT] = None
    if 2 * yes > n:
        return correct(new, action.t, ballot.buzzer, ballot.slot, ballot.accused)
    if 2 * (n - yes) > n:
        return wrong(new, action.t, ballot.buzzer, ballot.slot, ballot.accused)
    result = BuzzResult(action.t, ballot.buzzer, ballot.slot, ballot.accused, "no_majority")
    new[_F_BUZZES] = _push(after.buzzes, result)
    return _build(new)


_TRANSITIONS: Final[dict[type, Any]] = {
    Draw: apply_draw,
    Play: apply_play,
    Buzz: apply_buzz,
    Vote: apply_vote,
}


def _push(buzzes: tuple[BuzzResult, ...], result: BuzzResult) -> tuple[BuzzResult, ...]:
    return (*buzzes[-(BUZZ_HISTORY - 1) :], result)


def _put(items: Sequence[Any], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])
