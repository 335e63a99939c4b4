"""Tacocat's steps told as events, per viewer (``Tacocat.events``).

Derived from the state before, the action and the state after; nothing here runs in
``apply``. Secret choices (TC-02 replace sets on a double arrow, TC-04 duel cards) are told
to their owner only until both are revealed (TC-11).
"""

from __future__ import annotations

from ludoteca.engine.events import Event, event
from ludoteca.engine.game import CHANCE, Seat
from ludoteca.engine.i18n import Message, msg
from ludoteca.games.tacocat.model import (
    ARROWS,
    HAND_SIZES,
    LETTERS,
    P_DEAL,
    SPACES,
    Action,
    Attack,
    Defend,
    Draw,
    Duel,
    Replace,
    Sacrifice,
    State,
)


def step_events(
    before: State, seat: Seat, action: Action, after: State, viewer: Seat | None
) -> tuple[Event, ...]:
    """What ``viewer`` learns from ``before --seat:action--> after`` (see the module doc)."""
    told: list[Event] = []
    if isinstance(action, Draw):
        told.extend(_draw(before, action, after, viewer))
    elif isinstance(action, Replace):
        told.extend(_replace(before, seat, action, after, viewer))
    elif isinstance(action, Duel):
        told.extend(_duel(before, seat, action, after, viewer))
    elif isinstance(action, Attack):
        told.append(
            event(
                "attack",
                seat,
                msg("tacocat.ev.attack", seat=seat, cards=_cards(action.cards)),
                cards=list(action.cards),
            )
        )
    elif isinstance(action, Defend | Sacrifice):
        told.extend(_answer(before, seat, action, after))
    if after.round != before.round or after.winner >= 0:
        told.extend(_round_end(before, after))
    return tuple(told)


def _draw(before: State, action: Draw, after: State, viewer: Seat | None) -> list[Event]:
    told: list[Event] = []
    if before.phase == P_DEAL and not before.hands[0] and not before.hands[1]:
        position = before.position
        told.append(
            event(
                "round_start",
                None,
                msg(
                    "tacocat.ev.round_start",
                    round=before.round,
                    space=_space(position),
                    size=HAND_SIZES[position],
                ),
                round=before.round,
                position=position,
                hand_size=HAND_SIZES[position],
                arrow=ARROWS[position],
            )
        )
    owner = 0 if before.owed[0] else 1
    if viewer != owner:
        # Others learn nothing from a draw that the round's first line ("7 cards are dealt
        # to each player") or the replace reveal ("... discards 1 3 and draws 2") has not
        # told them already: fourteen "draws a card" lines a round were noise.
        return told
    if before.replaced[owner] >= 0:  # a replacement: each card as it comes
        told.append(
            event(
                "draw",
                CHANCE,
                msg("tacocat.ev.draw_own", card=action.card),
                seat=owner,
                card=action.card,
            )
        )
    elif before.owed[owner] == 1:  # the last card of the deal: the whole hand at once
        hand = after.hands[owner]
        told.append(
            event(
                "deal",
                CHANCE,
                msg("tacocat.ev.dealt_own", cards=_cards(hand)),
                seat=owner,
                cards=list(hand),
            )
        )
    return told


def _replace(
    before: State, seat: Seat, action: Replace, after: State, viewer: Seat | None
) -> list[Event]:
    if ARROWS[before.position] is not None:
        return [_replaced(seat, action.cards, "TC-03")]
    told: list[Event] = []
    if viewer == seat:
        told.append(
            event(
                "secret_choice",
                seat,
                msg("tacocat.ev.replace_mine", cards=_cards(action.cards)),
                rule="TC-02",
                choice="replace",
                cards=list(action.cards),
            )
        )
    else:
        told.append(
            event(
                "secret_choice",
                seat,
                msg("tacocat.ev.chose_replace", seat=seat),
                rule="TC-02",
                choice="replace",
            )
        )
    if after.pending[0] is None and after.pending[1] is None:
        # Both choices are in: revealed together (the discards are face up).
        chosen = list(before.pending)
        chosen[seat] = action.cards
        for who in (0, 1):
            cards = chosen[who]
            told.append(_replaced(who, cards if cards is not None else (), "TC-02"))
    return told


def _replaced(seat: Seat, cards: tuple[int, ...], rule: str) -> Event:
    if not cards:
        return event("replace", seat, msg("tacocat.ev.keep", seat=seat), rule=rule, cards=[])
    return event(
        "replace",
        seat,
        msg("tacocat.ev.replace", seat=seat, cards=_cards(cards), count=len(cards)),
        rule=rule,
        cards=list(cards),
    )


def _duel(
    before: State, seat: Seat, action: Duel, after: State, viewer: Seat | None
) -> list[Event]:
    told: list[Event] = []
    if viewer == seat:
        told.append(
            event(
                "secret_choice",
                seat,
                msg("tacocat.ev.duel_mine", card=action.card),
                rule="TC-04",
                choice="duel",
                card=action.card,
            )
        )
    else:
        told.append(
            event(
                "secret_choice",
                seat,
                msg("tacocat.ev.chose_duel", seat=seat),
                rule="TC-04",
                choice="duel",
            )
        )
    other = before.pending[1 - seat]
    if other is None:
        return told
    cards = [0, 0]
    cards[seat] = action.card
    cards[1 - seat] = other[0]
    if cards[0] == cards[1]:
        last = len(before.hands[0]) == 2
        told.append(
            event(
                "duel_tie",
                None,
                msg("tacocat.ev.duel_tie_last" if last else "tacocat.ev.duel_tie", card=cards[0]),
                rule="TC-04",
                cards=cards,
            )
        )
    else:
        high = 0 if cards[0] > cards[1] else 1
        last = len(before.hands[0]) == 2
        told.append(
            event(
                "duel",
                None,
                msg(
                    "tacocat.ev.duel_last" if last else "tacocat.ev.duel",
                    first_seat=0,
                    first=cards[0],
                    second_seat=1,
                    second=cards[1],
                    winner_seat=high,
                ),
                rule="TC-04",
                cards=cards,
                attacker=high,
            )
        )
    return told


def _answer(before: State, seat: Seat, action: Defend | Sacrifice, after: State) -> list[Event]:
    against = before.attack[len(before.answers)]
    if isinstance(action, Defend):
        told = [
            event(
                "defend",
                seat,
                msg("tacocat.ev.defend", seat=seat, card=action.card, attack=against),
                rule="TC-06",
                card=action.card,
                attack=against,
            )
        ]
    else:
        lowest = before.hands[seat][0]
        told = [
            event(
                "sacrifice",
                seat,
                msg("tacocat.ev.sacrifice", seat=seat, card=lowest, attack=against),
                rule="TC-06",
                card=lowest,
                attack=against,
            )
        ]
    if len(before.answers) + 1 == len(before.attack):
        attacker = before.attacker
        answers = (*before.answers, action.card if isinstance(action, Defend) else -1)
        next_attacker = 1 - attacker if min(answers) > 0 else attacker
        if after.round == before.round and after.winner < 0:
            told.append(
                event(
                    "trick_end",
                    None,
                    msg("tacocat.ev.trick_end", seat=next_attacker),
                    rule="TC-07",
                    attacker=next_attacker,
                )
            )
    return told


def _round_end(before: State, after: State) -> list[Event]:
    showdown = after.last_showdown
    cards = list(showdown) if showdown else []
    winner = after.results[-1]
    told = [
        event(
            "showdown",
            None,
            msg(
                "tacocat.ev.showdown", first_seat=0, first=cards[0], second_seat=1, second=cards[1]
            ),
            rule="TC-08",
            cards=cards,
        )
    ]
    if winner < 0:
        told.append(
            event(
                "round_end",
                None,
                msg("tacocat.ev.round_draw", round=before.round),
                rule="TC-08",
                round=before.round,
                winner=None,
                position=after.position,
                moved=False,
            )
        )
        return told
    told.append(
        event(
            "round_end",
            None,
            msg(
                "tacocat.ev.round_won",
                round=before.round,
                seat=winner,
                space=_space(after.position),
            ),
            rule="TC-09",
            round=before.round,
            winner=winner,
            position=after.position,
            moved=True,
            rounds_won=[after.results.count(0), after.results.count(1)],
        )
    )
    return told


def _space(position: int) -> Message:
    if position < 0:
        return msg("tacocat.ev.goal", goal="YAY")
    if position >= SPACES:
        return msg("tacocat.ev.goal", goal="WOW")
    return msg("tacocat.ev.space", letter=LETTERS[position], number=position + 1)


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(map(str, cards))
