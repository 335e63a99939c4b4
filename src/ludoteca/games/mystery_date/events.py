"""Mystery Date's steps told as events, per viewer (``MysteryDate.events``).

Derived from the state before, the action and the state after; nothing here runs in
``apply``. Hands are secret (MD-10): a drawn card is told to the seat that drew it; in a
swap the giver and the receiver learn the card given, the taker and the seat it was taken
from learn the card taken, and everyone else learns only that a card moved each way.
"""

from __future__ import annotations

from ludoteca.engine.events import Event, event
from ludoteca.engine.game import CHANCE, Seat
from ludoteca.engine.i18n import msg
from ludoteca.games.mystery_date.cards import (
    COLOURS,
    DEAL,
    DOOR_OUTCOMES,
    DUD,
    HAND_LIMIT,
    NUMBERS,
    Action,
    Discard,
    Door,
    Draw,
    Give,
    Pick,
    Pile,
    Reveal,
    Roll,
    Show,
    card_name,
    card_text,
    cards_text,
    outfit,
)
from ludoteca.games.mystery_date.state import SPACE_NAMES, TRACK, Phase, State


def step_events(
    before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
) -> tuple[Event, ...]:
    """What ``viewer`` learns from ``before --seat:action--> after`` (see the module doc)."""
    told: list[Event] = []
    mover = before.mover
    if isinstance(action, Roll):
        told.extend(_roll(before, action, after))
    elif isinstance(action, Draw):
        told.extend(_draw(before, action, after, viewer))
    elif isinstance(action, Reveal):
        told.append(
            event(
                "reveal",
                CHANCE,
                msg("mystery_date.ev.reveal", card=card_text(action.card)),
                rule="MD-07" if before.turn else "MD-01",
                card=card_name(action.card),
            )
        )
    elif isinstance(action, Pile):
        if action.from_discard:
            card = before.discard[-1]
            told.append(
                event(
                    "take_top",
                    mover,
                    msg("mystery_date.ev.take_top", seat=mover, card=card_text(card)),
                    rule="MD-06",
                    card=card_name(card),
                )
            )
        else:
            told.append(
                event(
                    "take_pile", mover, msg("mystery_date.ev.take_pile", seat=mover), rule="MD-06"
                )
            )
    elif isinstance(action, Discard):
        told.append(
            event(
                "discard",
                mover,
                msg("mystery_date.ev.discard", seat=mover, card=card_text(action.card)),
                rule="MD-04",
                card=card_name(action.card),
            )
        )
    elif isinstance(action, Give):
        told.append(_give(mover, action, viewer))
    elif isinstance(action, Pick):
        told.append(_pick(before, action, viewer))
    elif isinstance(action, Show):
        told.append(_show(mover, action.colour))
    elif isinstance(action, Door):
        told.append(_door(before, action))
    if after.phase == Phase.DISCARD and before.phase != Phase.DISCARD:
        told.append(
            event(
                "must_discard",
                after.mover,
                msg("mystery_date.ev.must_discard", seat=after.mover, limit=HAND_LIMIT),
                rule="MD-04",
            )
        )
    if after.phase == Phase.ROLL and (before.phase != Phase.ROLL or before.turn != after.turn):
        told.append(
            event(
                "turn_start",
                None,
                msg("mystery_date.ev.turn_start", seat=after.mover, turn=after.turn),
                seat=after.mover,
                turn=after.turn,
            )
        )
    return tuple(told)


def _roll(before: State, action: Roll, after: State) -> list[Event]:
    mover = before.mover
    position = after.positions[mover]
    space = SPACE_NAMES[TRACK[position]]
    told = [
        event(
            "roll",
            mover,
            msg(
                "mystery_date.ev.roll",
                seat=mover,
                value=action.value,
                position=position,
                space=msg(f"mystery_date.space.{space}"),
            ),
            rule="MD-02",
            value=action.value,
            position=position,
            space=space,
        )
    ]
    if space == "door":
        if after.phase == Phase.DOOR:
            told.append(_show(mover, after.shown))
        elif after.phase != Phase.SHOW:
            told.append(
                event(
                    "no_outfit", mover, msg("mystery_date.ev.no_outfit", seat=mover), rule="MD-08"
                )
            )
    return told


def _draw(before: State, action: Draw, after: State, viewer: Seat | None) -> list[Event]:
    if before.phase == Phase.DEAL:
        told = _dealt(before, after, viewer)
    else:
        owner = before.mover
        if viewer == owner:
            told = [
                event(
                    "draw",
                    CHANCE,
                    msg("mystery_date.ev.draw_own", card=card_text(action.card)),
                    rule="MD-03",
                    seat=owner,
                    card=card_name(action.card),
                )
            ]
        else:
            told = [
                event(
                    "draw",
                    CHANCE,
                    msg("mystery_date.ev.draw", seat=owner),
                    rule="MD-03",
                    seat=owner,
                )
            ]
    if sum(before.pile) == 1 and len(before.discard) > 1:
        told.append(
            event(
                "reshuffle",
                None,
                msg("mystery_date.ev.reshuffle", count=len(before.discard) - 1),
                rule="MD-07",
                count=len(before.discard) - 1,
            )
        )
    return told


def _dealt(before: State, after: State, viewer: Seat | None) -> list[Event]:
    """MD-01: the table hears once how many cards each seat is dealt, and each seat its own
    hand at its last card (a line per card dealt, for every seat, was noise).
    """
    n = before.players
    told = []
    if before.owed == DEAL * n:
        told.append(
            event("deal_start", None, msg("mystery_date.ev.deal_start", size=DEAL), rule="MD-01")
        )
    owner = (DEAL * n - before.owed) % n
    if viewer == owner and before.owed <= n:
        hand = [card for card, copies in enumerate(after.hands[owner]) for _ in range(copies)]
        told.append(
            event(
                "deal",
                CHANCE,
                msg("mystery_date.ev.dealt_own", cards=cards_text(hand)),
                rule="MD-01",
                seat=owner,
                cards=[card_name(card) for card in hand],
            )
        )
    return told


def _give(mover: Seat, action: Give, viewer: Seat | None) -> Event:
    target = action.target
    if viewer == mover:
        # The receiver learns the card when it joins their hand (``_pick``).
        return event(
            "swap_give",
            mover,
            msg("mystery_date.ev.give_own", target_seat=target, card=card_text(action.card)),
            rule="MD-05",
            target=target,
            card=card_name(action.card),
        )
    return event(
        "swap_give",
        mover,
        msg("mystery_date.ev.give", seat=mover, target_seat=target),
        rule="MD-05",
        target=target,
    )


def _pick(before: State, action: Pick, viewer: Seat | None) -> Event:
    mover, target = before.mover, before.target
    taken, given = action.card, before.given
    if viewer == mover:
        return event(
            "swap_received",
            CHANCE,
            msg("mystery_date.ev.took", target_seat=target, card=card_text(taken)),
            rule="MD-05",
            seat=mover,
            target=target,
            card=card_name(taken),
            given=card_name(given),
        )
    if viewer == target:
        return event(
            "swap_received",
            CHANCE,
            msg(
                "mystery_date.ev.taken_from_you",
                seat=mover,
                card=card_text(taken),
                given=card_text(given),
            ),
            rule="MD-05",
            seat=mover,
            target=target,
            card=card_name(given),
            lost=card_name(taken),
        )
    return event(
        "swap",
        CHANCE,
        msg("mystery_date.ev.swap", seat=mover, target_seat=target),
        rule="MD-05",
        seat=mover,
        target=target,
    )


def _show(mover: Seat, colour: int) -> Event:
    return event(
        "show",
        mover,
        msg(
            "mystery_date.ev.show", seat=mover, colour=msg(f"mystery_date.colour.{COLOURS[colour]}")
        ),
        rule="MD-08",
        colour=COLOURS[colour],
        cards=[card_name(card) for card in outfit(colour)],
    )


def _door(before: State, action: Door) -> Event:
    mover, result, shown = before.mover, action.result, before.shown
    date = msg(f"mystery_date.date.{DOOR_OUTCOMES[result]}")
    if result == shown:
        key = "mystery_date.ev.door_win"
    elif result == DUD:
        key = "mystery_date.ev.door_dud"
    else:
        key = "mystery_date.ev.door_other"
    return event(
        "door",
        CHANCE,
        msg(key, seat=mover, date=date, count=NUMBERS),
        rule="MD-09",
        seat=mover,
        result=DOOR_OUTCOMES[result],
        shown=COLOURS[shown] if shown >= 0 else None,
    )
