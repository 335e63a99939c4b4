"""Why a Gotcha! party bot did what it did (``agents.explain``).

The bot's choice is the earliest of what it wanted to do (``GreedyGotcha.last``, by why it
wanted it): its turn's draw or play, what a live rule wants before them or before a buzz,
a buzz of a breach it noticed, a reaction a rule owes, small talk. The reason says which,
with what the whole table sees: the area or mat, the players buzzed, the player a rule
was given to. The card in its hand is not named before it is played. Small talk no rule
asked for (a chat line, an emote) is no game move: it is not explained (``CHATTER``).
"""

from __future__ import annotations

from typing import Any

from ludoteca.agents.explain.decision import CHATTER, Decision
from ludoteca.agents.explain.reason import Reason
from ludoteca.agents.gotcha.expert import ExpertGotcha
from ludoteca.agents.gotcha.greedy import GreedyGotcha, Sources
from ludoteca.agents.gotcha.human import HumanGotcha
from ludoteca.engine.i18n import Message, msg, register
from ludoteca.games.gotcha.actions import AREAS, NO_TARGET, Buzz, Chat, Draw, Emote, Play, Vote


def reason(decision: Decision) -> Reason | None:
    """The reason for a Gotcha! bot's decision; ``None`` for a bot this module does not know."""
    agent = decision.agent
    if not isinstance(agent, GreedyGotcha):
        return None
    action = decision.action
    seats: dict[str, Any] = {"bot": decision.seat}
    if isinstance(action, Vote):
        accused = decision.seat in decision.view["ballot"]["accused"]
        return Reason("explain.gotcha.vote_accused" if accused else "explain.gotcha.vote", seats)
    if isinstance(action, Buzz):
        seats["accused"] = action.seats
        return Reason("explain.gotcha.buzz", seats, {"slot": slot_label(action.slot)})
    if isinstance(action, Draw):
        return Reason("explain.gotcha.draw", seats)
    if isinstance(action, Play):
        return _play(decision, agent, action)
    sources = decision.memo if isinstance(decision.memo, Sources) else Sources([], [], [])
    if action in sources.turn:
        return Reason("explain.gotcha.before_move", seats)
    if action in sources.buzzes:
        return Reason("explain.gotcha.before_buzz", seats)
    if action in sources.reactions:
        return Reason("explain.gotcha.reaction", seats)
    if isinstance(action, Chat | Emote):
        return CHATTER  # small talk no rule asked for: no game move, nothing to explain
    return Reason("explain.gotcha.other", seats)


def slot_label(slot: int) -> Message:
    """A rule area or a mat as the table names it ("area 1", "mat 2")."""
    if slot < AREAS:
        return msg("gotcha.slot.area", n=slot + 1)
    return msg("gotcha.slot.mat", n=slot - AREAS + 1)


def _play(decision: Decision, agent: GreedyGotcha, action: Play) -> Reason:
    seats: dict[str, Any] = {"bot": decision.seat}
    words = {"slot": slot_label(action.slot)}
    if action.target != NO_TARGET:
        seats["target"] = action.target
        return Reason("explain.gotcha.play_mat", seats, words)
    shrewd = agent.shrewd if isinstance(agent, HumanGotcha) else isinstance(agent, ExpertGotcha)
    if shrewd:
        return Reason("explain.gotcha.play_expert", seats, words)
    return Reason("explain.gotcha.play_area", seats, words)


register(
    {
        "explain.gotcha.vote": {
            "es": "{bot} no estaba entre los acusados y votó a cara o cruz.",
            "en": "{bot} was not among the accused and voted by the toss of a coin.",
        },
        "explain.gotcha.vote_accused": {
            "es": "{bot} estaba entre los acusados, así que votó que no.",
            "en": "{bot} was among the accused, so they voted no.",
        },
        "explain.gotcha.buzz": {
            "es": "{bot} vio a {accused} romper la regla de {slot} y pulsó el timbre.",
            "en": "{bot} saw {accused} break the rule of {slot} and buzzed.",
        },
        "explain.gotcha.draw": {
            "es": "{bot} roba su carta: así empieza cada turno.",
            "en": "{bot} draws a card: that is how every turn starts.",
        },
        "explain.gotcha.play_area": {
            "es": "{bot} jugó su regla en {slot}, donde atrapa a más rivales y no a quien la "
            "juega (el que va primero cuenta doble).",
            "en": "{bot} played their rule on {slot}, where it covers the most opponents and "
            "not themselves (the leader counts twice).",
        },
        "explain.gotcha.play_expert": {
            "es": "{bot} jugó en {slot} la regla con más ocasiones de pillar a sus rivales: "
            "la que más veces por ronda deben cumplir los rivales a los que atrapa.",
            "en": "{bot} played on {slot} the rule most likely to catch their opponents: the "
            "one the opponents it covers must mind most often in a round.",
        },
        "explain.gotcha.play_mat": {
            "es": "{bot} dio una regla individual a {target} ({slot}): se la da al rival "
            "que va en cabeza siempre que puede.",
            "en": "{bot} gave {target} an individual rule ({slot}): they give those to the "
            "leading opponent whenever they can.",
        },
        "explain.gotcha.before_move": {
            "es": "{bot} cumple una regla en juego que pide esto antes de su jugada.",
            "en": "{bot} obeys a live rule that wants this before their move.",
        },
        "explain.gotcha.before_buzz": {
            "es": "{bot} cumple una regla en juego que pide esto antes de pulsar el timbre.",
            "en": "{bot} obeys a live rule that wants this before buzzing.",
        },
        "explain.gotcha.reaction": {
            "es": "{bot} responde como le pide una regla en juego.",
            "en": "{bot} reacts as a live rule asks them to.",
        },
        "explain.gotcha.other": {
            "es": "{bot} hizo lo que pide la regla en este momento.",
            "en": "{bot} did what the rules ask at this point.",
        },
    }
)
