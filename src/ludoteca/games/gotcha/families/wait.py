"""The ``wait`` family: an ``on`` event by the seat comes at least ``delay`` ms after the
latest ``anchor`` event by ``anchor_by`` ("wait 3 seconds between drawing and playing").
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.i18n import Lang, msg
from ludoteca.games.gotcha.cards_model import Breach, Event, Profile, Rule
from ludoteca.games.gotcha.families.base import (
    Family,
    Judge,
    Pace,
    act_text,
    actor_of,
    seconds,
    trigger_text,
)
from ludoteca.games.gotcha.families.log import whose


class _WaitJudge(Judge):
    __slots__ = ("anchor_t",)

    def __init__(self, spec: Rule, seat: int, n: int, name: str, start: int) -> None:
        super().__init__(spec, seat, n, name, start)
        self.anchor_t: int | None = None

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        spec, seat, n, start = self.spec, self.seat, self.n, self.start
        anchor_t = self.anchor_t
        for i in range(lo, hi):
            ev = log[i]
            if (
                i >= start
                and ev.kind == spec.on
                and ev.seat == seat
                and anchor_t is not None
                and ev.t - anchor_t < spec.delay
            ):
                out.append(Breach(seat, i, ev.t))
            if ev.kind == spec.anchor and whose(spec.anchor_by, ev.seat, seat, n):
                anchor_t = ev.t
        self.anchor_t = anchor_t


class Wait(Family):
    """The ``wait`` family (``on``: the event that waits; ``anchor``, ``anchor_by``: the
    event that starts the wait; ``delay``: the wait).
    """

    __slots__ = ()

    def __init__(self) -> None:
        """The family of the data file's ``wait`` rules."""
        super().__init__("wait")

    def problems(self, spec: Rule) -> list[str]:
        """A waiting event, a positive delay and an anchor."""
        problems = []
        if not spec.on:
            problems.append("needs 'on'")
        if spec.delay <= 0:
            problems.append("needs a positive delay")
        if not spec.anchor:
            problems.append("needs 'anchor'")
        return problems

    def hint(self, spec: Rule, lang: Lang, emote: str) -> str:
        """The wait before the event ("Espera al menos 3 segundos antes de jugar una carta.")."""
        return msg(
            "gotcha.cards.hint.wait",
            emote=emote,
            number=spec.number,
            seconds=seconds(spec.delay, lang),
            act=act_text(spec.on, lang),
        ).text(lang)

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A judge that remembers the latest anchor's time."""
        return _WaitJudge(spec, seat, n, name, start)

    def breach_kind(self, spec: Rule) -> str:
        """The waiting event's kind."""
        return spec.on

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
        """A waiting event too soon after the latest anchor, looking back only to it."""
        return log[i].kind == spec.on and _too_soon(spec, log, i, seat, lo, len(profiles))

    def earliest(
        self, spec: Rule, log: Sequence[Event], seat: int, n: int, before_kind: str
    ) -> int:
        """For the waiting event: the latest anchor's time plus the delay (0: no anchor)."""
        if before_kind != spec.on:
            return 0
        k = _latest_anchor(spec, log, len(log), seat, 0, n)
        return log[k].t + spec.delay if k >= 0 else 0

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """An anchor, then the waiting event after half the delay or after more than it."""
        anchor = Event(0, actor_of(spec.anchor_by, seat, n), spec.anchor, "")
        gap = spec.delay + 500 if keep else spec.delay // 2
        return (anchor, Event(anchor.t + gap, seat, spec.on, trigger_text(spec, spec.on)))

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """Once a round."""
        return 1.0


def _too_soon(spec: Rule, log: Sequence[Event], i: int, seat: int, lo: int, n: int) -> bool:
    """Whether ``log[i]`` comes less than ``delay`` after the latest anchor event before
    it since ``lo`` (no anchor: not too soon).
    """
    k = _latest_anchor(spec, log, i, seat, lo, n)
    return k >= 0 and log[i].t - log[k].t < spec.delay


def _latest_anchor(spec: Rule, log: Sequence[Event], end: int, seat: int, lo: int, n: int) -> int:
    """The index of the latest anchor event that counts for ``seat`` among ``log[lo:end]``
    (-1: none).
    """
    anchor, anchor_by = spec.anchor, spec.anchor_by
    for k in range(end - 1, lo - 1, -1):
        ev = log[k]
        if ev.kind == anchor and whose(anchor_by, ev.seat, seat, n):
            return k
    return -1
