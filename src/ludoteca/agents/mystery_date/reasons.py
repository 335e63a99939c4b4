"""Why a Mystery Date bot made its move (``agents.explain``).

The greedy and expert bots score a hand by how near each colour is to a complete outfit;
their reasons are those rules in words, by the kind of move: the card given in a swap (and,
on a swap-any space, the partner chosen), the discard over the hand limit, the pile taken
on the draw-or-discard space, the outfit shown at the door. The card given is not named (it
goes face down); the partner, the pile and the outfit are public.
"""

from __future__ import annotations

from ludoteca.agents.explain.decision import Decision
from ludoteca.agents.explain.reason import Reason
from ludoteca.agents.mystery_date.expert import ExpertMysteryDate
from ludoteca.agents.mystery_date.greedy import GreedyMysteryDate
from ludoteca.engine.i18n import msg, register
from ludoteca.games.mystery_date.cards import COLOURS, Discard, Give, Pile, Show


def reason(decision: Decision) -> Reason | None:
    """The reason for a Mystery Date bot's decision; ``None`` for a bot it does not know."""
    agent = decision.agent
    if not isinstance(agent, GreedyMysteryDate):
        return None
    action = decision.action
    seats: dict[str, int] = {"bot": decision.seat}
    if isinstance(action, Give):
        seats["partner"] = action.target
        expert = isinstance(agent, ExpertMysteryDate)
        key = "give_expert" if expert else "give"
        if len({a.target for a in decision.legal}) > 1:
            key += "_any"
        return Reason(f"explain.mystery_date.{key}", seats)
    if isinstance(action, Discard):
        return Reason("explain.mystery_date.discard", seats)
    if isinstance(action, Pile):
        key = "pile_discard" if action.from_discard else "pile_draw"
        return Reason(f"explain.mystery_date.{key}", seats)
    if isinstance(action, Show):
        colour = msg(f"mystery_date.colour.{COLOURS[action.colour]}")
        return Reason("explain.mystery_date.show", seats, {"colour": colour})
    return Reason("explain.mystery_date.other", seats)


_GIVE_ANY = {
    "es": " Eligió a {partner} porque la carta que le quitará al azar es la que más le vale.",
    "en": " They chose {partner} because the card they take back at random from "
    "{partner} is worth most to them.",
}
_GIVE = {
    "es": "{bot} dio a {partner} la carta que menos le sirve para completar un conjunto.",
    "en": "{bot} gave {partner} the card they need least for an outfit.",
}
_GIVE_EXPERT = {
    "es": "{bot} dio a {partner} la carta que menos le cuesta perder y menos ayuda a "
    "{partner}, por lo que sabe de su mano.",
    "en": "{bot} gave {partner} the card that costs them least and helps {partner} "
    "least, by what they know of {partner}'s hand.",
}

register(
    {
        "explain.mystery_date.give": _GIVE,
        "explain.mystery_date.give_any": {lang: _GIVE[lang] + _GIVE_ANY[lang] for lang in _GIVE},
        "explain.mystery_date.give_expert": _GIVE_EXPERT,
        "explain.mystery_date.give_expert_any": {
            lang: _GIVE_EXPERT[lang] + _GIVE_ANY[lang] for lang in _GIVE
        },
        "explain.mystery_date.discard": {
            "es": "{bot} tenía más cartas de las permitidas y descartó la que menos falta le "
            "hace para sus conjuntos.",
            "en": "{bot} was over the hand limit and discarded the card their outfits miss least.",
        },
        "explain.mystery_date.pile_discard": {
            "es": "{bot} cogió la carta de arriba de los descartes: ayuda a sus conjuntos "
            "más que una carta desconocida.",
            "en": "{bot} took the top of the discard pile: it helps their outfits more than an "
            "unknown card would.",
        },
        "explain.mystery_date.pile_draw": {
            "es": "{bot} robó del mazo: la carta de los descartes no ayudaba a sus conjuntos "
            "más que una carta desconocida.",
            "en": "{bot} drew from the deck: the top discard would not help their outfits more "
            "than an unknown card.",
        },
        "explain.mystery_date.show": {
            "es": "{bot} enseñó el conjunto {colour}: de los que tenía completos, es el de la "
            "cita que más favorece la puerta.",
            "en": "{bot} showed the {colour} outfit: of the outfits they had ready, the door "
            "favours that date most.",
        },
        "explain.mystery_date.other": {
            "es": "{bot} hizo lo que pide la regla en este momento.",
            "en": "{bot} did what the rules ask at this point.",
        },
    }
)
