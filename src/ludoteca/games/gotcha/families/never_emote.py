"""The ``never_emote`` family: the seat never makes the emote ``emote`` ("never burp")."""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.gotcha.cards_model import Breach, Event, Profile, Rule
from ludoteca.games.gotcha.families.base import Family, Judge, Pace


class _NeverEmoteJudge(Judge):
    __slots__ = ()

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        seat, emote = self.seat, self.spec.emote
        for i in range(max(lo, self.start), hi):
            ev = log[i]
            if ev.seat == seat and ev.kind == "emote" and ev.text == emote:
                out.append(Breach(seat, i, ev.t))


class NeverEmote(Family):
    """The ``never_emote`` family (``emote``: the forbidden one)."""

    __slots__ = ()

    def __init__(self) -> None:
        """The family of the data file's ``never_emote`` rules."""
        super().__init__("never_emote")

    def problems(self, spec: Rule) -> list[str]:
        """A forbidden emote."""
        return [] if spec.emote else ["needs the forbidden emote"]

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A judge of each emote on its own."""
        return _NeverEmoteJudge(spec, seat, n, name, start)

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
        """The forbidden emote."""
        ev = log[i]
        return ev.kind == "emote" and ev.text == spec.emote

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """A turn start, then the forbidden emote or another."""
        text = ("wave" if spec.emote != "wave" else "clap") if keep else spec.emote
        return (Event(0, seat, "turn_start"), Event(500, seat, "emote", text))

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """The emotes the player would be tempted to make."""
        return pace.tempting_emotes
