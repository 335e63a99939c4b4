"""Gotcha cards: judging WHAT and individual rules against the event log.

Every checkable WHAT/individual card carries a :class:`Rule` whose family
(:mod:`ludoteca.games.gotcha.families`) judges it. :func:`breaches` is the referee's judge
over a whole log and :class:`Watch` its incremental form. A referee that judges as events
arrive needs only what is new after each event (issue 19), and each answer of
:func:`breach_at` and :func:`reaction_missed` is exactly what ``breaches`` says about that one
index (``tests/games/test_gotcha_cards_event.py`` checks it on random logs). Bots obey with
``cards_obey``. Public names are re-exported by :mod:`ludoteca.games.gotcha.cards`.

Conventions shared by every family:
- Only events at log index ``start`` or later can be breaches or triggers. By default
  nothing earlier counts as a fulfilment either (an emote made before the rule bound does
  not satisfy it); :func:`breaches` takes ``since`` (e.g. the announcement's index) to let
  events of the grace period count towards keeping the rule.
- A turn runs from a ``turn_start`` event to the owner's ``play`` (or the next
  ``turn_start``); between a play and the next ``turn_start`` it is nobody's turn.
- Seats to the right/left: right of ``s`` is ``(s - 1) % n`` (who plays just before ``s``),
  left is ``(s + 1) % n``; ``n`` is ``len(profiles)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.gotcha.cards_model import Breach, Card, Event, Profile, Rule
from ludoteca.games.gotcha.families.base import Judge
from ludoteca.games.gotcha.families.log import seat_name
from ludoteca.games.gotcha.families.registry import family_of


def spec_of(rule: Card) -> Rule | None:
    """The predicate of a checkable WHAT/individual card (None for any other card)."""
    return rule.rule if rule.checkable else None


def _first_counted(start: int, since: int | None) -> int:
    """The first log index whose events count at all (towards keeping the rule)."""
    return max(start, 0) if since is None else max(0, min(since, start))


class Watch:
    """Incremental judge of one rule for one seat: the referee feeds it the growing log and
    gets each breach once, in O(new events) per call.

    ``Watch(rule, seat, profiles, start=s, since=a).update(log, now)`` called repeatedly as
    the log grows returns, over all calls, exactly the breaches that one
    :func:`breaches` call over the final log returns (which is implemented with it), under
    the referee's natural preconditions: ``log`` only grows, ``now`` never goes back, and
    every event appended later has ``t >= now`` of the earlier calls. The judging is the
    rule family's (``Family.judge``).
    """

    __slots__ = ("_judge", "_next")

    def __init__(
        self,
        rule: Card,
        seat: int,
        profiles: Sequence[Profile],
        *,
        start: int,
        since: int | None = None,
    ) -> None:
        """Watch ``rule`` for ``seat`` from log index ``start`` (see :func:`breaches`)."""
        spec = spec_of(rule)
        first = max(start, 0)
        self._next = _first_counted(start, since)
        self._judge: Judge | None = None
        if spec is not None:
            name = seat_name(profiles, seat)
            self._judge = family_of(spec).judge(spec, seat, len(profiles), name, first)

    def update(self, log: Sequence[Event], now: int) -> tuple[Breach, ...]:
        """The breaches found since the previous call, in log-index order."""
        judge = self._judge
        if judge is None:
            return ()
        lo = self._next
        hi = max(len(log), lo)
        self._next = hi
        out: list[Breach] = []
        judge.scan(log, lo, hi, now, out)
        return tuple(out)


def breaches(
    rule: Card,
    log: Sequence[Event],
    seat: int,
    profiles: Sequence[Profile],
    *,
    start: int,
    now: int,
    since: int | None = None,
) -> tuple[Breach, ...]:
    """Every breach by ``seat`` of ``rule`` among ``log[start:]``, judged at time ``now``.

    Args:
        rule: A WHAT or individual card (blank cards and WHO cards have no breaches).
        log: The game's event log.
        seat: The bound seat.
        profiles: One profile per seat (names; ``len`` gives the player count).
        start: The first log index at which the rule binds: only events from here on are
            breaches or triggers of a required reaction.
        now: The game clock (at least the last event's time); an unmet "within N ms"
            reaction (which had to come before ``trigger.t + N``) is a breach only once
            ``now >= trigger.t + N``.
        since: The first log index whose events count towards keeping the rule (a clap
            before a play, a draw starting a wait, a message counted by a limit, the
            previous emote). Default ``start``: nothing before ``start`` counts at all. The
            referee may pass the announcement's index, so that a player who claps during the
            grace period and plays after it keeps "clap before playing".

    Returns:
        The breaches in log-index order. Pure and deterministic: the same breach has the
        same index on every call. One pass over ``log[min(since, start):]`` (``silent``
        also looks back to the last turn start or play before ``start``). For a referee
        that judges after every event, :class:`Watch` does the same work incrementally.
    """
    return Watch(rule, seat, profiles, start=start, since=since).update(log, now)


def own_events_only(rule: Card) -> bool:
    """Whether every breach of ``rule`` by a seat is one of that seat's own events (its
    index and time are the offending event's): true for every family but ``react``, whose
    breach is the trigger (anyone's event) of a reaction that never came, timed at its
    deadline. The referee uses it to judge, after a new event, only the seat that sent it.
    """
    spec = spec_of(rule)
    return spec is None or family_of(spec).own_events


def breach_kind(rule: Card) -> str:
    """The kind of event a breach of an ``own_events_only`` rule is (``""`` for a ``react``
    rule or a card without a predicate): ``chat`` for the chat families, ``emote`` for the
    emote ones, the rule's ``on`` kind for ``before`` and ``wait``. The referee uses it to
    skip judging a seat none of whose new events is of that kind (issue 19).
    """
    spec = spec_of(rule)
    return "" if spec is None else family_of(spec).breach_kind(spec)


def breach_at(
    rule: Card,
    log: Sequence[Event],
    i: int,
    seat: int,
    profiles: Sequence[Profile],
    *,
    start: int,
    since: int | None = None,
) -> bool:
    """Whether ``log[i]`` is a breach of ``rule`` by ``seat``: the same as ``i`` being the
    index of one of ``breaches(rule, log, seat, profiles, start=start, now=..., since=since)``
    for any ``now``, for a rule whose breaches are the breaker's own events
    (``own_events_only``; for a ``react`` rule use :func:`reaction_missed`).

    Such a judgement depends only on the events up to ``i``, so it can be made when
    ``log[i]`` arrives and never changes afterwards. The common families look back from
    ``i`` only as far as the event that decides (the seat's previous play for "clap before
    playing", its previous emote for "never the same emote twice"; ``Family.breach_at``).

    Args:
        rule: A checkable WHAT or individual card (anything else has no breaches).
        log: The event log.
        i: The index judged.
        seat: The bound seat.
        profiles: One profile per seat.
        start: The first index at which the rule binds (as for ``breaches``).
        since: The first index whose events count towards keeping it (as for ``breaches``).

    Raises:
        ValueError: For a ``react`` rule.
    """
    spec = spec_of(rule)
    ev = log[i]
    if spec is None or i < max(start, 0) or ev.seat != seat:
        return False
    lo = _first_counted(start, since)
    return family_of(spec).breach_at(spec, log, i, seat, profiles, max(start, 0), lo)
