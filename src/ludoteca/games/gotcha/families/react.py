"""The ``react`` family: after every ``on`` event by ``by`` (with the emote ``on_text`` if
set), the seat makes the required emote or chat within ``delay`` ms ("say bless you within
5 seconds whenever someone sneezes").

A breach is the trigger of a reaction that never came, timed at its deadline
(``trigger.t + delay``): the only family whose breaches are not the breaker's own events.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ludoteca.engine.i18n import Lang
from ludoteca.games.gotcha.cards_model import Breach, Event, Profile, Rule
from ludoteca.games.gotcha.families.base import Family, Judge, Pace, actor_of, trigger_text
from ludoteca.games.gotcha.families.log import whose
from ludoteca.games.gotcha.families.requirement import (
    meets,
    required_event,
    requirement_hint,
    requirement_kind,
    requirement_problems,
)


def triggers(spec: Rule, ev: Event, seat: int, n: int) -> bool:
    """Whether ``ev`` is a trigger of the ``react`` rule ``spec`` for ``seat``."""
    if ev.kind != spec.on or not whose(spec.by, ev.seat, seat, n):
        return False
    return not spec.on_text or ev.text == spec.on_text


def is_echo(spec: Rule, log: Sequence[Event], i: int) -> bool:
    """Whether ``log[i]`` answers an earlier trigger of an echo rule rather than starting
    one: "wave back whenever another player waves" (A27) asks for the very emote that
    triggers it, so a wave sent within the delay after another player's wave is a reply,
    and replies trigger nobody (else two bound players would wave at each other forever).
    """
    if not spec.emote or spec.on != "emote" or spec.on_text != spec.emote:
        return False
    ev = log[i]
    for j in range(i - 1, -1, -1):
        other = log[j]
        if ev.t - other.t >= spec.delay:
            return False
        if other.kind == "emote" and other.text == spec.emote and other.seat not in (ev.seat, -1):
            return True
    return False


def triggers_at(spec: Rule, log: Sequence[Event], i: int, seat: int, n: int) -> bool:
    """Whether ``log[i]`` is a trigger of the ``react`` rule ``spec`` for ``seat`` (replies
    to an echo rule's trigger are not, see :func:`is_echo`).
    """
    return triggers(spec, log[i], seat, n) and not is_echo(spec, log, i)


def owed_trigger(spec: Rule, log: Sequence[Event], seat: int, n: int, now: int) -> int:
    """The index of the latest trigger of the ``react`` rule ``spec`` that ``seat`` has not
    answered yet and whose deadline (``trigger.t + delay``) is after ``now``; -1 if none.
    An answer settles every trigger before it (as the judge does).
    """
    delay = spec.delay
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if ev.t + delay <= now or meets(spec, ev, seat):
            break
        if triggers_at(spec, log, i, seat, n):
            return i
    return -1


def reaction_missed(spec: Rule, log: Sequence[Event], j: int, seat: int, n: int) -> bool:
    """Whether ``log[j]`` is a trigger of the ``react`` rule ``spec`` for ``seat`` that the
    seat did not answer before its deadline ``log[j].t + spec.delay``: no required emote
    or chat by the seat after ``j`` and earlier than the deadline (an answer clears every
    trigger before it, as the judge does).

    The same as ``j`` being the index of one of ``cards.breaches(...)`` over ``log`` when
    the deadline is at most ``now``, ``j`` is at or after ``start`` and the log holds every
    event before the deadline (the referee's case).
    """
    if not triggers_at(spec, log, j, seat, n):
        return False
    deadline = log[j].t + spec.delay
    for k in range(j + 1, len(log)):
        ev = log[k]
        if ev.t >= deadline:
            break
        if meets(spec, ev, seat):
            return False
    return True


class _ReactJudge(Judge):
    __slots__ = ("pending",)

    def __init__(self, spec: Rule, seat: int, n: int, name: str, start: int) -> None:
        super().__init__(spec, seat, n, name, start)
        self.pending: deque[int] = deque()

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        # Deadlines grow with the index (one delay, times non-decreasing), so the oldest
        # pending trigger always expires first. A reaction counts if it comes strictly
        # before trigger.t + delay.
        spec, seat, n = self.spec, self.seat, self.n
        pending, delay = self.pending, spec.delay
        for i in range(max(lo, self.start), hi):
            ev = log[i]
            while pending and log[pending[0]].t + delay <= ev.t:
                j = pending.popleft()
                out.append(Breach(seat, j, log[j].t + delay))
            if pending and meets(spec, ev, seat):
                pending.clear()
            if triggers_at(spec, log, i, seat, n):
                pending.append(i)
        while pending and log[pending[0]].t + delay <= now:
            j = pending.popleft()
            out.append(Breach(seat, j, log[j].t + delay))


class React(Family):
    """The ``react`` family (``on``, ``by``, ``on_text``: the trigger; ``delay``: the time
    allowed; the requirement: ``emote`` or ``words``).
    """

    __slots__ = ()

    def __init__(self) -> None:
        """The family of the data file's ``react`` rules."""
        super().__init__("react", own_events=False)

    def problems(self, spec: Rule) -> list[str]:
        """A requirement, a trigger, a response that does not trigger the rule again and a
        positive delay.
        """
        problems = requirement_problems(spec)
        if (
            spec.by in ("self", "any")
            and spec.on == requirement_kind(spec)
            and (not spec.on_text or spec.on_text == spec.emote)
        ):
            problems.append("the response would trigger the rule again")
        if spec.delay <= 0:
            problems.append("needs a positive delay")
        return problems

    def uses_pattern(self, spec: Rule) -> bool:
        """The words of a chat requirement."""
        return not spec.emote

    def hint(self, spec: Rule, lang: Lang, emote: str) -> str:
        """The requirement within the delay ("Gesto «saludar» en menos de 5 segundos.")."""
        return requirement_hint(self.id, spec, lang, emote, "")

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A judge that keeps the triggers not answered yet, each a breach at its deadline."""
        return _ReactJudge(spec, seat, n, name, start)

    def breach_kind(self, spec: Rule) -> str:
        """None: a breach is a trigger (anyone's event), see :func:`reaction_missed`."""
        return ""

    def breach_at(
        self,
        spec: Rule,
        log: Sequence[Event],
        i: int,
        seat: int,
        profiles: Sequence[Profile],
        start: int,
        lo: int,
    ) -> bool:
        """Refused: a reaction's breach is not the seat's own event.

        Raises:
            ValueError: Always; use :func:`reaction_missed`.
        """
        raise ValueError("breach_at judges own-event rules; use reaction_missed for react")

    def satisfying(
        self,
        spec: Rule,
        log: Sequence[Event],
        seat: int,
        n: int,
        before_kind: str,
        now: int | None,
        word: str,
    ) -> tuple[Event, ...]:
        """The requirement while a trigger whose deadline is ahead of ``now`` (default:
        the last event's time) is not answered yet.
        """
        if log:
            last = log[-1].t if now is None else now
            if owed_trigger(spec, log, seat, n, last) >= 0:
                return (required_event(spec, seat, word),)
        return ()

    def may_owe(self, spec: Rule) -> bool:
        """Always: every trigger owes an answer."""
        return True

    def owed_at(self, spec: Rule, log: Sequence[Event], seat: int, n: int, t: int) -> int:
        """The latest trigger not answered yet nor past its deadline (:func:`owed_trigger`)."""
        return owed_trigger(spec, log, seat, n, t)

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """A trigger, the answer within half the delay when the seat keeps the rule, and
        another seat's event after the deadline.
        """
        trigger = Event(0, actor_of(spec.by, seat, n), spec.on, trigger_text(spec, spec.on))
        end = trigger.t + spec.delay + 1000
        filler = Event(end, (seat + 1) % n, "draw" if spec.on != "draw" else "vote")
        if keep:
            req = required_event(spec, seat)
            answer = Event(trigger.t + spec.delay // 2, seat, req.kind, req.text)
            return (trigger, answer, filler)
        return (trigger, filler)

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """How often the trigger comes: the other players' turns for a reaction to anyone's
        play, draw or turn.
        """
        base = pace.rate(spec.on, spec.on_text)
        if spec.by in ("other", "any"):
            return base * (pace.players - 1 if spec.on in ("play", "draw", "turn_start") else 1)
        return base
