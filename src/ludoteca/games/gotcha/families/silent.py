"""The ``silent`` family: no chat message by the seat ``during`` ``"outside_own_turn"`` or
``"own_turn"`` ("stay silent while it is not your turn").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ludoteca.engine.i18n import Lang, msg
from ludoteca.games.gotcha.cards_model import Breach, Event, Rule
from ludoteca.games.gotcha.families.base import Family, Judge, Pace
from ludoteca.games.gotcha.families.log import owner_before

_OUTSIDE: Final = "outside_own_turn"
_DURING: Final = (_OUTSIDE, "own_turn")


class _SilentJudge(Judge):
    __slots__ = ("owner",)

    def __init__(self, spec: Rule, seat: int, n: int, name: str, start: int) -> None:
        super().__init__(spec, seat, n, name, start)
        self.owner: int | None = None

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        spec, seat, start = self.spec, self.seat, self.start
        first = max(lo, start)
        if first >= hi:
            return
        owner = owner_before(log, start) if self.owner is None else self.owner
        outside = spec.during == _OUTSIDE
        for i in range(first, hi):
            ev = log[i]
            if ev.kind == "turn_start":
                owner = ev.seat
            elif ev.kind == "play" and ev.seat == owner:
                owner = -1
            elif ev.kind == "chat" and ev.seat == seat and (owner != seat) == outside:
                out.append(Breach(seat, i, ev.t))
        self.owner = owner


class Silent(Family):
    """The ``silent`` family (``during``)."""

    __slots__ = ()

    def __init__(self) -> None:
        """The family of the data file's ``silent`` rules."""
        super().__init__("silent", limits_chat=True)

    def problems(self, spec: Rule) -> list[str]:
        """A known ``during``."""
        return [] if spec.during in _DURING else [f"unknown 'during' {spec.during!r}"]

    def hint(self, spec: Rule, lang: Lang, emote: str) -> str:
        """The catalogue's ``gotcha.cards.hint.silent.<during>``."""
        return msg(f"gotcha.cards.hint.silent.{spec.during}").text(lang)

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A judge that follows whose turn it is (looking back to before ``start`` once)."""
        return _SilentJudge(spec, seat, n, name, start)

    def breach_kind(self, spec: Rule) -> str:
        """A chat message."""
        return "chat"

    def may_chat(self, spec: Rule, log: Sequence[Event], seat: int) -> bool:
        """Whether it is (or is not) the seat's turn now, as the rule asks."""
        owner = owner_before(log, len(log))
        return (owner != seat) != (spec.during == _OUTSIDE)

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """A turn start (the seat's or another's), then a message by the seat."""
        outside = spec.during == _OUTSIDE
        owner = seat if outside == keep else (seat + 1) % n
        return (Event(0, owner, "turn_start"), Event(500, seat, "chat", "hola"))

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """The messages the player would send in the silent part of a round."""
        return pace.chats * (0.8 if spec.during == _OUTSIDE else 0.3)
