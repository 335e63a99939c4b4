"""Dweebies' steps told as events, per viewer (``Dweebies.events``).

Derived from the state before, the action and the state after; nothing here runs in
``apply``. A drawn card is told to its owner only (DW-11); placements and collections are
public.
"""

from __future__ import annotations

from ludoteca.engine.events import Event, event, name_list
from ludoteca.engine.game import CHANCE, Seat
from ludoteca.engine.i18n import Localized, msg
from ludoteca.games.dweebies import layout
from ludoteca.games.dweebies.actions import Action, Collect, Draw, Place
from ludoteca.games.dweebies.cards import CODES, HAND_SIZE, name
from ludoteca.games.dweebies.model import P_DEAL, P_PLACE, State
from ludoteca.games.dweebies.words import where_text


def step_events(
    before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
) -> tuple[Event, ...]:
    """What ``viewer`` learns from ``before --seat:action--> after`` (see the module doc)."""
    told: list[Event] = []
    if isinstance(action, Draw):
        told.extend(_draw(before, action, after, viewer))
    elif isinstance(action, Place):
        told.append(
            event(
                "place",
                seat,
                msg(
                    "dweebies.ev.place",
                    seat=seat,
                    card=_card(action.card),
                    where=Localized(
                        where_text(action.x, action.y, "es"), where_text(action.x, action.y, "en")
                    ),
                ),
                rule="DW-03",
                card=CODES[action.card],
                cell=[action.x, action.y],
            )
        )
    elif isinstance(action, Collect):
        told.append(_collect(before, seat, action))
    if after.phase == P_PLACE and (before.phase != P_PLACE or before.turn != after.turn):
        told.append(
            event(
                "turn_start",
                None,
                msg("engine.event.turn_start", seat=after.turn),
                seat=after.turn,
            )
        )
    return tuple(told)


def _draw(before: State, action: Draw, after: State, viewer: Seat | None) -> list[Event]:
    owner = before.turn
    if before.phase == P_DEAL:
        return _dealt(before, after, viewer)
    if viewer == owner:
        return [
            event(
                "draw",
                CHANCE,
                msg("dweebies.ev.draw_own", card=_card(action.card)),
                rule="DW-09",
                seat=owner,
                card=CODES[action.card],
            )
        ]
    return [event("draw", CHANCE, msg("dweebies.ev.draw", seat=owner), rule="DW-09", seat=owner)]


def _dealt(before: State, after: State, viewer: Seat | None) -> list[Event]:
    """DW-01: the table hears once how many cards each seat is dealt, and each seat its own
    hand at its last card (a line per card dealt, for every seat, was noise).
    """
    players = before.players
    told = []
    if before.dealt == 0:
        told.append(
            event("deal_start", None, msg("dweebies.ev.deal_start", size=HAND_SIZE), rule="DW-01")
        )
    owner = before.turn
    if viewer == owner and before.dealt >= (HAND_SIZE - 1) * players:
        hand = after.hands[owner]
        names = Localized(
            name_list([name(card, "es") for card in hand], "es"),
            name_list([name(card, "en") for card in hand], "en"),
        )
        told.append(
            event(
                "deal",
                CHANCE,
                msg("dweebies.ev.dealt_own", cards=names),
                rule="DW-01",
                seat=owner,
                cards=[CODES[card] for card in hand],
            )
        )
    return told


def _collect(before: State, seat: Seat, action: Collect) -> Event:
    which = action.which
    taken: set[int] = set()
    if which in ("row", "both"):
        taken.update(before.row)
    if which in ("column", "both"):
        taken.update(before.column)
    cells = before.table.cells
    cards = [[*layout.xy(at), CODES[cells[at]]] for at in sorted(taken)]
    rule = "DW-06" if which == "none" else "DW-05"
    return event(
        "collect",
        seat,
        msg(f"dweebies.ev.collect_{which}", seat=seat, count=len(taken)),
        rule=rule,
        which=which,
        cards=cards,
        score=before.scores[seat] + len(taken),
    )


def _card(card: int) -> Localized:
    return Localized(name(card, "es"), name(card, "en"))
