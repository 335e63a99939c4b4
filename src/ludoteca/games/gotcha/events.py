"""Gotcha's steps told as events, per viewer (``Gotcha.events``).

Derived from the state before, the action and the state after, through the state's public
fields (positions, buzz results, the ballot, the turn); nothing here runs in ``apply``. A
drawn card is told to its owner only; plays, chat, emotes, buzzes, votes, verdicts and pawn
moves are public. Every event carries the game-clock time ``t`` (ms) where it has one, so
a surface can list them in clock order.
"""

from __future__ import annotations

from ludoteca.engine.events import Event, event
from ludoteca.engine.game import CHANCE, Seat
from ludoteca.engine.i18n import Localized, msg
from ludoteca.games.gotcha.actions import (
    NO_TARGET,
    SLOT_NAMES,
    Action,
    Buzz,
    Chat,
    Deal,
    Draw,
    Emote,
    Play,
    Vote,
)
from ludoteca.games.gotcha.cards import emote_label
from ludoteca.games.gotcha.names import card_name, slot_name
from ludoteca.games.gotcha.state import State

_BUZZ_RULES = {"correct": "GT-06", "wrong": "GT-08", "referee": "GT-13"}


def step_events(
    before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
) -> tuple[Event, ...]:
    """What ``viewer`` learns from ``before --seat:action--> after`` (see the module doc)."""
    told: list[Event] = []
    if isinstance(action, Deal):
        owner = before.current
        if viewer == owner:
            told.append(
                event(
                    "deal",
                    CHANCE,
                    msg("gotcha.ev.deal_own", card=card_name(action.card)),
                    rule="GT-02",
                    seat=owner,
                    card=action.card,
                )
            )
        else:
            told.append(
                event("deal", CHANCE, msg("gotcha.ev.deal", seat=owner), rule="GT-02", seat=owner)
            )
    elif isinstance(action, Draw):
        told.append(event("draw", seat, msg("gotcha.ev.draw", seat=seat), rule="GT-02", t=action.t))
    elif isinstance(action, Play):
        told.append(_play(seat, action))
    elif isinstance(action, Chat):
        told.append(
            event(
                "chat",
                seat,
                msg("gotcha.ev.chat", seat=seat, text=action.text),
                rule="GT-15",
                t=action.t,
                text=action.text,
            )
        )
    elif isinstance(action, Emote):
        told.append(
            event(
                "emote",
                seat,
                msg("gotcha.ev.emote", seat=seat, emote=_emote_name(action.emote)),
                rule="GT-15",
                t=action.t,
                emote=action.emote,
            )
        )
    elif isinstance(action, Buzz):
        told.append(
            event(
                "buzz",
                seat,
                msg(
                    "gotcha.ev.buzz",
                    seat=seat,
                    slot=slot_name(action.slot),
                    accused_seats=action.seats,
                ),
                rule="GT-06",
                t=action.t,
                slot=SLOT_NAMES[action.slot],
                accused=list(action.seats),
            )
        )
    elif isinstance(action, Vote):
        told.append(
            event(
                "vote",
                seat,
                msg("gotcha.ev.vote_yes" if action.yes else "gotcha.ev.vote_no", seat=seat),
                rule="GT-09",
                t=action.t,
                yes=action.yes,
            )
        )
    told.extend(_verdicts(before, after))
    told.extend(_pawns(before, after))
    if after.turn != before.turn and not after.winners:
        told.append(
            event(
                "turn_start",
                None,
                msg("gotcha.ev.turn_start", seat=after.current, turn=after.turn),
                seat=after.current,
                turn=after.turn,
            )
        )
    return tuple(told)


def _play(seat: Seat, action: Play) -> Event:
    slot = SLOT_NAMES[action.slot]
    card, place = card_name(action.card, action.text), slot_name(action.slot)
    if action.target != NO_TARGET:
        message = msg(
            "gotcha.ev.play_mat", seat=seat, card=card, slot=place, target_seat=action.target
        )
    else:
        message = msg("gotcha.ev.play", seat=seat, card=card, slot=place)
    return event(
        "play",
        seat,
        message,
        rule="GT-04" if action.target != NO_TARGET else "GT-03",
        t=action.t,
        card=action.card,
        slot=slot,
        target=action.target if action.target != NO_TARGET else None,
        text=action.text,
    )


def _verdicts(before: State, after: State) -> list[Event]:
    """New public buzz results (a judged buzz, a vote's result, the referee's catches)."""
    told: list[Event] = []
    for result in after.buzzes:
        if result in before.buzzes:
            continue
        slot = SLOT_NAMES[result.slot]
        if result.result == "vote":
            continue  # a vote opened (told below); its result comes when it closes
        told.append(
            event(
                "verdict",
                None,
                msg(
                    f"gotcha.ev.verdict_{result.result}",
                    buzzer_seat=result.buzzer,
                    slot=slot_name(result.slot),
                    accused_seats=result.accused,
                ),
                rule=_BUZZ_RULES.get(result.result, "GT-09"),
                t=result.t,
                buzzer=result.buzzer,
                slot=slot,
                accused=list(result.accused),
                result=result.result,
            )
        )
    if after.ballot is not None and before.ballot is None:
        ballot = after.ballot
        told.append(
            event(
                "vote_open",
                None,
                msg(
                    "gotcha.ev.vote_open",
                    buzzer_seat=ballot.buzzer,
                    slot=slot_name(ballot.slot),
                    accused_seats=ballot.accused,
                ),
                rule="GT-09",
                buzzer=ballot.buzzer,
                slot=SLOT_NAMES[ballot.slot],
                accused=list(ballot.accused),
            )
        )
    return told


def _pawns(before: State, after: State) -> list[Event]:
    told: list[Event] = []
    for seat, (old, new) in enumerate(zip(before.positions, after.positions, strict=True)):
        if old != new:
            told.append(
                event(
                    "pawn",
                    None,
                    msg("gotcha.ev.pawn", seat=seat, start=old, end=new),
                    seat=seat,
                    start=old,
                    end=new,
                )
            )
    return told


def _emote_name(emote: str) -> Localized:
    """The emote as people call it ("aplaudir" / "clap"), not its id."""
    return Localized(emote_label(emote, "es"), emote_label(emote, "en"))
