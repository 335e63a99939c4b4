"""The ``no_repeat_emote`` family: the seat never makes the same emote twice in a row."""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.gotcha.cards_model import Breach, Event, Profile, Rule
from ludoteca.games.gotcha.families.base import Family, Judge, Pace


class _NoRepeatJudge(Judge):
    __slots__ = ("previous",)

    def __init__(self, spec: Rule, seat: int, n: int, name: str, start: int) -> None:
        super().__init__(spec, seat, n, name, start)
        self.previous = ""

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        seat, start = self.seat, self.start
        previous = self.previous
        for i in range(lo, hi):
            ev = log[i]
            if ev.seat == seat and ev.kind == "emote":
                if ev.text == previous and i >= start:
                    out.append(Breach(seat, i, ev.t))
                previous = ev.text
        self.previous = previous


class NoRepeatEmote(Family):
    """The ``no_repeat_emote`` family (no field)."""

    __slots__ = ()

    def __init__(self) -> None:
        """The family of the data file's ``no_repeat_emote`` rules."""
        super().__init__("no_repeat_emote")

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A judge that remembers the seat's previous emote."""
        return _NoRepeatJudge(spec, seat, n, name, start)

    def breach_kind(self, spec: Rule) -> str:
        """An emote."""
        return "emote"

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
        """An emote equal to the seat's previous one, looking back only to it."""
        ev = log[i]
        return ev.kind == "emote" and ev.text == _previous_emote(log, i, seat, lo)

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """Three emotes by the seat, the middle one repeating the first or not."""
        second = "wave" if keep else "clap"
        return (
            Event(0, seat, "emote", "clap"),
            Event(500, seat, "emote", second),
            Event(1000, seat, "emote", "clap"),
        )

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """The emotes the player would be tempted to make."""
        return pace.tempting_emotes


def _previous_emote(log: Sequence[Event], i: int, seat: int, lo: int) -> str:
    """The seat's emote before ``log[i]`` since ``lo`` (``""``: none)."""
    for k in range(i - 1, lo - 1, -1):
        ev = log[k]
        if ev.seat == seat and ev.kind == "emote":
            return ev.text
    return ""
