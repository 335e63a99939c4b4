"""Gotcha cards: short example logs that break or keep each checkable card.

Used by the tests (every card has one of each) and available to the game's tests. Judge
an example with ``start=0`` and ``now`` = its last event's time.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.gotcha.cards_check import seat_name, spec_of
from ludoteca.games.gotcha.cards_model import Card, Event, Profile, Rule
from ludoteca.games.gotcha.cards_obey import conform_chat, required_event

_BASE_TEXT = "hola bien sí ok uy"
"""A neutral chat message the examples rewrite with :func:`conform_chat`."""

# ---------------------------------------------------------------------------------------
# Examples


def _actor(by: str, seat: int, n: int) -> int:
    if by == "self":
        return seat
    if by == "right":
        return (seat - 1) % n
    return (seat + 1) % n


def _trigger_text(spec: Rule, kind: str) -> str:
    if kind == "emote":
        return spec.on_text or "wave"
    if kind in ("play", "announce"):
        return "A01"
    if kind == "buzz":
        return "0"
    return ""


def _break_text(spec: Rule, name: str) -> str:
    form = spec.form
    texts = {
        "lower": "Hola",
        "upper": "hola",
        "question": "hola.",
        "exclaim": "hola.",
        "no_word": f"hola {spec.words[0] if spec.words else ''}",
        "max_words": " ".join(["hola"] * (spec.number + 1)),
        "no_letter": f"hola {spec.letter}",
        "title": "hola amigos",
    }
    return texts.get(form, "hola")


def _example(rule: Card, seat: int, profiles: Sequence[Profile], keep: bool) -> tuple[Event, ...]:
    spec = spec_of(rule)
    if spec is None:
        return ()
    n = max(len(profiles), 2)
    other = (seat + 1) % n
    family = spec.family
    if family == "before":
        act = Event(1000, seat, spec.on, _trigger_text(spec, spec.on))
        head = [Event(0, seat, "turn_start")]
        if keep:
            req = required_event(spec, seat)
            head.append(Event(500, seat, req.kind, req.text))
        return (*head, act)
    if family == "chat_form":
        name = seat_name(profiles, seat)
        text = conform_chat(rule, _BASE_TEXT, profiles, seat) if keep else _break_text(spec, name)
        return (Event(0, seat, "turn_start"), Event(1000, seat, "chat", text))
    if family == "silent":
        outside = spec.during == "outside_own_turn"
        owner = seat if outside == keep else other
        return (Event(0, owner, "turn_start"), Event(500, seat, "chat", "hola"))
    if family == "react":
        trigger = Event(0, _actor(spec.by, seat, n), spec.on, _trigger_text(spec, spec.on))
        end = trigger.t + spec.delay + 1000
        filler = Event(end, other, "draw" if spec.on != "draw" else "vote")
        if keep:
            req = required_event(spec, seat)
            answer = Event(trigger.t + spec.delay // 2, seat, req.kind, req.text)
            return (trigger, answer, filler)
        return (trigger, filler)
    if family == "wait":
        anchor = Event(0, _actor(spec.anchor_by, seat, n), spec.anchor, "")
        gap = spec.delay + 500 if keep else spec.delay // 2
        return (anchor, Event(anchor.t + gap, seat, spec.on, _trigger_text(spec, spec.on)))
    if family == "never_emote":
        text = ("wave" if spec.emote != "wave" else "clap") if keep else spec.emote
        return (Event(0, seat, "turn_start"), Event(500, seat, "emote", text))
    if family == "chat_limit":
        chats = [Event(100 + k, seat, "chat", "hola") for k in range(spec.number)]
        if keep:
            return (
                Event(0, seat, "turn_start"),
                *chats,
                Event(2000, other, "turn_start"),
                Event(2100, seat, "chat", "hola"),
            )
        return (Event(0, seat, "turn_start"), *chats, Event(2000, seat, "chat", "hola"))
    if family == "no_repeat_emote":
        second = "wave" if keep else "clap"
        return (
            Event(0, seat, "emote", "clap"),
            Event(500, seat, "emote", second),
            Event(1000, seat, "emote", "clap"),
        )
    raise ValueError(f"unknown rule family {family!r}")


def breaking_example(rule: Card, seat: int, profiles: Sequence[Profile]) -> tuple[Event, ...]:
    """A short log (from t=0) in which ``seat`` breaks ``rule``.

    Judge it with ``start=0`` and ``now`` = the last event's time. Blank cards: () (they
    cannot be checked; GT-09).
    """
    return _example(rule, seat, profiles, keep=False)


def keeping_example(rule: Card, seat: int, profiles: Sequence[Profile]) -> tuple[Event, ...]:
    """A short log (from t=0) in which ``seat`` keeps ``rule`` while doing what it governs.

    Judge it with ``start=0`` and ``now`` = the last event's time. Blank cards: ().
    """
    return _example(rule, seat, profiles, keep=True)
