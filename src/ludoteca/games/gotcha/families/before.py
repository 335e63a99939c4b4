"""The ``before`` family: every ``on`` event by the seat must be preceded, since the seat's
previous ``on`` event, by the required emote or chat ("clap before playing a card", "say
please before buzzing").
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.i18n import Lang
from ludoteca.games.gotcha.cards_model import Breach, Event, Profile, Rule
from ludoteca.games.gotcha.families.base import (
    Family,
    Judge,
    Pace,
    act_text,
    trigger_text,
)
from ludoteca.games.gotcha.families.requirement import (
    meets,
    required_event,
    requirement_hint,
    requirement_kind,
    requirement_problems,
)


class _BeforeJudge(Judge):
    __slots__ = ("satisfied",)

    def __init__(self, spec: Rule, seat: int, n: int, name: str, start: int) -> None:
        super().__init__(spec, seat, n, name, start)
        self.satisfied = False

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        spec, seat, start = self.spec, self.seat, self.start
        satisfied = self.satisfied
        for i in range(lo, hi):
            ev = log[i]
            if ev.seat != seat:
                continue
            if ev.kind == spec.on:
                if not satisfied and i >= start:
                    out.append(Breach(seat, i, ev.t))
                satisfied = False
            elif meets(spec, ev, seat):
                satisfied = True
        self.satisfied = satisfied


class Before(Family):
    """The ``before`` family (``on``: the trigger's kind; the requirement: ``emote`` or
    ``words``).
    """

    __slots__ = ()

    def __init__(self) -> None:
        """The family of the data file's ``before`` rules."""
        super().__init__("before")

    def problems(self, spec: Rule) -> list[str]:
        """A requirement, a trigger, and a requirement of another kind than the trigger."""
        problems = requirement_problems(spec)
        if spec.on == requirement_kind(spec):
            problems.append("the requirement cannot be of the trigger's own kind")
        return problems

    def uses_pattern(self, spec: Rule) -> bool:
        """The words of a chat requirement."""
        return not spec.emote

    def hint(self, spec: Rule, lang: Lang, emote: str) -> str:
        """The requirement before the trigger ("Gesto «aplaudir» antes de jugar una carta.")."""
        return requirement_hint(self.id, spec, lang, emote, act_text(spec.on, lang))

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A judge that remembers whether the requirement was met since the last trigger."""
        return _BeforeJudge(spec, seat, n, name, start)

    def breach_kind(self, spec: Rule) -> str:
        """The trigger's kind: a breach is a trigger without the requirement before it."""
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
        """A trigger, looking back only to the seat's previous trigger."""
        return log[i].kind == spec.on and not _kept_before(spec, log, i, seat, lo)

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
        """The requirement, before every trigger."""
        # Always emitted, so it does not matter when the rule started binding.
        return (required_event(spec, seat, word),) if before_kind == spec.on else ()

    def may_owe(self, spec: Rule) -> bool:
        """Only before a buzz."""
        # Buzzes are uncapped (GT-15), so the gesture before one is owed, not chosen.
        return spec.on == "buzz"

    def owed_at(self, spec: Rule, log: Sequence[Event], seat: int, n: int, t: int) -> int:
        """Before a buzz: the requirement is due before the seat's next buzz (``len(log)``)
        unless the seat made it since its last one.
        """
        if spec.on != "buzz" or _kept_before(spec, log, len(log), seat, 0):
            return -1
        return len(log)

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """The seat's trigger, after the requirement when it keeps the rule."""
        act = Event(1000, seat, spec.on, trigger_text(spec, spec.on))
        head = [Event(0, seat, "turn_start")]
        if keep:
            req = required_event(spec, seat)
            head.append(Event(500, seat, req.kind, req.text))
        return (*head, act)

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """How often the seat meets the trigger."""
        return pace.rate(spec.on, spec.on_text)


def _kept_before(spec: Rule, log: Sequence[Event], i: int, seat: int, lo: int) -> bool:
    """Whether the seat made the required emote or chat before ``log[i]`` (``i`` may be
    ``len(log)``: by now) since its previous ``on`` event, looking back no further than
    ``lo``, as the judge keeps ``satisfied``.
    """
    on = spec.on
    for k in range(i - 1, lo - 1, -1):
        ev = log[k]
        if ev.seat != seat:
            continue
        if ev.kind == on:
            return False
        if meets(spec, ev, seat):
            return True
    return False
