"""How the move played compares with the others a bot weighed, in words that agree with it.

A bot that scored several moves (a search's simulated games, an expert's playouts) shows
the figure of the move it played beside the best others'. Read plainly, those figures
must explain the choice:

* **ties are said as ties** — "this one and 2 more won every time: among equals they keep
  the one their usual rule picks" rather than "won 100%; the best others 100% and 100%";
* **rounding never makes a lower figure win** — two different figures that round to the
  same whole percentage (or tenth of a card) are written with one more decimal, and a
  figure short of 100% (or above 0%) never reads as 100% (0%);
* **a kept move below another says the rule that kept it** (the search's margin, in the
  sentence around this clause).

Which of these applies depends on the bot's figures, which come from its whole view
(hidden cards included), so the whole clause is one figure (:class:`Outcome`): the rest
of the sentence reads the same whatever the figures (``Reason.masked``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ludoteca.engine.i18n import Lang, msg, register

Rule = Literal["rule", "tried", "usual"]
"""How the bot settles a tie: its usual rule's pick (an expert's scores), the move it tried
most (an unanchored search), or its usual move (an anchored search)."""

EQUAL = 1e-9
"""Figures closer than this are equal (sums of the same playout results)."""


def percent(value: float, lang: Lang, decimals: int = 0) -> str:
    """A chance as a percentage: ``71%`` (``94.5%``, ``94,5%`` in Spanish with
    ``decimals=1``). Only a certainty reads ``100%`` and only an impossibility ``0%``:
    anything between is held to the nearest figure inside (``99%``, ``1%``), so rounding
    never turns a lost game into a perfect record.
    """
    value = min(1.0, max(0.0, value))
    if value >= 1.0:
        return "100%"
    if value <= 0.0:
        return "0%"
    step = 10.0**-decimals
    shown = min(100.0 - step, max(step, round(value * 100, decimals)))
    return _number(shown, decimals, lang) + "%"


def cards(value: float, lang: Lang, decimals: int = 1) -> str:
    """An average count of cards with ``decimals`` decimals (``2.5``, ``2,5`` in Spanish)."""
    return _number(value, decimals, lang)


def _number(value: float, decimals: int, lang: Lang) -> str:
    text = f"{value:.{decimals}f}"
    return text.replace(".", ",") if lang == "es" else text


def decimals_to_tell(chosen: float, others: Sequence[float], scale: float, least: int) -> int:
    """The fewest decimals (from ``least``, at most ``least + 2``) at which every figure that
    differs from ``chosen`` also reads differently (``scale``: 100 for percentages).
    """
    for decimals in range(least, least + 3):
        mine = round(chosen * scale, decimals)
        if all(
            abs(other - chosen) <= EQUAL or round(other * scale, decimals) != mine
            for other in others
        ):
            return decimals
    return least + 2


@dataclass(frozen=True, slots=True)
class Outcome:
    """The move played beside the best others it weighed, as one clause.

    Attributes:
        chosen: The figure of the move played.
        others: The figures of the other moves shown, best first (beside a kept usual
            move only the best is shown, the others count in a tie).
        rule: How the bot settles a tie (:data:`Rule`).
        usual: For an anchored search that traded its usual move for another, the usual
            move's chance (``None`` when it kept it, or for other bots).
        lead: The figures are average leads in cards, not chances of winning.
    """

    chosen: float
    others: tuple[float, ...]
    rule: Rule = "rule"
    usual: float | None = None
    lead: bool = False

    def text(self, lang: Lang) -> str:
        """The clause in ``lang`` (see the module docstring)."""
        if self.lead:
            return self._lead_text(lang)
        if self.usual is not None:
            decimals = decimals_to_tell(self.chosen, (self.usual,), 100, 0)
            return msg(
                "explain.outcome.switched",
                chance=percent(self.chosen, lang, decimals),
                usual=percent(self.usual, lang, decimals),
            ).text(lang)
        decimals = decimals_to_tell(self.chosen, self.others, 100, 0)
        ties = [o for o in self.others if abs(o - self.chosen) <= EQUAL]
        rest = [o for o in self.others if abs(o - self.chosen) > EQUAL]
        # An expert plays its best score: only a search's rule can keep a lower figure.
        behind = any(o > self.chosen for o in rest)
        if self.rule == "usual":  # a kept usual move: beside the best other only
            rest = rest[:1]
        if ties and not behind:  # a tie at the top: say how the bot settles it
            return self._tie_text(lang, len(ties), rest, decimals)
        prefix = "kept" if self.rule == "usual" else self.rule
        behind = behind and self.rule != "rule"
        key = f"explain.outcome.{prefix}_behind" if behind else f"explain.outcome.{prefix}"
        return msg(
            key,
            won=_won(self.chosen, lang, decimals, plural=False),
            others=_list([percent(o, lang, decimals) for o in rest], lang),
        ).text(lang)

    def _tie_text(self, lang: Lang, count: int, rest: Sequence[float], decimals: int) -> str:
        subject = "usual" if self.rule == "usual" else "this"
        text = msg(
            f"explain.outcome.tie_{subject}",
            more=count,
            won=_won(self.chosen, lang, decimals, plural=True),
        ).text(lang)
        if rest:
            listed = _list([percent(o, lang, decimals) for o in rest], lang)
            text += msg("explain.outcome.tie_rest", rest=listed).text(lang)
        return text + msg(f"explain.outcome.tie_rule.{self.rule}").text(lang)

    def _lead_text(self, lang: Lang) -> str:
        if not self.others:
            return msg("explain.outcome.lead_alone", lead=cards(self.chosen, lang)).text(lang)
        other = self.others[0]
        if abs(other - self.chosen) <= EQUAL:
            return msg("explain.outcome.lead_tie", lead=cards(self.chosen, lang)).text(lang)
        decimals = decimals_to_tell(self.chosen, (other,), 1, 1)
        return msg(
            "explain.outcome.lead",
            lead=cards(self.chosen, lang, decimals),
            other=cards(other, lang, decimals),
        ).text(lang)


def _won(value: float, lang: Lang, decimals: int, *, plural: bool) -> str:
    """``won 71%``, ``won every time``, ``lost every time`` (``ganaba``/``ganaban``...)."""
    number = "other" if plural else "one"
    if value >= 1.0 - EQUAL:
        return msg(f"explain.outcome.won_all.{number}").text(lang)
    if value <= EQUAL:
        return msg(f"explain.outcome.lost_all.{number}").text(lang)
    return msg(f"explain.outcome.won.{number}", chance=percent(value, lang, decimals)).text(lang)


def _list(texts: Sequence[str], lang: Lang) -> str:
    if len(texts) <= 1:
        return "".join(texts)
    joiner = " y " if lang == "es" else " and "
    return ", ".join(texts[:-1]) + joiner + texts[-1]


register(
    {
        "explain.outcome.won.one": {"es": "ganaba un {chance}", "en": "won {chance}"},
        "explain.outcome.won.other": {"es": "ganaban un {chance}", "en": "won {chance}"},
        "explain.outcome.won_all.one": {"es": "ganaba siempre", "en": "won every time"},
        "explain.outcome.won_all.other": {"es": "ganaban siempre", "en": "won every time"},
        "explain.outcome.lost_all.one": {"es": "perdía siempre", "en": "lost every time"},
        "explain.outcome.lost_all.other": {"es": "perdían siempre", "en": "lost every time"},
        # The move played has the best figure (an expert's scores, a kept usual move).
        "explain.outcome.rule": {
            "es": "con esta {won}; con las mejores de las demás, {others}",
            "en": "this one {won}; the best others {others}",
        },
        "explain.outcome.tried": {
            "es": "con ella {won}; con las siguientes más probadas, {others}",
            "en": "it {won}; the next most tried {others}",
        },
        "explain.outcome.tried_behind": {
            "es": "con ella {won}; con las siguientes más probadas, {others}, pero en menos "
            "partidas, así que esas cifras son menos seguras",
            "en": "it {won}; the next most tried {others}, but over fewer games, so those "
            "figures are less sure",
        },
        "explain.outcome.kept": {
            "es": "con la habitual, que mantuvo, {won}; con la mejor de las demás, {others}",
            "en": "their usual move, which they kept, {won}; the best other {others}",
        },
        "explain.outcome.kept_behind": {
            "es": "con la habitual, que mantuvo, {won}; con la mejor de las demás, {others}, "
            "que no es claramente más",
            "en": "their usual move, which they kept, {won}; the best other {others}, which "
            "is not clearly more",
        },
        "explain.outcome.switched": {
            "es": "con esta ganaba un {chance} y con la habitual un {usual}, así que la cambió",
            "en": "this move won {chance} and their usual move {usual}, so they traded it",
        },
        "explain.outcome.tie_this": {
            "es": "esta y {more} más {won}",
            "en": "this one and {more} more {won}",
        },
        "explain.outcome.tie_usual": {
            "es": "la habitual y {more} más {won}",
            "en": "their usual move and {more} more {won}",
        },
        "explain.outcome.tie_rest": {"es": " (las demás, {rest})", "en": " (the others {rest})"},
        "explain.outcome.tie_rule.rule": {
            "es": ": entre iguales se queda con la que elige su regla de siempre",
            "en": ": among equals they keep the one their usual rule picks",
        },
        "explain.outcome.tie_rule.tried": {
            "es": ": entre iguales, la más probada es la más fiable",
            "en": ": among equals the one tried most is the surest",
        },
        "explain.outcome.tie_rule.usual": {
            "es": ": ninguna ganaba más, así que mantuvo la habitual",
            "en": ": none won more, so they kept their usual move",
        },
        "explain.outcome.lead": {
            "es": "su ventaja media sobre el mejor rival era de {lead} cartas con esta y de "
            "{other} con la siguiente mejor",
            "en": "their average lead over the best rival was {lead} cards with this one and "
            "{other} with the next best",
        },
        "explain.outcome.lead_alone": {
            "es": "su ventaja media sobre el mejor rival era de {lead} cartas con la única "
            "que valía la pena probar",
            "en": "their average lead over the best rival was {lead} cards with the only one "
            "worth trying",
        },
        "explain.outcome.lead_tie": {
            "es": "su ventaja media sobre el mejor rival era de {lead} cartas con esta y con "
            "la siguiente mejor por igual: entre iguales se queda con la que su regla de "
            "siempre pone primero",
            "en": "their average lead over the best rival was {lead} cards with this one and "
            "with the next best alike: among equals they keep the one their usual rule ranks "
            "first",
        },
    }
)
