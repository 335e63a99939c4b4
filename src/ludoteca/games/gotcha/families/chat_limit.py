"""The ``chat_limit`` family: at most ``number`` chat messages by the seat per turn ("send
at most two messages per turn").
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.gotcha.cards_model import Breach, Event, Rule
from ludoteca.games.gotcha.families.base import Family, Judge, Pace


class _ChatLimitJudge(Judge):
    __slots__ = ("count",)

    def __init__(self, spec: Rule, seat: int, n: int, name: str, start: int) -> None:
        super().__init__(spec, seat, n, name, start)
        self.count = 0

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        spec, seat, start = self.spec, self.seat, self.start
        count = self.count
        for i in range(lo, hi):
            ev = log[i]
            if ev.kind == "turn_start":
                count = 0
            elif ev.seat == seat and ev.kind == "chat":
                count += 1
                if count > spec.number and i >= start:
                    out.append(Breach(seat, i, ev.t))
        self.count = count


class ChatLimit(Family):
    """The ``chat_limit`` family (``number``)."""

    __slots__ = ()

    def __init__(self) -> None:
        """The family of the data file's ``chat_limit`` rules."""
        super().__init__("chat_limit", limits_chat=True)

    def problems(self, spec: Rule) -> list[str]:
        """A positive number."""
        return ["needs a positive number"] if spec.number <= 0 else []

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A judge that counts the seat's messages since the turn started."""
        return _ChatLimitJudge(spec, seat, n, name, start)

    def breach_kind(self, spec: Rule) -> str:
        """A chat message."""
        return "chat"

    def may_chat(self, spec: Rule, log: Sequence[Event], seat: int) -> bool:
        """Whether the seat has sent fewer than ``number`` messages this turn."""
        count = 0
        for i in range(len(log) - 1, -1, -1):
            ev = log[i]
            if ev.kind == "turn_start":
                break
            if ev.seat == seat and ev.kind == "chat":
                count += 1
        return count < spec.number

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """``number`` messages in a turn, then one more in the same turn or the next."""
        chats = [Event(100 + k, seat, "chat", "hola") for k in range(spec.number)]
        if keep:
            return (
                Event(0, seat, "turn_start"),
                *chats,
                Event(2000, (seat + 1) % n, "turn_start"),
                Event(2100, seat, "chat", "hola"),
            )
        return (Event(0, seat, "turn_start"), *chats, Event(2000, seat, "chat", "hola"))

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """Every message the player sends."""
        return pace.chats
