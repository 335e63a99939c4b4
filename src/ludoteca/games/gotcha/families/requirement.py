"""What the families whose rules require an emote or a chat share (``before``: "clap
before playing a card", ``react``: "say sorry within 5 seconds of ..."): the requirement,
its validation and its hint.

The requirement is the emote ``Rule.emote``, or else a chat message with one of
``Rule.words`` (matched as whole words through ``Rule.pattern``).
"""

from __future__ import annotations

from ludoteca.engine.i18n import Lang, msg
from ludoteca.games.gotcha.cards_model import Event, Rule, normalise
from ludoteca.games.gotcha.families.base import seconds


def meets(spec: Rule, ev: Event, seat: int) -> bool:
    """Whether ``ev`` is the required emote or chat of ``spec`` made by ``seat``."""
    if ev.seat != seat:
        return False
    if spec.emote:
        return ev.kind == "emote" and ev.text == spec.emote
    return (
        ev.kind == "chat"
        and spec.pattern is not None
        and bool(spec.pattern.search(normalise(ev.text)))
    )


def required_event(spec: Rule, seat: int, word: str = "") -> Event:
    """The emote or chat ``spec`` requires of ``seat`` (time -1); a chat says ``word``
    (default: the rule's first word).
    """
    if spec.emote:
        return Event(-1, seat, "emote", spec.emote)
    return Event(-1, seat, "chat", word or spec.words[0])


def requirement_kind(spec: Rule) -> str:
    """The kind of event the requirement is: ``emote`` or ``chat``."""
    return "emote" if spec.emote else "chat"


def requirement_problems(spec: Rule) -> list[str]:
    """What a rule with a requirement lacks: an emote or words, and the trigger ``on``."""
    problems = []
    if not spec.emote and not spec.words:
        problems.append("needs an emote or words to say")
    if not spec.on:
        problems.append("needs 'on'")
    return problems


def requirement_hint(family_id: str, spec: Rule, lang: Lang, emote: str, act: str) -> str:
    """The hint of a rule with a requirement: the catalogue's
    ``gotcha.cards.hint.<family>_emote`` or ``..._chat`` (``act``: what the trigger reads as).
    """
    return msg(
        f"gotcha.cards.hint.{family_id}_{requirement_kind(spec)}",
        emote=emote,
        words=" / ".join(spec.words),
        act=act,
        seconds=seconds(spec.delay, lang),
    ).text(lang)
