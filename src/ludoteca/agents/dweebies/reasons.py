"""Why a Dweebies bot made its move (``agents.explain``).

The greedy bot scores every legal placement by the cards it wins at once against the lines
it leaves for the next players (``GreedyDweebies.scored``); its reason is read from that
score again, for the placement it played: the cards it wins now (the table shows them) or
that it won none worth the risk. The expert's reason is its playouts
(``ExpertDweebies.last``): each candidate's average lead in collected cards. A collect
takes all it may. No card in a hand is named.
"""

from __future__ import annotations

from typing import Any

from ludoteca.agents.dweebies import greedy
from ludoteca.agents.dweebies.expert import ExpertDweebies, Scored
from ludoteca.agents.dweebies.greedy import GreedyDweebies
from ludoteca.agents.explain.decision import Decision
from ludoteca.agents.explain.outcome import Outcome
from ludoteca.agents.explain.reason import Count, Reason
from ludoteca.engine.game import View
from ludoteca.engine.i18n import register
from ludoteca.games.dweebies.actions import Collect, Place
from ludoteca.games.dweebies.cards import NUM_KINDS


def reason(decision: Decision) -> Reason | None:
    """The reason for a Dweebies bot's decision; ``None`` for a bot this module does not know."""
    agent = decision.agent
    seats = {"bot": decision.seat}
    if not isinstance(agent, ExpertDweebies | GreedyDweebies):
        return None
    action = decision.action
    if isinstance(action, Collect):
        return Reason("explain.dweebies.collect", seats)
    if isinstance(agent, ExpertDweebies) and isinstance(decision.memo, Scored):
        return _played_out(decision, decision.memo)
    if isinstance(action, Place):
        gain = cards_won(decision.view, action)
        figures: dict[str, Any] = {"count": Count(len(decision.legal), "possible_placement")}
        if gain:
            figures["gain"] = Count(gain, "card")
            return Reason("explain.dweebies.take", seats, figures=figures)
        return Reason("explain.dweebies.safe", seats, figures=figures)
    return Reason("explain.dweebies.other", seats)


def cards_won(view: View, action: Place) -> int:
    """The cards a placement collects at once (DW-05 to DW-07), from the table alone."""
    row_step = 256  # the greedy bot's cell keys: x * 256 + y
    table = {x * row_step + y: int(text[1:]) for x, y, text in view["table"]}
    groups = int(view["groups"])
    labels = greedy._groups(table) if groups > 1 else {}
    at = action.x * row_step + action.y
    ones = [1.0] * (NUM_KINDS + 1)
    whole, row, column, _ = greedy._cell_info(table, at, labels, groups, ones)
    taken_row = greedy._takes(action.card, row) and whole
    taken_column = greedy._takes(action.card, column) and whole
    gain = 0
    if taken_row:
        gain += row[0] + row[2] + 1
    if taken_column:
        gain += column[0] + column[2] + 1
    return gain - 1 if taken_row and taken_column else gain


def _played_out(decision: Decision, scored: Scored) -> Reason:
    samples = max(1, scored.samples)
    leads = [total / samples for total in scored.totals]
    mine = leads[scored.best]
    others = tuple(sorted((v for i, v in enumerate(leads) if i != scored.best), reverse=True))
    figures: dict[str, Any] = {
        "count": Count(len(scored.candidates), "promising_placement"),
        "games": Count(scored.samples, "imagined_deal"),
        "outcome": Outcome(mine, others[:1], "rule", lead=True),
    }
    return Reason(
        "explain.dweebies.played_out", {"bot": decision.seat}, {}, figures, mine, others[:1]
    )


register(
    {
        "explain.dweebies.collect": {
            "es": "{bot} se llevó todas las cartas que las reglas le dejaban.",
            "en": "{bot} took as many cards as the rules allow.",
        },
        "explain.dweebies.take": {
            "es": "{bot} pesó {count}: esta le da {gain} ya y deja poco a los siguientes "
            "jugadores.",
            "en": "{bot} weighed their {count}: this one wins {gain} now and leaves little "
            "for the next players.",
        },
        "explain.dweebies.safe": {
            "es": "{bot} pesó {count}: ninguna ganaba cartas que compensaran lo que deja "
            "abierto, y esta es la que menos deja a los siguientes jugadores.",
            "en": "{bot} weighed their {count}: none won cards worth what it left open, and "
            "this one leaves the least for the next players.",
        },
        "explain.dweebies.played_out": {
            "es": "{bot} probó {count} en {games}, jugando unos turnos más: {outcome}.",
            "en": "{bot} tried {count} on {games}, playing a few turns on: {outcome}.",
        },
        "explain.dweebies.other": {
            "es": "{bot} hizo lo que pide la regla en este momento.",
            "en": "{bot} did what the rules ask at this point.",
        },
    }
)
