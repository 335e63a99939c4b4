"""Why a Tacocat bot made its move (``agents.explain``).

The greedy bot's rules are put in words for the decision's kind (replace, duel, attack,
defence), with its own count of the unseen cards for an attack. The expert's decisions are
read from its scores (``ExpertTacocat.last``): each move's round results over the opponent
hands it drew, as a chance of winning the round. Cards are never named: the reader sees the
move itself in the history, and the cards the bot kept are its secret.
"""

from __future__ import annotations

from typing import Any

from ludoteca.agents.explain.decision import Decision
from ludoteca.agents.explain.outcome import Outcome
from ludoteca.agents.explain.reason import Chance, Count, Reason
from ludoteca.agents.tacocat.expert import ExpertTacocat, Scored
from ludoteca.agents.tacocat.greedy import GreedyTacocat, _opponent_pool, match_probability
from ludoteca.engine.i18n import register
from ludoteca.games.tacocat import Attack, Defend, Duel, Replace, Sacrifice


def reason(decision: Decision) -> Reason | None:
    """The reason for a Tacocat bot's decision; ``None`` for a bot this module does not know."""
    agent = decision.agent
    if isinstance(agent, ExpertTacocat) and isinstance(decision.memo, Scored):
        return _scored(decision, decision.memo)
    if isinstance(agent, ExpertTacocat | GreedyTacocat):
        return _rule(decision)
    return None


def _seats(decision: Decision) -> dict[str, int]:
    return {"bot": decision.seat, "opponent": 1 - decision.seat}


def _rule(decision: Decision) -> Reason:
    action = decision.action
    seats = _seats(decision)
    if isinstance(action, Replace):
        return Reason("explain.tacocat.replace", seats)
    if isinstance(action, Duel):
        return Reason("explain.tacocat.duel", seats)
    if isinstance(action, Attack):
        if len(action.cards) >= decision.view["hand_counts"][decision.seat]:
            return Reason("explain.tacocat.attack_all", seats)  # hand sizes are public
        pool, size = _opponent_pool(decision.view)
        unmatched = 1.0 - match_probability(pool, size, action.cards)
        return Reason("explain.tacocat.attack", seats, figures={"chance": Chance(unmatched)})
    if isinstance(action, Sacrifice):
        return Reason("explain.tacocat.sacrifice", seats)
    if isinstance(action, Defend):
        return Reason("explain.tacocat.defend", seats)
    return Reason("explain.tacocat.other", seats)


def _scored(decision: Decision, scored: Scored) -> Reason:
    samples = max(1, scored.samples)
    chances = [(total / samples + 1.0) / 2.0 for total in scored.totals]
    mine = chances[scored.actions.index(scored.chosen)]
    others = sorted(
        (c for a, c in zip(scored.actions, chances, strict=True) if a != scored.chosen),
        reverse=True,
    )[:2]
    replacing = isinstance(decision.action, Replace)
    unit = "simulated_deal" if replacing else "likely_hand"
    figures: dict[str, Any] = {"games": Count(scored.samples, unit)}
    key = "replace_scored" if replacing else "scored"
    if others:
        figures["outcome"] = Outcome(mine, tuple(others), "rule")
        figures["count"] = Count(len(scored.actions), "way" if replacing else "possible_move")
    else:
        figures["chance"] = Chance(mine)
        key += "_alone"
    return Reason(f"explain.tacocat.{key}", _seats(decision), {}, figures, mine, tuple(others))


register(
    {
        "explain.tacocat.replace": {
            "es": "{bot} cambió sus cartas del medio, que ni ganan el duelo final ni ganan "
            "ataques, y se quedó con sus cartas más bajas y las más altas.",
            "en": "{bot} swapped their middling cards, which neither win the showdown nor win "
            "attacks, and kept their lowest cards and their highest.",
        },
        "explain.tacocat.duel": {
            "es": "{bot} se batió en duelo con una carta de sobra y guardó la más baja para "
            "el final de la ronda.",
            "en": "{bot} duelled with a spare card and kept their lowest one for the showdown.",
        },
        "explain.tacocat.attack": {
            "es": "{bot} guarda su carta más baja para el final y ataca con lo que le sobra, "
            "que así además se quita de encima: según su cuenta de las cartas que no ve, la "
            "probabilidad de que {opponent} no pueda igualar este ataque es del {chance}.",
            "en": "{bot} keeps their lowest card for the showdown and attacks with what they "
            "can spare, which also gets it out of their hand: by their count of the cards "
            "they cannot see, the chance that {opponent} cannot match this attack is "
            "{chance}.",
        },
        "explain.tacocat.attack_all": {
            "es": "{bot} ataca con todas las cartas que le quedan.",
            "en": "{bot} attacks with every card they have left.",
        },
        "explain.tacocat.defend": {
            "es": "{bot} respondió con la carta más pequeña que iguala el ataque, guardando "
            "su carta más baja siempre que puede.",
            "en": "{bot} answered with the smallest card that meets the attack, keeping their "
            "lowest card whenever they can.",
        },
        "explain.tacocat.sacrifice": {
            "es": "{bot} no tenía ninguna carta de sobra que igualara el ataque, así que "
            "entregó su carta más baja.",
            "en": "{bot} had no spare card high enough to meet the attack, so they gave up "
            "their lowest card.",
        },
        "explain.tacocat.other": {
            "es": "{bot} hizo lo que pide la regla en este momento.",
            "en": "{bot} did what the rules ask at this point.",
        },
        "explain.tacocat.scored": {
            "es": "{bot} jugó el resto de la ronda contra {games} de {opponent} con cada "
            "una de sus {count}: {outcome}.",
            "en": "{bot} played the rest of the round out against {games} of {opponent} "
            "with each of their {count}: {outcome}.",
        },
        "explain.tacocat.scored_alone": {
            "es": "{bot} jugó el resto de la ronda contra {games} de {opponent}: con esta "
            "jugada ganaba un {chance}.",
            "en": "{bot} played the rest of the round out against {games} of {opponent}: "
            "this move won {chance}.",
        },
        "explain.tacocat.replace_scored": {
            "es": "{bot} probó {count} de cambiar cartas en {games}, contando las rondas "
            "ganadas, y se quedó con la mejor: {outcome}.",
            "en": "{bot} tried {count} of swapping cards on {games}, counting the rounds "
            "won, and kept the best: {outcome}.",
        },
        "explain.tacocat.replace_scored_alone": {
            "es": "{bot} probó su cambio de cartas en {games}: ganaba la ronda un {chance}.",
            "en": "{bot} tried their swap on {games}: it won the round {chance}.",
        },
    }
)
