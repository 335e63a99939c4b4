"""The ``chat_form`` family: every chat message by the seat has the text form ``form``
("whisper": lower case only, "end every message with please", ...; the forms are
:mod:`.chat_forms`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ludoteca.engine.i18n import Lang, msg
from ludoteca.games.gotcha.cards_model import Breach, Event, Profile, Rule
from ludoteca.games.gotcha.families.base import Family, Judge, Pace
from ludoteca.games.gotcha.families.chat_forms import FORMS, form_of
from ludoteca.games.gotcha.families.log import seat_name

_BASE_TEXT: Final = "hola bien sí ok uy"
"""A neutral chat message the examples rewrite to keep a form."""


class _ChatFormJudge(Judge):
    __slots__ = ("form",)

    def __init__(self, spec: Rule, seat: int, n: int, name: str, start: int) -> None:
        super().__init__(spec, seat, n, name, start)
        self.form = form_of(spec)

    def scan(self, log: Sequence[Event], lo: int, hi: int, now: int, out: list[Breach]) -> None:
        spec, seat, name, form = self.spec, self.seat, self.name, self.form
        for i in range(max(lo, self.start), hi):
            ev = log[i]
            if ev.seat == seat and ev.kind == "chat" and not form.keeps(spec, ev.text, name):
                out.append(Breach(seat, i, ev.t))


class ChatForm(Family):
    """The ``chat_form`` family (``form``; ``words``, ``number``, ``letter`` as the form
    needs).
    """

    __slots__ = ()

    def __init__(self) -> None:
        """The family of the data file's ``chat_form`` rules."""
        super().__init__("chat_form")

    def problems(self, spec: Rule) -> list[str]:
        """A known form, with the words, number or letter it needs."""
        form = FORMS.get(spec.form)
        if form is None:
            return [f"unknown form {spec.form!r}"]
        problems = []
        if form.needs_words and not spec.words:
            problems.append(f"form {spec.form} needs words")
        return problems + form.problems(spec)

    def uses_pattern(self, spec: Rule) -> bool:
        """The words of a form that looks for them (a prefix, forbidden or required words)."""
        form = FORMS.get(spec.form)
        return form is not None and form.needs_pattern

    def hint(self, spec: Rule, lang: Lang, emote: str) -> str:
        """The catalogue's ``gotcha.cards.form.<form>`` ("En el chat: solo minúsculas.")."""
        return msg(
            f"gotcha.cards.form.{spec.form}",
            words=" / ".join(spec.words),
            number=spec.number,
            letter=spec.letter.upper(),
        ).text(lang)

    def judge(self, spec: Rule, seat: int, n: int, name: str, start: int) -> Judge:
        """A judge of each message on its own."""
        return _ChatFormJudge(spec, seat, n, name, start)

    def breach_kind(self, spec: Rule) -> str:
        """A chat message."""
        return "chat"

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
        """A message without the form (each message is judged on its own)."""
        ev = log[i]
        if ev.kind != "chat":
            return False
        return not form_of(spec).keeps(spec, ev.text, seat_name(profiles, seat))

    def chat_ok(self, spec: Rule, text: str, name: str) -> bool:
        """Whether the message has the form."""
        return form_of(spec).keeps(spec, text, name)

    def rewrite(self, spec: Rule, text: str, name: str, word: str) -> str:
        """The message rewritten by the form ("Hola" -> "hola" to whisper)."""
        return form_of(spec).rewrite(spec, text, name, word)

    def example(self, spec: Rule, seat: int, n: int, name: str, keep: bool) -> tuple[Event, ...]:
        """A turn start and one message by the seat, with the form or without it."""
        if not keep:
            text = form_of(spec).breaking(spec)
        elif self.chat_ok(spec, _BASE_TEXT, name):
            text = _BASE_TEXT
        else:
            text = self.conform(spec, _BASE_TEXT, name, spec.words[0] if spec.words else "")
        return (Event(0, seat, "turn_start"), Event(1000, seat, "chat", text))

    def occasions(self, spec: Rule, pace: Pace) -> float:
        """Every message the player sends."""
        return pace.chats
