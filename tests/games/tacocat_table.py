"""Shared helpers for the tacocat rule tests (split from one long module)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from ludoteca.engine import runner
from ludoteca.engine.errors import IllegalActionError
from ludoteca.engine.game import CHANCE
from ludoteca.games import tacocat
from ludoteca.games.tacocat import (
    GAME,
    START,
    Draw,
    Phase,
    State,
)

YAY, WOW = 0, 1
CENTRE = START

# ---------------------------------------------------------------------------------------
# Helpers


def new(options: Mapping[str, object] | None = None) -> State:
    """The state after setup (nothing dealt yet)."""
    state: State = runner.new_game(GAME, 2, 0, options)
    return state


def act(state: State, seat: int, text: str) -> State:
    """Apply the action written as ``text`` for ``seat``, legality checked."""
    after: State = runner.step(GAME, state, seat, GAME.parse_action(text))
    return after


def draws(state: State, cards: Iterable[int]) -> State:
    """CHANCE deals ``cards`` off the pile, one ``Draw`` each, legality checked."""
    for card in cards:
        state = runner.step(GAME, state, CHANCE, Draw(card))
    return state


def deal(state: State, hand0: Iterable[int], hand1: Iterable[int]) -> State:
    """Deal exact hands: seat 0 is served first, then seat 1."""
    return draws(state, [*hand0, *hand1])


def pile_without(*zones: Iterable[int]) -> tuple[int, ...]:
    """The full deck (sorted card values) minus the cards in ``zones`` (which it must hold)."""
    pile = list(tacocat.FULL_PILE)
    for zone in zones:
        for card in zone:
            assert card in pile, f"the deck has no more {card}s"
            pile.remove(card)
    return tuple(pile)


def table(
    hand0: Iterable[int],
    hand1: Iterable[int],
    *,
    phase: Phase = Phase.ATTACK,
    attacker: int = 0,
    position: int = CENTRE,
    covered: Iterable[int] = (),
    options: Mapping[str, object] | None = None,
) -> State:
    """A mid-round state: replacements done, hands as given, the rest of the deck in the pile."""
    hands = (tuple(sorted(hand0)), tuple(sorted(hand1)))
    return new(options)._replace(
        position=position,
        covered=sum(1 << space for space in covered),
        phase=phase,
        hands=hands,
        pile=pile_without(*hands),
        owed=(0, 0),
        replaced=(0, 0),
        attacker=attacker if phase in (Phase.ATTACK, Phase.DEFEND) else -1,
    )


def illegal(state: State, seat: int, text: str) -> IllegalActionError:
    """The error ``runner.step`` raises for an illegal action (which leaves ``state`` as is)."""
    before = state
    with pytest.raises(IllegalActionError) as info:
        act(state, seat, text)
    assert state == before
    return info.value


def assert_reads(error: IllegalActionError, es: str, en: str) -> None:
    """The error names its reason in Spanish and in English, fully formatted."""
    assert es in error.text("es"), error.text("es")
    assert en in error.text("en"), error.text("en")
    for lang in ("es", "en"):
        assert "{" not in error.text(lang)


def legal_texts(state: State, seat: int) -> list[str]:
    return [str(action) for action in GAME.legal_actions(state, seat)]


def finish_with(state: State, low0: int, low1: int) -> State:
    """From a duel with two cards each (a 12 and a low card), tie the duel on the 12s so the
    duel leaves one card each: the showdown of ``low0`` against ``low1``."""
    state = state._replace(
        phase=Phase.DUEL,
        hands=((low0, 12), (low1, 12)),
        pile=pile_without((low0, 12), (low1, 12)),
        attacker=-1,
    )
    state = act(state, 0, "duel 12")
    return act(state, 1, "duel 12")


SEVEN_0 = (1, 3, 3, 5, 7, 9, 12)
SEVEN_1 = (2, 4, 4, 6, 8, 11, 11)


def dealt_first_round(options: Mapping[str, object] | None = None) -> State:
    """Round 1 on the centre, dealt ``SEVEN_0`` and ``SEVEN_1``."""
    return deal(new(options), SEVEN_0, SEVEN_1)
