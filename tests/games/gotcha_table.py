"""Shared helpers for the gotcha rule tests (split from one long module)."""

from __future__ import annotations

import json

import pytest

from ludoteca.engine import runner
from ludoteca.engine.errors import (
    IllegalActionError,
)
from ludoteca.engine.game import CHANCE
from ludoteca.games.gotcha.actions import Deal
from ludoteca.games.gotcha.game import GAME
from ludoteca.games.gotcha.state import (
    DEAL,
    State,
)

# ---------------------------------------------------------------------------------------
# Helpers


PROFILES = [
    {"name": "Ana", "age": 30, "traits": ["woman", "jeans", "glasses"]},
    {"name": "Bruno", "age": 41, "traits": ["man"]},
    {"name": "Carla", "age": 25, "traits": ["woman"]},
    {"name": "Diego", "age": 52, "traits": ["man", "glasses"]},
]

# Cards used below (their predicates come from the cards module):
WHISPER = "A01"  # WHAT: must whisper (chat all lower case)
AIR_GUITAR = "A07"  # WHAT: must play air guitar before playing a card
PEACE = "A11"  # WHAT: must flash a peace sign within 3 s whenever the buzzer sounds
GLASSES = "W02"  # WHO: anyone wearing glasses
EVERYONE = "W29"  # WHO: everyone
CLAP_FIRST = "I04"  # individual: must clap before playing a card
IND_WHISPER = "I08"  # individual: must whisper
NEVER_CLAP = "I16"  # individual: must never clap


def new(players: int = 4, **options: object) -> State:
    """A state after setup with the declared profiles (the first ``players``)."""
    given: dict[str, object] = {"profiles": json.dumps(PROFILES[:players])}
    given.update(options)
    state: State = runner.new_game(GAME, players, 0, given)
    return state


def act(state: State, seat: int, text: str, dt: int = 100) -> State:
    """Apply ``text`` (without its time) for ``seat`` at ``dt`` ms after the clock."""
    after: State = runner.step(GAME, state, seat, GAME.parse_action(f"@{state.clock + dt} {text}"))
    return after


def illegal(state: State, seat: int, text: str, dt: int = 100) -> IllegalActionError:
    """The error refusing ``text``; the state must be unchanged."""
    before = state
    with pytest.raises(IllegalActionError) as caught:
        runner.step(GAME, state, seat, GAME.parse_action(f"@{state.clock + dt} {text}"))
    assert state == before
    return caught.value


def free(state: State, *cards: str) -> State:
    """``cards`` back in the pile: a seat holding one gets a filler card instead."""
    hands = [list(h) for h in state.hands]
    pile = list(state.pile)
    for card in cards:
        for hand in hands:
            if card in hand:
                filler = next(c for c in reversed(pile) if c[0] == "W" and c not in cards)
                hand[hand.index(card)] = filler
                pile[pile.index(filler)] = card
    return state._replace(hands=tuple(tuple(sorted(h)) for h in hands), pile=tuple(sorted(pile)))


def give(state: State, seat: int, *cards: str) -> State:
    """``seat`` holds exactly ``cards`` (taken from the pile; its old hand goes back)."""
    hands = list(state.hands)
    pile = set(state.pile) | set(hands[seat])
    hands[seat] = ()
    state = free(state._replace(hands=tuple(hands), pile=tuple(sorted(pile))), *cards)
    hands = list(state.hands)
    hands[seat] = tuple(sorted(cards))
    return state._replace(hands=tuple(hands), pile=tuple(sorted(set(state.pile) - set(cards))))


def draw(state: State, card: str, dt: int = 100) -> State:
    """The turn player draws and is dealt ``card``."""
    state = act(free(state, card), state.current, "draw", dt)
    assert state.phase == DEAL
    after: State = runner.step(GAME, state, CHANCE, Deal(card))
    return after


def turn(state: State, play: str, drawn: str | None = None, dt: int = 100) -> State:
    """The turn player draws (``drawn``, or the highest WHAT card of the pile, a filler no
    test names) and plays ``play``."""
    drawn = drawn or next(c for c in reversed(state.pile) if c[0] == "A")
    state = draw(state, drawn, dt)
    return act(state, state.current, f"play {play}", dt)


def live_whisper_for_men(grace: bool = True) -> State:
    """Seat 0 plays "must whisper" under the printed "men" of a1; the grace period passes
    (an emote by Carla 3 s later) unless ``grace`` is false. Seat 1 (Bruno) is to play."""
    state = give(new(), 0, WHISPER, "W01")
    state = turn(state, f"{WHISPER} a1")
    if grace:
        state = act(state, 2, "emote wave", 3000)
    return state


def positions(state: State) -> tuple[int, ...]:
    return state.positions
